"""Every decision of Architects of the West Kingdom: one table.

The turn's own decisions are frames the rules make from the state
(``rules.owed``): the draft (every seat at once), a free hire, placing a
worker (or taking one back). After a worker placement (or a building's
effect, a debt on Hugo's board, the hand limit...) the seat owes a further
decision, a frame on ``s["pending"]`` (see core/decisions.py: top last, the
kind under "k", the owing seat under "p"). Each kind has small handlers here,
one per need, registered in :data:`DECISIONS`:

- ``legal(s, f)``: the answers in notation;
- ``apply(s, f, a)``: play a parsed answer (an ``Action``, already checked to
  be legal by ``Game.apply``); it pops ``f`` when the decision is over, before
  the effects that may open further decisions;
- ``text(s, f)``: the question (the prompt's text);
- ``preview(s, f)``: what the answers cost and bring, computed by the rules,
  for the UI (the prompt's data) and the bots;
- ``label(s, f, a)``: an answer in words (``Game.label`` and the prompt's
  ``labels``).

The rules (rules.py) open frames with ``decisions.push``; nothing dispatches
on a frame's kind outside this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations_with_replacement

from florencia_tui.core import decisions
from florencia_tui.core.decisions import Decisions, Kind
from florencia_tui.core.notation import Action

from . import data as D
from . import rules as R
from .describe import label as action_words
from .notation import parse, parse_pay_token, pay_token

Frame = dict
State = dict

TRADE_VIRTUE = sorted(
    {" ".join(c) for c in combinations_with_replacement(["clay", "wood", "stone"], 2)}
)
TRADE_MARBLE = sorted({" ".join(c) for c in combinations_with_replacement(["wood", "stone"], 3)})
#: Cards drawn at the Black Market's middle space (keep 1).
MARKET_DRAW = 5


def _needs(combo: str) -> dict:
    need: dict = {}
    for r in combo.split():
        need[r] = need.get(r, 0) + 1
    return need


#: What each Storehouse trade gives up, e.g. "clay wood" -> {"clay": 1, "wood": 1}.
TRADE_NEEDS = {c: _needs(c) for c in TRADE_VIRTUE + TRADE_MARBLE}


def _text(words: str) -> Callable[[State, Frame], str]:
    """A prompt text; ``{left}`` is the frame's actions left."""
    return lambda s, f: words.format(left=f.get("left", 0))


def _label(done: str = "Done") -> Callable[[State, Frame, Action], str]:
    """Answers in words (describe.label), with this kind's own "done"."""

    def label(s: State, f: Frame, a: Action) -> str:
        return done if a.verb == "done" else action_words(s, f["p"], str(a))

    return label


def _hand(s: State, f: Frame) -> dict:
    """The hand to discard from (the seat's own cards)."""
    return {"hand": list(s["players"][f["p"]]["hand"])}


def library_preview(s: State, f: Frame) -> dict:
    return {**_hand(s, f), "discard_gain": {"gold": R.LIBRARY_GOLD}}


def _may_hire(P: dict) -> bool:
    return len(P["appr"]) < R.appr_limit(P)


def _hire_preview(s: State, f: Frame) -> dict:
    P = s["players"][f["p"]]
    return {"appr_limit": R.appr_limit(P), "appr_count": len(P["appr"])}


# ---------------------------------------------------------------- King's Storehouse
def storehouse_legal(s: State, f: Frame) -> list[str]:
    P = s["players"][f["p"]]
    out = [f"trade virtue {c}" for c in TRADE_VIRTUE if R.affordable(P, TRADE_NEEDS[c])]
    out += [f"trade marble {c}" for c in TRADE_MARBLE if R.affordable(P, TRADE_NEEDS[c])]
    for a in sorted(set(P["appr"])):
        if R.ABILITY[a] == "trade" and R.affordable(P, D.ALL_APPRENTICES[a][4][0]):
            out.append(f"use {a}")
    return out + ["done"]


def storehouse_apply(s: State, f: Frame, a: Action) -> None:
    p = f["p"]
    P = s["players"][f["p"]]
    if a.verb == "done":
        decisions.pop(s)
        return
    f["left"] -= 1
    if f["left"] == 0:
        decisions.pop(s)
    if a.verb == "trade":
        for r in a.args[1:]:
            P[r] -= 1
        if a.args[0] == "virtue":
            R.change_virtue(s, p, 1)
        else:
            P["marble"] += 1
    else:  # use
        give, get = D.ALL_APPRENTICES[a.num(0, "the apprentice")][4]
        R.pay(s, p, give)
        R.gain(s, p, get)


