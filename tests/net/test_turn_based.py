"""Turn-based network tables (issue 30 items 1-3), at the table service with an
injected clock (nothing sleeps through a day): a time per move chosen by the
opener and saved with the table, each owed seat's deadline (saved: a restart
keeps it), the timeout rules (the log says why to every seat, the bot's move
is saved like any action and the record replays), pauses asked, accepted,
refused and ended, the lobby's "your move" (of one's own seat only), and the
notify command."""

from __future__ import annotations

import json
import random
import sys
import time

import pytest

from florencia_tui.core.record import replay
from florencia_tui.net import clocks
from florencia_tui.net.clocks import DAY
from florencia_tui.net.notify import Notifier
from florencia_tui.net.remote import Connection, RemoteError, RemoteTable

from .conftest import until

HOUR = 3600.0


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, days: float = 0.0, hours: float = 0.0) -> None:
        self.now += days * DAY + hours * HOUR


def wait_until(pred, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def row(link: Connection, code: str) -> dict:
    return next(t for t in link.call("lobby")["tables"] if t["code"] == code)


def whose_move(links: dict[str, Connection], code: str) -> list[str]:
    return sorted(name for name, link in links.items() if row(link, code)["clock"]["yours"])


def play_move(svc, t: RemoteTable, seat: int, rnd: random.Random) -> None:
    """``seat`` plays its move (random legal actions, the rules' own sample)
    through its link, and confirms it."""
    table = svc.service.tables[t.table_id]
    wait_until(lambda: (t.sync() or True) and seat in t.to_act())
    while seat in t.to_act() and not t.is_over():
        t.submit(seat, svc.call(lambda: table.game.sample(table.state, seat, rnd)))
    if t.confirm_due():
        t.confirm(seat)


def open_turn_table(links: dict[str, Connection], seed: int = 5, **options) -> str:
    """A turn-based Palazzo table of ``links``' players, begun (the first opens it)."""
    first, *others = links.values()
    made = first.call(
        "create", game="palazzo", humans=len(links), seed=seed, pace="turn", **options
    )
    for link in others:
        link.call("join", code=made["code"])
    return made["code"]


def test_the_opener_s_choice_is_checked_and_saved_with_the_table(services):
    svc = services(clock=FakeClock())
    ana = Connection(str(svc.sock), "ana")
    with pytest.raises(RemoteError, match="a move may take 1, 3, 7 days"):
        ana.call("create", game="palazzo", humans=2, pace="turn", days=2)
    with pytest.raises(RemoteError, match="no timeout rule"):
        ana.call("create", game="palazzo", humans=2, pace="turn", timeout="skip")
    made = ana.call("create", game="palazzo", humans=2, pace="turn")
    assert row(ana, made["code"])["pace"] == (
        "turn-based, 3 days a move; then the heuristic bot plays the move"
    )
    live = ana.call("create", game="palazzo", humans=2)
    assert row(ana, live["code"])["pace"] == "live"
    ana.close()
    svc.stop()
    svc = services(clock=FakeClock())
    ana, ben = Connection(str(svc.sock), "ana"), Connection(str(svc.sock), "ben")
    ben.call("join", code=made["code"])  # the waiting table kept its pace over the restart
    gid = ana.open_table(made["code"], 0).table_id
    options = svc.service.tables[gid].options
    assert (options["days"], options["timeout"]) == (3, "bot")
    assert svc.service.store.get(gid).options["days"] == 3


def test_moves_over_days_deadlines_survive_a_restart_and_a_timeout_is_played(services):
    """Each owed seat has its own time, told to that seat alone; a restart
    keeps it; when it runs out the heuristic bot plays the move, saved like
    any action, and every seat reads why in its log."""
    clock = FakeClock()
    svc = services(clock=clock)
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    code = open_turn_table(links, days=1)
    first, second = ("ana", "ben") if whose_move(links, code) == ["ana"] else ("ben", "ana")
    assert whose_move(links, code) == [first]
    mine, theirs = row(links[first], code), row(links[second], code)
    assert mine["clock"]["left"] == DAY and mine["clock"]["since"] == 0
    assert links[first].call("lobby")["your_move"] == 1
    # The other seat learns nothing of that time.
    assert theirs["clock"]["since"] is None and theirs["clock"]["left"] is None
    assert links[second].call("lobby")["your_move"] == 0

    clock.advance(hours=5)
    assert row(links[first], code)["clock"]["left"] == DAY - 5 * HOUR
    seat = {name: i for i, name in enumerate(("ana", "ben"))}
    t = links[first].open_table(code, seat[first])
    gid = t.table_id
    play_move(svc, t, seat[first], random.Random(1))
    assert whose_move(links, code) == [second]
    assert row(links[second], code)["clock"]["left"] == DAY
    saved = svc.service.store.effective_actions(gid)

    for link in links.values():
        link.close()
    svc.stop()
    clock.advance(hours=3)
    svc = services(clock=clock)
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    assert whose_move(links, code) == [second]
    assert row(links[second], code)["clock"]["left"] == DAY - 3 * HOUR
    assert row(links[second], code)["clock"]["since"] == 3 * HOUR

    clock.advance(hours=20)
    svc.wait(svc.service.check_clocks)
    assert svc.service.store.effective_actions(gid) == saved  # not yet: 1 h left
    clock.advance(hours=1)
    svc.wait(svc.service.check_clocks)
    note = f"{second}'s time ran out: the heuristic bot plays for {second}"
    table = svc.service.tables[gid]
    for viewer in (0, 1, None):
        assert sum(note in line for line in table.log(viewer)) == 1
    store = svc.service.store
    assert store.effective_actions(gid) > saved
    assert note in store.action_rows(gid)[saved]["log"]["spectator"]
    assert replay(store.record(gid), table.game) == table.state
    assert gid not in svc.service.held  # the bot's turn waits for nobody's Enter
    assert whose_move(links, code) == [first]
    assert row(links[first], code)["clock"]["left"] == DAY


def test_the_replace_rule_hands_the_seat_to_a_bot_for_the_rest(services):
    clock = FakeClock()
    svc = services(clock=clock)
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    code = open_turn_table(links, days=1, timeout="replace")
    (late,) = whose_move(links, code)
    other = "ben" if late == "ana" else "ana"
    seat = {"ana": 0, "ben": 1}
    t_late = links[late].open_table(code, seat[late])
    clock.advance(days=1)
    svc.wait(svc.service.check_clocks)
    table = svc.service.tables[t_late.table_id]
    note = f"{late}'s time ran out: a bot plays for {late} from now on"
    assert any(note in line for line in table.log(seat[other]))
    assert row(links[late], code)["clock"]["replaced"]
    # From now on the bot plays that seat at once, its player no more.
    t_other = links[other].open_table(code, seat[other])
    rnd = random.Random(2)
    for _ in range(2):
        play_move(svc, t_other, seat[other], rnd)
        wait_until(lambda: seat[other] in table.to_act() or table.is_over())
    t_late.sync()
    assert seat[late] not in t_late.to_act() and t_late.snap["prompt"] is None
    assert whose_move(links, code) == [other]
    assert "a bot plays your seat" in t_late.status()
    # A restart keeps the bot in the seat.
    for link in links.values():
        link.close()
    svc.stop()
    svc = services(clock=clock)
    assert svc.service.clocks[table.table_id].replaced == {seat[late]}


def test_a_pause_is_asked_refused_accepted_and_ended_and_stops_the_clocks(services):
    clock = FakeClock()
    svc = services(clock=clock)
    names = ("ana", "ben", "cy")
    links = {u: Connection(str(svc.sock), u) for u in names}
    code = open_turn_table(links, days=3)
    (owed,) = whose_move(links, code)
    left = row(links[owed], code)["clock"]["left"]
    gid = links["ana"].open_table(code, 0).table_id
    links["ana"].call("unwatch")
    n = svc.service.store.effective_actions(gid)

    # Asked, then refused by one: the clocks never stopped.
    links["ana"].call("pause", code=code)
    assert row(links["ben"], code)["clock"]["pause"] == "ana asks for a pause"
    assert row(links["ben"], code)["clock"]["answer"] is True
    assert row(links["ana"], code)["clock"]["answer"] is False  # (theirs to end)
    with pytest.raises(RemoteError, match="waits for your answer"):
        links["ana"].call("pause_answer", code=code, yes=True)
    links["ben"].call("pause_answer", code=code, yes=True)
    links["cy"].call("pause_answer", code=code, yes=False)
    assert row(links["ana"], code)["clock"]["pause"] == "cy refused ana's pause"
    clock.advance(days=1)
    assert row(links[owed], code)["clock"]["left"] == left - DAY

    # Asked again and accepted by all: paused, in every lobby.
    links["ana"].call("pause", code=code)
    links["cy"].call("pause_answer", code=code, yes=True)
    assert "vacation" not in row(links["ben"], code)["clock"]["pause"]
    links["ben"].call("pause_answer", code=code, yes=True)
    until = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(clock.now + 14 * DAY))
    for link in links.values():
        assert row(link, code)["clock"]["pause"] == (
            f"paused: vacation of ana until {until} at the latest"
        )
    clock.advance(days=5)  # far past the deadline: nothing runs out while paused
    svc.wait(svc.service.check_clocks)
    assert svc.service.store.effective_actions(gid) == n
    assert row(links[owed], code)["clock"]["left"] == left - DAY
    with pytest.raises(RemoteError, match="no pause here to end"):
        links["ben"].call("pause_end", code=code)
    links["ana"].call("pause_end", code=code)
    assert row(links[owed], code)["clock"]["left"] == left - DAY
    assert row(links["ben"], code)["clock"]["pause"] == ""

    # A pause nobody ends stops after 14 days, and a restart keeps it meanwhile.
    links["ben"].call("pause", code=code)
    links["ana"].call("pause_answer", code=code, yes=True)
    links["cy"].call("pause_answer", code=code, yes=True)
    for link in links.values():
        link.close()
    svc.stop()
    svc = services(clock=clock)
    link = Connection(str(svc.sock), owed)
    assert row(link, code)["clock"]["pause"].startswith("paused: vacation of ben")
    clock.advance(days=15)
    svc.wait(svc.service.check_clocks)
    assert row(link, code)["clock"]["pause"] == ""
    assert row(link, code)["clock"]["left"] == left - 2 * DAY
    assert svc.service.store.effective_actions(gid) == n


