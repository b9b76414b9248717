"""Pyodide's standard library trimmed ("lean-stdlib") and compiled ("compiled-stdlib")."""

from __future__ import annotations

import zipfile
from pathlib import Path

from sitebuild.bundle import write_zip
from sitebuild.bytecode import check_python_version, compiled_members, module_of
from sitebuild.levers import ALL_LEVERS, Lever

STDLIB_DROP = {
    # No processes, no servers, no raw sockets in a browser tab (Emscripten has neither fork
    # nor listen; its sockets are not TCP):
    "concurrent.futures.process": "a process pool: no processes in WebAssembly",
    "xmlrpc": "XML-RPC client and server over raw HTTP",
    "wsgiref": "a WSGI server",
    "cgi": "CGI scripts run by a web server",
    "cgitb": "tracebacks for CGI scripts",
    "smtplib": "mail over raw TCP, which a browser does not give",
    "imaplib": "mail over raw TCP, which a browser does not give",
    "poplib": "mail over raw TCP, which a browser does not give",
    "ftplib": "FTP over raw TCP, which a browser does not give",
    "nntplib": "news over raw TCP, which a browser does not give",
    "telnetlib": "telnet over raw TCP, which a browser does not give",
    # Tools for a developer at a terminal or an installer, never run by the app:
    "pydoc": "interactive help and its doc server",
    "pydoc_data": "pydoc's topics",
    "doctest": "a test runner",
    "pdb": "the debugger (needs a terminal)",
    "venv": "creates virtual environments",
    "ensurepip": "installs pip",
    "lib2to3": "a Python 2 converter",
    "tabnanny": "an indentation checker",
    "pyclbr": "a class browser for IDEs",
    "zipapp": "builds executable zips",
    "idlelib": "IDLE, a Tk IDE (no Tk in a browser)",
    "tkinter": "Tk (no Tk in a browser)",
    "turtle": "turtle graphics on Tk",
    "turtledemo": "turtle graphics demos on Tk",
    # Formats and protocols no page reads or writes (measured: the browser never imports
    # them, on any page, in either theme, embedded, on a bad link or a bad input):
    "xml": "XML parsers, DOM and ElementTree: no page reads or writes XML",
    "email.mime": "builds MIME mail; the worker only reads wheel METADATA with email.parser",
    "email.policy": "the new email API (importlib.metadata parses with compat32)",
    "email.headerregistry": "the new email API's headers (email.policy only)",
    "email._header_value_parser": "the new email API's header parser (headerregistry only)",
    "email.contentmanager": "the new email API's content handling (email.policy only)",
    "http.cookiejar": "cookies for urllib's HTTP client; the worker fetches nothing over HTTP",
    "logging.config": "logging configured from files or a socket; nothing configures logging",
    "tomllib": "reads TOML; nothing reads TOML",
    "plistlib": "Apple property lists",
    "mailbox": "mail folders on disk",
    "mailcap": "mailcap files",
    "configparser": "INI files; nothing reads one",
    "optparse": "command-line parsing (argparse's predecessor); no command line",
    "getopt": "command-line parsing; no command line",
    "statistics": "statistics functions; rules computes exact Fractions itself",
    "pickletools": "a pickle disassembler",
    "bdb": "the debugger's base (pdb is dropped)",
    "trace": "a line tracer run from a terminal",
    "timeit": "a timer run from a terminal",
    "cmd": "line-oriented command interpreters (needs a terminal)",
    "code": "an interactive console (needs a terminal)",
    "codeop": "the interactive console's compiler",
    "rlcompleter": "readline completion (no terminal)",
    "tty": "terminal control (no terminal)",
    "pty": "pseudo-terminals (no processes)",
    "getpass": "asks a terminal for a password",
    "netrc": "FTP credentials files",
    "filecmp": "compares files on disk",
    "fileinput": "iterates over files given on a command line",
    "compileall": "compiles a tree of sources (the build already did)",
    "py_compile": "compiles a source file (the build already did)",
    "modulefinder": "finds the modules a script uses (a packaging tool)",
    "symtable": "the compiler's symbol tables",
    "graphlib": "topological sorting; nothing imports it",
    "sched": "an event scheduler; nothing imports it",
    "shelve": "persistent dicts on disk",
    "aifc": "audio files (deprecated)",
    "wave": "audio files",
    "sunau": "audio files (deprecated)",
    "chunk": "IFF chunks of audio files (deprecated)",
    "sndhdr": "sound file types (deprecated)",
    "imghdr": "image file types (deprecated)",
    "uu": "uuencoding (deprecated)",
    "xdrlib": "XDR data (deprecated)",
    "pipes": "shell pipelines (deprecated; no processes)",
    "crypt": "Unix password hashing (deprecated)",
    "nturl2path": "Windows paths in URLs",
    "this": "the Zen of Python",
    "antigravity": "opens a web comic",
    "__hello__": "a frozen-module test",
    "__phello__": "a frozen-package test",
    "_pyio": "the pure-Python io, a fallback for the built-in _io that Pyodide has",
    "_pydatetime": "the pure-Python datetime, a fallback for the built-in _datetime",
    "_py_abc": "the pure-Python abc, a fallback for the built-in _abc",
    "_threading_local": "the pure-Python threading.local, a fallback for _thread._local",
    "sre_compile": "deprecated alias of re._compiler",
    "sre_constants": "deprecated alias of re._constants",
    "sre_parse": "deprecated alias of re._parser",
    # Platforms other than Emscripten:
    "asyncio.windows_events": "asyncio on Windows",
    "asyncio.windows_utils": "asyncio on Windows",
    "asyncio.proactor_events": "asyncio's Windows event loop",
    "ctypes.wintypes": "Windows types",
    "ctypes.macholib": "macOS library lookup",
    "ctypes._aix": "AIX library lookup",
    "ctypes.util": "finds system C libraries (there are none to find in a browser)",
    "asyncio.__main__": "the asyncio REPL (python -m asyncio)",
    "json.tool": "python -m json.tool",
    "unittest.__main__": "python -m unittest",
    "zipfile.__main__": "python -m zipfile",
}
"""Modules left out of ``python_stdlib.zip`` by "lean-stdlib", each with the reason.

A module here is dropped only if the app never imports it: the build keeps any that its own
run of the app imported (``modules.json``), and the browser test after visiting every page
(``tests/site/test_page_contract.py``) checks that none of the dropped ones was imported in
the browser. Not dropped, though they look like candidates, because the app imports them in
the browser: ``unittest`` (``unittest.mock``, imported by Panel), ``http.client``,
``concurrent.futures`` (the thread pool), ``webbrowser``, ``cProfile``, ``profile``."""

