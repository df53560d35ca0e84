"""Architects of the West Kingdom position evaluation: a seat's projected score.

Read from a (determinized) state: the score as it stands (buildings with
their end bonuses, Cathedral, virtue, debts, gold and marble, silver,
prison); the buildings in hand by how much of their cost the seat holds and
whether its apprentices have the skills, and the next Cathedral level the same
way (virtue 5 or more, and a card to discard); raw resources and silver up to
what the hand and the Cathedral call for (little beyond); apprentices; workers
on the board, captives held and workers lost to the Prison or to other
players' boards; the group at the Mines (each worker there brings more gold)
and, with silver for the tax, the best group to capture; the virtue thresholds
(Cathedral from 5, the Black Market up to 9); and what the seat's own decision
under way (Guildhall, Storehouse, Workshop, a capture...) is about to bring,
valued by playing it out on the seat's own figures. Everything that depends on
time left fades as the Guildhall fills. At the end of the game it is the real
score.

Greedy play in Architects can stall: resources and the Mines are unlimited,
so two one-ply bots may each gain a little every turn (gold at the Mines, a
race for "most stone") while nobody fills the Guildhall. So the leader gains
from Guildhall spaces filled (``ENDING``) and values a lead beyond
``LEAD_CAP`` at ``SURPLUS`` a point, and once a game runs past
``EXPECTED_TURNS`` per player everyone gains from taking Guildhall spaces
(``OVERTIME``), more the longer it lasts.
"""

from __future__ import annotations

from florencia_tui.core import decisions
from florencia_tui.core.notation import Action
from florencia_tui.core.plugin import BotKit
from florencia_tui.games.architects import data as D
from florencia_tui.games.architects.decisions import MARKET_DRAW
from florencia_tui.games.architects.rules import (
    appr_limit,
    can_build,
    can_cathedral,
    capture_price,
    face_up,
    paydebt_cost,
    ransom_cost,
    skills_of,
    tax_cost,
    workshop_draw,
    workshop_hire_cost,
)
from florencia_tui.games.architects.scoring import debt_cost, score_lines

# ----- tunable weights (points) ----------------------------------------------------
RAW = {"clay": 0.12, "wood": 0.22, "stone": 0.22, "silver": 0.25}  # besides the score
EXCESS = 0.25  # share of RAW for what lies beyond the seat's needs (hand, Cathedral)
SILVER_NEED = 10  # silver the seat can always use (hires, the Black Market, debts)
HAND_SHARE = 0.55  # a building fully paid for in hand is worth this share of its VP
OTHER_HANDS = 0.35  # weight of every building in hand after the most promising one
MISSING_SKILL = 0.45  # factor per skill the seat's apprentices lack
CATHEDRAL_SHARE = 0.5
APPRENTICE = 0.9
WORKER = 0.08  # per worker on the seat's board
CAPTIVE = 0.3  # per captive held (1 silver at the Guardhouse, and a worker denied)
LOST_WORKER = 0.35  # per own worker in the Prison or held by another player
CAPTURE_OPTION = 0.4  # share of the best capture's value while the seat can afford it
MINES_ENGINE = 0.5  # per gold the seat's next Mines worker would bring (a capture ends it)
ENDING = 0.1  # times the lead in points now, times the share of the Guildhall filled
OVERTIME = 10.0  # points per Guildhall space for everyone, per expected game length overdue
EXPECTED_TURNS = 40  # turns per player a game lasts (two to four times that with random play)
LEAD_CAP = 80  # a lead beyond this many points counts only SURPLUS per point ...
SURPLUS = 0.4  # ... so a far-ahead seat heads for the end rather than piling up more
VIRTUE_CATHEDRAL = 0.6  # being able to climb the Cathedral (virtue 5+)
VIRTUE_MARKET = 0.3  # being allowed at the Black Market (virtue 9 or less)

_COST = {b: v[2] for b, v in D.ALL_BUILDINGS.items()}
_NEED = {b: set(v[1]) for b, v in D.ALL_BUILDINGS.items()}
_VP = {b: v[4] for b, v in D.ALL_BUILDINGS.items()}


