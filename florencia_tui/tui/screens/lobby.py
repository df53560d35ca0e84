"""The lobby of networked play: the tables, who is here, a new table.

:class:`LobbyScreen` is where the networked app
(:class:`~florencia_tui.net.client.NetApp`) shows what the home screen would:
create a table (:class:`NewTableScreen`), join a free seat by its code,
spectate, see who is connected. It talks to the table service through
``app.conn`` (a :class:`~florencia_tui.net.remote.Connection`); the game itself
is the usual :class:`~florencia_tui.tui.screens.game.GameScreen`.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from florencia_tui.bots.base import BOT_KINDS
from florencia_tui.games import REGISTRY, available_games
from florencia_tui.net import clocks
from florencia_tui.net.remote import RemoteError
from florencia_tui.tui.screens.live import live
from florencia_tui.tui.screens.ratings import RatingsScreen, Unavailable
from florencia_tui.tui.widgets.common.text import plural

#: The lobby's own styles; the networked app loads them after tui/app.tcss.
LOBBY_CSS = Path(__file__).resolve().with_name("lobby.tcss")

STATE_MARK = {
    "here": ("●", "green"),
    "away": ("◐", "yellow"),
    "gone": ("○", "red"),
    "open": ("", "dim"),
    "bot": ("", "dim"),
    "seated": ("●", "green"),
}


def steady_cursors(screen: Screen) -> None:
    """No blinking text cursors: over SSH each blink is a repaint sent twice a second."""
    for box in screen.query(Input):
        box.cursor_blink = False


def table_text(t: dict) -> Text:
    text = Text()
    text.append(f"{t['code']:<5}", style="bold cyan")
    text.append(f" {t['title']}", style="bold")
    if t["state"] == "waiting":
        text.append(f" · waiting for {plural(t['free'], 'player')}", style="yellow")
    else:
        text.append(f" · {plural(t['actions'], 'action')}", style="dim")
    if t["mine"] is not None:
        text.append(" · your seat", style="bold green")
    elif t["free"] and t["state"] == "playing":
        text.append(f" · {plural(t['free'], 'free seat')}", style="green")
    if t.get("rated") is False:  # rated is the rule; its opener said no
        text.append(" · unrated", style="dim")
    clock = t.get("clock")
    if clock is None and t.get("pace", "live") != "live":
        text.append(f" · {t['pace']}", style="dim")
    elif clock is not None:
        text.append(f" · {clock['pace']}", style="dim")
        text.append("\n   ")
        if clock["yours"]:
            text.append("your move", style="bold green")
            text.append(
                f" for {clocks.span(clock['since'])} · {clocks.span(clock['left'])} left",
                style="green",
            )
        elif clock["replaced"]:
            text.append("a bot plays your seat (your time ran out)", style="dim")
        else:
            text.append("not your move", style="dim")
        if clock["pause"]:
            text.append(f" · {clock['pause']}", style="yellow")
            if clock["answer"]:
                text.append(" (a accepts, x refuses)", style="bold yellow")
            elif clock["asked"]:
                text.append(" (p ends it)", style="dim")
        elif t["mine"] is not None and not clock["replaced"]:
            text.append(" · p asks for a pause", style="dim")
    text.append("\n   ")
    for i, s in enumerate(t["seats"]):
        if i:
            text.append(", ")
        mark, style = STATE_MARK.get(s["state"], ("", ""))
        if mark:
            text.append(mark + " ", style=style)
        # A seat nobody holds yet says so in words (it read "ana@web, · open").
        name = "open seat" if s["state"] == "open" else s["name"]
        text.append(name, style="dim" if s["state"] in ("open", "bot") else "")
    return text


class NewTableScreen(ModalScreen[dict | None]):
    """Choose a game, how many other humans and how many bots (and how strong)."""

    BINDINGS = [
        ("escape", "cancel", "Cancel"),
        ("f5", "create", "Create"),
        ("f6", "toggle_rated", "Rated"),
    ]
    bot = "bot:random"
    hints = True  # the opener decides whether 'h' gives hints at this table
    rated = True  # ... and whether its result counts in the ratings
    confirm = True  # ... and whether each turn waits for its player's Enter
    #: ... and whether it is live or turn-based (a time per move, clocks.py)
    PACES = ("live", *clocks.DAYS)
    pace: str | int = "live"
    timeout = next(iter(clocks.RULES))  # when a turn-based seat's time runs out

    def compose(self) -> ComposeResult:
        with Vertical(id="new-table"):
            yield Static("New table", classes="title")
            yield OptionList(
                *[
                    Option(g.title + f" ({g.min_players}-{g.max_players})", id=g.id)
                    for g in available_games()
                ],
                id="new-game",
            )
            with Horizontal(classes="row"):
                yield Label("Other human players", classes="field")
                yield Input("1", id="new-humans", type="integer", compact=True)
            with Horizontal(classes="row"):
                yield Label("Bots", classes="field")
                yield Input("0", id="new-bots", type="integer", compact=True)
                yield Button(BOT_KINDS[self.bot], id="new-bot", compact=True)
            with Horizontal(classes="row"):
                yield Label("Hints (h)", classes="field")
                yield Button("on", id="new-hints", compact=True)
                yield Label("Rated", id="new-rated-label")
                yield Button("yes", id="new-rated", compact=True)
            with Horizontal(classes="row"):
                yield Label("Confirm each turn", classes="field")
                yield Button("on", id="new-confirm", compact=True)
            with Horizontal(classes="row"):
                yield Label("Pace", classes="field")
                yield Button(self._pace_label(), id="new-pace", compact=True)
                yield Button(self._timeout_label(), id="new-timeout", compact=True)
            yield Button("Create", id="new-create", variant="primary", compact=True)
            yield Static(id="new-why")
            yield Static(
                "Tab moves; Enter on the bots' level changes it; Enter in a number "
                "creates the table.",
                classes="dim",
            )

    def on_mount(self) -> None:
        steady_cursors(self)
        self.query_one("#new-timeout", Button).display = self.pace != "live"
        games = self.query_one("#new-game", OptionList)
        games.highlighted = 0
        games.focus()

    @on(OptionList.OptionSelected, "#new-game")
    def game_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.query_one("#new-humans", Input).focus()

    @on(Button.Pressed, "#new-bot")
    def next_bot_level(self, event: Button.Pressed) -> None:
        event.stop()
        kinds = list(BOT_KINDS)
        self.bot = kinds[(kinds.index(self.bot) + 1) % len(kinds)]
        event.button.label = BOT_KINDS[self.bot]

    @on(Button.Pressed, "#new-hints")
    def toggle_hints(self, event: Button.Pressed) -> None:
        event.stop()
        self.hints = not self.hints
        event.button.label = "on" if self.hints else "off"

    @on(Button.Pressed, "#new-confirm")
    def toggle_confirm(self, event: Button.Pressed) -> None:
        """On: a finished turn waits for its player's Enter (u takes it back),
        and the others see it only then (net/turns.py)."""
        event.stop()
        self.confirm = not self.confirm
        event.button.label = "on" if self.confirm else "off"

    def _pace_label(self) -> str:
        if self.pace == "live":
            return "live"
        return f"{self.pace} day{'s' if self.pace > 1 else ''}/move"

    def _timeout_label(self) -> str:
        return "late: bot moves" if self.timeout == "bot" else "late: bot sits"

    @on(Button.Pressed, "#new-pace")
    def next_pace(self, event: Button.Pressed) -> None:
        """Live, or turn-based with 1, 3 or 7 days a move (net/clocks.py)."""
        event.stop()
        self.pace = self.PACES[(self.PACES.index(self.pace) + 1) % len(self.PACES)]
        event.button.label = self._pace_label()
        self.query_one("#new-timeout", Button).display = self.pace != "live"

    @on(Button.Pressed, "#new-timeout")
    def next_timeout(self, event: Button.Pressed) -> None:
        """When a seat's time runs out the heuristic bot plays its move, or
        takes its seat for the rest of the game."""
        event.stop()
        rules = list(clocks.RULES)
        self.timeout = rules[(rules.index(self.timeout) + 1) % len(rules)]
        event.button.label = self._timeout_label()

    @on(Button.Pressed, "#new-rated")
    def action_toggle_rated(self, event: Button.Pressed | None = None) -> None:
        """A rated table's finish changes its players' ratings (florencia_tui/ratings.py)."""
        if event is not None:
            event.stop()
        self.rated = not self.rated
        self.query_one("#new-rated", Button).label = "yes" if self.rated else "no"

    @on(Input.Submitted, "#new-humans, #new-bots")
    @on(Button.Pressed, "#new-create")
    def action_create(self, event: Input.Submitted | Button.Pressed | None = None) -> None:
        if event is not None:
            event.stop()
        games = self.query_one("#new-game", OptionList)
        option = games.highlighted_option or games.get_option_at_index(0)

        def number(selector: str) -> int:
            raw = self.query_one(selector, Input).value.strip()
            return int(raw) if raw.isdigit() else 0

        humans, bots = 1 + number("#new-humans"), number("#new-bots")
        info = REGISTRY[option.id]
        if not info.min_players <= humans + bots <= info.max_players:
            self.query_one("#new-why", Static).update(
                f"[b red]{info.title} takes {info.min_players}-{info.max_players} players"
                f"[/] (you, {humans - 1} other(s) and {bots} bot(s) make {humans + bots})."
            )
            return
        spec = {
            "game": option.id,
            "humans": humans,
            "bots": bots,
            "bot": self.bot,
            "hints": self.hints,
            "rated": self.rated,
            "confirm": self.confirm,
        }
        if self.pace != "live":
            spec.update(pace="turn", days=self.pace, timeout=self.timeout)
        self.dismiss(spec)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ServiceRatings:
    """The ratings screens' source: the table service's answers."""

    def __init__(self, conn) -> None:
        self.conn = conn

    def leaderboard(self, game: str, sort: str) -> list[dict]:
        try:
            return self.conn.call("ratings", game=game, sort=sort)["rows"]
        except RemoteError as e:
            raise Unavailable(str(e)) from None

    def page(self, player: str) -> dict:
        try:
            return self.conn.call("player", name=player)
        except RemoteError as e:
            raise Unavailable(str(e)) from None


class LobbyScreen(Screen[None]):
    BINDINGS = [
        ("n", "new", "New table"),
        ("s", "spectate", "Spectate"),
        ("j", "code", "Join by code"),
        ("l", "leave_table", "Leave seat"),
        ("r", "ratings", "Ratings"),
        # (said on a turn-based table's line: the footer is full at 80 columns)
        Binding("p", "pause", "Pause", show=False),
        Binding("a", "answer_pause(True)", "Accept pause", show=False),
        Binding("x", "answer_pause(False)", "Refuse pause", show=False),
        ("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(id="lobby-title")
            yield Static("Tables", classes="section")
            yield OptionList(id="tables")
            yield Static("Who is here", classes="section")
            yield Static(id="people")
            with Horizontal(id="code-row"):
                yield Label("Table code", classes="field")
                yield Input(
                    id="code", placeholder="e.g. KQWX, then Enter", max_length=8, compact=True
                )
        yield Footer()

    _ready = False

    def on_mount(self) -> None:
        steady_cursors(self)
        self._ready = True
        self.refresh_lobby()
        self.query_one("#tables", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_lobby()

    def refresh_lobby(self) -> None:
        if not self._ready or not live(self):  # (an event queued as the app closed)
            return
        try:
            lobby = self.app.conn.call("lobby")
        except RemoteError as e:
            self.notify(str(e), severity="error")
            return
        self.tables = {t["code"]: t for t in lobby["tables"]}
        waiting = lobby.get("your_move", 0)
        title = f"[b]florencia[/b] · signed in as [b]{self.app.conn.user}[/b] · "
        if waiting:
            verb = "waits" if waiting == 1 else "wait"
            title += f"[b green]{plural(waiting, 'table')} {verb} for your move[/]"
        else:
            title += "Enter joins a table, n opens a new one"
        self.query_one("#lobby-title", Static).update(title)
        box = self.query_one("#tables", OptionList)
        keep = box.highlighted_option.id if box.highlighted_option else None
        box.clear_options()
        if not lobby["tables"]:
            box.add_option(
                Option(Text("no tables yet: press n to open one", style="dim"), disabled=True)
            )
        for i, t in enumerate(lobby["tables"]):  # the server lists "your move" first
            if waiting and i in (0, waiting):
                head = "Your move" if i == 0 else "Other tables"
                box.add_option(Option(Text(head, style="bold"), disabled=True))
            box.add_option(Option(table_text(t), id=t["code"]))
        if lobby.get("more_tables"):
            more = f"{lobby['more_tables']} more tables not listed: j joins one by its code"
            box.add_option(Option(Text(more, style="dim"), disabled=True))
        if keep in self.tables:
            box.highlighted = box.get_option_index(keep)
        elif self.tables:
            box.highlighted = box.get_option_index(lobby["tables"][0]["code"])
        people = Text()
        for p in lobby["people"]:
            people.append("● ", style="green")
            people.append(p["user"], style="bold")
            people.append(f" {p['where']} ({p['via']})\n", style="dim")
        if lobby.get("more_people"):
            people.append(f"and {lobby['more_people']} more\n", style="dim")
        self.query_one("#people", Static).update(people)

    def _highlighted(self) -> dict | None:
        box = self.query_one("#tables", OptionList)
        opt = box.highlighted_option
        return self.tables.get(opt.id) if opt is not None and opt.id else None

    @on(OptionList.OptionSelected, "#tables")
    def table_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.app.join(event.option.id)

    @on(Input.Submitted, "#code")
    def code_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.app.join(event.value.strip())
            event.input.value = ""

    def action_new(self) -> None:
        def made(spec: dict | None) -> None:
            if spec is not None:
                self.app.create(spec)

        self.app.push_screen(NewTableScreen(), made)

    def action_spectate(self) -> None:
        t = self._highlighted()
        if t is not None:
            self.app.spectate(t["code"])

    def action_ratings(self) -> None:
        """The ratings, of the highlighted table's game to begin with."""
        t = self._highlighted()
        self.app.push_screen(RatingsScreen(ServiceRatings(self.app.conn), t and t["game"]))

    def _call(self, op: str, **args) -> None:
        try:
            self.app.conn.call(op, **args)
        except RemoteError as e:
            self.notify(str(e), severity="error")
        self.refresh_lobby()

    def action_pause(self) -> None:
        """Ask for a pause at the highlighted turn-based table (every other
        player accepts it), or end one's own pause or request."""
        t = self._highlighted()
        clock = t and t.get("clock")
        if clock is None or t["mine"] is None:
            self.notify("Only a turn-based table you play at can be paused.")
            return
        self._call("pause_end" if clock["asked"] else "pause", code=t["code"])

    def action_answer_pause(self, yes: bool) -> None:
        t = self._highlighted()
        if t is None or not (t.get("clock") or {}).get("answer"):
            self.notify("No request for a pause waits for your answer at this table.")
            return
        self._call("pause_answer", code=t["code"], yes=yes)

    def action_code(self) -> None:
        self.query_one("#code", Input).focus()

    def action_leave_table(self) -> None:
        t = self._highlighted()
        if t is None or t["state"] != "waiting" or t["mine"] is None:
            self.notify("Only a seat at a table that has not begun can be given up.")
            return
        try:
            self.app.conn.call("leave", code=t["code"])
        except RemoteError as e:
            self.notify(str(e), severity="error")
        self.refresh_lobby()