STDLIB_DROP_SERVER = {
    "multiprocessing": "no processes in WebAssembly (on the build machine only tornado.process "
    "imports it)",
    "http.server": "an HTTP server: nothing can listen in a browser (on the build machine only "
    "the build's own sitebuild imports it, for --serve)",
    "socketserver": "a socket server: nothing can listen in a browser (http.server's base)",
    "http.cookies": "server-side cookies (on the build machine only tornado.httputil imports it)",
    "logging.handlers": "logging to files, sockets, syslog (on the build machine only "
    "tornado.log imports it)",
    "runpy": "runs ``python -m`` (on the build machine: the build's own ``-m`` run)",
    "secrets": "tokens for servers (on the build machine only Panel's server admin, "
    "panel.io.admin_auth, imports it)",
    "curses": "terminal UI: no terminal in a browser (on the build machine only tornado.log "
    "imports it)",
}
"""Modules "lean-stdlib" leaves out although the build's own run of the app imports them:
there, only the server stack (tornado, which the site does not ship: ``TORNADO_MODULES``) or
the build's own code imports them, as an import hook showed. The browser test after visiting
every page checks that the browser imports none of them."""

STDLIB_PANDAS_NEEDS = frozenset({"secrets"})
"""Modules of ``STDLIB_DROP_SERVER`` that pandas imports (numpy.random imports secrets): kept in
a build that ships pandas (without "no-pandas"), where Panel imports it at start."""

