"""Development server entry: ``panel serve webapp/serve.py --show``.

The same app as the offline site, served by Panel's Tornado server (handy to iterate on a
page with ``--dev``). The site itself never runs this: see ``webapp/browser.py``.
"""

from __future__ import annotations

import panel as pn

from webapp.app import App

app = App()
if pn.state.location is not None:
    app.apply_search(pn.state.location.search or "")
pn.Column(app, sizing_mode="stretch_width").servable(title="Rangefinder")
