"""The layers: the rules core and each game's rules know nothing of the UI, the
table, the store or the bots' framework. A game is one package
(florencia_tui/core/plugin.py): only its ``ui/`` may import Textual, Rich or
the app's widgets, and only its ``bot.py`` is about bots (it imports the rules,
never the reverse)."""

import ast
import importlib
from pathlib import Path

from florencia_tui.games import REGISTRY

PKG = Path(__file__).resolve().parents[2] / "florencia_tui"
ABOVE_THE_RULES = (
    "textual",
    "rich",
    "florencia_tui.tui",
    "florencia_tui.table",
    "florencia_tui.store",
    "florencia_tui.net",
    "florencia_tui.bots",
)
UI_ONLY = ("textual", "rich", "florencia_tui.tui")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


#: The parts every game package has (docs/adding-a-game.md), besides ui/__init__.py.
PARTS = ("game.py", "rules.py", "notation.py", "view.py", "data.py", "bot.py", "help.md")


def game_rules_files(game_root: Path) -> list[Path]:
    """A game package's modules outside its ``ui/``."""
    return [f for f in game_root.rglob("*.py") if f.relative_to(game_root).parts[0] != "ui"]


def package_root(plugin) -> Path:
    """The folder of a game's package (under florencia_tui/games/, or a test's)."""
    return Path(importlib.import_module(plugin.package).__file__).parent


def _shown(f: Path) -> str:
    return str(f.relative_to(PKG.parent))


def test_the_core_never_reaches_the_game_registry():
    """``core/`` is the protocol every game implements: it knows no game, and
    no registry of them (a record is replayed with the game its caller looked
    up: ``games.replay``)."""
    for f in (PKG / "core").rglob("*.py"):
        bad = {m for m in imported_modules(f) if m.startswith("florencia_tui.games")}
        assert not bad, f"{f.relative_to(PKG)} imports {bad}"


def test_the_bots_know_a_game_only_through_its_plugin():
    """bots/ reaches a game through the registry (``games.plugin``), never into
    one game's package (a game's own tools, like Strasbourg's plan audit, live
    in that package)."""
    for f in (PKG / "bots").rglob("*.py"):
        bad = {m for m in imported_modules(f) if m.startswith("florencia_tui.games.")}
        assert not bad, f"{f.relative_to(PKG)} imports {bad}"


def test_nothing_outside_a_games_package_names_it():
    """What the app, the bots and the network know of one game (its hint
    phrases, scenes, score unit, benchmark targets) is declared by its plugin:
    no module of the package outside ``games/<id>/`` holds a game's id as a
    string. (Benchmarks and tests may pick one game to run, but list none by
    hand: tests/test_shared_tests.py.)"""
    ids = set(REGISTRY)
    files = [f for f in PKG.rglob("*.py") if f.relative_to(PKG).parts[0] != "games"]
    files += [f for f in (PKG / "games").glob("*.py")]
    for f in files:
        named = {
            n.value
            for n in ast.walk(ast.parse(f.read_text()))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in ids
        }
        assert not named, f"{_shown(f)} names {named}"


def module_imports() -> dict[str, set[str]]:
    """Every module of the package and the modules of the package it imports,
    at its top or inside a function (``from a import b`` counts the module
    ``a.b`` when there is one, else ``a``)."""
    files = {}
    for f in PKG.rglob("*.py"):
        parts = f.relative_to(PKG.parent).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f
    graph = {}
    for name, f in files.items():
        package = name if f.name == "__init__.py" else name.rpartition(".")[0]
        out = set()
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                subs = {f"{base}.{a.name}" for a in node.names} & files.keys()
                out |= subs if len(subs) == len(node.names) else subs | {base}
        graph[name] = out & files.keys()
    return graph


def test_no_module_imports_itself_through_others():
    """No import circle anywhere in the package, imports inside functions
    included (issue 28: the record and the registry, the bot classes and their
    base, the command line and net/, Architects' rules and scoring)."""
    graph = module_imports()
    assert "florencia_tui.bots.search" in graph["florencia_tui.bots.factory"]
    for start in sorted(graph):
        path, seen = [start], {start}
        stack = [iter(sorted(graph[start]))]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                path.pop()
                continue
            assert nxt != start, "import circle: " + " -> ".join([*path, start])
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                stack.append(iter(sorted(graph[nxt])))


