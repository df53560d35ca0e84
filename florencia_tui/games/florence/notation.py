"""Action notation of The Princes of Florence: one line per decision.

Names are case-insensitive; extra whitespace is ignored. Professions are
written by key (``poet``, ``bellfounder``; the number 1-21, an alternate name
such as ``lawyer``, or ``bell-founder`` is also accepted), bonus cards
``B01``..``B20``, prestige cards ``P01``..``P14``, piles ``forest lake park
jester builder prestige recruit``, freedoms ``opinion travel religion``.

Verbs (one example each):

* ``return poet``          - setup: return this one of your 4 dealt professions (keep 3)
* ``nominate jester``      - auction: put up a pile at the opening bid of 200
* ``decline``              - auction: give up nominating (out for this round), or as the
                             last free player, take nothing
* ``raise``                - auction: bid exactly 100 more than the high bid
* ``pass``                 - auction: drop out of this auction only
* ``buy builder``          - auction, last free player: take an object for 200
* ``place forest 2 3 r0``  - place a landscape you just bought, or (action phase) build:
  ``place laboratory 0 4 r1 f``. ``<row> <col>`` (0-6, row 0 at the top, col 0 at
  the left; the palazzo covers rows 5-6, cols 0-2) is the top-left square of the
  tile's bounding box after the transform; ``r<k>`` = k quarter turns clockwise,
  ``f`` = mirrored left-right before turning. See geometry.py; only the first of
  several transforms giving the same footprint is accepted (e.g. chapel r0/r1).
* ``keep P07``             - keep one of the cards you drew (``keep poet``, ``keep B12``)
* ``order P02 P11 P05``    - the order the other drawn cards go under the deck:
                             the first named goes under first, the last ends at the bottom
* ``recruit composer``     - use a recruiting card on a face-up profession in any display
* ``later``                - keep the recruiting card just bought for later
* ``profession``           - action: pay 300, draw 5 profession cards (keep 1)
* ``bonus``                - action: pay 300, draw 5 bonus cards (keep 1)
* ``freedom travel``       - action: pay 300, introduce a freedom
* ``complete poet B03 B12`` - action: complete a work with a profession and bonus cards
* ``prestige 7``           - convert 7 PP of the payout just received (200 each; 0 = none)
* ``sell 2``               - sell 2 prestige points for 100 each (not an action)
* ``done``                 - end your action turn
"""

from __future__ import annotations

from functools import lru_cache

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action, is_number, split, to_int
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import geometry as G

_PROF_BY_NUM = {str(p[0]): p[1] for p in D.PROFESSIONS}
_KIND_ALIASES = {"theater": "theatre", "atelier": "studio", "lab": "laboratory"}


def prof(tok: str) -> str:
    t = tok.lower().replace("-", "").replace("_", "")
    t = _PROF_BY_NUM.get(t, t)
    t = D.PROF_ALIASES.get(t, t)
    if t not in D.PROF:
        raise IllegalAction(f"'{tok}' is not a profession card")
    return t


def _card(tok: str, prefix: str, ids: list[str], what: str) -> str:
    t = tok.upper()
    if t.startswith(prefix) and is_number(t[1:]):
        t = f"{prefix}{to_int(t[1:], what):02d}"
        if t in ids:
            return t
    raise IllegalAction(f"'{tok}' is not a {what}")


def bonus(tok: str) -> str:
    return _card(tok, "B", D.BONUS_IDS, "bonus card (B01-B20)")


def prestige(tok: str) -> str:
    return _card(tok, "P", D.PRESTIGE_IDS, "prestige card (P01-P14)")


def any_card(tok: str) -> str:
    """A profession, bonus or prestige card name."""
    t = tok.upper()
    if t[:1] == "B" and is_number(t[1:]):
        return bonus(tok)
    if t[:1] == "P" and is_number(t[1:]):
        return prestige(tok)
    return prof(tok)


def pile(tok: str) -> str:
    t = tok.lower()
    t = {
        "recruiting": "recruit",
        "prestige-card": "prestige",
        "builders": "builder",
        "jesters": "jester",
        "forests": "forest",
        "lakes": "lake",
        "parks": "park",
    }.get(t, t)
    if t not in D.PILES:
        raise IllegalAction(f"'{tok}' is not an auction pile ({', '.join(D.PILES)})")
    return t


def freedom(tok: str) -> str:
    t = tok.lower()
    if t not in D.FREEDOMS:
        raise IllegalAction(f"'{tok}' is not a freedom ({', '.join(D.FREEDOMS)})")
    return t


