"""What a networked player's terminal receives: the changed cells only
(florencia_tui/net/wire.py), and exactly the screen a full redraw would draw.

Every frame the compositor hands to the driver is rendered both ways, the
full Textual update and the diff, into two terminal emulators (pyte); they
must hold the same characters and colours cell by cell after every key, and
the diff's bytes are counted (deterministic: no clock involved). 100x30 in
truecolor, as in docs/performance.md.
"""

from __future__ import annotations

import re
import time

import pyte
import pytest
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import CompositorUpdate, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from florencia_tui.net.wire import ScreenDiff
from florencia_tui.tui.snapshots import SCENES

W, H = 100, 30


class Wire:
    """Both renderings of every frame, fed to two emulated terminals."""

    def __init__(self, app) -> None:
        self.app, self.shadow = app, ScreenDiff()
        self.full, self.diff = pyte.Screen(W, H), pyte.Screen(W, H)
        self.full_in, self.diff_in = pyte.Stream(self.full), pyte.Stream(self.diff)
        self.full_bytes = self.diff_bytes = 0
        self.sent: list[str] = []  # the diff's bytes since the last count()
        self.frames = 0  # frames drawn, for settle()
        display = app._display

        def both(screen, renderable) -> None:
            display(screen, renderable)
            if not isinstance(renderable, CompositorUpdate) or app._batch_count:
                return
            whole = renderable.render_segments(app.console)
            changed = self.shadow.diff(renderable, W, H, ColorSystem.TRUECOLOR)
            self.full_in.feed(whole)
            self.diff_in.feed(changed)
            self.full_bytes += len(whole.encode())
            self.diff_bytes += len(changed.encode())
            self.sent.append(changed)
            self.frames += 1

        app._display = both
        app.console._color_system = ColorSystem.TRUECOLOR

    async def settle(self, pilot, timeout: float = 60.0) -> None:
        """Wait until the app draws no more: every queued message handled and a
        pause that ends with no frame sent (one pause alone may end early on a
        busy machine: Textual takes a starved process for an idle one, and a
        redraw of what came before still arrives afterwards)."""
        deadline = time.monotonic() + timeout
        while True:
            drawn = self.frames
            await pilot.pause()
            await pilot.pause()
            screen = self.app.screen
            quiet = not (screen._dirty_widgets or screen._callbacks or screen._layout_required)
            if self.frames == drawn and quiet and not screen._repaint_required:
                return
            assert time.monotonic() < deadline, "the app never stopped drawing"

    async def start(self, pilot) -> None:
        """A whole frame, so that both terminals and the shadow know every cell."""
        await self.settle(pilot)
        self.app._display(self.app.screen, self.app.screen._compositor.render_full_update())
        assert all(cell is not None for row in self.shadow.rows for cell in row)
        self.count()

    def count(self) -> tuple[int, int]:
        out = (self.full_bytes, self.diff_bytes)
        self.full_bytes = self.diff_bytes = 0
        self.sent = []
        return out

    def rows_sent(self) -> set[int]:
        """The rows (0-based) the diff wrote to since the last count()."""
        return {int(y) - 1 for y in re.findall(r"\x1b\[(\d+);\d+H", "".join(self.sent))}

    def assert_same(self) -> None:
        for y in range(H):
            for x in range(W):
                assert self.full.buffer[y][x] == self.diff.buffer[y][x], (y, x)


async def test_typing_an_action_sends_the_changed_cells_only(tmp_path) -> None:
    app, _ = SCENES["palazzo-board"](tmp_path)
    async with app.run_test(size=(W, H)) as pilot:
        wire = Wire(app)
        await wire.start(pilot)
        await pilot.press("colon")  # the command line opens: a layout pass
        await wire.settle(pilot)
        full, diff = wire.count()
        assert diff < full / 4
        wire.assert_same()
        for ch in "money":
            await pilot.press(ch)
            await wire.settle(pilot)
            full, diff = wire.count()
            # Textual repaints the command line's row (its 3 bordered rows were
            # 1,207 bytes); the terminal needs the typed character and the cursor.
            assert 0 < diff <= 512 and diff < full, (ch, full, diff)
            wire.assert_same()


@pytest.mark.parametrize(
    "scene, keys",
    [
        ("palazzo-board", ["1"]),  # an action: status, board, panel, log and prompt redraw
        ("strasbourg-board", ["right", "left"]),  # the map cursor
        ("architects-board", ["down", "up"]),  # highlight and preview
        ("florence-board", ["1"]),  # a ticked bonus card adds up
    ],
)
async def test_every_board_redraws_less_and_draws_the_same(tmp_path, scene, keys) -> None:
    app, setup = SCENES[scene](tmp_path)
    async with app.run_test(size=(W, H)) as pilot:
        wire = Wire(app)
        for key in setup:
            await pilot.press(key)
        await wire.start(pilot)
        for key in keys:
            await pilot.press(key)
            await wire.settle(pilot)
            full, diff = wire.count()
            assert diff <= 8 * 1024 and diff < full, (key, full, diff)
            wire.assert_same()


