"""Legends of Lur-Asko combat pages (rules: :mod:`rules.lurasko`); listed in :mod:`webapp.pages`."""
