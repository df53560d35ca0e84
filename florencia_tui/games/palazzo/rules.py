"""Palazzo state transitions and legal-action listing (spec sections 2-9).

The state is a plain dict; ``phase`` names the decision owed:
turn, take, buy_or_auction, pay, build, pick, bid, rebuild, rebuild_pay, over.
Every decision is a frame of core/decisions.py answered through
:data:`DECISIONS`: the tiles a seat acquired wait in a stacked frame
``{"k": "build", "p": seat, "tiles": [...]}`` on ``s["pending"]``; the other
phases' frames are made from the state by :func:`owed` (``{"k": phase, "p":
seat}``), never stored.
"""

from __future__ import annotations

from itertools import combinations

from florencia_tui.core import decisions as D
from florencia_tui.core import rng
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action, to_int
from florencia_tui.core.state import clone
from florencia_tui.games.palazzo import data
from florencia_tui.games.palazzo.data import tile
from florencia_tui.games.palazzo.notation import fmt_cards, parse_cards, parse_tile
from florencia_tui.games.palazzo.payment import (
    best_value,
    check_bid,
    check_payment,
    committed_currency,
    legal_subsets,
    max_single_payment,
    sort_cards,
)

# ----------------------------------------------------------------------------- setup


def new_state(names: list[str], seed: int) -> dict:
    n = len(names)
    s: dict = {"game": "palazzo", "names": list(names), "n": n, "rng": rng.seed_state(seed)}
    stacks = {name: [t[0] for t in data.TILES if t[1] == name] for name in data.STACK_NAMES}
    stacks["III"] += list(data.RIDERS)
    for name in data.STACK_NAMES:
        rng.shuffle(s, stacks[name])  # top of a stack = end of its list
    s["stacks"] = stacks
    s["master"] = rng.randbelow(s, data.QUARRIES)
    s["quarries"] = [[stacks["I"].pop()] for _ in range(data.QUARRIES)]
    s["supply"] = [stacks["I"].pop()]
    deck = list(data.MONEY_CARDS)
    rng.shuffle(s, deck)
    s["deck"] = deck
    s["discard"] = []
    s["hands"] = [sort_cards(deck.pop() for _ in range(data.START_HAND)) for _ in range(n)]
    s["palaces"] = [[] for _ in range(n)]
    s["riders"] = []  # riders drawn, face up
    s["out"] = []  # tiles out of the game (discarded, scrapped, removed unseen)
    s["cert3"] = "table"
    s["active"] = 0  # (DECISION) seat 0 starts
    s["phase"] = "turn"
    s["revealed"] = []
    s["takers"] = []
    s["buying"] = None
    s["pending"] = []  # decision frames (core.decisions): the tiles to build
    s["auction"] = None
    s["handout"] = None
    s["rebuild"] = None
    s["won"] = None
    s["turn_no"] = 1
    s["last"] = ""
    return s


def upgrade(s: dict) -> dict:
    """A state saved before the decision stack: ``pending`` was None or one
    ``{"seat", "tiles"}`` (the tiles to build), now a list of frames."""
    p = s.get("pending")
    if p is None and "pending" in s:
        s["pending"] = []
    elif isinstance(p, dict) and "seat" in p:
        s["pending"] = [{"k": "build", "p": p["seat"], "tiles": p["tiles"]}]
    return s


# ----------------------------------------------------------------------------- helpers


def unit_price(s: dict) -> int:
    return max(0, data.BASE_PRICE - len(s["supply"]))


def current_stack(s: dict) -> str:
    for name in data.STACK_NAMES:
        if s["stacks"][name]:
            return name
    return "III"


def to_act(s: dict) -> list[int]:
    """The seat of the one frame :func:`owed` (asked on every step, so worked
    out without making the frame)."""
    if s["pending"]:
        return [D.owner(s)]
    ph = s["phase"]
    if ph == "over":
        return []
    if ph == "take":
        return [s["takers"][0]]
    if ph == "pick":
        h = s["handout"]
        return [h["order"][h["i"]]]
    if ph == "bid":
        return [s["auction"]["turn"]]
    return [s["active"]]


def owed(s: dict) -> list[dict]:
    """The decision owed now: the top build frame, else the phase's own."""
    pending = s["pending"]
    if pending:
        return [pending[-1]]
    return [{"k": s["phase"], "p": p} for p in to_act(s)]


