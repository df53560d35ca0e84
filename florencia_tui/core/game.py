"""The game protocol every game implements.

A game is a stateless object whose methods take and return plain-data states
(dicts that survive ``json.dumps``). A game is a sequence of single decisions:
``to_act`` names the seat(s) owing a decision, ``prompt`` says what is being
decided, ``legal`` lists every legal answer in the game's text notation, and
``apply`` returns the next state (the input is never mutated) or raises
:class:`IllegalAction` saying why.

A game declares, and the core derives the rest from the declarations:

- its listing once, in its plugin (``core/plugin.py``: id, title, player
  limits), which the game reads (:attr:`Game.plugin`);
- its decisions, one table (``core/decisions.py``: which frames are owed and
  each kind's handlers): ``to_act``, ``prompt``, ``legal``, ``apply`` and
  ``label`` answer through it;
- what is hidden from whom and what is chance (``core/hidden.py``): the
  masked copy (``redact``), the view drawn from it, and the undo barriers.

Subclasses implement the ``_``-prefixed hooks (``_new``, ``_view``) and what
is the game's own (scores, status, log lines); the public methods here add
the checks every game needs.
"""

from __future__ import annotations

import importlib
import json
import random
from dataclasses import asdict, dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import Any

from florencia_tui.core import hidden
from florencia_tui.core.decisions import Decisions, Frame
from florencia_tui.core.errors import CorruptSave, IllegalAction
from florencia_tui.core.notation import Action, as_text
from florencia_tui.core.state import clone

State = dict[str, Any]


@dataclass(frozen=True)
class Prompt:
    """The decision a seat owes.

    ``kind`` is machine-readable (``"palazzo.bid"``), ``text`` is the question
    for a person, ``data`` carries what a UI or bot needs to present the
    decision. Everything in a prompt is visible to ``seat``.
    """

    seat: int
    kind: str
    text: str
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreLine:
    label: str
    points: float


@dataclass
class ScoreCard:
    """A seat's final (or current) score with its line-by-line breakdown."""

    seat: int
    name: str
    total: float
    lines: list[ScoreLine]
    tiebreak: float = 0
    tiebreak_label: str = ""
    rank: int = 0
    winner: bool = False
    #: Several tie-breaks compared in order (e.g. virtue, then silver), when one
    #: number cannot rank them; ``tiebreak`` is then the first, for display.
    tiebreak_key: tuple | None = None

    def tiebreaks(self) -> tuple:
        """What breaks a tie on ``total``, compared as a tuple."""
        return tuple(self.tiebreak_key) if self.tiebreak_key is not None else (self.tiebreak,)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Variant:
    """A named departure from the rules as printed: an option, off by default.

    ``key`` is the option's key in ``options``; ``on``/``off`` its values (off
    is the default, the printed rule). The setup screen offers each variant
    as an off/on choice, and F1 help lists the ones in effect."""

    key: str
    name: str
    description: str
    on: Any = True
    off: Any = False


def rank_cards(cards: list[ScoreCard]) -> list[ScoreCard]:
    """Fill in rank/winner from (total, tie-breaks in order); equal on all share a rank."""
    order = sorted(cards, key=lambda c: (-c.total, tuple(-t for t in c.tiebreaks())))
    prev = None
    rank = 0
    for i, c in enumerate(order):
        key = (c.total, c.tiebreaks())
        if key != prev:
            rank = i + 1
            prev = key
        c.rank = rank
        c.winner = rank == 1
    return sorted(cards, key=lambda c: c.seat)


@cache
def _help_md(package: str) -> str:
    """A game package's ``help.md`` ("" for a game without one)."""
    doc = resources.files(package) / "help.md"
    return doc.read_text(encoding="utf-8") if doc.is_file() else ""


