"""Rows for the Architects prompt panel: one per legal action, with a key, a
label that says what it costs and gives, and a longer detail line shown for the
highlighted row; plus the reasons tempting options are unavailable.

Everything comes from the seat's view and the prompt's data (``yields``,
``hire_costs``, ``builds``, ...), never from the game state. The engine keeps
the last word: a reason here only explains, it never allows or forbids.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from florencia_tui.core.game import Prompt
from florencia_tui.core.notation import Action
from florencia_tui.games.architects import data as D
from florencia_tui.games.architects import texts
from florencia_tui.games.architects.describe import action_label
from florencia_tui.games.architects.notation import parse_pay_token
from florencia_tui.games.architects.ui import render
from florencia_tui.tui.widgets.common.keys import ACTION_KEYS

# Keys of the placement panel: a letter per location (shown beside each row).
PLACE_KEYS = {
    "place quarry": "q",
    "place forest": "f",
    "place mines clay": "m",
    "place mines gold": "n",
    "place silversmith": "s",
    "place storehouse": "k",
    "place workshop": "w",
    "place towncentre": "t",
    "place taxstand": "x",
    "place guardhouse": "d",
    "place market 1": "1",
    "place market 2": "2",
    "place market 3": "3",
    "place guildhall": "g",
}
# Keys for every other decision, in order (h, l, u and o stay with the screen:
# hint, log, undo, settings).
SEQ_KEYS = ACTION_KEYS
LOC = D.LOCATION_NAMES


@dataclass
class Row:
    action: str
    label: Text
    detail: str = ""
    key: str = ""


# ----- small helpers ----------------------------------------------------------------
def words(gains: dict) -> str:
    return texts.amounts({r: k for r, k in gains.items() if k})


def appr_name(aid: int) -> str:
    name, skills = D.ALL_APPRENTICES[aid][0], D.ALL_APPRENTICES[aid][1]
    return f"{name} {skills}"


def appr_detail(aid: int) -> str:
    name, skills = D.ALL_APPRENTICES[aid][0], D.ALL_APPRENTICES[aid][1]
    return f"{name} ({texts.skills_text(skills)}): {texts.apprentice_text(aid)}"


def building_detail(bid: int) -> str:
    name, skills, cost, _v, vp, when, _e = D.ALL_BUILDINGS[bid]
    need = texts.skills_text(skills) if skills else "no skill"
    return (
        f"{name}: {vp} VP, needs {need}, costs {texts.cost_text(cost)}; {texts.building_text(bid)}"
    )


def building_label(verb: str, bid: int, extra: str = "") -> Text:
    t = Text(f"{verb} ")
    t.append_text(render.building_line(bid, mark="", indent=""))
    if extra:
        t.append(f" {extra}", style="bold")
    return t


def face_up(view: dict) -> dict[int, tuple[int, int, dict]]:
    """Apprentice id -> (row, column, card) for the cards on the market rows."""
    out = {}
    for r, row in enumerate(view["apprentice_rows"]):
        for c, card in enumerate(row):
            if card:
                out[card["id"]] = (r, c, card)
    return out


def short_words(short: dict) -> str:
    return ", ".join(f"{k} {r}" for r, k in short.items())


def build_reason(blocker: dict) -> str:
    """Why a building cannot be constructed, from the rules' build_blocker."""
    if blocker["skills"]:
        return f"needs {texts.skills_text(blocker['skills'])} (hire an apprentice with that skill)"
    if blocker["short"]:
        return "short of " + short_words(blocker["short"])
    return "not possible now"


def cathedral_reason(blocker: dict | None, virtue: int) -> str:
    """Why the Cathedral is out of reach, from the rules' cathedral_blocker."""
    if blocker is None:
        return "not possible now"
    why, lvl = blocker["why"], blocker["level"]
    if why == "top":
        return "you are at the top of the Cathedral"
    if why == "virtue":
        return f"needs virtue {blocker['virtue_min']}+ (you have {virtue})"
    if why == "full":
        return f"level {lvl} is full"
    if why == "card":
        return "you need a building card to discard"
    return f"level {lvl} costs {texts.cost_text(blocker['cost'])}; short of " + short_words(
        blocker["short"]
    )


