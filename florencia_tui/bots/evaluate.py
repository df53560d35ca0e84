"""Position evaluation for bots: how good a (determinized) state is for a seat.

Every game gets a default from its own live scores (``Game.scores`` works
mid-game); games may register a sharper evaluator here. Evaluators read a
state the bot built itself by determinizing its own observation, never the
table's real state.
"""

from __future__ import annotations

from collections.abc import Callable

from florencia_tui.core.game import Game, State

Evaluator = Callable[..., float]  # (game, state, seat, terms=None) -> value


class Terms:
    """What an evaluation is made of, for hints: an evaluator given a Terms
    marks its running value after each part (``mark("council", value)``), and
    ``parts`` holds each part's share of the value, by name."""

    def __init__(self) -> None:
        self.parts: dict[str, float] = {}
        self._at = 0.0

    def mark(self, name: str, value: float) -> None:
        self.parts[name] = self.parts.get(name, 0.0) + value - self._at
        self._at = value


def terms(game: Game, s: State, seat: int) -> dict[str, float]:
    """The seat's evaluation of ``s`` split into its named parts (they sum to it)."""
    t = Terms()
    value = evaluator(game)(game, s, seat, terms=t)
    t.mark("other", value)
    return {k: v for k, v in t.parts.items() if k != "other" or abs(v) > 1e-9}


def score_eval(game: Game, s: State, seat: int, terms: Terms | None = None) -> float:
    value = float(game.scores(s)[seat].total)
    if terms is not None:
        terms.mark("score", value)
    return value


def palazzo_eval(game: Game, s: State, seat: int, terms: Terms | None = None) -> float:
    """Palace points now, room to grow, money in hand, and tiles on their way: an
    auction the seat is winning, a purchase being paid for (less its price) and
    tiles waiting to be built, so a state in the middle of a turn is worth
    what the turn will bring."""
    from florencia_tui.games.palazzo.data import tile
    from florencia_tui.games.palazzo.payment import value_of
    from florencia_tui.games.palazzo.scoring import palace_score

    late = len(s["riders"]) / 5  # growth and money are worth less as the end nears

    def palace_value(p: list[str]) -> float:
        top = tile(p[-1])[1]
        room = 5 - top
        grow = (2.5 if len(p) == 1 else 1.5) * min(room, 5 - len(p)) * (1 - late)
        return palace_score(p) + grow

    pals = s["palaces"][seat]

    def best_gain(t: str) -> float:  # built where it adds most (or discarded)
        f = tile(t)[1]
        gains = [0.0, palace_value([t])]
        gains += [palace_value(p + [t]) - palace_value(p) for p in pals if tile(p[-1])[1] < f]
        return max(gains)

    money = 0.3 * (1 - 0.7 * late)  # per point of card value
    value = sum(palace_value(p) for p in pals)
    if terms is not None:
        terms.mark("palaces", value)
    value += money * sum(value_of(c) for c in s["hands"][seat])
    if terms is not None:
        terms.mark("money", value)
    a = s.get("auction")
    if a and a.get("high_seat") == seat:
        value += 0.8 * sum(best_gain(t) for t in a["tiles"])
    pending = s.get("pending")
    if pending and pending["seat"] == seat:
        value += sum(best_gain(t) for t in pending["tiles"])
    if terms is not None:
        terms.mark("tiles", value)
    buying = s.get("buying")
    if buying and s["phase"] == "pay" and s["active"] == seat:
        value += sum(best_gain(t) for t in buying["tiles"])
        if terms is not None:
            terms.mark("tiles", value)
        value -= money * buying["price"]
    return value


def strasbourg_eval(game: Game, s: State, seat: int, terms: Terms | None = None) -> float:
    """Projected final score: prestige, council seats until next contested, the
    city with its chapel and building prospects, tasks by their chance, coins,
    goods, influence left and the bidding under way (``strasbourg_eval.py``)."""
    from florencia_tui.bots.strasbourg_eval import strasbourg_eval as ev

    return ev(game, s, seat, terms)


EVALUATORS: dict[str, Evaluator] = {"palazzo": palazzo_eval, "strasbourg": strasbourg_eval}


def florence_eval(game: Game, s: State, seat: int, terms: Terms | None = None) -> float:
    """Projected prestige points: the track, works still to come from the hand
    (work value against each round's minimum), bonus, recruiting and prestige
    cards, money at a falling rate, room to build (``florence_eval.py``)."""
    from florencia_tui.bots.florence_eval import florence_eval as ev

    return ev(game, s, seat, terms)


EVALUATORS["florence"] = florence_eval


def architects_eval(game: Game, s: State, seat: int, terms: Terms | None = None) -> float:
    """Projected score: VP now, buildings in hand and the next Cathedral level by
    the share of their cost held, resources, apprentices, workers, captives,
    virtue thresholds and the seat's decision under way (``architects_eval.py``)."""
    from florencia_tui.bots.architects_eval import architects_eval as ev

    return ev(game, s, seat, terms)


EVALUATORS["architects"] = architects_eval


def evaluator(game: Game) -> Evaluator:
    return EVALUATORS.get(game.id, score_eval)


def advantage(game: Game, s: State, seat: int, ev: Evaluator | None = None) -> float:
    """The seat's evaluation minus the best opponent's."""
    ev = ev or evaluator(game)
    values = [ev(game, s, p) for p in range(len(s["names"]))]
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)
