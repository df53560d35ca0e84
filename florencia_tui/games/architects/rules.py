"""State transitions for Architects of the West Kingdom.

The state is a plain dict (see ``setup``). A turn is one worker placement
(stage "place") followed by a stack of pending decision frames
(``s["pending"]``, top = last, core/decisions.py), opened here with
``decisions.push`` and answered through the handlers of decisions.py. When the
stack is empty the turn finishes: deferred Black Market resets, the hand limit,
then the next turn.
"""

from __future__ import annotations

from functools import lru_cache

from florencia_tui.core import decisions, rng

from . import data as D
from .notation import pay_token
from .scoring import finish_game

ABILITY = {aid: a[3] for aid, a in D.ALL_APPRENTICES.items()}


# ---------------------------------------------------------------- setup
def new_player(n: int) -> dict:
    return {
        "silver": 0,
        "clay": 0,
        "wood": 0,
        "stone": 0,
        "gold": 0,
        "marble": 0,
        "virtue": D.START_VIRTUE,
        "workers": D.WORKERS,
        "captives": [0] * n,
        "appr": [],
        "built": [],
        "hand": [],
        "debts": 0,
        "paid": 0,
        "cath": 0,
        "board": None,
    }


def setup(names: list[str], seed: int, options: dict) -> dict:
    n = len(names)
    s: dict = {
        "game": "architects",
        "names": names,
        "rng": rng.seed_state(seed),
        "options": options,
        "np": n,
        "phase": "draft",
        "turn": 0,
        "first": 0,
        "stage": "place",
        "turns": 0,
        "final": None,
        "resets": 0,
        "pending": [],
        "tax": D.TAX_STAND_START,
        "market": [None, None, None],
        "guildhall": [],
        "beside": [],
        "prison": [0] * n,
        "loc": {loc: [0] * n for loc in D.LARGE},
        "players": [new_player(n) for _ in range(n)],
    }
    bm = list(range(1, 11))
    rng.shuffle(s, bm)
    s["bm_small"], s["bm_large"] = bm, []
    rewards = list(D.REWARDS)
    rng.shuffle(s, rewards)
    s["rewards"] = rewards[: D.reward_count(n)]
    promos = bool(options.get("promo_cards"))
    adeck = list(D.ALL_APPRENTICES if promos else D.APPRENTICES)
    rng.shuffle(s, adeck)
    s["arows"] = [[[adeck.pop(0), 0] for _ in range(4)] for _ in range(2)]
    s["adeck"] = adeck
    bdeck = list(D.ALL_BUILDINGS if promos else D.BUILDINGS)
    rng.shuffle(s, bdeck)
    packets = [[bdeck.pop(0) for _ in range(4)] for _ in range(n)]
    s["bdeck"] = bdeck
    s["draft"] = {"round": 0, "packets": packets, "kept": [[] for _ in range(n)]}
    if options.get("side", 1) == 2:
        if options.get("promo_boards"):
            pool = [rng.choice(s, [b, p]) for b, p in zip(D.BASE_BOARDS, D.PROMO_BOARDS)]
        else:
            pool = list(D.BASE_BOARDS)
        rng.shuffle(s, pool)
        for i in range(n):
            s["players"][i]["board"] = pool[i]
    return s


def finish_draft(s: dict) -> None:
    n = s["np"]
    dr = s["draft"]
    for i in range(n):
        s["bdeck"].extend(dr["packets"][i])
        s["players"][i]["hand"] = dr["kept"][i]
    s["draft"] = None
    if s["options"].get("side", 1) == 2:
        for i, P in enumerate(s["players"]):
            b = D.BOARDS[P["board"]]
            P["silver"] = b["silver"]
            P["virtue"] = b["virtue"]
            P["workers"] = D.WORKERS - b["prison"]
            s["prison"][i] = b["prison"]
            P["debts"] = b["debts"]
            for r, k in b["res"].items():
                P[r] += k
            draw_buildings(s, i, b["cards"])
        best = max(P["virtue"] for P in s["players"])
        tied = [i for i, P in enumerate(s["players"]) if P["virtue"] == best]
        s["first"] = tied[rng.randbelow(s, len(tied))]
    else:
        s["first"] = rng.randbelow(s, n)
        for k in range(n):
            s["players"][(s["first"] + k) % n]["silver"] = D.START_SILVER[k]
    s["turn"] = s["first"]
    s["phase"] = "play"
    s["stage"] = "place"
    if s["options"].get("free_apprentice"):
        # s.12.2: in reverse turn order each player hires 1 face-up apprentice for free;
        # the market refills only after everyone has picked.
        s["phase"] = "freehire"
        s["freehire"] = [(s["first"] - 1 - k) % n for k in range(n)]


