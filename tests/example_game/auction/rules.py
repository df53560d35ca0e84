"""The three-card auction's rules on plain-data states.

Each round a prize (1-3 points) is revealed from the seeded deck; every player,
in turn from the round's first bidder, bids one of their hand cards face down.
When the last bid is in, the bids are revealed: the single highest bid wins the
prize, a tie for highest wins nothing (the prize is discarded), and every bid
card is discarded face up. After three rounds the most prize points wins.

The bids owed are decisions on the stack of ``florencia_tui.core.decisions``
(one frame per seat, the bidder owed now on top); their handlers are the
:data:`DECISIONS` table.
"""

from __future__ import annotations

from collections import Counter

from florencia_tui.core import decisions as D
from florencia_tui.core import rng
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action
from tests.example_game.auction import data
from tests.example_game.auction.notation import bid, parse_bid

State = dict


def new_state(names: list[str], seed: int, options: dict) -> State:
    n = len(names)
    s: State = {
        "game": "auction",
        "names": list(names),
        "n": n,
        "options": dict(options),
        "rng": rng.seed_state(seed),
        "deck": list(data.PRIZES),  # face down, the next prize last
        "prize": None,  # the prize bid for now (None: the game is over)
        "round": 0,
        "hands": [list(data.HAND) for _ in range(n)],
        "bids": [None] * n,  # this round's face-down bids
        "played": [[] for _ in range(n)],  # bid cards discarded face up, in round order
        "won": [[] for _ in range(n)],  # prizes won
        "history": [],  # each round revealed: prize, bids, winner (None: a tie)
        "pending": [],  # the decision stack (core/decisions.py)
    }
    rng.shuffle(s, s["deck"])
    next_round(s)
    return s


def first_bidder(round_no: int, n: int) -> int:
    """Who bids first in a round: seat 0 in round 1, then the next seat each round."""
    return (round_no - 1) % n


def next_round(s: State) -> None:
    """Reveal the next prize and owe every seat a bid, or end the game."""
    if s["round"] >= data.ROUNDS:
        s["prize"] = None
        return
    s["round"] += 1
    s["prize"] = s["deck"].pop()
    first = first_bidder(s["round"], s["n"])
    # The first bidder's frame goes on top (last), the others under it in seat order.
    for i in reversed(range(s["n"])):
        D.push(s, "bid", (first + i) % s["n"])


def winner(bids: list[int]) -> int | None:
    """The seat with the single highest bid; None when the highest is tied."""
    top = max(bids)
    best = [p for p, b in enumerate(bids) if b == top]
    return best[0] if len(best) == 1 else None


def resolve(s: State) -> None:
    """Reveal the bids, award the prize, discard the bid cards, go on."""
    bids = list(s["bids"])
    w = winner(bids)
    if w is not None:
        s["won"][w].append(s["prize"])
    for p, b in enumerate(bids):
        s["played"][p].append(b)
    s["history"].append({"round": s["round"], "prize": s["prize"], "bids": bids, "winner": w})
    s["bids"] = [None] * s["n"]
    next_round(s)


# ----- the decision kinds (core/decisions.py) ---------------------------------------
def _bid_legal(s: State, f: D.Frame) -> list[str]:
    return [bid(c) for c in sorted(set(s["hands"][f["p"]]))]


def _bid_apply(s: State, f: D.Frame, action: Action) -> None:
    card = parse_bid(action)
    hand = s["hands"][f["p"]]
    if card not in hand:
        held = " ".join(map(str, sorted(hand)))
        raise IllegalAction(f"you hold no {card} (your cards: {held})")
    hand.remove(card)
    s["bids"][f["p"]] = card
    D.pop(s)
    if not s["pending"]:
        resolve(s)


def _bid_text(s: State, f: D.Frame) -> str:
    return (
        f"Round {s['round']}/{data.ROUNDS}: bid a card face down for the {s['prize']}-point prize"
    )


def _bid_preview(s: State, f: D.Frame) -> dict:
    """What the UI and bots show beside the bid: the prize and what is known."""
    return {
        "prize": s["prize"],
        "hand": sorted(s["hands"][f["p"]]),
        "bids_in": sum(b is not None for b in s["bids"]),
    }


def _bid_label(s: State, f: D.Frame, action: Action) -> str:
    return f"Bid {parse_bid(action)} for the {s['prize']}-point prize"


#: The bids, one at a time: the top of the stack is owed (core/decisions.py).
DECISIONS = D.Decisions(
    {
        "bid": D.Kind(
            legal=_bid_legal,
            apply=_bid_apply,
            text=_bid_text,
            preview=_bid_preview,
            label=_bid_label,
        )
    }
)


# ----- queries ------------------------------------------------------------------------
def unplayed(s: State, seat: int) -> list[int]:
    """The cards a seat has not yet shown face up (its hand and any face-down
    bid): known to everyone, since every hand starts 1-2-3."""
    return sorted((Counter(data.HAND) - Counter(s["played"][seat])).elements())


def unseen_prizes(s: State) -> list[int]:
    """The prizes still face down in the deck (their order is hidden)."""
    shown = Counter(h["prize"] for h in s["history"])
    if s["prize"] is not None:
        shown[s["prize"]] += 1
    return sorted((Counter(data.PRIZES) - shown).elements())


def points(s: State, seat: int) -> int:
    return sum(s["won"][seat])
