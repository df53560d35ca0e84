"""What bots know of Sealed lots: the position evaluation, in named parts
(the hints explain a move by them)."""

from __future__ import annotations

from florencia_tui.core.plugin import BotKit
from tests.example_game.lots import data


def lots_eval(game, s: dict, seat: int, terms=None) -> float:
    """Coins held, and what the offer under way may still bring: the lot's
    value less the offer, times the share of the other offers it beats."""
    value = float(s["coins"][seat])
    if terms is not None:
        terms.mark("coins", value)
    mine = s["offers"][seat]
    if mine and s["lot"] is not None:
        chance = 1.0
        for p, o in enumerate(s["offers"]):
            if p != seat:
                most = min(s["coins"][p], data.MAX_OFFER)
                chance *= float(o < mine) if o is not None else min(mine, most + 1) / (most + 1)
        value += chance * (s["lot"] - mine)
        if terms is not None:
            terms.mark("offer", value)
    return value


BOT = BotKit(
    evaluate=lots_eval,
    phrases={"coins": "now", "offer": "from the offer under way"},
    iterations=200,
)
