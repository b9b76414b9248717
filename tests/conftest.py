"""Settings for the whole test suite.

Hypothesis profiles (``HYPOTHESIS_PROFILE`` picks one; ``./dev test`` and CI use ``ci``):

- ``ci``: reproducible and robust on a fresh, loaded machine. ``derandomize`` seeds every
  test from its own code, so two runs of the same commit draw the same examples; no example
  database (a fresh clone has none anyway); no deadline and no ``too_slow`` health check,
  because the first draws of ``st.text()`` on a machine without a Hypothesis cache are slow
  and that is not a defect of the code under test.
- ``dev`` (the default): Hypothesis' own defaults, random draws and the local database, to
  find new failures while working.

A test that sets ``suppress_health_check`` itself must keep the profile's:
``suppress_health_check=[*settings.default.suppress_health_check, HealthCheck.X]``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
