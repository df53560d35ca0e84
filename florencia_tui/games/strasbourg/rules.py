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
    pending    [{"k", "p", ...}]  reward decisions (core.decisions frames:
               kind, owing seat), the one owed now LAST; handlers in DECISIONS
               (the other decisions' frames are made by ``owed`` from the
               phase: keeping tasks, drawing or splitting, bidding)
    last       None | the last resolved bidding step (public), see resolve_bid
"""

from __future__ import annotations

from itertools import combinations

from florencia_tui.core import decisions as D
from florencia_tui.core import rng
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action
from florencia_tui.games.strasbourg import data, scoring
from florencia_tui.games.strasbourg.notation import fmt_goods, fmt_values, read


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


def upgrade(s: dict) -> dict:
    """A state saved before the decision stack: ``pending`` was a queue of
    ``{"seat", "kind", ...}`` served from its first item, now frames
    ``{"k", "p", ...}`` owed from the last."""
    p = s.get("pending")
    if isinstance(p, list) and any(isinstance(f, dict) and "kind" in f for f in p):
        s["pending"] = [
            {"k": f["kind"], "p": f["seat"]}
            | {k: v for k, v in f.items() if k not in ("kind", "seat")}
            for f in reversed(p)
        ]
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
    """The seats of the frames :func:`owed` (asked on every step, so worked
    out without making the frames)."""
    ph = s["phase"]
    if ph == "tasks":
        return [p for p, pl in enumerate(s["players"]) if pl["tasks"] is None]
    if ph == "planning":
        return [p for p, pl in enumerate(s["players"]) if pl["plan"] != "done"]
    if ph == "actions":
        if s["pending"]:
            return [D.owner(s)]
        if s["bid"] and s["bid"]["queue"]:
            return [s["bid"]["queue"][0]]
    return []


def owed(s: dict) -> list[dict]:
    """The decisions owed now: every seat still keeping tasks, or drawing or
    splitting in the planning (all at once); the top reward frame; or the
    bid of the first seat in the bidding queue."""
    ph = s["phase"]
    if ph == "tasks":
        return [{"k": "keep_tasks", "p": p} for p in to_act(s)]
    if ph == "planning":
        return [{"k": s["players"][p]["plan"], "p": p} for p in to_act(s)]
    if s["pending"]:
        return [s["pending"][-1]]
    return [{"k": "bid", "p": p} for p in to_act(s)]


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


# ----- the ordinary decisions: tasks, planning, bidding ------------------------------
def _keep_legal(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    d = s["players"][seat]["dealt"]
    return ["keep " + " ".join(c) for k in range(1, len(d) + 1) for c in combinations(d, k)]


def _keep(s: dict, f: dict, a: Action) -> None:
    seat = f["p"]
    pl = s["players"][seat]
    verb, arg = read(a)
    if verb != "keep":
        raise IllegalAction("choose which task cards to keep, e.g. 'keep T03 T17'")
    if len(set(arg)) != len(arg):
        raise IllegalAction("each task card can be kept only once")
    for t in arg:
        if t not in pl["dealt"]:
            raise IllegalAction(f"{t} is not one of your dealt task cards")
    pl["tasks"] = sorted(arg)
    pl["dealt"] = []


def _plan_legal(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    pl = s["players"][seat]
    if pl["plan"] == "draw":
        out = ["draw"] if pl["deck"] else []
        if pl["hand"] or not pl["deck"] or s["options"]["min_draw"] == 0:
            out.append("stop")
        return out
    return ["stack " + fmt_values(m) for m in sub_multisets(pl["hand"])]


def _plan(s: dict, f: dict, a: Action) -> None:
    seat = f["p"]
    pl = s["players"][seat]
    verb, arg = read(a)
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


def _bid_legal(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    out = [f"bid {i + 1}" for i in range(len(s["players"][seat]["stacks"]))] + ["pass"]
    if can_privilege(s, seat):
        out.append("privilege")
    return out


def _bid(s: dict, f: dict, a: Action) -> None:
    seat = f["p"]
    b = s["bid"]
    pl = s["players"][seat]
    verb, arg = read(a)
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


# ----- rewards: the decision frames (spec 8) -----------------------------------------
#: The three guild rewards of a bidding step, best first (a frame kind each).
ROLES = ("master", "journeyman", "apprentice")


def _guild_legal(s: dict, f: dict) -> list[str]:
    squares = free_squares(s, f["guild"], s["players"][f["p"]]["coins"])
    out = ["good", "none"] + [f"place {c}" for c in squares]
    if f["k"] != "apprentice":
        out += [f"good place {c}" for c in squares]
    return out


def _guild_apply(s: dict, f: dict, a: Action) -> None:
    verb, arg = read(a)
    pl = s["players"][f["p"]]
    g = f["guild"]
    if verb not in ("good", "none", "place", "goodplace"):
        raise IllegalAction("take the 'good', 'place <square>', 'good place <square>' or 'none'")
    if verb == "goodplace" and f["k"] == "apprentice":
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
        s["city"][arg] = f["p"]
    if verb in ("good", "goodplace"):
        pl["goods"][g] += 1
    D.pop(s)


def _guild_text(s: dict, f: dict) -> str:
    coins = s["players"][f["p"]]["coins"]
    both = "the good and/or a square" if f["k"] != "apprentice" else "the good OR a square"
    return (
        f"You are {data.GUILD_NAMES[f['guild']]} {f['k']}: take {both} "
        f"(you have {coins} coin{'' if coins == 1 else 's'})."
    )


def _guild_preview(s: dict, f: dict) -> dict:
    coins = s["players"][f["p"]]["coins"]
    squares = free_squares(s, f["guild"], coins)
    return {
        "role": f["k"],
        "guild": f["guild"],
        "coins": coins,
        "squares": {c: data.CELLS[c]["price"] for c in squares},
    }


def _guild_label(s: dict, f: dict, a: Action) -> str:
    verb, arg = read(a)
    if verb == "good":
        return "Take the good only"
    if verb in ("place", "goodplace"):
        pre = "Good + enter" if verb == "goodplace" else "Enter"
        return f"{pre} {arg} ({data.CELLS[arg]['price']} coins)"
    if verb == "none":
        return "Take nothing"
    return str(a)


def _sell_legal(s: dict, f: dict) -> list[str]:
    goods = _goods_list(s["players"][f["p"]]["goods"])
    order = {g: i for i, g in enumerate(data.GUILDS)}
    # sub_multisets works on ints: map goods to their guild index
    subs = sub_multisets([order[g] for g in goods])
    return ["sell none"] + ["sell " + fmt_goods([data.GUILDS[i] for i in m]) for m in subs]


def _sell_apply(s: dict, f: dict, a: Action) -> None:
    verb, arg = read(a)
    if verb != "sell":
        raise IllegalAction("sell goods, e.g. 'sell SM VI' or 'sell none'")
    pl = s["players"][f["p"]]
    have = dict(pl["goods"])
    for g in arg:
        if have[g] <= 0:
            raise IllegalAction(f"you have no (more) {data.GOODS_NAMES[g]} ({g}) to sell")
        have[g] -= 1
    pl["goods"] = have
    pl["coins"] += sell_price(arg)
    D.pop(s)


def sell_price(goods: list[str]) -> int:
    """Coins a sale of ``goods`` brings."""
    return sum(data.GOODS_VALUE[g] for g in goods)


def _sell_label(s: dict, f: dict, a: Action) -> str:
    verb, arg = read(a)
    if verb != "sell":
        return str(a)
    return f"Sell {fmt_goods(arg)} (+{sell_price(arg)})" if arg else "Sell nothing"


def _return_legal(s: dict, f: dict) -> list[str]:
    return ["return none"] + [f"return {v}" for v in sorted(set(f["cards"]))]


def _return_apply(s: dict, f: dict, a: Action) -> None:
    verb, arg = read(a)
    if verb != "return":
        raise IllegalAction("put one card back ('return 4') or 'return none'")
    if arg is not None:
        if arg not in f["cards"]:
            raise IllegalAction(f"your played stack has no {arg}")
        pl = s["players"][f["p"]]
        pl["deck"].append(arg)
        pl["out"] -= 1
    D.pop(s)


def _return_label(s: dict, f: dict, a: Action) -> str:
    verb, arg = read(a)
    if verb != "return":
        return str(a)
    return "Return no card" if arg is None else f"Return the {arg} to the deck"


def _chapel_apply(s: dict, f: dict, a: Action) -> None:
    verb, arg = read(a)
    if verb != "chapel":
        raise IllegalAction("build the chapel: 'chapel <spot>'")
    if arg in s["chapels"]:
        raise IllegalAction(f"a chapel already stands on {arg}")
    s["chapels"].append(arg)
    D.pop(s)


def _chapel_label(s: dict, f: dict, a: Action) -> str:
    verb, arg = read(a)
    if verb != "chapel":
        return str(a)
    return f"Chapel on {arg} ({', '.join(data.CHAPEL_SQUARES[arg])})"


def _build_apply(s: dict, f: dict, a: Action) -> None:
    verb, arg = read(a)
    if verb != "build":
        raise IllegalAction("place the building: 'build <space>'")
    if arg in s["built"]:
        raise IllegalAction(f"{arg} already has a building")
    s["built"][arg] = f["building"]
    D.pop(s)


def _build_label(s: dict, f: dict, a: Action) -> str:
    verb, arg = read(a)
    return f"Build on {arg}" if verb == "build" else str(a)


_GUILD = D.Kind(
    _guild_legal, _guild_apply, _guild_text, _guild_preview, _guild_label, prompt="guild_reward"
)

#: Every reward decision (a stacked frame): frame kind -> its handlers.
_REWARDS = {
    **{role: _GUILD for role in ROLES},
    "sell": D.Kind(
        _sell_legal,
        _sell_apply,
        lambda s, f: "You won the merchants: sell any of your goods.",
        lambda s, f: {
            "goods": dict(s["players"][f["p"]]["goods"]),
            "values": dict(data.GOODS_VALUE),
        },
        _sell_label,
    ),
    "return": D.Kind(
        _return_legal,
        _return_apply,
        lambda s, f: "No reward: put one card of your stack at the bottom of your deck?",
        lambda s, f: {"cards": list(f["cards"])},
        _return_label,
    ),
    "chapel": D.Kind(
        lambda s, f: [f"chapel {k}" for k in free_chapel_spots(s)],
        _chapel_apply,
        lambda s, f: "Church: build a chapel on a free spot.",
        lambda s, f: {"spots": free_chapel_spots(s)},
        _chapel_label,
    ),
    "build": D.Kind(
        lambda s, f: [f"build {sp}" for sp in free_building_spaces(s)],
        _build_apply,
        lambda s, f: (
            f"Nobility: place the {data.BUILDINGS[f['building']]['name']} on a free building space."
        ),
        lambda s, f: {"building": f["building"], "spaces": free_building_spaces(s)},
        _build_label,
    ),
}


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
            D.push(s, "chapel", s["council"]["CHU"])
    elif step == "I":
        if free_building_spaces(s):
            D.push(s, "build", s["council"]["NOB"], building=s["buildings"][s["round"] - 1])


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
    # the rewards, in the order they are owed: each goes under those before it
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
            D.push_under(s, role, seat, guild=guild)
    else:
        rewarded = 1
        if ranks:
            if step == "G":
                s["council"]["ME"] = ranks[0]
            if any(s["players"][ranks[0]]["goods"].values()):
                D.push_under(s, "sell", ranks[0])
    for seat in ranks[rewarded:]:
        D.push_under(s, "return", seat, cards=list(cards_of[seat]))
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


# ----- the ordinary decisions' questions and words ------------------------------------
def _keep_text(s: dict, f: dict) -> str:
    return "Keep 1-5 of your dealt task cards (the rest leave the game)."


def _keep_preview(s: dict, f: dict) -> dict:
    dealt = s["players"][f["p"]]["dealt"]
    return {"dealt": list(dealt), "texts": [data.task_text(t, s["n"]) for t in dealt]}


def _plan_label(s: dict, f: dict, a: Action) -> str:
    verb, arg = read(a)
    if verb == "keep":
        return "Keep " + ", ".join(arg)
    if verb == "draw":
        return "Draw a card"
    if verb == "stop":
        return "Stop drawing"
    if verb == "stack":
        return f"Stack {fmt_values(arg)} (= {sum(arg)})"
    return str(a)


def _draw_text(s: dict, f: dict) -> str:
    pl = s["players"][f["p"]]
    return (
        f"Round {s['round']} planning: draw another card or stop? "
        f"(hand {len(pl['hand'])}, deck {len(pl['deck'])})"
    )


def _draw_preview(s: dict, f: dict) -> dict:
    pl = s["players"][f["p"]]
    return {
        "hand": list(pl["hand"]),
        "deck": len(pl["deck"]),
        "can_stop": "stop" in _plan_legal(s, f),
    }


def _split_text(s: dict, f: dict) -> str:
    return "Form your next stack from the cards in your hand."


def _split_preview(s: dict, f: dict) -> dict:
    pl = s["players"][f["p"]]
    return {"hand": list(pl["hand"]), "stacks": [list(x) for x in pl["stacks"]]}


def _bid_text(s: dict, f: dict) -> str:
    step = s["step"]
    guild = step_guild(s)
    what = data.STEP_NAMES[step] + (f" ({data.GUILD_NAMES[guild]})" if guild else "")
    return f"Step {step}, {what}: bid a stack, pass" + (
        " or spend a privilege?" if can_privilege(s, f["p"]) else "?"
    )


def _bid_preview(s: dict, f: dict) -> dict:
    seat = f["p"]
    pl = s["players"][seat]
    b = s["bid"]
    return {
        "step": s["step"],
        "guild": step_guild(s),
        "stacks": [list(x) for x in pl["stacks"]],
        "played": [[p, list(c)] for p, c in b["played"]],
        "passed": list(b["passed"]),
        "privileges": pl["priv"],
        "can_privilege": can_privilege(s, seat),
        "sp": b["sp"],
    }


def _bid_label(s: dict, f: dict, a: Action) -> str:
    verb, arg = read(a)
    if verb == "bid":
        stacks = s["players"][f["p"]]["stacks"]
        if 1 <= arg <= len(stacks):
            return f"Bid stack {arg}: {fmt_values(stacks[arg - 1])} = {sum(stacks[arg - 1])}"
        return f"Bid stack {arg}"
    if verb == "pass":
        return "Pass"
    if verb == "privilege":
        return "Spend a privilege (decide later)"
    return str(a)


#: Every decision: kind -> handlers. Keeping tasks and planning are owed by
#: every seat at once, behind screens; the rest one at a time.
DECISIONS = D.Decisions(
    {
        "keep_tasks": D.Kind(
            _keep_legal, _keep, _keep_text, _keep_preview, _plan_label, simultaneous=True
        ),
        "draw": D.Kind(
            _plan_legal, _plan, _draw_text, _draw_preview, _plan_label, simultaneous=True
        ),
        "split": D.Kind(
            _plan_legal, _plan, _split_text, _split_preview, _plan_label, simultaneous=True
        ),
        # A bid turns a face-down stack over (its log line names the cards,
        # even when the bidding is over within the same action).
        "bid": D.Kind(
            _bid_legal,
            _bid,
            _bid_text,
            _bid_preview,
            _bid_label,
            reveals=lambda s, f, a: a.verb == "bid",
        ),
        **_REWARDS,
    },
    owed=owed,
    settle=_run,
)
