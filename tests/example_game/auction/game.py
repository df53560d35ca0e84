"""The three-card auction's Game object: the protocol (core/game.py) over its
rules, notation and view."""

from __future__ import annotations

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, rank_cards
from florencia_tui.core.notation import Action
from florencia_tui.core.undo import took_from
from tests.example_game.auction import data, rules
from tests.example_game.auction import view as views
from tests.example_game.auction.notation import parse_bid


class Auction(Game):
    id = "auction"
    title = "Three-card auction"
    decisions = rules.DECISIONS
    min_players = 2
    max_players = 4
    rules_notes = "tests/example_game/auction/rules-notes.md"

    def _new(self, names, seed, options):
        return rules.new_state(names, seed, options)

    # ----- whose decision, and what ------------------------------------------------
    def to_act(self, s):
        return rules.to_act(s)

    def prompt(self, s, seat):
        f = rules.frame_of(s, seat)
        if f is None:
            return Prompt(seat, "auction.none", "Nothing to decide now", {})
        return Prompt(
            seat, f"auction.{f['k']}", rules.DECISIONS.text(s, f), rules.DECISIONS.preview(s, f)
        )

    def legal(self, s, seat):
        return rules.legal(s, seat)

    def _apply(self, s, seat, action):
        rules.apply(s, seat, action)

    def undo_barrier(self, before, after, seat, action):
        # The last bid of a round reveals the bids and the next prize from the
        # deck shuffled at the start: no randomness is used, but it may never
        # be taken back.
        return super().undo_barrier(before, after, seat, action) or took_from(before, after, "deck")

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
    def describe(self, s, seat, action, viewer):
        """The bidder reads its card; everyone else reads "a card face down"
        until the round's last bid reveals them all."""
        try:
            after = self.apply(s, seat, action)
        except IllegalAction:
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

    def label(self, s, seat, action):
        f = rules.frame_of(s, seat)
        try:
            return rules.DECISIONS.label(s, Action.parse(action), f) if f else action
        except IllegalAction:
            return action

    def status(self, s):
        if self.is_over(s):
            return f"Round {s['round']}/{data.ROUNDS} · game over"
        who = s["names"][rules.to_act(s)[0]]
        return f"Round {s['round']}/{data.ROUNDS} · prize {s['prize']} · {who} bids"


GAME = Auction()