def test_the_notify_command_is_run_with_table_game_and_player_and_never_without(services, tmp_path):
    told = tmp_path / "told.jsonl"
    script = tmp_path / "notify"
    script.write_text(
        f"#!{sys.executable}\nimport json, sys\n"
        f"open({str(told)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
    )
    script.chmod(0o755)
    clock = FakeClock()
    svc = services(clock=clock)  # no notify command: nothing runs
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    code = open_turn_table(links, days=1)
    (first,) = whose_move(links, code)
    seat = {"ana": 0, "ben": 1}
    play_move(svc, links[first].open_table(code, seat[first]), seat[first], random.Random(3))
    (second,) = whose_move(links, code)
    for link in links.values():
        link.close()
    svc.stop()
    assert not told.exists()

    svc = services(clock=clock, notify=Notifier(Notifier.check(script)))
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    t = links[second].open_table(code, seat[second])
    play_move(svc, t, seat[second], random.Random(4))
    wait_until(told.exists)
    wait_until(lambda: told.read_text().endswith("\n"))
    assert [json.loads(line) for line in told.read_text().splitlines()] == [
        [code, "palazzo", first]
    ]


def test_turn_based_tables_have_a_cap_of_their_own(services):
    svc = services(clock=FakeClock())
    svc.call(setattr, svc.service, "tables_per_player", 1)
    svc.call(setattr, svc.service, "turn_tables_per_player", 2)
    ana = Connection(str(svc.sock), "ana")
    ana.call("create", game="palazzo", humans=2)
    for _ in range(2):  # live tables do not use up turn-based places
        ana.call("create", game="palazzo", humans=2, pace="turn")
    with pytest.raises(RemoteError, match="you sit at 2 turn-based tables"):
        ana.call("create", game="palazzo", humans=2, pace="turn")
    with pytest.raises(RemoteError, match="you sit at 1 tables"):
        ana.call("create", game="palazzo", humans=2)


