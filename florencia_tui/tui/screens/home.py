"""Home: pick a game (the ones not built yet are shown as coming) or continue one;
replays of saved games (r) and statistics (s, summed up on the last line)."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from florencia_tui.games import REGISTRY


class HomeScreen(Screen[None]):
    BINDINGS = [("q", "app.quit", "Quit"), ("tab", "app.focus_next", "Switch list"),
                ("r", "replays", "Replays"), ("s", "stats", "Statistics")]

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
            self.call_after_refresh(self._refresh_from_store)

    def _refresh_from_store(self) -> None:
        self.refresh_saved()
        self.refresh_stats()

    def refresh_stats(self) -> None:
        from florencia_tui.stats import compute

        try:
            summary = compute(self.app.store).summary()
        except Exception:  # noqa: BLE001 - a store without games tables
            return
        self.query_one("#home-stats", Static).update(
            f"[b]Statistics[/b] [dim]{summary}[/]")

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
            title = REGISTRY[g.game].title if g.game in REGISTRY else g.game
            when = time.strftime("%d %b %H:%M", time.localtime(g.updated))
            damage = self.app.store.damage(g.id)
            if damage:  # listed, named, not offered: the others still open
                saved.add_option(Option(Text(f"#{g.id} {title} · damaged save, cannot be "
                                             f"opened: {damage}", style="red"),
                                        id=f"saved-{g.id}", disabled=True))
                continue
            saved.add_option(Option(
                f"#{g.id} {title} · {', '.join(g.names)} · {g.n_actions} actions · {when}",
                id=f"saved-{g.id}",
            ))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if event.option_list.id == "games":
            self.app.open_setup(oid)
        elif oid.startswith("saved-"):
            self.app.open_saved(int(oid.removeprefix("saved-")))
