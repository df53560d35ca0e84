"""Statistics over the saved games, derived from the store's ``games`` table.

A finished game has ``status = 'over'`` and ``result``: the final score cards
(seat, name, total, rank, winner) the table writes when the game ends. Shared
wins count as a win for each winner.

:func:`follow` follows one player across the tables they sat at (live or
turn-based: a table is a saved game either way) and :func:`player_page`
puts that beside their ratings (:mod:`florencia_tui.ratings`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from rich.table import Table as RichTable

from florencia_tui import ratings
from florencia_tui.games import REGISTRY
from florencia_tui.store import SavedGame, Store


@dataclass
class GameStats:
    game: str
    played: int = 0  # games started
    finished: int = 0
    score_sum: float = 0.0
    scores: int = 0  # score cards counted
    win_sum: float = 0.0  # winners' scores

    @property
    def title(self) -> str:
        return REGISTRY[self.game].title if self.game in REGISTRY else self.game

    @property
    def mean_score(self) -> float | None:
        return self.score_sum / self.scores if self.scores else None

    @property
    def mean_winning(self) -> float | None:
        return self.win_sum / self.finished if self.finished else None


@dataclass
class PlayerStats:
    """A player name (or a bot level) in one game."""

    key: str
    game: str
    games: int = 0  # finished
    wins: int = 0
    score_sum: float = 0.0
    playing: int = 0  # tables still in play (follow counts them)

    def add(self, card: dict) -> None:
        """Count one finished seat's score card."""
        self.games += 1
        self.wins += 1 if card.get("winner") else 0
        self.score_sum += card["total"]

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Stats:
    games: dict[str, GameStats] = field(default_factory=dict)
    # (name, game); a bot seat's name is marked "(bot)" (player_key)
    players: dict[tuple[str, str], PlayerStats] = field(default_factory=dict)
    bots: dict[tuple[str, str], PlayerStats] = field(default_factory=dict)  # (kind, game)
    longest: list[tuple[SavedGame, int]] = field(default_factory=list)  # (game, actions)

    @property
    def played(self) -> int:
        return sum(g.played for g in self.games.values())

    @property
    def finished(self) -> int:
        return sum(g.finished for g in self.games.values())

    def wins_by_name(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for (name, _game), p in self.players.items():
            out[name] = out.get(name, 0) + p.wins
        return out

    def summary(self) -> str:
        if not self.played:
            return "no games played yet"
        text = f"{self.played} game{'s' if self.played != 1 else ''} · {self.finished} finished"
        wins = self.wins_by_name()
        if wins and max(wins.values()) > 0:
            best = max(wins.items(), key=lambda kv: (kv[1], kv[0]))
            text += f" · most wins: {best[0]} ({best[1]})"
        return text


def player_key(name: str, kind: str) -> str:
    """How a seat is counted among the players: its name, marked for a bot
    (a bot called Ben and a human Ben are two players)."""
    return name if kind == "human" else f"{name} (bot)"


def compute(store: Store, longest: int = 5) -> Stats:
    st = Stats()
    finished: list[tuple[SavedGame, int]] = []
    for g, result in store.results():
        gs = st.games.setdefault(g.game, GameStats(g.game))
        gs.played += 1
        if g.status != "over" or not result:
            continue
        gs.finished += 1
        n_effective = store.effective_actions(g.id)
        finished.append((g, n_effective))
        winners = [c for c in result if c.get("winner")]
        if winners:
            gs.win_sum += winners[0]["total"]
        for c in result:
            seat = int(c["seat"])
            kind = g.seats[seat]["kind"] if seat < len(g.seats) else "human"
            gs.score_sum += c["total"]
            gs.scores += 1
            # A bot seat is counted apart from a human of the same name.
            who = player_key(c["name"], kind)
            targets = [st.players.setdefault((who, g.game), PlayerStats(who, g.game))]
            if kind != "human":
                targets.append(st.bots.setdefault((kind, g.game), PlayerStats(kind, g.game)))
            for p in targets:
                p.add(c)
    finished.sort(key=lambda x: (-x[1], x[0].id))
    st.longest = finished[:longest]
    return st


def follow(store: Store, player: str, ids: Iterable[int]) -> dict[str, PlayerStats]:
    """``player`` (a human's name or a bot level, as ``ratings.player_key``
    names a seat) across the tables ``ids``, live or turn-based alike: per
    game, the seats finished, won and their average score, and the tables
    still in play (of those nothing but their number)."""
    out: dict[str, PlayerStats] = {}
    for gid in ids:
        try:
            g = store.get(gid)
        except KeyError:
            continue
        mine = {i for i, s in enumerate(g.seats) if ratings.player_key(s) == player}
        if not mine:
            continue
        p = out.setdefault(g.game, PlayerStats(player, g.game))
        if g.status != "over":
            p.playing += 1
            continue
        for c in store.result(gid) or []:
            if int(c["seat"]) in mine:
                p.add(c)
    return out


#: A player's page shows the rating after at most this many rated tables per game.
HISTORY_SHOWN = 30


def player_page(store: Store, player: str, ids: Iterable[int]) -> dict:
    """What a player's page shows, as plain data (it crosses the table
    service's socket): per game their rating, the tables ``ids`` followed
    (:func:`follow`), and their rating after each of the latest rated tables.
    Only finished tables' results are in it."""
    tables = follow(store, player, ids)
    rated = {s.game: s for s in ratings.standings(store, player)}
    games = []
    for game in sorted(set(tables) | set(rated), key=_title):
        t = tables.get(game)
        games.append(
            {
                "game": game,
                "title": _title(game),
                "rating": rated[game].to_dict() if game in rated else None,
                "tables": None
                if t is None
                else {
                    "finished": t.games,
                    "wins": t.wins,
                    "playing": t.playing,
                    "mean_score": t.mean_score if t.games else None,
                },
                "history": [
                    c.to_dict() for c in ratings.history(store, player, game, HISTORY_SHOWN)
                ],
            }
        )
    return {"player": player, "games": games}


def _num(x: float | None) -> str:
    return "—" if x is None else f"{x:.1f}"


def _title(game: str) -> str:
    return REGISTRY[game].title if game in REGISTRY else game


def stats_tables(st: Stats) -> list:
    """Rich renderables: one table per kind of statistic."""
    games = RichTable(title="Games", title_justify="left", expand=True, box=None)
    for col, just in [
        ("game", "left"),
        ("played", "right"),
        ("finished", "right"),
        ("avg score", "right"),
        ("avg winner", "right"),
    ]:
        games.add_column(col, justify=just)
    for g in sorted(st.games.values(), key=lambda g: g.title):
        games.add_row(
            g.title, str(g.played), str(g.finished), _num(g.mean_score), _num(g.mean_winning)
        )

    def people(title: str, rows: dict) -> RichTable:
        t = RichTable(title=title, title_justify="left", expand=True, box=None)
        for col, just in [
            ("name", "left"),
            ("game", "left"),
            ("games", "right"),
            ("wins", "right"),
            ("win %", "right"),
            ("avg score", "right"),
        ]:
            t.add_column(col, justify=just)
        for p in sorted(rows.values(), key=lambda p: (-p.wins, -p.win_rate, p.key, p.game)):
            t.add_row(
                p.key,
                _title(p.game),
                str(p.games),
                str(p.wins),
                f"{100 * p.win_rate:.0f}",
                _num(p.mean_score),
            )
        return t

    longest = RichTable(title="Longest games", title_justify="left", expand=True, box=None)
    for col, just in [
        ("#", "right"),
        ("game", "left"),
        ("actions", "right"),
        ("players", "left"),
        ("finished", "left"),
    ]:
        longest.add_column(col, justify=just)
    for g, n in st.longest:
        longest.add_row(
            str(g.id),
            _title(g.game),
            str(n),
            ", ".join(g.names),
            time.strftime("%d %b %Y", time.localtime(g.updated)),
        )
    return [
        games,
        people("Wins per player", st.players),
        people("Wins per bot level", st.bots),
        longest,
    ]
