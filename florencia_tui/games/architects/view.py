"""What a seat (or a spectator, seat=None) may see.

Hidden from a seat (:data:`SECRETS`, core/hidden.py): the others' building
hands (their sizes are public; a building under construction, announced to
everyone, stays shown), in the draft the other packets and the cards others
kept, the five buildings another player drew at the Black Market and is
choosing from, the order (and so the contents) of the building and
apprentice decks and the reward pile, and the Black Market piles below their
top cards: only the face of each top card shows (the small side on the small
pile, the large side on the large one), and two cards share each face, so a
top card is masked as the lowest card id with that face. :func:`view` draws
the screens' dict from a state masked by it.
"""

from __future__ import annotations

from florencia_tui.core.hidden import HIDDEN, Secret

from . import data as D
from .rules import yields
from .scoring import player_total, resolved_player


def _classes(table: dict) -> dict[int, list[int]]:
    """card id -> every card id whose face in ``table`` is the same."""
    by_face: dict[tuple, list[int]] = {}
    for cid, face in table.items():
        by_face.setdefault(tuple(sorted(face.items())), []).append(cid)
    return {cid: sorted(by_face[tuple(sorted(face.items()))]) for cid, face in table.items()}


SMALL_LIKE = _classes(D.BM_SMALL)
LARGE_LIKE = _classes(D.BM_LARGE)


def _pile(like: dict[int, list[int]]):
    """A Black Market pile masked: only its top card's face shows."""

    def mask(pile: list, s: dict, owner) -> list:
        return [HIDDEN] * (len(pile) - 1) + [like[pile[-1]][0]] if pile else []

    return mask


def _hand(hand: list, s: dict, q: int) -> list:
    """Another's hand masked but for a building under construction (a pay
    frame of theirs), which everyone saw announced."""
    announced = [
        f["b"] for f in s["pending"] if f["p"] == q and f["k"] == "pay" and f.get("what") == "build"
    ]
    known = [b for b in announced if b in hand]
    return known + [HIDDEN] * (len(hand) - len(known))


SECRETS = (
    Secret("players.*.hand", owner="*", mask=_hand),
    Secret("bdeck"),
    Secret("adeck"),
    Secret("rewards"),
    Secret("bm_small", mask=_pile(SMALL_LIKE)),
    Secret("bm_large", mask=_pile(LARGE_LIKE)),
    Secret("draft.packets.*", owner="*"),
    Secret("draft.kept.*", owner="*"),
    Secret("pending.*.cards", owner="p"),
)


def view(game, s: dict, seat: int | None) -> dict:
    """The screens' dict, from ``s`` as ``seat`` knows it (masked by SECRETS)."""
    n = s["np"]
    cols, total, resets = D.guildhall_layout(n)
    players = []
    for i, P in enumerate(s["players"]):
        d = {
            k: P[k]
            for k in (
                "silver",
                "clay",
                "wood",
                "stone",
                "gold",
                "marble",
                "virtue",
                "workers",
                "debts",
                "paid",
                "cath",
                "board",
            )
        }
        d["name"] = s["names"][i]
        d["apprentices"] = [
            {"id": a, "name": D.ALL_APPRENTICES[a][0], "skills": D.ALL_APPRENTICES[a][1]}
            for a in P["appr"]
        ]
        d["buildings"] = [
            {"id": b, "name": D.ALL_BUILDINGS[b][0], "vp": D.ALL_BUILDINGS[b][4]}
            for b in P["built"]
        ]
        d["captives"] = list(P["captives"])
        d["hand_count"] = len(P["hand"])
        d["prison"] = s["prison"][i]
        # Live victory points: everything that scores is public (the hand never does).
        d["vp"] = player_total(s, i, P if s["phase"] == "over" else resolved_player(s, i))
        if seat == i:
            d["hand"] = [{"id": b, "name": D.ALL_BUILDINGS[b][0]} for b in P["hand"]]
        players.append(d)
    v: dict = {
        "game": "architects",
        "seat": seat,
        "names": list(s["names"]),
        "phase": s["phase"],
        "turn": s["turn"],
        "first": s["first"],
        "to_act": game.to_act(s),
        "status": game.status(s),
        "final_round": s["final"] is not None,
        "locations": {loc: list(s["loc"][loc]) for loc in D.LARGE},
        "prison": list(s["prison"]),
        "tax_stand": s["tax"],
        "apprentice_rows": [
            [
                (
                    {
                        "id": c[0],
                        "name": D.ALL_APPRENTICES[c[0]][0],
                        "skills": D.ALL_APPRENTICES[c[0]][1],
                        "coins": c[1],
                    }
                    if c
                    else None
                )
                for c in row
            ]
            for row in s["arows"]
        ],
        "apprentice_deck": len(s["adeck"]),
        "black_market": {
            "spaces": list(s["market"]),
            "costs": list(D.MARKET_COST),
            "small": (
                dict(D.BM_SMALL[s["bm_small"][-1]]) if s["bm_small"] else dict(D.BM_DEFAULT_SMALL)
            ),
            "large": (
                dict(D.BM_LARGE[s["bm_large"][-1]]) if s["bm_large"] else dict(D.BM_DEFAULT_LARGE)
            ),
            "small_pile": len(s["bm_small"]),
            "large_pile": len(s["bm_large"]),
        },
        "guildhall": {
            "rows": 4,
            "cols": cols,
            "total": total,
            "reset_spaces": sorted(resets),
            "workers": list(s["guildhall"]),
            "beside": list(s["beside"]),
        },
        "cathedral": {
            "levels": [
                {
                    "level": lv,
                    "spaces": D.CATHEDRAL[lv][1],
                    "vp": D.CATHEDRAL[lv][2],
                    "markers": [i for i, P in enumerate(s["players"]) if P["cath"] == lv],
                }
                for lv in range(1, 6)
            ]
        },
        "virtue_track": {"vp": list(D.VIRTUE_VP), "markers": [P["virtue"] for P in s["players"]]},
        "building_deck": len(s["bdeck"]),
        "rewards_left": len(s["rewards"]),
        "players": players,
    }
    if s["draft"] is not None:
        dr = s["draft"]
        v["draft"] = {"round": dr["round"], "picked": [len(k) > dr["round"] for k in dr["kept"]]}
        if seat is not None:
            v["draft"]["packet"] = list(dr["packets"][seat])
            v["draft"]["kept"] = list(dr["kept"][seat])
    if s.get("freehire"):
        v["freehire_order"] = list(s["freehire"])
    prompts = {}
    for q in v["to_act"]:
        if q == seat:
            pr = game.prompt(s, q)
            prompts[str(q)] = {"kind": pr.kind, "text": pr.text, "data": pr.data}
            continue
        # Another seat's decision: its question and its frame's public numbers.
        f = game.frame(s, q)
        prompts[str(q)] = {
            "kind": f"architects.{f['k']}",
            "text": game.decisions.text(s, f),
            "data": {k: x for k, x in f.items() if k in ("location", "left", "n")},
        }
    v["prompts"] = prompts
    if seat is not None and s["phase"] == "play":
        v["yields"] = yields(s, seat)
    return v
