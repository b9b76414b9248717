"""Cepheus Engine SRD personal combat pages (rules: :mod:`rules.cepheus`); listed in
:mod:`webapp.pages`."""

from rules import cepheus
from webapp.pages.model import calculator_for

__all__ = ["CepheusCalculator"]

CepheusCalculator = calculator_for(cepheus)
"""The base of every cepheus page model: a :class:`~webapp.pages.model.Calculator` with the
switches of :class:`rules.cepheus.Variant` (the "Rules in force")."""
