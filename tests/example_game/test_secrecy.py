"""The example game keeps its secrets as the real games do: re-deal what a
seat cannot see (the game's own redact + determinize) and nothing that seat is
shown changes, neither its view, its texts, nor its screen. (The secrecy tests
every game passes run on it too: tests/conftest.py registers it.)"""

from __future__ import annotations

import random

from florencia_tui.table import Table
from florencia_tui.tui.screens.game import GameScreen
from tests.core import test_text_secrecy as texts
from tests.tui.test_hotseat_secrecy import _same_after_redeal


def _positions(game, players: int, seeds: range) -> list[dict]:
    """Every state of a few random games."""
    out = []
    for seed in seeds:
        rnd = random.Random(seed)
        s = game.new([f"P{i}" for i in range(players)], seed)
        while not game.is_over(s):
            out.append(s)
            seat = game.to_act(s)[0]
            s = game.apply(s, seat, game.sample(s, seat, rnd))
    return out


def test_a_seats_view_and_texts_do_not_change_when_its_unseen_cards_are_redealt(auction):
    rnd = random.Random(7)
    changed = bids_moved = 0
    for s in _positions(auction, 3, range(6)):
        for viewer in [*range(3), None]:
            redeal_for = viewer if viewer is not None else rnd.randrange(3)
            t = texts._redeal(auction, s, redeal_for, rnd.randrange(1 << 30))
            changed += t != s
            bids_moved += t["bids"] != s["bids"]
            assert auction.view(t, viewer) == auction.view(s, viewer)
            assert auction.status(t) == auction.status(s)
        seat = auction.to_act(s)[0]
        t = texts._redeal(auction, s, seat, rnd.randrange(1 << 30))
        assert auction.prompt(t, seat) == auction.prompt(s, seat)
        assert auction.legal(t, seat) == auction.legal(s, seat)
        for a in auction.legal(s, seat) + texts.JUNK:
            assert texts._outcome(auction, t, seat, a) == texts._outcome(auction, s, seat, a)
            assert auction.label(t, seat, a) == auction.label(s, seat, a)
        if len(s["pending"]) > 1:  # a bid that reveals nothing yet
            for viewer in [*range(3), None]:
                r = viewer if viewer is not None else rnd.randrange(3)
                t = texts._redeal(auction, s, r, rnd.randrange(1 << 30))
                for a in auction.legal(s, seat):
                    line = auction.describe(s, seat, a, viewer)
                    assert auction.describe(t, seat, a, viewer) == line
    assert changed > 20 and bids_moved > 5  # the re-deals really moved hidden things


async def test_the_screen_does_not_change_when_unseen_cards_are_redealt(auction, play, store):
    """Ana bids after two bots have bid face down (round 1), then after one
    (round 2): her screen, and a spectator's, are the same whatever is dealt
    where they cannot see (the bids placed, the deck's order)."""
    seats = [
        {"name": "Ben", "kind": "bot:random"},
        {"name": "Cem", "kind": "bot:random"},
        {"name": "Ana", "kind": "human"},
    ]
    table = Table("auction", seats, seed=11, store=store)
    rnd = random.Random(3)
    changed = 0
    async with play(table=table, size=(80, 24)) as d:
        screen = d.app.screen
        assert isinstance(screen, GameScreen)
        for placed in (2, 1):
            await d.until_human()
            assert table.to_act() == [2] and screen.viewer == 2
            assert sum(b is not None for b in table.state["bids"]) == placed
            changed += await _same_after_redeal(d.app, d.pilot, screen, 2, 2, rnd)
            await d.choose(table.legal(2)[0])
        await _same_after_redeal(d.app, d.pilot, screen, None, rnd.randrange(3), rnd)
    assert changed == 2
