"""The game screen keeps its rows in place from one decision to the next
(issue 17: over SSH a strip or a log column moved by a row is sent again
whole). The prompt panel keeps the height of the tallest decision shown at
this screen size, so a shorter one leaves rows blank instead of moving the
viewer's strip, the board's bottom and the log."""

from __future__ import annotations

from florencia_tui.store import Store
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.scenes import demo_table


async def test_a_shorter_decision_keeps_the_prompt_height_until_a_resize(tmp_path) -> None:
    # Strasbourg, after a step without reward: "return a card?" (three choices),
    # then a bot's turn, one line.
    table = demo_table("strasbourg", 3, seed=5, steps=51, store=Store(tmp_path / "s.sqlite3"))
    app = FlorenciaApp(store=table.store, bot_delay=60, table=table, confirm_turns=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        prompt, own, log = (screen.query_one(q) for q in ("#prompt", "#own", "#log"))
        before = prompt.region, own.region, log.region
        assert prompt.region.height == 4  # a border and three choices
        await screen.play("return none")
        await pilot.pause()
        assert "thinking" in str(screen.query_one("#prompt-body").content)
        assert (prompt.region, own.region, log.region) == before
        # A new size: the decision on screen (one line) sets the height again.
        await pilot.resize_terminal(100, 31)
        await pilot.pause()
        assert prompt.region.height == 2


async def test_the_footer_is_composed_again_only_when_its_keys_change(
    tmp_path, monkeypatch
) -> None:
    from florencia_tui.tui.widgets.common.footer import SteadyFooter

    table = demo_table("palazzo", 3, seed=5, steps=60, store=Store(tmp_path / "s.sqlite3"))
    app = FlorenciaApp(store=table.store, bot_delay=60, table=table, confirm_turns=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        composed = []
        recompose = SteadyFooter.recompose

        async def counted(self):
            composed.append(self)
            return await recompose(self)

        monkeypatch.setattr(SteadyFooter, "recompose", counted)
        # A new decision panel takes the focus (the bindings are announced
        # again), the command line opens and closes: the keys are the same.
        await app.screen.play(table.legal(0)[0])
        await pilot.press("colon", "m", "escape")
        await pilot.pause()
        assert composed == []
        # Enter confirms a turn: a key the footer lists, so it is composed again.
        app.confirm_turns = True
        app.screen._confirm = 0
        app.screen.refresh_bindings()
        await pilot.pause()
        assert len(composed) == 1


async def test_at_80x24_a_tall_decision_is_held_at_a_third_of_the_screen(tmp_path) -> None:
    from florencia_tui.tui.snapshots import SCENES

    app, _ = SCENES["palazzo-board"](tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        prompt = screen.query_one("#prompt")
        await screen._prompt_text(prompt, "\n".join(f"line {i}" for i in range(12)))
        await pilot.pause()
        assert prompt.outer_size.height == 11  # its CSS maximum
        screen._hold_prompt_height()
        assert prompt.styles.min_height.value == 9  # the board keeps its rows


async def test_moving_the_focus_does_not_repaint_the_whole_screen(tmp_path, monkeypatch) -> None:
    """Textual's Screen repaints whole when its focus moves, which a new
    decision panel does twice an action (issue 31.1); the game screen leaves
    that to the widgets that lose and gain the focus."""
    from florencia_tui.tui.screens.game import GameScreen

    table = demo_table("palazzo", 3, seed=5, steps=60, store=Store(tmp_path / "s.sqlite3"))
    app = FlorenciaApp(store=table.store, bot_delay=60, table=table, confirm_turns=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.focused is not None
        whole = []
        refresh = GameScreen.refresh

        def counted(self, *regions, **kwargs):
            if not regions and kwargs.get("repaint", True):
                whole.append(self)
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(GameScreen, "refresh", counted)
        panel = screen.focused
        screen.set_focus(None)
        await pilot.pause()
        screen.set_focus(panel)
        await pilot.pause()
        assert screen.focused is panel
        assert whole == []
