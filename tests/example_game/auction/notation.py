"""Three-card auction action notation: one decision per line.

Bid for the revealed prize (``auction.bid``):
    bid 3                 play your 3 face down as this round's bid
"""

from __future__ import annotations

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action


def bid(card: int) -> str:
    """The notation of a bid."""
    return f"bid {card}"


def parse_bid(action: Action) -> int:
    """The card a parsed ``bid N`` plays, or IllegalAction saying what is wrong."""
    if action.verb != "bid":
        raise IllegalAction(f"'{action.verb}' is not an action here: bid a card ('bid 2')")
    if len(action.args) != 1:
        raise IllegalAction(f"'bid' takes one card, got {len(action.args)}")
    return action.num(0, "the card")
