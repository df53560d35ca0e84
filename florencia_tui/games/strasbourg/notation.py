"""Action notation for Strasbourg: one short line per decision.

Verbs are case-insensitive and extra whitespace is ignored. Square ids are a
column letter A-I and a row 1-6 (``C4``); chapel spots are ``K1``-``K7``; guilds
are ``SM VI SH BU BA``; card values are 1-6.

Setup (all seats at once)
    ``keep T03 T17``      keep these dealt task cards (1-5 of them); the rest leave the game.

Planning (all seats at once, each seat independently)
    ``draw``              draw the top card of your deck into your hand.
    ``stop``              stop drawing (at least one card must be drawn while the deck has cards).
    ``stack 5+3+2``       form your next face-down stack from these hand cards (values, any
                          order, ``stack 5 3 2`` also works; the menu lists them highest
                          first). Repeat until the hand is empty; stacks are numbered 1, 2, ...
                          in the order you form them (numbers shift down once one is played).

Bidding (steps A-G, one seat at a time)
    ``bid 2``             reveal your stack number 2 as your bid.
    ``pass``              take no part in this step.
    ``privilege``         hand back 1 privilege and decide again after everyone else.

Rewards
    ``good``              (master/journeyman/apprentice) take this guild's goods tile only.
    ``place D2``          (master/journeyman/apprentice) enter the city on square D2 (pay its
                          price) without taking the goods tile.
    ``good place D2``     (master/journeyman only) take the goods tile and enter D2.
    ``none``              decline the goods tile and the city (the seat is still rewarded).
    ``sell SM VI SH``     (merchants winner) sell these goods tiles; ``sell none`` sells nothing.
    ``return 4``          (a bidder with no reward) put one card of value 4 from the played
                          stack at the bottom of your deck; ``return none`` keeps nothing.
    ``chapel K3``         (Church holder, step H) build the chapel on spot K3.
    ``build C4``          (Nobility holder, step I) build this round's building on space C4.
"""

from __future__ import annotations

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action, to_int, want_args
from florencia_tui.games.strasbourg import data


def parse(action: str) -> tuple[str, object]:
    """Parse the text ``action`` into (verb, argument); see :func:`read`."""
    return read(Action.parse(action))


def read(a: Action) -> tuple[str, object]:
    """The parsed action ``a`` as (verb, typed argument): a square or spot id
    checked against the board, card values as ints, goods as guild codes.
    ``good place D2`` reads as ("goodplace", "D2"). Raises IllegalAction on
    bad syntax."""
    verb, args = a
    if verb in ("draw", "stop", "pass", "privilege", "none"):
        want_args(verb, args, 0)
        return verb, None
    if verb == "keep":
        if not args:
            raise IllegalAction("keep at least one task card, e.g. 'keep T03'")
        return verb, [a.upper() for a in args]
    if verb == "stack":
        if not args:
            raise IllegalAction("say which cards form the stack, e.g. 'stack 5+2'")
        return verb, parse_values("+".join(" ".join(args).replace("+", " ").split()))
    if verb == "bid":
        want_args(verb, args, 1)
        return verb, to_int(args[0], "the stack number")
    if verb == "good":
        if not args:
            return "good", None
        if len(args) == 2 and args[0].lower() == "place":
            return "goodplace", parse_square(args[1])
        raise IllegalAction("say 'good' or 'good place <square>'")
    if verb == "place":
        want_args(verb, args, 1)
        return verb, parse_square(args[0])
    if verb == "sell":
        if len(args) == 1 and args[0].lower() == "none" or not args:
            return verb, []
        goods = [a.upper() for a in args]
        for g in goods:
            if g not in data.GUILDS:
                raise IllegalAction(f"'{g}' is not a good (use SM VI SH BU BA)")
        return verb, goods
    if verb == "return":
        want_args(verb, args, 1)
        if args[0].lower() == "none":
            return verb, None
        return verb, to_int(args[0], "the card value")
    if verb == "chapel":
        want_args(verb, args, 1)
        spot = args[0].upper()
        if spot not in data.CHAPEL_CORNERS:
            raise IllegalAction(f"'{args[0]}' is not a chapel spot (K1-K7)")
        return verb, spot
    if verb == "build":
        want_args(verb, args, 1)
        space = args[0].upper()
        if space not in data.BUILDING_SPACES:
            raise IllegalAction(f"'{args[0]}' is not a building space")
        return verb, space
    raise IllegalAction(f"unknown action '{verb}'")


def parse_values(text: str) -> list[int]:
    vals = []
    for part in text.split("+"):
        v = to_int(part, "a card value")
        if not 1 <= v <= 6:
            raise IllegalAction(f"card values are 1-6, not {v}")
        vals.append(v)
    return vals


def parse_square(text: str) -> str:
    sq = text.upper()
    if sq not in data.CELLS:
        raise IllegalAction(f"'{text}' is not a guild square of the city")
    return sq


def fmt_values(vals: list[int]) -> str:
    return "+".join(str(v) for v in sorted(vals, reverse=True))


def fmt_goods(goods: list[str]) -> str:
    order = {g: i for i, g in enumerate(data.GUILDS)}
    return " ".join(sorted(goods, key=order.__getitem__))
