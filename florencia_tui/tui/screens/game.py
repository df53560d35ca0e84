"""The one game screen every game shares.

It shows one seat's view at a time (the *viewer*): in hot-seat play the human
who owes the current decision, behind a curtain whenever the keyboard passes
between humans. Bots' moves play out with a short pause. All reads and writes
go through the :class:`~florencia_tui.table.Table`.
"""

from __future__ import annotations

import asyncio
import time

from rich.cells import cell_len
from rich.markup import escape
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Input, RichLog, Static

from florencia_tui.core.errors import IllegalAction
from florencia_tui.pacing import bot_pause
from florencia_tui.store import SaveFailed
from florencia_tui.table import LogEntry, TableLike
from florencia_tui.tui.adapter import game_ui
from florencia_tui.tui.messages import SubmitAction
from florencia_tui.tui.screens.confirm import ConfirmScreen
from florencia_tui.tui.screens.curtain import CurtainScreen
from florencia_tui.tui.screens.end import EndScreen
from florencia_tui.tui.screens.help import HelpScreen, notation_examples, notation_help
from florencia_tui.tui.screens.live import live
from florencia_tui.tui.screens.log import LogScreen
from florencia_tui.tui.widgets.common.actionbar import ActionBar
from florencia_tui.tui.widgets.common.footer import SteadyFooter
from florencia_tui.tui.widgets.common.quiet import QuietLog, set_content

UNDONE_MARK = " (undone)"
#: A bot's move that could not be saved is tried again after this many
#: seconds, twice as long after each failure in a row, up to BOT_RETRY_MAX.
BOT_RETRY = 1.0
BOT_RETRY_MAX = 30.0


def status_line(title: str, status: str, tail: str, width: int) -> str:
    """The status line in ``width`` cells: whole if it fits, else without the
    game's title, else the status cut with an ellipsis (never the player's name)."""
    full = f"{title} · {status}{tail}"
    if cell_len(full) <= width:
        return f"[b]{escape(title)}[/b] · {escape(status)}{escape(tail)}"
    short = f"{status}{tail}"
    if cell_len(short) <= width:
        return escape(short)
    room = max(8, width - cell_len(tail))
    return escape((status[: room - 1] + "…" if len(status) > room else status) + tail)


