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