def free_hire(s: dict, seat: int, aid: int) -> None:
    r, c = find_appr(s, aid)
    s["arows"][r][c] = None
    s["players"][seat]["appr"].append(aid)
    change_virtue(s, seat, D.ALL_APPRENTICES[aid][2])
    s["freehire"].pop(0)
    if not s["freehire"]:
        del s["freehire"]
        for r in range(2):
            refill_row(s, r)
        s["phase"] = "play"


def refill_row(s: dict, r: int) -> None:
    """Slide a row's cards left (with their coins) and fill it up from the deck."""
    cards = [x for x in s["arows"][r] if x]
    while len(cards) < 4 and s["adeck"]:
        cards.append([s["adeck"].pop(0), 0])
    s["arows"][r] = cards + [None] * (4 - len(cards))


def guildhall_refresh(s: dict) -> None:
    """s.12.2 (BGA): both column-1 apprentices leave (to the deck bottom, as BGA's code)."""
    for r in range(2):
        card = s["arows"][r][0]
        if card:
            s["adeck"].append(card[0])
            s["arows"][r][0] = None
        refill_row(s, r)


def draft_keep(s: dict, seat: int, b: int) -> None:
    dr = s["draft"]
    dr["packets"][seat].remove(b)
    dr["kept"][seat].append(b)
    if all(len(k) > dr["round"] for k in dr["kept"]):
        n = s["np"]
        dr["packets"] = [dr["packets"][(i - 1) % n] for i in range(n)]
        dr["round"] += 1
        if dr["round"] == 3:
            finish_draft(s)


# ---------------------------------------------------------------- helpers
def board_is(P: dict, name: str) -> bool:
    return P["board"] == name


def count_ab(P: dict, key: str) -> int:
    return sum(1 for a in P["appr"] if ABILITY[a] == key)


def dodge(P: dict) -> int:
    return D.tax_dodge_icons(P["virtue"]) + (1 if board_is(P, "Ada") else 0)


def tax_cost(P: dict, tax: int, supply: int) -> int:
    return max(0, tax - dodge(P)) + supply


def pay_tax(s: dict, p: int, tax: int, supply: int) -> None:
    P = s["players"][p]
    t = max(0, tax - dodge(P))
    P["silver"] -= t + supply
    s["tax"] += t


def appr_limit(P: dict) -> int:
    return D.APPRENTICE_LIMIT + (1 if board_is(P, "Rudolf") else 0)


def gain(s: dict, p: int, gains: dict) -> None:
    P = s["players"][p]
    for r, k in gains.items():
        if r == "virtue":
            change_virtue(s, p, k)
        elif r == "building":
            draw_buildings(s, p, k)
        else:
            P[r] += k


def change_virtue(s: dict, p: int, d: int) -> None:
    """Move virtue by d; above 14 destroys unpaid debts, below 0 takes debts."""
    P = s["players"][p]
    v = P["virtue"] + d
    if v > D.VIRTUE_MAX:
        P["debts"] -= min(P["debts"], v - D.VIRTUE_MAX)
        v = D.VIRTUE_MAX
    if v < 0:
        P["virtue"] = 0
        take_debt(s, p, -v)
        return
    P["virtue"] = v


#: Hugo's board: silver paid instead of taking a debt.
HUGO_PAY = 2


def take_debt(s: dict, p: int, k: int) -> None:
    P = s["players"][p]
    P["debts"] += k
    if board_is(P, "Hugo") and P["silver"] >= HUGO_PAY and s["phase"] == "play":
        decisions.push(s, "hugo", p, count=k)


def draw_buildings(s: dict, p: int, k: int) -> list:
    got = s["bdeck"][:k]
    del s["bdeck"][:k]
    s["players"][p]["hand"].extend(got)
    return got


def discard_building(s: dict, p: int, b: int) -> None:
    s["players"][p]["hand"].remove(b)
    s["bdeck"].append(b)


def find_appr(s: dict, aid: int):
    for r, row in enumerate(s["arows"]):
        for c, card in enumerate(row):
            if card and card[0] == aid:
                return r, c
    return None


def face_up(s: dict) -> list:
    return [card[0] for row in s["arows"] for card in row if card]


def hire(s: dict, p: int, aid: int) -> None:
    """Take apprentice aid from the market (fees already paid)."""
    P = s["players"][p]
    r, c = find_appr(s, aid)
    row = s["arows"][r]
    card = row.pop(c)
    row.append([s["adeck"].pop(0), 0] if s["adeck"] else None)
    # keep gaps at the right end
    cards = [x for x in row if x]
    s["arows"][r] = cards + [None] * (4 - len(cards))
    P["silver"] += card[1]
    P["appr"].append(aid)
    change_virtue(s, p, D.ALL_APPRENTICES[aid][2])