# ---------------------------------------------------------------- Workshop
def workshop_legal(s: State, f: Frame) -> list[str]:
    p = f["p"]
    P = s["players"][f["p"]]
    out = []
    if _may_hire(P):
        for a in R.face_up(s):
            if R.workshop_hire_cost(s, p, a, f["n"])[0] <= P["silver"]:
                out.append(f"hire {a}")
    return out + ["draw"]


def workshop_apply(s: State, f: Frame, a: Action) -> None:
    p = f["p"]
    P = s["players"][f["p"]]
    decisions.pop(s)
    if a.verb == "draw":
        R.draw_buildings(s, p, R.workshop_draw(f["n"]))
        return
    aid = a.num(0, "the apprentice")
    r, _ = R.find_appr(s, aid)
    _, skip = R.workshop_hire_cost(s, p, aid, f["n"])
    R.pay_tax(s, p, R.WORKSHOP_TAX, R.workshop_supply(P))
    for col in range(skip):
        s["arows"][r][col][1] += 1
    P["silver"] -= skip
    R.hire(s, p, aid)


def workshop_preview(s: State, f: Frame) -> dict:
    p = f["p"]
    P = s["players"][f["p"]]
    costs = {}
    if _may_hire(P):
        for a in R.face_up(s):
            total, skip = R.workshop_hire_cost(s, p, a, f["n"])
            r, c = R.find_appr(s, a)
            costs[str(a)] = {
                "silver": total,
                "skip_coins": skip,
                "coins_on_card": s["arows"][r][c][1],
            }
    return {"hire_costs": costs, "draw_count": R.workshop_draw(f["n"]), **_hire_preview(s, f)}


# ---------------------------------------------------------------- Black Market middle, Tavern
def _free_hires(s: State, f: Frame) -> list[str]:
    return [f"hire {a}" for a in R.face_up(s)] if _may_hire(s["players"][f["p"]]) else []


def market_mid_legal(s: State, f: Frame) -> list[str]:
    return _free_hires(s, f) + ["draw"]


def tavern_legal(s: State, f: Frame) -> list[str]:
    return _free_hires(s, f) + ["done"]


def market_mid_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    if a.verb == "hire":
        R.hire(s, f["p"], a.num(0, "the apprentice"))
        return
    cards = s["bdeck"][:MARKET_DRAW]
    del s["bdeck"][:MARKET_DRAW]
    if cards:
        decisions.push(s, "keep", f["p"], cards=cards)


def tavern_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    if a.verb == "hire":
        R.hire(s, f["p"], a.num(0, "the apprentice"))


def market_mid_preview(s: State, f: Frame) -> dict:
    return {"draw_count": MARKET_DRAW, "keep_count": 1, **_hire_preview(s, f)}


# ---------------------------------------------------------------- keep 1 of the drawn cards
def keep_legal(s: State, f: Frame) -> list[str]:
    return [f"keep {b}" for b in f["cards"]]


def keep_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    b = a.num(0, "the building")
    s["players"][f["p"]]["hand"].append(b)
    s["bdeck"].extend(c for c in f["cards"] if c != b)


# ---------------------------------------------------------------- captures
def capture_legal(s: State, f: Frame) -> list[str]:
    out = []
    if R.capture_price(s, f) <= s["players"][f["p"]]["silver"]:
        limit = D.capture_location_limit(s["np"])
        for loc in D.LARGE:
            if len(f["locs"]) >= limit and loc not in f["locs"]:
                continue
            for q in range(s["np"]):
                if s["loc"][loc][q] > 0:
                    out.append(f"capture {loc} {q}")
    return out + ["done"]


def capture_apply(s: State, f: Frame, a: Action) -> None:
    p = f["p"]
    P = s["players"][f["p"]]
    if a.verb == "done":
        decisions.pop(s)
        return
    loc, q = a.args[0], a.num(1, "the seat")
    tax, sup = R.capture_cost(s, f)
    R.pay_tax(s, p, tax, sup)
    if f["made"] > 0 and not f["free"] and f["disc"] > 0:
        if s["options"].get("conspirator_mode") != "per_capture":
            f["disc"] -= 1
    f["made"] += 1
    if loc not in f["locs"]:
        f["locs"].append(loc)
    cnt = s["loc"][loc][q]
    s["loc"][loc][q] = 0
    if q == p:
        P["workers"] += cnt
    else:
        P["captives"][q] += cnt
    f["left"] -= 1
    if f["left"] == 0:
        decisions.pop(s)


