"""Undo at the table (Palazzo): never a redraw, a re-roll or a step past another
player; saved as rows; replayed and resumed exactly."""

import json
import random
import sqlite3

import pytest

from florencia_tui.cli import main
from florencia_tui.core import UNDO, IllegalAction, Record
from florencia_tui.core.game import Game
from florencia_tui.games import replay
from florencia_tui.store import Store
from florencia_tui.table import Table

SOLO = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]
TWO = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]


def hidden(s):
    """Everything no one may see in a Palazzo state: deck and stack order, the rng."""
    return json.dumps([s["deck"], s["stacks"], s["rng"]])


def test_a_card_cannot_be_redrawn_by_undoing_the_money_action():
    t = Table("palazzo", SOLO, seed=3, store=Store())
    t.submit(0, "money")
    revealed = list(t.state["revealed"])
    with pytest.raises(IllegalAction, match="revealed hidden information"):
        t.undo(0)
    assert t.state["revealed"] == revealed and t.state["phase"] == "take"
    # Taking a card is quiet and may be undone, but the same cards stay on offer.
    t.submit(0, f"take {revealed[0]}")
    t.undo(0)
    assert t.state["revealed"] == revealed
    with pytest.raises(IllegalAction):  # and the reveal behind it still holds
        t.undo(0)
    assert t.state["revealed"] == revealed


def test_drawn_tiles_cannot_be_redrawn_but_the_choice_after_them_can_change():
    t = Table("palazzo", SOLO, seed=3, store=Store())
    t.submit(0, "tiles")
    drawn = t.state["supply"] + [x for q in t.state["quarries"] for x in q]
    after_draw = t.state
    buy = next(a for a in t.legal(0) if a.startswith("buy"))
    t.submit(0, buy)
    entry = t.undo(0)
    assert t.state == after_draw
    assert entry.action == UNDO and t.entries[-2].undone
    assert "undoes" in entry.line(0) and t.log(0)[-2].endswith("(undone)")
    with pytest.raises(IllegalAction, match="'tiles' revealed"):
        t.undo(0)
    assert t.state["supply"] + [x for q in t.state["quarries"] for x in q] == drawn


def test_a_reshuffle_uses_chance_and_is_a_barrier_by_the_default_rule():
    t = Table("palazzo", SOLO, seed=5, store=Store())
    s = t.state
    s["discard"] += s["deck"]  # an empty deck: taking money reshuffles the discard pile
    s["deck"] = []
    before = t.state
    t.submit(0, "money")
    assert before["rng"] != t.state["rng"]
    assert Game.undo_barrier(t.game, before, t.state, 0, "money")  # the base class rule
    assert not t.can_undo(0)


def test_no_undo_across_another_players_action():
    t = Table("palazzo", TWO, seed=11, store=Store())
    t.submit(0, "tiles")
    buy = next(a for a in t.legal(0) if a.startswith("buy"))
    t.submit(0, buy)
    t.submit(0, t.legal(0)[0])  # pay
    while t.to_act() == [0]:
        t.submit(0, t.legal(0)[0])  # build; the turn passes to Ben
    assert t.can_undo(0)  # Ben has not acted yet
    t.submit(1, "tiles")
    assert not t.can_undo(0)
    assert "Ben acted last" in t.undo_refusal(0)
    assert "revealed" in t.undo_refusal(1)


def play_with_undos(table: Table, rnd: random.Random, n: int) -> int:
    """Random legal play for every seat with frequent undo attempts; checks each
    undo returns to the exact earlier state and leaves hidden information alone."""
    done = 0
    states = [table.state]  # state after each effective action, for checking
    for _ in range(n):
        if table.is_over():
            break
        last = table.entries[-1].seat if table.entries else None
        if last is not None and rnd.random() < 0.3:
            before = table.state
            if table.can_undo(last):
                table.undo(last)
                done += 1
                states.pop()
                assert table.state == states[-1]
                assert hidden(table.state) == hidden(before)
            else:
                with pytest.raises(IllegalAction):
                    table.undo(last)
                assert table.state is before
            continue
        seat = table.to_act()[0]
        table.submit(seat, rnd.choice(table.legal(seat)))
        states.append(table.state)
    return done


def test_random_play_with_undos_replays_and_resumes_exactly():
    store = Store()
    seats = [{"name": n, "kind": "human"} for n in ("Ana", "Ben", "Cy")]
    t = Table("palazzo", seats, seed=21, store=store)
    undos = play_with_undos(t, random.Random(4), 400)
    assert undos > 10
    record = store.record(t.table_id)
    assert sum(a == UNDO for _, a in record.actions) == undos
    assert replay(Record.from_json(record.to_json())) == t.state
    again = Table.resume(Store(store.path), t.table_id)
    assert again.state == t.state and again.log(1) == t.log(1)
    assert [e.undone for e in again.entries] == [e.undone for e in t.entries]
    assert [e.status for e in again.entries] == [e.status for e in t.entries]
    # Undo carries on after a resume, exactly as it would have.
    seat = again.entries[-1].seat
    assert again.undo_refusal(seat) == t.undo_refusal(seat)


def test_exported_record_with_undos_replays_from_the_command_line(tmp_path, capsys):
    store = Store()
    t = Table("palazzo", SOLO, seed=3, store=store)
    t.submit(0, "tiles")
    t.submit(0, next(a for a in t.legal(0) if a.startswith("buy")))
    t.undo(0)
    t.submit(0, "auction")
    t.run_bots()
    path = tmp_path / "rec.json"
    assert main(["export", str(t.table_id), "-o", str(path)]) == 0
    rec = json.loads(path.read_text())
    assert [0, "undo"] in rec["actions"]
    assert replay(Record.from_json(path.read_text())) == t.state
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "1 undone" in capsys.readouterr().out


def test_old_database_without_the_status_column_still_opens(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
    CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
        seed INTEGER NOT NULL, seats TEXT NOT NULL, options TEXT NOT NULL,
        created REAL NOT NULL, updated REAL NOT NULL, status TEXT NOT NULL DEFAULT 'playing',
        n_actions INTEGER NOT NULL DEFAULT 0, state TEXT NOT NULL, result TEXT);
    CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL, log TEXT NOT NULL,
        ts REAL NOT NULL, PRIMARY KEY (game_id, idx));
    """)
    fresh = Table("palazzo", SOLO, seed=3)
    fresh.submit(0, "tiles")
    db.execute(
        "INSERT INTO games(game, seed, seats, options, created, updated, n_actions, state)"
        " VALUES ('palazzo', 3, ?, '{}', 0, 0, 1, ?)",
        (json.dumps(SOLO), fresh.game.dump(fresh.state)),
    )
    db.execute(
        "INSERT INTO actions VALUES (1, 0, 0, 'tiles', ?, 0)", (json.dumps(fresh.entries[0].text),)
    )
    db.commit()
    db.close()
    store = Store(path)
    t = Table.resume(store, 1)
    assert t.state == fresh.state and t.entries[0].status == ""
    t.submit(0, next(a for a in t.legal(0) if a.startswith("buy")))
    t.undo(0)
    assert store.action_rows(1)[-1]["action"] == UNDO
    Store(path)  # opening again migrates nothing twice