#: The Workshop's hiring price: tax (to the Tax Stand, dodged by virtue) and supply.
WORKSHOP_TAX = 2


def workshop_supply(P: dict) -> int:
    """The supply part of the Workshop's hiring price (Rudolf's board pays 1)."""
    return 1 if board_is(P, "Rudolf") else 2


def workshop_draw(n: int) -> int:
    """Building cards drawn at the Workshop with n workers there."""
    return 1 + n // 2


def workshop_hire_cost(s: dict, p: int, aid: int, n: int) -> tuple[int, int]:
    """(total silver, skip coins) to hire aid at the Workshop with n workers."""
    P = s["players"][p]
    _, c = find_appr(s, aid)
    skip = max(0, c + 1 - n)
    return tax_cost(P, WORKSHOP_TAX, workshop_supply(P)) + skip, skip


def skills_of(P: dict) -> frozenset:
    """The skills P's apprentices have."""
    return _skills(tuple(P["appr"]))


@lru_cache(maxsize=4096)
def _skills(appr: tuple[int, ...]) -> frozenset:
    # Remembered per row of apprentices: asked for every building in hand on
    # every legal list.
    out: set = set()
    for a in appr:
        out.update(D.SKILLS[a])
    return frozenset(out)


def affordable(P: dict, pay: dict) -> bool:
    return all(P[r] >= k for r, k in pay.items())


def _pay_variants(P: dict, cost: dict) -> list[tuple[dict, int]]:
    """The costs P may pay instead of ``cost``: (fixed resources, wood/stone mix)."""
    base = {r: k for r, k in cost.items() if r != "ws" and k}
    ws = cost.get("ws", 0)
    return _lothaire(base, ws) if board_is(P, "Lothaire") else [(base, ws)]


def _lothaire(base: dict, ws: int) -> list[tuple[dict, int]]:
    """Lothaire's board pays 1 wood or stone less (of the mix if there is one)."""
    if ws:
        return [(base, ws - 1)]
    variants = []
    for r in ("wood", "stone"):
        if base.get(r):
            b2 = dict(base)
            b2[r] -= 1
            variants.append(({k: v for k, v in b2.items() if v}, 0))
    return variants or [(base, 0)]


def shortfall(P: dict, cost: dict) -> dict:
    """What P lacks to pay ``cost`` the closest way (empty: P can pay): resource
    -> count, with "wood/stone" for a mix and, on Therese's board (gold and
    marble interchangeable), "gold/marble"."""
    best: dict | None = None
    for base, ws in _pay_variants(P, cost):
        short: dict = {}
        fixed = dict(base)
        if board_is(P, "Therese"):
            gm = fixed.pop("gold", 0) + fixed.pop("marble", 0)
            if gm > P["gold"] + P["marble"]:
                short["gold/marble"] = gm - P["gold"] - P["marble"]
        for r, k in fixed.items():
            if k > P[r]:
                short[r] = k - P[r]
        spare = max(0, P["wood"] - base.get("wood", 0)) + max(0, P["stone"] - base.get("stone", 0))
        if ws > spare:
            short["wood/stone"] = ws - spare
        if best is None or sum(short.values()) < sum(best.values()):
            best = short
    return best or {}


def build_blocker(s: dict, p: int, b: int) -> dict:
    """Why p cannot construct b now: the skills its apprentices lack, and what
    it is short of (both empty: it can)."""
    P = s["players"][p]
    have = skills_of(P)
    missing = "".join(c for c in D.ALL_BUILDINGS[b][1] if c not in have)
    return {"skills": missing, "short": {} if missing else shortfall(P, D.ALL_BUILDINGS[b][2])}


def cathedral_blocker(s: dict, p: int) -> dict | None:
    """Why p cannot advance on the Cathedral now (None: it can): ``why`` is
    "top", "virtue", "full", "card" or "short" (with ``short`` as shortfall)."""
    P = s["players"][p]
    lvl = P["cath"] + 1
    if lvl > 5:
        return {"why": "top", "level": lvl}
    out = {"level": lvl, "virtue_min": D.CATHEDRAL_MIN_VIRTUE, "cost": D.CATHEDRAL[lvl][0]}
    if P["virtue"] < D.CATHEDRAL_MIN_VIRTUE:
        return {"why": "virtue", **out}
    if sum(1 for Q in s["players"] if Q["cath"] == lvl) >= D.CATHEDRAL[lvl][1]:
        return {"why": "full", **out}
    if not P["hand"] and not board_is(P, "Frederick"):
        return {"why": "card", **out}
    if not pay_options(s, p, D.CATHEDRAL[lvl][0]):
        return {"why": "short", "short": shortfall(P, D.CATHEDRAL[lvl][0]), **out}
    return None