# ----- placement --------------------------------------------------------------------
def place_label(view: dict, action: str) -> tuple[Text, str]:
    """(label, detail) for a placement, from the prompt's yields."""
    y = view["yields"]
    args = Action.parse(action).args
    loc = args[0]
    key = " ".join(args)
    me = view["players"][view["seat"]]
    here = view["locations"][loc][view["seat"]] if loc in view["locations"] else 0
    t = Text()
    if loc == "market":
        i = int(args[1]) - 1
        eff = dict(y[key])
        cost = eff.pop("cost_silver")
        virtue = eff.pop("virtue")
        choice = eff.pop("choice", None)
        t.append(f"Black Market {render.MARKET_SIDES[i]:<6} ")
        t.append(f"pay {cost}$: ")
        t.append_text(Text(choice) if choice else render.gains_text(eff))
        detail = (
            f"Pay {cost} silver, {virtue:+d} virtue: "
            + (choice if choice else "gain " + words(eff))
            + ". Your worker stays until the market resets, then goes to the Prison."
        )
        return t, detail
    name = {"storehouse": "King's Storehouse"}.get(loc, LOC.get(loc, loc))
    if loc == "mines":
        name = f"Mines ({args[1]})"
    t.append(f"{name:<18}")
    n = here + 1
    if loc in ("quarry", "forest", "silversmith") or key in ("mines clay", "mines gold"):
        gains = y[key]
        t.append_text(render.gains_text(gains))
        base = {
            "quarry": "1 stone per worker of yours there",
            "forest": "1 wood per worker of yours there",
            "silversmith": "1 silver per worker of yours there, +1",
            "mines clay": "1 clay per worker of yours there, +1",
            "mines gold": "1 gold per 2 workers of yours there",
        }[key]
        detail = f"Gain {words(gains)}: {base} ({n} with this one), plus your apprentices' bonuses."
        return t, detail
    if loc == "storehouse":
        k = y[loc]["actions"]
        t.append(f"up to {render.plural(k, 'trade')}")
        detail = (
            f"Up to {render.plural(k, 'trade')}: 2 clay/wood/stone -> 1 virtue, "
            f"3 wood/stone -> 1 marble, or an apprentice's trade. "
            f"You have {render.purse(me).plain}."
        )
        return t, detail
    if loc == "workshop":
        w = y[loc]
        cols, draw = w["hire_columns"], w["draw"]
        t.append(f"hire (col≤{cols}) or draw {draw}")
        dodged = w["tax_dodged"]
        tax = f"{w['hire_tax']} tax" + (f", you ignore {dodged} of it" if dodged else "")
        detail = (
            f"Hire an apprentice for {w['hire_price']} silver ({tax}): columns 1-{cols} at no "
            f"extra, +1 silver per column further; or draw {draw} building "
            f"card{'s' if draw > 1 else ''}."
        )
        return t, detail
    if loc == "towncentre":
        tc = y[loc]
        k, lim = tc["captures"], tc["locations"]
        t.append(f"up to {render.plural(k, 'capture')}")
        detail = (
            f"Up to {render.plural(k, 'capture')}: all of one player's workers "
            f"at one location ({lim} location{'s' if lim > 1 else ''} in all). "
            f"The first costs you {tc['first_cost']} silver (tax), the next "
            f"{tc['next_cost']} silver."
        )
        return t, detail
    if loc == "taxstand":
        ts = y[loc]
        gains = {"silver": ts["silver"], "gold": ts["gold"]}
        t.append_text(render.gains_text(gains))
        t.append(" ")
        t.append_text(render.res("virtue", ts["virtue"], word=True, sign=True))
        detail = (
            f"Take all {ts['silver']} silver from the Tax Stand and lose "
            f"{-ts['virtue']} virtue (you have {me['virtue']})."
        )
        return t, detail
    if loc == "guardhouse":
        k = y[loc]["actions"]
        t.append(f"up to {render.plural(k, 'action')}")
        held = sum(q["captives"][view["seat"]] for q in view["players"])
        detail = (
            f"Up to {k} of: turn in your {render.plural(sum(me['captives']), 'captive')}"
            f" (1 silver each), release your {me['prison']} from the Prison, ransom "
            f"your {held} held by others, pay off one of your "
            f"{render.plural(me['debts'], 'debt')}."
        )
        return t, detail
    if loc == "guildhall":
        g = y["guildhall"]
        builds = [D.ALL_BUILDINGS[b][0] for b in g["build"]]
        parts = []
        if builds:
            parts.append("build " + ", ".join(builds))
        if g.get("cathedral"):
            parts.append(f"Cathedral L{me['cath'] + 1}")
        short = " or ".join(parts)
        if len(short) > 40 and builds:
            parts[0] = f"build 1 of {len(builds)}"
            short = " or ".join(parts)
        t.append(short)
        gh = view["guildhall"]
        detail = (
            f"Construct {', '.join(builds) or 'nothing'}"
            + (f" or advance to Cathedral level {me['cath'] + 1}" if g.get("cathedral") else "")
            + f". The worker stays: Guildhall {len(gh['workers']) + 1}/{gh['total']}."
        )
        return t, detail
    return Text(action_label(view["names"], action)), ""