def _coverage(P: dict, cost: dict) -> float:
    """Share of ``cost`` (units, "ws" = wood/stone) the player holds."""
    total = have = 0
    spare = {"wood": P["wood"], "stone": P["stone"]}
    for r, k in cost.items():
        if r == "ws" or not k:
            continue
        total += k
        got = min(P[r], k)
        if P["board"] == "Therese" and r in ("gold", "marble"):
            got = min(P["gold"] + P["marble"], k)
        have += got
        if r in spare:
            spare[r] -= got
    ws = cost.get("ws", 0)
    if ws:
        total += ws
        have += min(ws, spare["wood"] + spare["stone"])
    return have / total if total else 1.0


def _engine(mines: int) -> float:
    """What a group of ``mines`` workers at the Mines is worth to its owner."""
    return MINES_ENGINE * ((mines + 1) // 2)


def _best_capture(s: dict, p: int, early: float) -> float:
    """The best group for ``p`` to capture: the captives, and what the group's
    owner loses (its workers, and at the Mines its engine)."""
    loc = s["loc"]
    return max(
        [
            (CAPTIVE + early * LOST_WORKER) * loc[x][q]
            + (early * _engine(loc[x][q]) if x == "mines" else 0.0)
            for x in D.LARGE
            for q in range(s["np"])
            if q != p
        ],
        default=0.0,
    )


def _needs(s: dict, P: dict) -> dict:
    """Resources the buildings in hand and the next Cathedral level call for."""
    need = {"clay": 2, "wood": 2, "stone": 2}
    costs = [_COST[b] for b in P["hand"] if b in _COST]
    if P["cath"] < 5:
        costs.append(D.CATHEDRAL[P["cath"] + 1][0])
    for cost in costs:
        for r, k in cost.items():
            if r == "ws":
                need["wood"] += k
                need["stone"] += k
            elif r in need:
                need[r] += k
    need["silver"] = SILVER_NEED
    return need


def _prospects(s: dict, P: dict, late: float, close: float) -> float:
    """Buildings in hand and the next Cathedral level, by how close they are
    (``close``: what taking a Guildhall space is worth to the seat besides)."""
    skills = skills_of(P)
    values = []
    for b in P["hand"]:
        if b not in _VP:  # a hidden card (never in a determinized state)
            continue
        cov = _coverage(P, _COST[b])
        missing = len(_NEED[b] - skills)
        values.append((_VP[b] * HAND_SHARE * cov + close) * cov * MISSING_SKILL**missing)
    values.sort(reverse=True)
    value = sum(values[:1]) + OTHER_HANDS * sum(values[1:])
    lvl = P["cath"] + 1
    if lvl <= 5 and P["virtue"] >= D.CATHEDRAL_MIN_VIRTUE:
        taken = sum(1 for Q in s["players"] if Q["cath"] == lvl)
        if taken < D.CATHEDRAL[lvl][1]:
            gain = D.CATHEDRAL[lvl][2] - D.CATHEDRAL[lvl - 1][2]
            cov = _coverage(P, D.CATHEDRAL[lvl][0])
            if not P["hand"] and P["board"] != "Frederick":
                cov *= 0.5  # a building card to discard is needed too
            value += (gain * CATHEDRAL_SHARE * cov + close) * cov
    return value * (1 - 0.6 * late)


def player_value(s: dict, p: int, P: dict, late: float, close: float = 0.0, terms=None) -> float:
    """``terms`` (evaluate.Terms), if given, learns the value's parts."""
    mark = terms.mark if terms is not None else None
    value = sum(v for _, v in score_lines(s, p, P))
    if mark:
        mark("vp", value)
    early = 1 - late
    value += _prospects(s, P, late, close)
    if mark:
        mark("buildings", value)
    need = _needs(s, P)
    for r, w in RAW.items():
        x, cap = P[r], need[r]
        value += early * w * (x if x <= cap else cap + EXCESS * (x - cap))
    if mark:
        mark("resources", value)
    value += early * APPRENTICE * min(len(P["appr"]), appr_limit(P))
    value += early * WORKER * P["workers"]
    value += CAPTIVE * sum(P["captives"])
    lost = s["prison"][p] + sum(Q["captives"][p] for Q in s["players"])
    value -= early * LOST_WORKER * lost
    value += early * _engine(s["loc"]["mines"][p])
    if P["workers"] and P["silver"] >= tax_cost(P, 1, 0):
        value += CAPTURE_OPTION * _best_capture(s, p, early)  # a Town Centre visit away
    if mark:
        mark("workers", value)
    v = P["virtue"]
    if v >= D.CATHEDRAL_MIN_VIRTUE and P["cath"] < 5:
        value += early * VIRTUE_CATHEDRAL
    if v <= D.BLACK_MARKET_MAX_VIRTUE:
        value += early * VIRTUE_MARKET
    if mark:
        mark("virtue", value)
    return value


def _built(P: dict, b: int) -> dict:
    """``P`` had it just constructed ``b`` (paying the plain way)."""
    Q = dict(P)
    for r, k in _COST[b].items():
        Q[r] -= k
    if Q["board"] == "Therese":  # gold and marble interchangeable
        for r, o in (("gold", "marble"), ("marble", "gold")):
            if Q[r] < 0:
                Q[o] += Q[r]
                Q[r] = 0
    Q["hand"] = list(P["hand"])
    Q["hand"].remove(b)
    Q["built"] = P["built"] + [b]
    Q["virtue"] = max(0, min(D.VIRTUE_MAX, Q["virtue"] + D.ALL_BUILDINGS[b][3]))
    return Q


def _climbed(P: dict) -> dict:
    """``P`` had it just advanced on the Cathedral."""
    Q = dict(P)
    cost = D.CATHEDRAL[P["cath"] + 1][0]
    ws = cost.get("ws", 0)
    for r, k in cost.items():
        if r != "ws":
            Q[r] -= k
    w = min(Q["wood"], ws)
    Q["wood"] -= w
    Q["stone"] -= ws - w
    Q["cath"] += 1
    if P["hand"] and P["board"] != "Frederick":
        Q["hand"] = P["hand"][1:]
    return Q


def _traded(P: dict, left: int) -> dict:
    """``P`` after up to ``left`` Storehouse trades of its most plentiful
    wood/stone for marble (clay, wood and stone for virtue below virtue 14)."""
    Q = dict(P)
    for _ in range(min(left, 3)):
        if Q["wood"] + Q["stone"] >= 3:
            for _ in range(3):
                r = "wood" if Q["wood"] >= Q["stone"] else "stone"
                Q[r] -= 1
            Q["marble"] += 1
        elif Q["clay"] + Q["wood"] + Q["stone"] >= 2 and Q["virtue"] < D.VIRTUE_MAX:
            for _ in range(2):
                r = max(("clay", "wood", "stone"), key=lambda x: Q[x])
                Q[r] -= 1
            Q["virtue"] += 1
    return Q


def _build_or_climb(s, p, P, base, late, close, builds, climb) -> float:
    options = [player_value(s, p, _built(P, b), late, close) + close for b in builds]
    if climb:  # a reward tile comes with it
        options.append(player_value(s, p, _climbed(P), late, close) + close + 1.0)
    return max([0.0] + [v - base for v in options])


def _guildhall_value(s, p, P, f, base, late, close) -> float:
    builds = [b for b in set(P["hand"]) if b in _VP and can_build(s, p, b)]
    return _build_or_climb(s, p, P, base, late, close, builds, can_cathedral(s, p))


def _pay_value(s, p, P, f, base, late, close) -> float:
    builds = [f["b"]] if f.get("what") == "build" and f["b"] in P["hand"] else []
    return _build_or_climb(s, p, P, base, late, close, builds, not builds)


def _cath_discard_value(s, p, P, f, base, late, close) -> float:
    lvl = P["cath"] + 1
    return D.CATHEDRAL[lvl][2] - D.CATHEDRAL[lvl - 1][2] + 1.0 if lvl <= 5 else 0.0


def _storehouse_value(s, p, P, f, base, late, close) -> float:
    return max(0.0, player_value(s, p, _traded(P, f["left"]), late, close) - base)


def _hires(s, p, P, base, late, close, cost_of) -> list[float]:
    """The value of each hire the seat can pay (``cost_of(a)``: its price)."""
    options = []
    if len(P["appr"]) < appr_limit(P):
        for a in face_up(s):
            cost = cost_of(a)
            if cost <= P["silver"]:
                virtue = P["virtue"] + D.ALL_APPRENTICES[a][2]
                Q = dict(
                    P,
                    appr=P["appr"] + [a],
                    silver=P["silver"] - cost,
                    virtue=max(0, min(D.VIRTUE_MAX, virtue)),
                )
                options.append(player_value(s, p, Q, late, close) - base)
    return options


def _drawn(s, P, late, close, gains, kept) -> float:
    """Drawing building cards: ``kept`` of them, ``gains`` what each choice adds."""
    return 0.3 * (1 - late) * kept + max(gains, default=0.0)


def _workshop_value(s, p, P, f, base, late, close) -> float:
    options = [0.0] + _hires(
        s, p, P, base, late, close, lambda a: workshop_hire_cost(s, p, a, f["n"])[0]
    )
    # The cards to come (this deal's deck order): 1 + n/2 at the Workshop.
    now = _prospects(s, P, late, close)
    cards = s["bdeck"][: workshop_draw(f["n"])]
    gains = [_prospects(s, dict(P, hand=P["hand"] + cards), late, close) - now]
    options.append(_drawn(s, P, late, close, gains, len(cards)))
    return max(options)


def _market_mid_value(s, p, P, f, base, late, close) -> float:
    options = [0.0] + _hires(s, p, P, base, late, close, lambda a: 0)
    # The cards to come (this deal's deck order): the best of 5 at the Black Market.
    now = _prospects(s, P, late, close)
    cards = s["bdeck"][:MARKET_DRAW]
    gains = [_prospects(s, dict(P, hand=P["hand"] + [b]), late, close) - now for b in cards]
    options.append(_drawn(s, P, late, close, gains, 1))
    return max(options)


def _tavern_value(s, p, P, f, base, late, close) -> float:
    return max([0.0] + _hires(s, p, P, base, late, close, lambda a: 0))


def _capture_value(s, p, P, f, base, late, close) -> float:
    if capture_price(s, f) > P["silver"]:
        return 0.0
    return _best_capture(s, p, 1 - late)


def _guardhouse_value(s, p, P, f, base, late, close) -> float:
    early = 1 - late
    options = [0.0]
    if s["prison"][p]:
        options.append(LOST_WORKER * s["prison"][p] * early)
    if P["debts"] and paydebt_cost(P) <= P["silver"]:
        options.append(2.0 + (0.5 if P["virtue"] >= 9 else 0.0))
    held = sum(Q["captives"][p] for Q in s["players"])
    if held:
        back = (LOST_WORKER + WORKER) * held * early
        if ransom_cost(P) <= P["silver"]:
            options.append(back - RAW["silver"] * ransom_cost(P))
        options.append(back - debt_cost(P) - 0.5)  # a debt and a virtue instead
    return max(options)


def _flat(points: float):
    return lambda s, p, P, f, base, late, close: points


#: What the seat's own pending decision is about to add, by kind (every kind
#: of decisions.DECISIONS has an entry; tests check it).
FRAME_VALUE = {
    "guildhall": _guildhall_value,
    "pay": _pay_value,
    "cath_discard": _cath_discard_value,
    "storehouse": _storehouse_value,
    "workshop": _workshop_value,
    "market_mid": _market_mid_value,
    "tavern": _tavern_value,
    "keep": lambda s, p, P, f, base, late, close: 0.6 * (1 - late),
    "capture": _capture_value,
    "guardhouse": _guardhouse_value,
    "choose": _flat(1.0),
    "church": _flat(2.0),
    "barracks": _flat(0.8),
    "library": _flat(0.8),
    "crane": _flat(0.8),
    "handlimit": _flat(0.0),
    "hugo": _flat(0.0),
    "graveyard": _flat(0.0),
}


def _frame_value(
    s: dict, p: int, P: dict, f: dict, base: float, late: float, close: float
) -> float:
    """What the seat's own pending decision is about to add."""
    return FRAME_VALUE[f["k"]](s, p, P, f, base, late, close)


def architects_eval(game, s: dict, seat: int, terms=None) -> float:
    if s["phase"] == "over":
        return float(sum(v for _, v in score_lines(s, seat, s["players"][seat])))
    P = s["players"][seat]
    late = lead = close = overtime = 0.0
    if s["phase"] == "play":
        _, total, _ = D.guildhall_layout(s["np"])
        late = 1.0 if s["final"] is not None else len(s["guildhall"]) / total
        if s["np"] > 1:
            # The leader wants the game to end, and builds towards it; the others do not.
            now = [sum(v for _, v in score_lines(s, q, Q)) for q, Q in enumerate(s["players"])]
            lead = now[seat] - max(x for q, x in enumerate(now) if q != seat)
            close = 2 * ENDING * max(0.0, lead) / total
        # A game that drags on (bots locked in a race or a capture war): everyone
        # gains from taking Guildhall spaces, more the longer it lasts.
        overtime = OVERTIME * max(0.0, s["turns"] / (EXPECTED_TURNS * s["np"]) - 1)
        close += overtime
    if s["draft"] is not None:  # the buildings kept so far are the hand to come
        P = dict(P, hand=[b for b in s["draft"]["kept"][seat] if b in _VP])
    base = player_value(s, seat, P, late, close, terms)
    value = base + sum(
        _frame_value(s, seat, P, f, base, late, close) for f in s["pending"] if f["p"] == seat
    )
    if terms is not None:
        terms.mark("decision", value)
    value += ENDING * late * lead
    if overtime:
        value += overtime * (s["guildhall"].count(seat) + s["beside"].count(seat))
    if lead > LEAD_CAP:
        value -= (1 - SURPLUS) * (lead - LEAD_CAP)
    if terms is not None:
        terms.mark("ending", value)
    return value


def _storehouse_candidates(s: dict, seat: int, legal: list[str]) -> list[str]:
    """One trade of each kind, giving up what the seat has most of."""
    P = s["players"][seat]
    acts = [Action.parse(a) for a in legal]
    out = []
    for kind in ("virtue", "marble"):
        trades = [a for a in acts if a.verb == "trade" and a.args[0] == kind]
        if trades:
            out.append(str(min(trades, key=lambda a: [-P[r] for r in a.args[1:]])))
    return out + [str(a) for a in acts if a.verb != "trade"]


def _capture_candidates(s: dict, seat: int, legal: list[str]) -> list[str]:
    """The three largest groups of other players and the seat's own largest."""
    acts = [Action.parse(a) for a in legal if a != "done"]
    groups = sorted(
        ((s["loc"][a.args[0]][a.num(1, "the seat")], str(a), a.num(1, "the seat")) for a in acts),
        reverse=True,
    )
    others = [a for n, a, q in groups if q != seat][:3]
    own = [a for n, a, q in groups if q == seat][:1]
    return others + own + ["done"]


#: Decisions whose options search bots narrow, by kind (the others: every legal answer).
NARROW = {"storehouse": _storehouse_candidates, "capture": _capture_candidates}


def candidates(game, s: dict, seat: int) -> list[str]:
    """What search bots consider: no dismissals, one trade of each kind at
    the Storehouse (giving up what the seat has most of), and captures of
    the three largest groups of other players and the seat's own largest."""
    legal = game.base_legal(s, seat)
    if not s["pending"] or s["phase"] != "play":
        return legal
    narrow = NARROW.get(decisions.top(s)["k"])
    return legal if narrow is None else narrow(s, seat, legal)


#: The app's level: 300 iterations finished ahead of the heuristic in 74.5% of
#: 200 games (docs/bots.md), about 0.15 s a decision.
BOT = BotKit(
    evaluate=architects_eval,
    candidates=candidates,
    iterations=300,
    # How each part of the evaluation reads in a hint (bots/hint.py).
    phrases={
        "vp": "now",
        "buildings": "from buildings and the Cathedral within reach",
        "resources": "in resources and silver the hand needs",
        "workers": "from workers, apprentices and captives",
        "virtue": "from virtue",
        "decision": "from the decision under way",
        "ending": "from the end of the game drawing near",
    },
)
