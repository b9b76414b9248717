"""Rangefinder's web app: Panel + param views over :mod:`rules`, one page per calculator.

The same app runs in the browser (Pyodide, see :mod:`webapp.browser`, built by ``build.py``)
and under ``panel serve webapp/serve.py`` for development.
"""