def place_rows(view: dict, legal: list[str]) -> list[Row]:
    rows = []
    for a in legal:
        if a.startswith("place"):
            label, detail = place_label(view, a)
            rows.append(Row(a, label, detail, PLACE_KEYS.get(a, "")))
    # Dismissing gets the keys no location uses (d first), so every row has one.
    spare = iter(dict.fromkeys(k for k in "d" + SEQ_KEYS if k not in PLACE_KEYS.values()))
    for a in legal:
        if a.startswith("dismiss"):
            aid = Action.parse(a).num(0, "the apprentice")
            key = next(spare, "")
            rows.append(
                Row(
                    a,
                    Text(f"Dismiss {appr_name(aid)} (free action, back to deck)"),
                    appr_detail(aid),
                    key,
                )
            )
    return rows


def place_unavailable(view: dict, legal: list[str]) -> list[tuple[str, str]]:
    seat = view["seat"]
    me = view["players"][seat]
    y = view["yields"]
    out: list[tuple[str, str]] = []
    if "place mines gold" not in legal:
        out.append(("Mines (gold)", "needs 2 of your workers there: place one for clay first"))
    if "place taxstand" not in legal:
        out.append(("Tax Stand", "it is empty (tax payments fill it)"))
    if me["virtue"] > D.BLACK_MARKET_MAX_VIRTUE:
        out.append(("Black Market", f"barred at virtue 10+ (you have {me['virtue']})"))
    else:
        for i in range(3):
            if f"place market {i + 1}" in legal:
                continue
            who = view["black_market"]["spaces"][i]
            side = f"Black Market {render.MARKET_SIDES[i]}"
            if who is not None:
                out.append((side, f"taken by {view['names'][who]}"))
            else:
                cost = y[f"market {i + 1}"]["cost_silver"]
                out.append((side, f"costs {cost} silver, you have {me['silver']}"))
    if "place guildhall" not in legal:
        hand = me.get("hand") or []
        blocked = y["guildhall"]["blocked"]
        why = []
        if hand:
            why.append(
                "no building you can construct: "
                + "; ".join(
                    f"{h['name']} {build_reason(blocked['builds'][str(h['id'])])}" for h in hand[:2]
                )
                + ("…" if len(hand) > 2 else "")
            )
        else:
            why.append("no building cards in hand")
        why.append("Cathedral: " + cathedral_reason(blocked["cathedral"], me["virtue"]))
        out.append(("Guildhall", "; ".join(why)))
    return out


