"""Master of Orion II 1.50 pages (rules: :mod:`rules.moo2`); listed in :mod:`webapp.pages`."""
