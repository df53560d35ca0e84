"""The few sensible actions bots consider instead of every legal one.

Florence's menus explode: a build lists every square and orientation of every
building type, a work every subset of the bonus cards, ordering the rest of a
draw every permutation, and selling every number of prestige points. Bots
consider instead, for each building type (and a landscape to place), the
spots that hug the edges and the tiles already laid (they keep the open space
in one piece), for each profession the work without bonus cards (or the
cheapest set reaching the round's minimum) and with all of them, one order of
the cards going under a deck, three ways of converting a payout, and no sale
of prestige points except the smallest that pays for a card, a freedom or a
building the seat cannot afford in its action turn. Everything here depends
only on what the acting seat sees (its own principality, hand and bonus cards, the public board).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import decisions as DC
from florencia_tui.games.florence import geometry as G
from florencia_tui.games.florence import notation as N
from florencia_tui.games.florence import rules as R
from florencia_tui.games.florence import scoring as SC

#: Spots kept per building type in an action turn, and for a landscape.
BUILD_SPOTS = 2
LAND_SPOTS = 6
#: In an action turn with actions left, also the smallest sale of prestige
#: points that pays for a card, a freedom or a building the seat cannot afford.
ESCAPE_SALES = True

_N = D.GRID


@cache
def _outside(kind: str) -> dict[tuple[int, int, str], int]:
    """Per spot of ``kind``: how many sides of its cells face the grid's edge."""
    out = {}
    for r, c, name, cm, _nm in G._SPOTS[kind]:
        sides = 0
        for i in range(_N * _N):
            if cm >> i & 1:
                rr, cc = divmod(i, _N)
                sides += (rr == 0) + (rr == _N - 1) + (cc == 0) + (cc == _N - 1)
        out[(r, c, name)] = sides
    return out


@lru_cache(maxsize=4096)
def best_spots(grid: str, kind: str, builders: int, k: int) -> tuple[tuple[int, int, str], ...]:
    """The ``k`` legal spots of ``kind`` with the most sides against the edge or
    a laid tile (ties: the order ``placements`` lists them)."""
    occ, _ = G.grid_masks(grid)
    outside = _outside(kind)
    masks = G._SPOT_MASKS[kind]
    scored = []
    for n, (r, c, o) in enumerate(G.placements(grid, kind, builders)):
        cm, nm = masks[(r, c, o)]
        touch = bin(nm & occ).count("1") + outside[(r, c, o)]
        scored.append((-touch, n, (r, c, o)))
    scored.sort()
    return tuple(spot for _, _, spot in scored[:k])


def work_candidates(s: dict, seat: int) -> list[str]:
    if not R.can_act(s, "work"):
        return []
    p = s["players"][seat]
    need = R.min_wv(s)
    bv = SC.bonus_values(p) if p["bonus"] else {}
    cards = sorted(p["bonus"])
    total = sum(bv.values())
    out = []
    for prof in sorted(set(p["hand"]), key=lambda k: D.PROF[k]["num"]):
        base = SC.work_value(p, prof, [])
        if base + total < need:
            continue
        if base >= need:
            out.append(N.fmt_complete(prof, []))
        else:
            best = None
            for r in range(1, len(cards) + 1):
                for combo in combinations(cards, r):
                    v = sum(bv[c] for c in combo)
                    if base + v >= need and (best is None or v < best[0]):
                        best = (v, list(combo))
            out.append(N.fmt_complete(prof, best[1]))
        if cards:
            out.append(N.fmt_complete(prof, cards))
    return list(dict.fromkeys(out))


def candidates(s: dict, seat: int) -> list[str]:
    f = R.decision(s, seat)
    if f is None:
        return []
    st = f["k"]
    p = s["players"][seat]
    if st in ("nominate", "last", "bid"):
        return [a for a in DC.DECISIONS.legal(s, f) if not a.startswith("sell")]
    if st == "order":
        return ["order " + " ".join(f["cards"])]
    if st == "convert":
        top = f["wv"] // 2
        return [f"prestige {k}" for k in sorted({0, top // 2, top})]
    if st == "place":
        kind = f["item"]
        return [
            N.fmt_place(kind, *spot)
            for spot in best_spots(p["grid"], kind, p["builders"], LAND_SPOTS)
        ]
    if st != "turn":
        return DC.DECISIONS.legal(s, f)
    out = []
    for b in R.buildable(s, seat):
        out += [
            N.fmt_place(b, *spot) for spot in best_spots(p["grid"], b, p["builders"], BUILD_SPOTS)
        ]
    out += work_candidates(s, seat)
    if R.can_act(s, "profession") and s["prof_deck"] and p["money"] >= D.CARD_COST:
        out.append("profession")
    if R.can_act(s, "freedom") and p["money"] >= D.FREEDOM_COST:
        out += [
            f"freedom {fr}"
            for fr in D.FREEDOMS
            if fr not in p["freedoms"] and s["supply"]["freedoms"][fr] > 0
        ]
    if R.can_act(s, "bonus") and s["bonus_deck"] and p["money"] >= D.CARD_COST:
        out.append("bonus")
    if p["recruits"] > 0:
        out += [f"recruit {c}" for c in R.recruit_targets(s)]
    if ESCAPE_SALES and s["turn"]["acts"] < D.ACTIONS_PER_TURN:
        out += _escape_sales(s, seat)
    return out + ["done"]


def _escape_sales(s: dict, seat: int) -> list[str]:
    """The smallest sales of prestige points that pay for a card or freedom
    (300) or a building, when the seat cannot afford them now."""
    p = s["players"][seat]
    out = []
    costs = {D.CARD_COST}
    if R.can_act(s, "build") and any(
        s["supply"]["buildings"][b] > 0 and b not in p["buildings"] for b in D.BUILDINGS
    ):
        costs.add(R.build_cost(p))
    for cost in sorted(costs):
        k = -(-(cost - p["money"]) // D.SELL_PRICE)
        if 0 < k <= p["pp"]:
            out.append(f"sell {k}")
    return out
