"""Issue 27.2: what a player does and takes back is theirs alone.

An action that was taken back and the undo that took it back are in the actor's
log only (marked); every other seat, a spectator, the replay for them and the
log's export read the standing actions, numbered without gaps, exactly as if
the action had never been played (evidence LEAK_04: Ana read "Ben passes; Ana
wins S22 ... (undone) / Ben undoes: ..." after Ben had raised instead).
"""

from __future__ import annotations

import random

from florencia_tui.cli import main
from florencia_tui.gamelog import ALL, Timeline
from florencia_tui.store import Store
from florencia_tui.table import Table

ANA_BEN = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]


def _seen(table: Table, viewer) -> tuple[list[str], list[tuple[int, str]]]:
    """Everything of the log ``viewer`` reads: its lines and its numbered lines."""
    return table.log(viewer), [(ln.index, ln.text) for ln in table.log_lines(viewer)]


def test_ben_s_pass_taken_back_is_in_his_log_alone(capsys):
    """LEAK_04, the trial's Palazzo auction: Ben passes, takes it back, raises."""
    t = Table("palazzo", ANA_BEN, seed=3, store=Store())
    t.submit(0, "tiles")
    t.submit(0, "auction")
    before = {v: _seen(t, v) for v in (0, None)}
    t.submit(1, "pass")
    assert "Ben passes" in t.log(0)[-1]  # standing for now: Ana's to read
    t.undo(1)
    assert {v: _seen(t, v) for v in (0, None)} == before  # as if never played
    raise_ = next(a for a in t.legal(1) if a.startswith("bid"))
    t.submit(1, raise_)
    for viewer in (0, None):
        log = t.log(viewer)
        assert log == before[viewer][0] + [t.entries[-1].line(viewer)]
        assert not any("passes" in line or "undoes" in line for line in log)
        assert [ln.index for ln in t.log_lines(viewer)] == [0, 1, 2]  # no gap
    ben = t.log(1)
    assert ben[2].startswith("Ben passes") and ben[2].endswith("(undone)")
    assert ben[3].startswith("Ben undoes: Ben passes") and "bids" in ben[4]
    # The log's export (florencia log), for Ana and for Ben.
    assert main(["log", str(t.table_id), "--seat", "1"]) == 0
    ana_txt = capsys.readouterr().out
    assert "passes" not in ana_txt and "undoes" not in ana_txt and "  3. " in ana_txt
    assert "  4. " not in ana_txt
    assert main(["log", str(t.table_id), "--seat", "2"]) == 0
    ben_txt = capsys.readouterr().out
    assert "passes; Ana wins" in ben_txt and "undoes" in ben_txt and "  5. " in ben_txt
    # The replay for Ana (and a spectator) never stops on the pass or its undo.
    tl = Timeline.build(t.record(), Store().action_rows(t.table_id))
    assert tl.positions(0) == tl.positions(None) == [0, 1, 2, 5]
    assert tl.positions(1) == tl.positions(ALL) == [0, 1, 2, 3, 4, 5]
    assert [ln.text for ln in tl.lines(5, 0)] == t.log(0)
    assert [ln.text for ln in tl.lines(5, 1)][2].startswith("Ben passes")


def test_every_games_others_read_the_same_log_whatever_a_player_took_back(each_game):
    """Through a random game of every registered game: whenever a player's
    action may be taken back, it is, and every other seat's and a spectator's
    log (lines, numbers, the replay's lines and steps) is what it was before
    the action; the actor's shows it marked, and the undo."""
    n = each_game.players_near(3)
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(n)]
    t = Table(each_game.id, seats, seed=5)
    rng = random.Random(5)
    taken_back = 0
    for _ in range(400):
        if t.is_over() or taken_back >= 3:
            break
        seat = t.to_act()[0]
        others = [v for v in [None, *range(n)] if v != seat]
        before = {v: _seen(t, v) for v in others}
        t.submit(seat, rng.choice(t.legal(seat)))
        if not t.can_undo(seat) or rng.random() < 0.3:
            continue
        t.undo(seat)
        taken_back += 1
        assert {v: _seen(t, v) for v in others} == before
        assert t.log(seat)[-2].endswith("(undone)") and t.entries[-1].is_undo
        assert t.entries[-1].line(seat) in t.log(seat)
        tl = Timeline.build(t.record())
        end = len(tl)
        for v in others:
            assert [ln.text for ln in tl.lines(end, v)] == [text for _, text in before[v][1]]
            assert end - 1 not in tl.positions(v) and end not in tl.positions(v)
        assert end in tl.positions(seat) and end in tl.positions(ALL)
    assert taken_back, f"{each_game.id}: nothing was taken back"
