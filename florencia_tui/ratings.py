"""Ratings per game and player: OpenSkill's Weng-Lin model (Plackett-Luce).

A player is a human's name (the user name they signed in with) or a bot
level ("bot:heuristic"), so a newcomer can read a bot's strength on the same
scale. Each (game, player) has a rating: ``mu`` (the skill believed) and
``sigma`` (how unsure that belief is); the number shown is the library's
*ordinal*, ``mu - 3 sigma``, which starts at 0 and climbs as games are played.
A rating from fewer than :data:`PROVISIONAL_GAMES` rated games is
provisional, and shown so.

A table is rated when its options say ``rated`` (the opener's choice at a
network table; a game at one keyboard never is: its names are typed, not
signed in) and it was finished by its players: its final score cards (the
``result`` the table saves with the action that ends the game) give each
seat's rank, ties and tie-breaks as the game's ``scores()`` ranked them
(``core.game.rank_cards``: equal rank only when the game says tie). One
player at several seats (two bots of one level) enters the library's update
once per seat; their new rating is the mean of those seats' updates.

Everything is in the store's database (:data:`SCHEMA`, added on first use):
``ratings`` holds each (game, player)'s current rating, games and wins;
``rating_history`` one row per player per rated table (the rating after it),
keyed by the table's id, so a table is rated once. :func:`rebuild` recomputes
both from the saved games in the order they finished, so a fix to this
module can re-rate everything.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import asdict, dataclass

from openskill.models import PlackettLuce

from florencia_tui.store import Store

#: The library's Weng-Lin Plackett-Luce model, at its own defaults.
MODEL = PlackettLuce()
#: Below this many rated games a rating is provisional.
PROVISIONAL_GAMES = 5
#: How a leaderboard may be sorted.
SORTS = ("rating", "games", "wins")

SCHEMA = """
CREATE TABLE IF NOT EXISTS ratings (
    game    TEXT NOT NULL,
    player  TEXT NOT NULL,
    mu      REAL NOT NULL,
    sigma   REAL NOT NULL,
    games   INTEGER NOT NULL,
    wins    INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE TABLE IF NOT EXISTS rating_history (
    game_id INTEGER NOT NULL,
    game    TEXT NOT NULL,
    player  TEXT NOT NULL,
    rank    INTEGER NOT NULL,
    seats   INTEGER NOT NULL,
    mu      REAL NOT NULL,
    sigma   REAL NOT NULL,
    before  REAL NOT NULL,
    ts      REAL NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE INDEX IF NOT EXISTS rating_history_player ON rating_history(player, game, ts);
"""


def ensure(db: sqlite3.Connection) -> None:
    """The ratings' tables in ``db``, created when missing. One statement at a
    time: unlike ``executescript`` this commits nobody's open transaction."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)


def ordinal(mu: float, sigma: float) -> float:
    """The number a rating is shown and ranked by: the library's ordinal."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def player_key(seat: dict) -> str:
    """Who a seat is among the rated: a human's name, or the bot's level."""
    return seat["name"] if seat["kind"] == "human" else seat["kind"]


@dataclass
class Standing:
    """One player's rating in one game."""

    game: str
    player: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def rating(self) -> float:
        return ordinal(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def bot(self) -> bool:
        return self.player.startswith("bot:")

    def to_dict(self) -> dict:
        return {**asdict(self), "rating": self.rating, "provisional": self.provisional}


@dataclass
class Change:
    """One player's rating after one rated table."""

    game_id: int
    game: str
    player: str
    rank: int  # the best of the player's seats
    seats: int  # seats at the table
    mu: float
    sigma: float
    before: float  # the rating (ordinal) before the table
    ts: float  # when the table finished

    @property
    def rating(self) -> float:
        return ordinal(self.mu, self.sigma)

    def to_dict(self) -> dict:
        return {**asdict(self), "rating": self.rating}


def placings(seats: list[dict], result: list[dict]) -> list[tuple[str, int]]:
    """Each seat's (player, rank), in seat order, from the final score cards."""
    ranks = {int(c["seat"]): int(c["rank"]) for c in result}
    return [(player_key(s), ranks[i]) for i, s in enumerate(seats)]


def update(
    prior: dict[str, tuple[float, float]], placed: list[tuple[str, int]]
) -> dict[str, tuple[float, float]]:
    """The library's update for one finished table: ``placed`` is each seat's
    (player, rank), ``prior`` the (mu, sigma) of players rated before (the
    model's default for the others). A player at several seats gets the mean
    of those seats' new values."""
    teams = [[MODEL.rating(*prior.get(p, (None, None)), name=p)] for p, _ in placed]
    rated = MODEL.rate(teams, ranks=[rank for _, rank in placed])
    seats: dict[str, list] = {}
    for (player, _), (r,) in zip(placed, rated):
        seats.setdefault(player, []).append(r)
    return {
        p: (sum(r.mu for r in rs) / len(rs), sum(r.sigma for r in rs) / len(rs))
        for p, rs in seats.items()
    }


def is_rated(store: Store, game_id: int) -> bool:
    """Whether table ``game_id`` has been rated already."""
    ensure(store.db)
    row = store.db.execute(
        "SELECT 1 FROM rating_history WHERE game_id=? LIMIT 1", (game_id,)
    ).fetchone()
    return row is not None


def _rate(db: sqlite3.Connection, game_id: int, game: str, seats, result, ts: float) -> bool:
    """Rate one finished table inside the caller's transaction."""
    if db.execute("SELECT 1 FROM rating_history WHERE game_id=?", (game_id,)).fetchone():
        return False  # rated once, whoever asks again
    placed = placings(seats, result)
    if len({p for p, _ in placed}) < 2:
        return False  # nobody to be compared with
    prior = {
        p: (mu, sigma, games, wins)
        for p, mu, sigma, games, wins in db.execute(
            "SELECT player, mu, sigma, games, wins FROM ratings WHERE game=? AND player IN"
            f" ({','.join('?' * len(placed))})",
            (game, *(p for p, _ in placed)),
        )
    }
    after = update({p: v[:2] for p, v in prior.items()}, placed)
    for player, (mu, sigma) in after.items():
        rank = min(r for p, r in placed if p == player)
        _, _, games, wins = prior.get(player, (None, None, 0, 0))
        before = ordinal(*prior[player][:2]) if player in prior else ordinal(MODEL.mu, MODEL.sigma)
        db.execute(
            "INSERT OR REPLACE INTO ratings(game, player, mu, sigma, games, wins, updated)"
            " VALUES (?,?,?,?,?,?,?)",
            (game, player, mu, sigma, games + 1, wins + (rank == 1), ts),
        )
        db.execute(
            "INSERT INTO rating_history(game_id, game, player, rank, seats, mu, sigma, before, ts)"
            " VALUES (?,?,?,?,?,?,?,?,?)",
            (game_id, game, player, rank, len(placed), mu, sigma, before, ts),
        )
    return True


def _finished_rated(store: Store, game_id: int):
    """(game, seats, result, finished at) of a finished rated table, else None."""
    g = store.get(game_id)
    if g.damaged or g.status != "over" or g.options.get("rated") is not True:
        return None
    result = store.result(game_id)
    if not result:
        return None
    return g.game, g.seats, result, g.updated


def rate_table(store: Store, game_id: int) -> bool:
    """Rate table ``game_id`` if it is rated, finished and not rated yet (True
    when it was rated now). The one entry for a table's finish, whatever kind
    of table it was; a second call changes nothing."""
    ensure(store.db)
    found = _finished_rated(store, game_id)
    if found is None:
        return False
    with store.db:
        store.db.execute("BEGIN IMMEDIATE")
        return _rate(store.db, game_id, *found)


#: Finished tables that say ``rated``, in the order they finished.
_RATED_GAMES = """
SELECT id FROM games WHERE status='over'
 AND CASE WHEN json_valid(options) THEN json_extract(options, '$.rated') END = 1
"""


def rate_pending(store: Store) -> list[int]:
    """Rate every finished rated table not rated yet, in the order they
    finished (a service that stopped between a table's last action and its
    rating catches up on its next start). The tables rated now."""
    ensure(store.db)
    ids = [
        r[0]
        for r in store.db.execute(
            _RATED_GAMES + " AND id NOT IN (SELECT game_id FROM rating_history)"
            " ORDER BY updated, id"
        )
    ]
    return [gid for gid in ids if rate_table(store, gid)]


def rebuild(store: Store) -> int:
    """Forget every rating and rate every finished rated table again, in the
    order they finished, in one transaction. The number of tables rated."""
    ensure(store.db)
    ids = [r[0] for r in store.db.execute(_RATED_GAMES + " ORDER BY updated, id")]
    n = 0
    with store.db:
        store.db.execute("BEGIN IMMEDIATE")
        store.db.execute("DELETE FROM rating_history")
        store.db.execute("DELETE FROM ratings")
        for gid in ids:
            found = _finished_rated(store, gid)
            if found is not None and _rate(store.db, gid, *found):
                n += 1
    return n


def _sort_key(sort: str):
    if sort not in SORTS:
        raise ValueError(f"no sort {sort!r} (known: {', '.join(SORTS)})")
    if sort == "games":
        return lambda s: (-s.games, -s.rating, s.player)
    if sort == "wins":
        return lambda s: (-s.wins, -s.rating, s.player)
    return lambda s: (-s.rating, -s.games, s.player)


def leaderboard(
    store: Store, game: str, sort: str = "rating", limit: int | None = None
) -> list[Standing]:
    """Every rated player of ``game``, best first by ``sort`` (one of :data:`SORTS`)."""
    key = _sort_key(sort)
    ensure(store.db)
    rows = [
        Standing(game, *r)
        for r in store.db.execute(
            "SELECT player, mu, sigma, games, wins FROM ratings WHERE game=?", (game,)
        )
    ]
    rows.sort(key=key)
    return rows[:limit] if limit is not None else rows


def standings(store: Store, player: str) -> list[Standing]:
    """``player``'s rating in each game they are rated in."""
    ensure(store.db)
    return [
        Standing(*r)
        for r in store.db.execute(
            "SELECT game, player, mu, sigma, games, wins FROM ratings WHERE player=? ORDER BY game",
            (player,),
        )
    ]


def history(store: Store, player: str, game: str, limit: int | None = None) -> list[Change]:
    """``player``'s rating after each rated table of ``game``, the latest
    ``limit`` of them, oldest first."""
    ensure(store.db)
    rows = store.db.execute(
        "SELECT game_id, game, player, rank, seats, mu, sigma, before, ts FROM rating_history"
        " WHERE player=? AND game=? ORDER BY ts DESC, game_id DESC LIMIT ?",
        (player, game, -1 if limit is None else limit),
    )
    return [Change(*r) for r in rows][::-1]


def rated_tables(store: Store, player: str) -> list[int]:
    """The ids of every rated table ``player`` played."""
    ensure(store.db)
    rows = store.db.execute(
        "SELECT game_id FROM rating_history WHERE player=? ORDER BY game_id", (player,)
    )
    return [r[0] for r in rows]


def mark(s: Standing | dict) -> str:
    """A rating as shown: one decimal, ``?`` after a provisional one."""
    rating, provisional = (
        (s["rating"], s["provisional"]) if isinstance(s, dict) else (s.rating, s.provisional)
    )
    return f"{rating:.1f}" + ("?" if provisional else "")


# ----- as text (the command line and the player's page) ---------------------------
LEGEND = f"? provisional: fewer than {PROVISIONAL_GAMES} rated games"


def place(rank: int, seats: int) -> str:
    """A rank in words: "1st of 3"."""
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix} of {seats}"


def leaderboard_lines(rows: list[dict]) -> list[str]:
    """A leaderboard (``Standing.to_dict`` rows, in order) as lines of at most 72 cells."""
    lines = [
        f"{'#':>4}  {'player':<24} {'rating':>8} {'mu':>7} {'sigma':>6} {'games':>6} {'wins':>6}"
    ]
    for i, r in enumerate(rows, 1):
        rating = mark(r) if r["provisional"] else mark(r) + " "  # the numbers in one column
        lines.append(
            f"{i:>4}  {r['player'][:24]:<24} {rating:>8} {r['mu']:>7.2f} {r['sigma']:>6.2f}"
            f" {r['games']:>6} {r['wins']:>6}"
        )
    return lines


def page_lines(page: dict, day=None) -> list[str]:
    """A player's page (``stats.player_page``) as lines: per game the rating,
    the tables followed, and the rating after each of the latest rated tables.
    ``day(ts)`` writes a date (default: the local date and time)."""
    day = day or (lambda ts: time.strftime("%Y-%m-%d %H:%M", time.localtime(ts)))
    lines = []
    for g in page["games"]:
        lines.append(g["title"])
        r, t = g["rating"], g["tables"]
        if r is not None:
            lines.append(
                f"  rating {mark(r)} (mu {r['mu']:.2f}, sigma {r['sigma']:.2f}) after"
                f" {r['games']} rated game{'s' if r['games'] != 1 else ''}, {r['wins']} won"
            )
        else:
            lines.append("  not rated yet")
        if t is not None:
            avg = "" if t["mean_score"] is None else f", average score {t['mean_score']:.1f}"
            lines.append(
                f"  tables: {t['finished']} finished, {t['wins']} won{avg}"
                + (f"; {t['playing']} in play" if t["playing"] else "")
            )
        for h in g["history"]:
            delta = round(h["rating"] - h["before"], 1) or 0.0  # never "-0.0"
            lines.append(
                f"  {day(h['ts'])}  table {h['game_id']:<6} {place(h['rank'], h['seats']):<9}"
                f"  rating {h['rating']:6.1f} ({delta:+.1f})"
            )
    return lines
