"""Cepheus Engine SRD personal combat pages (rules: :mod:`rules.cepheus`); listed in
:mod:`webapp.pages`."""
