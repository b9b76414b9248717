"""Cepheus Engine SRD personal combat pages (rules: :mod:`rules.cepheus`)."""

from __future__ import annotations

from webapp.pages.registry import Page

__all__ = ["PAGES"]

PAGES: tuple[Page, ...] = ()