# ----- every other decision ---------------------------------------------------------
def follow_rows(prompt: Prompt, view: dict, legal: list[str]) -> list[Row]:
    data = prompt.data
    seat = prompt.seat
    me = view["players"][seat]
    names = view["names"]
    words_for = data.get("labels") or {}  # the decision table's labels
    up = face_up(view)
    rows: list[Row] = []
    for a in legal:
        act = Action.parse(a)
        verb, args = act.verb, act.args
        label: Text | None = None
        detail = ""
        if verb == "hire":
            aid = int(args[0])
            r, c, card = up.get(aid, (0, 0, {"coins": 0}))
            label = Text(f"Hire {appr_name(aid):<15} ")
            label.append(f"row {r + 1} col {c + 1} ", style="dim")
            cost = (data.get("hire_costs") or {}).get(str(aid))
            if cost:
                label.append(f"pay {cost['silver']}$", style="bold")
                if cost["skip_coins"]:
                    label.append(f" ({cost['skip_coins']} onto skipped)", style="dim")
            else:
                label.append("free", style="bold")
            if card.get("coins"):
                label.append(f", take its {card['coins']}$", style="bold")
            detail = appr_detail(aid)
        elif verb == "draw":
            k = data["draw_count"]
            keep = f", keep {data['keep_count']}" if "keep_count" in data else ""
            label = Text(f"Draw {render.plural(k, 'building card')}{keep}")
            detail = f"The building deck has {render.plural(view['building_deck'], 'card')}."
        elif verb in ("keep", "discard"):
            bid = int(args[0])
            gain = data.get("discard_gain") if verb == "discard" else None
            extra = f"for {words(gain)}" if gain else ""
            label = building_label(verb.capitalize(), bid, extra)
            detail = building_detail(bid)
        elif verb == "build":
            bid = int(args[0])
            pays = (data.get("builds") or {}).get(str(bid), [])
            extra = (
                "pays " + pay_words(pays[0])
                if len(pays) == 1
                else f"{len(pays)} ways to pay"
                if pays
                else ""
            )
            label = building_label("Build", bid)
            detail = building_detail(bid) + (
                f". You will pay {pay_words(pays[0])}."
                if len(pays) == 1
                else f". {extra}: you choose next."
                if pays
                else ""
            )
        elif verb == "cathedral":
            cath = data.get("cathedral") or {}
            lvl = cath.get("level", me["cath"] + 1)
            vp = D.CATHEDRAL[lvl][2]
            label = Text(f"Cathedral level {lvl} ({vp} VP): ")
            label.append_text(render.cost_text(D.CATHEDRAL[lvl][0]))
            label.append(", discard 1 card" if data["blocked"]["cathedral_discard"] else "")
            detail = (
                f"Advance to level {lvl}: {vp} VP at the end, draw a reward card "
                f"({view['rewards_left']} left; then +1 virtue each)."
            )
        elif verb == "pay":
            label = Text(f"Pay {pay_words(args[0])}")
        elif verb == "trade":
            label = Text(" + ".join(args[1:]) + f" -> 1 {args[0]}")
            detail = f"You have {render.purse(me).plain}, virtue {me['virtue']}."
        elif verb == "use":
            aid = int(args[0])
            give, get = D.ALL_APPRENTICES[aid][4]
            label = Text(f"Use {appr_name(aid)}: pay {words(give)} -> {words(get)}")
            detail = appr_detail(aid)
        elif verb == "capture":
            loc, q = args[0], int(args[1])
            k = (data.get("targets") or view["locations"]).get(loc, [0] * 5)[q]
            cost = data.get("next_cost", 0)
            label = Text()
            if q == seat:
                label.append(f"Bring home your {k} from {LOC[loc]}")
            else:
                label.append("Capture ")
                label.append_text(render.chip(view, q))
                label.append(f" {names[q]}'s {k} at {LOC[loc]}")
            label.append(f"  {cost}$" if cost else "  free", style="bold")
            detail = (
                f"Next capture costs {cost} silver (you have {me['silver']}); "
                f"captures may come from {data.get('location_limit', 1)} location(s)"
                + (
                    f", used: {', '.join(LOC[x] for x in data.get('locs', []))}"
                    if data.get("locs")
                    else ""
                )
                + "."
            )
        elif verb == "turnin":
            k = data["captives"]
            gets = words(data["turnin_gain"])
            label = Text(
                f"Turn in {render.plural(k, 'captive')} to the Prison: +{gets}"
                if k
                else "Turn in captives (you hold none)"
            )
        elif verb == "release":
            label = Text(
                f"Release your {data.get('in_prison', me['prison'])} workers from the Prison"
            )
        elif verb == "ransom":
            held = data.get("held_by_others", 0)
            label = Text(
                f"Ransom your {held} captured workers: "
                + (
                    f"pay {data['ransom_cost']} silver"
                    if args[0] == "silver"
                    else "take 1 debt, -1 virtue"
                )
            )
        elif verb == "paydebt":
            label = Text(f"Pay off a debt: {data['paydebt_cost']} silver, +1 virtue")
            detail = f"You have {me['debts']} unpaid debts (each -2 VP at the end)."
        elif verb == "retrieve" and args[0] in view["locations"]:
            k = view["locations"][args[0]][seat]
            label = Text(f"Take back a worker from {LOC[args[0]]} ({k} there)")
        elif verb in ("dismiss", "fire"):
            aid = int(args[0])
            label = Text(
                f"{'Dismiss' if verb == 'dismiss' else 'Discard'} {appr_name(aid)}"
                + (" (free action)" if verb == "dismiss" else "")
            )
            detail = appr_detail(aid)
        elif verb == "place":
            label = Text("Place another worker in the Guildhall")
        if label is None:
            label = Text(words_for.get(a) or action_label(names, a))
        rows.append(Row(a, label, detail))
    return rows


