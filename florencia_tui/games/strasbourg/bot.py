"""Strasbourg position evaluation: a seat's projected final score, in points.

Read from a (determinized) state: prestige so far; council seats held, each
worth a point per council phase until the seat is next contested (the round
cards are public, so that is known) and a fraction after; the city as it
would score now plus what free chapel spots and building spaces next to the
seat's members may still bring; the building or chapel the Nobility or Church
holder is about to place; kept tasks at their value times an estimated chance
of meeting them (minus the penalty otherwise); privileges; coins and goods
while they can still buy city squares; the influence cards left (this round's
stacks by their chance of winning a bidding, the deck spread over the rounds
to come); pending rewards; and the seat's standing in the bidding under way.
At the end of the game it is the real score.
"""

from __future__ import annotations

import math
from functools import cache

from florencia_tui.core.plugin import BotKit
from florencia_tui.games.strasbourg import data, rules, scoring
from florencia_tui.games.strasbourg.notation import fmt_goods, fmt_values

# ----- tunable weights -------------------------------------------------------------
STACK_REWARD = 2.4  # the points a stack that wins a bidding brings, on average
STACK_MID = 8.0  # the total that wins a bidding about half the time
STACK_SPREAD = 2.2
SEAT_AFTER_CONTEST = 0.35  # share of the council phases after a contest still held
COIN = 0.45  # points per coin while city squares can still be bought
GOOD_SHARE = 0.6  # a good is worth this share of its sale price in coins
CHAPEL_CHANCE = 0.6  # weight of a free chapel spot's expected chapel
BUILDING_CHANCE = 0.5  # weight of a free building space's expected building
RIVAL_BIDS = 0.6  # chance a waiting rival with a big enough stack outbids
TASK_PRIOR = {  # chance of meeting a task kept at the start of the game
    "building_adjacent": 0.25,
    "guild_count": 0.3,
    "same_building": 0.2,
    "orth_line": 0.3,
    "diag_line": 0.15,
    "council_count": 0.3,
    "buildings_touched": 0.05,
    "city_majority": 0.25,
    "same_chapel": 0.1,
    "chapels_touched": 0.2,
    "all_guilds": 0.1,
    "block_2x2": 0.05,
    "connected_group": 0.15,
    "council_seat": 0.35,
    "most_coins": 0.25,
    "guild_seats": 0.3,
}
#: tasks that can be met now and lost again before the end
_VOLATILE = {"council_count", "council_seat", "most_coins", "guild_seats", "city_majority"}

_STEP_INDEX = {st: i for i, st in enumerate(data.STEPS)}
_CONTESTS: dict[str, list[tuple[int, str]]] = {}  # seat -> [(step index, guild)] per card


def _lines(dirs) -> list[tuple[str, str, str]]:
    out = []
    for c in data.CELLS:
        x, y = data.cell_xy(c)
        for dx, dy in dirs:
            cells = []
            for k in range(3):
                nx, ny = x + dx * k, y + dy * k
                if 0 <= nx < len(data.COLUMNS) and 0 <= ny < data.ROWS:
                    cells.append(data.cell_id(nx, ny))
            if len(cells) == 3 and all(z in data.CELLS for z in cells):
                out.append(tuple(cells))
    return out


ORTH_LINES = _lines(((1, 0), (0, 1)))
DIAG_LINES = _lines(((1, 1), (1, -1)))
BLOCKS = [
    b
    for b in (
        tuple(data.cell_id(x + dx, y + dy) for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)))
        for x in range(len(data.COLUMNS) - 1)
        for y in range(data.ROWS - 1)
    )
    if all(z in data.CELLS for z in b)
]
#: square -> building spaces / chapel spots it touches
SQUARE_SPACES = {c: [sp for sp, ns in data.SPACE_NEIGHBOURS.items() if c in ns] for c in data.CELLS}
SQUARE_CHAPELS = {c: [k for k, sq in data.CHAPEL_SQUARES.items() if c in sq] for c in data.CELLS}


