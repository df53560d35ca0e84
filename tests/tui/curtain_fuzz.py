"""A Pilot fuzzer for hot-seat secrecy (issue 27.1), shared by
tests/tui/test_curtain_fuzz.py (a bounded run) and benchmarks/curtain_fuzz.py
(a long one).

It plays games of every game in the registry with two or three humans and a
bot, in one app: a game from its start, then one resumed near its end, over and
over, pressing keys drawn at random from every screen's keys and the
decisions' (log, Esc, help, settings and their toggles, hint, the ``:`` line,
undo, Enter, option keys...), at every bot speed, with confirmation on and off.

:class:`Watch` looks at every frame the app draws (Textual's hook to the
driver, as net/wire.py does): no seat's private text may be on screen unless
that seat is the one behind the last curtain lifted (with Enter on it) since
this game screen opened; at a table with one human, that human. A seat's
private text is what only its view shows: its own strip
(``GameUI.own_text``) and the log lines only it reads.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from rich.text import Text
from textual.widgets import Input, Static

from florencia_tui.games import REGISTRY, get_game
from florencia_tui.pacing import SPEEDS
from florencia_tui.store import Store
from florencia_tui.table import Table
from florencia_tui.tui.adapter import game_ui
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.screens.curtain import CurtainScreen
from florencia_tui.tui.screens.game import GameScreen
from florencia_tui.tui.screens.home import HomeScreen

from .screen_text import widget_text

GAMES = [g.id for g in REGISTRY.values() if g.available]
NAMES = ["Ana", "Ben", "Cem", "Dia", "Eva"]
#: Keys pressed at random: every key some screen or decision listens to.
KEYS = [
    "enter", "escape", "l", "u", "h", "o", "b", "c", "f1", "question_mark", "colon",
    "p", "s", "x", "y", "n", "r", "a", "d", "k", "plus", "minus", "slash",
    "left_square_bracket", "right_square_bracket", "up", "down", "left", "right",
    "tab", "space", "pageup", "pagedown", "backspace",
    *"0123456789",
]  # fmt: skip
#: The keys of the paths the curtain must survive, pressed more often.
PATHS = ["l", "escape", "f1", "question_mark", "o", "b", "c", "h", "colon", "u", "enter"]


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class Leak(AssertionError):
    pass


class Watch:
    """Checks every frame ``app`` draws (see the module's docstring)."""

    def __init__(self, app: FlorenciaApp) -> None:
        self.app = app
        self.screen: GameScreen | None = None  # the game screen last seen
        self.allowed: int | None = None  # the seat whose private text may show
        self.frames = 0
        self.lifts = 0  # curtains lifted
        self.leaks: list[str] = []
        self._key: tuple[str, object] | None = None  # (key, the screen it went to)
        self._marks: tuple[tuple, dict[int, list[str]]] | None = None
        self._texts: dict[int, tuple[object, str]] = {}  # a Static's content -> text
        draw = app._display

        def display(screen, renderable) -> None:
            if renderable is not None:
                self.look()  # (raising here would end the app, not the test)
            draw(screen, renderable)

        app._display = display

    def pressing(self, key: str) -> None:
        """The fuzzer is about to press ``key`` (Enter lifts a curtain)."""
        self._key = (key, self.app.screen)

    def marks(self, table) -> dict[int, list[str]]:
        """Each seat's private texts in the table's current state."""
        key = (id(table), len(table.entries))
        if self._marks is not None and self._marks[0] == key:
            return self._marks[1]
        ui = game_ui(table.game_id)
        seats = range(len(table.names))
        logs = {v: table.log(v) for v in [None, *seats]}
        marks: dict[int, list[str]] = {}
        for s in seats:
            others = {line for v, lines in logs.items() if v != s for line in lines}
            own = ui.own_text(table.view(s))
            mine = [_flat(own.plain)] if own is not None else []
            mine += [_flat(line) for line in logs[s] if line not in others and line.strip()]
            marks[s] = mine
        self._marks = (key, marks)
        return marks

    def text(self, screen) -> str:
        """Every shown widget's text (as tests/tui/screen_text.py reads it),
        a Static's kept while its content is the same object."""
        parts = []
        for w in screen.query("*"):
            if not w.display:
                continue
            if isinstance(w, Static):
                content = w.content
                seen = self._texts.get(id(w))
                if seen is not None and seen[0] is content:
                    parts.append(seen[1])
                    continue
                if isinstance(content, Text):
                    text = content.plain
                elif isinstance(content, str):
                    text = Text.from_markup(content).plain if "[" in content else content
                else:
                    text = widget_text(w) or ""
                self._texts[id(w)] = (content, text)
                parts.append(text)
                continue
            text = widget_text(w)
            if text is not None:
                parts.append(text)
        return "\n".join(parts)

    def visible(self) -> list:
        """The screens on screen: the top one and those under it that show
        through (up to the first opaque one)."""
        out = []
        for screen in reversed(self.app.screen_stack):
            out.append(screen)
            if screen.styles.background.a == 1:
                break
        return out

    def check(self) -> None:
        """Look at the screen now; fail on any leak seen so far."""
        self.look()
        if self.leaks:
            raise Leak(self.leaks[0])

    def look(self) -> None:
        """Note every seat whose private text is on screen now unless it is
        the seat behind the lifted curtain."""
        app = self.app
        if not app.is_running:
            return
        stack = app.screen_stack
        games = [s for s in stack if isinstance(s, GameScreen)]
        if not games:
            return
        screen = games[-1]
        table = screen.table
        if screen is not self.screen:  # a new game, or a game resumed
            self.screen = screen
            humans = table.humans
            self.allowed = humans[0] if len(humans) == 1 else None
        if self._key is not None:
            key, target = self._key
            if isinstance(target, CurtainScreen) and target not in stack:
                self._key = None
                if key == "enter" and target.player in table.names:
                    self.allowed = table.names.index(target.player)
                    self.lifts += 1
        self.frames += 1
        text = _flat("\n".join(self.text(s) for s in self.visible()))
        for seat, marks in self.marks(table).items():
            if seat == self.allowed:
                continue
            for mark in marks:
                if mark and mark in text:
                    who = "nobody" if self.allowed is None else table.names[self.allowed]
                    leak = (
                        f"{table.game_id} #{len(table.entries)}: {table.names[seat]}'s "
                        f"private text on screen while the curtain is lifted for {who}: "
                        f"{mark[:120]!r} (top screen {type(app.screen).__name__})"
                    )
                    self.leaks.append(leak)
                    return


@dataclass
class Run:
    """What one fuzz run did (for the benchmark's report)."""

    games_started: int = 0
    games_resumed: int = 0
    games_finished: int = 0
    keys: int = 0
    actions: int = 0
    frames: int = 0
    lifts: int = 0
    per_game: dict[str, int] = field(default_factory=dict)


def seats_for(game_id: str, humans: int, bots: int) -> list[dict]:
    info = REGISTRY[game_id]
    humans = min(humans, info.max_players)
    bots = max(info.min_players - humans, min(bots, info.max_players - humans))
    kinds = ["human"] * humans + ["bot:random"] * bots
    return [{"name": NAMES[i], "kind": kind} for i, kind in enumerate(kinds)]


def near_the_end(store: Store, game_id: str, seats: list[dict], seed: int, left: int) -> Table:
    """A saved table ``left`` actions (of a random game) short of its end."""
    game = get_game(game_id)
    rnd = random.Random(seed)
    state = game.new([s["name"] for s in seats], seed, {})
    moves = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = game.sample(state, seat, rnd)
        moves.append((seat, action))
        state = game.apply(state, seat, action)
    table = Table(game_id, seats, seed, {}, store=store)
    for seat, action in moves[: max(0, len(moves) - left)]:
        table.submit(seat, action)
    return table


class Fuzzer:
    """Drives one app. ``draw(n)`` picks a number in range(n) (hypothesis's
    data, or a seeded Random in the benchmark)."""

    def __init__(self, app: FlorenciaApp, pilot, draw, run: Run | None = None) -> None:
        self.app = app
        self.pilot = pilot
        self.draw = draw
        self.run = run or Run()
        self.watch = Watch(app)

    def pick(self, items):
        return items[self.draw(len(items))]

    async def press(self, key: str) -> None:
        self.watch.pressing(key)
        await self.pilot.press(key)
        self.run.keys += 1
        self.watch.check()

    async def settle(self) -> None:
        for _ in range(3):
            await self.pilot.pause()
        self.watch.check()

    @property
    def game(self) -> GameScreen | None:
        screen = self.app.screen
        return screen if isinstance(screen, GameScreen) else None

    # ----- opening games --------------------------------------------------------
    def seats(self, game_id: str) -> list[dict]:
        return seats_for(game_id, 2 + self.draw(2), self.draw(2))

    async def new_game(self, game_id: str) -> None:
        """From the home screen: the game's setup, then Start (with these seats)."""
        self.app.go_home()
        await self.settle()
        self.app.open_setup(game_id)
        await self.settle()
        self.app.start_game(game_id, self.seats(game_id), 1 + self.draw(10_000))
        self.run.games_started += 1
        await self.settle()

    async def resume_near_the_end(self, game_id: str, left: int = 40) -> None:
        """A saved game a few moves (up to ``left``) from its end, continued
        from the home screen."""
        table = near_the_end(
            self.app.store, game_id, self.seats(game_id), 1 + self.draw(10_000), 3 + self.draw(left)
        )
        self.app.go_home()
        await self.settle()
        self.app.open_saved(table.table_id)
        self.run.games_resumed += 1
        await self.settle()

    # ----- one step ---------------------------------------------------------------
    async def act(self) -> bool:
        """Move the game on as a player would: lift a curtain (after its
        guard), confirm a finished turn, or type a legal action at ``:``."""
        app, screen = self.app, self.app.screen
        if isinstance(screen, CurtainScreen):
            for _ in range(100):
                if screen.is_ready:
                    break
                await self.pilot.pause(0.02)
            await self.press("enter")
            return True
        game = self.game
        if game is None:
            await self.press("escape")  # out of a log, help, settings, question
            return False
        table = game.table
        if table.is_over():
            return False
        if game._confirm is not None:
            await self.press(self.pick(["enter", "enter", "enter", "u"]))
            return True
        seat = game.viewer
        if seat is None or seat not in table.to_act():
            await self.pilot.pause(0.05)  # a bot thinks
            self.watch.check()
            return False
        legal = table.legal(seat)
        if not legal:
            return False
        action = self.pick(legal)
        await self.press("colon")
        box = game.query_one("#command", Input)
        if not box.display or app.screen is not game:
            return False
        box.value = action
        await self.press("enter")
        self.run.actions += 1
        return True

    async def step(self) -> None:
        kind = self.draw(20)
        if kind < 9:
            await self.act()
        elif kind < 18:
            await self.press(self.pick(PATHS if kind < 14 else KEYS))
        else:
            await self.pilot.pause(0.02 * (1 + self.draw(10)))
            self.watch.check()

    async def play(self, game_id: str, steps: int, resumed: bool, left: int = 40) -> bool:
        """One game (new, or resumed ``left`` moves or fewer from its end) for
        up to ``steps`` steps; whether it reached its end."""
        if resumed:
            await self.resume_near_the_end(game_id, left)
        else:
            await self.new_game(game_id)
        games = [s for s in self.app.screen_stack if isinstance(s, GameScreen)]
        table = games[-1].table if games else None
        for _ in range(steps):
            if table is not None and table.is_over():
                break
            if isinstance(self.app.screen, HomeScreen):  # Esc, y: left the game
                break
            await self.step()
        self.run.frames = self.watch.frames
        self.run.lifts = self.watch.lifts
        if table is not None and table.is_over():
            self.run.games_finished += 1
            self.run.per_game[game_id] = self.run.per_game.get(game_id, 0) + 1
            return True
        return False


def new_app(store: Store, draw, slow: bool = True) -> FlorenciaApp:
    """An app at a drawn bot speed and with confirmation on or off. Without
    ``slow`` (the suite's bounded run) it starts at a fast speed: the normal
    one is still reached by pressing o, b."""
    speeds = [SPEEDS["instant"], SPEEDS["fast"], SPEEDS["fast"], SPEEDS["normal"]]
    speeds = speeds if slow else speeds[:2]
    return FlorenciaApp(
        store=store,
        bot_delay=speeds[draw(len(speeds))],
        curtain_guard=0.05,
        confirm_turns=bool(draw(2)),
    )
