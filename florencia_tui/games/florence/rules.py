"""State transitions of The Princes of Florence.

The state is a plain dict (see ``new_state``). Compound steps (placing a
landscape just bought, keeping one of five drawn cards, ordering the rest,
using a recruiting card at once, converting a work payout) are frames on the
decision stack ``s["pending"]`` (core/decisions.py: kind under "k", seat
under "p", the decision owed now last). The ordinary steps of a phase
(returning a profession, nominating, bidding, the action turn) are not
stored: :func:`decision` gives them as a frame of the same form, so every
decision is answered through one table (``decisions.DECISIONS``), whose per-kind
``legal_*``/``apply_*`` handlers are here.

Phases: ``setup`` (everyone returns 1 of 4 professions, simultaneously),
``auction`` (phase A), ``action`` (phase B), ``over``.
"""

from __future__ import annotations

from itertools import combinations, permutations

from florencia_tui.core import decisions as DS
from florencia_tui.core import rng
from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import geometry as G
from florencia_tui.games.florence import notation as N
from florencia_tui.games.florence import scoring as SC

DECK_OF = {"profession": "prof_deck", "bonus": "bonus_deck", "prestige": "prestige_deck"}


# ----------------------------------------------------------------------------- setup
def new_player() -> dict:
    return {
        "money": D.START_MONEY,
        "pp": 0,
        "grid": G.empty_grid(),
        "tiles": [],
        "buildings": [],
        "land": {k: 0 for k in D.LANDSCAPES},
        "jesters": 0,
        "builders": 0,
        "freedoms": [],
        "hand": [],
        "recruits": 0,
        "bonus": [],
        "prestige": [],
        "display": [],
        "works": [],
        "best": 0,
        "deal": [],
    }


def new_state(names: list[str], seed: int, options: dict) -> dict:
    n = len(names)
    s: dict = {
        "game": "florence",
        "names": list(names),
        "rng": rng.seed_state(seed),
        "options": dict(options),
        "n": n,
        "round": 1,
        "phase": "setup",
        "start": 0,
        "players": [new_player() for _ in range(n)],
        "piles": {k: D.PILE_SIZE[k] for k in D.PILES if k != "prestige"},
        "prestige_deck": list(D.PRESTIGE_IDS),
        "prof_deck": list(D.PROF_KEYS),
        "bonus_deck": list(D.BONUS_IDS),
        "bonus_used": [],
        "returned": [],
        "supply": {
            "buildings": {b: D.BUILDING_COPIES for b in D.BUILDINGS},
            "freedoms": {f: n - 1 for f in D.FREEDOMS},
        },
        "auction": None,
        "turn": None,
        "pending": [],
        "final": None,
    }
    if D.RANDOM_START_PLAYER:
        s["start"] = rng.randbelow(s, n)
    rng.shuffle(s, s["prestige_deck"])
    rng.shuffle(s, s["bonus_deck"])
    rng.shuffle(s, s["prof_deck"])
    for i in range(n):
        s["players"][i]["deal"] = s["prof_deck"][: D.DEAL]
        del s["prof_deck"][: D.DEAL]
    return s


# ----------------------------------------------------------------------------- helpers
def nxt(s: dict, seat: int, k: int = 1) -> int:
    return (seat + D.DIRECTION * k) % s["n"]


def min_wv(s: dict) -> int:
    return D.MIN_WV[min(s["round"], D.ROUNDS)]


def build_cost(p: dict) -> int:
    return D.BUILD_COST[p["builders"]]


def face_up_professions(s: dict) -> list[str]:
    return [c for p in s["players"] for c in p["display"] if c != D.RECRUIT]


def pile_count(s: dict, pile: str) -> int:
    return len(s["prestige_deck"]) if pile == "prestige" else s["piles"][pile]


