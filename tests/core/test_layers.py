"""The rules core and the games know nothing of the UI, the table, the store or bots."""

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "florencia_tui"
FORBIDDEN = (
    "textual",
    "rich",
    "florencia_tui.tui",
    "florencia_tui.table",
    "florencia_tui.store",
    "florencia_tui.bots",
)


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_core_and_games_import_nothing_above_them():
    files = list((PKG / "core").rglob("*.py")) + list((PKG / "games").rglob("*.py"))
    assert files
    for f in files:
        bad = {m for m in imported_modules(f) if m.startswith(FORBIDDEN)}
        assert not bad, f"{f.relative_to(PKG)} imports {bad}"