@cache
def _sum_dist(k: int) -> tuple[float, ...]:
    """Distribution of the sum of ``k`` cards drawn uniformly from 1-6."""
    dist = [1.0]
    for _ in range(k):
        nxt = [0.0] * (len(dist) + 6)
        for total, pr in enumerate(dist):
            if pr:
                for v in range(1, 7):
                    nxt[total + v] += pr / 6
        dist = nxt
    return tuple(dist)


@cache
def p_beat(k: int, total: int, tie_wins: bool) -> float:
    """Chance a stack of ``k`` unseen cards beats ``total`` (or ties, if ties win)."""
    dist = _sum_dist(k)
    lo = total if tie_wins else total + 1
    return sum(dist[lo:]) if lo < len(dist) else 0.0


def stack_value(total: float) -> float:
    return STACK_REWARD / (1 + math.exp(-(total - STACK_MID) / STACK_SPREAD))


#: a round's 2nd, 3rd, ... stack matters less: the steps a seat most wants come first
STACK_WEIGHTS = (1.0, 0.75, 0.55, 0.4, 0.3, 0.2, 0.1)
_CUM_WEIGHTS = tuple(sum(STACK_WEIGHTS[:j]) for j in range(8))


def stacks_value(totals: list[int], steps: int = 7) -> float:
    """Stacks in hand (best first) for the ``steps`` biddings left this round."""
    totals = sorted(totals, reverse=True)[:steps]
    return sum(w * stack_value(t) for w, t in zip(STACK_WEIGHTS, totals))


def round_value(budget: float, cards: float = 7) -> float:
    """A round's worth of influence: ``budget`` points in ``cards`` cards split
    into the best number of equal stacks (at most one per bidding step)."""
    if budget <= 0 or cards < 1:
        return 0.0
    q = round(budget * 4)
    if cards >= 7:
        return _round_value(q, 7)
    lo = int(cards)  # between whole numbers of cards: interpolate, for a smooth value
    frac = cards - lo
    v = _round_value(q, lo)
    return v + frac * (_round_value(q, lo + 1) - v) if frac else v


@cache
def _round_value(quarters: int, most: int) -> float:
    budget = quarters / 4
    return max(_CUM_WEIGHTS[j] * stack_value(budget / j) for j in range(1, most + 1))


def deck_value(total: float, cards: int, rounds: int) -> float:
    """A deck (``total`` points in ``cards`` cards) spread evenly over ``rounds``."""
    if rounds <= 0 or cards <= 0:
        return 0.0
    return rounds * round_value(total / rounds, max(1.0, cards / rounds))


def drawing_value(hand: list[int], deck: list[int], rounds: int) -> float:
    """Hand and deck of a seat still drawing: the best over how many more
    average cards it draws for this round, the rest kept for ``rounds`` more."""
    h, d, n = sum(hand), sum(deck), len(deck)
    avg = d / n if n else 0.0
    return max(
        round_value(h + k * avg, len(hand) + k) + deck_value(d - k * avg, n - k, rounds)
        for k in range(n + 1)
    )


# ----- the round's schedule -----------------------------------------------------------
def _position(s: dict) -> tuple[int, int]:
    """(round, index of the first step not yet resolved: 0 while planning)."""
    if s["phase"] in ("tasks", "planning"):
        return s["round"], 0
    i = _STEP_INDEX[s["step"]]
    resolved = s["bid"] is None and s["step"] in data.BID_STEPS
    return s["round"], i + (1 if resolved else 0)


def _contested_round(s: dict, seat_id: str, rnd: int, idx: int) -> int | None:
    """The first round (>= rnd) whose steps contest council seat ``seat_id``
    at or after step index ``idx`` (in round ``rnd``)."""
    for r in range(rnd, data.ROUNDS + 1):
        guilds = data.ROUND_CARDS[s["cards"][r - 1]]
        if seat_id in ("NOB", "CHU"):
            steps = [0]
        elif seat_id == "ME":
            steps = [6]
        else:
            steps = [1 + 2 * j for j, g in enumerate(guilds) if g == seat_id]
        if any(st >= (idx if r == rnd else 0) for st in steps):
            return r
    return None