def eligible(s: dict, seat: int, pile: str) -> bool:
    """May ``seat`` take an object from ``pile`` now (spec §4.2 eligibility)?"""
    a = s["auction"]
    if pile in a["bought"] or pile_count(s, pile) <= 0:
        return False
    p = s["players"][seat]
    if pile == "builder":
        return p["builders"] < D.MAX_BUILDERS
    if pile in D.LANDSCAPES:
        return G.has_placement(p["grid"], pile, p["builders"])
    return True


def eligible_piles(s: dict, seat: int) -> list[str]:
    return [k for k in D.PILES if eligible(s, seat, k)]


# ----------------------------------------------------------------------------- whose turn
def to_act(s: dict) -> list[int]:
    if s["phase"] == "over":
        return []
    if s["pending"]:
        return [DS.owner(s)]
    if s["phase"] == "setup":
        return [i for i, p in enumerate(s["players"]) if p["deal"]]
    if s["phase"] == "auction":
        return [s["auction"]["actor"]]
    return [s["turn"]["seat"]]


def owed(s: dict) -> list[dict]:
    """The decisions owed now, one frame per seat: the top of the stack, or
    the phase's ordinary step as an unstored frame (at setup every seat
    still returning a profession, at once)."""
    ph = s["phase"]
    if ph == "over":
        return []
    pending = s["pending"]
    if pending:
        return [pending[-1]]
    if ph == "setup":
        return [{"k": "return", "p": p} for p in to_act(s)]
    if ph == "auction":
        return [{"k": s["auction"]["step"], "p": s["auction"]["actor"]}]
    return [{"k": "turn", "p": s["turn"]["seat"]}]


def decision(s: dict, seat: int) -> dict | None:
    """The frame of the decision ``seat`` owes now (None if none)."""
    for f in owed(s):
        if f["p"] == seat:
            return f
    return None


def frame_of_old(f: dict) -> dict:
    """A frame as saved before the core decision stack (``{"t": kind, "seat":
    seat, "kind": landscape, ...}``) in today's form (``Game.upgrade``)."""
    f = dict(f)
    new = {"k": f.pop("t"), "p": f.pop("seat")}
    if "kind" in f:
        new["item"] = f.pop("kind")
    return {**new, **f}


def step(s: dict, seat: int) -> str:
    """The kind of decision ``seat`` owes ('' if none)."""
    f = decision(s, seat)
    return "" if f is None else f["k"]


# ----------------------------------------------------------------------------- auction flow
def start_auction(s: dict) -> None:
    n = s["n"]
    s["phase"] = "auction"
    s["turn"] = None
    for p in s["players"]:
        p["best"] = 0
    s["auction"] = {
        "free": [nxt(s, s["start"], k) for k in range(n)],
        "out": [],
        "bought": {},
        "paid": {},
        "nominator": s["start"],
        "cur": None,
        "step": "nominate",
        "actor": s["start"],
    }
    advance(s)


def next_free(s: dict, seat: int) -> int:
    free = s["auction"]["free"]
    for k in range(1, s["n"] + 1):
        c = nxt(s, seat, k)
        if c in free:
            return c
    raise AssertionError("no free player")


def advance(s: dict) -> None:
    """Run automatic steps until a decision is owed."""
    if s["pending"] or s["phase"] != "auction":
        return
    a = s["auction"]
    if a["cur"] is not None:
        return
    free = a["free"]
    if not free or not any(eligible_piles(s, seat) for seat in free):
        start_actions(s)
        return
    if len(free) == 1:
        a["step"], a["actor"] = "last", free[0]
        return
    if a["nominator"] not in free:
        a["nominator"] = next_free(s, a["nominator"])
    a["step"], a["actor"] = "nominate", a["nominator"]


def _next_bidder(s: dict, after: int) -> None:
    cur = s["auction"]["cur"]
    for k in range(1, s["n"] + 1):
        c = nxt(s, after, k)
        if c in cur["active"] and c != cur["leader"]:
            cur["turn"] = c
            s["auction"]["actor"] = c
            return
    _sell(s)