def test_clock_spans_and_a_pause_moves_each_deadline_by_its_own_stop():
    c = clocks.Clock(1, "bot", owed={0: (0.0, DAY), 1: (5 * HOUR, 5 * HOUR + DAY)})
    c.pause = clocks.Pause(0, 2 * HOUR, started=2 * HOUR, ends=2 * HOUR + clocks.PAUSE_MAX)
    assert c.late(10 * DAY) == []
    assert c.left(0, 10 * DAY) == DAY - 2 * HOUR
    assert c.left(1, 10 * DAY) == DAY  # its decision began during the pause
    assert c.resumed(8 * HOUR) == {0: (0.0, DAY + 6 * HOUR), 1: (5 * HOUR, 8 * HOUR + DAY)}
    assert [clocks.span(s) for s in (30, 3 * HOUR + 60, DAY + 2 * HOUR, 3 * DAY)] == [
        "1 min",
        "3 h 1 min",
        "1 day 2 h",
        "3 days",
    ]


async def test_the_new_table_window_opens_a_turn_based_table_at_80x24(services):
    from textual.widgets import Button

    from florencia_tui.net.client import NetApp
    from florencia_tui.tui.screens.lobby import LobbyScreen, NewTableScreen

    svc = services(clock=FakeClock())
    app = NetApp(Connection(str(svc.sock), "ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the window")
        window = app.screen
        pace, rule = window.query_one("#new-pace", Button), window.query_one("#new-timeout", Button)
        assert str(pace.label) == "live" and not rule.display  # live unless the opener says
        for label in ("1 day/move", "3 days/move"):
            pace.press()
            await pilot.pause()
            assert str(pace.label) == label
        assert rule.display and str(rule.label) == "late: bot moves"
        rule.press()
        await pilot.pause()
        assert str(rule.label) == "late: bot sits"
        create = window.query_one("#new-create", Button)
        # All of it on the screen, and inside the window.
        inner = window.query_one("#new-table").content_region
        assert create.region.bottom <= 24 and rule.region.right <= inner.right
        window.query_one("#new-bots").value = "1"  # three players suit every game
        await pilot.press("f5")
        await until(pilot, lambda: svc.service.waiting, "the table")
    (table,) = svc.service.waiting.values()
    assert (table.options["days"], table.options["timeout"]) == (3, "replace")


async def test_the_lobby_lists_your_move_first_and_enter_goes_to_the_decision(services):
    """The lobby's header counts the tables waiting for the player's move,
    they come first (under "Your move"), with since when and the time left;
    Enter on one opens the game at the player's decision. The other player's
    lobby says only that it is not their move."""
    from florencia_tui.net.client import NetApp
    from florencia_tui.tui.screens.game import GameScreen
    from florencia_tui.tui.screens.lobby import LobbyScreen

    clock = FakeClock()
    svc = services(clock=clock)
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    links["ana"].call("create", game="palazzo", humans=2, seed=8)  # a live one, waiting
    code = open_turn_table(links, seed=9, days=7)
    (owed,) = whose_move(links, code)
    other = "ben" if owed == "ana" else "ana"
    clock.advance(hours=30)

    async def visit(user: str, expect: str) -> None:
        app = NetApp(Connection(str(svc.sock), user))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            screen = app.screen
            title = str(screen.query_one("#lobby-title").render())
            box = screen.query_one("#tables")
            texts = [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)]
            if not expect:
                assert "your move" not in title and "Your move" not in texts
                (mine,) = [t for t in texts if code in t]
                assert "not your move" in mine and "left" not in mine and "move for" not in mine
                return
            assert "1 table waits for your move" in title
            assert texts[0] == "Your move" and code in texts[1] and expect in texts[1]
            assert texts[2] == "Other tables"
            assert box.highlighted_option.id == code
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            game = app.screen
            await until(pilot, lambda: game.table.snap and game.table.snap["prompt"], "a prompt")
            assert "your move · 5 days 18 h left" in game.table.status()

    await visit(owed, "your move for 1 day 6 h · 5 days 18 h left")
    await visit(other, "")


