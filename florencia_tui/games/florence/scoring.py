"""Counting a principality, work values, bonus cards and prestige cards.

Pure functions over a player dict (see rules.new_player) and the state.
"""

from __future__ import annotations

from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import geometry as G


def counts(p: dict) -> dict:
    """Every quantity a bonus or prestige card can count, for player ``p``."""
    land = p["land"]
    sizes = [D.SIZE_CLASS[b] for b in p["buildings"]]
    c = {
        "builders": p["builders"],
        "jesters": p["jesters"],
        "forests": land["forest"],
        "lakes": land["lake"],
        "parks": land["park"],
        "landscapes": land["forest"] + land["lake"] + land["park"],
        "landscape_types": sum(1 for k in D.LANDSCAPES if land[k] > 0),
        "buildings": len(p["buildings"]),
        "large": sizes.count("large"),
        "medium": sizes.count("medium"),
        "small": sizes.count("small"),
        "size_classes": len(set(sizes)),
        "prestige": len(p["prestige"]),
        "freedoms": len(p["freedoms"]),
        "hand_cards": len(p["hand"]) + p["recruits"],
        "display_cards": len(p["display"]),
        "works": len(p["display"]),
        "empty": G.empty_count(p["grid"]),
    }
    c["categories"] = sum(
        1
        for k in ("forests", "lakes", "parks", "jesters", "builders", "prestige", "freedoms")
        if c[k] > 0
    )
    return c


def bonus_value(card: str, c: dict) -> int:
    return sum(c[name] * w for name, w in D.BONUS[card][1])


def work_lines(p: dict, prof: str, bonus: list[str]) -> list[list]:
    """The work value of ``prof`` (in p's hand) with ``bonus`` cards, as
    [label, points] lines in the order of spec §5.2. Counts are taken as if
    the card were already on the table (it moves from hand to display)."""
    info = D.PROF[prof]
    lines: list[list] = []
    b = info["building"]
    lines.append([f"{b.capitalize()} in principality", D.WV_BUILDING if b in p["buildings"] else 0])
    land = info["landscape"]
    lines.append(
        [f"{land.capitalize()} in principality", D.WV_LANDSCAPE if p["land"][land] > 0 else 0]
    )
    fr = info["freedom"]
    lines.append([D.FREEDOM_NAME[fr], D.WV_FREEDOM if fr in p["freedoms"] else 0])
    lines.append([f"Jesters ({p['jesters']} x {D.WV_PER_JESTER})", D.WV_PER_JESTER * p["jesters"]])
    ncards = len(p["hand"]) + p["recruits"] + len(p["display"])
    lines.append([f"Profession/recruiting cards ({ncards})", D.WV_PER_CARD * ncards])
    if bonus:
        c = counts(p)
        c["hand_cards"] -= 1  # the played card leaves the hand ...
        c["display_cards"] += 1  # ... and lies in the display
        c["works"] += 1
        for card in bonus:
            lines.append([f"{card} {D.BONUS[card][0]}", bonus_value(card, c)])
    return lines


def work_value(p: dict, prof: str, bonus: list[str]) -> int:
    return sum(pts for _, pts in work_lines(p, prof, bonus))


def bonus_values(p: dict) -> dict[str, int]:
    """Value of each bonus card in p's hand for a work played now."""
    c = counts(p)
    c["hand_cards"] -= 1
    c["display_cards"] += 1
    c["works"] += 1
    return {card: bonus_value(card, c) for card in p["bonus"]}


def options(s: dict) -> dict:
    """The options ``s`` plays by. A state begun before P10's default became
    the printed "2 landscape types" stored ``p10_types`` (false: any two
    landscapes); it keeps the reading it began with, as ``p10_one_type``."""
    opts = dict(s.get("options") or {})
    if "p10_one_type" not in opts and "p10_types" in opts:
        opts["p10_one_type"] = not opts.pop("p10_types")
    return opts


def requirements(s: dict, card: str) -> list:
    """The (count, at least) pairs a threshold ("all") prestige card asks for."""
    if card == "P10" and options(s).get("p10_one_type"):
        return D.P10_ANY_LANDSCAPES
    return list(D.PRESTIGE[card][2])


def prestige_points(s: dict, seat: int, card: str) -> int:
    """What prestige card ``card`` scores for ``seat`` now (spec §9.3)."""
    name, kind, what, full, tied = D.PRESTIGE[card]
    allc = [counts(p) for p in s["players"]]
    mine = allc[seat]
    if kind == "all":
        reqs = requirements(s, card)
        return full if all(mine[k] >= n for k, n in reqs) else 0
    v = mine[what]
    others = [c[what] for i, c in enumerate(allc) if i != seat]
    if kind == "most":
        if v <= 0:
            return 0
        best = max(others) if others else 0
        return full if v > best else tied if v == best else 0
    best = min(others) if others else v + 1
    return full if v < best else tied if v == best else 0


def prestige_breakdown(s: dict, seat: int) -> list[list]:
    return [
        [f"{c} {D.PRESTIGE[c][0]}", prestige_points(s, seat, c)]
        for c in s["players"][seat]["prestige"]
    ]