def _sell(s: dict) -> None:
    a = s["auction"]
    cur = a["cur"]
    buyer, item, price = cur["leader"], cur["item"], cur["high"]
    a["cur"] = None
    _buy(s, buyer, item, price)
    if buyer == a["nominator"]:
        a["nominator"] = next_free(s, buyer) if a["free"] else buyer
    advance(s)


def _buy(s: dict, seat: int, item: str, price: int) -> None:
    a = s["auction"]
    p = s["players"][seat]
    p["money"] -= price
    a["bought"][item] = seat
    a["paid"][str(seat)] = price
    a["free"].remove(seat)
    gain(s, seat, item)


def gain(s: dict, seat: int, item: str) -> None:
    """The immediate effect of acquiring an auction object (spec §6). It
    touches only ``s["players"][seat]``, ``s["piles"]``, ``s["pending"]`` and
    (for a prestige card) ``s["prestige_deck"]``, and no randomness, so the
    bots play it on a light copy of those to value an object (bot.py)."""
    p = s["players"][seat]
    if item == "prestige":
        draw(s, seat, "prestige")
        return
    s["piles"][item] -= 1
    if item in D.LANDSCAPES:
        DS.push(s, "place", seat, item=item)
    elif item == "jester":
        p["jesters"] += 1
    elif item == "builder":
        p["builders"] += 1
        p["pp"] += D.PP_BUILDER[p["builders"]]
    elif item == "recruit":
        p["recruits"] += 1
        if face_up_professions(s):
            DS.push(s, "recruit_now", seat)


def land_gained(p: dict, kind: str) -> None:
    """A landscape of ``kind`` laid in ``p``'s principality: counted, and
    the prestige of a second one of a kind (spec §6)."""
    p["land"][kind] += 1
    if p["land"][kind] >= 2:
        p["pp"] += D.PP_SAME_LANDSCAPE


def draw(s: dict, seat: int, deck: str) -> None:
    key = DECK_OF[deck]
    cards = s[key][: D.DRAW_SIZE]
    del s[key][: D.DRAW_SIZE]
    DS.push(s, "keep", seat, deck=deck, cards=cards)


# ----------------------------------------------------------------------------- action phase
def start_actions(s: dict) -> None:
    s["phase"] = "action"
    s["auction"]["cur"] = None
    s["auction"]["step"] = ""
    s["turn"] = {"seat": s["start"], "count": 0, "acts": 0, "used": {k: 0 for k in D.ACTION_LIMITS}}


def end_turn(s: dict) -> None:
    t = s["turn"]
    t["count"] += 1
    if t["count"] >= s["n"]:
        end_round(s)
        return
    t["seat"] = nxt(s, t["seat"])
    t["acts"] = 0
    t["used"] = {k: 0 for k in D.ACTION_LIMITS}


def best_work_winners(s: dict) -> list[int]:
    best = max(p["best"] for p in s["players"])
    if best <= 0:
        return []
    return [i for i, p in enumerate(s["players"]) if p["best"] == best]


def end_round(s: dict) -> None:
    winners = best_work_winners(s)
    for i in winners:
        s["players"][i]["pp"] += D.PP_BEST_WORK
    s.setdefault("history", []).append(
        {"round": s["round"], "best_work": winners, "wv": [p["best"] for p in s["players"]]}
    )
    s["round"] += 1
    s["start"] = nxt(s, s["start"])
    if s["round"] > D.ROUNDS:
        s["round"] = D.ROUNDS
        s["phase"] = "over"
        s["turn"] = None
        s["final"] = [
            {"track": p["pp"], "prestige": SC.prestige_breakdown(s, i), "money": p["money"]}
            for i, p in enumerate(s["players"])
        ]
        return
    start_auction(s)


