"""Sealed lots' Game object: the protocol (core/game.py) over its rules,
notation and view."""

from __future__ import annotations

from florencia_tui.core.game import Game, ScoreCard, ScoreLine, Variant, rank_cards
from florencia_tui.core.notation import Action
from tests.example_game.lots import data, rules
from tests.example_game.lots import view as views
from tests.example_game.lots.notation import parse_offer


class Lots(Game):
    decisions = rules.DECISIONS
    variants = (
        Variant(
            "split_ties",
            "Tied offers share",
            "players tied for the highest offer each pay it and share the lot",
        ),
    )
    rules_notes = "tests/example_game/lots/rules-notes.md"
    secrets = views.SECRETS
    # The round's last offer reveals every offer (and the next lot, taken
    # from the deck shuffled at the start).
    chance = ("deck",)
    shown = ("history",)

    def _new(self, names, seed, options):
        return rules.new_state(names, seed, options)

    _view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)

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
    def describe(self, s, seat, action, viewer, after=None):
        """The bidder reads its offer; the others read "offers face down" until
        the round's last offer reveals them all."""
        after = self.state_after(s, seat, action, after)
        if after is None:
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

    def status(self, s):
        if self.is_over(s):
            return f"Round {s['round']}/{data.ROUNDS} · game over"
        left = len(self.to_act(s))
        return f"Round {s['round']}/{data.ROUNDS} · lot {s['lot']} · {left} to offer"


GAME = Lots()
