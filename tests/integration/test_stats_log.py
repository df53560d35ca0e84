"""Statistics over saved games, and the game log on the command line."""

import random

from florencia_tui.cli import main
from florencia_tui.selfplay import save_games
from florencia_tui.stats import compute
from florencia_tui.store import Store
from florencia_tui.table import Table


def test_statistics_after_a_few_selfplay_games_are_right():
    store = Store()
    ids = save_games("palazzo", 3, 3, seed=5, store=store)
    # A mixed table whose human plays randomly and takes one action back.
    mixed = Table(
        "palazzo",
        [{"name": "Ana", "kind": "human"}, {"name": "P2", "kind": "bot:random"}],
        seed=9,
        store=store,
    )
    rnd = random.Random(2)
    undid = False
    while not mixed.is_over():
        mixed.run_bots()
        if mixed.is_over():
            break
        mixed.submit(0, rnd.choice(mixed.legal(0)))
        if not undid and mixed.can_undo(0):
            mixed.undo(0)
            undid = True
    assert undid
    Table(
        "palazzo",
        [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}],
        seed=1,
        store=store,
    )  # unfinished
    tables = [Table.resume(store, i) for i in ids] + [mixed]

    st = compute(store)
    g = st.games["palazzo"]
    assert (g.played, g.finished) == (5, 4)
    cards = [c for t in tables for c in t.scores()]
    assert g.mean_score == sum(c.total for c in cards) / len(cards)
    winners = [next(c for c in t.scores() if c.winner) for t in tables]
    assert g.mean_winning == sum(c.total for c in winners) / 4

    def wins(name):
        return sum(1 for c in cards if c.name == name and c.winner)

    for name in ("P1", "P2", "P3", "Ana"):
        p = st.players[(name if name == "Ana" else f"{name} (bot)", "palazzo")]
        assert p.wins == wins(name)
        mine = [c.total for c in cards if c.name == name]
        assert p.games == len(mine) and p.mean_score == sum(mine) / len(mine)
    bots = st.bots[("bot:random", "palazzo")]
    assert bots.games == 10  # 3 games x 3 bot seats + 1 bot seat at the mixed table
    assert bots.wins == sum(
        1 for t in tables for c in t.scores() if c.winner and t.seats[c.seat]["kind"] != "human"
    )
    assert ("Ana", "palazzo") in st.players and ("human", "palazzo") not in st.bots

    # Longest games by the actions that stand (an undo and what it took back don't count).
    standing = {
        t.table_id: sum(1 for e in t.entries if not e.undone and not e.is_undo) for t in tables
    }
    assert [(sg.id, n) for sg, n in st.longest] == sorted(
        standing.items(), key=lambda kv: (-kv[1], kv[0])
    )
    assert store.get(mixed.table_id).n_actions == standing[mixed.table_id] + 2
    assert "5 games · 4 finished" in st.summary()


def test_stats_command_prints_every_table(capsys):
    save_games("palazzo", 2, 2, seed=3, store=Store())
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    for word in (
        "2 games · 2 finished",
        "Wins per player",
        "Wins per bot level",
        "Longest games",
        "bot:random",
        "Palazzo",
    ):
        assert word in out


def test_selfplay_save_option(capsys):
    assert main(["selfplay", "palazzo", "--players", "2", "--games", "2", "--save"]) == 0
    assert "saved 2 games" in capsys.readouterr().out
    assert [g.status for g in Store().list()] == ["over", "over"]


def test_log_command_prints_a_seats_log_with_round_and_phase(tmp_path, capsys):
    store = Store()
    t = Table(
        "palazzo",
        [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}],
        seed=3,
        store=store,
    )
    t.submit(0, "tiles")
    t.submit(0, next(a for a in t.legal(0) if a.startswith("buy")))
    t.undo(0)
    assert main(["log", str(t.table_id), "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "log as seen by Ana" in out
    lines = [ln for ln in out.splitlines() if ln[:4].strip().rstrip(".").isdigit()]
    assert len(lines) == 3
    assert lines[0].startswith("  1. [Stack I") and "draws tiles" in lines[0]
    assert lines[1].endswith("(undone)") and "undoes" in lines[2]
    assert main(["log", str(t.table_id)]) == 0
    assert "log as seen by spectator" in capsys.readouterr().out
    path = tmp_path / "log.txt"
    assert main(["log", str(t.table_id), "--seat", "2", "-o", str(path)]) == 0
    assert "log as seen by Bot" in path.read_text()
    assert main(["log", str(t.table_id), "--seat", "3"]) == 2
    assert main(["log", "999"]) == 2


def test_a_bot_and_a_human_of_the_same_name_are_counted_apart(bot_and_human_ben):
    store = Store()
    bot_and_human_ben(store)
    st = compute(store)
    human, bot = st.players[("Ben", "palazzo")], st.players[("Ben (bot)", "palazzo")]
    assert (human.games, bot.games) == (1, 1)
    assert ("Ana", "palazzo") in st.players and ("Ana (bot)", "palazzo") in st.players
