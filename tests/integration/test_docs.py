"""The examples in docs/engine.md run as written."""

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_engine_doc_python_examples_run(capsys):
    blocks = re.findall(r"```python\n(.+?)```", DOC.read_text(), re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})
    out = capsys.readouterr().out
    assert "refused:" in out


def test_cli_commands_in_doc_exist():
    from florencia_tui.cli import _parser

    cmds = re.findall(r"^florencia (\w+)", DOC.read_text(), re.M)
    sub = _parser()._subparsers._group_actions[0].choices
    assert cmds and all(c in sub for c in cmds)


def test_adding_a_game_points_at_files_and_names_that_exist():
    """docs/adding-a-game.md's recipe names the example game's files and a real
    game's: every path it names exists, and every ``file::name`` is in that file."""
    root = DOC.parents[1]
    text = (root / "docs" / "adding-a-game.md").read_text()
    top = "florencia_tui|tests|docs|benchmarks|core|bots|tui|games"
    refs = re.findall(rf"`((?:{top})/[\w./<>-]+?)(?:::(\w+))?`", text)
    assert len(refs) > 40
    for path, name in refs:
        if "<" in path:  # a pattern such as docs/rules-notes/<id>.md
            continue
        if path.startswith(("core/", "bots/", "tui/", "games/")):  # inside the package
            path = f"florencia_tui/{path}"
        assert (root / path).exists(), f"docs/adding-a-game.md names {path}, which is not there"
        if name:
            assert name in (root / path).read_text(), f"{path} has no {name}"
    # Each part of the example game is named at its step.
    example = root / "tests" / "example_game" / "auction"
    for f in [*example.glob("*.py"), example / "help.md", example / "ui"]:
        shown = f"tests/example_game/auction/{f.name}" + ("/" if f.is_dir() else "")
        assert f"`{shown}`" in text, f"docs/adding-a-game.md never names {shown}"
