"""Legends of Lur-Asko combat pages (rules: :mod:`rules.lurasko`); listed in :mod:`webapp.pages`."""

from rules import lurasko
from webapp.pages.model import calculator_for

__all__ = ["LuraskoCalculator"]

LuraskoCalculator = calculator_for(lurasko)
"""The base of every lurasko page model: a :class:`~webapp.pages.model.Calculator` with the
switches of :class:`rules.lurasko.Variant` (the "Rules in force")."""
