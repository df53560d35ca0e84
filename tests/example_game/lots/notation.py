"""Sealed lots action notation: one decision per line.

Offer coins for the lot on sale (``lots.offer``):
    offer 3               offer 3 coins face down for this round's lot
    offer 0               offer nothing (you cannot win the lot)
"""

from __future__ import annotations

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action


def offer(coins: int) -> str:
    """The notation of an offer."""
    return f"offer {coins}"


def parse_offer(action: Action) -> int:
    """The coins a parsed ``offer N`` holds, or IllegalAction saying what is wrong."""
    if action.verb != "offer":
        raise IllegalAction(f"'{action.verb}' is not an action here: offer coins ('offer 2')")
    if len(action.args) != 1:
        raise IllegalAction(f"'offer' takes one number of coins, got {len(action.args)}")
    return action.num(0, "the coins")
