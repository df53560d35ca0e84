"""The Textual application: home → setup → game → end, with saves in SQLite."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App

from florencia_tui.tui.screens.home import HomeScreen

if TYPE_CHECKING:
    from florencia_tui.store import Store
    from florencia_tui.table import Table

# Start-up draws the home screen first: the store, the table, the game and
# setup screens (and their imports) wait until they are needed.


class FlorenciaApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "florencia"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        store: Store | None = None,
        resume: int | None = None,
        bot_delay: float = 0.6,
        table: Table | None = None,
        default_seed: int | None = None,
        curtain_guard: float | None = None,
        confirm_turns: bool = True,
    ) -> None:
        super().__init__()
        #: Hold a human's finished turn for Enter (or u to take it back) before
        #: play passes on.
        self.confirm_turns = confirm_turns
        from florencia_tui.tui.screens.curtain import GUARD_SECONDS

        #: Seconds the hot-seat curtain ignores keys after it shows (tests shorten it).
        self.curtain_guard = GUARD_SECONDS if curtain_guard is None else curtain_guard
        self._store = store
        self.resume_id = resume
        self.bot_delay = bot_delay
        self.table: Table | None = table
        self.default_seed = default_seed  # for reproducible screenshots and tests

    @property
    def store(self) -> Store:
        """The saved games (opened on first use, after the first frame)."""
        if self._store is None:
            from florencia_tui.store import Store

            self._store = Store()
        return self._store

    @store.setter
    def store(self, store: Store) -> None:
        self._store = store

    #: False until Textual has drawn the first frame (the home screen waits to
    #: read the store until then).
    first_frame_drawn = False

    def on_ready(self) -> None:
        self.first_frame_drawn = True
        if isinstance(self.screen, HomeScreen):
            self.screen.call_after_refresh(self.screen.refresh_from_store)

    def on_mount(self) -> None:
        self.push_screen(HomeScreen())
        if self.resume_id is not None:
            self.open_saved(self.resume_id)
        elif self.table is not None:
            from florencia_tui.tui.screens.game import GameScreen

            self.push_screen(GameScreen(self.table, self.bot_delay))

    # ----- navigation ---------------------------------------------------------
    def go_home(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not isinstance(self.screen, HomeScreen):
            self.pop_screen() if len(self.screen_stack) > 1 else self.push_screen(HomeScreen())

    def action_go_home(self) -> None:
        self.go_home()

    def open_setup(self, game_id: str) -> None:
        from florencia_tui.games import REGISTRY
        from florencia_tui.tui.screens.setup import SetupScreen

        self.push_screen(SetupScreen(REGISTRY[game_id]))

    def start_game(
        self, game_id: str, seats: list[dict], seed: int, options: dict | None = None
    ) -> None:
        from florencia_tui.store import SaveFailed
        from florencia_tui.table import Table
        from florencia_tui.tui.screens.game import GameScreen

        try:
            table = Table(game_id, seats, seed, options or {}, store=self.store)
        except SaveFailed as e:  # nothing was made: the setup stays, to try again
            self.notify(f"{str(e)[:1].upper()}{str(e)[1:]}.", severity="error")
            return
        self.table = table
        self.switch_screen(GameScreen(self.table, self.bot_delay))

    def open_saved(self, table_id: int) -> None:
        from florencia_tui.table import Table
        from florencia_tui.tui.screens.game import GameScreen

        try:
            self.table = Table.resume(self.store, table_id)
        except KeyError as e:
            self.notify(str(e.args[0]), severity="error")
            return
        except ValueError as e:  # CorruptSave or a damaged action row
            self.notify(
                f"Saved game #{table_id} is damaged and cannot be opened: {e}", severity="error"
            )
            return
        self.push_screen(GameScreen(self.table, self.bot_delay))


def run_app(resume: int | None = None) -> int:
    FlorenciaApp(resume=resume).run()
    return 0
