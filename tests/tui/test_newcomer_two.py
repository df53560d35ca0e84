"""A newcomer's second trial (issue 29): every window shows its text whole, at
80x24 and 100x30. The every-screen sweep is tests/tui/test_every_screen.py;
these are the points the trial found, one test each."""

from __future__ import annotations

import pytest

from florencia_tui.tui.scenes import demo_table
from tests.tui.fit import drawn, problems

SIZES = [(80, 24), (100, 30)]


# ----- 1. the settings window ---------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_settings_window_shows_what_it_sets(play, store, size):
    table = demo_table("palazzo", 3, seed=2024, steps=120, store=store)
    async with play(table=table, size=size, confirm_turns=True) as d:
        await d.press("o")
        assert d.screen_name == "SettingsScreen"
        box = d.app.screen.query_one("#settings-text")
        assert box.size.width > 40 and box.size.height >= 8
        assert problems(d.app.screen) == []
        shown = "\n".join(drawn(box))
        assert "Confirm each turn: on" in shown and "Bot speed:" in shown
        await d.press("c")
        assert "Confirm each turn: off" in "\n".join(drawn(box))
        assert d.app.confirm_turns is False


# ----- 2. no text cut at the edge -----------------------------------------------------
def _words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_setup_shows_every_variant_and_bot_description_whole(play, size):
    from textual.widgets import Static

    from florencia_tui.games import available_games, get_game
    from florencia_tui.tui.screens.setup import KIND_NOTES

    for info in available_games():
        async with play(size=size) as d:
            await d.open_setup(info.id)
            await d.press(*["f3"] * info.max_players)
            notes = d.app.screen.query(".seat-note").results(Static)
            shown = [_words(drawn(n)) for n in notes]
            hints = [hint for *_, hint in get_game(info.id).setup_choices()]
            kinds = [KIND_NOTES["human"], KIND_NOTES["bot:heuristic"]]
            for text in hints + kinds:
                assert " ".join(text.split()) in shown, (info.id, text, shown)
            assert problems(d.app.screen) == [], info.id


async def test_the_footer_shows_confirm_turn_whole_at_80_columns(play, store):
    from textual.widgets._footer import FooterKey

    table = demo_table("palazzo", 3, seed=2024, steps=120, store=store)
    async with play(table=table, confirm_turns=True) as d:
        await d.press("1")  # Ana takes a revealed card: her turn waits for Enter
        assert d.app.screen.check_action("confirm", ())
        await d.settle()
        keys = {k.description: k for k in d.app.screen.query(FooterKey)}
        assert "Confirm turn" in keys and "Hint" not in keys  # nothing to hint at
        assert keys["Confirm turn"].region.right <= 80
        assert problems(d.app.screen) == []
        await d.press("enter")
        keys = {k.description for k in d.app.screen.query(FooterKey)}
        assert "Hint" in keys and "Confirm turn" not in keys
