"""Replays: pick any saved or finished game and step through it entry by entry.

The board is the game's own board widget (``game_ui(game).board()``) drawn from
a spectator's view at each step; once the game is over, also from any seat's
view, and there is an *everything* view: the spectator's board plus, beside
it, what each seat's view holds beyond the spectator's (hands and the like).
A replay for a seat or a spectator steps over what a player took back (the
action and its undo: ``Timeline.positions``), which only its actor (and the
everything view) sees.
"""

from __future__ import annotations

import time

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from florencia_tui.core.errors import IllegalAction
from florencia_tui.gamelog import ALL, Timeline, private_parts
from florencia_tui.games import REGISTRY
from florencia_tui.tui.adapter import game_ui
from florencia_tui.tui.screens.log import styled
from florencia_tui.tui.widgets.common.text import fit

#: Most recent log lines drawn in the side panel at each step.
SIDE_LOG_LINES = 120


def _short(value) -> str:
    if isinstance(value, list):
        return " ".join(_short(v) for v in value) or "—"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_short(v)}" for k, v in value.items())
    return "—" if value is None else str(value)


def hidden_text(timeline: Timeline, state: dict, public: dict) -> Text:
    """Each seat's private information at ``state`` (the everything view)."""
    game = timeline.game
    t = Text()
    t.append("Hidden information\n", style="bold underline")
    for seat, name in enumerate(timeline.record.names):
        parts = private_parts(game.view(state, seat), public)
        t.append(f"{name}: ", style="bold")
        if not parts:
            t.append("nothing hidden\n", style="dim")
            continue
        bits = []
        for path, value in parts:
            label = path.removeprefix(f"players.{seat}.").replace("_", " ")
            bits.append(f"{label} {_short(value)}")
        t.append(" · ".join(bits) + "\n")
    return t


def replay_status(head: str, where: list[str], view: str, status: str, width: int) -> Text:
    """The replay's top line in ``width`` cells: ``head`` (bold), then ``where``
    (game, step, round), the view and the game's status. What does not fit goes
    first the round (the status often says it again), then the end of the
    status (cut with "…"), and last the game's title."""
    title, step, rnd = where
    room = width - cell_len(head) - 1
    line = " · ".join(p for p in [title, step, rnd, view, status] if p)
    if cell_len(line) > room:
        for parts in ([title, step, view], [step, view]):
            lead = " · ".join(p for p in parts if p) + " · "
            if room - cell_len(lead) >= 16 or not parts[0]:
                break
        line = lead + fit(status, max(8, room - cell_len(lead)))
        line = fit(line, max(8, room)).rstrip()
    text = Text(head, style="bold")
    text.append(" " + line)
    return text


