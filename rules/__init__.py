"""Rangefinder's rules: exact combat rules of four game systems, stdlib only.

One subpackage per game system (``rules.moo2``, ``rules.cepheus``, ``rules.lurasko``),
shared helpers in :mod:`rules.dice` and :mod:`rules.validation`. Every number comes from
the rule texts in ``shared/sources``; the interpretations made where they are unclear are
listed in ``rules/SOURCES.md``.

This package never imports ``panel`` or ``param``: the web app adapts it, not the reverse.
"""

from __future__ import annotations

__all__: list[str] = []
