"""The example game is a game package like the real ones: the same parts, and
the same layers (tests/core/test_layers.py): only its ``ui/`` imports Textual,
Rich or the app's widgets, and nothing but ``bot.py`` is about bots."""

from __future__ import annotations

from pathlib import Path

from florencia_tui.tui.screens.help import notation_examples
from tests.core.test_layers import (
    ABOVE_THE_RULES,
    PARTS,
    UI_ONLY,
    game_rules_files,
    imported_modules,
)
from tests.example_game.auction import PLUGIN

ROOT = Path(__file__).resolve().parent / "auction"


def test_the_example_game_has_every_part_of_a_game_package(auction):
    for part in PARTS:
        assert (ROOT / part).is_file(), f"the example game has no {part}"
    assert (ROOT / "ui" / "__init__.py").is_file()
    assert PLUGIN.package == "tests.example_game.auction"
    assert PLUGIN.game.id == PLUGIN.id and PLUGIN.bot.evaluate is not None
    assert PLUGIN.game.rules_help.startswith("# Three-card auction")
    assert type(PLUGIN.ui()).__name__ == "UI"
    # The `:` prompt's help reads each decision's notation from notation.py's docstring.
    assert notation_examples("auction", "auction.bid") == [
        ("bid 3", "play your 3 face down as this round's bid")
    ]


def test_only_the_example_games_ui_imports_a_ui_and_only_its_bot_is_about_bots():
    files = game_rules_files(ROOT)
    assert {f.name for f in files} >= {p for p in PARTS if p.endswith(".py")}
    for f in files:
        mods = imported_modules(f)
        bad = {m for m in mods if m.startswith(ABOVE_THE_RULES)}
        assert not bad, f"{f.name} imports {bad}"
        assert not {m for m in mods if ".ui" in m}, f"{f.name} imports the widgets"
        if f.name != "bot.py":
            assert not {m for m in mods if m.endswith(".bot")}, f"{f.name} imports the bot kit"
    ui = [m for f in (ROOT / "ui").rglob("*.py") for m in imported_modules(f)]
    assert any(m.startswith(UI_ONLY) for m in ui)