def can_act(s: dict, kind: str) -> bool:
    t = s["turn"]
    return t["acts"] < D.ACTIONS_PER_TURN and t["used"][kind] < D.ACTION_LIMITS[kind]


def buildable(s: dict, seat: int) -> list[str]:
    """Building types ``seat`` could build now, ignoring where."""
    p = s["players"][seat]
    if not can_act(s, "build") or p["money"] < build_cost(p):
        return []
    return [b for b in D.BUILDINGS if s["supply"]["buildings"][b] > 0 and b not in p["buildings"]]


def work_options(s: dict, seat: int, limit: int | None = None) -> list[str]:
    """Every legal ``complete`` action (bonus subsets in canonical order)."""
    if not can_act(s, "work"):
        return []
    p = s["players"][seat]
    need = min_wv(s)
    bv = SC.bonus_values(p)
    cards = sorted(p["bonus"])
    out = []
    for prof in sorted(set(p["hand"]), key=lambda k: D.PROF[k]["num"]):
        base = SC.work_value(p, prof, [])
        for r in range(len(cards) + 1):
            for combo in combinations(cards, r):
                if base + sum(bv[c] for c in combo) >= need:
                    out.append(N.fmt_complete(prof, list(combo)))
                    if limit and len(out) >= limit:
                        return out
    return out


# ----------------------------------------------------------------------------- legal, per kind
def sells(p: dict) -> list[str]:
    """Prestige points ``p`` may sell (not an action; offered in the auction
    steps and the action turn)."""
    return [f"sell {k}" for k in range(1, p["pp"] + 1)]


def legal_return(s: dict, f: dict) -> list[str]:
    return [f"return {c}" for c in s["players"][f["p"]]["deal"]]


def legal_place(s: dict, f: dict) -> list[str]:
    p = s["players"][f["p"]]
    kind = f["item"]
    return [N.fmt_place(kind, r, c, o) for r, c, o in G.placements(p["grid"], kind, p["builders"])]


def legal_keep(s: dict, f: dict) -> list[str]:
    return [f"keep {c}" for c in f["cards"]]


def legal_order(s: dict, f: dict) -> list[str]:
    return ["order " + " ".join(perm) for perm in permutations(f["cards"])]


def recruit_targets(s: dict) -> list[str]:
    return sorted(set(face_up_professions(s)))


def legal_recruit_now(s: dict, f: dict) -> list[str]:
    return [f"recruit {c}" for c in recruit_targets(s)] + ["later"]


