"""The game screen's footer is rebuilt only when its keys change (issue 17:
Textual's Footer rebuilt itself, a widget per key styled from scratch, on every
bindings refresh; that was the largest part of an action's CPU in a seated
SSH session's app)."""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from florencia_tui.tui.snapshots import SCENES
from florencia_tui.tui.widgets.common.footer import SteadyFooter


def shown(footer: Footer) -> dict[str, bool]:
    """The footer's keys: description → enabled."""
    return {k.description: not k.disabled for k in footer.query(FooterKey)}


async def test_the_footer_is_rebuilt_only_when_its_keys_change(tmp_path, monkeypatch) -> None:
    app, _ = SCENES["palazzo-board"](tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        footer = screen.query_one(SteadyFooter)
        before = shown(footer)
        assert before["Type action"] and before["Log"]
        rebuilds = []
        recompose = Footer.recompose

        async def counted(self):
            rebuilds.append(self)
            return await recompose(self)

        monkeypatch.setattr(Footer, "recompose", counted)
        # Keys and refreshes that change none of its keys rebuild nothing.
        for key in ("down", "up", "down"):
            await pilot.press(key)
            await pilot.pause()
        screen.refresh_bindings()
        await pilot.pause()
        assert rebuilds == []
        # The command line opens (its typing hides the
        # one-letter keys) and closes: nothing to rebuild, the keys are back.
        await pilot.press("colon")
        await pilot.pause()
        await pilot.press("m", "escape")
        await pilot.pause()
        assert rebuilds == [] and shown(footer) == before
        # A key that changes is shown at once ...
        screen._bindings.bind("f9", "app.bell", "Ring")
        screen.refresh_bindings()
        await pilot.pause()
        assert len(rebuilds) == 1 and shown(footer) == {**before, "Ring": True}
        # ... or, if the command line is open then, once it closes.
        await pilot.press("colon")
        await pilot.pause()
        screen._bindings.bind("f10", "app.refresh", "Ding")
        screen.refresh_bindings()
        await pilot.pause()
        assert len(rebuilds) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert len(rebuilds) == 2 and shown(footer) == {**before, "Ring": True, "Ding": True}
