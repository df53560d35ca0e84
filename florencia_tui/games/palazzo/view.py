"""What one seat may see of a Palazzo state.

:data:`SECRETS` declares what is hidden (core/hidden.py): the others' hands,
the deck's order, the order (and so the contents) of the tile stacks and the
tiles that left the game unseen; never the rng. :func:`view` draws the
screens' dict from a state masked by it."""

from __future__ import annotations

from florencia_tui.core import decisions as D
from florencia_tui.core.hidden import Secret
from florencia_tui.core.state import clone
from florencia_tui.games.palazzo import data
from florencia_tui.games.palazzo.payment import max_single_payment
from florencia_tui.games.palazzo.rules import accepts, current_stack, to_act, unit_price
from florencia_tui.games.palazzo.scoring import player_score

SECRETS = (
    Secret("hands.*", owner="*"),
    Secret("deck"),
    Secret("stacks.*"),
    Secret("out"),
)

PHASE_TEXT = {
    "turn": "choose an action",
    "take": "take money",
    "buy_or_auction": "buy or auction",
    "pay": "pay",
    "build": "build",
    "pick": "hand-out",
    "bid": "auction",
    "rebuild": "rebuild",
    "rebuild_pay": "pay for rebuild",
    "over": "game over",
}


def prompt_kind(s: dict) -> str | None:
    return None if s["phase"] == "over" else f"palazzo.{s['phase']}"


def pending_view(s: dict) -> dict | None:
    ph = s["phase"]
    if ph == "pay":
        b = s["buying"]
        return {
            "seat": s["active"],
            "tiles": [],
            "buying": list(b["tiles"]),
            "price": b["price"],
            "unit": b["unit"],
        }
    if s["pending"]:
        f = D.top(s)
        seat = f["p"]
        return {
            "seat": seat,
            "tiles": list(f["tiles"]),
            "buying": [],
            "price": 0,
            "accepts": {t: accepts(s, seat, t) for t in f["tiles"]},
            "won": clone(s.get("won")),
        }
    if ph == "rebuild_pay":
        return {
            "seat": s["active"],
            "tiles": [],
            "buying": [],
            "price": 0,
            "cost": "any one card",
            "rebuild": s["rebuild"],
        }
    return None


def view(s: dict, seat: int | None) -> dict:
    """The screens' dict, from ``s`` as ``seat`` knows it (masked by SECRETS)."""
    n = s["n"]
    players = []
    for p in range(n):
        mine = seat == p
        players.append(
            {
                "name": s["names"][p],
                "hand": list(s["hands"][p]) if mine else None,
                "hand_count": len(s["hands"][p]),
                "palaces": [list(x) for x in s["palaces"][p]],
                "score": player_score(s["palaces"][p]),
                "max_payment": max_single_payment(s["hands"][p]) if mine else None,
            }
        )
    h = s["handout"]
    handout = None
    if h is not None:
        handout = {
            "quarry": h["quarry"],
            "tiles": list(h["tiles"]),
            "order": list(h["order"]),
            "next": h["order"][h["i"]],
        }
    return {
        "game": "palazzo",
        "names": list(s["names"]),
        "n": n,
        "seat": seat,
        "to_act": to_act(s),
        "active": s["active"],
        "prompt_kind": prompt_kind(s),
        "phase": PHASE_TEXT[s["phase"]],
        "over": s["phase"] == "over",
        "turn_no": s["turn_no"],
        "stack": {"current": current_stack(s), "left": {k: len(v) for k, v in s["stacks"].items()}},
        "riders": len(s["riders"]),
        "riders_to_end": data.RIDERS_TO_END,
        "supply": list(s["supply"]),
        "price": unit_price(s),
        "quarries": [list(q) for q in s["quarries"]],
        "master": s["master"],
        "deck_count": len(s["deck"]),
        "discard": list(s["discard"]),
        "tiles_out": len(s["out"]),
        "cert3": s["cert3"],
        "revealed": list(s["revealed"]),
        "takers": list(s["takers"]),
        "auction": clone(s["auction"]),
        "handout": handout,
        "pending": pending_view(s),
        "players": players,
        "last": s["last"],
    }
