"""The command line: selfplay, list, export, replay, resume, and kill -9 safety."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

from florencia_tui.cli import main
from florencia_tui.store import Store
from florencia_tui.table import Table
from florencia_tui.tui.app import FlorenciaApp

SEATS = [
    {"name": "Ana", "kind": "human"},
    {"name": "Ben", "kind": "human"},
    {"name": "Bot", "kind": "bot:random"},
]


def test_selfplay_prints_a_summary(capsys):
    assert main(["selfplay", "palazzo", "--players", "3", "--games", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for word in ("games         5", "mean actions", "score range", "wins per seat", "seconds"):
        assert word in out


def test_selfplay_refuses_coming_games(capsys):
    assert main(["selfplay", "chess", "--games", "1"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_list_export_replay_round_trip(tmp_path, capsys):
    table = Table(
        "palazzo",
        [{"name": f"B{i}", "kind": "bot:random"} for i in range(3)],
        seed=5,
        store=Store(),
    )
    table.run_bots()
    assert main(["list"]) == 0
    assert f"{table.table_id:>4}  Palazzo" in capsys.readouterr().out
    path = tmp_path / "rec.json"
    assert main(["export", str(table.table_id), "-o", str(path)]) == 0
    rec = json.loads(path.read_text())
    assert rec["game"] == "palazzo" and rec["seed"] == 5
    assert len(rec["actions"]) == len(table.entries)
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "finished" in out
    for card in table.scores():
        assert card.name in out and f"{card.total:>6g}" in out


def test_export_unknown_id(capsys):
    assert main(["export", "999"]) == 2
    assert "no saved game" in capsys.readouterr().err


async def test_resume_opens_the_saved_game_in_the_app():
    store = Store()
    table = Table("palazzo", SEATS, seed=9, store=store)
    table.submit(0, "money")
    app = FlorenciaApp(store=store, resume=table.table_id, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.table.table_id == table.table_id
        assert app.table.state == table.state
        assert type(app.screen).__name__ == "CurtainScreen"  # two humans: hide first


def test_kill_minus_9_loses_no_applied_action(tmp_path):
    """A process killed mid-game leaves every action it applied in the database."""
    script = textwrap.dedent("""
        import sys
        from florencia_tui.store import Store
        from florencia_tui.table import Table
        t = Table("palazzo", [{"name": f"B{i}", "kind": "bot:random"} for i in range(4)],
                  seed=17, store=Store())
        print(t.table_id, flush=True)
        while not t.is_over():
            t.play_bot(t.bot_to_act())
            print(len(t.entries), flush=True)
            if len(t.entries) >= 60:
                import time; time.sleep(60)
    """)
    env = dict(os.environ, FLORENCIA_DATA_DIR=str(tmp_path))
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env
    )
    table_id = int(proc.stdout.readline())
    last = 0
    deadline = time.time() + 60
    while last < 60 and time.time() < deadline:
        last = int(proc.stdout.readline())
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    store = Store(tmp_path / "florencia.sqlite3")
    resumed = Table.resume(store, table_id)
    assert len(resumed.entries) == last == 60
    from florencia_tui.games import replay

    assert replay(store.record(table_id)) == resumed.state
    resumed.run_bots()
    assert resumed.is_over()
