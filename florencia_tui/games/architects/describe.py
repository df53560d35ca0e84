"""Log lines and menu labels for actions."""

from __future__ import annotations

from . import data as D
from .notation import parse, parse_pay_token

LOC = D.LOCATION_NAMES


def _appr(a: str) -> str:
    aid = int(a)
    name, skills = D.ALL_APPRENTICES[aid][0], D.ALL_APPRENTICES[aid][1]
    return f"{name} ({skills}, #{aid})"


def _bld(b: str) -> str:
    return f"{D.ALL_BUILDINGS[int(b)][0]} (#{b})"


def label(s: dict, seat: int, action: str) -> str:
    return action_label(s["names"], action)


def action_label(names: list[str], action: str) -> str:
    """A menu label for an action; pure (a UI may call it with a view's names)."""
    try:
        a = parse(action)
    except Exception:  # noqa: BLE001
        return action
    act, verb, args = str(a), a.verb, a.args
    if verb == "place":
        if args[0] == "mines":
            return f"Mines ({args[1]})"
        if args[0] == "market":
            return f"Black Market {['left', 'middle', 'right'][int(args[1]) - 1]}"
        return LOC.get(args[0], args[0])
    if verb == "retrieve":
        if args[0] == "captive":
            return f"Take back a worker held by {names[int(args[1])]}"
        return f"Take back a worker from {LOC.get(args[0], args[0])}"
    if verb in ("hire", "dismiss", "use", "fire"):
        return f"{verb.capitalize()} {_appr(args[0])}"
    if verb in ("keep", "build", "discard"):
        return f"{verb.capitalize()} {_bld(args[0])}"
    if verb == "capture":
        return f"Capture {names[int(args[1])]} at {LOC[args[0]]}"
    if verb == "trade":
        return f"{' + '.join(args[1:])} -> 1 {args[0]}"
    if verb == "pay":
        pay = parse_pay_token(args[0])
        return "Pay " + ", ".join(f"{k} {r}" for r, k in pay.items())
    simple = {
        "draw": "Draw buildings",
        "done": "Done",
        "turnin": "Turn in captives",
        "release": "Release from Prison",
        "ransom": "Ransom",
        "paydebt": "Pay off a debt",
        "cathedral": "Advance on the Cathedral",
        "destroy": "Destroy a debt",
        "pass": "Pass",
    }
    if verb == "gain":
        return {"gold": "Gain 1 gold", "silver": "Gain 3 silver", "marble": "Gain 1 marble"}.get(
            args[0], act
        )
    if verb == "barracks":
        return "Free capture" if args[0] == "capture" else "Free ransom"
    if verb == "hugo":
        return "Pay 2 silver instead of the debt" if args[0] == "pay" else "Take the debt"
    if verb in simple:
        return simple[verb] + (f" ({args[0]})" if args else "")
    return act


def describe(s: dict, seat: int, action: str, viewer: int | None) -> str:
    name = s["names"][seat]
    try:
        a = parse(action)
    except Exception:  # noqa: BLE001
        return f"{name}: {action}"
    verb, args = a.verb, a.args
    private = viewer != seat
    if verb == "keep":
        return f"{name} keeps a building card" if private else f"{name} keeps {_bld(args[0])}"
    if verb == "discard":
        if private:
            return f"{name} discards a building card"
        return f"{name} discards {_bld(args[0])}"
    if verb == "place":
        return f"{name} places a worker at {label(s, seat, action)}"
    if verb == "build":
        return f"{name} constructs {_bld(args[0])}"
    if verb == "draw":
        return f"{name} draws building cards"
    return f"{name}: {label(s, seat, action)}"
