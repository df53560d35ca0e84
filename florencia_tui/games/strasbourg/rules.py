"""State and transitions for Strasbourg (spec 7-9).

State layout (plain JSON data)::

    game, names, rng, options {"min_draw", "open_screens"}, n
    phase      "tasks" | "planning" | "actions" | "over"
    round      1..5
    step       None (tasks/planning) | "A".."I"
    cards      round card id per round, e.g. ["R3", "R1", ...]  (public)
    buildings  building id per round, e.g. ["INN", ...]          (public)
    start      start player seat
    council    {"NOB"|"CHU"|"SM"|...|"ME": seat or None}
    city       {square id: seat}       occupied guild squares
    chapels    [chapel spot ids]        built chapels, in build order
    built      {building space: building id}
    players    [{deck, hand, stacks, plan, coins, goods{guild: n}, priv,
                 prestige, out, dealt, tasks}]
               deck: top first; hand: drawn, not yet stacked; plan: "draw" |
               "split" | "done"; out: number of own cards that left the game;
               dealt: task cards to choose from; tasks: kept ids (None before)
    bid        None | {"sp", "queue", "played": [[seat, cards]], "passed", "privs"}
    pending    [{"seat", "kind", ...}]  reward decisions, first is owed now
    last       None | the last resolved bidding step (public), see resolve_bid
"""

from __future__ import annotations

from itertools import combinations

from florencia_tui.core import rng
from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.strasbourg import data, scoring
from florencia_tui.games.strasbourg.notation import fmt_goods, fmt_values, parse


# ----- setup (spec 7) --------------------------------------------------------
def new_state(names: list[str], seed: int, options: dict) -> dict:
    n = len(names)
    s: dict = {
        "game": "strasbourg",
        "names": list(names),
        "rng": rng.seed_state(seed),
        "options": dict(options),
        "n": n,
    }
    cards = list(data.ROUND_CARDS)
    rng.shuffle(s, cards)
    buildings = list(data.BUILDINGS)
    rng.shuffle(s, buildings)
    start = rng.randbelow(s, n)
    players = []
    for _ in range(n):
        deck = list(data.DECK)
        rng.shuffle(s, deck)
        players.append(
            {
                "deck": deck,
                "hand": [],
                "stacks": [],
                "plan": "done",
                "coins": data.STARTING_COINS,
                "goods": {g: 0 for g in data.GUILDS},
                "priv": 0,
                "prestige": 0,
                "out": 0,
                "dealt": [],
                "tasks": None,
            }
        )
    tasks = [t[0] for t in data.TASKS]
    rng.shuffle(s, tasks)
    for p in range(n):
        players[p]["dealt"] = sorted(tasks[p * data.TASKS_DEALT : (p + 1) * data.TASKS_DEALT])
    council = {k: None for k in data.COUNCIL_SEATS}
    council["NOB"] = start
    council["CHU"] = (start + 1) % n
    s.update(
        phase="tasks",
        round=1,
        step=None,
        cards=cards,
        buildings=buildings,
        start=start,
        council=council,
        city={},
        chapels=[],
        built={},
        players=players,
        bid=None,
        pending=[],
        last=None,
    )
    return s


# ----- helpers -----------------------------------------------------------------
def step_guild(s: dict) -> str | None:
    """The guild named by the current step (B, D, F), else None."""
    idx = data.GUILD_STEPS.get(s["step"] or "")
    if idx is None:
        return None
    return data.ROUND_CARDS[s["cards"][s["round"] - 1]][idx]


def guild_roles(n: int) -> list[str]:
    return ["master", "journeyman", "apprentice"] if n >= 4 else ["master", "apprentice"]


def free_squares(s: dict, guild: str, coins: int | None = None) -> list[str]:
    city = s["city"]
    return [
        c
        for c, info in data.CELLS.items()
        if info["guild"] == guild and c not in city and (coins is None or info["price"] <= coins)
    ]


def free_chapel_spots(s: dict) -> list[str]:
    return [k for k in data.CHAPEL_CORNERS if k not in s["chapels"]]


def free_building_spaces(s: dict) -> list[str]:
    return [sp for sp in data.BUILDING_SPACES if sp not in s["built"]]


def can_privilege(s: dict, seat: int) -> bool:
    return s["players"][seat]["priv"] > 0 and len(s["bid"]["queue"]) > 1


