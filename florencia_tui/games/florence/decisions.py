"""Every decision of The Princes of Florence, in one table (core/decisions.py).

A decision is a frame ``{"k": kind, "p": seat, ...}``: the top of the stack
``s["pending"]`` (placing a landscape, keeping or ordering drawn cards, using
a recruiting card at once, converting a payout) or, when it is empty, the
phase's ordinary step (``rules.owed``). Per kind, ``DECISIONS`` holds the
legal answers and how to play one (``rules.legal_*``/``apply_*``), the
question (``text``), what the answers would bring (``preview``: the prompt's
data, read by the UI and the bots) and an answer in words (``label``); after
every answer the rules run on by themselves (``rules.advance``).
"""

from __future__ import annotations

from florencia_tui.core.decisions import Decisions, Kind
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import geometry as G
from florencia_tui.games.florence import notation as N
from florencia_tui.games.florence import rules as R
from florencia_tui.games.florence import scoring as SC


# ----------------------------------------------------------------------------- answers
def _answer(apply):
    """A kind's ``apply`` behind the checks every Florence decision shares:
    the verbs it takes (``rules.VERBS``), and selling prestige points, which
    most decisions allow besides their own answers."""

    def answer(s: dict, f: dict, a: Action) -> None:
        st, verb = f["k"], a[0]
        if verb not in R.VERBS[st]:
            raise IllegalAction(f"now you must {R.WHAT[st]}")
        if verb == "sell":
            R.sell_pp(s["players"][f["p"]], a.num(0, "the number of prestige points"))
            return
        apply(s, f, a)

    return answer


# ----------------------------------------------------------------------------- questions
def _text_return(s, f):
    return "Return one of your 4 professions (you keep the other 3)."


def _preview_return(s, f):
    return {"cards": list(s["players"][f["p"]]["deal"])}


def _text_place(s, f):
    return f"Place your {f['item']} in your principality."


def _preview_place(s, f):
    return {"piece": f["item"], "orients": list(G.ORIENTS[f["item"]])}


def _text_keep(s, f):
    return f"Keep one of these {f['deck']} cards."


def _preview_cards(s, f):
    return {"deck": f["deck"], "cards": list(f["cards"]), "count": len(f["cards"])}


def _text_order(s, f):
    return "Order the other cards going under the deck (first named goes first)."


def _text_recruit_now(s, f):
    return "Use your recruiting card now on a face-up profession, or keep it."


def _preview_recruit_now(s, f):
    return {"targets": R.recruit_targets(s)}


def _text_convert(s, f):
    return (
        f"Your work is worth {f['wv']}: you receive {f['payment']} florins. "
        f"Buy how many prestige points back (200 each, 0-{f['max_pp']})?"
    )


def _preview_convert(s, f):
    return {
        "prof": f["prof"],
        "wv": f["wv"],
        "lines": [list(x) for x in f["lines"]],
        "payment": f["payment"],
        "max_pp": f["max_pp"],
    }


def _text_nominate(s, f):
    return f"{s['names'][f['p']]}: nominate a pile at 200 florins, or decline (out for the round)."


def _preview_nominate(s, f):
    seat = f["p"]
    money = s["players"][seat]["money"]
    return {"piles": R.eligible_piles(s, seat), "price": D.OPENING_BID, "money": money}


def _text_last(s, f):
    return "You are the last player: take an object for 200 florins, or decline."


def _preview_last(s, f):
    seat = f["p"]
    money = s["players"][seat]["money"]
    return {"piles": R.eligible_piles(s, seat), "price": D.LAST_PLAYER_PRICE, "money": money}


def _text_bid(s, f):
    cur = s["auction"]["cur"]
    return (
        f"{D.PILE_NAME[cur['item']]}: high bid {cur['high']} by "
        f"{s['names'][cur['leader']]}. Raise to {cur['high'] + D.RAISE} or pass?"
    )


def _preview_bid(s, f):
    cur = s["auction"]["cur"]
    return {
        "item": cur["item"],
        "high_bid": cur["high"],
        "high_bidder": cur["leader"],
        "raise_to": cur["high"] + D.RAISE,
        "money": s["players"][f["p"]]["money"],
    }


def _text_turn(s, f):
    return f"Round {s['round']}: your action turn ({s['turn']['acts']}/2 actions used)."