async def test_p_in_the_lobby_asks_for_a_pause_and_a_accepts_it(services):
    from florencia_tui.net.client import NetApp
    from florencia_tui.tui.screens.lobby import LobbyScreen

    svc = services(clock=FakeClock())
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    code = open_turn_table(links, seed=4)

    async def press(user: str, key: str) -> str:
        """``user`` presses ``key`` in the lobby on the table: what it then reads there."""
        app = NetApp(Connection(str(svc.sock), user))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            box = app.screen.query_one("#tables")
            assert box.highlighted_option.id == code
            await pilot.press(key)
            await pilot.pause()
            return str(box.get_option(code).prompt)

    assert "ana asks for a pause" in await press("ana", "p")
    from florencia_tui.tui.screens.lobby import table_text

    assert "ana asks for a pause (a accepts, x refuses)" in str(table_text(row(links["ben"], code)))
    assert "paused: vacation of ana until" in await press("ben", "a")
    assert "vacation" not in await press("ana", "p")  # p again ends her own pause


def test_a_simultaneous_decision_owes_every_seat_its_own_time(services):
    """The Architects draft: both seats owe it from the same moment; one
    drafting changes nothing of what the other is told (not even that it was
    made), and the one who let the time run out has the bot draft for them."""
    clock = FakeClock()
    svc = services(clock=clock)
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    made = links["ana"].call("create", game="architects", humans=2, seed=6, pace="turn", days=1)
    code = made["code"]
    links["ben"].call("join", code=code)
    assert whose_move(links, code) == ["ana", "ben"]
    clock.advance(hours=2)
    before = row(links["ben"], code)["clock"]
    t = links["ana"].open_table(code, 0)
    play_move(svc, t, 0, random.Random(6))
    assert row(links["ben"], code)["clock"] == before  # the same, word for word
    assert before["since"] == 2 * HOUR and before["left"] == DAY - 2 * HOUR
    assert not row(links["ana"], code)["clock"]["yours"]
    clock.advance(hours=22)
    svc.wait(svc.service.check_clocks)
    table = svc.service.tables[t.table_id]
    bens = [e for e in table.entries if e.seat == 1]
    assert bens and bens[0].text["0"].startswith("ben's time ran out: the heuristic bot")
    assert t.table_id not in svc.service.held  # made, and nobody's Enter awaited