def capture_preview(s: State, f: Frame) -> dict:
    return {
        "next_cost": R.capture_price(s, f),
        "location_limit": D.capture_location_limit(s["np"]),
        "targets": {loc: list(s["loc"][loc]) for loc in D.LARGE},
    }


# ---------------------------------------------------------------- Guardhouse
def guardhouse_legal(s: State, f: Frame) -> list[str]:
    p = f["p"]
    P = s["players"][f["p"]]
    out = ["turnin"]
    if s["prison"][p]:
        out.append("release")
    if R.own_captive(s, p):
        if R.ransom_cost(P) <= P["silver"]:
            out.append("ransom silver")
        out.append("ransom debt")
    if P["debts"] and R.paydebt_cost(P) <= P["silver"]:
        out.append("paydebt")
    return out + ["done"]


def _turnin(s: State, p: int, P: dict) -> None:
    got = R.turnin_gain(P)
    for q in range(s["np"]):
        s["prison"][q] += P["captives"][q]
        P["captives"][q] = 0
    P["silver"] += got["silver"]
    P["gold"] += got["gold"]


def _release(s: State, p: int, P: dict) -> None:
    P["workers"] += s["prison"][p]
    s["prison"][p] = 0


def _ransom(s: State, p: int, P: dict, how: str) -> None:
    R.ransom_free(s, p)
    if how == "silver":
        R.pay_tax(s, p, *R.RANSOM)
    else:
        R.change_virtue(s, p, -1)
        R.take_debt(s, p, 1)


def _paydebt(s: State, p: int, P: dict) -> None:
    R.pay_tax(s, p, *R.PAYDEBT)
    P["debts"] -= 1
    P["paid"] += 1
    R.change_virtue(s, p, 1)
    for a in list(P["appr"]):
        if R.ABILITY[a] == "debtcollector":
            R.gain(s, p, D.ALL_APPRENTICES[a][4])


#: The Guardhouse's actions by verb: (state, seat, player, action) -> None.
GUARDHOUSE_ACTIONS: dict[str, Callable[[State, int, dict, Action], None]] = {
    "turnin": lambda s, p, P, a: _turnin(s, p, P),
    "release": lambda s, p, P, a: _release(s, p, P),
    "ransom": lambda s, p, P, a: _ransom(s, p, P, a.args[0]),
    "paydebt": lambda s, p, P, a: _paydebt(s, p, P),
}


def guardhouse_apply(s: State, f: Frame, a: Action) -> None:
    if a.verb == "done":
        decisions.pop(s)
        return
    f["left"] -= 1
    if f["left"] == 0:
        decisions.pop(s)
    GUARDHOUSE_ACTIONS[a.verb](s, f["p"], s["players"][f["p"]], a)


def guardhouse_preview(s: State, f: Frame) -> dict:
    p = f["p"]
    P = s["players"][f["p"]]
    return {
        "ransom_cost": R.ransom_cost(P),
        "paydebt_cost": R.paydebt_cost(P),
        "captives": sum(P["captives"]),
        "in_prison": s["prison"][p],
        "held_by_others": R.own_captive(s, p),
        "turnin_gain": R.turnin_gain(P),
    }


# ---------------------------------------------------------------- Guildhall, paying, Cathedral
def guildhall_legal(s: State, f: Frame) -> list[str]:
    p = f["p"]
    P = s["players"][f["p"]]
    out = [f"build {b}" for b in sorted(set(P["hand"])) if R.can_build(s, p, b)]
    if R.can_cathedral(s, p):
        out.append("cathedral")
    return out


def guildhall_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    if a.verb == "build":
        R.start_build(s, f["p"], a.num(0, "the building"))
    else:
        R.start_cathedral(s, f["p"])


def guildhall_preview(s: State, f: Frame) -> dict:
    p = f["p"]
    P = s["players"][f["p"]]
    out: dict = {
        "builds": {
            str(b): [pay_token(o) for o in R.pay_options(s, p, D.ALL_BUILDINGS[b][2])]
            for b in P["hand"]
            if R.can_build(s, p, b)
        }
    }
    if R.can_cathedral(s, p):
        out["cathedral"] = {
            "level": P["cath"] + 1,
            "pay": [pay_token(o) for o in R.pay_options(s, p, D.CATHEDRAL[P["cath"] + 1][0])],
        }
    out["blocked"] = R.guildhall_blockers(s, p)
    return out


def pay_legal(s: State, f: Frame) -> list[str]:
    return [f"pay {t}" for t in f["opts"]]


def pay_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    payment = parse_pay_token(a.args[0])
    if f["what"] == "build":
        R.finish_build(s, f["p"], f["b"], payment)
    else:
        R.cathedral_paid(s, f["p"], payment)


