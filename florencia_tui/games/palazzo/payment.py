"""Palazzo payment rules (spec section 8): pure functions on lists of card names.

Cards are "Red3".."Blue7", "C2" (2-certificate) and "C3" (the value-3 auction
opener). A payment is legal when it splits into whole groups (same value in all
three currencies, or three C2; worth 15 each), loose certificates and loose
currency cards of ONE currency.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from florencia_tui.games.palazzo.data import CURRENCIES, GROUP_VALUE, VALUES

_ORDER = {f"{c}{v}": i * 10 + v for i, c in enumerate(CURRENCIES) for v in VALUES}
_ORDER["C2"] = 90
_ORDER["C3"] = 91


def card_key(card: str) -> int:
    return _ORDER.get(card, 99)


def sort_cards(cards) -> list[str]:
    cards = list(cards)
    try:  # the table's own lookup as the key: sorting hands is an engine hot spot
        return sorted(cards, key=_ORDER.__getitem__)
    except KeyError:  # something that is not a card sorts last, as card_key says
        return sorted(cards, key=card_key)


def is_card(card: str) -> bool:
    return card in _ORDER


def currency_of(card: str) -> str | None:
    for c in CURRENCIES:
        if card.startswith(c):
            return c
    return None


def value_of(card: str) -> int:
    if card == "C2":
        return 2
    if card == "C3":
        return 3
    return int(card[-1])


def _counts(cards):
    """(n[currency][value], number of C2, number of C3) or None if a name is unknown."""
    n = {c: [0] * 8 for c in CURRENCIES}
    k = c3 = 0
    for card in cards:
        if card == "C2":
            k += 1
        elif card == "C3":
            c3 += 1
        else:
            cur = currency_of(card)
            if cur is None or card not in _ORDER:
                return None
            n[cur][int(card[-1])] += 1
    return n, k, c3


def _others(c: str) -> tuple[str, str]:
    o = [x for x in CURRENCIES if x != c]
    return o[0], o[1]


def _best(n, k, c3, required):
    """(value, branch) of the best interpretation (branch None = no loose currency
    card), or None. Ties prefer no loose cards, then the required currency."""
    cert = GROUP_VALUE * (k // 3) + 2 * (k % 3) + 3 * c3
    cands = [None] + ([required] if required else list(CURRENCIES))
    best = None
    for c in cands:
        val = 0
        ok = True
        for v in VALUES:
            if c is None:
                if not (n["Red"][v] == n["Green"][v] == n["Blue"][v]):
                    ok = False
                    break
                val += GROUP_VALUE * n["Red"][v]
            else:
                o1, o2 = _others(c)
                g = n[o1][v]
                if n[o2][v] != g or n[c][v] < g:
                    ok = False
                    break
                val += GROUP_VALUE * g + v * (n[c][v] - g)
        if ok and (best is None or val + cert > best[0]):
            best = (val + cert, c)
    return best


def best_value(cards, required_currency: str | None = None) -> int | None:
    """Value of the best legal reading of ``cards`` (all used), None if illegal.

    With ``required_currency`` any loose currency card must be of that currency
    (an increment with no loose currency cards is always acceptable)."""
    cnt = _counts(cards)
    if cnt is None:
        return None
    b = _best(*cnt, required_currency)
    return None if b is None else b[0]


def committed_currency(cards_in_increment, required_currency: str | None = None) -> str | None:
    """The currency a bid is committed to after adding this (legal) increment:
    the loose-currency branch of its best reading, else the existing commitment."""
    cnt = _counts(cards_in_increment)
    if cnt is None:
        return required_currency
    b = _best(*cnt, required_currency)
    if b is None or b[1] is None:
        return required_currency
    n = cnt[0]
    o1, o2 = _others(b[1])
    loose = any(n[b[1]][v] > n[o1][v] for v in VALUES)
    return b[1] if loose else required_currency


def max_single_payment(hand) -> int:
    """Spec 8.4: the largest value one legal payment from ``hand`` can reach."""
    return _max_single_payment(tuple(hand))


@lru_cache(maxsize=4096)
def _max_single_payment(hand: tuple[str, ...]) -> int:
    # Asked of the same few hands again and again (every buy list, every
    # preview, a tie-break): remembered per hand, as the cards are in it.
    cnt = _counts([c for c in hand if c != "C3"])
    if cnt is None:
        return 0
    n, k, _ = cnt
    groups = sum(min(n[c][v] for c in CURRENCIES) for v in VALUES)
    certs = GROUP_VALUE * (k // 3) + 2 * (k % 3)
    loose = max(
        sum(v * (n[c][v] - min(n[x][v] for x in CURRENCIES)) for v in VALUES) for c in CURRENCIES
    )
    return GROUP_VALUE * groups + certs + loose


def max_payment_cards(hand) -> list[str]:
    """One legal payment reaching max_single_payment(hand)."""
    cnt = _counts([c for c in hand if c != "C3"])
    n, k, _ = cnt
    best_c, best_loose = CURRENCIES[0], -1
    for c in CURRENCIES:
        lo = sum(v * (n[c][v] - min(n[x][v] for x in CURRENCIES)) for v in VALUES)
        if lo > best_loose:
            best_c, best_loose = c, lo
    out = ["C2"] * k
    for v in VALUES:
        g = min(n[x][v] for x in CURRENCIES)
        for x in CURRENCIES:
            out += [f"{x}{v}"] * (n[best_c][v] if x == best_c else g)
    return sort_cards(out)


def legal_subsets(hand, required_currency: str | None = None) -> list[list[str]]:
    """Every distinct non-empty sub-multiset of ``hand`` that is a legal payment
    (loose currency cards only of ``required_currency`` when given)."""
    cnt = _counts([c for c in hand if c != "C3"])
    n, k, _ = cnt
    branches = [required_currency] if required_currency else list(CURRENCIES)
    seen: set = set()
    out: list[list[str]] = []
    for b in branches:
        o1, o2 = _others(b)
        per_v = []
        for v in VALUES:
            opts = []
            for g in range(min(n[o1][v], n[o2][v], n[b][v]) + 1):
                for x in range(g, n[b][v] + 1):
                    opts.append((v, b, x, g, o1, o2))
            per_v.append(opts)
        for combo in product(*per_v):
            # canonical key: per value the counts per currency
            ck = []
            for _v, bb, x, g, oo1, oo2 in combo:
                d = {bb: x, oo1: g, oo2: g}
                ck.append(tuple(d[c] for c in CURRENCIES))
            ck = tuple(ck)
            if ck in seen:
                continue
            seen.add(ck)
            base = []
            for v, counts in zip(VALUES, ck):
                for c, m in zip(CURRENCIES, counts):
                    base += [f"{c}{v}"] * m
            for kk in range(k + 1):
                if not base and kk == 0:
                    continue
                out.append(sort_cards(base + ["C2"] * kk))
    return out


@lru_cache(maxsize=2048)
def _cheapest_by_value(
    hand: tuple[str, ...], currencies: tuple[str, ...], hi: int
) -> dict[int, tuple[int, list[str]]]:
    """For every payment value up to ``hi`` that ``hand`` can pay exactly, the
    payment with the lowest face value (loose cards of one of ``currencies``):
    {value: (face, cards)}. A small knapsack over the C2 count and the five card
    values, never the list of every subset (which explodes for big hands).
    Cached: a search bot asks about the same hands over and over."""
    n, k, _ = _counts([c for c in hand if c != "C3"])
    best: dict[int, tuple[int, str, tuple]] = {}
    for b in currencies:
        o1, o2 = _others(b)
        states: dict[int, tuple[int, tuple]] = {}
        for kk in range(k + 1):
            val = GROUP_VALUE * (kk // 3) + 2 * (kk % 3)
            if val > hi:
                break
            states[val] = (2 * kk, (kk,))
        for v in VALUES:
            nb = n[b][v]
            top = min(n[o1][v], n[o2][v], nb)
            opts = [
                (GROUP_VALUE * g + v * loose, 3 * v * g + v * loose, (v, g, loose))
                for g in range(top + 1)
                for loose in range(nb - g + 1)
                if g or loose
            ]
            if not opts:
                continue
            new = dict(states)
            for val, (face, parts) in states.items():
                for dv, df, tag in opts:
                    nv = val + dv
                    if nv > hi:
                        continue
                    nf = face + df
                    cur = new.get(nv)
                    if cur is None or nf < cur[0]:
                        new[nv] = (nf, parts + (tag,))
            states = new
        for val, (face, parts) in states.items():
            if val and (val not in best or face < best[val][0]):
                best[val] = (face, b, parts)
    out = {}
    for val, (face, b, parts) in best.items():
        o1, o2 = _others(b)
        cards = ["C2"] * parts[0]
        for v, g, loose in parts[1:]:
            cards += [f"{b}{v}"] * (g + loose) + [f"{o1}{v}"] * g + [f"{o2}{v}"] * g
        out[val] = (face, sort_cards(cards))
    return out


def _reachable(hand, currencies: tuple[str, ...], floor: int) -> dict[int, tuple[int, list[str]]]:
    """:func:`_cheapest_by_value` far enough above ``floor`` to hold a few values
    beyond it (one more group or C2 triple is worth 15)."""
    hand = tuple(sort_cards(hand))
    hi = max(floor, 0) + 16
    while True:
        table = _cheapest_by_value(hand, currencies, hi)
        if any(v >= floor for v in table) or hi > 400:
            return table
        hi *= 2


def cheap_payments(hand, price: int, k: int = 4) -> list[list[str]]:
    """A few sensible payments of at least ``price``: the ``k`` cheapest in face
    value, plus the one that overpays least (for bots' searches)."""
    table = _reachable(hand, CURRENCIES, price)
    ok = sorted((face, v) for v, (face, _) in table.items() if v >= price)
    picked = [v for _, v in ok[:k]]
    least = min((v for _, v in ok), default=None)
    if least is not None and least not in picked:
        picked.append(least)
    return [list(table[v][1]) for v in picked]


def cheap_raises(hand, currency: str | None, need: int, k: int = 3) -> list[list[str]]:
    """Sensible increments for a bid that must add more than ``need``: for each of
    the ``k`` smallest reachable increment values, the cheapest way to add it."""
    table = _reachable(hand, (currency,) if currency else CURRENCIES, need + 1)
    return [list(table[v][1]) for v in sorted(v for v in table if v > need)[:k]]


def fmt_cards(cards) -> str:
    return "+".join(sort_cards(cards)) if cards else "none"


def _mix_reason(cards) -> str:
    seen: dict[str, str] = {}
    for c in sort_cards(cards):
        cur = currency_of(c)
        if cur and cur not in seen:
            seen[cur] = c
    if len(seen) >= 2:
        a, b = list(seen.values())[:2]
        return (
            f"{a} and {b} mix currencies: loose cards must all be one currency "
            "(only a whole group of three, one per currency with the same value, mixes them)"
        )
    return "these cards cannot be split into whole groups plus loose cards of one currency"


def check_payment(cards, price: int) -> str | None:
    """None if ``cards`` is a legal payment of at least ``price``, else why not."""
    cards = list(cards)
    bad = [c for c in cards if not is_card(c)]
    if bad:
        return f"'{bad[0]}' is not a money card"
    if not cards:
        return None if price <= 0 else f"choose cards worth at least {price}"
    if "C3" in cards:
        return "the value-3 certificate is only the auction opening bid"
    v = best_value(cards)
    if v is None:
        return _mix_reason(cards)
    if v < price:
        return f"{fmt_cards(cards)} is worth {v}, less than the price {price}"
    return None


def check_bid(increment, bid_state: dict | None, high: int) -> str | None:
    """None if adding ``increment`` to ``bid_state`` ({"cards","total","currency"})
    is a legal raise over the high bid ``high``, else why not (spec 6.4, 8.5)."""
    inc = list(increment)
    bid_state = bid_state or {}
    bad = [c for c in inc if not is_card(c)]
    if bad:
        return f"'{bad[0]}' is not a money card"
    if not inc:
        return "add at least one card to raise, or pass"
    if "C3" in inc:
        return "the value-3 certificate is only the auction opening bid"
    req = bid_state.get("currency")
    total = int(bid_state.get("total", 0))
    v = best_value(inc, req)
    if v is None:
        prior = [c for c in bid_state.get("cards", []) if c != "C3"]
        n_inc = _counts(inc)[0]
        n_all = _counts(prior + inc)[0]
        for c in sort_cards(inc):
            cur = currency_of(c)
            if cur is None or cur == req:
                continue
            val = int(c[-1])
            whole_here = all(n_inc[x][val] >= 1 for x in CURRENCIES)
            if whole_here:
                continue
            if all(n_all[x][val] >= 1 for x in CURRENCIES):
                return "a group must be played whole in one bid"
            if req:
                return f"{c} is not {req}: this bid is committed to {req}"
            break
        if req and best_value(inc) is not None:
            return f"loose cards must be {req}: this bid is committed to {req}"
        return _mix_reason(inc)
    if total + v <= high:
        why = f"total {total + v} does not beat the high bid {high}"
        k = inc.count("C2")
        prior_c2 = list(bid_state.get("cards", [])).count("C2")
        if k % 3 and prior_c2 and k % 3 + prior_c2 >= 3:
            why += (
                "; a group must be played whole in one bid "
                "(these C2 cannot join the C2 already in your bid)"
            )
        return why
    return None