def pay_words(token: str) -> str:
    pay = parse_pay_token(token)
    return ", ".join(f"{k} {r}" for r, k in pay.items()) or "nothing"


Reasons = list[tuple[str, str]]


def _hire_unavailable(data: dict, me: dict, legal: list[str]) -> Reasons:
    limit = data["appr_limit"]
    if len(me["apprentices"]) >= limit:
        return [("Hire", f"you have {limit} apprentices; dismiss one first (it is listed here)")]
    return [
        (
            f"Hire {appr_name(int(aid))}",
            f"costs {cost['silver']} silver, you have {me['silver']}",
        )
        for aid, cost in (data.get("hire_costs") or {}).items()
        if f"hire {aid}" not in legal
    ]


def _guildhall_unavailable(data: dict, me: dict, legal: list[str]) -> Reasons:
    blocked = data["blocked"]
    out = [
        (f"Build {h['name']}", build_reason(blocked["builds"][str(h["id"])]))
        for h in me.get("hand") or []
        if f"build {h['id']}" not in legal
    ]
    if "cathedral" not in legal:
        out.append(("Cathedral", cathedral_reason(blocked["cathedral"], me["virtue"])))
    return out


def _guardhouse_unavailable(data: dict, me: dict, legal: list[str]) -> Reasons:
    out = []
    if "release" not in legal:
        out.append(("Release", "none of your workers is in the Prison"))
    if not data["held_by_others"]:
        out.append(("Ransom", "nobody holds your workers"))
    elif "ransom silver" not in legal:
        out.append(
            ("Ransom for silver", f"costs {data['ransom_cost']} silver, you have {me['silver']}")
        )
    if "paydebt" not in legal:
        why = (
            "you have no unpaid debt"
            if not me["debts"]
            else f"costs {data['paydebt_cost']} silver, you have {me['silver']}"
        )
        out.append(("Pay off a debt", why))
    return out


def _storehouse_unavailable(data: dict, me: dict, legal: list[str]) -> Reasons:
    out = []
    if not any(a.startswith("trade virtue") for a in legal):
        out.append(("Trade for virtue", "needs 2 of clay, wood and stone"))
    if not any(a.startswith("trade marble") for a in legal):
        out.append(("Trade for marble", "needs 3 of wood and stone"))
    return out


def _capture_unavailable(data: dict, me: dict, legal: list[str]) -> Reasons:
    if any(a != "done" for a in legal):
        return []
    cost = data["next_cost"]
    why = (
        f"the next capture costs {cost} silver, you have {me['silver']}"
        if cost > me["silver"]
        else "no workers at a location you may still use"
    )
    return [("Capture", why)]


#: Why tempting answers are missing, by prompt kind (from the prompt's data).
UNAVAILABLE = {
    "workshop": _hire_unavailable,
    "market_mid": _hire_unavailable,
    "tavern": _hire_unavailable,
    "freehire": _hire_unavailable,
    "guildhall": _guildhall_unavailable,
    "guardhouse": _guardhouse_unavailable,
    "storehouse": _storehouse_unavailable,
    "capture": _capture_unavailable,
}


def follow_unavailable(prompt: Prompt, view: dict, legal: list[str]) -> Reasons:
    reasons = UNAVAILABLE.get(prompt.kind.split(".", 1)[1])
    if reasons is None:
        return []
    return reasons(prompt.data, view["players"][prompt.seat], legal)


def rows_for(prompt: Prompt, view: dict, legal: list[str]) -> list[Row]:
    if prompt.kind == "architects.place":
        return place_rows(view, legal)
    rows = follow_rows(prompt, view, legal)
    for i, r in enumerate(rows):
        r.key = SEQ_KEYS[i] if i < len(SEQ_KEYS) else ""
    return rows


def unavailable_for(prompt: Prompt, view: dict, legal: list[str]) -> list[tuple[str, str]]:
    if prompt.kind == "architects.place":
        return place_unavailable(view, legal)
    return follow_unavailable(prompt, view, legal)
