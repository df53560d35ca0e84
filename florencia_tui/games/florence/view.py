"""What one seat may see of The Princes of Florence.

Public: tiles, fame track, jesters, builders, freedoms, displays, completed
works, auction, supply counts, hand sizes. Private to their owner
(:data:`SECRETS`, core/hidden.py): money (unless the option ``hide_money`` is
off), professions, bonus, prestige and recruiting cards in hand, drawn cards
being chosen. Never shown: deck order, the rng. :func:`view` draws the
screens' dict from a state masked by SECRETS.
"""

from __future__ import annotations

from florencia_tui.core.hidden import Secret
from florencia_tui.core.state import clone
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import decisions as DC
from florencia_tui.games.florence import geometry as G
from florencia_tui.games.florence import notation as N
from florencia_tui.games.florence import rules as R
from florencia_tui.games.florence import scoring as SC


def _until_the_end(s: dict, owner) -> bool:
    return s["phase"] != "over"


def _money_hidden(s: dict, owner) -> bool:
    return s["options"].get("hide_money", True) and s["phase"] != "over"


SECRETS = (
    Secret("prof_deck"),
    Secret("bonus_deck"),
    Secret("prestige_deck"),
    Secret("returned"),
    Secret("players.*.hand", owner="*"),
    Secret("players.*.deal", owner="*"),
    Secret("players.*.bonus", owner="*"),
    Secret("players.*.prestige", owner="*", hidden=_until_the_end),
    Secret("players.*.money", owner="*", hidden=_money_hidden),
    Secret("pending.*.cards", owner="p"),
)

# Every valid orientation of every piece with its cells, built once; each view
# gets its own copy (core.state.clone).
_PIECES = {k: {o: [list(c) for c in cells] for o, cells in G.ORIENTS[k].items()} for k in D.SHAPES}


def _tile(record: str) -> dict:
    """A laid tile as the board draws it, from its record in the state."""
    kind, row, col, orient = N.tile_of(record)
    cells = [list(c) for c in G.cells_at(kind, orient, row, col)]
    return {"kind": kind, "cells": cells, "at": [row, col], "orient": orient}


def money_visible(s: dict, owner: int, viewer) -> bool:
    return viewer == owner or not s["options"].get("hide_money", True) or s["phase"] == "over"


def _player_view(s: dict, i: int, viewer) -> dict:
    p = s["players"][i]
    v = {
        "seat": i,
        "name": s["names"][i],
        "pp": p["pp"],
        "track": p["pp"] % 50,
        "laps": p["pp"] // 50,
        "grid": G.rows(p["grid"]),
        "tiles": [_tile(t) for t in p["tiles"]],
        "buildings": list(p["buildings"]),
        "landscapes": dict(p["land"]),
        "jesters": p["jesters"],
        "builders": p["builders"],
        "build_cost": R.build_cost(p),
        "freedoms": list(p["freedoms"]),
        "display": list(p["display"]),
        "works": [dict(w, bonus=list(w["bonus"])) for w in p["works"]],
        "round_wv": p["best"],
        "empty_spaces": G.empty_count(p["grid"]),
        "hand_count": len(p["hand"]) + len(p["deal"]),
        "recruit_count": p["recruits"],
        "bonus_count": len(p["bonus"]),
        "prestige_count": len(p["prestige"]),
        "start_player": i == s["start"],
        "money": p["money"] if money_visible(s, i, viewer) else None,
    }
    if viewer == i or s["phase"] == "over":
        v["prestige"] = list(p["prestige"])
    if viewer == i:
        v["hand"] = list(p["hand"])
        v["dealt"] = list(p["deal"])
        v["bonus"] = list(p["bonus"])
        v["bonus_values"] = SC.bonus_values(p) if p["bonus"] else {}
        # What each profession in hand would be worth now without bonus cards.
        v["work_values"] = {c: SC.work_value(p, c, []) for c in p["hand"]}
    return v


def _auction_view(s: dict) -> dict | None:
    a = s["auction"]
    if a is None:
        return None
    cur = a["cur"]
    return {
        "free": list(a["free"]),
        "out": list(a["out"]),
        "bought": dict(a["bought"]),
        "paid": dict(a["paid"]),
        "nominator": a["nominator"] if s["phase"] == "auction" else None,
        "step": a["step"] if s["phase"] == "auction" else "",
        "current": None
        if cur is None
        else {
            "item": cur["item"],
            "high_bid": cur["high"],
            "high_bidder": cur["leader"],
            "still_in": list(cur["active"]),
            "passed": list(cur["passed"]),
            "turn": cur["turn"],
        },
    }


def view(s: dict, seat) -> dict:
    """The screens' dict, from ``s`` as ``seat`` knows it (masked by SECRETS)."""
    to_act = R.to_act(s)
    a = s["auction"]
    bought = a["bought"] if a else {}
    v = {
        "game": "florence",
        "seat": seat,
        "to_act": to_act,
        "names": list(s["names"]),
        "phase": s["phase"],
        "round": s["round"],
        "rounds": D.ROUNDS,
        "min_wv": R.min_wv(s),
        "min_wv_table": {str(k): x for k, x in D.MIN_WV.items()},
        "start_player": s["start"],
        "piles": {
            k: {"name": D.PILE_NAME[k], "count": R.pile_count(s, k), "bought_by": bought.get(k)}
            for k in D.PILES
        },
        "pile_order": list(D.PILES),
        "auction": _auction_view(s),
        "turn": None
        if s["turn"] is None
        else {
            "seat": s["turn"]["seat"],
            "actions_used": s["turn"]["acts"],
            "used": dict(s["turn"]["used"]),
            "limits": dict(D.ACTION_LIMITS),
        },
        "supply": {
            "buildings": dict(s["supply"]["buildings"]),
            "freedoms": dict(s["supply"]["freedoms"]),
            "profession_deck": len(s["prof_deck"]),
            "bonus_deck": len(s["bonus_deck"]),
            "bonus_used": list(s["bonus_used"]),
        },
        "players": [_player_view(s, i, seat) for i in range(s["n"])],
        "history": [dict(h) for h in s.get("history", [])],
        "prompt": None,
        "pieces": clone(_PIECES),
        "palazzo": sorted(list(c) for c in D.PALAZZO),
        "final": None,
    }
    if to_act:
        who = to_act[0]
        if seat in to_act:
            f = R.decision(s, seat)
            v["prompt"] = {
                "seat": seat,
                "kind": f"florence.{f['k']}",
                "text": DC.DECISIONS.text(s, f),
                "data": DC.DECISIONS.preview(s, f),
            }
        else:
            v["prompt"] = public_prompt(s, who)
    if s["phase"] == "over":
        v["final"] = [dict(f) for f in s["final"]]
    return v


def public_prompt(s: dict, seat: int) -> dict:
    """What everyone may see of ``seat``'s pending decision (an action turn's
    preview is its player's own: hand, money, bonus cards)."""
    f = R.decision(s, seat)
    text = {
        "keep": f"{s['names'][seat]} is choosing a card",
        "order": f"{s['names'][seat]} is putting cards under the deck",
        "return": "Players are choosing their professions",
    }.get(f["k"]) or DC.DECISIONS.text(s, f)
    preview = {} if f["k"] == "turn" else DC.DECISIONS.preview(s, f)
    data = {
        k: preview[k]
        for k in ("high_bid", "item", "wv", "lines", "payment", "max_pp", "piece", "deck", "count")
        if k in preview
    }
    return {"seat": seat, "kind": f"florence.{f['k']}", "text": text, "data": data}