def to_act(s: dict) -> list[int]:
    ph = s["phase"]
    if ph == "tasks":
        return [p for p, pl in enumerate(s["players"]) if pl["tasks"] is None]
    if ph == "planning":
        return [p for p, pl in enumerate(s["players"]) if pl["plan"] != "done"]
    if ph == "actions":
        if s["pending"]:
            return [s["pending"][0]["seat"]]
        if s["bid"] and s["bid"]["queue"]:
            return [s["bid"]["queue"][0]]
    return []


def sub_multisets(values: list[int]) -> list[list[int]]:
    """All non-empty sub-multisets, each sorted high to low."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    out: list[list[int]] = [[]]
    for v in sorted(counts, reverse=True):
        out = [base + [v] * k for base in out for k in range(counts[v] + 1)]
    return [m for m in out if m]


def _goods_list(goods: dict) -> list[str]:
    return [g for g in data.GUILDS for _ in range(goods[g])]


# ----- legal actions ------------------------------------------------------------
def legal(s: dict, seat: int) -> list[str]:
    if seat not in to_act(s):
        return []
    pl = s["players"][seat]
    ph = s["phase"]
    if ph == "tasks":
        d = pl["dealt"]
        return ["keep " + " ".join(c) for k in range(1, len(d) + 1) for c in combinations(d, k)]
    if ph == "planning":
        if pl["plan"] == "draw":
            out = ["draw"] if pl["deck"] else []
            if pl["hand"] or not pl["deck"] or s["options"]["min_draw"] == 0:
                out.append("stop")
            return out
        return ["stack " + fmt_values(m) for m in sub_multisets(pl["hand"])]
    if s["pending"]:
        return pending_legal(s, s["pending"][0])
    out = [f"bid {i + 1}" for i in range(len(pl["stacks"]))] + ["pass"]
    if can_privilege(s, seat):
        out.append("privilege")
    return out


def pending_legal(s: dict, item: dict) -> list[str]:
    pl = s["players"][item["seat"]]
    kind = item["kind"]
    if kind in ("master", "journeyman", "apprentice"):
        squares = free_squares(s, item["guild"], pl["coins"])
        out = ["good", "none"] + [f"place {c}" for c in squares]
        if kind != "apprentice":
            out += [f"good place {c}" for c in squares]
        return out
    if kind == "sell":
        goods = _goods_list(pl["goods"])
        order = {g: i for i, g in enumerate(data.GUILDS)}
        # sub_multisets works on ints: map goods to their guild index
        subs = sub_multisets([order[g] for g in goods])
        return ["sell none"] + ["sell " + fmt_goods([data.GUILDS[i] for i in m]) for m in subs]
    if kind == "return":
        return ["return none"] + [f"return {v}" for v in sorted(set(item["cards"]))]
    if kind == "chapel":
        return [f"chapel {k}" for k in free_chapel_spots(s)]
    if kind == "build":
        return [f"build {sp}" for sp in free_building_spaces(s)]
    raise AssertionError(kind)


# ----- transitions ---------------------------------------------------------------
def apply(s: dict, seat: int, action: str) -> None:
    verb, arg = parse(action)
    ph = s["phase"]
    pl = s["players"][seat]
    if ph == "tasks":
        _keep(s, pl, verb, arg)
    elif ph == "planning":
        _plan(s, pl, verb, arg)
    elif s["pending"]:
        _pending(s, s["pending"][0], verb, arg)
    else:
        _bid(s, seat, verb, arg)
    _run(s)


def _keep(s: dict, pl: dict, verb: str, arg) -> None:
    if verb != "keep":
        raise IllegalAction("choose which task cards to keep, e.g. 'keep T03 T17'")
    if len(set(arg)) != len(arg):
        raise IllegalAction("each task card can be kept only once")
    for t in arg:
        if t not in pl["dealt"]:
            raise IllegalAction(f"{t} is not one of your dealt task cards")
    pl["tasks"] = sorted(arg)
    pl["dealt"] = []


def _plan(s: dict, pl: dict, verb: str, arg) -> None:
    if pl["plan"] == "draw":
        if verb == "draw":
            if not pl["deck"]:
                raise IllegalAction("your deck is empty")
            pl["hand"].append(pl["deck"].pop(0))
            if not pl["deck"]:
                pl["plan"] = "split"
            return
        if verb == "stop":
            if not pl["hand"] and pl["deck"] and s["options"]["min_draw"] > 0:
                raise IllegalAction("draw at least one card before stopping")
            pl["plan"] = "split" if pl["hand"] else "done"
            return
        raise IllegalAction("you are drawing: 'draw' another card or 'stop'")
    if verb != "stack":
        raise IllegalAction("split your drawn cards into stacks, e.g. 'stack 5+2'")
    hand = list(pl["hand"])
    for v in arg:
        if v not in hand:
            raise IllegalAction(f"you have no (more) {v} in your hand")
        hand.remove(v)
    pl["hand"] = hand
    pl["stacks"].append(sorted(arg, reverse=True))
    if not hand:
        pl["plan"] = "done"


def _bid(s: dict, seat: int, verb: str, arg) -> None:
    b = s["bid"]
    pl = s["players"][seat]
    if verb == "bid":
        if not 1 <= arg <= len(pl["stacks"]):
            raise IllegalAction(
                f"you have no stack {arg}" if pl["stacks"] else "you have no stacks left: pass"
            )
        b["queue"].pop(0)
        b["played"].append([seat, pl["stacks"].pop(arg - 1)])
    elif verb == "pass":
        b["queue"].pop(0)
        b["passed"].append(seat)
    elif verb == "privilege":
        if pl["priv"] <= 0:
            raise IllegalAction("you have no privilege to spend")
        if len(b["queue"]) <= 1:
            raise IllegalAction("nobody else is waiting: a privilege would gain nothing")
        pl["priv"] -= 1
        b["queue"].append(b["queue"].pop(0))
        b["privs"].append(seat)
    else:
        raise IllegalAction("play a stack ('bid 1'), 'pass' or spend a 'privilege'")


def _pending(s: dict, item: dict, verb: str, arg) -> None:
    kind = item["kind"]
    pl = s["players"][item["seat"]]
    if kind in ("master", "journeyman", "apprentice"):
        g = item["guild"]
        if verb not in ("good", "none", "place", "goodplace"):
            raise IllegalAction(
                "take the 'good', 'place <square>', 'good place <square>' or 'none'"
            )
        if verb == "goodplace" and kind == "apprentice":
            raise IllegalAction("an apprentice takes the good OR a square, not both")
        if verb in ("place", "goodplace"):
            info = data.CELLS[arg]
            if info["guild"] != g:
                raise IllegalAction(f"{arg} is not a {data.GUILD_NAMES[g]} square")
            if arg in s["city"]:
                raise IllegalAction(f"{arg} is already occupied")
            if info["price"] > pl["coins"]:
                raise IllegalAction(f"{arg} costs {info['price']} coins, you have {pl['coins']}")
            pl["coins"] -= info["price"]
            s["city"][arg] = item["seat"]
        if verb in ("good", "goodplace"):
            pl["goods"][g] += 1
    elif kind == "sell":
        if verb != "sell":
            raise IllegalAction("sell goods, e.g. 'sell SM VI' or 'sell none'")
        have = dict(pl["goods"])
        for g in arg:
            if have[g] <= 0:
                raise IllegalAction(f"you have no (more) {data.GOODS_NAMES[g]} ({g}) to sell")
            have[g] -= 1
        pl["goods"] = have
        pl["coins"] += sum(data.GOODS_VALUE[g] for g in arg)
    elif kind == "return":
        if verb != "return":
            raise IllegalAction("put one card back ('return 4') or 'return none'")
        if arg is not None:
            if arg not in item["cards"]:
                raise IllegalAction(f"your played stack has no {arg}")
            pl["deck"].append(arg)
            pl["out"] -= 1
    elif kind == "chapel":
        if verb != "chapel":
            raise IllegalAction("build the chapel: 'chapel <spot>'")
        if arg in s["chapels"]:
            raise IllegalAction(f"a chapel already stands on {arg}")
        s["chapels"].append(arg)
    elif kind == "build":
        if verb != "build":
            raise IllegalAction("place the building: 'build <space>'")
        if arg in s["built"]:
            raise IllegalAction(f"{arg} already has a building")
        s["built"][arg] = item["building"]
    s["pending"].pop(0)


# ----- automatic progress ----------------------------------------------------------
def _run(s: dict) -> None:
    """Carry out everything automatic until some seat owes a decision."""
    while True:
        ph = s["phase"]
        if ph == "tasks":
            if any(pl["tasks"] is None for pl in s["players"]):
                return
            start_planning(s)
            continue
        if ph == "planning":
            if any(pl["plan"] != "done" for pl in s["players"]):
                return
            s["phase"] = "actions"
            begin_step(s, "A")
            continue
        if ph != "actions" or s["pending"]:
            return
        b = s["bid"]
        if b is not None:
            q = b["queue"]
            while q and not s["players"][q[0]]["stacks"] and not can_privilege(s, q[0]):
                b["passed"].append(q.pop(0))  # only 'pass' is possible: automatic
            if q:
                return
            resolve_bid(s)
            continue
        # the current step is complete
        i = data.STEPS.index(s["step"])
        if i + 1 < len(data.STEPS):
            begin_step(s, data.STEPS[i + 1])
        else:
            end_round(s)


def start_planning(s: dict) -> None:
    s["phase"] = "planning"
    s["step"] = None
    for pl in s["players"]:
        pl["hand"] = []
        pl["stacks"] = []
        pl["plan"] = "draw" if pl["deck"] else "done"


def begin_step(s: dict, step: str) -> None:
    s["step"] = step
    if step in data.BID_STEPS:
        sp = s["start"]
        n = s["n"]
        s["bid"] = {
            "sp": sp,
            "queue": [(sp + i) % n for i in range(n)],
            "played": [],
            "passed": [],
            "privs": [],
        }
    elif step == "H":
        if free_chapel_spots(s):
            s["pending"].append({"seat": s["council"]["CHU"], "kind": "chapel"})
    elif step == "I":
        if free_building_spaces(s):
            s["pending"].append(
                {
                    "seat": s["council"]["NOB"],
                    "kind": "build",
                    "building": s["buildings"][s["round"] - 1],
                }
            )


def ranking(played: list, sp: int, n: int) -> list[int]:
    """Seats ranked by bid total; ties go to the seat nearest the start player."""
    order = sorted(played, key=lambda e: (-sum(e[1]), (e[0] - sp) % n))
    return [e[0] for e in order]


def resolve_bid(s: dict) -> None:
    b = s["bid"]
    n = s["n"]
    step = s["step"]
    ranks = ranking(b["played"], b["sp"], n)
    cards_of = {seat: cards for seat, cards in b["played"]}
    if ranks:
        s["start"] = ranks[0]
    for seat, cards in b["played"]:
        s["players"][seat]["out"] += len(cards)
    guild = step_guild(s)
    pending = []
    if step == "A":
        rewarded = 2
        s["council"]["NOB"] = ranks[0] if ranks else s["council"]["NOB"]
        if len(ranks) > 1:
            s["council"]["CHU"] = ranks[1]
    elif guild is not None:
        roles = guild_roles(n)
        rewarded = len(roles)
        for seat, role in zip(ranks, roles):
            if role == "master":
                s["council"][guild] = seat
            pending.append({"seat": seat, "kind": role, "guild": guild})
    else:
        rewarded = 1
        if ranks:
            if step == "G":
                s["council"]["ME"] = ranks[0]
            if any(s["players"][ranks[0]]["goods"].values()):
                pending.append({"seat": ranks[0], "kind": "sell"})
    for seat in ranks[rewarded:]:
        pending.append({"seat": seat, "kind": "return", "cards": list(cards_of[seat])})
    s["pending"] = pending
    s["last"] = {
        "round": s["round"],
        "step": step,
        "guild": guild,
        "sp": b["sp"],
        "bids": b["played"],
        "totals": {str(seat): sum(c) for seat, c in b["played"]},
        "passed": b["passed"],
        "privs": b["privs"],
        "ranking": ranks,
        "rewarded": ranks[:rewarded],
    }
    s["bid"] = None


def end_round(s: dict) -> None:
    for pl in s["players"]:
        pl["out"] += sum(len(st) for st in pl["stacks"])
        pl["stacks"] = []
    scoring.council_phase(s)
    s["step"] = None
    if s["round"] >= data.ROUNDS:
        s["phase"] = "over"
        return
    s["round"] += 1
    start_planning(s)