def guildhall_blockers(s: dict, p: int) -> dict:
    """Why p can do nothing (or not everything) at the Guildhall: the buildings
    in hand it cannot construct (id -> build_blocker) and the Cathedral's
    blocker (None: it can advance)."""
    P = s["players"][p]
    return {
        "builds": {
            str(b): build_blocker(s, p, b)
            for b in dict.fromkeys(P["hand"])
            if not can_build(s, p, b)
        },
        "cathedral": cathedral_blocker(s, p),
        "cathedral_discard": not board_is(P, "Frederick"),
    }


def pay_options(s: dict, p: int, cost: dict) -> list[dict]:
    """Every affordable way for p to pay ``cost`` ("ws" = wood/stone mix)."""
    P = s["players"][p]
    variants = _pay_variants(P, cost)
    out: list[dict] = []
    seen: set = set()
    for b, k in variants:
        for w in range(k + 1):
            pay = dict(b)
            if w:
                pay["wood"] = pay.get("wood", 0) + w
            if k - w:
                pay["stone"] = pay.get("stone", 0) + k - w
            pays = [pay]
            if board_is(P, "Therese"):
                gm = pay.get("gold", 0) + pay.get("marble", 0)
                pays = []
                for g in range(gm + 1):
                    q = {r: v for r, v in pay.items() if r not in ("gold", "marble")}
                    if g:
                        q["gold"] = g
                    if gm - g:
                        q["marble"] = gm - g
                    pays.append(q)
            for q in pays:
                tok = pay_token(q)
                if tok not in seen and affordable(P, q):
                    seen.add(tok)
                    out.append(q)
    return out


def can_pay(P: dict, cost: dict) -> bool:
    """Whether P can pay ``cost`` some way: ``bool(pay_options(...))``, asked
    for every building in hand on every legal list, so worked out without
    listing the ways. A wood/stone mix of k is payable when the wood and
    stone left over the fixed part sum to k; Therese's board pays gold and
    marble for each other, so those two need only their sum."""
    variants = _pay_variants(P, cost)
    therese = board_is(P, "Therese")
    for b, k in variants:
        wood = P["wood"] - b.get("wood", 0)
        stone = P["stone"] - b.get("stone", 0)
        if wood < 0 or stone < 0 or wood + stone < k:
            continue
        if therese:
            gm = b.get("gold", 0) + b.get("marble", 0)
            if gm > P["gold"] + P["marble"]:
                continue
            rest = ("wood", "stone", "gold", "marble")
        else:
            rest = ("wood", "stone")
        if all(P[r] >= n for r, n in b.items() if r not in rest):
            return True
    return False


#: Building -> the skills its construction needs.
_NEEDS = {b: frozenset(v[1]) for b, v in D.ALL_BUILDINGS.items()}


def can_build(s: dict, p: int, b: int) -> bool:
    P = s["players"][p]
    return _NEEDS[b] <= skills_of(P) and can_pay(P, D.ALL_BUILDINGS[b][2])


def can_cathedral(s: dict, p: int) -> bool:
    P = s["players"][p]
    lvl = P["cath"] + 1
    if lvl > 5 or P["virtue"] < D.CATHEDRAL_MIN_VIRTUE:
        return False
    if sum(1 for Q in s["players"] if Q["cath"] == lvl) >= D.CATHEDRAL[lvl][1]:
        return False
    if not P["hand"] and not board_is(P, "Frederick"):
        return False
    return can_pay(P, D.CATHEDRAL[lvl][0])


def market_cost(P: dict, space: int) -> int:
    return max(0, D.MARKET_COST[space] - count_ab(P, "trickster"))


def turnin_gain(P: dict) -> dict:
    """What turning in P's captives at the Guardhouse brings: 1 silver each
    (Bertha's board 2 more), 1 gold per Enforcer."""
    silver = sum(P["captives"]) + (2 if board_is(P, "Bertha") else 0)
    return {"silver": silver, "gold": count_ab(P, "enforcer")}


def own_captive(s: dict, p: int) -> int:
    return sum(Q["captives"][p] for Q in s["players"])