def name(s: dict, seat: int) -> str:
    return s["names"][seat]


def _remove_cards(hand: list[str], cards: list[str]) -> str | None:
    """Check ``cards`` is a sub-multiset of ``hand``; return a reason if not."""
    if "C3" in cards:
        return "the value-3 certificate is only the auction opening bid, never in a hand"
    tmp = list(hand)
    for c in cards:
        if c in tmp:
            tmp.remove(c)
        else:
            return f"you do not hold {'another ' if c in hand else ''}{c}"
    return None


def _take_out(hand: list[str], cards: list[str]) -> None:
    for c in cards:
        hand.remove(c)


def money_legal(s: dict) -> bool:
    return len(s["deck"]) + len(s["discard"]) >= s["n"] + 1


def rebuild_ops(s: dict, seat: int) -> list[str]:
    pals = s["palaces"][seat]
    ops: list[str] = []
    for i, p in enumerate(pals):
        if len(p) >= 2:
            ops += [f"detach {i + 1} {tile(t)[1]}" for t in p]
    for i, p in enumerate(pals):
        if len(p) == 1:
            f = tile(p[0])[1]
            for j, q in enumerate(pals):
                if j != i and all(tile(t)[1] != f for t in q):
                    ops.append(f"insert {i + 1} {j + 1}")
    for i, p in enumerate(pals):
        if len(p) == 1:
            ops.append(f"scrap {i + 1}")
    return ops


def rebuild_legal(s: dict, seat: int) -> bool:
    """A card to pay with and a palace: any palace can be rebuilt (two floors
    or more: detach one; a single tile: scrap it), so ``rebuild_ops`` is never
    empty then. Asked on every turn, so it does not list the operations."""
    return bool(s["hands"][seat]) and bool(s["palaces"][seat])


def accepts(s: dict, seat: int, tid: str) -> list[int]:
    """1-based palace numbers whose top floor is below ``tid``'s floor."""
    f = tile(tid)[1]
    return [i + 1 for i, p in enumerate(s["palaces"][seat]) if tile(p[-1])[1] < f]


def _draw_card(s: dict) -> str:
    if not s["deck"]:
        s["deck"] = s["discard"]
        s["discard"] = []
        rng.shuffle(s, s["deck"])
    return s["deck"].pop()


def _draw_tile(s: dict) -> str | None:
    for nm in data.STACK_NAMES:
        if s["stacks"][nm]:
            return s["stacks"][nm].pop()
    return None


def end_turn(s: dict) -> None:
    s["active"] = (s["active"] + 1) % s["n"]
    s["phase"] = "turn"
    s["revealed"] = []
    s["takers"] = []
    s["buying"] = None
    s["auction"] = None
    s["handout"] = None
    s["rebuild"] = None
    s["won"] = None
    s["turn_no"] += 1


def _after_build(s: dict) -> None:
    h = s["handout"]
    if h is not None:
        h["i"] += 1
        if h["i"] >= len(h["order"]):
            s["out"] += h["tiles"]  # leftovers removed face down, unseen
            end_turn(s)
        else:
            s["phase"] = "pick"
        return
    end_turn(s)


def _tile_arg(text: str, pool: list[str]) -> str:
    """Parse a tile id, accepting a missing a/b suffix when only one matches."""
    low = text.strip().lower()
    cands = [t for t in pool if t.lower() == low or t.lower()[:-1] == low and t[-1] in "ab"]
    if len(cands) == 1:
        return cands[0]
    return parse_tile(text)


def _palace_arg(s: dict, seat: int, text: str) -> int:
    k = to_int(text, "palace number")
    if not 1 <= k <= len(s["palaces"][seat]):
        n = len(s["palaces"][seat])
        raise IllegalAction(f"you have no palace {k} (you have {n} palace{'s' if n != 1 else ''})")
    return k - 1


# ----------------------------------------------------------------------------- legal