ENCODINGS_KEEP = (
    "encodings",  # the codec registry's search function
    "encodings.aliases",  # maps every codec name to its module
    "encodings.utf_8",  # Python's own encoding for source, file names and stdio
    "encodings.utf_8_sig",
    "encodings.ascii",  # the C fast paths cover "ascii"; by other names it is this module
    "encodings.latin_1",
    "encodings.utf_16",  # the other Unicode encodings a text could be asked in
    "encodings.utf_16_be",
    "encodings.utf_16_le",
    "encodings.utf_32",
    "encodings.utf_32_be",
    "encodings.utf_32_le",
    "encodings.unicode_escape",  # imported in the browser (repr, literal parsing)
    "encodings.raw_unicode_escape",  # pickle's text codec
    "encodings.cp437",  # zipfile decodes member names without the UTF-8 flag with it
    "encodings.idna",  # host names in URLs (urllib.parse, http.client)
    "encodings.punycode",  # idna's algorithm
    "encodings.charmap",  # the base of the single-byte codecs (small)
)
"""The codecs "lean-stdlib" keeps; every other module of ``encodings`` (code pages, CJK and
Mac encodings, bytes-to-bytes codecs) is left out unless imported: nothing in the app asks
for a text encoding by name but UTF-8, and an unknown one fails loudly (``LookupError:
unknown encoding``). The browser imports ``encodings``, ``aliases``, ``utf_8``, ``cp437``
and ``unicode_escape``; the others kept are the ones Python itself or a URL may need."""


def stdlib_dropped(name: str, used: set[str], keep: frozenset[str] = frozenset()) -> bool:
    """Whether member ``name`` of ``python_stdlib.zip`` stays out ("lean-stdlib"); the modules
    of ``STDLIB_DROP_SERVER`` in ``keep`` are kept if the app imports them."""
    module = module_of(name)
    if module is None:  # a data file: dropped with its package
        module = name.rpartition("/")[0].replace("/", ".")
    if any(
        (module == d or module.startswith(d + ".")) and d not in keep for d in STDLIB_DROP_SERVER
    ):
        return True  # whatever the build's own run imported
    if module.startswith("encodings.") and module not in ENCODINGS_KEEP:
        return module not in used
    for dropped_module in STDLIB_DROP:
        if module == dropped_module or module.startswith(dropped_module + "."):
            return not any(u == dropped_module or u.startswith(dropped_module + ".") for u in used)
    return False


def stdlib_module_dropped(module: str, server: bool = True) -> bool:
    """Whether "lean-stdlib" can leave the module out (``STDLIB_DROP``, the codecs not in
    ``ENCODINGS_KEEP``, and unless ``server`` is False ``STDLIB_DROP_SERVER``)."""
    if module.startswith("encodings.") and module not in ENCODINGS_KEEP:
        return True
    listed = [*STDLIB_DROP, *(STDLIB_DROP_SERVER if server else ())]
    return any(module == d or module.startswith(d + ".") for d in listed)


STDLIB_ALWAYS_COMPILED = ("pyodide", "_pyodide", "_sysconfigdata_", "encodings", "tarfile")
"""Modules of the standard library the browser imports though the build machine's run of
the app does not (Pyodide's own, and what its boot and ``unpackArchive`` use)."""


def compile_stdlib(
    stdlib_zip: Path,
    used: set[str],
    levers: frozenset[Lever] = ALL_LEVERS,
) -> None:
    """Ship the modules of Pyodide's ``python_stdlib.zip`` that the app imports as bytecode.

    The zip holds sources only, so Python compiled every module of the standard library it
    imported on every visit. Each module in ``used`` (what the app imported when the build
    ran it on this machine, see prerender.py) or in ``STDLIB_ALWAYS_COMPILED`` is replaced by
    its ``.pyc``; the others stay sources (smaller; a module the app does not import costs
    nothing). Pyodide mounts the zip as ``/lib/python312.zip`` on ``sys.path``, where
    zipimport loads a sourceless ``.pyc`` like any other.

    With "lean-stdlib", the modules of ``STDLIB_DROP`` that the app does not import are left
    out; without "compiled-stdlib", nothing is compiled."""
    check_python_version()
    with zipfile.ZipFile(stdlib_zip) as archive:
        members = [(i.filename, archive.read(i)) for i in archive.infolist() if not i.is_dir()]
    if Lever.LEAN_STDLIB in levers:
        keep = frozenset() if Lever.NO_PANDAS in levers else STDLIB_PANDAS_NEEDS
        members = [(n, d) for n, d in members if not stdlib_dropped(n, used, keep)]

    def wanted(name: str) -> bool:
        if Lever.COMPILED_STDLIB not in levers:
            return False
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        return module in used or module.startswith(STDLIB_ALWAYS_COMPILED)

    compiled = [(n, d) for n, d in members if n.endswith(".py") and wanted(n)]
    kept = [(n, d) for n, d in members if not (n.endswith(".py") and wanted(n))]
    bytecode = compiled_members(compiled, "/lib/python312.zip/", levers)
    write_zip(stdlib_zip, [*bytecode, *kept])
