"""Sealed lots' Game object: the protocol (core/game.py) over its rules,
notation and view."""

from __future__ import annotations

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, Variant, rank_cards
from florencia_tui.core.notation import Action
from florencia_tui.core.undo import took_from
from tests.example_game.lots import data, rules
from tests.example_game.lots import view as views
from tests.example_game.lots.notation import parse_offer


class Lots(Game):
    id = "lots"
    title = "Sealed lots"
    decisions = rules.DECISIONS
    min_players = 2
    max_players = 6
    variants = (
        Variant(
            "split_ties",
            "Tied offers share",
            "players tied for the highest offer each pay it and share the lot",
        ),
    )
    rules_notes = "tests/example_game/lots/rules-notes.md"

    def _new(self, names, seed, options):
        return rules.new_state(names, seed, options)

    # ----- whose decision, and what ------------------------------------------------
    def to_act(self, s):
        return rules.to_act(s)

    def prompt(self, s, seat):
        f = rules.frame_of(s, seat)
        if f is None:
            return Prompt(seat, "lots.none", "Nothing to decide now", {})
        return Prompt(
            seat, f"lots.{f['k']}", self.decisions.text(s, f), self.decisions.preview(s, f)
        )

    def legal(self, s, seat):
        f = rules.frame_of(s, seat)
        return [] if f is None else self.decisions.legal(s, f)

    def _apply(self, s, seat, action):
        f = rules.frame_of(s, seat)
        if f is None:
            raise IllegalAction(f"seat {seat} owes no offer")
        self.decisions.apply(s, Action.parse(action), f)

    def undo_barrier(self, before, after, seat, action):
        # The round's last offer reveals every offer (and the next lot, taken
        # from the deck shuffled at the start).
        revealed = len(after["history"]) > len(before["history"])
        return (
            super().undo_barrier(before, after, seat, action)
            or revealed
            or took_from(before, after, "deck")
        )

    # ----- views and results --------------------------------------------------------
    def view(self, s, seat):
        return views.view(s, seat)

    def redact(self, s, seat):
        return views.redact(s, seat)

    def determinize(self, r, seat, seed):
        return views.determinize(r, seat, seed)

    def is_over(self, s):
        return rules.is_over(s)

    def scores(self, s):
        cards = []
        for p in range(s["n"]):
            lines = [ScoreLine("Coins to start", data.START_COINS)]
            lines += [
                ScoreLine(
                    f"Lot of round {h['round']}", h["lot"] // len(h["buyers"]) - h["offers"][p]
                )
                for h in s["history"]
                if p in h["buyers"]
            ]
            cards.append(ScoreCard(seat=p, name=s["names"][p], total=s["coins"][p], lines=lines))
        return rank_cards(cards)

    # ----- text ---------------------------------------------------------------------
    def describe(self, s, seat, action, viewer):
        """The bidder reads its offer; the others read "offers face down" until
        the round's last offer reveals them all."""
        try:
            after = self.apply(s, seat, action)
        except IllegalAction:
            return super().describe(s, seat, action, viewer)
        name = s["names"][seat]
        if len(after["history"]) > len(s["history"]):
            h = after["history"][-1]
            shown = ", ".join(f"{s['names'][p]} {o}" for p, o in enumerate(h["offers"]))
            who = " and ".join(s["names"][p] for p in h["buyers"]) or "nobody"
            return f"{name} offers; the offers are {shown}: {who} buys the {h['lot']}-coin lot"
        if viewer == seat:
            return f"{name} offers {parse_offer(Action.parse(action))} face down"
        return f"{name} offers coins face down"

    def label(self, s, seat, action):
        f = rules.frame_of(s, seat)
        try:
            return self.decisions.label(s, Action.parse(action), f) if f else action
        except IllegalAction:
            return action

    def simultaneous(self, s):
        """Every round's offers: everyone at once, face down."""
        return not self.is_over(s)

    def status(self, s):
        if self.is_over(s):
            return f"Round {s['round']}/{data.ROUNDS} · game over"
        left = len(rules.to_act(s))
        return f"Round {s['round']}/{data.ROUNDS} · lot {s['lot']} · {left} to offer"


GAME = Lots()