def seat_value(s: dict, seat_id: str, pos: tuple[int, int]) -> float:
    """Points a holder of ``seat_id`` can expect from it from now on."""
    rnd, idx = pos
    if s["phase"] == "over":
        return 0.0
    left = data.ROUNDS - rnd + 1  # council phases still to come
    r = _contested_round(s, seat_id, rnd, idx)
    if r is None:
        return float(left)
    sure = r - rnd
    return sure + SEAT_AFTER_CONTEST * (left - sure)


# ----- the city -------------------------------------------------------------------------
def _remaining_placements(s: dict, pos: tuple[int, int]) -> tuple[int, list[int]]:
    """(chapels still to be built, values of the buildings still to be placed)."""
    rnd = pos[0]
    chapels = data.ROUNDS - rnd + (0 if _chapel_built_this_round(s) else 1)
    placed = set(s["built"].values())
    values = [data.BUILDINGS[b]["value"] for b in s["buildings"][rnd - 1 :] if b not in placed]
    return min(chapels, 7 - len(s["chapels"])), values


def _square_worth(s: dict, c: str, chapel_w: float, build_w: float) -> float:
    """What a member on square ``c`` scores (now and in expectation)."""
    v = 1.0
    chapels, built = s["chapels"], s["built"]
    for k in SQUARE_CHAPELS[c]:
        v += 1.0 if k in chapels else chapel_w
    for sp in SQUARE_SPACES[c]:
        b = built.get(sp)
        v += data.BUILDINGS[b]["value"] if b else build_w
    return v


def _weights(s: dict, pos) -> tuple[float, float]:
    """Expected points per member touching a free chapel spot / building space."""
    chapels_left, values = _remaining_placements(s, pos)
    free_spots = 7 - len(s["chapels"])
    free_spaces = len(data.BUILDING_SPACES) - len(s["built"])
    chapel_w = CHAPEL_CHANCE * chapels_left / free_spots if free_spots else 0.0
    build_w = (BUILDING_CHANCE * sum(values) / free_spaces) if free_spaces else 0.0
    return chapel_w, build_w


def _placement_bonus(s: dict, p: int, pos, kind: str) -> float:
    """Best points ``p`` gets from placing this round's chapel or building."""
    city = s["city"]
    if kind == "chapel":
        spots = [k for k in data.CHAPEL_CORNERS if k not in s["chapels"]]
        return float(
            max(
                (sum(1 for c in data.CHAPEL_SQUARES[k] if city.get(c) == p) for k in spots),
                default=0,
            )
        )
    b = s["buildings"][s["round"] - 1]
    if b in s["built"].values():
        return 0.0
    spaces = [sp for sp in data.BUILDING_SPACES if sp not in s["built"]]
    best = max(
        (sum(1 for c in data.SPACE_NEIGHBOURS[sp] if city.get(c) == p) for sp in spaces), default=0
    )
    return float(data.BUILDINGS[b]["value"] * best)


def entry_value(
    s: dict, p: int, guild: str, coins: int, chapel_w: float, build_w: float, coin: float
) -> float:
    best = 0.0
    city = s["city"]
    for c, info in data.CELLS.items():
        if info["guild"] == guild and c not in city and info["price"] <= coins:
            best = max(best, _square_worth(s, c, chapel_w, build_w) - coin * info["price"])
    return best


