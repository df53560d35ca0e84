"""Architects of the West Kingdom (Garphill Games, 2018): rules engine."""

from .game import Architects

GAME = Architects()

__all__ = ["GAME", "Architects"]
