"""One running game: seats (human or bot), the event log and autosave.

The UI talks to a game only through a :class:`Table`: it asks for a seat's
view, prompt and legal actions and submits actions. It never touches the game
state, so a seat's screen can live in another process (SSH) later.

A seat may take back its own latest actions (``undo``) within its turn, never
past a reveal, a use of chance or another player's action
(:mod:`florencia_tui.core.undo`). The undo is an entry of the log and the
record like any action; the entry it took back stays in the log, marked undone,
in its actor's log only: what a player takes back is theirs alone
(:func:`florencia_tui.gamelog.shown_to`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Protocol, runtime_checkable

from florencia_tui.bots import make_bot, observe
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, State
from florencia_tui.core.notation import as_text
from florencia_tui.core.record import Record
from florencia_tui.core.undo import UNDO, UndoLog, undone_indices
from florencia_tui.gamelog import LogLine, log_lines, shown_to
from florencia_tui.games import REGISTRY, GamePlugin, get_game
from florencia_tui.store import SAVE_ERRORS, SaveFailed, Store

SPECTATOR = "spectator"


@dataclass
class LogEntry:
    index: int
    seat: int
    action: str  # the notation, or "undo"
    text: dict[str, str]  # viewer key (str(seat) or "spectator") -> line
    status: str = ""  # Game.status of the state before it: round and phase
    undone: bool = False  # taken back by a later undo entry

    @property
    def is_undo(self) -> bool:
        return self.action == UNDO

    def line(self, viewer: int | None) -> str:
        key = SPECTATOR if viewer is None else str(viewer)
        return self.text.get(key) or self.text.get(SPECTATOR, "")

    def marked(self, viewer: int | None) -> str:
        """The line with an "(undone)" mark when it was taken back."""
        return self.line(viewer) + (" (undone)" if self.undone else "")

    def shown_to(self, viewer: int | None) -> bool:
        """Is it in ``viewer``'s log? Taken back (or an undo), only in its actor's."""
        return shown_to(self.seat, self.undone or self.is_undo, viewer)


class SeatQueries:
    """Who sits where, from ``self.seats``; shared by Table and net.RemoteTable."""

    seats: list[dict]

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat]["kind"] == "human"

    @property
    def humans(self) -> list[int]:
        return [i for i in range(len(self.seats)) if self.is_human(i)]


@runtime_checkable
class TableLike(Protocol):
    """What the screens use of a table: a local :class:`Table`, or a
    ``net.remote.RemoteTable`` answered from the table service's snapshots.
    Everything here is seen through one seat's eyes (or a spectator's)."""

    #: True for a table played from several terminals: each screen shows one
    #: fixed seat, there is no curtain, and the service runs the bots.
    shared: bool
    game_id: str
    table_id: int | None
    info: GamePlugin
    seats: list[dict]
    names: list[str]
    humans: list[int]
    rules_help: str

    def is_human(self, seat: int) -> bool: ...
    def to_act(self) -> list[int]: ...
    def is_over(self) -> bool: ...
    def bot_to_act(self) -> int | None: ...
    def view(self, seat: int | None) -> dict: ...
    def prompt(self, seat: int) -> Prompt: ...
    def legal(self, seat: int) -> list[str]: ...
    def offered(self, seat: int) -> list[str]: ...
    def label(self, seat: int, action: str) -> str: ...
    def status(self) -> str: ...
    def scores(self) -> list[ScoreCard]: ...
    def log(self, viewer: int | None) -> list[str]: ...
    def log_lines(self, viewer: int | None) -> list[LogLine]: ...
    def submit(self, seat: int, action: str) -> LogEntry: ...
    def undo(self, seat: int) -> LogEntry: ...


@dataclass
class Change:
    """An action (or undo) worked out but not yet kept by its table."""

    entry: LogEntry
    state: State  # the state after it
    undo_log: UndoLog  # what may be taken back after it
    taken_back: LogEntry | None = None  # the entry an undo takes back


@dataclass
class Table(SeatQueries):
    game_id: str
    seats: list[dict]  # [{"name": ..., "kind": "human" | "bot:random"}]
    seed: int
    options: dict = field(default_factory=dict)
    store: Store | None = None
    table_id: int | None = None
    state: State | None = None
    entries: list[LogEntry] = field(default_factory=list)
    #: A local table: one keyboard (hot-seat or solo), bots run by the screen.
    shared: ClassVar[bool] = False

    def __post_init__(self) -> None:
        self.game: Game = get_game(self.game_id)
        self.info: GamePlugin = REGISTRY[self.game_id]
        if self.state is None:
            self.state = self.game.new([s["name"] for s in self.seats], self.seed, self.options)
            if self.store is not None:
                try:
                    self.table_id = self.store.create(
                        self.game_id,
                        self.seed,
                        self.seats,
                        self.options,
                        self.game.dump(self.state),
                    )
                except SAVE_ERRORS as e:  # one row or none: nothing is half made
                    raise SaveFailed.of(e, "the game was not started") from e
        self._bots = {
            i: make_bot(s["kind"]) for i, s in enumerate(self.seats) if s["kind"] != "human"
        }
        self.undo_log = UndoLog()

    # ----- construction ---------------------------------------------------
    @classmethod
    def resume(cls, store: Store, table_id: int) -> Table:
        saved = store.get(table_id)
        game = get_game(saved.game)
        state = game.load(store.state(table_id))
        rows = store.action_rows(table_id)
        actions = [[r["seat"], r["action"]] for r in rows]
        undone = undone_indices(actions)
        entries = [
            LogEntry(i, r["seat"], r["action"], r["log"], r["status"], i in undone)
            for i, r in enumerate(rows)
        ]
        table = cls(
            saved.game,
            saved.seats,
            saved.seed,
            saved.options,
            store=store,
            table_id=table_id,
            state=state,
            entries=entries,
        )
        table.undo_log = cls._rebuild_undo_log(game, saved, actions, state)
        return table

    @staticmethod
    def _rebuild_undo_log(game: Game, saved, actions: list, state: State) -> UndoLog:
        """Replay the record to learn what may still be undone. If it does not
        reach the saved state (an older engine wrote it), nothing before now can be."""
        log = UndoLog()
        try:
            start = game.new(saved.names, saved.seed, saved.options)
            if log.replay(game, start, actions) == state:
                return log
        except Exception:  # noqa: BLE001 - a stale record only loses undo
            pass
        return UndoLog()

    # ----- queries (all through a seat's eyes) ------------------------------
    def to_act(self) -> list[int]:
        return self.game.to_act(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def view(self, seat: int | None) -> dict:
        return self.game.view(self.state, seat)

    def prompt(self, seat: int) -> Prompt:
        return self.game.prompt(self.state, seat)

    def legal(self, seat: int) -> list[str]:
        return self.game.legal(self.state, seat)

    def offered(self, seat: int) -> list[str]:
        """The legal actions a screen lists for ``seat``: all of them, or none
        when the game's menu is too large to list (``Game.large_menu``; the
        game's panel composes the answer and :meth:`submit` checks it)."""
        if self.game.large_menu(self.state, seat):
            return []
        return self.game.legal(self.state, seat)

    def label(self, seat: int, action: str) -> str:
        return self.game.label(self.state, seat, action)

    def status(self) -> str:
        return self.game.status(self.state)

    def scores(self) -> list[ScoreCard]:
        return self.game.scores(self.state)

    def log(self, viewer: int | None) -> list[str]:
        """Every entry's line as ``viewer`` may read it: taken-back ones (and
        the undos) only in their actor's log, marked."""
        return [e.marked(viewer) for e in self.entries if e.shown_to(viewer)]

    def log_lines(self, viewer: int | None) -> list[LogLine]:
        """The log as ``viewer`` reads it, with each entry's round/phase and marks."""
        return log_lines(self.entries, viewer)

    def record(self) -> Record:
        return Record(
            self.game_id,
            self.seed,
            self.seats,
            self.options,
            [[e.seat, e.action] for e in self.entries],
        )

    @property
    def rules_help(self) -> str:
        """F1 help: the rules summary and the options this game is played with."""
        return self.game.rules_help_for(self.game.options_in_effect(self.state))

    # ----- changes ----------------------------------------------------------
    #
    # The store first, then the state, then the screens: an action is worked
    # out without touching the table (plan), saved (save), and only once it is
    # in the store kept (commit). A save that fails raises SaveFailed and
    # leaves the table exactly as it was. submit and undo do all three; the
    # table service runs the save on its database thread between the two.

    def submit(self, seat: int, action: str) -> LogEntry:
        """Apply ``action`` for ``seat``; raises IllegalAction with the reason
        (SaveFailed when it could not be saved: then it was not played).
        ``"undo"`` takes back the seat's latest action (see :meth:`undo`)."""
        return self.commit(self.save(self.plan(seat, action)))

    def undo(self, seat: int) -> LogEntry:
        """Take back ``seat``'s latest action; raises IllegalAction saying why not."""
        return self.commit(self.save(self.plan_undo(seat)))

    def plan(self, seat: int, action: str) -> Change:
        """``action`` for ``seat`` worked out, the table unchanged; raises
        IllegalAction with the reason."""
        action = as_text(action)  # IllegalAction for None, bytes, an int, ...
        if action == UNDO:
            return self.plan_undo(seat)
        before = self.state
        after = self.game.apply(before, seat, action)
        # Applied once: every viewer's line is described from the same result.
        describe = self.game.describe
        text = {str(v): describe(before, seat, action, v, after) for v in range(len(self.seats))}
        text[SPECTATOR] = describe(before, seat, action, None, after)
        entry = LogEntry(len(self.entries), seat, action, text, self.game.status(before))
        undo_log = self.undo_log.copy()
        undo_log.push(self.game, seat, action, before, after)
        return Change(entry, after, undo_log)

    def plan_undo(self, seat: int) -> Change:
        """Taking back ``seat``'s latest action, worked out, the table
        unchanged; raises IllegalAction saying why not."""
        undo_log = self.undo_log.copy()
        idx, before = undo_log.undo(self.game, self.state, seat)
        target = self.entries[idx]
        name = self.names[seat]
        text = {k: f"{name} undoes: {line}" for k, line in target.text.items()}
        entry = LogEntry(len(self.entries), seat, UNDO, text, self.game.status(self.state))
        return Change(entry, before, undo_log, target)

    def save(self, change: Change, store: Store | None = None) -> Change:
        """Write ``change`` (its row and the state after it, in one
        transaction) to ``store`` (default: the table's own; the table service
        passes its database thread's connection). Raises SaveFailed saying why
        it could not; the table itself is never touched here."""
        store = store or self.store
        if store is None or self.table_id is None:
            return change
        entry, after = change.entry, change.state
        over = self.game.is_over(after)
        result = [c.to_dict() for c in self.game.scores(after)] if over else None
        try:
            store.append(
                self.table_id,
                entry.index,
                entry.seat,
                entry.action,
                entry.text,
                self.game.dump(after),
                over,
                result,
                status=entry.status,
            )
        except SAVE_ERRORS as e:
            what = "nothing was taken back" if entry.is_undo else "your move was not played"
            raise SaveFailed.of(e, what) from e
        return change

    def commit(self, change: Change) -> LogEntry:
        """Keep a saved ``change``: only now does the table (and every screen
        drawn from it) move on."""
        if change.entry.index != len(self.entries):
            raise RuntimeError("a change planned before another one was kept")
        if change.taken_back is not None:
            change.taken_back.undone = True
        self.entries.append(change.entry)
        self.undo_log = change.undo_log
        self.state = change.state
        return change.entry

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now (None: it may)."""
        return self.undo_log.refusal(self.game, self.state, seat)

    def can_undo(self, seat: int) -> bool:
        return self.undo_refusal(seat) is None

    def bot_to_act(self) -> int | None:
        """The first bot seat that owes a decision, if any."""
        for seat in self.to_act():
            if seat in self._bots:
                return seat
        return None

    def bot_choice(self, seat: int, kind: str | None = None) -> str:
        """What the bot at ``seat`` would play, decided from its own view only;
        ``kind``: a bot of that kind plays for the seat (e.g. a player's whose
        time ran out at a turn-based network table)."""
        bot = make_bot(kind) if kind else self._bots[seat]
        key = f"{self.seed}:{seat}:{len(self.entries)}"
        return bot.choose(observe(self.game, self.state, seat, key, bot.needs_redacted))

    def play_bot(self, seat: int) -> LogEntry:
        return self.submit(seat, self.bot_choice(seat))

    def run_bots(self, limit: int = 100_000) -> int:
        """Let bots play until a human owes a decision or the game ends."""
        n = 0
        while n < limit and not self.is_over():
            seat = self.bot_to_act()
            if seat is None:
                break
            self.play_bot(seat)
            n += 1
        return n


__all__ = ["Change", "IllegalAction", "LogEntry", "SaveFailed", "Table", "TableLike"]