def _turn_legal(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    out = []
    if money_legal(s):
        out.append("money")
    out.append("tiles")
    if rebuild_legal(s, seat):
        out.append("rebuild")
    return out


def _take_legal(s: dict, f: dict) -> list[str]:
    return [f"take {c}" for c in sort_cards(set(s["revealed"]))]


def _buy_or_auction_legal(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    return buy_options(s, seat) + ["auction"]


def _pay_legal(s: dict, f: dict) -> list[str]:
    # "Puede pagar más de lo requerido pero no recibe cambio": at price 0
    # too, so `pay none` and every legal payment (pointless, but legal).
    seat = f["p"]
    price = s["buying"]["price"]
    return (["pay none"] if price <= 0 else []) + [
        f"pay {fmt_cards(p)}" for p in legal_subsets(s["hands"][seat]) if best_value(p) >= price
    ]


def _pick_legal(s: dict, f: dict) -> list[str]:
    return [f"pick {t}" for t in s["handout"]["tiles"]]


def _bid_legal(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    a = s["auction"]
    st = a["bids"][str(seat)]
    out = []
    for inc in legal_subsets(s["hands"][seat], st["currency"]):
        v = best_value(inc, st["currency"])
        if v is not None and st["total"] + v > a["high_total"]:
            out.append(f"bid {fmt_cards(inc)}")
    return out + ["pass"]


def _rebuild_pay_legal(s: dict, f: dict) -> list[str]:
    seat = f["p"]
    return [f"pay {c}" for c in sort_cards(set(s["hands"][seat]))]


def buy_options(s: dict, seat: int) -> list[str]:
    sup = s["supply"]
    unit = unit_price(s)
    mx = max_single_payment(s["hands"][seat])
    out = []
    if sup and (unit == 0 or mx >= unit):
        out += [f"buy {t}" for t in sup]
    if len(sup) >= 2 and (unit == 0 or mx >= 2 * unit):
        out += [f"buy {a} {b}" for a, b in combinations(sup, 2)]
    return out


# ----------------------------------------------------------------------------- apply


def _expect(verb: str, allowed: tuple[str, ...], what: str) -> None:
    if verb not in allowed:
        raise IllegalAction(f"'{verb}' is not possible now: {what}")


def _ph_turn(s: dict, f: dict, act: Action) -> None:
    seat = f["p"]
    verb, args = act
    _expect(verb, ("money", "tiles", "rebuild"), "choose money, tiles or rebuild")
    if args:
        raise IllegalAction(f"'{verb}' takes no arguments")
    if verb == "money":
        if not money_legal(s):
            raise IllegalAction(
                f"take money needs {s['n'] + 1} cards in deck and discard pile, "
                f"there are only {len(s['deck']) + len(s['discard'])}"
            )
        s["revealed"] = sort_cards(_draw_card(s) for _ in range(s["n"] + 1))
        n, a = s["n"], s["active"]
        s["takers"] = [a, a] + [(a + i) % n for i in range(1, n)]
        s["phase"] = "take"
        s["last"] = f"{name(s, seat)} takes money: reveals {', '.join(s['revealed'])}"
    elif verb == "tiles":
        _draw_two(s, seat)
    else:
        if not s["hands"][seat]:
            raise IllegalAction("rebuilding costs one money card and your hand is empty")
        if not rebuild_ops(s, seat):
            raise IllegalAction("none of your palaces can be rebuilt")
        s["phase"] = "rebuild"
        s["last"] = f"{name(s, seat)} rebuilds"


def _draw_two(s: dict, seat: int) -> None:
    parts = []
    for k in range(2):
        t = _draw_tile(s)
        if t is None:  # cannot happen with 5 riders in stack III; guard anyway
            parts.append("no tile left")
            continue
        if t in data.RIDERS:
            s["riders"].append(t)
            parts.append(f"rider {len(s['riders'])}/{data.RIDERS_TO_END}")
            if len(s["riders"]) >= data.RIDERS_TO_END:
                s["phase"] = "over"
                s["last"] = f"{name(s, seat)} draws tiles: {', '.join(parts)}: the game ends"
                return
        elif k == 0:
            s["supply"].append(t)
            parts.append(f"{t} to the supply")
        else:
            q = (s["master"] + tile(t)[2]) % data.QUARRIES
            s["quarries"][q].append(t)
            parts.append(f"{t} to Q{q}")
    s["phase"] = "buy_or_auction"
    s["last"] = f"{name(s, seat)} draws tiles: {', '.join(parts)}"


def _ph_take(s: dict, f: dict, act: Action) -> None:
    seat = f["p"]
    verb, args = act
    _expect(verb, ("take",), "take one of the revealed cards, e.g. 'take Red5'")
    if len(args) != 1:
        raise IllegalAction("take one card, e.g. 'take Red5'")
    c = parse_cards(args[0])
    if len(c) != 1:
        raise IllegalAction("take exactly one card")
    c = c[0]
    if c not in s["revealed"]:
        raise IllegalAction(f"{c} is not among the revealed cards ({', '.join(s['revealed'])})")
    s["revealed"].remove(c)
    s["hands"][seat] = sort_cards(s["hands"][seat] + [c])
    s["takers"].pop(0)
    s["last"] = f"{name(s, seat)} takes {c}"
    if not s["takers"]:
        end_turn(s)


def _ph_buy_or_auction(s: dict, f: dict, act: Action) -> None:
    seat = f["p"]
    verb, args = act
    _expect(verb, ("buy", "auction"), "buy supply tiles or auction")
    if verb == "auction":
        if args:
            raise IllegalAction("'auction' takes no arguments")
        _start_auction(s, seat)
        return
    sup = s["supply"]
    if not sup:
        raise IllegalAction("the supply is empty: you must auction")
    if not 1 <= len(args) <= 2:
        raise IllegalAction("buy one or two supply tiles, e.g. 'buy S22' or 'buy S22 M23'")
    tiles = [_tile_arg(a, sup) for a in args]
    for t in tiles:
        if t not in sup:
            raise IllegalAction(f"{t} is not in the supply (only supply tiles can be bought)")
    if len(tiles) == 2 and tiles[0] == tiles[1]:
        raise IllegalAction(f"{tiles[0]} is only once in the supply")
    unit = unit_price(s)
    price = unit * len(tiles)
    mx = max_single_payment(s["hands"][seat])
    if price > 0 and mx < price:
        raise IllegalAction(f"you cannot pay {price}: your largest single payment is {mx}")
    tiles = [t for t in sup if t in tiles]
    s["buying"] = {"tiles": tiles, "price": price, "unit": unit}
    s["phase"] = "pay"
    s["last"] = f"{name(s, seat)} chooses to buy {' and '.join(tiles)} for {price}"


def _ph_pay(s: dict, f: dict, act: Action) -> None:
    seat = f["p"]
    verb, args = act
    _expect(verb, ("pay",), "pay for the tiles, e.g. 'pay Red4+Red5'")
    price = s["buying"]["price"]
    cards = parse_cards(" ".join(args)) if args else None
    if cards is None:
        raise IllegalAction("name the cards to pay with, e.g. 'pay Red4+Red5' ('pay none' if free)")
    # Overpaying is legal ("Puede pagar más ... no recibe cambio"), at price 0 too.
    why = _remove_cards(s["hands"][seat], cards) or check_payment(cards, price)
    if why:
        raise IllegalAction(why)
    _take_out(s["hands"][seat], cards)
    s["discard"] += cards
    tiles = s["buying"]["tiles"]
    for t in tiles:
        s["supply"].remove(t)
    D.push(s, "build", seat, tiles=list(tiles))
    s["last"] = f"{name(s, seat)} buys {' and '.join(tiles)} for {price}" + (
        f" with {fmt_cards(cards)}" if cards else ""
    )
    s["phase"] = "build"


def auction_target(s: dict) -> int | None:
    """The quarry an auction would put up: the first non-empty one after the
    master builder's (None: every other quarry is empty)."""
    m = s["master"]
    for step in range(1, data.QUARRIES):
        q = (m + step) % data.QUARRIES
        if s["quarries"][q]:
            return q
    return None


def _start_auction(s: dict, seat: int) -> None:
    target = auction_target(s)
    if target is None:
        s["last"] = f"{name(s, seat)} auctions: every other quarry is empty, nothing happens"
        end_turn(s)
        return
    s["master"] = target
    tiles = s["quarries"][target]
    s["quarries"][target] = []
    n = s["n"]
    if len(tiles) >= 4:
        order = [(seat + i) % n for i in range(n)]
        s["handout"] = {"quarry": target, "tiles": tiles, "order": order, "i": 0}
        s["phase"] = "pick"
        s["last"] = (
            f"{name(s, seat)} moves the master builder to Q{target}: "
            f"{len(tiles)} tiles are handed out"
        )
        return
    bids = {str(p): {"cards": [], "total": 0, "currency": None} for p in range(n)}
    bids[str(seat)] = {"cards": [data.CERT3], "total": 3, "currency": None}
    s["cert3"] = seat
    s["auction"] = {
        "starter": seat,
        "quarry": target,
        "tiles": tiles,
        "bids": bids,
        "passed": [],
        "high_seat": seat,
        "high_total": 3,
        "turn": (seat + 1) % n,
    }
    s["phase"] = "bid"
    s["last"] = (
        f"{name(s, seat)} moves the master builder to Q{target} and "
        f"auctions {', '.join(tiles)}; opening bid C3 (3)"
    )


def _next_bidder(a: dict, n: int, frm: int) -> int:
    for i in range(1, n + 1):
        p = (frm + i) % n
        if p not in a["passed"]:
            return p
    return frm


def _ph_bid(s: dict, f: dict, act: Action) -> None:
    seat = f["p"]
    verb, args = act
    _expect(verb, ("bid", "pass"), "raise with 'bid <cards>' or 'pass'")
    a = s["auction"]
    st = a["bids"][str(seat)]
    n = s["n"]
    if verb == "pass":
        if args:
            raise IllegalAction("'pass' takes no arguments")
        back = [c for c in st["cards"] if c != data.CERT3]
        if data.CERT3 in st["cards"]:
            s["cert3"] = "table"
        s["hands"][seat] = sort_cards(s["hands"][seat] + back)
        a["bids"][str(seat)] = {"cards": [], "total": 0, "currency": None}
        a["passed"].append(seat)
        s["last"] = f"{name(s, seat)} passes"
        left = [p for p in range(n) if p not in a["passed"]]
        if len(left) == 1:
            _win_auction(s, left[0])
        else:
            a["turn"] = _next_bidder(a, n, seat)
        return
    if not args:
        raise IllegalAction("name the cards you add, e.g. 'bid Red4+C2'")
    inc = parse_cards(" ".join(args))
    why = _remove_cards(s["hands"][seat], inc) or check_bid(inc, st, a["high_total"])
    if why:
        raise IllegalAction(why)
    v = best_value(inc, st["currency"])
    _take_out(s["hands"][seat], inc)
    st["currency"] = committed_currency(inc, st["currency"])
    st["cards"] = st["cards"] + inc
    st["total"] += v
    a["high_seat"] = seat
    a["high_total"] = st["total"]
    a["turn"] = _next_bidder(a, n, seat)
    s["last"] = f"{name(s, seat)} bids {fmt_cards(inc)} (total {st['total']})"


def _win_auction(s: dict, w: int) -> None:
    a = s["auction"]
    st = a["bids"][str(w)]
    paid = [c for c in st["cards"] if c != data.CERT3]
    s["discard"] += paid
    s["cert3"] = "table"
    D.push(s, "build", w, tiles=list(a["tiles"]))
    price = "nothing" if not paid else f"{fmt_cards(paid)} ({st['total']})"
    s["last"] += f"; {name(s, w)} wins {', '.join(a['tiles'])} for {price}"
    s["won"] = {"seat": w, "tiles": list(a["tiles"]), "paid": paid, "total": st["total"]}
    s["auction"] = None
    s["phase"] = "build"


def _ph_pick(s: dict, f: dict, act: Action) -> None:
    seat = f["p"]
    verb, args = act
    _expect(verb, ("pick",), "pick one of the quarry tiles, e.g. 'pick S31a'")
    h = s["handout"]
    if len(args) != 1:
        raise IllegalAction("pick exactly one tile")
    t = _tile_arg(args[0], h["tiles"])
    if t not in h["tiles"]:
        raise IllegalAction(f"{t} is not among the handed-out tiles ({', '.join(h['tiles'])})")
    h["tiles"].remove(t)
    D.push(s, "build", seat, tiles=[t])
    s["phase"] = "build"
    s["last"] = f"{name(s, seat)} picks {t}"


def _build_legal(s: dict, f: dict) -> list[str]:
    out = []
    for t in f["tiles"]:
        out.append(f"build {t} new")
        out += [f"build {t} on {k}" for k in accepts(s, f["p"], t)]
        out.append(f"discard {t}")
    return out


def _build_apply(s: dict, f: dict, a: Action) -> None:
    verb, args = a
    seat = f["p"]
    _expect(verb, ("build", "discard"), "build or discard an acquired tile")
    pend = f["tiles"]
    if not args:
        raise IllegalAction(f"name the tile: {', '.join(pend)}")
    t = _tile_arg(args[0], pend)
    if t not in pend:
        raise IllegalAction(f"{t} is not waiting to be built ({', '.join(pend)})")
    pals = s["palaces"][seat]
    if verb == "discard":
        if len(args) != 1:
            raise IllegalAction("'discard' takes one tile")
        s["out"].append(t)
        s["last"] = f"{name(s, seat)} discards {t}"
    elif len(args) == 2 and args[1].lower() == "new":
        pals.append([t])
        s["last"] = f"{name(s, seat)} builds {t} as new palace {len(pals)}"
    elif len(args) == 3 and args[1].lower() == "on":
        i = _palace_arg(s, seat, args[2])
        top = tile(pals[i][-1])[1]
        floor = tile(t)[1]
        if floor <= top:
            if floor == top or any(tile(x)[1] == floor for x in pals[i]):
                raise IllegalAction(
                    f"palace {i + 1} already has floor {floor}: floors must increase upward"
                )
            raise IllegalAction(
                f"floor {floor} cannot go on top of floor {top}: floors must increase "
                "(tiles go only on top when acquired)"
            )
        pals[i].append(t)
        s["last"] = f"{name(s, seat)} builds {t} on palace {i + 1}"
    else:
        raise IllegalAction(
            "write 'build <tile> new', 'build <tile> on <palace>' or 'discard <tile>'"
        )
    pend.remove(t)
    if not pend:
        D.pop(s)
        _after_build(s)


def _ph_rebuild(s: dict, f: dict, act: Action) -> None:
    seat = f["p"]
    verb, args = act
    _expect(verb, ("detach", "insert", "scrap"), "detach, insert or scrap")
    pals = s["palaces"][seat]
    if verb == "detach":
        if len(args) != 2:
            raise IllegalAction("write 'detach <palace> <floor>'")
        i = _palace_arg(s, seat, args[0])
        floor = to_int(args[1], "floor")
        if len(pals[i]) < 2:
            raise IllegalAction(f"palace {i + 1} is a single tile already: detach needs 2 or more")
        hit = [t for t in pals[i] if tile(t)[1] == floor]
        if not hit:
            raise IllegalAction(f"palace {i + 1} has no floor {floor}")
        pals[i].remove(hit[0])
        pals.append([hit[0]])
        desc = f"detaches floor {floor} from palace {i + 1}"
    elif verb == "insert":
        if len(args) != 2:
            raise IllegalAction("write 'insert <single-tile palace> <target palace>'")
        i = _palace_arg(s, seat, args[0])
        j = _palace_arg(s, seat, args[1])
        if i == j:
            raise IllegalAction("insert into a different palace")
        if len(pals[i]) != 1:
            raise IllegalAction(
                f"palace {i + 1} has {len(pals[i])} tiles: only a single-tile palace can be "
                "inserted (detach the tile first)"
            )
        t = pals[i][0]
        floor = tile(t)[1]
        if any(tile(x)[1] == floor for x in pals[j]):
            raise IllegalAction(f"palace {j + 1} already has floor {floor}")
        pals[j].append(t)
        pals[j].sort(key=lambda x: tile(x)[1])
        del pals[i]
        desc = f"inserts {t} (palace {i + 1}) into palace {j + 1}"
    else:
        if len(args) != 1:
            raise IllegalAction("write 'scrap <palace>'")
        i = _palace_arg(s, seat, args[0])
        if len(pals[i]) != 1:
            raise IllegalAction(
                f"palace {i + 1} has {len(pals[i])} tiles: only a single-tile "
                "palace can be scrapped"
            )
        s["out"].append(pals[i][0])
        desc = f"scraps palace {i + 1} ({pals[i][0]})"
        del pals[i]
    s["rebuild"] = desc
    s["phase"] = "rebuild_pay"
    s["last"] = f"{name(s, seat)} {desc}"


def _ph_rebuild_pay(s: dict, f: dict, act: Action) -> None:
    seat = f["p"]
    verb, args = act
    _expect(verb, ("pay",), "pay one card for the rebuild, e.g. 'pay C2'")
    cards = parse_cards(" ".join(args)) if args else []
    if len(cards) != 1:
        raise IllegalAction("a rebuild costs exactly one card")
    why = _remove_cards(s["hands"][seat], cards)
    if why:
        raise IllegalAction(why)
    _take_out(s["hands"][seat], cards)
    s["discard"] += cards
    s["last"] = f"{name(s, seat)} pays {cards[0]} for the rebuild"
    end_turn(s)


def _build_text(s: dict, f: dict) -> str:
    return f"Build or discard: {', '.join(f['tiles'])}"


def _build_preview(s: dict, f: dict) -> dict:
    """Where each waiting tile may go (1-based palaces it may top), and the palaces."""
    return {
        "tiles": list(f["tiles"]),
        "accepts": {t: accepts(s, f["p"], t) for t in f["tiles"]},
        "palaces": [list(x) for x in s["palaces"][f["p"]]],
    }


def _build_label(s: dict, f: dict, a: Action) -> str:
    verb, args = a
    if verb == "build" and len(args) >= 2:
        if args[1] == "new":
            return f"Build {args[0]} as a new palace"
        return f"Build {args[0]} on palace {args[-1]}"
    if verb == "discard":
        return f"Discard {' '.join(args)}"
    return str(a)


# ----------------------------------------------------------------------------- asking
def _hand(s: dict, f: dict) -> list[str]:
    return list(s["hands"][f["p"]])


def _turn_text(s: dict, f: dict) -> str:
    return "Your turn: take money, draw tiles, or rebuild?"


def _turn_preview(s: dict, f: dict) -> dict:
    return {
        "options": _turn_legal(s, f),
        "money_reveals": s["n"] + 1,
        "price_after_draw": max(0, data.BASE_PRICE - len(s["supply"]) - 1),
    }


def _turn_label(s: dict, f: dict, a: Action) -> str:
    words = {
        "money": f"Take money (reveal {s['n'] + 1})",
        "tiles": "Draw tiles, then buy or auction",
        "rebuild": "Rebuild a palace (1 card)",
    }
    return words.get(a.verb, str(a))


def _take_text(s: dict, f: dict) -> str:
    first = s["takers"][:2] == [f["p"], f["p"]]
    return "Take one of the revealed cards" + (" (you take two)" if first else "")


def _take_preview(s: dict, f: dict) -> dict:
    return {"revealed": list(s["revealed"]), "remaining_takes": s["takers"].count(f["p"])}


def _take_label(s: dict, f: dict, a: Action) -> str:
    return f"Take {' '.join(a.args)}" if a.verb == "take" else str(a)


def _buy_or_auction_text(s: dict, f: dict) -> str:
    return f"Buy from the supply (unit price {unit_price(s)}) or auction the next quarry?"


def _buy_or_auction_preview(s: dict, f: dict) -> dict:
    target = auction_target(s)
    return {
        "supply": list(s["supply"]),
        "unit_price": unit_price(s),
        "max_payment": max_single_payment(s["hands"][f["p"]]),
        "buy": buy_options(s, f["p"]),
        "auction_quarry": target,
        "auction_tiles": (list(s["quarries"][target]) if target is not None else []),
    }


def _buy_or_auction_label(s: dict, f: dict, a: Action) -> str:
    if a.verb == "buy":
        return f"Buy {' + '.join(a.args)} ({unit_price(s) * len(a.args)})"
    if a.verb == "auction":
        q = auction_target(s)
        return "Auction (nothing to auction)" if q is None else f"Auction Q{q}"
    return str(a)


def _pay_text(s: dict, f: dict) -> str:
    b = s["buying"]
    return f"Pay at least {b['price']} for {' and '.join(b['tiles'])}"


def _pay_preview(s: dict, f: dict) -> dict:
    b = s["buying"]
    hand = _hand(s, f)
    return {
        "price": b["price"],
        "tiles": list(b["tiles"]),
        "hand": hand,
        "max_payment": max_single_payment(hand),
    }


def _pay_label(s: dict, f: dict, a: Action) -> str:
    """A payment in words, with its best value (the rebuild's one card too)."""
    if a.verb != "pay":
        return str(a)
    try:
        cards = parse_cards(" ".join(a.args))
    except IllegalAction:
        return str(a)
    return f"Pay {fmt_cards(cards)} ({best_value(cards) or 0})"


def _pick_text(s: dict, f: dict) -> str:
    return "Take one tile from the quarry (then build or discard it)"


def _pick_preview(s: dict, f: dict) -> dict:
    h = s["handout"]
    return {"tiles": list(h["tiles"]), "quarry": h["quarry"]}


def _pick_label(s: dict, f: dict, a: Action) -> str:
    return f"Pick {' '.join(a.args)}" if a.verb == "pick" else str(a)


def _bid_text(s: dict, f: dict) -> str:
    a = s["auction"]
    return f"Raise over {a['high_total']} or pass (your bid: {a['bids'][str(f['p'])]['total']})"


def _bid_preview(s: dict, f: dict) -> dict:
    a = s["auction"]
    st = a["bids"][str(f["p"])]
    return {
        "high_total": a["high_total"],
        "high_seat": a["high_seat"],
        "bid": clone(st),
        "currency": st["currency"],
        "tiles": list(a["tiles"]),
        "hand": _hand(s, f),
    }


def _bid_label(s: dict, f: dict, a: Action) -> str:
    if a.verb == "pass":
        return "Pass"
    if a.verb != "bid":
        return str(a)
    try:
        cards = parse_cards(" ".join(a.args))
    except IllegalAction:
        return str(a)
    st = s["auction"]["bids"][str(f["p"])]
    v = best_value(cards, st["currency"]) or 0
    return f"Bid {fmt_cards(cards)} (+{v} = {st['total'] + v})"


def _rebuild_text(s: dict, f: dict) -> str:
    return "Rebuild: detach, insert or scrap"


def _rebuild_preview(s: dict, f: dict) -> dict:
    return {
        "options": rebuild_ops(s, f["p"]),
        "palaces": [list(x) for x in s["palaces"][f["p"]]],
    }


def _rebuild_label(s: dict, f: dict, a: Action) -> str:
    verb, args = a
    if verb == "detach" and len(args) == 2:
        return f"Detach floor {args[1]} from palace {args[0]}"
    if verb == "insert" and len(args) == 2:
        return f"Insert palace {args[0]} into palace {args[1]}"
    if verb == "scrap" and args:
        return f"Scrap palace {args[0]}"
    return str(a)


def _rebuild_pay_text(s: dict, f: dict) -> str:
    return "Pay one card (any) for the rebuild"


def _rebuild_pay_preview(s: dict, f: dict) -> dict:
    return {"hand": _hand(s, f), "rebuild": s["rebuild"]}


#: Every decision: its kind (the phase, or "build" for a stacked frame) -> handlers.
DECISIONS = D.Decisions(
    {
        "turn": D.Kind(_turn_legal, _ph_turn, _turn_text, _turn_preview, _turn_label),
        "take": D.Kind(_take_legal, _ph_take, _take_text, _take_preview, _take_label),
        "buy_or_auction": D.Kind(
            _buy_or_auction_legal,
            _ph_buy_or_auction,
            _buy_or_auction_text,
            _buy_or_auction_preview,
            _buy_or_auction_label,
        ),
        "pay": D.Kind(_pay_legal, _ph_pay, _pay_text, _pay_preview, _pay_label),
        "bid": D.Kind(_bid_legal, _ph_bid, _bid_text, _bid_preview, _bid_label),
        "pick": D.Kind(_pick_legal, _ph_pick, _pick_text, _pick_preview, _pick_label),
        "build": D.Kind(_build_legal, _build_apply, _build_text, _build_preview, _build_label),
        "rebuild": D.Kind(
            lambda s, f: rebuild_ops(s, f["p"]),
            _ph_rebuild,
            _rebuild_text,
            _rebuild_preview,
            _rebuild_label,
        ),
        "rebuild_pay": D.Kind(
            _rebuild_pay_legal, _ph_rebuild_pay, _rebuild_pay_text, _rebuild_pay_preview, _pay_label
        ),
    },
    owed=owed,
)