def test_the_core_and_the_registry_import_nothing_above_the_rules():
    files = list((PKG / "core").rglob("*.py")) + list((PKG / "games").glob("*.py"))
    assert any(f.name == "plugin.py" for f in files)
    for f in files:
        bad = {m for m in imported_modules(f) if m.startswith(ABOVE_THE_RULES)}
        assert not bad, f"{_shown(f)} imports {bad}"


def test_a_games_rules_import_nothing_above_them(each_game):
    """A game's modules outside ``ui/`` import no Textual, Rich, table, store,
    network or bots' framework; none imports a game's widgets, and none but
    ``bot.py`` a game's bot kit."""
    games = ("florencia_tui.games.", f"{each_game.package}.")
    files = game_rules_files(package_root(each_game))
    assert {f.name for f in files} >= {p for p in PARTS if p.endswith(".py")}
    for f in files:
        mods = imported_modules(f)
        bad = {m for m in mods if m.startswith(ABOVE_THE_RULES)}
        assert not bad, f"{_shown(f)} imports {bad}"
        ui = {m for m in mods if m.startswith(games) and ".ui" in m}
        assert not ui, f"{_shown(f)} imports a game's widgets {ui}"
        if f.name != "bot.py":
            bots = {m for m in mods if m.startswith(games) and m.endswith(".bot")}
            assert not bots, f"{_shown(f)} imports a game's bot kit {bots}"
    ui = [m for f in (package_root(each_game) / "ui").rglob("*.py") for m in imported_modules(f)]
    assert any(m.startswith(UI_ONLY) for m in ui)


def test_the_ui_outside_the_games_never_reaches_into_one_games_widgets():
    """The app reaches a game's widgets only through its plugin."""
    for f in (PKG / "tui").rglob("*.py"):
        bad = {m for m in imported_modules(f) if m.startswith("florencia_tui.games.")}
        bad = {m for m in bad if ".ui" in m}
        assert not bad, f"{f.relative_to(PKG)} imports {bad}"


def test_every_game_is_one_package_with_its_parts(each_game):
    root = package_root(each_game)
    assert each_game.package.rpartition(".")[2] == each_game.id
    for part in PARTS:
        assert (root / part).is_file(), f"{each_game.id} has no {part}"
    assert (root / "ui" / "__init__.py").is_file(), f"{each_game.id} has no ui/"
    assert each_game.game.id == each_game.id
    assert (each_game.game.min_players, each_game.game.max_players) == (
        each_game.min_players,
        each_game.max_players,
    )
    assert each_game.bot.evaluate is not None
    assert type(each_game.ui()).__name__ == "UI"


def _textual_imports(path: Path) -> set[str]:
    """What a file imports from Textual, as ``module.name`` (``textual.screen.Screen``)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("textual"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_every_custom_message_is_defined_in_tui_messages():
    """One module holds the app's own Textual messages; the rest import them."""
    home = PKG / "tui" / "messages.py"
    found = []
    for f in PKG.rglob("*.py"):
        if any(m.startswith("textual.message") for m in _textual_imports(f)):
            assert f == home, (
                f"{f.relative_to(PKG)} imports textual.message: define it in tui/messages.py"
            )
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ClassDef):
                bases = {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}
                if "Message" in bases:
                    found.append((f, node.name))
    assert found and all(f == home for f, _ in found), found


def test_networking_defines_no_screen():
    """net/ is networking (service, server, sshd, web, protocol, wire, remote,
    passwords, client, cli): the lobby's screens live under tui/screens/. The
    client and the servers may run the App; none defines a Screen or imports
    textual.screen."""
    files = list((PKG / "net").rglob("*.py"))
    assert any(f.name == "client.py" for f in files)
    for f in files:
        bad = {m for m in _textual_imports(f) if m.startswith("textual.screen")}
        assert not bad, f"{f.relative_to(PKG)} imports {bad}"
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ClassDef):
                bases = {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}
                assert not any(b.endswith("Screen") for b in bases), (
                    f"{f.relative_to(PKG)} defines the screen {node.name}"
                )
    assert not list((PKG / "net").glob("*.tcss")), "screens' styles belong under tui/"