class ReplayScreen(Screen[None]):
    # Priority: scrolling widgets (the log, a board) would otherwise take the arrows.
    BINDINGS = [
        Binding("escape", "close", "Exit"),
        Binding("right", "step(1)", "Next", priority=True),
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("home", "jump('start')", "Start", priority=True),
        Binding("end", "jump('end')", "End", priority=True),
        Binding("left_square_bracket", "round(-1)", "Round-", priority=True),
        Binding("right_square_bracket", "round(1)", "Round+", priority=True),
        Binding("g", "goto", "Goto round", priority=True),
        Binding("v", "view", "View", priority=True),
    ]

    def __init__(
        self, timeline: Timeline, table_id: int | None = None, finished: bool | None = None
    ) -> None:
        super().__init__()
        self.timeline = timeline
        self.table_id = table_id
        game = timeline.game
        self.finished = (
            game.is_over(timeline.state(len(timeline))) if finished is None else finished
        )
        # Finished games start with everything shown and can show any seat's
        # view. A game still in play shows the public view only: its seats'
        # secrets are still secret (the players may be sitting right here).
        self.viewers: list = [None]
        if self.finished:
            self.viewers += [*range(len(timeline.record.seats)), ALL]
        self.viewer = ALL if self.finished else None
        self.pos = 0
        self.shown_view: dict | None = None
        self.ui = game_ui(timeline.record.game)

    # ----- layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            board = self.ui.board()
            board.id = "board"
            yield board
            with Vertical(id="side"):
                yield Static(id="players")
                # The everything view's hidden information: as long as the hands
                # are, so it scrolls instead of being cut (issue 29).
                with VerticalScroll(id="hidden-scroll"):
                    yield Static(id="hidden")
                log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=10)
                log.can_focus = False
                yield log
        yield Static(id="replay-step")
        yield Input(
            id="replay-round", placeholder="round number, then Enter (Esc cancels)", type="integer"
        )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._round_box(False)
        self.render_step()

    def _round_box(self, shown: bool) -> Input:
        """Show or hide the round box. Hidden, it is also disabled: it must never
        keep the focus (a board that takes no focus would leave it there, and an
        Input takes printable keys, so v and g would never reach the screen)."""
        box = self.query_one("#replay-round", Input)
        box.display = shown
        box.disabled = not shown
        return box

    # ----- drawing ------------------------------------------------------------------
    def viewer_name(self) -> str:
        if self.viewer == ALL:
            return "everything"
        if self.viewer is None:
            return "spectator"
        return self.timeline.record.names[self.viewer]

    def render_step(self) -> None:
        tl = self.timeline
        game = tl.game
        state = tl.state(self.pos)
        seat_view = None if self.viewer == ALL else self.viewer
        view = game.view(state, seat_view)
        rnd = tl.round_at(self.pos)
        title = REGISTRY[tl.record.game].title if tl.record.game in REGISTRY else tl.record.game
        gid = f" #{self.table_id}" if self.table_id is not None else ""
        shown = tl.positions(self.viewer)
        step = f"{shown.index(self.pos)}/{len(shown) - 1}"
        self.query_one("#status", Static).update(
            replay_status(
                f"Replay{gid}",
                [title, step, f"round {rnd}" if rnd is not None else ""],
                f"view: {self.viewer_name()}",
                game.status(state),
                (self.size.width or self.app.size.width) - 2,
            )
        )
        self.shown_view = view  # what the board was given (for tests and tools)
        self.query_one("#board").show(view)
        self.query_one("#players", Static).update(self.ui.players_text(view, game.to_act(state)))
        hidden = self.query_one("#hidden-scroll")
        hidden.display = self.viewer == ALL
        if hidden.display:
            self.query_one("#hidden", Static).update(hidden_text(tl, state, view))
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in tl.lines(self.pos, self.viewer)[-SIDE_LOG_LINES:]:
            log.write(styled(line, status=False))
        step = self.query_one("#replay-step", Static)
        if self.pos == 0:
            step.update("[dim]The start of the game. → steps forward.[/]")
        else:
            step.update(styled(tl.lines(self.pos, self.viewer)[-1]))

    def on_resize(self) -> None:
        self.render_step()  # the top line fits the new width

    # ----- keys ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # While the round box is open its keys are typing, except Escape and Enter.
        if action != "close" and self.query_one("#replay-round", Input).display:
            return False
        return True

    def action_step(self, delta: int) -> None:
        """One step on or back, over the positions this viewer may see."""
        shown = self.timeline.positions(self.viewer)
        i = shown.index(self.pos) + delta
        self.pos = shown[max(0, min(len(shown) - 1, i))]
        self.render_step()

    def action_jump(self, where: str) -> None:
        self.pos = 0 if where == "start" else self.timeline.positions(self.viewer)[-1]
        self.render_step()

    def action_round(self, delta: int) -> None:
        rnd = self.timeline.round_at(self.pos)
        if rnd is None:
            self.notify("This game has no rounds: ← and → step through it.")
            return
        rounds = self.timeline.rounds(self.viewer)
        target = (
            next((r for r in rounds if r > rnd), None)
            if delta > 0
            else (
                rnd
                if self.timeline.first_of_round(rnd, self.viewer) != self.pos
                else next((r for r in reversed(rounds) if r < rnd), None)
            )
        )
        if target is None:
            self.action_jump("end" if delta > 0 else "start")
            return
        self.pos = self.timeline.first_of_round(target, self.viewer) or 0
        self.render_step()

    def action_goto(self) -> None:
        box = self._round_box(True)
        box.value = ""
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            target = int(event.value)
        except ValueError:
            target = None
        pos = self.timeline.first_of_round(target, self.viewer) if target is not None else None
        if pos is None:
            rounds = self.timeline.rounds(self.viewer)
            span = f"{rounds[0]}-{rounds[-1]}" if rounds else "none"
            self.notify(
                f"No round {event.value or '?'} in this game (rounds {span}).", severity="warning"
            )
            return
        self._round_box(False)
        self.pos = pos
        self.render_step()

    def action_view(self) -> None:
        if not self.finished:
            self.notify(
                "This game is still in play: the replay shows what a spectator sees. "
                "Each seat's view unlocks when the game is over."
            )
            return
        i = self.viewers.index(self.viewer)
        self.viewer = self.viewers[(i + 1) % len(self.viewers)]
        # At a step this viewer may not see (a taken-back action of another
        # seat's): the last one before it it may.
        self.pos = max(k for k in self.timeline.positions(self.viewer) if k <= self.pos)
        self.render_step()

    def action_close(self) -> None:
        if self.query_one("#replay-round", Input).display:  # Escape first closes the round box
            self._round_box(False)
            return
        self.app.pop_screen()


class ReplaysScreen(Screen[None]):
    """Every saved game, newest first; Enter opens its replay."""

    BINDINGS = [("escape", "close", "Back"), ("enter", "open", "Replay")]

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static(
                "Replays · every saved and finished game · Enter opens one", id="home-title"
            )
            yield OptionList(id="replays")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#replays", OptionList)
        rows = self.app.store.list()
        if not rows:
            box.add_option(Option(Text("no saved games yet", style="dim"), disabled=True))
        for g in rows:
            info = REGISTRY.get(g.game)
            title = info.title if info else g.game
            when = time.strftime("%d %b %H:%M", time.localtime(g.updated))
            state = "finished" if g.status == "over" else "in play"
            label = Text(
                f"#{g.id} {title} · {state} · {', '.join(g.names)} · "
                f"{g.n_actions} entries · {when}",
                style="" if info and info.available else "dim",
            )
            box.add_option(
                Option(label, id=f"replay-{g.id}", disabled=not (info and info.available))
            )
        if rows:
            box.highlighted = 0
        box.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open_replay(int((event.option.id or "replay-0").removeprefix("replay-")))

    def action_open(self) -> None:
        box = self.query_one("#replays", OptionList)
        if box.highlighted is not None:
            opt = box.get_option_at_index(box.highlighted)
            if opt.id and not opt.disabled:
                self.open_replay(int(opt.id.removeprefix("replay-")))

    def open_replay(self, table_id: int) -> None:
        store = self.app.store
        try:
            saved = store.get(table_id)
            timeline = Timeline.build(store.record(table_id), store.action_rows(table_id))
        except (KeyError, IllegalAction, ValueError) as e:
            self.notify(f"Cannot replay game {table_id}: {e}", severity="error")
            return
        self.app.push_screen(ReplayScreen(timeline, table_id, finished=saved.status == "over"))

    def action_close(self) -> None:
        self.app.pop_screen()