def legal_convert(s: dict, f: dict) -> list[str]:
    return [f"prestige {k}" for k in range(f["wv"] // 2 + 1)]


def legal_nominate(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    p = s["players"][seat]
    out = []
    if p["money"] >= D.OPENING_BID:
        out = [f"nominate {k}" for k in eligible_piles(s, seat)]
    return out + ["decline"] + sells(p)


def legal_last(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    p = s["players"][seat]
    out = []
    if p["money"] >= D.LAST_PLAYER_PRICE:
        out = [f"buy {k}" for k in eligible_piles(s, seat)]
    return out + ["decline"] + sells(p)


def legal_bid(s: dict, f: dict) -> list[str]:
    p = s["players"][f["p"]]
    cur = s["auction"]["cur"]
    out = ["raise"] if p["money"] >= cur["high"] + D.RAISE else []
    return out + ["pass"] + sells(p)


def legal_turn(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    p = s["players"][seat]
    out = []
    for b in buildable(s, seat):
        out += [N.fmt_place(b, r, c, o) for r, c, o in G.placements(p["grid"], b, p["builders"])]
    out += work_options(s, seat)
    if can_act(s, "profession") and s["prof_deck"] and p["money"] >= D.CARD_COST:
        out.append("profession")
    if can_act(s, "freedom") and p["money"] >= D.FREEDOM_COST:
        out += [
            f"freedom {fr}"
            for fr in D.FREEDOMS
            if fr not in p["freedoms"] and s["supply"]["freedoms"][fr] > 0
        ]
    if can_act(s, "bonus") and s["bonus_deck"] and p["money"] >= D.CARD_COST:
        out.append("bonus")
    if p["recruits"] > 0:
        out += [f"recruit {c}" for c in recruit_targets(s)]
    return out + sells(p) + ["done"]


# ----------------------------------------------------------------------------- apply, per kind
WHAT = {
    "return": "return one of your dealt profession cards (return <card>)",
    "place": "place the landscape you bought (place <piece> <row> <col> r<k> [f])",
    "keep": "keep one of the drawn cards (keep <card>)",
    "order": "order the other drawn cards (order <card> ...)",
    "recruit_now": "use the recruiting card now (recruit <profession>) or keep it (later)",
    "convert": "choose how many prestige points to buy from the payout (prestige <n>)",
    "nominate": "nominate a pile (nominate <pile>) or decline",
    "last": "buy an object for 200 (buy <pile>) or decline",
    "bid": "raise or pass",
    "turn": "take an action or end your turn (done)",
}
VERBS = {
    "return": ("return",),
    "place": ("place",),
    "keep": ("keep",),
    "order": ("order",),
    "recruit_now": ("recruit", "later"),
    "convert": ("prestige",),
    "nominate": ("nominate", "decline", "sell"),
    "last": ("buy", "decline", "sell"),
    "bid": ("raise", "pass", "sell"),
    "turn": ("place", "complete", "profession", "freedom", "bonus", "recruit", "sell", "done"),
}


def sell_pp(p: dict, k: int) -> None:
    if k < 1:
        raise IllegalAction("sell at least 1 prestige point")
    if k > p["pp"]:
        raise IllegalAction(f"you have only {p['pp']} prestige points")
    p["pp"] -= k
    p["money"] += k * D.SELL_PRICE


def apply_return(s, f, a):
    p = s["players"][f["p"]]
    card = a.args[0]
    if card not in p["deal"]:
        raise IllegalAction(f"{D.PROF[card]['name']} is not among your dealt cards")
    p["hand"] = [c for c in p["deal"] if c != card]
    p["deal"] = []
    s["returned"].append(card)
    if not any(q["deal"] for q in s["players"]):
        s["prof_deck"] += s["returned"]
        s["returned"] = []
        rng.shuffle(s, s["prof_deck"])
        start_auction(s)


def _place_tile(s, p, kind, row, col, orient) -> None:
    cells = G.cells_at(kind, orient, row, col)
    why = G.check_cells(p["grid"], kind, cells, p["builders"])
    if why:
        raise IllegalAction(why)
    lay_tile(p, kind, row, col, orient, cells)


def lay_tile(p: dict, kind: str, row: int, col: int, orient: str, cells=None) -> None:
    """Put a tile on player ``p``'s grid, unchecked (``_place_tile`` checks).
    A tile is kept as text, "<piece> <row> <col> <orientation>" (the place
    action's own arguments; the view derives its squares): every search step
    copies the state, and a list of strings copies in one slice."""
    p["grid"] = G.put(p["grid"], kind, cells or G.cells_at(kind, orient, row, col))
    p["tiles"].append(N.tile_record(kind, row, col, orient))


def apply_place(s, f, a):
    p = s["players"][f["p"]]
    kind, row, col, orient = N.placement(a)
    want = f["item"]
    if kind != want:
        raise IllegalAction(f"you must place the {want} you bought")
    _place_tile(s, p, kind, row, col, orient)
    DS.pop(s)
    land_gained(p, kind)


def apply_keep(s, f, a):
    seat, pend = f["p"], f
    p = s["players"][seat]
    card = a.args[0]
    if card not in pend["cards"]:
        raise IllegalAction(f"{card} is not among the drawn cards")
    rest = [c for c in pend["cards"] if c != card]
    deck = pend["deck"]
    if deck == "profession":
        p["hand"].append(card)
    elif deck == "bonus":
        p["bonus"].append(card)
    else:
        p["prestige"].append(card)
    DS.pop(s)
    if len(rest) >= 2:
        DS.push(s, "order", seat, deck=deck, cards=rest)
    else:
        s[DECK_OF[deck]] += rest


def apply_order(s, f, a):
    if sorted(a.args) != sorted(f["cards"]):
        raise IllegalAction("name each of these cards once: " + " ".join(f["cards"]))
    s[DECK_OF[f["deck"]]] += a.args
    DS.pop(s)


def recruit(s, seat, p, card) -> None:
    if p["recruits"] < 1:
        raise IllegalAction("you have no recruiting card in hand")
    for q in s["players"]:
        if card in q["display"]:
            i = q["display"].index(card)
            q["display"][i] = D.RECRUIT
            p["recruits"] -= 1
            p["hand"].append(card)
            return
    raise IllegalAction(f"the {D.PROF[card]['name']} is not face up in any display")


def apply_recruit_now(s, f, a):
    if a.verb == "recruit":
        recruit(s, f["p"], s["players"][f["p"]], a.args[0])
    DS.pop(s)


def apply_convert(s, f, a):
    pend = f
    p = s["players"][f["p"]]
    k = a.num(0, "the number of prestige points")
    if k < 0 or k > pend["wv"] // 2:
        raise IllegalAction(
            f"you may convert 0 to {pend['wv'] // 2} PP from this payout "
            f"({pend['payment']} florins, 200 per PP, at least 100 stays)"
        )
    p["money"] -= k * D.CONVERT_PRICE
    p["pp"] += k
    p["works"][-1]["pp"] = k
    DS.pop(s)


def _decline(s, seat) -> None:
    a = s["auction"]
    a["free"].remove(seat)
    a["out"].append(seat)


def apply_nominate(s, f, act):
    seat = f["p"]
    p = s["players"][seat]
    a = s["auction"]
    if act.verb == "decline":
        _decline(s, seat)
        return
    item = act.args[0]
    if not eligible(s, seat, item):
        raise IllegalAction(f"the {D.PILE_NAME[item]} pile is not available to you")
    if p["money"] < D.OPENING_BID:
        raise IllegalAction(f"you need {D.OPENING_BID} florins to open an auction")
    active = [c for c in a["free"] if c == seat or eligible(s, c, item)]
    a["cur"] = {
        "item": item,
        "high": D.OPENING_BID,
        "leader": seat,
        "active": active,
        "passed": [],
        "turn": seat,
    }
    a["step"] = "bid"
    _next_bidder(s, seat)


def apply_bid(s, f, a):
    seat = f["p"]
    p = s["players"][seat]
    cur = s["auction"]["cur"]
    if a.verb == "raise":
        if p["money"] < cur["high"] + D.RAISE:
            raise IllegalAction(f"you cannot pay {cur['high'] + D.RAISE} florins")
        cur["high"] += D.RAISE
        cur["leader"] = seat
    else:
        cur["active"].remove(seat)
        cur["passed"].append(seat)
    _next_bidder(s, seat)


def apply_last(s, f, a):
    seat = f["p"]
    p = s["players"][seat]
    if a.verb == "decline":
        _decline(s, seat)
        return
    item = a.args[0]
    if not eligible(s, seat, item):
        raise IllegalAction(f"the {D.PILE_NAME[item]} pile is not available to you")
    if p["money"] < D.LAST_PLAYER_PRICE:
        raise IllegalAction(f"you need {D.LAST_PLAYER_PRICE} florins")
    _buy(s, seat, item, D.LAST_PLAYER_PRICE)


def _spend(p, cost, what) -> None:
    if p["money"] < cost:
        raise IllegalAction(f"{what} costs {cost} florins; you have {p['money']}")
    p["money"] -= cost


def _use(s, kind: str, what: str) -> None:
    t = s["turn"]
    if t["acts"] >= D.ACTIONS_PER_TURN:
        raise IllegalAction("you have already taken 2 actions this turn")
    if t["used"][kind] >= D.ACTION_LIMITS[kind]:
        n = D.ACTION_LIMITS[kind]
        raise IllegalAction(f"you may {what} only {n} time{'s' if n > 1 else ''} per round")


def _done_action(s, kind: str) -> None:
    s["turn"]["acts"] += 1
    s["turn"]["used"][kind] += 1


def apply_turn(s, f, a):
    seat = f["p"]
    p = s["players"][seat]
    verb = a.verb
    if verb == "done":
        end_turn(s)
        return
    if verb == "recruit":
        recruit(s, seat, p, a.args[0])
        return
    if verb == "place":
        kind, row, col, orient = N.placement(a)
        if not G.is_building(kind):
            raise IllegalAction("landscapes are only bought at auction")
        _use(s, "build", "build")
        if kind in p["buildings"]:
            raise IllegalAction(f"you already have a {kind}")
        if s["supply"]["buildings"][kind] <= 0:
            raise IllegalAction(f"no {kind} is left in the supply")
        cost = build_cost(p)
        if p["money"] < cost:
            raise IllegalAction(f"building costs {cost} florins; you have {p['money']}")
        _place_tile(s, p, kind, row, col, orient)
        p["money"] -= cost
        p["buildings"].append(kind)
        s["supply"]["buildings"][kind] -= 1
        p["pp"] += D.PP_PER_BUILD
        _done_action(s, "build")
        return
    if verb in ("profession", "bonus"):
        _use(s, verb, f"take a {verb} card")
        if not s[DECK_OF[verb]]:
            raise IllegalAction(f"the {verb} deck is empty")
        _spend(p, D.CARD_COST, f"a {verb} card")
        _done_action(s, verb)
        draw(s, seat, verb)
        return
    if verb == "freedom":
        fr = a.args[0]
        _use(s, "freedom", "introduce a freedom")
        if fr in p["freedoms"]:
            raise IllegalAction(f"you already have {D.FREEDOM_NAME[fr]}")
        if s["supply"]["freedoms"][fr] <= 0:
            raise IllegalAction(f"no {D.FREEDOM_NAME[fr]} is left")
        _spend(p, D.FREEDOM_COST, "a freedom")
        s["supply"]["freedoms"][fr] -= 1
        p["freedoms"].append(fr)
        _done_action(s, "freedom")
        return
    if verb == "complete":
        complete(s, seat, a.args[0], list(a.args[1:]))


def complete(s: dict, seat: int, prof: str, bonus: list[str]) -> None:
    p = s["players"][seat]
    _use(s, "work", "complete a work")
    if prof not in p["hand"]:
        raise IllegalAction(f"the {D.PROF[prof]['name']} is not in your hand")
    for b in bonus:
        if b not in p["bonus"]:
            raise IllegalAction(f"bonus card {b} is not in your hand")
    lines = SC.work_lines(p, prof, bonus)
    wv = sum(x for _, x in lines)
    need = min_wv(s)
    if wv < need:
        raise IllegalAction(f"this work is worth {wv}; round {s['round']} needs at least {need}")
    p["hand"].remove(prof)
    p["display"].append(prof)
    for b in bonus:
        p["bonus"].remove(b)
        s["bonus_used"].append(b)
    pay = wv * D.FLORINS_PER_WV
    p["money"] += pay
    p["best"] = max(p["best"], wv)
    p["works"].append({"round": s["round"], "prof": prof, "bonus": list(bonus), "wv": wv, "pp": 0})
    _done_action(s, "work")
    DS.push(s, "convert", seat, prof=prof, wv=wv, lines=lines, payment=pay, max_pp=wv // 2)