def test_deadlines_that_could_not_be_saved_are_written_at_the_next_check(services, monkeypatch):
    import sqlite3

    clock = FakeClock()
    svc = services(clock=clock)
    links = {u: Connection(str(svc.sock), u) for u in ("ana", "ben")}
    code = open_turn_table(links, days=1)
    (first,) = whose_move(links, code)
    seat = {"ana": 0, "ben": 1}[first]
    t = links[first].open_table(code, seat)
    save_owed = clocks.save_owed

    def broken(*args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(clocks, "save_owed", broken)
    play_move(svc, t, seat, random.Random(5))  # the move is kept all the same
    saved = lambda: dict(  # noqa: E731
        svc.service.store.db.execute(
            "SELECT seat, deadline FROM net_owed WHERE game_id=?", (t.table_id,)
        ).fetchall()
    )
    assert saved() == {seat: clock.now + DAY}  # the row of the seat that moved
    monkeypatch.setattr(clocks, "save_owed", save_owed)
    svc.wait(svc.service.check_clocks)
    assert saved() == {1 - seat: clock.now + DAY}


def test_serve_takes_the_notify_command_and_the_turn_based_cap(tmp_path, capsys):
    from florencia_tui.cli import _parser, main
    from florencia_tui.net.cli import limits_of

    args = _parser().parse_args(["serve", "--max-turn-tables", "7", "--notify-command", "/x"])
    assert limits_of(args).turn_tables_per_player == 7 and args.notify_command == "/x"
    assert _parser().parse_args(["serve"]).notify_command is None  # nothing by default
    plain = tmp_path / "not-a-program"
    plain.write_text("echo hi\n")  # not executable: refused before anything starts
    assert main(["serve", "--open", "--port", "0", "--notify-command", str(plain)]) == 2
    assert "not an executable file" in capsys.readouterr().err


async def test_a_notify_command_that_hangs_or_fails_is_killed_or_logged(tmp_path, caplog):
    """Bounded: a run past its time is killed, a failure logged, at most
    ``at_once`` run together; the service is never told of either."""
    import asyncio

    script = tmp_path / "notify"
    script.write_text(
        '#!/bin/sh\necho "$3" >> "$0.started"\n[ "$3" = slow ] && exec sleep 30\nexit 3\n'
    )
    script.chmod(0o755)
    notifier = Notifier(str(script), timeout=2.0, at_once=1)
    caplog.set_level("WARNING", logger="florencia.notify")
    notifier.send("ABCD", "palazzo", "slow")
    notifier.send("ABCD", "palazzo", "ana")
    started = tmp_path / "notify.started"
    for _ in range(1000):  # until the first has begun
        if started.exists() and started.read_text().endswith("\n"):
            break
        await asyncio.sleep(0.01)
    assert started.read_text().split() == ["slow"]  # the second waits for its turn
    await asyncio.wait_for(notifier.close(), 10)
    assert started.read_text().split() == ["slow", "ana"]
    assert "took over 2 s: killed" in caplog.text and "failed (exit 3)" in caplog.text