def _discards(s: State, f: Frame) -> list[str]:
    return [f"discard {b}" for b in sorted(set(s["players"][f["p"]]["hand"]))]


def cath_discard_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    R.discard_building(s, f["p"], a.num(0, "the building"))
    R.advance_cathedral(s, f["p"])


# ---------------------------------------------------------------- buildings' effects
def library_legal(s: State, f: Frame) -> list[str]:
    return _discards(s, f) + ["done"]


def library_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    if a.verb == "discard":
        R.discard_building(s, f["p"], a.num(0, "the building"))
        s["players"][f["p"]]["gold"] += R.LIBRARY_GOLD


def handlimit_apply(s: State, f: Frame, a: Action) -> None:
    R.discard_building(s, f["p"], a.num(0, "the building"))
    if len(s["players"][f["p"]]["hand"]) <= D.HAND_LIMIT:
        decisions.pop(s)


def choose_legal(s: State, f: Frame) -> list[str]:
    return [f"gain {o}" for o in f["opts"]]


def choose_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    R.gain(s, f["p"], R.CHOOSE_GAINS[a.args[0]])


def barracks_legal(s: State, f: Frame) -> list[str]:
    return ["barracks capture"] + (["barracks ransom"] if R.own_captive(s, f["p"]) else [])


def barracks_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    if a.args[0] == "ransom":
        R.ransom_free(s, f["p"])
    else:
        R.push_capture(s, f["p"], 1, free=True)


def church_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    if a.verb == "destroy":
        s["players"][f["p"]]["debts"] -= 1


def graveyard_legal(s: State, f: Frame) -> list[str]:
    return [f"fire {a}" for a in sorted(set(s["players"][f["p"]]["appr"]))]


def graveyard_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    aid = a.num(0, "the apprentice")
    s["players"][f["p"]]["appr"].remove(aid)
    s["adeck"].append(aid)


def crane_legal(s: State, f: Frame) -> list[str]:
    return (["place guildhall"] if R.crane_may(s, f["p"]) else []) + ["done"]


def crane_apply(s: State, f: Frame, a: Action) -> None:
    decisions.pop(s)
    if a.verb == "place":
        R.do_place(s, f["p"], a.args)


def hugo_legal(s: State, f: Frame) -> list[str]:
    P = s["players"][f["p"]]
    out = ["hugo pay"] if P["silver"] >= R.HUGO_PAY and P["debts"] > 0 else []
    return out + ["hugo debt"]


def hugo_apply(s: State, f: Frame, a: Action) -> None:
    P = s["players"][f["p"]]
    if a.args[0] != "pay":
        decisions.pop(s)
        return
    P["silver"] -= R.HUGO_PAY
    P["debts"] -= 1
    f["count"] -= 1
    if f["count"] <= 0 or P["silver"] < R.HUGO_PAY or P["debts"] == 0:
        decisions.pop(s)


