"""Sealed lots' rules on plain-data states.

Each round the top lot of the seeded deck is put up for sale; every player
offers 0 to 4 of their coins face down, all at once (a simultaneous decision:
nobody waits for another). When the last offer is in, the offers are
revealed: the single highest offer (above 0) buys the lot, paying its offer to
the bank and taking the lot's value in coins. A tie for highest buys nothing,
unless the variant ``split_ties`` is on: then each tied player pays their
offer and takes an equal share of the lot, rounded down. After three rounds
the most coins wins.

The offers owed are frames on the decision stack of ``core/decisions.py``, one
per seat still to offer, all owed at once (any of them may be answered first),
answered through :data:`DECISIONS`.
"""

from __future__ import annotations

from florencia_tui.core import decisions as D
from florencia_tui.core import rng
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action
from tests.example_game.lots import data
from tests.example_game.lots.notation import offer, parse_offer

State = dict


def new_state(names: list[str], seed: int, options: dict) -> State:
    n = len(names)
    s: State = {
        "game": "lots",
        "names": list(names),
        "n": n,
        "options": dict(options),
        "rng": rng.seed_state(seed),
        "deck": list(data.LOTS),  # face down, the next lot last
        "lot": None,  # the lot on sale now (None: the game is over)
        "round": 0,
        "coins": [data.START_COINS] * n,
        "offers": [None] * n,  # this round's face-down offers
        "history": [],  # each round revealed: lot, offers, buyers
        "pending": [],  # the decision stack (core/decisions.py)
    }
    rng.shuffle(s, s["deck"])
    next_round(s)
    return s


def next_round(s: State) -> None:
    """Put the next lot up for sale and owe every seat an offer, or end the game."""
    if s["round"] >= data.ROUNDS:
        s["lot"] = None
        return
    s["round"] += 1
    s["lot"] = s["deck"].pop()
    for p in range(s["n"]):
        D.push(s, "offer", p)


def buyers(offers: list[int], split: bool) -> list[int]:
    """Who buys the lot: the single highest offer above 0; with ``split``,
    every seat tied for the highest."""
    top = max(offers)
    best = [p for p, o in enumerate(offers) if o == top]
    if top == 0 or (len(best) > 1 and not split):
        return []
    return best


def resolve(s: State) -> None:
    """Reveal the offers; the buyers pay and take the lot; go on."""
    offers = list(s["offers"])
    bought = buyers(offers, bool(s["options"].get("split_ties")))
    for p in bought:
        s["coins"][p] += s["lot"] // len(bought) - offers[p]
    s["history"].append({"round": s["round"], "lot": s["lot"], "offers": offers, "buyers": bought})
    s["offers"] = [None] * s["n"]
    next_round(s)


# ----- the decision kinds (core/decisions.py) ---------------------------------------
def _offer_legal(s: State, f: D.Frame) -> list[str]:
    return [offer(c) for c in range(min(s["coins"][f["p"]], data.MAX_OFFER) + 1)]


def _offer_apply(s: State, f: D.Frame, action: Action) -> None:
    coins = parse_offer(action)
    most = min(s["coins"][f["p"]], data.MAX_OFFER)
    if not 0 <= coins <= most:
        raise IllegalAction(f"an offer is 0 to {most} coins, not {coins}")
    s["offers"][f["p"]] = coins
    s["pending"].remove(f)  # owed at once: any seat's offer may come first
    if not s["pending"]:
        resolve(s)


def _offer_text(s: State, f: D.Frame) -> str:
    return f"Round {s['round']}/{data.ROUNDS}: offer coins face down for the {s['lot']}-coin lot"


def _offer_preview(s: State, f: D.Frame) -> dict:
    return {
        "lot": s["lot"],
        "coins": s["coins"][f["p"]],
        "offers_in": sum(o is not None for o in s["offers"]),
    }


def _offer_label(s: State, f: D.Frame, action: Action) -> str:
    coins = parse_offer(action)
    return f"Offer {coins} for the {s['lot']}-coin lot" if coins else "Offer nothing"


#: Every seat's offer is owed at once (one frame each, all on the stack).
DECISIONS = D.Decisions(
    {
        "offer": D.Kind(
            legal=_offer_legal,
            apply=_offer_apply,
            text=_offer_text,
            preview=_offer_preview,
            label=_offer_label,
            simultaneous=True,
        )
    },
    owed=D.whole_stack,
)


# ----- queries ------------------------------------------------------------------------
def unseen_lots(s: State) -> list[int]:
    """The lots still face down in the deck (their order is hidden)."""
    shown = [h["lot"] for h in s["history"]] + ([s["lot"]] if s["lot"] is not None else [])
    left = list(data.LOTS)
    for lot in shown:
        left.remove(lot)
    return left
