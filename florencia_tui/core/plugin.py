"""A game as one plugin: what the registry holds for each game.

A game is one package, ``florencia_tui/games/<id>/``:

- ``game.py`` defines ``GAME``, the rules (a :class:`~florencia_tui.core.game.Game`),
  with ``rules``, ``data``, ``notation``, ``view`` and friends beside it;
- ``bot.py`` defines ``BOT``, a :class:`BotKit`: how bots judge a position, which
  actions they consider and how the search is tuned for this game;
- ``ui/`` defines ``UI``, the game's widgets (a ``tui.adapter.GameUI``): the only
  place under ``games/`` that may import Textual or Rich;
- ``help.md`` is the F1 rules help;
- ``__init__.py`` defines ``PLUGIN``, the :class:`GamePlugin` below.

The plugin loads each part on first use, so listing the games at start-up loads
no rules, bots or widgets. See docs/adding-a-game.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from florencia_tui.core.game import Game, State

#: (game, state, seat, terms=None) -> value: how good a determinized state is
#: for a seat; ``terms`` (when given) is marked after each named part.
Evaluator = Callable[..., float]


@dataclass(frozen=True)
class BotKit:
    """What bots know of one game (``games/<id>/bot.py`` defines ``BOT``).

    ``evaluate``: the position evaluation (None: the game's live scores);
    ``heuristic``: the one-ply heuristic bot's, where a game's must differ from
    the one its search was tuned with (None: ``evaluate``; Palazzo's credits
    fewer one-floor palaces' room to grow, issue 29);
    ``values``: ``(game, state) -> [evaluate of each seat]``, where a game
    computes them faster together (what the seats share, once);
    ``candidates``: ``(game, state, seat) -> actions``, the legal actions bots
    consider when a menu is too long to weigh every answer (None: all legal
    ones; it must depend only on what ``seat`` can see); ``candidates_only``:
    the heuristic bot, too, keeps to them; ``search``: settings over
    ``bots.search.DEFAULTS`` (tuned per game in docs/bots.md); ``iterations``:
    what the app's search level spends on a decision (each iteration one
    determinization, one path down the tree and a rollout), so its strength is
    the same on any machine and under any load (docs/bots.md "At the app's
    defaults"); ``bots.search.CPU_CAP`` bounds the time it takes.
    ``phrases``: how each named part of ``evaluate`` reads in the ``h`` key's
    hint, after the change and the game's score unit ("+2.0 VP from virtue");
    a part without a phrase reads as its name.
    """

    evaluate: Evaluator | None = None
    heuristic: Evaluator | None = None
    values: Callable[[Game, State], list[float]] | None = None
    candidates: Callable[[Game, State, int], list[str]] | None = None
    candidates_only: bool = False
    search: dict[str, Any] = field(default_factory=dict)
    iterations: int = 400
    phrases: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Scene:
    """A position of one game that the screenshots and the SVG snapshot tests
    show (``tui/snapshots.py`` names it ``<game id>-<name>``): a real game of
    ``players`` seats (seat 0 the one human, the others random bots) played by
    seeded random moves from ``seed`` for ``steps`` actions and on until the
    human decides (``steps`` None: to its end), then ``keys`` pressed.
    ``from_home``: the app opens on the home screen, the game saved in its
    store (a replay is opened from there), instead of at the table."""

    players: int
    seed: int
    steps: int | None = None
    keys: tuple[str, ...] = ()
    from_home: bool = False


@dataclass(frozen=True)
class GamePlugin:
    """One game: its listing (title, seats, blurb) and where its parts live."""

    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str
    #: The game's package (``florencia_tui.games.palazzo``); it holds
    #: ``game.GAME``, ``bot.BOT`` and ``ui.UI``.
    package: str
    #: False lists the game as "coming": never faked, never playable.
    available: bool = True
    #: What a score counts, one and many: the end screen's "wins with 45
    #: points" and the hints' "+2.0 points" ("VP", "coins"...).
    units: tuple[str, str] = ("point", "points")
    #: The game's positions in the screenshots and snapshot tests, by name
    #: (``board``, ``end``...; see :class:`Scene`). The key-press benchmark
    #: draws the ``board`` scene.
    scenes: dict[str, Scene] = field(default_factory=dict, hash=False)
    #: Keys that redraw the ``board`` scene without ending its decision
    #: (``benchmarks/run.py``'s key press → frame probe).
    redraw_keys: tuple[str, ...] = ("down", "up")
    #: Random games a second the engine should play at its most players
    #: (``benchmarks/run.py``'s target; None: no target set).
    games_per_second: float | None = None

    def amount(self, total: float) -> str:
        """A score in the game's unit: "45 points", "1 point", "30 VP"."""
        one, many = self.units
        return f"{total:g} {one if total == 1 else many}"

    def players_near(self, wanted: int) -> int:
        """The player count nearest ``wanted`` that the game takes (for tests,
        demos and benchmarks that would play ``wanted`` if they could)."""
        return max(self.min_players, min(self.max_players, wanted))

    def _load(self, module: str, name: str) -> Any:
        return getattr(importlib.import_module(f"{self.package}.{module}"), name)

    @cached_property
    def game(self) -> Game:
        """The rules (stateless; one object shared by every table)."""
        return self._load("game", "GAME")

    @cached_property
    def bot(self) -> BotKit:
        return self._load("bot", "BOT")

    def ui(self) -> Any:
        """A new ``GameUI`` for one game screen (Textual is imported here only)."""
        return self._load("ui", "UI")()
