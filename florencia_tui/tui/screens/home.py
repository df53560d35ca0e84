"""Home: pick a game (the ones not built yet are shown as coming) or continue one;
replays of saved games (r) and statistics (s, summed up on the last line)."""

from __future__ import annotations

import time

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from florencia_tui.games import REGISTRY, get_game, titles

HOME_HELP = """\
# florencia

A table for {titles}, played at one keyboard (hot-seat), against bots, over
SSH or in a browser. Every rule is enforced.

## This screen

| Key | What it does |
|---|---|
| ↑ ↓ | move in the focused list (the highlighted line is the one Enter opens) |
| Enter | open it: a new game's setup, or continue the saved game |
| Tab | switch between *New game* and *Continue a saved game* |
| r | replays of saved and finished games |
| s | statistics |
| F1 | this help |
| q | quit (every game is saved after each action) |

## In a game

Each decision lists its options with a key beside each; press the key, or
move with ↑ ↓ and press Enter. The strip above the decision always shows your
own hand and resources. **F1** there explains every symbol of that game's
board, its keys and its rules; **:** lets you type an action (`?` there lists
how); **u** undoes, **l** shows the log, **Esc** goes back one step and asks
before leaving the game.
"""


def saved_label(g, game=None, state=None) -> Text:
    """Two lines for a saved game: game, round, whose turn; humans and bots,
    last played. ``state`` (the saved state) gives the round and whose turn."""
    title = REGISTRY[g.game].title if g.game in REGISTRY else g.game
    t = Text()
    t.append(f"#{g.id} {title}", style="bold")
    if game is not None and state is not None:
        status = game.status(state)
        rn = game.round_number(state)
        if rn is not None and "round" not in status.lower():
            status = f"round {rn} · {status}"
        t.append(f" · {status}")
        if game.is_over(state):
            t.append(" · over", style="dim")
        else:
            who = [g.seats[s]["name"] for s in game.to_act(state)]
            if who:
                t.append(f" · {', '.join(who)} to act", style="bold")
    humans = [s["name"] for s in g.seats if s["kind"] == "human"]
    bots = [
        f"{s['name']} ({s['kind'].removeprefix('bot:')})" for s in g.seats if s["kind"] != "human"
    ]
    t.append("\n  ")
    t.append("humans " + (", ".join(humans) or "none"))
    if bots:
        t.append(" · bots " + ", ".join(bots))
    when = time.strftime("%d %b %H:%M", time.localtime(g.updated))
    t.append(f" · last played {when}", style="dim")
    return t


class HomeScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "open", "Open", priority=True),
        ("tab", "app.focus_next", "Switch list"),
        ("f1", "help", "Help"),
        ("r", "replays", "Replays"),
        ("s", "stats", "Statistics"),
        ("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static("florencia · a table for Renaissance games", id="home-title")
            yield Static("New game", classes="section")
            opts = []
            for info in REGISTRY.values():
                t = Text()
                t.append(info.title, style="bold" if info.available else "dim")
                t.append(f" · {info.min_players}-{info.max_players} players", style="dim")
                if not info.available:
                    t.append(" · coming", style="italic dim")
                t.append(f"\n{info.blurb}", style="dim")
                opts.append(Option(t, id=info.id, disabled=not info.available))
            yield OptionList(*opts, id="games")
            yield Static("Continue a saved game", classes="section")
            yield OptionList(id="saved")
            yield Static(id="home-stats")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.highlighted = next(i for i, g in enumerate(REGISTRY.values()) if g.available)
        games.focus()

    def on_screen_resume(self) -> None:
        # Reading the store (saved games, statistics) waits until the screen
        # has been drawn; at start-up, until the app's first frame (on_ready).
        if getattr(self.app, "first_frame_drawn", True):
            self.call_after_refresh(self.refresh_from_store)

    def refresh_from_store(self) -> None:
        """Read the saved games and statistics (the app calls it after its first frame)."""
        self.refresh_saved()
        self.refresh_stats()

    def refresh_stats(self) -> None:
        from florencia_tui.stats import compute

        try:
            summary = compute(self.app.store).summary()
        except Exception:  # noqa: BLE001 - a store without games tables
            return
        self.query_one("#home-stats", Static).update(f"[b]Statistics[/b] [dim]{summary}[/]")

    def action_replays(self) -> None:
        from florencia_tui.tui.screens.replay import ReplaysScreen

        self.app.push_screen(ReplaysScreen())

    def action_stats(self) -> None:
        from florencia_tui.tui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def refresh_saved(self) -> None:
        saved = self.query_one("#saved", OptionList)
        saved.clear_options()
        rows = [g for g in self.app.store.list() if g.status == "playing"]
        if not rows:
            saved.add_option(Option(Text("no saved games yet", style="dim"), disabled=True))
        for g in rows[:30]:
            damage = self.app.store.damage(g.id)
            if damage:  # listed, named, not offered: the others still open
                title = REGISTRY[g.game].title if g.game in REGISTRY else g.game
                saved.add_option(
                    Option(
                        Text(
                            f"#{g.id} {title} · damaged save, cannot be opened: {damage}",
                            style="red",
                        ),
                        id=f"saved-{g.id}",
                        disabled=True,
                    )
                )
                continue
            game = get_game(g.game)
            state = game.load(self.app.store.state(g.id))
            saved.add_option(Option(saved_label(g, game, state), id=f"saved-{g.id}"))
        self._show_selection(saved)

    def _show_selection(self, lst: OptionList) -> None:
        """A list never shows no selection: its first enabled line is highlighted."""
        if lst.highlighted is None:
            for i in range(lst.option_count):
                if not lst.get_option_at_index(i).disabled:
                    lst.highlighted = i
                    break

    def on_descendant_focus(self, event) -> None:
        if isinstance(event.widget, OptionList):
            self._show_selection(event.widget)

    def action_open(self) -> None:
        """Enter: open the highlighted line of the focused list (the list
        itself handles Enter first; this is for the footer and a list that
        lost its highlight)."""
        lst = self.focused
        if isinstance(lst, OptionList) and lst.highlighted is not None:
            option = lst.get_option_at_index(lst.highlighted)
            if not option.disabled:
                lst.post_message(OptionList.OptionSelected(lst, option, lst.highlighted))

    def action_help(self) -> None:
        from florencia_tui.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(HOME_HELP.format(titles=titles()), keys=False))

    @on(OptionList.OptionSelected, "#games")
    def game_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.open_setup(event.option.id or "")

    @on(OptionList.OptionSelected, "#saved")
    def saved_selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if oid.startswith("saved-"):  # (not the "no saved games" line)
            self.app.open_saved(int(oid.removeprefix("saved-")))
