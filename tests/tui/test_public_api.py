"""Textual as its authors write it: our widgets, screens and apps use Textual's
public API. None of them defines a private name that Textual's own classes
define (overriding ``Widget._scroll_to`` by accident breaks every scroll of that
widget), and nothing reads a private attribute of a Textual object."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import florencia_tui

PKG = Path(florencia_tui.__file__).resolve().parent
ROOT = PKG.parent

#: Where no public API exists: net/wire.py sends only the changed cells, so
#: it takes each frame from Textual's hook to the driver (and its tests and
#: the benchmark look at the same hook). textual-serve's AppService has no
#: public way to choose how a tab's app process starts, so net/web_apps.py's
#: TabAppService forks it from the app zygote through these two.
HOOKS = {
    ("DiffingDisplay", "_display"),
    ("TabAppService", "_build_environment"),
    ("TabAppService", "_open_app_process"),
}


def _our_classes():
    for mod in pkgutil.walk_packages(florencia_tui.__path__, "florencia_tui."):
        if mod.name.endswith("__main__"):
            continue
        module = importlib.import_module(mod.name)
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == module.__name__:
                yield cls


def test_nothing_of_ours_overrides_a_private_textual_name():
    from textual.reactive import Reactive
    from textual.widget import Widget

    # What Textual's metaclass writes into every class it makes.
    generated = set(vars(type("Probe", (Widget,), {})))
    checked = 0
    for cls in _our_classes():
        textual = [b for b in cls.__mro__ if b.__module__.startswith("textual")]
        if not textual:
            continue
        checked += 1
        ours = [b for b in cls.__mro__ if b.__module__.startswith("florencia_tui")]
        for base in ours:
            # A public reactive redeclared (e.g. without its layout flag): the
            # metaclass writes its private default under the same name.
            redeclared = {f"_default_{n}" for n, v in vars(base).items() if isinstance(v, Reactive)}
            for name in vars(base):
                if not name.startswith("_") or name.startswith("__") or name in generated:
                    continue
                if name in redeclared:
                    continue
                clash = [t.__qualname__ for t in textual if name in vars(t)]
                assert not clash or (base.__name__, name) in HOOKS, (
                    f"{base.__module__}.{base.__qualname__}.{name} overrides {clash[0]}.{name}"
                )
    assert checked > 20  # every screen, widget and app was looked at


#: Private attributes of Textual objects we once read (OptionList._options,
#: Column._cells, App._notifications, another screen's method).
PRIVATE = re.compile(
    r"\.(_options|_cells|_nodes|_notifications|_exit_renderables|_screen_stack|"
    r"_print_error_renderables|_refresh_from_store)\b"
)


def test_no_private_textual_attribute_is_read():
    files = [
        *PKG.rglob("*.py"),
        *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "benchmarks").rglob("*.py"),
    ]
    me = Path(__file__).resolve()
    bad = [
        f"{f.relative_to(ROOT)}: {m.group(0)}"
        for f in files
        if f.resolve() != me
        for m in PRIVATE.finditer(f.read_text())
    ]
    assert not bad, bad
