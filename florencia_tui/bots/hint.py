"""Hints for a human seat: what the strongest bot would play, and why.

``hint(game, state, seat, key)`` builds the seat's observation exactly as the
table builds a bot's (``observe``: its view, its legal actions and its
redacted state, never the real one), lets the strongest level (the search bot
at the app's default budget) choose, and explains the choice from the
game's evaluation: over a few deals of what the seat cannot see, the change
in each named part of its evaluation (``evaluate.terms``) from the position
now to the position right after the action, phrased by the game's bot kit
(``BotKit.phrases``) in its score unit (``GamePlugin.units``), the biggest
gains first ("+4.0 VP now; +1.5 resources and silver the hand needs").
Nothing is played.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from florencia_tui.bots.base import Bot, observe
from florencia_tui.bots.evaluate import terms
from florencia_tui.core.game import Game, State
from florencia_tui.games import plugin

#: Parts that moved less than this (in the game's points) are not a reason.
NOTABLE = 0.1


@dataclass
class Hint:
    seat: int
    action: str
    label: str
    #: Each part of the evaluation the action changes, biggest gains first: (part, change).
    changes: list[tuple[str, float]] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)

    def text(self) -> str:
        why = (
            "; ".join(self.reasons)
            if self.reasons
            else "its effect shows only in the moves after it"
        )
        return f"Hint: {self.label} ({why})"


def strongest_bot() -> Bot:
    from florencia_tui.bots.search import SearchBot

    return SearchBot()


def hint(
    game: Game,
    s: State,
    seat: int,
    key: str,
    bot: Bot | None = None,
    samples: int = 4,
    most: int = 3,
) -> Hint:
    """What ``bot`` (the strongest level by default) would play at ``seat`` and
    why, from what that seat can see only."""
    obs = observe(game, s, seat, key, with_redacted=True)
    if not obs.legal:
        raise ValueError(f"seat {seat} has no decision to make")
    bot = bot or strongest_bot()
    action = obs.legal[0] if len(obs.legal) == 1 else bot.choose(obs)
    changes = explain(game, obs.redacted, seat, action, key, samples)
    return Hint(seat, action, game.label(s, seat, action), changes, reasons(game.id, changes, most))


def explain(
    game: Game, redacted: State | None, seat: int, action: str, key: str, samples: int = 4
) -> list[tuple[str, float]]:
    """The mean change of each part of the seat's evaluation that ``action``
    brings, over ``samples`` deals of the seat's redacted state, biggest first."""
    if redacted is None:
        return []
    pick = random.Random(f"{key}:explain")
    total: dict[str, float] = {}
    for _ in range(samples):
        d = game.determinize(redacted, seat, pick.randrange(2**31))
        before = terms(game, d, seat)
        after = terms(game, game.apply(d, seat, action), seat)
        for part in before.keys() | after.keys():
            total[part] = total.get(part, 0.0) + after.get(part, 0.0) - before.get(part, 0.0)
    changes = [(part, v / samples) for part, v in total.items()]
    return sorted(changes, key=lambda x: (-x[1], x[0]))


def reasons(game_id: str, changes: list[tuple[str, float]], most: int = 3) -> list[str]:
    """The notable changes in words (each part as the game's bot kit phrases
    it, in the game's score unit): the biggest gains, then the biggest cost."""
    info = plugin(game_id)
    phrases, unit = info.bot.phrases, info.units[1]
    gains = [c for c in changes if c[1] >= NOTABLE]
    costs = [c for c in changes if c[1] <= -NOTABLE]
    picked = gains[: most - 1] if costs else gains[:most]
    if costs and len(picked) < most:
        picked.append(min(costs, key=lambda c: c[1]))
    if not gains:
        picked = sorted(costs, key=lambda c: c[1])[:most]
    out = []
    for part, v in picked:
        out.append(f"{v:+.1f} {unit} {phrases.get(part, part)}")
    return out


def hints_on(table) -> bool:
    """Whether ``table`` offers hints: its ``hints`` option, on unless the
    table's opener turned it off."""
    return bool(table.options.get("hints", True))


def table_hint(table, seat: int) -> Hint:
    """The hint for a human ``seat`` owing a decision at a local ``Table``.
    Raises ValueError saying why there is none (hints off, not its decision)."""
    if getattr(table, "state", None) is None:  # a networked table: the service's to give
        raise ValueError("this table offers no hints")
    if not hints_on(table):
        raise ValueError("hints are off at this table")
    if seat is None or not table.is_human(seat) or seat not in table.to_act():
        raise ValueError("a hint is for your own decision: it is not yours now")
    key = f"{table.seed}:{seat}:{len(table.entries)}:hint"
    return hint(table.game, table.state, seat, key)
