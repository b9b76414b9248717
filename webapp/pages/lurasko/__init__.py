"""Legends of Lur-Asko combat pages (rules: :mod:`rules.lurasko`)."""

from __future__ import annotations

from webapp.pages.registry import Page

__all__ = ["PAGES"]

PAGES: tuple[Page, ...] = ()
