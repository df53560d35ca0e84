"""The three-card auction's Game object: the protocol (core/game.py) over its
rules, notation and view."""

from __future__ import annotations

from florencia_tui.core.game import Game, ScoreCard, ScoreLine, rank_cards
from florencia_tui.core.notation import Action
from tests.example_game.auction import data, rules
from tests.example_game.auction import view as views
from tests.example_game.auction.notation import parse_bid


class Auction(Game):
    decisions = rules.DECISIONS
    secrets = views.SECRETS
    # The last bid of a round reveals the bids and the next prize from the
    # deck shuffled at the start: no randomness is used, but it may never be
    # taken back.
    chance = ("deck",)
    rules_notes = "tests/example_game/auction/rules-notes.md"

    def _new(self, names, seed, options):
        return rules.new_state(names, seed, options)

    _view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)

    def scores(self, s):
        cards = [
            ScoreCard(
                seat=p,
                name=s["names"][p],
                total=rules.points(s, p),
                lines=[
                    ScoreLine(f"Prize of round {h['round']}", h["prize"])
                    for h in s["history"]
                    if h["winner"] == p
                ],
            )
            for p in range(s["n"])
        ]
        return rank_cards(cards)  # equal points share the win

    # ----- text ---------------------------------------------------------------------
    def describe(self, s, seat, action, viewer, after=None):
        """The bidder reads its card; everyone else reads "a card face down"
        until the round's last bid reveals them all."""
        after = self.state_after(s, seat, action, after)
        if after is None:
            return super().describe(s, seat, action, viewer)
        name = s["names"][seat]
        revealed = len(after["history"]) > len(s["history"])
        if revealed:
            h = after["history"][-1]
            shown = ", ".join(f"{s['names'][p]} {b}" for p, b in enumerate(h["bids"]))
            won = (
                f"{s['names'][h['winner']]} wins the {h['prize']}-point prize"
                if h["winner"] is not None
                else f"a tie: nobody wins the {h['prize']}-point prize"
            )
            nxt = f"; round {after['round']}'s prize is {after['prize']}" if after["prize"] else ""
            return f"{name} bids; the bids are {shown}: {won}{nxt}"
        if viewer == seat:
            return f"{name} bids {parse_bid(Action.parse(action))} face down"
        return f"{name} bids a card face down"

    def status(self, s):
        if self.is_over(s):
            return f"Round {s['round']}/{data.ROUNDS} · game over"
        who = s["names"][self.to_act(s)[0]]
        return f"Round {s['round']}/{data.ROUNDS} · prize {s['prize']} · {who} bids"


GAME = Auction()
