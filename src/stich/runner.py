"""Plays deals and matches between players (bots, or people behind a front end): the names
of the one table driver, :mod:`stich.play.driver`, kept for callers of ``stich.runner``."""

from __future__ import annotations

from stich.play.driver import OnAction, play_deal, play_match, run_table

__all__ = ["OnAction", "play_deal", "play_match", "run_table"]
