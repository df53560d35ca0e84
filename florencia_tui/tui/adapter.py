"""The interface between the generic game screen and one game's widgets.

The game screen is the same for every game: status line, board, players panel,
log and an action bar. A :class:`GameUI` supplies what differs: the board
widget, the players panel text, an optional special prompt panel (a card
selector for payments, a placement cursor) and greyed-out options with the
reason they are unavailable. Everything is built from a seat's *view* (a
dict), never from the game state. Prompt widgets answer with
:class:`~florencia_tui.tui.messages.SubmitAction`.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from florencia_tui.core.game import Prompt


class BoardWidget(Widget):
    """A game's board: redrawn from a view whenever the table changes."""

    def show(self, view: dict) -> None:
        raise NotImplementedError


class GameUI:
    game_id = ""

    def board(self) -> BoardWidget:
        raise NotImplementedError

    def players_text(self, view: dict, to_act: list[int]) -> Text:
        """Public information on every player for the side panel."""
        t = Text()
        for i, name in enumerate(view.get("names", [])):
            mark = "▶ " if i in to_act else "  "
            t.append(f"{mark}{name}\n", style="bold" if i in to_act else "")
        return t

    def score(self, view: dict, seat: int) -> str:
        """A seat's score as the side panel writes it (``-5VP``, ``3PP``)."""
        return ""

    def scores_text(self, view: dict, to_act: list[int]) -> Text:
        """One line per seat (name and score): the side panel when the full
        ``players_text`` would not fit the rows the screen has left."""
        from florencia_tui.tui.widgets.common.text import fit  # (common imports this module)

        t = Text()
        for i, name in enumerate(view.get("names", [])):
            acting = i in to_act
            t.append("▶ " if acting else "  ", style="bold cyan")
            t.append(fit(name, 9), style="bold" if acting else "")
            t.append(f" {self.score(view, i):>6}\n", style="bold")
        return t

    def own_text(self, view: dict) -> Text | None:
        """The viewing seat's hand and resources in at most three lines.

        The game screen keeps this strip in sight between the board and the
        decision, so nobody scrolls to see their own things; None for a
        spectator (``view["seat"]`` is None)."""
        return None

    def legend(self, view: dict) -> str:
        """Markdown explaining every glyph this game's board draws (F1 and ?)."""
        return ""

    def prompt_panel(self, prompt: Prompt, view: dict, legal: list[str]) -> Widget | None:
        """A special widget for this decision, or None for the generic action list."""
        return None

    def option_keys(self, prompt: Prompt, legal: list[str]) -> dict[str, str]:
        """Keys fixed to some actions of this decision, so a key means the same
        thing at every step of a turn (Palazzo: a palace's key is its number);
        the other actions take the next free keys in order."""
        return {}

    def unavailable(self, prompt: Prompt, view: dict, legal: list[str]) -> list[tuple[str, str]]:
        """(label, reason) pairs for tempting options that are not legal now."""
        return []


def game_ui(game_id: str) -> GameUI:
    """A new UI for one screen of ``game_id``, from its plugin."""
    from florencia_tui.games import plugin

    return plugin(game_id).ui()