def _update(y: int, *segments: Segment) -> LayoutUpdate:
    strip = Strip(list(segments))
    return LayoutUpdate([[strip]], Region(0, y, strip.cell_length, 1))


def test_an_unchanged_repaint_sends_nothing_and_a_resize_redraws_all() -> None:
    red = Style(color="red")
    shadow = ScreenDiff()
    first = shadow.diff(_update(0, Segment("hello", red)), 10, 2, ColorSystem.TRUECOLOR)
    assert "hello" in first
    assert shadow.diff(_update(0, Segment("hello", red)), 10, 2, ColorSystem.TRUECOLOR) == ""
    # One cell changed: one cursor move and that cell.
    assert (
        shadow.diff(
            _update(0, Segment("help", red), Segment("o", red)), 10, 2, ColorSystem.TRUECOLOR
        )
        == "\x1b[1;4H\x1b[31mp\x1b[0m"
    )
    # A new size: the terminal may have reflowed, everything is sent again.
    assert "hello" in shadow.diff(_update(0, Segment("hello", red)), 12, 2, ColorSystem.TRUECOLOR)


def test_a_wide_character_is_never_sent_in_half() -> None:
    shadow = ScreenDiff()
    shadow.diff(_update(0, Segment("ab字cd")), 10, 1, ColorSystem.TRUECOLOR)
    # The cell right of 字 (its second half) is covered by "x": resend from 字's start.
    out = shadow.diff(_update(0, Segment("ab字xd")), 10, 1, ColorSystem.TRUECOLOR)
    assert out.startswith("\x1b[1;5H")  # only the changed cell, column 5 (after 字)
    screen = pyte.Screen(10, 1)
    stream = pyte.Stream(screen)
    stream.feed("ab字xd")
    stream.feed(shadow.diff(_update(0, Segment("a字bcd")), 10, 1, ColorSystem.TRUECOLOR))
    assert screen.display[0].startswith("a字bcd")


def test_a_style_is_written_once_for_runs_that_share_it() -> None:
    """The log's rows (one style each) moving up: the colour is set once for all
    of them, not once per row with a reset after each as Textual writes it."""
    log = Style(color="rgb(200,200,200)", bgcolor="rgb(20,20,40)")
    rows = [f"line {i} of the log" for i in range(6)]
    update = LayoutUpdate([[Strip([Segment(r.ljust(24), log)])] for r in rows], Region(0, 0, 24, 6))
    shadow = ScreenDiff()
    shadow.diff(update, 24, 6, ColorSystem.TRUECOLOR)
    moved = LayoutUpdate(
        [[Strip([Segment(r.ljust(24), log)])] for r in rows[1:] + ["a new line"]],
        Region(0, 0, 24, 6),
    )
    out = shadow.diff(moved, 24, 6, ColorSystem.TRUECOLOR)
    assert out.count("38;2;200;200;200") == 1 and out.endswith("\x1b[0m")
    assert out.count("\x1b[0m") == 1
    screen = pyte.Screen(24, 6)
    stream = pyte.Stream(screen)
    stream.feed(moved.render_segments(Console(color_system="truecolor", width=24)))
    expected = [list(screen.buffer[y][x] for x in range(24)) for y in range(6)]
    screen.reset()
    stream.feed(update.render_segments(Console(color_system="truecolor", width=24)))
    stream.feed(out)
    assert [list(screen.buffer[y][x] for x in range(24)) for y in range(6)] == expected


def test_a_style_change_sends_only_what_differs() -> None:
    shadow = ScreenDiff()
    red, blue = Style(color="red", bgcolor="black"), Style(color="blue", bgcolor="black")
    shadow.diff(_update(0, Segment("aaaa", red)), 10, 1, ColorSystem.TRUECOLOR)
    # Only the foreground changes: "34", neither the background again nor a reset.
    out = shadow.diff(
        _update(0, Segment("ab", red), Segment("b", blue)), 10, 1, ColorSystem.TRUECOLOR
    )
    assert out == "\x1b[1;2H\x1b[31;40mb\x1b[34mb\x1b[0m"
    # An attribute turned off: a reset, then the whole style.
    bold = Style(bold=True, color="red")
    shadow.diff(
        _update(0, Segment("x", bold), Segment("y", Style(color="red"))),
        10,
        1,
        ColorSystem.TRUECOLOR,
    )
    out = shadow.diff(
        _update(0, Segment("X", bold), Segment("Y", Style(color="red"))),
        10,
        1,
        ColorSystem.TRUECOLOR,
    )
    assert out == "\x1b[1;1H\x1b[1;31mX\x1b[0;31mY\x1b[0m"