# ----- tasks ----------------------------------------------------------------------------
def _progress(tid: str, s: dict, p: int, cells: set) -> float:
    _, kind, prm, _ = data.TASK_BY_ID[tid]
    city = s["city"]
    free_or_mine = lambda c: city.get(c, p) == p  # noqa: E731

    def best_open_group(groups, size: int) -> float:
        """The share p fills of the best group (a line, a block) still open to p."""
        open_groups = (g for g in groups if all(free_or_mine(c) for c in g))
        return max((sum(1 for c in g if c in cells) for g in open_groups), default=0) / size

    if kind == "building_adjacent":
        for sp, b in s["built"].items():
            if b == prm["building"]:
                return (
                    min(1.0, scoring.building_adjacent(s, sp, p) / prm["min"])
                    if sum(1 for c in data.SPACE_NEIGHBOURS[sp] if free_or_mine(c)) >= prm["min"]
                    else 0.0
                )
        return 0.0
    if kind == "guild_count":
        return min(1.0, sum(1 for c in cells if data.CELLS[c]["guild"] == prm["guild"]) / 3)
    if kind == "same_building":
        return min(
            1.0,
            max((scoring.building_adjacent(s, sp, p) for sp in s["built"]), default=0) / prm["min"],
        )
    if kind in ("orth_line", "diag_line"):
        return best_open_group(ORTH_LINES if kind == "orth_line" else DIAG_LINES, 3)
    if kind == "council_count":
        need = prm["min_by_players"].get(str(s["n"]), 3)
        return min(1.0, scoring.council_count(s, p) / need)
    if kind == "buildings_touched":
        return min(1.0, sum(1 for sp in s["built"] if scoring.building_adjacent(s, sp, p)) / 4)
    if kind == "city_majority":
        mine = len(cells)
        rival = max(scoring.city_count(s, q) for q in range(s["n"]) if q != p)
        return max(0.0, min(1.0, 0.5 + (mine - rival) / 4))
    if kind == "same_chapel":
        return (
            max(
                (sum(1 for c in data.CHAPEL_SQUARES[k] if c in cells) for k in s["chapels"]),
                default=0,
            )
            / 3
        )
    if kind == "chapels_touched":
        return min(
            1.0, sum(1 for k in s["chapels"] if any(c in cells for c in data.CHAPEL_SQUARES[k])) / 3
        )
    if kind == "all_guilds":
        return len({data.CELLS[c]["guild"] for c in cells}) / 5
    if kind == "block_2x2":
        return best_open_group(BLOCKS, 4)
    if kind == "connected_group":
        return min(1.0, scoring._largest_group(cells) / prm["min"])
    if kind == "council_seat":
        return 1.0 if s["council"][prm["seat"]] == p else 0.0
    if kind == "most_coins":
        mine = s["players"][p]["coins"]
        rival = max(s["players"][q]["coins"] for q in range(s["n"]) if q != p)
        return max(0.0, min(1.0, 0.5 + (mine - rival) / 6))
    if kind == "guild_seats":
        return min(1.0, sum(1 for g in data.GUILDS if s["council"][g] == p) / prm["min"])
    return 0.0


def task_value(tid: str, s: dict, p: int, cells: set, time_left: float) -> float:
    _, kind, _, value = data.TASK_BY_ID[tid]
    pen = data.TASK_UNMET_PENALTY
    if scoring.evaluate(tid, s, p):
        if kind not in _VOLATILE:
            return float(value)
        keep = 1 - 0.4 * time_left
        return keep * value + (1 - keep) * pen
    f = _progress(tid, s, p, cells)
    prior = TASK_PRIOR[kind]
    chance = math.sqrt(time_left) * (prior + (1 - prior) * f * f)
    return chance * value + (1 - chance) * pen


