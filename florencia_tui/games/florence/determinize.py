"""Hidden information for bots: deal anew what a seat cannot see.

Hidden in Princes of Florence (``view.SECRETS``, which the core masks): other players' money (while
the option ``hide_money`` is on and the game is not over), their profession
cards in hand (and dealt cards during setup), bonus cards, prestige cards
(until the end) and the cards they are choosing from or ordering after a
draw; the professions returned at setup; the order, and so the contents, of
the profession, bonus and prestige decks; and the RNG. Counts stay public:
hand sizes, bonus and prestige card counts, recruiting cards, deck sizes.

The masked state keeps the state's shape, each hidden item "?".
``determinize`` deals every card the seat has not seen (the box minus what it
can see: its own cards, the displays, the bonus cards used in works) at
random into the hidden places, and gives each other player an estimate of
its money (``estimate_money``), so it depends only on what the seat knows.
"""

from __future__ import annotations

import marshal
import random
from collections import Counter

from florencia_tui.core import rng
from florencia_tui.core.hidden import HIDDEN
from florencia_tui.core.multiset import minus
from florencia_tui.core.state import clone
from florencia_tui.games.florence import data as D

#: The three card families: box contents, deck key, player field, pending deck name.
FAMILIES = (
    ("profession", D.PROF_KEYS, "prof_deck", "hand"),
    ("bonus", D.BONUS_IDS, "bonus_deck", "bonus"),
    ("prestige", D.PRESTIGE_IDS, "prestige_deck", "prestige"),
)

#: Assumed price of an auction object bought in an earlier round (the state
#: keeps only the current round's prices): a little above the opening bid of
#: 200, what objects usually go for.
PAST_AUCTION_PRICE = 300


# ----------------------------------------------------------------------------- dealing
def _zones(s: dict, family: str, deck: str, field: str) -> list[list]:
    """Every list in ``s`` that holds cards of ``family`` and may hide some."""
    zones = [s[deck]]
    for p in s["players"]:
        zones.append(p[field])
        if family == "profession":
            zones.append(p["deal"])
    if family == "profession":
        zones.append(s["returned"])
    zones += [pend["cards"] for pend in s["pending"] if "cards" in pend and pend["deck"] == family]
    return zones


def _seen_elsewhere(s: dict, family: str) -> list[str]:
    """Cards of ``family`` lying face up outside the zones."""
    if family == "profession":
        return [c for p in s["players"] for c in p["display"] if c != D.RECRUIT]
    if family == "bonus":
        return list(s["bonus_used"])
    return []


def unseen(r: dict, family: str, box: list[str], deck: str, field: str) -> list[str]:
    """The cards of ``family`` that the redacted state ``r`` does not show, in
    box order."""
    seen = [c for z in _zones(r, family, deck, field) for c in z if c != HIDDEN]
    return minus(box, seen + list(_seen_elsewhere(r, family)))


#: The last redacted state dealt from (its marshal bytes) and what does not
#: change from one deal of it to the next: search bots deal the same one
#: hundreds of times.
_last: list = [None, None]


def _plan(r: dict, raw: bytes) -> tuple[list[list[str]], dict[int, int]]:
    if _last[0] != raw:
        pools = [unseen(r, family, box, deck, field) for family, box, deck, field in FAMILIES]
        money = {
            i: estimate_money(r, i) for i, p in enumerate(r["players"]) if p["money"] == HIDDEN
        }
        _last[0], _last[1] = raw, (pools, money)
    return _last[1]