# ---------------------------------------------------------------- the table
#: The decisions a turn opens on the stack: frame kind -> handlers.
STACKED = {
    "storehouse": Kind(
        storehouse_legal,
        storehouse_apply,
        _text("King's Storehouse: trade, use an apprentice, or done ({left} left)"),
        label=_label("Done (skip the remaining trades)"),
    ),
    "workshop": Kind(
        workshop_legal,
        workshop_apply,
        _text("Workshop: hire an apprentice or draw buildings"),
        workshop_preview,
        _label(),
    ),
    "market_mid": Kind(
        market_mid_legal,
        market_mid_apply,
        _text("Black Market: hire any apprentice, or draw 5 buildings and keep 1"),
        market_mid_preview,
        _label(),
    ),
    "tavern": Kind(
        tavern_legal,
        tavern_apply,
        _text("Tavern: hire any face-up apprentice for free (or done)"),
        _hire_preview,
        _label("Hire nobody"),
    ),
    "keep": Kind(keep_legal, keep_apply, _text("Keep 1 of the drawn buildings"), label=_label()),
    "capture": Kind(
        capture_legal,
        capture_apply,
        _text("Capture a group ({left} left) or done"),
        capture_preview,
        _label("Done capturing"),
    ),
    "guardhouse": Kind(
        guardhouse_legal,
        guardhouse_apply,
        _text("Guardhouse: choose an action ({left} left) or done"),
        guardhouse_preview,
        _label(),
    ),
    "guildhall": Kind(
        guildhall_legal,
        guildhall_apply,
        _text("Guildhall: construct a building or advance on the Cathedral"),
        guildhall_preview,
        _label(),
    ),
    "pay": Kind(pay_legal, pay_apply, _text("Choose how to pay"), label=_label()),
    "cath_discard": Kind(
        lambda s, f: _discards(s, f),
        cath_discard_apply,
        _text("Discard a building card for the Cathedral"),
        _hand,
        _label(),
    ),
    "library": Kind(
        library_legal,
        library_apply,
        _text("Library: discard a building card for 2 gold, or done"),
        library_preview,
        _label("Keep all cards"),
    ),
    "handlimit": Kind(
        lambda s, f: _discards(s, f),
        handlimit_apply,
        _text("Hand limit: discard a building card (down to 6)"),
        _hand,
        _label(),
    ),
    "choose": Kind(choose_legal, choose_apply, _text("Choose what to gain"), label=_label()),
    "barracks": Kind(
        barracks_legal,
        barracks_apply,
        _text("Barracks: a free capture or a free ransom"),
        label=_label(),
    ),
    "church": Kind(
        lambda s, f: ["destroy", "done"],
        church_apply,
        _text("Church: destroy 1 unpaid debt?"),
        label=_label("Keep the debt"),
    ),
    "hugo": Kind(
        hugo_legal,
        hugo_apply,
        _text("Hugo: pay 2 silver instead of taking the debt?"),
        label=_label(),
    ),
    "graveyard": Kind(
        graveyard_legal,
        graveyard_apply,
        _text("Graveyard: discard 1 of your hired apprentices"),
        label=_label(),
    ),
    "crane": Kind(
        crane_legal,
        crane_apply,
        _text("Crane: place another worker in the Guildhall?"),
        label=_label("No second worker"),
    ),
}


# ---------------------------------------------------------------- the turn's own decisions
def draft_legal(s: State, f: Frame) -> list[str]:
    return [f"keep {b}" for b in s["draft"]["packets"][f["p"]]]


def draft_apply(s: State, f: Frame, a: Action) -> None:
    R.draft_keep(s, f["p"], a.num(0, "the building"))


def freehire_legal(s: State, f: Frame) -> list[str]:
    return [f"hire {a}" for a in R.face_up(s)]


def freehire_apply(s: State, f: Frame, a: Action) -> None:
    R.free_hire(s, f["p"], a.num(0, "the apprentice"))


def turn_legal(s: State, f: Frame) -> list[str]:
    return R.place_options(s, f["p"])


def turn_apply(s: State, f: Frame, a: Action) -> None:
    """Place a worker, or (with none on the board) take one back or pass."""
    if a.verb == "place":
        s["passes"] = 0
        R.do_place(s, f["p"], a.args)
    else:
        R.do_retrieve(s, f["p"], a.args)
    s["stage"] = "post"


def _words(s: State, f: Frame, a: Action) -> str:
    return action_words(s, f["p"], str(a))


def _framed(kind: Kind) -> Kind:
    """A stacked decision's prompt also holds its frame's own data, every
    answer and each answer in words."""

    def preview(s: State, f: Frame) -> dict:
        data = {k: v for k, v in f.items() if k not in ("k", "p")}
        data["options"] = kind.legal(s, f)
        if kind.preview is not None:
            data.update(kind.preview(s, f))
        data["labels"] = {o: DECISIONS.label(s, parse(o), f) for o in data["options"]}
        return data

    return replace(kind, preview=preview)


DECISIONS = Decisions(
    {
        "draft": Kind(
            draft_legal,
            draft_apply,
            lambda s, f: "Building draft: keep 1 card, pass the rest",
            lambda s, f: {"packet": list(s["draft"]["packets"][f["p"]])},
            _words,
            simultaneous=True,
        ),
        "freehire": Kind(
            freehire_legal,
            freehire_apply,
            lambda s, f: "Hire 1 face-up apprentice for free",
            lambda s, f: {
                "options": freehire_legal(s, f),
                "appr_limit": R.appr_limit(s["players"][f["p"]]),
            },
            _words,
        ),
        "place": Kind(
            turn_legal,
            turn_apply,
            lambda s, f: "Place a worker",
            lambda s, f: {"options": R.place_options(s, f["p"]), "yields": R.yields(s, f["p"])},
            _words,
        ),
        "retrieve": Kind(
            turn_legal,
            turn_apply,
            lambda s, f: "No workers on your board: take 1 back (this is your turn)",
            lambda s, f: {"options": R.retrieve_options(s, f["p"])},
            _words,
        ),
        **{k: _framed(kind) for k, kind in STACKED.items()},
    },
    owed=R.owed,
    settle=R.advance,
)
