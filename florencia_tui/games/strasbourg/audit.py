"""Plans a human would call absurd, found in bot games (issue 18).

``PlanAudit`` watches a game step by step (``selfplay.play_one(after=...)``)
and records, for Strasbourg, each seat's planning in every round: the cards it
drew and its largest stack, and the task cards it kept. ``faults()`` lists the
plans of the kind issue 18 found: a bot drawing so much in rounds 1-3 that
fewer than two cards are left for each round to come (there, the whole deck
in round 1), or piling its influence into a stack far beyond what wins a
bidding (in round 4 a seat may fairly keep one card, or none, for the last).
``wasted()`` lists seats that ended the game with many cards never drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from florencia_tui.games.strasbourg import data as strasbourg

#: Cards a seat should keep for each round still to come (fewer: it cannot bid).
KEEP_PER_ROUND = 2
#: A stack of more cards than this wins no more than a smaller one would.
BIG_STACK = 8
#: Cards left undrawn after the last round's planning: more is influence thrown
#: away (bots draw every card then; 6 until session 22 measured how far they fell short).
UNUSED = 0


@dataclass
class Plan:
    seat: int
    round: int
    deck_before: int  # cards in the deck when the round's planning began
    drawn: int
    largest: int  # cards in the largest stack


@dataclass
class PlanAudit:
    plans: list[Plan] = field(default_factory=list)
    tasks_kept: list[tuple[int, int]] = field(default_factory=list)  # (seat, how many)
    _decks: dict[tuple[int, int], int] = field(default_factory=dict)

    def __call__(self, s: dict, seat: int, action: str) -> None:
        if s.get("game") != "strasbourg":
            return
        if action.startswith("keep "):
            self.tasks_kept.append((seat, len(action.split()) - 1))
        if s["phase"] == "planning":
            for p, pl in enumerate(s["players"]):
                self._decks.setdefault((s["round"], p), len(pl["deck"]) + len(pl["hand"]))
        if not action.startswith(("stack", "stop", "draw")):
            return
        pl = s["players"][seat]
        if pl["plan"] != "done":
            return
        rnd = s["round"]
        drawn = sum(len(st) for st in pl["stacks"])
        before = self._decks.get((rnd, seat), drawn + len(pl["deck"]))
        self.plans.append(
            Plan(seat, rnd, before, drawn, max((len(st) for st in pl["stacks"]), default=0))
        )

    def faults(self, seats: list[int] | None = None) -> list[Plan]:
        """Plans of ``seats`` (all by default) of the kind issue 18 found."""
        out = []
        for p in self.plans:
            if seats is not None and p.seat not in seats:
                continue
            if p.round >= strasbourg.ROUNDS - 1:
                continue  # the last two rounds may well use every card left
            later = strasbourg.ROUNDS - p.round
            if p.deck_before - p.drawn < KEEP_PER_ROUND * later or p.largest > BIG_STACK:
                out.append(p)
        return out

    def wasted(self, seats: list[int] | None = None) -> list[Plan]:
        """Last-round plans of ``seats`` that leave more than ``UNUSED`` cards undrawn."""
        return [
            p
            for p in self.plans
            if p.round == strasbourg.ROUNDS
            and (seats is None or p.seat in seats)
            and p.deck_before - p.drawn > UNUSED
        ]
