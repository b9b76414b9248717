"""Master of Orion II 1.50 pages (rules: :mod:`rules.moo2`); listed in :mod:`webapp.pages`."""

from rules import moo2
from webapp.pages.model import calculator_for

__all__ = ["Moo2Calculator"]

Moo2Calculator = calculator_for(moo2)
"""The base of every moo2 page model: a :class:`~webapp.pages.model.Calculator` with the
switches of :class:`rules.moo2.Variant` (the "Rules in force")."""