def kind(tok: str) -> str:
    t = _KIND_ALIASES.get(tok.lower(), tok.lower())
    if t not in D.SHAPES:
        raise IllegalAction(f"'{tok}' is not a building or landscape")
    return t


def place_args(args: list[str]) -> tuple[str, int, int, str]:
    """``<piece> <row> <col> r<k> [f]`` -> (kind, row, col, orientation name)."""
    if len(args) not in (4, 5):
        raise IllegalAction("write: place <piece> <row> <col> r<0-3> [f]")
    k = kind(args[0])
    row = to_int(args[1], "row")
    col = to_int(args[2], "column")
    r = args[3].lower()
    if len(r) != 2 or r[0] != "r" or r[1] not in "0123":
        raise IllegalAction(f"rotation must be r0, r1, r2 or r3, got '{args[3]}'")
    flip = False
    if len(args) == 5:
        if args[4].lower() != "f":
            raise IllegalAction(f"the last part must be 'f' (mirrored), got '{args[4]}'")
        flip = True
    name = G.orient_name(int(r[1]), flip)
    if name not in G.ORIENTS[k]:
        same = G.transform(k, int(r[1]), flip)
        canon = next((n for n, cells in G.ORIENTS[k].items() if cells == same), None)
        if canon is None:
            raise IllegalAction(f"a {k} may not be mirrored")
        raise IllegalAction(f"{k} {name} has the same footprint as {canon}; write {canon}")
    return k, row, col, name


def tile_record(k: str, row: int, col: int, orient: str) -> str:
    """How the state keeps a laid tile: ``"<piece> <row> <col> r<k> [f]"``,
    the arguments of the ``place`` action that laid it."""
    return f"{k} {row} {col} {orient}"


def fmt_place(k: str, row: int, col: int, orient: str) -> str:
    return "place " + tile_record(k, row, col, orient)


def tile_of(record: str) -> tuple[str, int, int, str]:
    """(kind, row, column, orientation name) of a :func:`tile_record`."""
    return place_args(record.split())


def fmt_complete(p: str, bonus_cards: list[str]) -> str:
    return " ".join(["complete", p] + sorted(bonus_cards))


@lru_cache(maxsize=4096)  # an Action is immutable: one parse per spelling
def parse(action: str) -> Action:
    """The action parsed once, with its arguments in canonical spelling
    (``str(parse(a))`` is the spelling ``legal()`` lists); raises IllegalAction
    on malformed text. Read numbers with ``a.num(i, what)``, a placement with
    :func:`placement`."""
    verb, args = split(action)
    if verb == "build":
        verb = "place"
    return Action(verb, _args(verb, args))


def placement(a: Action) -> tuple[str, int, int, str]:
    """(kind, row, column, orientation name) of a parsed ``place`` action."""
    return a.args[0], a.num(1, "the row"), a.num(2, "the column"), " ".join(a.args[3:])


def _args(verb: str, args: list[str]) -> list[str]:
    if verb in ("decline", "raise", "pass", "later", "profession", "bonus", "done"):
        if args:
            raise IllegalAction(f"'{verb}' takes no arguments")
        return []
    if verb == "place":
        k, row, col, orient = place_args(args)
        return [k, str(row), str(col), *orient.split()]
    if verb in ("nominate", "buy"):
        if len(args) != 1:
            raise IllegalAction(f"write: {verb} <pile>")
        return [pile(args[0])]
    if verb in ("return", "recruit"):
        if len(args) != 1:
            raise IllegalAction(f"write: {verb} <profession>")
        return [prof(args[0])]
    if verb == "keep":
        if len(args) != 1:
            raise IllegalAction("write: keep <card>")
        return [any_card(args[0])]
    if verb == "order":
        if not args:
            raise IllegalAction("write: order <card> <card> ...")
        return [any_card(a) for a in args]
    if verb == "freedom":
        if len(args) != 1:
            raise IllegalAction("write: freedom <opinion|travel|religion>")
        return [freedom(args[0])]
    if verb == "complete":
        if not args:
            raise IllegalAction("write: complete <profession> [bonus cards]")
        cards = [bonus(a) for a in args[1:]]
        if len(set(cards)) != len(cards):
            raise IllegalAction("each bonus card can be played only once")
        return [prof(args[0])] + sorted(cards)
    if verb in ("prestige", "sell"):
        if len(args) != 1:
            raise IllegalAction(f"write: {verb} <number>")
        return [str(to_int(args[0], "the number of prestige points"))]
    raise IllegalAction(f"unknown action '{verb}'")


def canonical(action: str) -> str:
    """The canonical spelling of a well-formed action (as listed by legal())."""
    return str(parse(action))
