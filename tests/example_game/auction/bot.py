"""What bots know of the three-card auction: the position evaluation (its
named parts feed the hints) and the search settings."""

from __future__ import annotations

from florencia_tui.core.plugin import BotKit
from tests.example_game.auction import rules


def auction_eval(game, s: dict, seat: int, terms=None) -> float:
    """Prize points won, what the cards left can still win (spending a 3 on a
    1-point prize costs the position something) and the bid under way."""
    value = float(rules.points(s, seat))
    if terms is not None:
        terms.mark("prizes", value)
    left = rules.unseen_prizes(s)
    mean_prize = sum(left) / len(left) if left else 0.0
    value += 0.25 * mean_prize * sum(s["hands"][seat]) / 2
    if terms is not None:
        terms.mark("cards", value)
    mine = s["bids"][seat]
    if mine is not None and s["prize"] is not None:
        # The bid under way wins the prize if it beats every other bid: those
        # placed (as this deal has them) surely, those to come by the share of
        # their owner's cards it beats.
        chance = 1.0
        for p, b in enumerate(s["bids"]):
            if p != seat:
                hand = s["hands"][p]
                chance *= (
                    float(b < mine) if b is not None else sum(c < mine for c in hand) / len(hand)
                )
        value += chance * s["prize"]
        if terms is not None:
            terms.mark("bid", value)
    return value


BOT = BotKit(evaluate=auction_eval, search={"rollout_depth": 8})