# ---------------------------------------------------------------- placement
def yields(s: dict, p: int) -> dict:
    """What each placement would give p now (for previews and prompts)."""
    P = s["players"][p]
    loc = s["loc"]
    out: dict = {}
    n = lambda name: loc[name][p] + 1  # noqa: E731
    out["quarry"] = {"stone": n("quarry") + count_ab(P, "stonecutter")}
    out["forest"] = {"wood": n("forest") + count_ab(P, "woodcutter")}
    miners = count_ab(P, "miner")
    out["mines clay"] = {"clay": n("mines") + 1 + miners}
    out["mines gold"] = {"gold": n("mines") // 2, "clay": miners}
    out["silversmith"] = {"silver": n("silversmith") + 1 + count_ab(P, "jeweller")}
    out["storehouse"] = {"actions": n("storehouse") + count_ab(P, "overseer")}
    out["workshop"] = {
        "draw": workshop_draw(n("workshop")),
        "hire_columns": min(4, n("workshop")),
        # the price before virtue's tax dodge, its tax part, and how much is dodged
        "hire_price": WORKSHOP_TAX + workshop_supply(P),
        "hire_tax": WORKSHOP_TAX,
        "tax_dodged": min(dodge(P), WORKSHOP_TAX),
    }
    probe = {"p": p, "free": False, "made": 0, "disc": count_ab(P, "conspirator")}
    first = capture_price(s, probe)
    probe["made"] = 1
    out["towncentre"] = {
        "captures": n("towncentre"),
        "locations": D.capture_location_limit(s["np"]),
        "first_cost": first,
        "next_cost": capture_price(s, probe),
    }
    thief = count_ab(P, "thief")
    out["taxstand"] = {
        "silver": s["tax"],
        "virtue": -(1 if thief else 2),
        "gold": count_ab(P, "pickpocket"),
    }
    out["guardhouse"] = {"actions": n("guardhouse")}
    for i in range(3):
        if i == 1:
            eff: dict = {"choice": "hire any apprentice, or draw 5 keep 1"}
        else:
            pile = s["bm_small"] if i == 0 else s["bm_large"]
            table = D.BM_SMALL if i == 0 else D.BM_LARGE
            default = D.BM_DEFAULT_SMALL if i == 0 else D.BM_DEFAULT_LARGE
            eff = dict(table[pile[-1]] if pile else default)
        for sw in P["appr"]:
            if ABILITY[sw] == "swindler":
                for r, k in D.ALL_APPRENTICES[sw][4].items():
                    eff[r] = eff.get(r, 0) + k
        eff["cost_silver"] = market_cost(P, i)
        eff["virtue"] = 0 if count_ab(P, "illusionist") else -1
        out[f"market {i + 1}"] = eff
    out["guildhall"] = {
        "build": [b for b in P["hand"] if can_build(s, p, b)],
        "cathedral": can_cathedral(s, p),
        "blocked": guildhall_blockers(s, p),
    }
    return out


#: Every worker placement, in the order the legal list gives them.
PLACES = (
    "place quarry",
    "place forest",
    "place mines clay",
    "place mines gold",
    "place silversmith",
    "place storehouse",
    "place workshop",
    "place towncentre",
    "place taxstand",
    "place guardhouse",
    "place market 1",
    "place market 2",
    "place market 3",
    "place guildhall",
)
_MARKET = {"place market 1": 0, "place market 2": 1, "place market 3": 2}


def place_allowed(s: dict, p: int, act: str) -> bool:
    """Whether p, with a worker on its board, may make the placement ``act``
    (one of :data:`PLACES`): the one statement of each location's condition,
    asked of a single placement when it is played."""
    if act == "place mines gold":
        return s["loc"]["mines"][p] + 1 >= 2
    if act == "place taxstand":
        return s["tax"] > 0
    P = s["players"][p]
    if act in _MARKET:
        i = _MARKET[act]
        return (
            P["virtue"] <= D.BLACK_MARKET_MAX_VIRTUE
            and s["market"][i] is None
            and P["silver"] >= market_cost(P, i)
        )
    if act == "place guildhall":
        return any(can_build(s, p, b) for b in P["hand"]) or can_cathedral(s, p)
    return act in PLACES


def place_options(s: dict, p: int) -> list[str]:
    if s["players"][p]["workers"] == 0:
        return retrieve_options(s, p)
    return [a for a in PLACES if place_allowed(s, p, a)]


def retrieve_options(s: dict, p: int) -> list[str]:
    """A no-worker turn: take 1 worker back from a large location; as printed,
    never from the Guildhall, Black Market, Prison or an opponent's board, so a
    player with none there passes. The variant ``no_worker_fallback`` lets
    such a player take one back from the Prison, Black Market or a captor."""
    out = [f"retrieve {loc}" for loc in D.LARGE if s["loc"][loc][p] > 0]
    if out or not s["options"].get("no_worker_fallback", False):
        return out or ["pass"]
    if s["prison"][p] > 0:
        out.append("retrieve prison")
    out += [f"retrieve market {i + 1}" for i in range(3) if s["market"][i] == p]
    out += [f"retrieve captive {q}" for q, Q in enumerate(s["players"]) if Q["captives"][p]]
    return out or ["pass"]


def do_retrieve(s: dict, p: int, args: list[str]) -> None:
    P = s["players"][p]
    where = args[0] if args else None
    # Reading (engine): a full round in which every player could only pass ends the
    # game. Nothing can change any more (no placement, so no capture, release or
    # Black Market reset), so the printed no-worker rule would loop for ever.
    s["passes"] = s.get("passes", 0) + 1 if where is None else 0
    if where in D.LARGE:
        s["loc"][where][p] -= 1
    elif where == "prison":
        s["prison"][p] -= 1
    elif where == "market":
        s["market"][int(args[1]) - 1] = None
    elif where == "captive":
        s["players"][int(args[1])]["captives"][p] -= 1
    if where is not None:
        P["workers"] += 1


def do_place(s: dict, p: int, args: list[str]) -> None:
    P = s["players"][p]
    loc = args[0]
    P["workers"] -= 1
    if loc in D.LARGE:
        s["loc"][loc][p] += 1
        n = s["loc"][loc][p]
    if loc == "quarry":
        P["stone"] += n + count_ab(P, "stonecutter")
    elif loc == "forest":
        P["wood"] += n + count_ab(P, "woodcutter")
    elif loc == "mines":
        if args[1] == "gold":
            P["gold"] += n // 2
        else:
            P["clay"] += n + 1
        P["clay"] += count_ab(P, "miner")
    elif loc == "silversmith":
        P["silver"] += n + 1 + count_ab(P, "jeweller")
    elif loc == "storehouse":
        decisions.push(s, "storehouse", p, left=n + count_ab(P, "overseer"))
    elif loc == "workshop":
        decisions.push(s, "workshop", p, n=n)
    elif loc == "towncentre":
        push_capture(s, p, n, free=False)
    elif loc == "taxstand":
        P["silver"] += s["tax"]
        s["tax"] = 0
        P["gold"] += count_ab(P, "pickpocket")
        change_virtue(s, p, -1 if count_ab(P, "thief") else -2)
    elif loc == "guardhouse":
        decisions.push(s, "guardhouse", p, left=n)
    elif loc == "market":
        i = int(args[1]) - 1
        s["market"][i] = p
        P["silver"] -= market_cost(P, i)
        if i != 1:
            pile = s["bm_small"] if i == 0 else s["bm_large"]
            table = D.BM_SMALL if i == 0 else D.BM_LARGE
            default = D.BM_DEFAULT_SMALL if i == 0 else D.BM_DEFAULT_LARGE
            gain(s, p, table[pile[-1]] if pile else default)
        else:
            decisions.push(s, "market_mid", p)
        for sw in P["appr"]:
            if ABILITY[sw] == "swindler":
                gain(s, p, D.ALL_APPRENTICES[sw][4])
        if board_is(P, "Caroline"):
            draw_buildings(s, p, 1)
        if not count_ab(P, "illusionist"):
            change_virtue(s, p, -1)
        if all(x is not None for x in s["market"]):
            s["resets"] += 1
    elif loc == "guildhall":
        if s["final"] is not None:
            s["beside"].append(p)
        else:
            s["guildhall"].append(p)
            k = len(s["guildhall"])
            cols, total, resets = D.guildhall_layout(s["np"])
            if k in resets:
                s["resets"] += 1
            if s["options"].get("guildhall_refresh") and k in (3, cols + 3, 2 * cols + 3):
                guildhall_refresh(s)
            if k == total:
                s["final"] = s["np"] + 1
        decisions.push(s, "guildhall", p)


def push_capture(s: dict, p: int, n: int, free: bool) -> dict:
    """Open up to n captures for p (free ones from a building)."""
    return decisions.push(
        s,
        "capture",
        p,
        left=n,
        made=0,
        locs=[],
        free=free,
        disc=count_ab(s["players"][p], "conspirator"),
    )


def capture_cost(s: dict, f: dict) -> tuple[int, int]:
    """(tax, supply) for the next capture of frame f."""
    if f["free"]:
        return 0, 0
    if f["made"] == 0:
        return 1, 0
    if s["options"].get("conspirator_mode") == "per_capture":
        return 0, 0 if f["disc"] else 1
    return 0, 0 if f["disc"] > 0 else 1


def capture_price(s: dict, f: dict) -> int:
    """Silver the next capture of frame f costs its seat (virtue's dodge applied)."""
    return tax_cost(s["players"][f["p"]], *capture_cost(s, f))


#: The Guardhouse's prices, (tax, supply): ransom for silver, pay off a debt.
RANSOM = (2, 3)
PAYDEBT = (3, 3)


def ransom_cost(P: dict) -> int:
    return tax_cost(P, *RANSOM)


def paydebt_cost(P: dict) -> int:
    return tax_cost(P, *PAYDEBT)


# ---------------------------------------------------------------- reset
def black_market_reset(s: dict) -> None:
    n = s["np"]
    for i, q in enumerate(s["market"]):
        if q is not None:
            s["prison"][q] += 1
            s["market"][i] = None
    if not s["bm_small"]:
        s["bm_small"] = s["bm_large"]
        s["bm_large"] = []
        rng.shuffle(s, s["bm_small"])
    if s["bm_small"]:
        s["bm_large"].append(s["bm_small"].pop())
    order = [(s["turn"] + k) % n for k in range(n)]
    for q in order:
        P = s["players"][q]
        rel = 2 * count_ab(P, "gatekeeper") + (1 if board_is(P, "Fara") else 0)
        rel = min(rel, s["prison"][q])
        s["prison"][q] -= rel
        P["workers"] += rel
        P["silver"] += 2 * count_ab(P, "peddler")
        if s["prison"][q] == 0:
            for a in list(P["appr"]):
                if ABILITY[a] == "squire":
                    gain(s, q, D.ALL_APPRENTICES[a][4])
    for q in order:
        if s["prison"][q] >= 3:
            change_virtue(s, q, -1)
    most = max(s["prison"])
    if most > 0:
        for q in order:
            if s["prison"][q] == most:
                take_debt(s, q, 1)


# ---------------------------------------------------------------- buildings
def start_build(s: dict, p: int, b: int) -> None:
    opts = pay_options(s, p, D.ALL_BUILDINGS[b][2])
    if len(opts) == 1:
        finish_build(s, p, b, opts[0])
    else:
        decisions.push(s, "pay", p, opts=[pay_token(o) for o in opts], what="build", b=b)


def pay(s: dict, p: int, payment: dict) -> None:
    P = s["players"][p]
    for r, k in payment.items():
        P[r] -= k


def finish_build(s: dict, p: int, b: int, payment: dict) -> None:
    P = s["players"][p]
    pay(s, p, payment)
    P["hand"].remove(b)
    P["built"].append(b)
    change_virtue(s, p, D.ALL_BUILDINGS[b][3])
    eff = D.ALL_BUILDINGS[b][6]
    if board_is(P, "Clovis"):
        draw_buildings(s, p, 1)
    if eff in SIMPLE_EFFECTS:
        gain(s, p, SIMPLE_EFFECTS[eff])
    elif eff in EFFECTS:
        EFFECTS[eff](s, p, P, b)


#: Buildings whose effect is a plain gain when constructed.
SIMPLE_EFFECTS = {
    "smithy": {"stone": 4},
    "thievesden": {"silver": 4},
    "well": {"clay": 4},
    "lumbercamp": {"wood": 4},
    "factory": {"marble": 2},
    "draftingroom": {"building": 2},
}
#: Treasury and Clay Pit: the gains to choose from (``gain <what>``).
CHOOSE_GAINS = {"gold": {"gold": 1}, "silver": {"silver": 3}, "marble": {"marble": 1}}
#: Library: gold for the discarded card.
LIBRARY_GOLD = 2


def _hideout(s: dict, p: int, P: dict, b: int) -> None:
    P["workers"] += s["prison"][p]
    s["prison"][p] = 0


def _monument(s: dict, p: int, P: dict, b: int) -> None:
    for q in range(s["np"]):
        change_virtue(s, q, 1)


def _watchtower(s: dict, p: int, P: dict, b: int) -> None:
    for q in range(s["np"]):
        if s["prison"][q] >= 3:
            change_virtue(s, q, -1)


def _palace(s: dict, p: int, P: dict, b: int) -> None:
    P["gold"] += P["virtue"] // 4


def _open(kind: str, when=None):
    """An effect that opens decision ``kind`` (if ``when(s, p, P)``)."""

    def effect(s: dict, p: int, P: dict, b: int) -> None:
        if when is None or when(s, p, P):
            decisions.push(s, kind, p)

    return effect


def _choose(opts: list[str]):
    def effect(s: dict, p: int, P: dict, b: int) -> None:
        decisions.push(s, "choose", p, b=b, opts=list(opts))

    return effect


def crane_may(s: dict, p: int) -> bool:
    """The Crane's second Guildhall worker: a worker left and something to do there."""
    P = s["players"][p]
    return P["workers"] > 0 and (any(can_build(s, p, x) for x in P["hand"]) or can_cathedral(s, p))


#: The other buildings' effects when constructed: (state, seat, player, building).
EFFECTS = {
    "bettinghouse": lambda s, p, P, b: take_debt(s, p, 1),
    "hideout": _hideout,
    "monument": _monument,
    "watchtower": _watchtower,
    "palace": _palace,
    "treasury": _choose(["gold", "silver"]),
    "claypit": _choose(["gold", "marble"]),
    "tavern": _open("tavern"),
    "armoury": lambda s, p, P, b: push_capture(s, p, 1, free=True),
    "fortress": lambda s, p, P, b: push_capture(s, p, 2, free=True),
    "barracks": _open("barracks"),
    "church": _open("church", lambda s, p, P: P["debts"] > 0),
    "library": _open("library", lambda s, p, P: bool(P["hand"])),
    "graveyard": _open("graveyard", lambda s, p, P: bool(P["appr"])),
    "crane": _open("crane", lambda s, p, P: crane_may(s, p)),
}


def start_cathedral(s: dict, p: int) -> None:
    P = s["players"][p]
    opts = pay_options(s, p, D.CATHEDRAL[P["cath"] + 1][0])
    if len(opts) == 1:
        cathedral_paid(s, p, opts[0])
    else:
        decisions.push(s, "pay", p, opts=[pay_token(o) for o in opts], what="cathedral")


def cathedral_paid(s: dict, p: int, payment: dict) -> None:
    P = s["players"][p]
    pay(s, p, payment)
    if board_is(P, "Frederick"):
        advance_cathedral(s, p)
    elif len(P["hand"]) == 1:
        discard_building(s, p, P["hand"][0])
        advance_cathedral(s, p)
    else:
        decisions.push(s, "cath_discard", p)


def advance_cathedral(s: dict, p: int) -> None:
    P = s["players"][p]
    P["cath"] += 1
    if s["rewards"]:
        gain(s, p, D.REWARDS[s["rewards"].pop(0)])
    else:
        change_virtue(s, p, 1)
    for a in list(P["appr"]):
        if ABILITY[a] == "acolyte":
            gain(s, p, D.ALL_APPRENTICES[a][4])


def ransom_free(s: dict, p: int) -> None:
    P = s["players"][p]
    for Q in s["players"]:
        P["workers"] += Q["captives"][p]
        Q["captives"][p] = 0


# ---------------------------------------------------------------- turn flow
def to_act(s: dict) -> list[int]:
    """The seats of the frames :func:`owed` (asked on every step, so worked
    out without making the frames)."""
    ph = s["phase"]
    if ph == "over":
        return []
    if ph == "draft":
        dr = s["draft"]
        return [i for i, k in enumerate(dr["kept"]) if len(k) == dr["round"]]
    if ph == "freehire":
        return [s["freehire"][0]]
    if s["pending"]:
        return [s["pending"][-1]["p"]]  # the owner of the top frame (core.decisions)
    return [s["turn"]]


def owed(s: dict) -> list[dict]:
    """The decisions owed now: in the draft every seat still to keep a card
    (at once); a free hire; the top frame of the stack; else the turn's
    worker placement (or, with no worker on the board, taking one back)."""
    ph = s["phase"]
    if ph in ("draft", "freehire"):
        return [{"k": ph, "p": p} for p in to_act(s)]
    if ph == "over":
        return []
    if s["pending"]:
        return [s["pending"][-1]]
    seat = s["turn"]
    return [{"k": "place" if s["players"][seat]["workers"] else "retrieve", "p": seat}]


def advance(s: dict) -> None:
    """Run automatic steps until someone owes a decision or the game ends."""
    while s["phase"] == "play" and not s["pending"] and s["stage"] == "post":
        if s["resets"] > 0:
            s["resets"] -= 1
            black_market_reset(s)
            continue
        p = s["turn"]
        if len(s["players"][p]["hand"]) > D.HAND_LIMIT:
            decisions.push(s, "handlimit", p)
            return
        end_turn(s)


def end_turn(s: dict) -> None:
    s["turns"] += 1
    if s.get("passes", 0) >= s["np"]:
        finish_game(s)
        return
    if s["final"] is not None:
        s["final"] -= 1
        if s["final"] <= 0:
            finish_game(s)
            return
    s["turn"] = (s["turn"] + 1) % s["np"]
    s["stage"] = "place"