# ----- the evaluation -------------------------------------------------------------------
def strasbourg_eval(game, s: dict, p: int, terms=None) -> float:
    """The projected final score; ``terms`` (evaluate.Terms) learns its parts."""
    if s["phase"] == "over":
        return float(
            sum(pts for _, pts in scoring.final_lines(s, p, True))
        ) + 0.01 * scoring.city_count(s, p)
    mark = terms.mark if terms is not None else None
    pl = s["players"][p]
    pos = _position(s)
    rnd, idx = pos
    guild_left = sum(
        1 for r in range(rnd, data.ROUNDS + 1) for st in (1, 3, 5) if r > rnd or st >= idx
    )
    time_left = guild_left / 15
    coin = COIN * min(1.0, guild_left / 6)
    value = float(pl["prestige"] + pl["priv"] * data.PRIVILEGE_POINTS)
    if mark:
        mark("prestige", value)

    # council seats
    for k, holder in s["council"].items():
        if holder == p:
            value += seat_value(s, k, pos)
    if mark:
        mark("council", value)

    # the city: points now and what free chapel spots and building spaces may bring
    chapel_w, build_w = _weights(s, pos)
    cells = {c for c, o in s["city"].items() if o == p}
    for c in cells:
        value += _square_worth(s, c, chapel_w, build_w)
    if idx > 0 and s["phase"] == "actions":  # Nobility and Church are settled this round
        if (
            idx <= _STEP_INDEX["H"]
            and s["council"]["CHU"] == p
            and len(s["chapels"]) < 7
            and not _chapel_built_this_round(s)
        ):
            value += _placement_bonus(s, p, pos, "chapel") * (1 - CHAPEL_CHANCE * 0.5)
        if s["council"]["NOB"] == p:
            value += _placement_bonus(s, p, pos, "building") * (1 - BUILDING_CHANCE * 0.5)
    if mark:
        mark("city", value)

    # tasks
    tasks = pl["tasks"]
    if isinstance(tasks, list):
        for tid in tasks:
            value += task_value(tid, s, p, cells, time_left)
    if mark:
        mark("tasks", value)

    # coins and goods
    value += coin * pl["coins"]
    value += coin * GOOD_SHARE * sum(data.GOODS_VALUE[g] * k for g, k in pl["goods"].items())
    if mark:
        mark("coins", value)

    # influence: this round's stacks (and drawn hand), then the deck over the rounds to come
    steps_left = 7
    if s["phase"] == "actions":
        i = _STEP_INDEX[s["step"]]
        steps_left = max(0, 6 - i) if i < 7 else 0
        if s["bid"] is not None and p in s["bid"]["queue"]:
            steps_left += 1
    totals = [sum(st) for st in pl["stacks"]]
    value += stacks_value(totals, steps_left)
    if s["phase"] == "planning" and pl["plan"] == "draw":
        value += drawing_value(pl["hand"], pl["deck"], data.ROUNDS - rnd)
    else:
        if pl["hand"]:  # drawn and not yet stacked: as good as its best split
            value += round_value(sum(pl["hand"]), min(len(pl["hand"]), steps_left - len(totals)))
        value += deck_value(sum(pl["deck"]), len(pl["deck"]), data.ROUNDS - rnd)
    if mark:
        mark("influence", value)

    # rewards owed to p, and its standing in the bidding under way
    for f in reversed(s["pending"]):  # in the order they are owed
        if f["p"] == p:
            value += _pending_value(s, p, f, chapel_w, build_w, coin)
    if s["bid"] is not None:
        value += _standing(s, p, pos, chapel_w, build_w, coin)
    if mark:
        mark("rewards", value)
    return value


def _chapel_built_this_round(s: dict) -> bool:
    return s["phase"] == "actions" and s["step"] == "I"


def _pending_value(s, p, f, chapel_w, build_w, coin) -> float:
    """What reward frame ``f`` (or one ``p`` would be owed) is worth to ``p``."""
    kind = f["k"]
    pl = s["players"][p]
    if kind in ("master", "journeyman", "apprentice"):
        g = f["guild"]
        good = coin * GOOD_SHARE * data.GOODS_VALUE[g]
        entry = entry_value(s, p, g, pl["coins"], chapel_w, build_w, coin)
        return max(good, entry) if kind == "apprentice" else good + entry
    if kind == "sell":
        return (
            coin * (1 - GOOD_SHARE) * sum(data.GOODS_VALUE[g] * k for g, k in pl["goods"].items())
        )
    return 0.0  # chapel and building placements are counted with the seats


