"""F1 help: the symbols on the current board, the keys, the game's rules
summary and what data is reconstructed; and the notation of the decision on
screen (``?`` or ``help`` at the ``:`` prompt)."""

from __future__ import annotations

import importlib
import re

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

KEYS_HELP = """
## Keys

| Key | What it does |
|---|---|
| ↑ ↓, Enter | choose an option of the current decision |
| 1-9, 0, a-z | play the option shown with that key (`h`, `l`, `u`, `o` are never options) |
| ▲ ▼ more above, below | the list goes on: ↑ ↓ or PgUp PgDn show the rest; keys play at once |
| : | type an action in its notation; `?` there lists this decision's notation |
| u | undo your latest action within your turn |
| Enter | at "Your turn is done": confirm the turn, and play passes on |
| h | a hint: what the strongest bot would play here, and why |
| o | settings: confirm turns on/off, bot speed |
| l | the log |
| PgUp PgDn | scroll the board (when the choices do not need them) |
| F1 or ? | this help |
| Esc | back one step; in a game, asks before going home (the game is saved after every action) |
| Ctrl+Q | quit (the game stays saved; `florencia resume ID` continues it) |
"""


def _notation_doc(game_id: str) -> str:
    try:
        from florencia_tui.games import plugin

        module = importlib.import_module(f"{plugin(game_id).package}.notation")
    except (ImportError, KeyError):
        return ""
    return module.__doc__ or ""


def notation_examples(game_id: str, kind: str) -> list[tuple[str, str]]:
    """(notation, meaning) examples the game's notation module gives for the
    decision ``kind`` (e.g. ``palazzo.bid``): the indented lines after the
    line naming it, up to the next heading."""
    lines = _notation_doc(game_id).splitlines()
    out: list[tuple[str, str]] = []
    inside = False
    for line in lines:
        if f"``{kind}``" in line:
            inside = True
            continue
        if inside:
            if line and not line.startswith(" "):
                break
            m = re.match(r"\s{2,}(\S.*?)(?:\s{2,}(.*))?$", line)
            if m:
                out.append((m.group(1), m.group(2) or ""))
    return out


#: A decision kind's internal name (``palazzo.turn``), with what introduces it.
_KIND = re.compile(r"(?:prompt )?``[a-z]+\.[a-z_]+``(?:;\s*|,\s*)?")
#: An example line of a notation module: indented, the notation, two spaces, what it does
#: (or a bullet: ``* ``notation`` - what it does``).
_EXAMPLE = re.compile(r"\s{2,}(\S.*?)(?:\s{2,}(.*))?$|\*\s+``(.+?)``\s+-\s+(.*)$")


def _people_text(line: str) -> str:
    """A line of a notation module for a person: no decision's internal name
    (``(prompt ``palazzo.turn``)``), and code marked as Markdown marks it."""
    line = _KIND.sub("", line)
    line = re.sub(r"\s*\(\s*\)", "", line)
    return line.replace("``", "`")


def notation_markdown(doc: str) -> str:
    """A notation module's docstring as a page to read: its prose as text, each
    block of examples as a table (notation | what it does) whose cells wrap to
    the screen, headings in bold; no markup shown raw and no internal names."""
    lines = doc.strip().splitlines()
    out: list[str] = []
    rows: list[list[str]] = []
    block = {"bullets": False, "indent": 0}  # how the examples of this table are written

    def flush() -> None:
        if rows:
            out.extend(["", "| type | to |", "|---|---|"])
            out.extend(f"| `{a.strip('`')}` | {b.replace('|', '/')} |" for a, b in rows)
            out.append("")
            rows.clear()

    def example(i: int) -> re.Match | None:
        return _EXAMPLE.match(lines[i]) if i < len(lines) else None

    for i, line in enumerate(lines):
        m = _EXAMPLE.match(line)
        indent = len(line) - len(line.lstrip())
        # An indented line that goes on with the last example's words: under a
        # bullet any indented line, else one indented past the examples' column.
        if rows and indent and (block["bullets"] or indent > block["indent"] + 2):
            rows[-1][1] += " " + _people_text(line.strip())
        elif m is not None:
            if not rows:
                block.update(bullets=m.group(3) is not None, indent=indent)
            code, meaning = (m.group(1), m.group(2)) if m.group(3) is None else m.group(3, 4)
            rows.append([_people_text(code).strip("`"), _people_text(meaning or "")])
        elif not line.strip():
            flush()
            out.append("")
        else:
            flush()
            text = _people_text(line)
            heading = example(i + 1) is not None and not line.startswith("*")
            out.append(f"**{text.rstrip(':').strip()}**" if heading else text)
    flush()
    return "\n".join(out)


def notation_help(table, seat: int | None) -> str:
    """Markdown: the decision on screen, its actions in notation with what
    each does, and the whole notation of the game."""
    out = ["# Typing an action", ""]
    if seat is not None and seat in table.to_act():
        prompt = table.prompt(seat)
        out += [f"**{prompt.text}**", ""]
        offered = table.offered(seat)
        rows = [(a, table.label(seat, a)) for a in offered[:12]]
        if not rows:
            rows = notation_examples(table.game_id, prompt.kind)
        if rows:
            out += ["| type | to |", "|---|---|"]
            out += [f"| `{a}` | {label.replace('|', '/')} |" for a, label in rows]
            if len(offered) > 12:
                out.append(f"\n…and {len(offered) - 12} more of the same form.")
            out.append("")
    else:
        out += ["Nothing to decide for you right now.", ""]
    doc = _notation_doc(table.game_id)
    if doc:
        out += [f"## The notation of {table.info.title}", "", notation_markdown(doc)]
    return "\n".join(out)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        ("escape", "close", "Close"),
        ("f1", "close", "Close"),
        ("question_mark", "close", "Close"),
        ("q", "close", "Close"),
    ]

    def __init__(self, text: str, legend: str = "", title: str = "", keys: bool = True) -> None:
        super().__init__()
        self.text = text
        self.legend = legend
        self.keys = keys and not title  # the notation page has no keys table

    def compose(self) -> ComposeResult:
        parts = [p for p in (self.legend, KEYS_HELP if self.keys else "", self.text) if p]
        with VerticalScroll(id="help-scroll"):
            yield Markdown("\n\n".join(parts))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
