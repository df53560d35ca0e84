"""End-game effects and scoring (spec s.11)."""

from __future__ import annotations

from itertools import permutations

from . import data as D


def debt_cost(P: dict) -> int:
    fountain = 27 in P["built"]
    gambler = 28 in P["built"]
    if fountain and gambler:
        return 2  # DECISION s.8.1 (as BGA)
    return 1 if fountain else 3 if gambler else 2


def _strictly_most(s: dict, p: int, value) -> bool:
    mine = value(s["players"][p])
    return all(mine > value(Q) for q, Q in enumerate(s["players"]) if q != p)


def _gm(P: dict, r: str) -> int:
    if P["board"] == "Therese":
        return P["gold"] + P["marble"]
    return P[r]


def _effect_gain(s: dict, p: int, P: dict, eff: str) -> int:
    if eff == "tradingpost":
        return (P["clay"] + P["wood"] + P["stone"]) // 4
    if eff == "castle":
        return _gm(P, "gold") // 2
    if eff == "observatory":
        return _gm(P, "marble") // 2
    if eff == "chapel":
        return 2 if _strictly_most(s, p, lambda Q: Q["cath"]) else 0
    if eff == "reservoir":
        return P["paid"] // 2
    if eff == "dungeon":
        return -2
    if eff == "museum":
        return len(P["built"]) // 2
    return 0


def _apply_virtue(P: dict, d: int) -> None:
    v = P["virtue"] + d
    if v > D.VIRTUE_MAX:
        P["debts"] -= min(P["debts"], v - D.VIRTUE_MAX)
        v = D.VIRTUE_MAX
    if v < 0:
        for _ in range(-v):
            # Hugo pays 2 silver instead when that costs fewer points (s.12.1)
            if (
                P["board"] == "Hugo"
                and P["silver"] >= 2
                and P["silver"] // 10 - (P["silver"] - 2) // 10 < debt_cost(P)
            ):
                P["silver"] -= 2
            else:
                P["debts"] += 1
        v = 0
    P["virtue"] = v


def resolved_player(s: dict, p: int) -> dict:
    """Player p after their E virtue/debt effects in the best order (s.11.2)."""
    P = s["players"][p]
    effects = [
        D.ALL_BUILDINGS[b][6] for b in P["built"] if D.ALL_BUILDINGS[b][6] in D.E_VIRTUE_EFFECTS
    ]
    base = {k: (list(v) if isinstance(v, list) else v) for k, v in P.items()}
    if not effects:
        return base
    best = None
    best_key = None
    for order in set(permutations(effects)):
        Q = dict(base)
        for eff in order:
            _apply_virtue(Q, _effect_gain(s, p, Q, eff))
        key = (player_total(s, p, Q), Q["virtue"], Q["silver"])
        if best_key is None or key > best_key:
            best, best_key = Q, key
    return best


def score_lines(s: dict, p: int, P: dict) -> list[tuple[str, int]]:
    printed = sum(D.ALL_BUILDINGS[b][4] for b in P["built"])
    bonus = 0
    for b in P["built"]:
        eff = D.ALL_BUILDINGS[b][6]
        if eff == "steeple":
            bonus += 2 if _strictly_most(s, p, lambda Q: Q["cath"]) else 0
        elif eff.startswith("most_"):
            r = eff[5:]
            mine = P[r]
            if all(mine > Q[r] for q, Q in enumerate(s["players"]) if q != p):
                bonus += 2
        elif eff.startswith("hut_"):
            bonus += sum(1 for a in P["appr"] if eff[4] in D.SKILLS[a])
        elif eff == "aqueduct":
            bonus += len(P["built"])
        elif eff == "university":
            bonus += 2 if P["debts"] == 0 else 0
        elif eff == "keep":
            bonus += sum(P["captives"]) // 3
        elif eff == "lighthouse":
            bonus += P["virtue"] // 4
        elif eff == "moneylender":
            bonus += P["paid"]
    return [
        ("Buildings", printed + bonus),
        ("Cathedral", D.CATHEDRAL[P["cath"]][2]),
        ("Virtue", D.VIRTUE_VP[P["virtue"]]),
        ("Unpaid debts", -debt_cost(P) * P["debts"]),
        ("Gold and marble", P["gold"] + P["marble"]),
        ("Silver", P["silver"] // 10),
        ("Prison", -(s["prison"][p] // 2)),
    ]


def player_total(s: dict, p: int, P: dict) -> int:
    return sum(v for _, v in score_lines(s, p, P))


def finish_game(s: dict) -> None:
    """Resolve E effects for everyone (in turn order) and end the game."""
    n = s["np"]
    for k in range(n):
        p = (s["turn"] + 1 + k) % n
        s["players"][p] = resolved_player(s, p)
    s["phase"] = "over"
    s["pending"] = []