def _reward(s, p, rank, pos, chapel_w, build_w, coin) -> float:
    """What finishing ``rank``-th (0 first) in the current bidding brings ``p``."""
    step = s["step"]
    s["players"][p]
    if step == "A":
        if rank == 0:
            return seat_value(s, "NOB", pos) + 0.5 * _placement_bonus(s, p, pos, "building")
        if rank == 1:
            return seat_value(s, "CHU", pos) + 0.5 * _placement_bonus(s, p, pos, "chapel")
        return 0.0
    guild = None
    if step in data.GUILD_STEPS:
        guild = data.ROUND_CARDS[s["cards"][s["round"] - 1]][data.GUILD_STEPS[step]]
    if guild is not None:
        roles = ["master", "journeyman", "apprentice"] if s["n"] >= 4 else ["master", "apprentice"]
        if rank >= len(roles):
            return 0.0
        role = roles[rank]
        v = _pending_value(s, p, {"k": role, "guild": guild}, chapel_w, build_w, coin)
        if role == "master" and s["council"][guild] != p:
            v += seat_value(s, guild, (pos[0], pos[1] + 1))
        return v
    if rank != 0:
        return 0.0
    v = _pending_value(s, p, {"k": "sell"}, chapel_w, build_w, coin)
    if step == "G" and s["council"]["ME"] != p:
        v += seat_value(s, "ME", (pos[0], pos[1] + 1))
    return v


def _standing(s, p, pos, chapel_w, build_w, coin) -> float:
    b = s["bid"]
    mine = next((c for q, c in b["played"] if q == p), None)
    if mine is None:
        return 0.0
    n, sp = s["n"], b["sp"]
    order = sorted(b["played"], key=lambda e: (-sum(e[1]), (e[0] - sp) % n))
    rank = next(i for i, e in enumerate(order) if e[0] == p)
    total = sum(mine)
    hold = 1.0
    for q in b["queue"]:
        stacks = s["players"][q]["stacks"]
        if q == p or not stacks:
            continue
        ties = (q - sp) % n < (p - sp) % n
        best = max(p_beat(len(st), total, ties) for st in stacks)
        hold *= 1 - RIVAL_BIDS * best
    now = _reward(s, p, rank, pos, chapel_w, build_w, coin)
    below = _reward(s, p, rank + 1, pos, chapel_w, build_w, coin)
    return hold * now + (1 - hold) * below


def candidates(game, s: dict, seat: int) -> list[str]:
    """Bots (search, and the heuristic past 80 options) split a hand into a
    few sensible stacks (all of it, one value, the highest k cards, every
    other card) rather than every sub-multiset, and sell all, none or one
    kind of good at a time; in the last round they draw every card left."""
    pl = s["players"][seat]
    if s["phase"] == "planning" and pl["plan"] == "draw" and pl["deck"]:
        if s["round"] == data.ROUNDS:
            # A card left in the deck after the last planning is worth nothing,
            # and one more drawn can only add to a stack: stopping is never
            # better. (Search bots used to stop early here, with 7-15 cards
            # never drawn in most games: random rollouts hardly tell the two apart.)
            return ["draw"]
    if s["phase"] == "planning" and pl["plan"] == "split":
        h = sorted(pl["hand"], reverse=True)
        opts = [h, h[0::2]] + [h[:k] for k in range(1, len(h))]
        opts += [[v] for v in sorted(set(h), reverse=True)]
        return list(dict.fromkeys("stack " + fmt_values(o) for o in opts if o))
    if s["phase"] == "actions" and s["pending"] and s["pending"][-1]["k"] == "sell":
        goods = rules._goods_list(pl["goods"])
        kinds = sorted(set(goods), key=data.GUILDS.index)
        opts = [[], goods] + [[g] for g in kinds] + [[g] * pl["goods"][g] for g in kinds]
        return list(dict.fromkeys("sell " + (fmt_goods(o) if o else "none") for o in opts))
    return game.legal(s, seat)


#: The app's level: 500 iterations, about 0.12 s a decision (docs/bots.md).
BOT = BotKit(
    evaluate=strasbourg_eval,
    candidates=candidates,
    iterations=500,
    # How each part of the evaluation reads in a hint (bots/hint.py).
    phrases={
        "prestige": "now (prestige and privileges)",
        "council": "from council seats",
        "city": "from the city (squares, chapels, buildings)",
        "tasks": "from kept tasks (their chance against the -3)",
        "coins": "in coins and goods",
        "influence": "in influence cards (stacks, hand and deck)",
        "rewards": "from rewards owed and the bidding under way",
    },
)
