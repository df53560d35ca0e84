"""Named variants and the options in effect in F1 help (issue 14, item 7).

A variant is an option with a name and a one-line description, off by default
(the rules as printed), offered by the setup screen, and listed in the F1 help
of a game that plays with it.
"""

from __future__ import annotations

from pathlib import Path

from florencia_tui.games import get_game
from florencia_tui.store import Store
from florencia_tui.table import Table

ROOT = Path(__file__).resolve().parents[2]
SEATS = [{"name": n, "kind": "human"} for n in ("Ana", "Ben", "Cai")]


def test_variants_are_off_by_default_and_offered_at_setup(each_game):
    game = each_game.game
    defaults = game.default_options()
    choices = {key: (label, values, hint) for key, label, values, hint in game.setup_choices()}
    for v in game.variants:
        assert v.name and v.description and "\n" not in v.description
        assert defaults[v.key] == v.off != v.on
        assert choices[v.key] == (
            "Variant",
            [(v.off, "off"), (v.on, "on")],
            f"{v.name}: {v.description}",
        )
    help_text = game.rules_help_for(defaults)
    assert help_text.startswith(game.rules_help.rstrip("\n"))
    assert "## Options in effect" in help_text and "No variant: the rules as printed." in help_text


def test_the_variants_of_issue_14_are_named():
    """The readings issue 14 moved behind a name: Florence P10 ("2 Tipos de
    Paisajes" printed) and Architects' no-worker turn ("no puede ser retirado del
    Ayuntamiento, Mercado Negro, Prisión o el Tablero de jugador de un oponente")."""
    assert "p10_one_type" in {v.key for v in get_game("florence").variants}
    assert "no_worker_fallback" in {v.key for v in get_game("architects").variants}


def test_f1_help_lists_each_variant_in_effect(each_game):
    game = each_game.game
    for v in game.variants:
        text = game.rules_help_for({v.key: v.on})
        assert f"Variant **{v.name}** (`{v.key}`): {v.description}" in text
        assert "No variant" not in text
        others = [w for w in game.variants if w is not v]
        assert not any(f"**{w.name}**" in text for w in others)


def test_table_help_follows_the_options_the_game_is_played_with():
    table = Table(
        "architects", SEATS, seed=4, store=Store(), options={"side": 2, "no_worker_fallback": True}
    )
    text = table.rules_help
    assert "- Boards: side 2" in text and "- Promos: off" in text
    assert "Variant **Take back from anywhere**" in text
    plain = Table("architects", SEATS, seed=4, store=Store()).rules_help
    assert "- Boards: side 1" in plain and "No variant: the rules as printed." in plain
    florence = Table("florence", SEATS, seed=4, options={"p10_one_type": True})
    assert "Variant **P10: any 2 landscapes**" in florence.rules_help
    assert "Open money" not in florence.rules_help


def test_other_options_off_their_default_are_listed_too():
    text = get_game("architects").rules_help_for({"promo_boards": True})
    assert "- Option `promo_boards`: True (default False)" in text


def test_rules_notes_hold_one_readings_table_naming_every_variant(each_game):
    """docs/rules-notes/<game>.md (``Game.rules_notes``): one table of every
    reading, with the option (each variant by its key) that changes it; F1
    help points to it."""
    game = each_game.game
    notes = (ROOT / game.rules_notes).read_text()
    assert notes.count("## Readings") == 1
    assert "| Point | Transcript | Reading chosen | Why | Option |" in notes
    for v in game.variants:
        assert f"variant `{v.key}`" in notes
    assert f"`{game.rules_notes}`" in game.rules_help_for({})


def test_every_game_reads_its_rules_help_from_its_help_md(each_game):
    """One form of rules help: games/<game>/help.md (shipped as package data),
    a Markdown page under a "# " title that says what the engine reconstructs
    of what the rulebook leaves open."""
    from importlib import resources

    game = each_game.game
    md = resources.files(each_game.package) / "help.md"
    assert md.is_file()
    assert game.rules_help == md.read_text(encoding="utf-8")
    assert game.rules_help.startswith("# ")
    assert "reconstruct" in game.rules_help.lower()  # says what is reconstructed
