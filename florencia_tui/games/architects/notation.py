"""Action notation for Architects of the West Kingdom.

One line per decision: a verb and its arguments, case and spacing are free.
Seats are 0-based seat numbers; buildings (b) and apprentices (a) are card ids
(buildings 1-40, apprentices 1-40, see data.py).

Draft (simultaneous, 3 picks):
    keep 17            keep building 17 from the packet in front of you

Your turn (worker placement):
    place quarry       also: forest, silversmith, storehouse, workshop,
                       towncentre, taxstand, guardhouse, guildhall
    place mines clay   Mines, clay option (n+1 clay)
    place mines gold   Mines, gold option (floor(n/2) gold; needs n >= 2)
    place market 2     Black Market space 1 (left), 2 (middle) or 3 (right)
    retrieve forest    no-worker turn: take 1 worker back from a large location
    retrieve prison    (fallback only) also: retrieve market 2, retrieve captive 1
    pass               no-worker turn with nothing to take back
    dismiss 13         free action at any decision of yours: discard hired apprentice 13

Location follow-ups:
    hire 25            Workshop / Black Market middle / Tavern: hire apprentice 25
    draw               Workshop: draw buildings; Black Market middle: draw 5 keep 1
    keep 8             keep building 8 of the 5 drawn at the Black Market
    trade virtue clay wood        Storehouse: 2 of clay/wood/stone -> 1 virtue
    trade marble wood wood stone  Storehouse: 3 of wood/stone -> 1 marble
    use 15             Storehouse: use apprentice 15 (Merchant, Patron or Trader)
    capture forest 2   capture seat 2's group at the Forest (Town Centre, Armoury...)
    turnin             Guardhouse 1: captives to the Prison, 1 silver each
    release            Guardhouse 2: your Prison workers back to your board
    ransom silver      Guardhouse 3: pay 5 (2 tax) to free your captured workers
    ransom debt        Guardhouse 3: take 1 debt and lose 1 virtue instead
    paydebt            Guardhouse 4: pay 6 (3 tax), flip a debt, +1 virtue
    done               end a multi-action visit (or decline an optional effect)
    build 13           Guildhall: construct building 13 from your hand
    cathedral          Guildhall: advance 1 level on the Cathedral
    pay w3s1           choose how to pay (letters c w s g m with counts)
    discard 22         discard building 22 (Cathedral, Library, hand limit)
    gain gold          Treasury (gold|silver) / Clay Pit (gold|marble)
    barracks capture   Barracks: free capture (or: barracks ransom)
    destroy            Church: destroy 1 unpaid debt
    hugo pay           Hugo: pay 2 silver instead of the debt (or: hugo debt)
    fire 13            Graveyard (promo): discard hired apprentice 13
    place guildhall    also the Crane's (promo) extra Guildhall placement, or done

Dismissing (`dismiss`) is offered at every decision you owe during play
("en cualquier momento"), except one that would leave that decision with no
legal answer.
"""

from __future__ import annotations

from functools import lru_cache

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action, is_digit, to_int

from .data import FROM_LETTER, LETTER, RESOURCES

LOC_ALIASES = {
    "quarry": "quarry",
    "forest": "forest",
    "mines": "mines",
    "mine": "mines",
    "silversmith": "silversmith",
    "silver": "silversmith",
    "storehouse": "storehouse",
    "store": "storehouse",
    "kings": "storehouse",
    "workshop": "workshop",
    "towncentre": "towncentre",
    "town": "towncentre",
    "tc": "towncentre",
    "taxstand": "taxstand",
    "tax": "taxstand",
    "guardhouse": "guardhouse",
    "guard": "guardhouse",
    "market": "market",
    "blackmarket": "market",
    "bm": "market",
    "guildhall": "guildhall",
    "gh": "guildhall",
    "prison": "prison",
    "captive": "captive",
}
RES_ALIASES = {r: r for r in RESOURCES}
RES_ALIASES.update({LETTER[r]: r for r in RESOURCES})


def pay_token(pay: dict) -> str:
    """A payment dict as a token, e.g. {'wood': 3, 'stone': 1} -> 'w3s1'."""
    out = "".join(f"{LETTER[r]}{pay[r]}" for r in RESOURCES if pay.get(r))
    return out or "nothing"


def parse_pay_token(tok: str) -> dict:
    tok = tok.lower()
    if tok == "nothing":
        return {}
    out: dict = {}
    i = 0
    while i < len(tok):
        letter = tok[i]
        j = i + 1
        while j < len(tok) and is_digit(tok[j]):
            j += 1
        if letter not in FROM_LETTER or j == i + 1 or letter == "$":
            raise IllegalAction(f"cannot read payment '{tok}' (use e.g. w3s1)")
        count = to_int(tok[i + 1 : j], f"the count of {FROM_LETTER[letter]}")
        out[FROM_LETTER[letter]] = out.get(FROM_LETTER[letter], 0) + count
        i = j
    return {r: out[r] for r in RESOURCES if out.get(r)}


def canonical(action: str) -> str:
    """Normalise spacing, case, aliases and argument order of an action."""
    return str(parse(action))


@lru_cache(maxsize=4096)  # an Action is immutable: one parse per spelling
def parse(action: str) -> Action:
    """An action parsed once: verb and arguments with spacing, case, aliases
    and argument order normalised (``str()`` of it is the canonical text)."""
    parts = action.strip().lower().split()
    if not parts:
        raise IllegalAction("empty action")
    verb, args = parts[0], parts[1:]
    if verb in ("place", "retrieve") and args:
        loc = LOC_ALIASES.get(args[0].replace("'", "").replace("_", ""))
        if loc is None:
            raise IllegalAction(f"unknown location '{args[0]}'")
        args = [loc] + args[1:]
        if loc == "market" and len(args) > 1:
            args[1] = {"left": "1", "middle": "2", "right": "3"}.get(args[1], args[1])
    elif verb == "capture" and args:
        loc = LOC_ALIASES.get(args[0])
        if loc is None:
            raise IllegalAction(f"unknown location '{args[0]}'")
        args = [loc] + args[1:]
    elif verb == "trade" and args:
        res = []
        for a in args[1:]:
            if a not in RES_ALIASES:
                raise IllegalAction(f"unknown resource '{a}'")
            res.append(RES_ALIASES[a])
        res.sort(key=RESOURCES.index)
        args = [args[0]] + res
    elif verb == "pay" and len(args) == 1:
        args = [pay_token(parse_pay_token(args[0]))]
    return Action(verb, tuple(args))