#: One action per game typed on the command line (its notation, Enter) and its
#: redraw, the log scrolling under it: issue 17's budget is 8 KiB. (The bots
#: wait, so that the frames do not depend on timing; net_load.py measures an
#: action with the bots' moves after it.) Then each game's worst cases, the
#: actions that change its phase, with the part of the board that must not
#: move (a board whose map moved down a few rows sent every row of it again:
#: Strasbourg's round end was 15.9 KiB, Florence's auction end 8.2 KiB).
ACTIONS = [
    ("palazzo", 60, 0, None),
    ("florence", 40, 0, None),
    ("strasbourg", 40, 0, None),
    ("architects", 80, 0, None),
    ("palazzo", 44, 1, "#pz-market"),  # tiles: the stack runs out, the next one opens
    ("florence", 75, 0, "#fl-focus"),  # the auction's last order: the action phase
    ("florence", 31, 0, "#fl-focus"),  # the last action turn: next round's auction
    ("strasbourg", 57, 0, "#sb-map"),  # a build ends the round: planning
    ("strasbourg", 51, 0, "#sb-map"),  # a step's end: the next bid opens
    ("architects", 6, 0, None),  # the draft's last pick: play begins
    # the worst action of 40 swept: the board turns from the locations to the
    # hand to discard from (a different picture, not one moved: nothing to keep)
    ("architects", 87, 0, None),
]


@pytest.mark.parametrize("game, steps, pick, anchor", ACTIONS)
async def test_an_action_and_its_redraw_fit_in_8_kib_in_every_game(
    tmp_path, monkeypatch, game, steps, pick, anchor
) -> None:
    from florencia_tui.store import Store
    from florencia_tui.tui.app import FlorenciaApp
    from florencia_tui.tui.scenes import demo_table
    from florencia_tui.tui.screens import game as game_screen

    # Bots wait even where they would not (decisions taken at once, such as
    # Strasbourg's planning after a round end, are not paced).
    monkeypatch.setattr(game_screen, "bot_pause", lambda *args: 60.0)

    table = demo_table(game, 3, seed=5, steps=steps, store=Store(tmp_path / "s.sqlite3"))
    app = FlorenciaApp(store=table.store, bot_delay=60, table=table)
    app.confirm_turns = False  # as over SSH: no "Enter confirms the turn" step
    async with app.run_test(size=(W, H)) as pilot:
        wire = Wire(app)
        await wire.start(pilot)
        where = app.screen.query_one(anchor).region if anchor else None
        phase = table.state["phase"], table.status()
        action = table.legal(table.to_act()[0])[pick]
        entries = len(table.entries)
        await pilot.press("colon", *[ch if ch != " " else "space" for ch in action])
        await wire.settle(pilot)
        wire.count()
        await pilot.press("enter")
        await wire.settle(pilot)
        assert len(table.entries) == entries + 1  # applied, no bot has moved yet
        full, diff = wire.count()
        wire.assert_same()
        assert diff <= 8 * 1024 < full, (action, full, diff)
        # The footer lists the same keys for every decision (a panel's own
        # keys are on its own lines): not a byte of it is sent again.
        assert H - 1 not in wire.rows_sent()
        if anchor:
            assert (table.state["phase"], table.status()) != phase  # a phase change
            assert app.screen.query_one(anchor).region.y == where.y, action


@pytest.mark.parametrize(
    "scene", ["palazzo-board", "strasbourg-board", "florence-board", "architects-board"]
)
async def test_the_footer_stays_drawn_under_the_command_line(tmp_path, scene) -> None:
    """The command line opens over the message row, not the footer, and the
    footer keeps its keys while the line has the keyboard: opening, typing,
    Esc and a typed action send nothing to the footer's row (it cost ~0.6 KiB
    to draw again, every key two colour changes). The decision keeps its
    focused look meanwhile: opening and closing the line send its row alone."""
    app, setup = SCENES[scene](tmp_path)
    async with app.run_test(size=(W, H)) as pilot:
        wire = Wire(app)
        for key in setup:
            await pilot.press(key)
        await wire.start(pilot)
        footer = wire.diff.display[H - 1]
        assert "Type action" in footer
        await pilot.press("colon", "m", "o")
        await wire.settle(pilot)
        assert "mo" in wire.diff.display[H - 2] and wire.rows_sent() == {H - 2}
        wire.count()
        await pilot.press("escape")
        await wire.settle(pilot)
        assert wire.rows_sent() == {H - 2}
        assert wire.diff.display[H - 1] == footer
        wire.assert_same()
        if scene != "palazzo-board":
            return
        # A typed action: its redraw leaves the footer alone (as over SSH, no
        # "Enter confirms the turn" step, whose key the footer would list).
        app.confirm_turns = False
        table = app.screen.table
        action = table.legal(table.to_act()[0])[0]
        await pilot.press("colon", *[ch if ch != " " else "space" for ch in action], "enter")
        await wire.settle(pilot)
        assert H - 2 in wire.rows_sent() and H - 1 not in wire.rows_sent()
        assert "✓" in wire.diff.display[H - 2] and wire.diff.display[H - 1] == footer
        wire.assert_same()
        # A refusal is for the viewer to read while correcting: the line makes way
        # for it and covers the footer, which comes back when the line closes.
        await pilot.press("colon", *"fly", "enter")
        await wire.settle(pilot)
        assert "Refused" in wire.diff.display[H - 2] and "fly" in wire.diff.display[H - 1]
        await pilot.press("escape")
        await wire.settle(pilot)
        assert wire.diff.display[H - 1] == footer
        wire.assert_same()
