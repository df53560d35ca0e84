"""Palazzo (Reiner Knizia, 2005): rules engine. See /work/shared/rules/palazzo.md."""

from florencia_tui.games.palazzo.game import GAME, Palazzo

__all__ = ["GAME", "Palazzo"]