def _sentence(text: str) -> str:
    """``text`` (a reason from the table) as a sentence: capital, full stop."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


class CommandLine(Input):
    """The ``:`` command line. Textual's Input sets its virtual size on every
    keystroke, and a widget's virtual size asks for a layout pass of the whole
    screen (for scrollbars), about two thirds of a keystroke's CPU. This line
    has a fixed size and no scrollbar, so a keystroke repaints it only (its
    horizontal scrolling reads the virtual size, which is still kept)."""

    virtual_size = Reactive(Size(0, 0), layout=False)

    def allow_focus(self) -> bool:
        # Hidden, it never takes the keyboard: Textual gives a screen's focus
        # back to the first focusable widget when it shows again (after the
        # log), and typed keys went to this line, unseen (issue 27.5).
        return self.display and super().allow_focus()

    def on_focus(self) -> None:
        # The decision keeps its focused look (app.tcss): a class on the
        # prompt restyles the prompt's widgets only, not the whole screen.
        for prompt in self.screen.query("#prompt"):
            prompt.add_class("-typing")

    def on_blur(self) -> None:
        for prompt in self.screen.query("#prompt"):
            prompt.remove_class("-typing")


class GameScreen(Screen[None]):
    BINDINGS = [
        ("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        (":", "command", "Type action"),
        ("escape", "leave", "Back"),
        ("u", "undo", "Undo"),
        ("l", "log", "Log"),
        ("o", "settings", "Settings"),
        ("h", "hint", "Hint"),
        Binding("enter", "confirm", "Confirm turn", priority=True),
        Binding("pageup", "board_page(-1)", "Board ↑", show=False),
        Binding("pagedown", "board_page(1)", "Board ↓", show=False),
    ]

    #: Textual repaints the whole screen whenever the focus moves (its
    #: ``Screen.focused`` repaints by default): every widget rendered again
    #: twice an action (the old decision panel lets go of the keyboard, the
    #: new one takes it), then the whole frame compared for the wire. The
    #: widgets that lose and gain the focus repaint themselves (their focus
    #: styles), so the screen does not.
    focused = Reactive(None, repaint=False)

    def __init__(self, table: TableLike, bot_delay: float = 0.6, seat: int | None = None) -> None:
        super().__init__()
        self.table = table
        self.ui = game_ui(table.game_id)
        self.bot_delay = bot_delay
        humans = table.humans
        #: The seat behind the lifted curtain: the one seat whose private view
        #: may be drawn (see :attr:`viewer`). With one human it is theirs for
        #: good, with none nobody's; with several, nobody's until the first
        #: curtain is lifted. A shared table (net.remote.RemoteTable) is played
        #: from several terminals: its service runs the bots and this screen
        #: always shows ``seat`` (None: a spectator's public view), so there is
        #: never a curtain.
        self.lifted: int | None = humans[0] if len(humans) == 1 else None
        self.shared = table.shared
        if self.shared:
            self.lifted = seat
        self._curtain_up = False
        self._drawing = asyncio.Lock()  # one redraw at a time (they await mounts)
        self._bot_pending = False
        self._bot_moves = 0  # bot moves shown since a human last decided (pacing)
        self._bot_retry = 0.0  # seconds before a bot's unsaved move is tried again
        # The human seat whose turn is over but not yet confirmed: nothing else
        # happens until they press Enter (or take it back with u).
        self._confirm: int | None = None
        self._ended = False
        self._log_shown: tuple | None = None  # (viewer, the lines in the side log)
        self._notice: tuple[str, LogEntry] | None = None  # (mark, entry) of the message line
        self._players: tuple[dict, list[int]] | None = None

    # ----- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            board = self.ui.board()
            board.id = "board"
            yield board
            with Vertical(id="side"):
                yield Static(id="players")
                yield QuietLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=10)
        # The viewer's own hand and resources: always in sight, never scrolled.
        yield Static(id="own")
        with Vertical(id="prompt"):
            yield Static(id="prompt-body")
        yield Static(id="message")
        box = CommandLine(id="command")
        yield box
        # While the command line is open its typing hides the screen's one-letter
        # keys; the footer keeps them (they come back with the focus, unchanged).
        yield SteadyFooter(frozen=lambda: box.display)

    async def on_mount(self) -> None:
        self.query_one("#command", Input).display = False
        # Keys belong to the decision: the board and the log scroll (PgUp/PgDn,
        # the mouse) but never take the focus, where action keys would do nothing.
        for scroll in self.query("#board VerticalScroll, #log"):
            scroll.can_focus = False
        await self.advance()

    @property
    def viewer(self) -> int | None:
        """The seat this screen draws and takes keys for: the one behind the
        lifted curtain, or None (the public view) while a curtain is down.
        Every seat-private thing on this screen and the screens it opens (its
        log, help, notation, hint) is drawn for this seat, so no path (a key,
        a bot's move, a screen closing) can show a seat whose curtain was not
        lifted: only :meth:`_hand_over` (which clears it) and
        :meth:`_curtain_down` (Enter on the curtain) change it."""
        return self.lifted

    # ----- the flow of play -----------------------------------------------------
    def decider(self) -> int | None:
        """The human seat that owes a decision now (first in seat order)."""
        for seat in self.table.to_act():
            if self.table.is_human(seat):
                return seat
        return None

    async def advance(self) -> None:
        """Decide what happens next: a bot moves, the curtain drops, or a human is asked."""
        if self._curtain_up:
            return
        table = self.table
        if self.shared:  # the service holds a finished turn for its Enter (net/turns.py)
            self._confirm = self.viewer if table.confirm_due() else None
        if table.is_over():
            await self.render_view()
            if not self._ended:
                self._ended = True
                self.set_timer(max(self.bot_delay, 0.05), self._show_end)
            return
        if self._confirm is not None:
            await self.render_view()
            return
        bot = table.bot_to_act()
        if bot is not None and not (self.shared and self.viewer in table.to_act()):
            await self.render_view(waiting=f"{table.names[bot]} (bot) is thinking…")
            if not self._bot_pending and not self.shared:
                self._bot_pending = True
                pause = bot_pause(table.game, table.state, self._bot_moves, self.bot_delay)
                if pause > 0:
                    self.set_timer(pause, self._bot_move)
                else:
                    self.call_later(self._bot_move)
            return
        decider = self.decider()
        if self.shared:
            await self.render_view()
            return
        if decider is not None and decider != self.viewer and len(table.humans) > 1:
            await self._hand_over(decider)
            return
        await self.render_view()

    async def _hand_over(self, seat: int) -> None:
        """The keyboard passes to ``seat``. All at once, before anything can be
        drawn or typed in between: nobody's view may be drawn any more, what
        the previous player had open is closed, and the curtain drops. Under
        it the screen shows the public view, so that lifting it shows nothing
        of the previous player's even for a frame."""
        self._curtain_up = True
        self.lifted = None
        self._close_private_overlays()
        if self._notice is None:  # the previous viewer's refusal or hint is theirs alone
            self._say("")
        self.app.push_screen(
            CurtainScreen(self.table.names[seat], self.app.curtain_guard),
            lambda ready: self._curtain_down(seat, ready),
        )
        await self.render_view()

    def _close_private_overlays(self) -> None:
        """Before the keyboard passes on: close what the previous viewer had
        open over this screen (their log, the help) and their half-typed action,
        so nothing of theirs is left for the next player when the curtain lifts."""
        stack = self.app.screen_stack
        if self in stack:
            while self.app.screen is not self:
                self.app.pop_screen()
        self.query_one("#command", Input).value = ""
        self._close_command()

    def _curtain_down(self, seat: int, ready: bool | None) -> None:
        """The curtain is dismissed: Enter on it (``ready``) lifts it for
        ``seat``, the one place a human seat's view is let on screen."""
        self._curtain_up = False
        if not ready:  # Esc on the curtain: home, nothing revealed
            self.app.go_home()
            return
        self.lifted = seat
        self.call_later(self.advance)  # redraws the last action in the new viewer's words

    @work(exclusive=True, group="bot")
    async def _bot_move(self) -> None:
        """One bot move, as a worker: the bot thinks in a thread (a search bot
        takes up to a second) so the screen stays responsive."""
        seat = self.table.bot_to_act()
        if seat is not None and not self.table.is_over():
            # The move is applied back on this loop; the waiting line counts
            # the seconds meanwhile.
            started = time.monotonic()
            name = self.table.names[seat]

            def tick() -> None:
                for body in self.query("#prompt-body").results(Static):
                    set_content(
                        body, f"{name} (bot) is thinking… {time.monotonic() - started:.1f} s"
                    )

            ticker = self.set_interval(0.25, tick)
            try:
                action = await asyncio.to_thread(self.table.bot_choice, seat)
            finally:
                ticker.stop()
            if not self._live:
                return  # the screen closed (or the app is shutting down) meanwhile
            try:
                self.table.submit(seat, action)
            except SaveFailed as e:  # nothing moved: say why, try again after a pause
                self._bot_retry = min(BOT_RETRY_MAX, max(BOT_RETRY, 2 * self._bot_retry))
                self._say(
                    f"[b red]✗[/] Could not save {escape(name)}'s move: {escape(e.reason)}; "
                    f"trying again in {self._bot_retry:g} s."
                )
                self.set_timer(self._bot_retry, self._bot_move)  # still _bot_pending
                return
            self._bot_retry = 0.0
            self._bot_moves += 1
        self._bot_pending = False
        try:
            await self.advance()
        except NoMatches:  # the app shut down while this screen was being redrawn
            if self._live:
                raise

    @property
    def _live(self) -> bool:
        return live(self)

    def _show_end(self) -> None:
        self.app.push_screen(EndScreen(self.table))

    # ----- drawing --------------------------------------------------------------
    async def render_view(self, waiting: str = "") -> None:
        """Draw the screen for :attr:`viewer` (the public view while a curtain
        is down): everything at once, then the decision's panel."""
        table = self.table
        seat = self.viewer
        view = table.view(seat)
        to_act = table.to_act()
        self.render_status()
        self.query_one("#board").show(view)
        self._players = (view, to_act)
        self._fit_players()
        own = self.ui.own_text(view) if seat is not None else None
        strip = self.query_one("#own", Static)
        strip.display = bool(own)
        if own:
            set_content(strip, own)
        log = self.query_one("#log", RichLog)
        at_end = log.is_vertical_scroll_end
        self._render_log()
        self._render_notice()
        async with self._drawing:  # one panel at a time: mounting one awaits
            await self._render_prompt(seat, view, to_act, waiting)
        if at_end:  # a new prompt panel resizes the log: keep its newest lines in sight
            self.call_after_refresh(log.scroll_end, animate=False)
        # The decision's height is known once laid out: every seat's score
        # must still be in sight, one line each if need be.
        self.call_after_refresh(self._fit_players)

    def _taking(self) -> str | None:
        """At a network table: the player whose turn, not confirmed yet, this
        seat waits for (it sees the table as it was before that turn)."""
        return self.table.taking_turn() if self.shared else None

    def _hold_prompt_height(self) -> None:
        """Before the next decision is shown: the prompt panel keeps the height
        of the tallest decision shown so far at this screen size (the one on
        screen is laid out by now): a shorter one leaves rows blank instead of
        moving the viewer's strip up and giving the board and the log rows
        (over SSH every row of the log column and the strip sent again, 2-3
        KiB, whenever the next decision was shorter or taller than the last).
        At most a third of the screen is held (all 11 rows at 100x30, 9 at
        80x24), so that one tall decision does not keep the board small."""
        box = self.query_one("#prompt", Vertical)
        height = min(box.outer_size.height, self.size.height // 3 + 1)
        held = box.styles.min_height
        if height and (held is None or height > held.value):
            box.styles.min_height = height

    def _render_notice(self) -> None:
        """The last action line ("✓ …", "↶ …") in the words the *viewer* may
        read (the per-viewer log line), whoever played it."""
        if self._notice is not None:
            mark, entry = self._notice
            # An action taken back (and the undo) is its actor's alone.
            line = entry.line(self.viewer) if entry.shown_to(self.viewer) else ""
            set_content(
                self.query_one("#message", Static), f"{mark} {escape(line)}" if line else ""
            )

    def _say(self, markup: str) -> None:
        """A message for the viewer alone (a refusal); it replaces the last-action line."""
        self._notice = None
        set_content(self.query_one("#message", Static), markup)
        box = self.query_one("#command", Input)
        if markup and box.display:  # the line covered the message row: make way
            box.add_class("-over-footer")

    def _viewer_line(self) -> bool:
        """Does the message row hold a line for the viewer alone (a refusal, a
        hint), not the last action's? The command line must not cover it."""
        return self._notice is None and bool(self.query_one("#message", Static).content)

    def _fit_players(self) -> None:
        if self._players is None:
            return
        view, to_act = self._players
        text = self.ui.players_text(view, to_act)
        rows = self.query_one("#main").size.height
        if rows and len(text.plain.rstrip("\n").splitlines()) > min(rows, 12):
            text = self.ui.scores_text(view, to_act)
        set_content(self.query_one("#players", Static), text)
        # The side log only where it gets two rows or more (l shows it whole, and
        # the last action is on the message line): never a box of no rows.
        lines = len(text.plain.rstrip("\n").splitlines())
        log = self.query_one("#log", RichLog)
        shown = not rows or rows - min(lines, 12) >= 2
        if log.display != shown:
            log.display = shown

    def on_resize(self) -> None:
        # A new size: the decision on screen sets the prompt's height again.
        self.query_one("#prompt", Vertical).styles.min_height = None
        # The log's lines wrap anew: its newest stay in sight (a shrunk browser
        # window showed older ones, and a scrollbar, until the next action).
        log = self.query_one("#log", RichLog)
        self.call_after_refresh(log.scroll_end, animate=False, x_axis=False)
        if self._players is not None:
            self.render_status()
            self._fit_players()

    def render_status(self) -> None:
        """The status line alone (a shared table redraws only this when a
        player comes or goes)."""
        table = self.table
        names = table.names
        to_act = table.to_act()
        who = ", ".join(names[s] for s in to_act) or self._taking() or "nobody"
        if self.viewer is not None and to_act == [self.viewer]:
            tail = f" · you are {names[self.viewer]}, to act"
        else:
            you = f" · you are {names[self.viewer]}" if self.viewer is not None else ""
            tail = f" · to act: {who}{you}"
        set_content(
            self.query_one("#status", Static),
            status_line(
                table.info.title, table.status(), tail, (self.size.width or self.app.size.width) - 2
            ),
        )

    def _render_log(self) -> None:
        log = self.query_one("#log", RichLog)
        lines = self.table.log(self.viewer)
        key = (self.viewer, lines)
        if key == self._log_shown:
            return
        old = self._log_shown
        # Only new lines are written when the log grew; anything else (another
        # viewer, a line marked undone, lines taken back gone) draws it anew.
        if isinstance(old, tuple) and old[0] == self.viewer and lines[: len(old[1])] == old[1]:
            new = lines[len(old[1]) :]
        else:
            log.clear()
            new = lines
        for line in new:
            log.write(
                Text(line, style="strike dim") if line.endswith(UNDONE_MARK) else line,
                scroll_end=False,
            )
        if new and log.auto_scroll:
            # In the same frame as the new lines (RichLog's own scroll waits for
            # the next refresh: a second frame and a second repaint per action).
            log.scroll_end(animate=False, immediate=True, x_axis=False)
        self._log_shown = key

    async def _render_prompt(
        self, seat: int | None, view: dict, to_act: list[int], waiting: str
    ) -> None:
        """The decision of ``seat`` (whose ``view`` the rest of the screen was
        just drawn from). A panel holds the seat's private choices (its hand,
        its money): if the curtain dropped while this one waited its turn or
        while the old panel was removed, it is not drawn (the hand-over's own
        redraw follows)."""
        if seat != self.viewer:
            return
        box = self.query_one("#prompt", Vertical)
        self._hold_prompt_height()
        if self.table.is_over():
            await self._prompt_text(box, "The game is over.")
            return
        if self._confirm is not None and self._confirm == seat:
            await self._prompt_text(
                box,
                "Your turn is done. [b reverse] Enter [/] confirm turn · "
                "[b reverse] u [/] undo (take the last action back)",
            )
            return
        if seat is None or seat not in to_act or waiting or self._curtain_up:
            taking = self._taking()
            text = waiting or (
                f"{taking} is taking their turn…"
                if taking
                else f"Waiting for {', '.join(self.table.names[s] for s in to_act)}…"
            )
            await self._prompt_text(box, text)
            return
        await box.remove_children()
        if seat != self.viewer:
            return
        prompt = self.table.prompt(seat)
        legal = self.table.offered(seat)
        panel = self.ui.prompt_panel(prompt, view, legal)
        if panel is None:
            options = [(a, self.table.label(seat, a)) for a in legal]
            panel = ActionBar(
                prompt,
                options,
                self.ui.unavailable(prompt, view, legal),
                keys=self.ui.option_keys(prompt, legal),
            )
        await box.mount(panel)

    @staticmethod
    async def _prompt_text(box: Vertical, text: str) -> None:
        """A line of text as the prompt panel: the one already there is updated
        in place (a spectator's screen shows one after every change; unmounting
        and mounting a widget each time cost a layout pass and a repaint)."""
        body = box.children[0] if len(box.children) == 1 else None
        if isinstance(body, Static) and body.id == "prompt-body":
            set_content(body, text)
            return
        await box.remove_children()
        await box.mount(Static(text, id="prompt-body"))

    # ----- input ----------------------------------------------------------------
    async def on_submit_action(self, message: SubmitAction) -> None:
        message.stop()
        await self.play(message.action)

    async def play(self, action: str) -> bool:
        seat = self.viewer
        if seat is None or seat not in self.table.to_act():
            self._say("[b red]✗[/] It is not your decision.")
            return False
        try:
            entry = self.table.submit(seat, action)
        except SaveFailed as e:  # not played: the same decision stays, to try again
            self._say(f"[b red]✗[/] {escape(_sentence(str(e)))}")
            return False
        except IllegalAction as e:
            self._say(f"[b red]✗ Refused:[/] {escape(str(e))}")
            return False
        self._notice = ("[green]✓[/]", entry)
        self._render_notice()
        self._bot_moves = 0
        if self._needs_confirm(seat):
            self._confirm = seat
        await self.advance()
        return True

    def _needs_confirm(self, seat: int) -> bool:
        """After ``seat``'s action: does its turn end here with something it may
        still take back? Then play waits for its Enter (``app.confirm_turns``)."""
        table = self.table
        return (
            getattr(self.app, "confirm_turns", False)
            and not self.shared
            and seat not in table.to_act()
            and not table.is_over()
            and table.can_undo(seat)
        )

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        waiting = self._confirm is not None and self._confirm == self.viewer
        if action == "confirm":  # Enter confirms only at the end-of-turn step
            return waiting
        if action == "hint":  # nothing to decide then: its place in the footer is Enter's
            return not waiting
        return True

    async def action_confirm(self) -> None:
        """The turn is confirmed: play passes on (bots move, the curtain drops;
        at a network table the service shows it to everyone at once)."""
        if self.shared:
            try:
                self.table.confirm(self.viewer)
            except IllegalAction as e:  # SaveFailed too: still held, Enter tries again
                self._say(f"[b red]✗[/] {escape(_sentence(str(e)))}")
                return
        self._confirm = None
        await self.advance()

    def action_command(self) -> None:
        box = self.query_one("#command", Input)
        example = self._example()
        # (benchmarks/net_load.py waits for "type an action" on the screen)
        box.placeholder = (
            "type an action"
            + (f", e.g. {example}" if example else "")
            + " · ? lists how · Esc cancels"
        )
        box.set_class(self._viewer_line(), "-over-footer")
        box.display = True
        box.value = ""
        box.focus()

    def _example(self) -> str:
        """An action in notation from the decision on screen (the first offered
        one, or the notation's own example for a decision too large to list)."""
        seat = self.viewer
        if seat is None or seat not in self.table.to_act():
            return ""
        offered = self.table.offered(seat)
        if offered:
            return offered[0]
        examples = notation_examples(self.table.game_id, self.table.prompt(seat).kind)
        return examples[0][0] if examples else ""

    def action_notation(self) -> None:
        """`?` or `help` at the : prompt: the notation of the current decision."""
        seat = self.viewer
        self.app.push_screen(HelpScreen(notation_help(self.table, seat), title="Notation"))

    @on(Input.Submitted, "#command")
    async def command_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text.lower() in ("?", "help"):
            event.input.value = ""
            self.action_notation()
            return
        if text and await self.play(text):
            self._close_command()

    def _close_command(self) -> None:
        """Hide the command line; the keyboard goes back to the decision (or
        to the screen's own keys when it is text): never to a hidden widget."""
        box = self.query_one("#command", Input)
        box.display = False
        if box.has_focus:
            self.set_focus(None)
            self.focus_next()

    def on_key(self, event) -> None:
        if event.key == "escape" and self.query_one("#command", Input).display:
            event.stop()
            self._close_command()

    async def action_undo(self) -> None:
        """Take back the viewer's latest action (core.undo's policy decides)."""
        seat = self.viewer
        if seat is None:
            self._say("[b red]✗[/] A spectator has nothing to undo.")
            return
        if self._bot_pending:
            self._say("[b red]✗ Cannot undo:[/] a bot is moving; undo works within your turn.")
            return
        try:
            entry = self.table.undo(seat)
        except IllegalAction as e:  # SaveFailed too: nothing was taken back
            self._say(f"[b red]✗[/] {escape(_sentence(str(e)))}")
            return
        self._notice = ("[yellow]↶[/]", entry)
        self._render_notice()
        if seat in self.table.to_act():
            self._confirm = None  # back in the turn: it is not over any more
        await self.advance()

    def action_hint(self) -> None:
        """What the strongest bot would play at the viewer's decision and why
        (bots/hint.py), worked out in a thread from that seat's view only; a
        line for the viewer alone, like a refusal."""
        self._say("[dim]Hint: thinking…[/]")
        self._hint(self.viewer, len(self.table.log(self.viewer)))

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, seat: int | None, seen: int) -> None:
        from florencia_tui.bots.hint import table_hint

        try:
            ask = getattr(self.table, "hint", None) or (lambda s: table_hint(self.table, s))
            line = f"[b cyan]?[/] {escape(ask(seat).text())}"
        except (ValueError, IllegalAction) as e:
            line = f"[b red]✗[/] {escape(str(e)[:1].upper() + str(e)[1:])}."
        if seat == self.viewer and seen == len(self.table.log(seat)):  # not stale
            self.app.call_from_thread(self._say, line)

    def action_log(self) -> None:
        self.app.push_screen(LogScreen(self.table, self.viewer))

    def action_settings(self) -> None:
        from florencia_tui.tui.screens.settings import SettingsScreen

        def applied(_) -> None:
            self.bot_delay = self.app.bot_delay

        table_confirm = self.table.confirms_turns() if self.shared else None
        self.app.push_screen(SettingsScreen(table_confirm), applied)

    def action_help(self) -> None:
        view = self.table.view(self.viewer)
        legend = self.ui.legend(view)
        self.app.push_screen(HelpScreen(self.table.rules_help, legend=legend))

    def action_board_page(self, direction: int) -> None:
        scroll = self.query("#board VerticalScroll")
        if scroll:
            if direction < 0:
                scroll.first().scroll_page_up(animate=False)
            else:
                scroll.first().scroll_page_down(animate=False)

    def action_leave(self) -> None:
        """Esc: back one step (a board showing another seat returns to the
        viewer's own), and only then, after asking, to the home screen."""
        board = self.query_one("#board")
        if getattr(board, "back", None) is not None and board.back():
            return

        def answer(leave: bool | None) -> None:
            if leave:
                self.app.go_home()

        if self.shared:  # a network table: Esc goes back to the lobby (NetApp.go_home)
            question = ConfirmScreen(
                "Leave this table for the lobby?",
                "Your seat stays yours: Enter on the table in the lobby brings you back.",
            )
        else:
            question = ConfirmScreen(
                "Leave this game for the home screen?",
                'It is saved after every action: pick it under "Continue a saved game" to play on.',
            )
        self.app.push_screen(question, answer)
