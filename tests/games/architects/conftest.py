"""Shared fixtures for the Architects tests: build states directly, then play."""

from __future__ import annotations

import pytest

from florencia_tui.games.architects.game import GAME

NAMES = ["Red", "Blue", "Yellow", "Green", "Purple"]


class Kit:
    game = GAME

    def fresh(self, n=4, seed=1, clear=True, **options):
        """A game past the draft; with clear=True every player is emptied to a
        known baseline (0 resources, 0 silver, virtue 7, no hand) and seat 0 acts."""
        s = GAME.new(NAMES[:n], seed, options)
        while s["phase"] == "draft":
            for seat in GAME.to_act(s):
                s = GAME.apply(s, seat, GAME.legal(s, seat)[0])
        if clear:
            for P in s["players"]:
                for r in ("silver", "clay", "wood", "stone", "gold", "marble"):
                    P[r] = 0
                s["bdeck"].extend(P["hand"])
                P["hand"] = []
                P["virtue"] = 7
            s["turn"] = 0
            s["first"] = 0
        return s

    def play(self, s, seat, *actions):
        for a in actions:
            s = GAME.apply(s, seat, a)
        return s

    def give(self, s, seat, **res):
        P = s["players"][seat]
        for k, v in res.items():
            P[k] = v
        return s

    def hand(self, s, seat, cards):
        """Put specific building cards into seat's hand (taken from wherever they are)."""
        for b in cards:
            for P in s["players"]:
                if b in P["hand"]:
                    P["hand"].remove(b)
            if b in s["bdeck"]:
                s["bdeck"].remove(b)
            s["players"][seat]["hand"].append(b)
        return s

    def appr(self, s, seat, ids):
        """Give seat hired apprentices (removed from the market/deck)."""
        for a in ids:
            for row in s["arows"]:
                for i, c in enumerate(row):
                    if c and c[0] == a:
                        row[i] = [s["adeck"].pop(0), 0] if s["adeck"] else None
            if a in s["adeck"]:
                s["adeck"].remove(a)
            s["players"][seat]["appr"].append(a)
        return s

    def market_row(self, s, row, ids):
        """Set apprentice row ``row`` to cards ``ids`` (coins 0)."""
        for a in ids:
            if a in s["adeck"]:
                s["adeck"].remove(a)
            for r in s["arows"]:
                for i, c in enumerate(r):
                    if c and c[0] == a:
                        r[i] = [s["adeck"].pop(0), 0]
        old = [c[0] for c in s["arows"][row] if c]
        s["adeck"].extend(x for x in old if x not in ids)
        s["arows"][row] = [[a, 0] for a in ids]
        return s

    def put(self, s, loc, seat, k):
        """Move k of seat's workers from its board to a large location."""
        s["loc"][loc][seat] += k
        s["players"][seat]["workers"] -= k
        return s

    def jail(self, s, seat, k):
        s["prison"][seat] += k
        s["players"][seat]["workers"] -= k
        return s

    def workers_total(self, s, p):
        return (
            s["players"][p]["workers"]
            + sum(s["loc"][loc][p] for loc in s["loc"])
            + s["prison"][p]
            + sum(1 for x in s["market"] if x == p)
            + s["guildhall"].count(p)
            + s["beside"].count(p)
            + sum(Q["captives"][p] for Q in s["players"])
        )


@pytest.fixture
def kit():
    return Kit()