def _preview_turn(s, f):
    seat = f["p"]
    p = s["players"][seat]
    t = s["turn"]
    return {
        "actions_used": t["acts"],
        "used": dict(t["used"]),
        "min_wv": R.min_wv(s),
        "build_cost": R.build_cost(p),
        "buildable": R.buildable(s, seat),
        "money": p["money"],
        "work_preview": {c: [list(x) for x in SC.work_lines(p, c, [])] for c in p["hand"]},
        "bonus_values": SC.bonus_values(p) if p["bonus"] else {},
    }


# ----------------------------------------------------------------------------- answers in words
def _card_name(c: str) -> str:
    if c in D.PROF:
        return D.PROF[c]["name"]
    return f"{c} {D.BONUS[c][0]}" if c in D.BONUS else f"{c} {D.PRESTIGE[c][0]}"


def label(s: dict, f: dict, a: Action) -> str:
    """``a`` in words for a menu (``f``: the decision it answers)."""
    verb, args = a.verb, a.args
    seat = f["p"]
    if verb == "nominate":
        return f"Nominate {D.PILE_NAME[args[0]]} (200)"
    if verb == "buy":
        return f"Buy {D.PILE_NAME[args[0]]} (200)"
    if verb == "raise":
        cur = s["auction"]["cur"] if s["auction"] else None
        return f"Raise to {cur['high'] + D.RAISE}" if cur else "Raise"
    if verb == "pass":
        return "Pass"
    if verb == "decline":
        return "Decline (out for this round)" if f["k"] == "nominate" else "Take nothing"
    if verb == "place":
        k, r, c, o = N.placement(a)
        if G.is_building(k):
            return f"Build {k} ({R.build_cost(s['players'][seat])}) at row {r}, col {c}, {o}"
        return f"Place {k} at row {r}, col {c}, {o}"
    if verb in ("keep", "return"):
        return f"{verb.capitalize()} {_card_name(args[0])}"
    if verb == "order":
        return "Under the deck: " + ", ".join(args)
    if verb == "recruit":
        return f"Recruit the {D.PROF[args[0]]['name']}"
    if verb == "later":
        return "Keep the recruiting card for later"
    if verb == "profession":
        return "Take a profession card (300)"
    if verb == "bonus":
        return "Take a bonus card (300)"
    if verb == "freedom":
        return f"Introduce {D.FREEDOM_NAME[args[0]]} (300)"
    if verb == "complete":
        p = s["players"][seat]
        try:
            wv = SC.work_value(p, args[0], list(args[1:]))
        except (KeyError, ValueError):
            wv = "?"
        extra = (" + " + " ".join(args[1:])) if args[1:] else ""
        return f"Complete a work: {D.PROF[args[0]]['name']}{extra} (WV {wv})"
    if verb == "prestige":
        k = a.num(0, "the number of prestige points")
        return f"Convert {k} PP (pay {k * D.CONVERT_PRICE})"
    if verb == "sell":
        k = a.num(0, "the number of prestige points")
        return f"Sell {k} PP for {k * D.SELL_PRICE}"
    if verb == "done":
        return "End turn"
    return str(a)


# ----------------------------------------------------------------------------- the table
DECISIONS = Decisions(
    {
        "return": Kind(
            R.legal_return, _answer(R.apply_return), _text_return, _preview_return, label
        ),
        "place": Kind(R.legal_place, _answer(R.apply_place), _text_place, _preview_place, label),
        "keep": Kind(R.legal_keep, _answer(R.apply_keep), _text_keep, _preview_cards, label),
        "order": Kind(R.legal_order, _answer(R.apply_order), _text_order, _preview_cards, label),
        "recruit_now": Kind(
            R.legal_recruit_now,
            _answer(R.apply_recruit_now),
            _text_recruit_now,
            _preview_recruit_now,
            label,
        ),
        "convert": Kind(
            R.legal_convert, _answer(R.apply_convert), _text_convert, _preview_convert, label
        ),
        "nominate": Kind(
            R.legal_nominate, _answer(R.apply_nominate), _text_nominate, _preview_nominate, label
        ),
        "last": Kind(R.legal_last, _answer(R.apply_last), _text_last, _preview_last, label),
        "bid": Kind(R.legal_bid, _answer(R.apply_bid), _text_bid, _preview_bid, label),
        "turn": Kind(R.legal_turn, _answer(R.apply_turn), _text_turn, _preview_turn, label),
    },
    owed=R.owed,
    settle=R.advance,
)
