"""What bots know of Palazzo: the position evaluation, the payments and
raises they consider (a few cheap ones, not every subset of a hand) and the
search settings tuned in docs/bots.md."""

from __future__ import annotations

import math
from collections import namedtuple

from florencia_tui.core.plugin import BotKit
from florencia_tui.games.palazzo.data import RIDERS_TO_END, tile
from florencia_tui.games.palazzo.notation import fmt_cards
from florencia_tui.games.palazzo.payment import cheap_payments, cheap_raises, value_of
from florencia_tui.games.palazzo.scoring import palace_score

#: How much a palace's room to grow is worth: per floor of room for a palace
#: of two floors or more (``tall``), for a first, second, further palace of
#: one floor (``one_floor``), and only for the best ``grown`` palaces (None:
#: all). A one-floor palace scores -5. ``budget`` None: the room fades as
#: riders appear; a number: only as many floors of room count as that share
#: of the tiles the seat can still expect (:func:`tiles_to_come`), the best
#: palaces' first, so five palaces with room for ten floors are not worth
#: ten floors when three tiles are still to come.
Growth = namedtuple("Growth", "tall one_floor grown budget", defaults=(None,))
#: The search's weights, tuned with it (docs/bots.md): every one-floor palace's
#: room counts 2.5 a floor, up to 0.8 of the tiles the seat can still expect
#: (against the heuristic of issue 29 it led in more games than with a room
#: that fades with the riders: docs/bots.md).
SEARCH_GROWTH = Growth(1.5, (2.5,), None, 0.8)
#: The heuristic bot's (issue 29): with the search's weights each new one-floor
#: palace looked worth +5 net to its one ply, so it sat at -45 VP mid-game with
#: nine of them. With these it won 70.5 of 120 three-player games against the
#: former heuristic and never fell below -10 VP (docs/bots.md).
HEURISTIC_GROWTH = Growth(1.5, (2.0, 0.5, 0.0), 4)


def tiles_to_come(s: dict) -> float:
    """The tiles one seat can expect to get from here: those of stacks I and
    II, those of stack III expected before its last rider ends the game (m
    tiles shuffled with k riders: m·k/(k+1) come first), the quarries' and
    the supply's, shared evenly among the seats."""
    stacks = s["stacks"]
    riders = RIDERS_TO_END - len(s["riders"])
    third = len(stacks["III"]) - riders
    tiles = len(stacks["I"]) + len(stacks["II"]) + max(0, third) * riders / (riders + 1)
    tiles += sum(len(q) for q in s["quarries"]) + len(s["supply"])
    return tiles / s["n"]


def palaces_value(
    pals: list[list[str]], late: float, growth: Growth = SEARCH_GROWTH, budget: float = math.inf
) -> float:
    """Palace points now plus the credited room to grow (see :data:`Growth`),
    at most ``budget`` floors of it, best palaces first."""

    def room(p: list[str]) -> float:
        return min(5 - tile(p[-1])[1], 5 - len(p)) * (1 - late)

    ranked = sorted(((palace_score(p), room(p), len(p)) for p in pals), key=lambda x: -x[0] - x[1])
    value, singles = 0.0, 0
    for i, (score, grow, floors) in enumerate(ranked):
        value += score
        if growth.grown is not None and i >= growth.grown:
            continue
        use = min(grow, max(budget, 0.0))
        budget -= use
        if floors == 1:
            value += growth.one_floor[min(singles, len(growth.one_floor) - 1)] * use
            singles += 1
        else:
            value += growth.tall * use
    return value


def evaluation(growth: Growth):
    """Palazzo's evaluation with these growth weights."""

    def palazzo_eval(game, s: dict, seat: int, terms=None) -> float:
        """Palace points now, room to grow, money in hand, and tiles on their
        way: an auction the seat is winning, a purchase being paid for (less
        its price) and tiles waiting to be built, so a state in the middle of a
        turn is worth what the turn will bring."""
        return _evaluate(s, seat, terms, growth)

    return palazzo_eval


def _evaluate(s: dict, seat: int, terms, growth: Growth) -> float:
    late = len(s["riders"]) / 5  # growth and money are worth less as the end nears
    pals = s["palaces"][seat]
    if growth.budget is None:
        fade, budget = late, math.inf
    else:
        fade, budget = 0.0, growth.budget * tiles_to_come(s)
    now = palaces_value(pals, fade, growth, budget)

    def best_gain(t: str) -> float:  # built where it adds most (or discarded)
        f = tile(t)[1]
        gains = [0.0, palaces_value([*pals, [t]], fade, growth, budget) - now]
        gains += [
            palaces_value([*pals[:i], p + [t], *pals[i + 1 :]], fade, growth, budget) - now
            for i, p in enumerate(pals)
            if tile(p[-1])[1] < f
        ]
        return max(gains)

    money = 0.3 * (1 - 0.7 * late)  # per point of card value
    value = now
    if terms is not None:
        terms.mark("palaces", value)
    value += money * sum(value_of(c) for c in s["hands"][seat])
    if terms is not None:
        terms.mark("money", value)
    a = s.get("auction")
    if a and a.get("high_seat") == seat:
        value += 0.8 * sum(best_gain(t) for t in a["tiles"])
    for f in s["pending"]:  # tiles won and not yet built
        if f["p"] == seat:
            value += sum(best_gain(t) for t in f["tiles"])
    if terms is not None:
        terms.mark("tiles", value)
    buying = s.get("buying")
    if buying and s["phase"] == "pay" and s["active"] == seat:
        value += sum(best_gain(t) for t in buying["tiles"])
        if terms is not None:
            terms.mark("tiles", value)
        value -= money * buying["price"]
    return value


def candidates(game, s: dict, seat: int) -> list[str]:
    """Search bots consider a few sensible payments and raises (the cheapest
    in face value for each need) instead of every subset of the hand."""
    ph = s["phase"]
    if ph == "pay":
        price = s["buying"]["price"]
        if price <= 0:
            return ["pay none"]
        return [f"pay {fmt_cards(p)}" for p in cheap_payments(s["hands"][seat], price)]
    if ph == "bid":
        a = s["auction"]
        st = a["bids"][str(seat)]
        raises = cheap_raises(s["hands"][seat], st["currency"], a["high_total"] - st["total"])
        return [f"bid {fmt_cards(p)}" for p in raises] + ["pass"]
    return game.legal(s, seat)


palazzo_eval = evaluation(SEARCH_GROWTH)
heuristic_eval = evaluation(HEURISTIC_GROWTH)


BOT = BotKit(
    evaluate=palazzo_eval,
    heuristic=heuristic_eval,
    candidates=candidates,
    # Random moves wreck a Palazzo position (a random payment overpays, a
    # random build discards, a random bid throws money away), so its rollouts
    # let every seat play as the heuristic bot would (greedy by one-ply
    # advantage) for a few moves: the search then improves on the heuristic's
    # own play instead of judging moves by what chance makes of them. A node
    # weighs only its 1 + 0.5·√visits best actions by one ply (``widen``), so
    # the iterations tell the best few apart instead of trying every payment
    # and placement once.
    search={"rollout_depth": 6, "c": 0.25, "ordered": True, "greedy": True, "widen": 0.5},
    # The app's level: 100 iterations (docs/bots.md has the matches).
    iterations=100,
    # How each part of the evaluation reads in a hint (bots/hint.py).
    phrases={
        "palaces": "from palaces and their room to grow",
        "money": "in money cards kept",
        "tiles": "from tiles on their way (an auction led, tiles to build)",
        "score": "now",
    },
)