def determinize(r: dict, seat: int, seed: int) -> dict:
    """A full state consistent with the redacted ``r``: unseen cards dealt at
    random into the hidden places, other players' hidden money estimated."""
    raw = marshal.dumps(r)  # (the cache key of _plan, not a copy)
    s = clone(r)
    pools, money = _plan(r, raw)
    pick = random.Random(seed)
    s["rng"] = rng.seed_state(seed)
    for (family, _box, deck, field), pool in zip(FAMILIES, pools):
        pool = pool[:]
        pick.shuffle(pool)
        zones = _zones(s, family, deck, field)
        holes = sum(z.count(HIDDEN) for z in zones)
        if holes != len(pool):
            raise ValueError(f"{holes} hidden {family} cards but {len(pool)} unseen")
        for z in zones:
            for k, c in enumerate(z):
                if c == HIDDEN:
                    z[k] = pool.pop()
    for i, m in money.items():
        s["players"][i]["money"] = m
    return s


# ----------------------------------------------------------------------------- money
def estimate_money(s: dict, i: int) -> int:
    """A plausible amount of money for player ``i`` from what is public.

    Every payment in the game is public, but the state keeps only part of the
    record, so the estimate is exact where it can be and assumed elsewhere:

    * exact: the 3,500 start, work payouts (100 per WV) and the prestige
      points bought from them (200 each), freedoms (300), bonus cards taken
      (those in hand plus those used in works, 300 each), the prices paid in
      the current round's auction;
    * assumed: buildings cost what they cost with the builders the player has
      now, except the first, assumed built before any builder (700);
      profession cards taken (300 each) are the professions owned
      beyond the 3 kept at setup, less a share of the recruiting cards used;
      objects bought in earlier rounds cost ``PAST_AUCTION_PRICE`` each;
      prestige points sold back are ignored.

    The result is at least what the player has shown it holds: the high bid
    it leads now, the payout of a work it is converting.
    """
    p = s["players"][i]
    m = D.START_MONEY
    for w in p["works"]:
        m += w["wv"] * D.FLORINS_PER_WV - w["pp"] * D.CONVERT_PRICE
    m -= D.FREEDOM_COST * len(p["freedoms"])
    m -= D.CARD_COST * (len(p["bonus"]) + sum(len(w["bonus"]) for w in p["works"]))
    nb = len(p["buildings"])
    if nb:
        cost_now = D.BUILD_COST[p["builders"]]
        m -= cost_now * nb
        if p["builders"]:
            m -= D.BUILD_COST[0] - cost_now  # the first one, before any builder
    # Recruiting cards used (each turned into a profession in someone's hand).
    used = sum(c == D.RECRUIT for q in s["players"] for c in q["display"])
    share = used / s["n"]
    owned = len(p["hand"]) + len(p["deal"]) + len(p["works"])
    drawn = max(0.0, owned - D.KEEP - share) if not p["deal"] else 0.0
    # A card being chosen from a draw (profession or bonus) is paid for.
    drawn += sum(
        1
        for pend in s["pending"]
        if pend["p"] == i and pend["k"] == "keep" and pend["deck"] != "prestige"
    )
    m -= D.CARD_COST * round(drawn)
    # Auction objects: what the player owns, less what it bought this round.
    objects = (
        sum(p["land"].values())
        + p["jesters"]
        + p["builders"]
        + len(p["prestige"])
        + p["recruits"]
        + share
    )
    a = s["auction"]
    paid_now = 0
    this_round = 0
    if a is not None and str(i) in a["paid"]:
        paid_now = a["paid"][str(i)]
        this_round = 1
    m -= paid_now + PAST_AUCTION_PRICE * round(max(0.0, objects - this_round))
    floor = 0
    if a is not None and a["cur"] is not None and a["cur"]["leader"] == i:
        floor = a["cur"]["high"]
    for pend in s["pending"]:
        if pend["p"] == i and pend["k"] == "convert":
            floor = max(floor, pend["payment"])
    m = max(m, floor)
    return int(round(m / 100)) * 100


def visible_cards_ok(s: dict) -> bool:
    """Every card of the box lies in exactly one place (a check for tests)."""
    for family, box, deck, field in FAMILIES:
        cards = Counter(c for z in _zones(s, family, deck, field) for c in z)
        cards.update(_seen_elsewhere(s, family))
        if cards != Counter(box):
            return False
    return True
