"""What one seat may see of a Strasbourg state (spec 11 #20).

Public: council, city, chapels, buildings, round cards, prestige, deck sizes,
stack sizes, revealed (played) stacks, the last bidding result. Private to the
owner (:data:`SECRETS`, core/hidden.py): drawn cards, stack contents, task
cards (and how many were kept); everything is revealed once the game is over.
Deck order and the RNG are never shown, not even to the owner. Behind the
screen in the view (owner only unless option ``open_screens``): coins, goods,
privileges; every change to them is announced in the log, so the masked state
keeps them (see determinize.py).
"""

from __future__ import annotations

from florencia_tui.core.hidden import Secret, order, whole
from florencia_tui.core.state import clone
from florencia_tui.games.strasbourg import data, rules, scoring


def _until_the_end(s: dict, owner: int | None) -> bool:
    return s["phase"] != "over"


SECRETS = (
    Secret("players.*.deck", owner="*", own=order),
    Secret("players.*.hand", owner="*", hidden=_until_the_end),
    Secret("players.*.stacks.*", owner="*", hidden=_until_the_end),
    Secret("players.*.dealt", owner="*", hidden=_until_the_end),
    Secret("players.*.tasks", owner="*", mask=whole, hidden=_until_the_end),
)

_SQUARES = [(c, i["guild"], i["price"], i["x"], i["y"]) for c, i in data.CELLS.items()]


def static_board() -> dict:
    """Map geometry and card tables (the same for every game)."""
    return {
        "columns": data.COLUMNS,
        "rows": data.ROWS,
        "guilds": {
            g: {
                "name": data.GUILD_NAMES[g],
                "goods": data.GOODS_NAMES[g],
                "goods_value": data.GOODS_VALUE[g],
                "colour": data.GUILD_COLOURS[g],
            }
            for g in data.GUILDS
        },
        "buildings": {b: dict(v) for b, v in data.BUILDINGS.items()},
        "council_names": dict(data.COUNCIL_NAMES),
        "step_names": dict(data.STEP_NAMES),
    }


def view(s: dict, seat: int | None) -> dict:
    """The screens' dict, from ``s`` as ``seat`` knows it (masked by SECRETS)."""
    over = s["phase"] == "over"
    screens_open = over or bool(s["options"].get("open_screens"))
    players = []
    for p, pl in enumerate(s["players"]):
        mine = seat == p
        in_city = scoring.city_count(s, p)
        on_council = scoring.council_count(s, p)
        d = {
            "seat": p,
            "name": s["names"][p],
            "prestige": pl["prestige"],
            "deck": len(pl["deck"]),
            "out": pl["out"],
            "hand": len(pl["hand"]),
            "stacks": [len(st) for st in pl["stacks"]],
            "plan": pl["plan"] if s["phase"] == "planning" else None,
            "members_city": in_city,
            "members_council": on_council,
            "members_supply": max(0, 15 - in_city - on_council),
            "start_player": s["start"] == p,
        }
        # hidden fields are None for other viewers (the key is always present)
        screen = mine or screens_open
        d["coins"] = pl["coins"] if screen else None
        d["goods"] = dict(pl["goods"]) if screen else None
        d["privileges"] = pl["priv"] if screen else None
        private = mine or over
        d["hand_cards"] = list(pl["hand"]) if private else None
        d["stack_cards"] = [list(st) for st in pl["stacks"]] if private else None
        tasks = pl["tasks"] if private else None
        d["tasks"] = None if tasks is None else list(tasks)
        d["task_texts"] = None if tasks is None else [data.task_text(t, s["n"]) for t in tasks]
        d["dealt"] = list(pl["dealt"]) if private else None
        d["dealt_texts"] = [data.task_text(t, s["n"]) for t in pl["dealt"]] if private else None
        players.append(d)

    city = s["city"]
    squares = {
        c: {"guild": g, "price": pr, "x": x, "y": y, "occupant": city.get(c)}
        for c, g, pr, x, y in _SQUARES
    }
    spaces = {}
    for sp in data.BUILDING_SPACES:
        x, y = data.cell_xy(sp)
        spaces[sp] = {
            "x": x,
            "y": y,
            "building": s["built"].get(sp),
            "neighbours": list(data.SPACE_NEIGHBOURS[sp]),
        }
    chapels = {
        k: {
            "corner": list(data.CHAPEL_CORNERS[k]),
            "squares": list(data.CHAPEL_SQUARES[k]),
            "built": k in s["chapels"],
        }
        for k in data.CHAPEL_CORNERS
    }
    round_cards = []
    for k, cid in enumerate(s["cards"]):
        g = data.ROUND_CARDS[cid]
        b = s["buildings"][k]
        round_cards.append(
            {
                "round": k + 1,
                "card": cid,
                "guilds": {"B": g[0], "D": g[1], "F": g[2]},
                "building": b,
                "building_built": b in s["built"].values(),
            }
        )
    bid = s["bid"]
    bidding = None
    if bid is not None:
        bidding = {
            "step": s["step"],
            "guild": rules.step_guild(s),
            "sp": bid["sp"],
            "queue": list(bid["queue"]),
            "played": [[p, list(c)] for p, c in bid["played"]],
            "passed": list(bid["passed"]),
            "privs": list(bid["privs"]),
        }
    return {
        "game": "strasbourg",
        "seat": seat,
        "to_act": rules.to_act(s),
        "names": list(s["names"]),
        "n": s["n"],
        "phase": s["phase"],
        "over": over,
        "round": s["round"],
        "rounds": data.ROUNDS,
        "step": s["step"],
        "steps": list(data.STEPS),
        "guild": rules.step_guild(s),
        "start_player": s["start"],
        "round_cards": round_cards,
        "council": [
            {"id": k, "name": data.COUNCIL_NAMES[k], "holder": s["council"][k]}
            for k in data.COUNCIL_SEATS
        ],
        "city": {"squares": squares, "building_spaces": spaces, "chapel_spots": chapels},
        "board": static_board(),
        "players": players,
        "bidding": bidding,
        "last_bid": None if s["last"] is None else clone(s["last"]),
        "pending": clone(s["pending"]),  # reward frames, the one owed now last
        "options": dict(s["options"]),
    }