class Game:
    """Base class of the protocol. See ``docs/engine.md``."""

    #: The game's decisions (core/decisions.py): which frames are owed now
    #: and the handlers of every kind.
    decisions: Decisions = Decisions({})
    #: What is hidden from whom (core/hidden.py): ``redact``, ``view`` and the
    #: undo barriers derive from it.
    secrets: tuple[hidden.Secret, ...] = ()
    #: Zones dealt by chance earlier (decks, face-down stacks), by path: an
    #: item taken from one is an undo barrier.
    chance: tuple[str, ...] = ()
    #: Zones where hidden items are turned face up (a bid's stack), by path:
    #: an item arriving in one is an undo barrier.
    shown: tuple[str, ...] = ()

    @cached_property
    def plugin(self) -> Any:
        """The game's plugin (``core.plugin.GamePlugin``, ``PLUGIN`` of its
        package's ``__init__``): its id, title and player limits are declared
        there, once."""
        return importlib.import_module(type(self).__module__.rpartition(".")[0]).PLUGIN

    @property
    def id(self) -> str:
        return self.plugin.id

    @property
    def title(self) -> str:
        return self.plugin.title

    @property
    def min_players(self) -> int:
        return self.plugin.min_players

    @property
    def max_players(self) -> int:
        return self.plugin.max_players

    #: Reads an action's text (``core.notation.Action``; a game with a richer
    #: notation gives its own parser).
    parse = staticmethod(Action.parse)

    @property
    def rules_help(self) -> str:
        """Markdown shown by F1 help: the rules summary and what is
        reconstructed, from the ``help.md`` beside the game's rules."""
        return _help_md(type(self).__module__.rpartition(".")[0])

    #: Named variants (each off by default); see :class:`Variant`.
    variants: tuple[Variant, ...] = ()
    #: Prompt kinds decided in the open at a real table, though what they
    #: change sits behind a screen afterwards (a good taken from the supply):
    #: everyone saw the choice, so its log line may name it to a viewer whose
    #: view would not tell the answers apart (tests/core/test_text_secrecy.py).
    open_decisions: frozenset[str] = frozenset()

    @property
    def rules_notes(self) -> str:
        """Where every point the engine reads of what the rulebook leaves open
        is documented (F1 help points to it): one ``## Readings`` table."""
        return f"docs/rules-notes/{self.id}.md"

    # ----- creation -------------------------------------------------------
    def default_options(self) -> dict:
        """Every option's default value: the rules as printed."""
        return {v.key: v.off for v in self.variants}

    def game_choices(self) -> list[tuple]:
        """The game's own setup choices that are not variants (board side,
        promos): (key, label, [(value, label), ...], hint), first value the default."""
        return []

    def setup_choices(self) -> list[tuple]:
        """Options the setup screen offers: the game's own choices, then each
        variant as an off/on choice labelled "Variant", its hint the variant's
        name and one-line description (the label column is narrow)."""
        return self.game_choices() + [
            (v.key, "Variant", [(v.off, "off"), (v.on, "on")], f"{v.name}: {v.description}")
            for v in self.variants
        ]

    def options_in_effect(self, s: State) -> dict:
        """The options a state plays by (the defaults, overridden by the state's)."""
        return {**self.default_options(), **(s.get("options") or {})}

    def rules_help_for(self, options: dict | None = None) -> str:
        """F1 help for a game played with ``options``: :attr:`rules_help`, then
        the options in effect (the setup choices' values and every variant on)."""
        opts = {**self.default_options(), **(options or {})}
        lines = ["", "## Options in effect", ""]
        for key, label, values, _hint in self.game_choices():
            shown = next((lbl for v, lbl in values if v == opts.get(key)), opts.get(key))
            lines.append(f"- {label}: {shown}")
        on = [v for v in self.variants if opts.get(v.key, v.off) == v.on]
        for v in on:
            lines.append(f"- Variant **{v.name}** (`{v.key}`): {v.description}")
        if not on:
            lines.append("- No variant: the rules as printed.")
        shown = {key for key, *_ in self.game_choices()} | {v.key for v in self.variants}
        defaults = self.default_options()
        for key in sorted(opts):
            if key not in shown and key in defaults and opts[key] != defaults[key]:
                lines.append(f"- Option `{key}`: {opts[key]!r} (default {defaults[key]!r})")
        lines += [
            "",
            "Every point where the engine reads what the rulebook leaves open, "
            f"and the option that changes it: `{self.rules_notes}`.",
        ]
        return self.rules_help.rstrip("\n") + "\n" + "\n".join(lines) + "\n"

    def new(self, names: list[str], seed: int, options: dict | None = None) -> State:
        if not self.min_players <= len(names) <= self.max_players:
            raise IllegalAction(
                f"{self.title} takes {self.min_players}-{self.max_players} players, "
                f"not {len(names)}"
            )
        opts = self.default_options()
        opts.update(options or {})
        return self._new(list(names), int(seed), opts)

    def _new(self, names: list[str], seed: int, options: dict) -> State:
        raise NotImplementedError

    # ----- whose decision, and what (through the decision table) ------------
    def owed(self, s: State) -> list[Frame]:
        """The decisions owed now, one frame per seat (core/decisions.py)."""
        return self.decisions.owed(s)

    def frame(self, s: State, seat: int) -> Frame | None:
        """The decision ``seat`` owes now, or None."""
        return self.decisions.frame(s, seat)

    def to_act(self, s: State) -> list[int]:
        """The seats owing a decision now (several at a simultaneous one)."""
        return self.decisions.to_act(s)

    def prompt(self, s: State, seat: int) -> Prompt:
        """The decision ``seat`` owes: its kind, question and preview."""
        f = self.frame(s, seat)
        if f is None:
            return self.idle_prompt(s, seat)
        d = self.decisions
        return Prompt(seat, f"{self.id}.{d.prompt_kind(f)}", d.text(s, f), d.preview(s, f))

    def idle_prompt(self, s: State, seat: int) -> Prompt:
        """The prompt of a seat that owes nothing now."""
        return Prompt(seat, f"{self.id}.none", "Nothing to decide now", {})

    def legal(self, s: State, seat: int) -> list[str]:
        f = self.frame(s, seat)
        return [] if f is None else self.decisions.legal(s, f)

    def label(self, s: State, seat: int, action: str) -> str:
        """Short menu label for a legal ``action`` of ``seat`` (e.g. "Take Red5"):
        the decision's own words for it."""
        f = self.frame(s, seat)
        if f is None:
            return action
        try:
            return self.decisions.label(s, self.parse(action), f)
        except IllegalAction:
            return action

    def simultaneous(self, s: State) -> bool:
        """True in a phase where every seat decides at once and in secret
        (Strasbourg's planning, the Architects draft: kinds declared
        ``simultaneous``): nobody watches those decisions one by one, so a
        table plays its bots' through unpaced."""
        return self.decisions.simultaneous(s)

    # ----- transitions ----------------------------------------------------
    def apply(self, s: State, seat: int, action: str) -> State:
        """Return the state after ``seat`` plays ``action``; ``s`` is untouched."""
        if self.is_over(s):
            raise IllegalAction("the game is over")
        action = as_text(action)
        if seat not in self.to_act(s):
            raise IllegalAction(f"it is not seat {seat}'s decision")
        s2 = clone(s)
        self._apply(s2, seat, action)
        return s2

    def _apply(self, s: State, seat: int, action: str) -> None:
        """Mutate ``s`` in place; raise IllegalAction(reason) before mutating:
        the answer to the frame ``seat`` owes, through the decision table."""
        f = self.frame(s, seat)
        if f is None:
            raise IllegalAction(f"seat {seat} owes no decision now")
        self.decisions.apply(s, self.parse(action), f)

    def undo_barrier(self, before: State, after: State, seat: int, action: str) -> bool:
        """True when ``action`` (``before`` → ``after``) may never be taken back:
        it used randomness or revealed hidden information, as the game's
        declarations say (``secrets``, ``chance``, ``shown``; core/hidden.py;
        and the answers a decision kind ``reveals``)."""
        if hidden.reveals(self.secrets, self.chance, self.shown, before, after):
            return True
        if not self.decisions.may_reveal:
            return False
        f = self.frame(before, seat)
        shows = None if f is None else self.decisions.kind(f).reveals
        return shows is not None and shows(before, f, self.parse(action))

    def sample(self, s: State, seat: int, rng: random.Random) -> str:
        """A uniformly random legal action (games may override for speed)."""
        return rng.choice(self.legal(s, seat))

    def large_menu(self, s: State, seat: int) -> bool:
        """True when the legal list here may be too long to list on every prompt
        (Palazzo's payments and bids: every subset of a hand that pays). The UI
        then composes the answer in the game's own panel and the table checks
        it on submit; heuristic and search bots get
        the candidates of the game's ``bot.BOT`` instead."""
        return False

    def apply_in_place(self, s: State, seat: int, action: str) -> None:
        """Play a legal ``action`` on ``s`` itself, without the copy or checks of
        :meth:`apply`: for search bots stepping through their own private
        (determinized) states. ``s`` may be left half-changed if it is illegal."""
        self._apply(s, seat, action.strip())

    # ----- views and results ------------------------------------------------
    def view(self, s: State, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator). Never the RNG: the
        game's ``_view`` of the masked copy (:meth:`redact`), so it cannot
        show what the declarations hide."""
        return self._view(self.redact(s, seat), seat)

    def _view(self, r: State, seat: int | None) -> dict:
        """The dict every screen and bot gets, drawn from ``r``, the state as
        ``seat`` knows it (every part hidden from it masked)."""
        raise NotImplementedError

    def is_over(self, s: State) -> bool:
        return not self.owed(s)

    def scores(self, s: State) -> list[ScoreCard]:
        raise NotImplementedError

    def describe(
        self, s: State, seat: int, action: str, viewer: int | None, after: State | None = None
    ) -> str:
        """Plain-language log line for ``action`` played in state ``s``,
        as ``viewer`` may read it (hidden parts left out). ``after``: the
        state the action led to, where the caller has it (a table applies an
        action once and describes it for every viewer); a game that reads it
        gets it from :meth:`state_after`."""
        return f"{self.player_name(s, seat)}: {action}"

    def state_after(
        self, s: State, seat: int, action: str, after: State | None = None
    ) -> State | None:
        """``after`` when given, else the state ``action`` leads to (None if it
        is illegal): what a log line reads of the action's result."""
        if after is not None:
            return after
        try:
            return self.apply(s, seat, action)
        except IllegalAction:
            return None

    def status(self, s: State) -> str:
        """Short round/phase text for the status line."""
        return ""

    def round_number(self, s: State) -> int | None:
        """The round ``s`` is in, for the log and replay jumps (None: the game
        has no rounds). The default reads ``s["round"]``."""
        r = s.get("round")
        return r if isinstance(r, int) and not isinstance(r, bool) else None

    def player_name(self, s: State, seat: int) -> str:
        return s["names"][seat]

    # ----- hidden information for bots -----------------------------------------
    def redact(self, s: State, seat: int | None) -> State:
        """The full state as ``seat`` knows it: every part the declarations
        (``secrets``) hide from it masked, and no RNG. The view is drawn from
        it, and search bots plan on it with the real rules."""
        return hidden.redact(self.secrets, s, seat)

    def determinize(self, r: State, seat: int, seed: int) -> State:
        """A full state consistent with the redacted state ``r``: the unseen
        items dealt at random (from ``seed``) into the hidden places."""
        raise NotImplementedError(f"{self.title} has no determinize() yet")

    # ----- persistence ----------------------------------------------------
    def dump(self, s: State) -> str:
        return json.dumps(s, sort_keys=True, separators=(",", ":"))

    def load(self, text: str) -> State:
        """The state saved as ``text`` by :meth:`dump`.

        Raises :class:`CorruptSave` (a ValueError), and only that, when the
        text is not JSON, not a state of this game, lacks a part every state
        of the game has (or holds it as another JSON type: a list where a
        fresh state has a dict), or is a state this game's own queries
        (``is_over``, ``to_act``, ``status``, the spectator's ``view``)
        cannot read."""
        if isinstance(text, (bytes, bytearray)):
            try:
                text = text.decode()
            except UnicodeDecodeError as e:
                raise CorruptSave(f"the saved {self.title} state is not text ({e})") from None
        if not isinstance(text, str):
            raise CorruptSave(f"the saved {self.title} state is {type(text).__name__}, not text")
        try:
            s = json.loads(text)
        except ValueError as e:
            raise CorruptSave(f"the saved {self.title} state is not JSON ({e})") from None
        if not isinstance(s, dict) or s.get("game") != self.id:
            raise CorruptSave(f"the saved state is not a {self.title} state")
        try:
            s = self.upgrade(s)
            problem = self._shape_problem(s)
            if problem:
                raise CorruptSave(f"the saved {self.title} state is damaged ({problem})")
            self.is_over(s)
            self.to_act(s)
            self.status(s)
            self.view(s, None)
        except CorruptSave:
            raise
        except Exception as e:  # noqa: BLE001 - any failure means the save is damaged
            raise CorruptSave(
                f"the saved {self.title} state is damaged ({type(e).__name__}: {e})"
            ) from None
        return s

    def upgrade(self, s: State) -> State:
        """A loaded state in today's shape: a save keeps the state itself (a
        game resumes from it), so a game whose state changed shape converts the
        older one here. The default: nothing to convert."""
        return s

    def _shape_problem(self, s: State) -> str:
        """What a loaded state lacks compared with a fresh state of the same
        players and options ("" if nothing): every top-level part of a fresh
        state must be there, and a part that is a list or a dict in a fresh
        state must still be one or null (scalars may change type, e.g. text to a number)."""
        names = s.get("names")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return "no list of player names"
        options = s.get("options")
        fresh = self.new(names, 0, options if isinstance(options, dict) else None)
        for key, value in fresh.items():
            if key not in s:
                return f"no '{key}'"
            for kind, word in ((list, "a list"), (dict, "a dict")):
                if isinstance(value, kind) and s[key] is not None and not isinstance(s[key], kind):
                    return f"'{key}' is not {word}"
        return ""
