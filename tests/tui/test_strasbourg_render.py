"""The Strasbourg board repaints only the rows a moving cursor changes (issue 17):
the map and the placement picker keep each row's rendering. After any sequence
of moves every kept row must be what a fresh rendering of the same state draws,
cell for cell and style for style."""

from __future__ import annotations

import random

from rich.segment import Segment

from florencia_tui.games.strasbourg.ui import render
from florencia_tui.games.strasbourg.ui.board import CityMap, StrasbourgBoard
from florencia_tui.games.strasbourg.ui.picker import PlacementPicker
from florencia_tui.tui.snapshots import SCENES, SIZE


def cells(strip) -> list[tuple[str, object]]:
    """(character, style) per cell of a painted row."""
    return [(ch, seg.style) for seg in strip for ch in seg.text]


def fresh(widget, text) -> list[tuple[str, object]]:
    """A row painted from scratch: ``text`` rendered now, in the widget's style."""
    console = widget.app.console
    segs = Segment.apply_style(text.render(console), console.get_style(text.style))
    base = widget.rich_style
    out = [(ch, base + s.style if s.style else base) for s in segs for ch in s.text]
    return out + [(" ", base)] * (widget.size.width - len(out))


def assert_rows_fresh(widget, expected: list) -> None:
    assert len(widget.rows) == len(expected)
    for y, text in enumerate(expected):
        assert cells(widget.render_line(y)) == fresh(widget, text), f"row {y}"


async def test_cursor_moves_repaint_only_what_changed_and_match_a_fresh_render(tmp_path):
    app, keys = SCENES["strasbourg-board"](tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        board = app.screen.query_one(StrasbourgBoard)
        city = board.query_one(CityMap)
        picker = app.screen.query_one(PlacementPicker)
        start = board.cursor
        seen = {start}
        for key in ["right", "down", "down", "left", "up", "space", "right", "down", "left"]:
            before = [cells(city.render_line(y)) for y in range(len(city.rows))]
            await pilot.press(key)
            await pilot.pause()
            seen.add(board.cursor)
            assert board.cursor == picker.current.id
            # every map row equals a fresh drawing of the map with this cursor
            lines = render.map_lines(board.view, board.cursor, board.marks)
            assert_rows_fresh(city, lines)
            # and only rows showing the old or new cursor changed
            after = [cells(city.render_line(y)) for y in range(len(city.rows))]
            changed = [y for y in range(len(after)) if after[y] != before[y]]
            assert len(changed) <= 2
            # the picker's rows equal its text wrapped afresh
            wrapped = []
            for line in picker.render().split("\n", allow_blank=True):
                wrapped.extend(line.wrap(app.console, picker.size.width) if line.plain else [line])
            assert_rows_fresh(picker, wrapped)
        assert len(seen) >= 4  # the cursor really went places


async def test_a_new_view_rebuilds_only_the_map_lines_it_changes(tmp_path, monkeypatch):
    """After each action (the human's, then the bots'), every map row equals a
    fresh drawing of the new view, and lines nothing changed were kept."""
    app, _keys = SCENES["strasbourg-board"](tmp_path)
    app.confirm_turns = False  # the bots move as soon as the human has
    built: list[int] = []
    line = render.MapLayout.line

    def counted(self, i, cursor=None, marks=None):
        built.append(i)
        return line(self, i, cursor, marks)

    monkeypatch.setattr(render.MapLayout, "line", counted)
    shows: list[tuple[int, int]] = []  # per new view shown: (lines built, lines)
    show = CityMap.show

    def watched(self, view, cursor, marks):
        new, n = self.layout_ is None or self.layout_.view is not view, len(built)
        show(self, view, cursor, marks)
        if new:
            shows.append((len(built) - n, len(self.rows)))

    monkeypatch.setattr(CityMap, "show", watched)
    pick = random.Random(1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one(StrasbourgBoard)
        city = board.query_one(CityMap)
        table = screen.table
        for _ in range(6):
            if table.is_over() or 0 not in table.to_act():
                break
            entries = len(table.entries)
            await screen.play(table.game.sample(table.state, 0, pick))
            for _wait in range(200):  # the bots' moves after it
                await pilot.pause(0.02)
                if table.is_over() or (0 in table.to_act() and table.bot_to_act() is None):
                    break
            await pilot.pause()
            assert len(table.entries) > entries
            assert_rows_fresh(city, render.map_lines(board.view, board.cursor, board.marks))
        # a view after the first: lines nothing changed were not built again
        assert len(shows) > 3 and all(b < n for b, n in shows[1:])
