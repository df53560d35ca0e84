"""The Game subclass for The Princes of Florence."""

from __future__ import annotations

import random

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, Variant, rank_cards
from florencia_tui.core.notation import Action
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import decisions as DC
from florencia_tui.games.florence import determinize as DT
from florencia_tui.games.florence import geometry as G
from florencia_tui.games.florence import notation as N
from florencia_tui.games.florence import rules as R
from florencia_tui.games.florence import scoring as SC
from florencia_tui.games.florence import view as V


def _pname(s: dict, seat: int) -> str:
    return s["names"][seat]


def _prof_name(k: str) -> str:
    return D.PROF[k]["name"]


class Florence(Game):
    variants = (
        Variant(
            "p10_one_type",
            "P10: any 2 landscapes",
            "prestige card P10 is met by 2 landscapes of one type (the English "
            'card); printed: "2 Tipos de Paisajes"',
        ),
        Variant(
            "hide_money",
            "Open money",
            "everyone's florins are shown (printed: \"La fortuna de un jugador "
            'permanece escondida")',
            on=False,
            off=True,
        ),
    )

    def options_in_effect(self, s):
        return {**self.default_options(), **SC.options(s)}

    decisions = DC.DECISIONS
    secrets = V.SECRETS
    # Drawing 5 cards (profession, bonus or prestige) reveals them without
    # using randomness at that moment: never undoable. Ending the game shows
    # everyone's money and prestige cards (their secrets' time is over).
    chance = ("prof_deck", "bonus_deck", "prestige_deck")
    parse = staticmethod(N.parse)

    def _new(self, names, seed, options):
        return R.new_state(names, seed, options)

    to_act = staticmethod(R.to_act)
    _view = staticmethod(V.view)
    determinize = staticmethod(DT.determinize)

    def is_over(self, s):
        return s["phase"] == "over"

    def idle_prompt(self, s, seat):
        return Prompt(seat, "florence.wait", "Nothing to decide now.", {})

    def upgrade(self, s):
        """Saves from before the decision stack queued their frames with the
        decision owed now first, as ``{"t": kind, "seat": seat, "kind": ...}``;
        saves from before session 22 keep a laid tile as a dict (with the
        squares it covers), now the text ``notation.tile_record``."""
        pending = s.get("pending")
        if isinstance(pending, list) and any(isinstance(f, dict) and "t" in f for f in pending):
            s["pending"] = [R.frame_of_old(f) for f in reversed(pending)]
        for p in s.get("players") or ():
            tiles = p.get("tiles") if isinstance(p, dict) else None
            if isinstance(tiles, list):
                p["tiles"] = [
                    N.tile_record(t["kind"], *t["at"], t["orient"]) if isinstance(t, dict) else t
                    for t in tiles
                ]
        return s

    def normalize(self, action: str) -> str:
        """Canonical spelling of ``action`` (as ``legal`` lists it)."""
        return N.canonical(action)

    # ----------------------------------------------------------------- random play
    def sample(self, s, seat, rng: random.Random) -> str:
        f = R.decision(s, seat)
        st = f["k"]
        p = s["players"][seat]
        if st == "place":
            kind = f["item"]
            r, c, o = G.random_placement(p["grid"], kind, p["builders"], rng)
            return N.fmt_place(kind, r, c, o)
        if st == "turn":
            return self._sample_turn(s, seat, rng)
        opts = [a for a in DC.DECISIONS.legal(s, f) if not a.startswith("sell")]
        can_sell = "sell" in R.VERBS[st] and p["pp"] > 0
        if can_sell and rng.random() < 0.02:
            return f"sell {rng.randint(1, p['pp'])}"
        return rng.choice(opts)

    def _sample_turn(self, s, seat, rng) -> str:
        p = s["players"][seat]
        cats = ["done"]
        builds = R.buildable(s, seat)
        if builds:
            cats += ["build"] * 3
        if R.can_act(s, "work") and p["hand"]:
            cats += ["work"] * 4
        if R.can_act(s, "profession") and s["prof_deck"] and p["money"] >= D.CARD_COST:
            cats.append("profession")
        if R.can_act(s, "bonus") and s["bonus_deck"] and p["money"] >= D.CARD_COST:
            cats.append("bonus")
        frees = [f for f in D.FREEDOMS if f not in p["freedoms"] and s["supply"]["freedoms"][f] > 0]
        if R.can_act(s, "freedom") and frees and p["money"] >= D.FREEDOM_COST:
            cats += ["freedom"] * 2
        targets = sorted(set(R.face_up_professions(s)))
        if p["recruits"] and targets:
            cats.append("recruit")
        if p["pp"] > 0 and rng.random() < 0.02:
            return f"sell {rng.randint(1, p['pp'])}"
        while True:
            cat = rng.choice(cats)
            if cat == "done":
                return "done"
            if cat == "build":
                order = list(builds)
                rng.shuffle(order)
                for b in order:
                    spot = G.random_placement(p["grid"], b, p["builders"], rng)
                    if spot:
                        return N.fmt_place(b, *spot)
                cats = [c for c in cats if c != "build"]
            elif cat == "work":
                w = self._sample_work(s, seat, rng)
                if w:
                    return w
                cats = [c for c in cats if c != "work"]
            elif cat in ("profession", "bonus"):
                return cat
            elif cat == "freedom":
                return f"freedom {rng.choice(frees)}"
            elif cat == "recruit":
                return f"recruit {rng.choice(targets)}"

    def _sample_work(self, s, seat, rng):
        p = s["players"][seat]
        need = R.min_wv(s)
        bv = SC.bonus_values(p)
        profs = sorted(set(p["hand"]))
        rng.shuffle(profs)
        for prof in profs:
            base = SC.work_value(p, prof, [])
            for _ in range(6):
                combo = [c for c in sorted(p["bonus"]) if rng.random() < 0.5]
                if base + sum(bv[c] for c in combo) >= need:
                    return N.fmt_complete(prof, combo)
            if base + sum(bv.values()) >= need:
                return N.fmt_complete(prof, list(p["bonus"]))
        return None

    # ----------------------------------------------------------------- text
    def status(self, s):
        if s["phase"] == "over":
            return "Game over"
        ph = {"setup": "Setup", "auction": "Auction", "action": "Actions"}[s["phase"]]
        return f"Round {s['round']}/{D.ROUNDS} - {ph} (minimum work {R.min_wv(s)})"

    def describe(self, s, seat, action, viewer, after=None):
        try:
            a = N.parse(action)
        except IllegalAction:
            return f"{_pname(s, seat)}: {action}"
        line = self._describe(s, seat, a, viewer)
        ends_sale = s["phase"] == "auction" and a.verb in ("nominate", "pass")
        if ends_sale or a.verb == "done":
            after = self.state_after(s, seat, str(a), after)
            if after is not None:
                line += self._sale_note(s, after) if ends_sale else self._round_end_note(s, after)
        return line

    def _round_end_note(self, s, s2) -> str:
        """'; round 1 ends: best work of the round (value 9): Ben +3 PP' when
        the action that led from ``s`` to ``s2`` ended a round (the prestige
        it gives shows up with its reason)."""
        before, after = s.get("history") or [], s2.get("history") or []
        if len(after) == len(before):
            return ""
        last = after[-1]
        note = f"; round {last['round']} ends"
        winners = last["best_work"]
        if not winners:
            return note + ": no work completed, no prestige for the best work"
        names = " and ".join(_pname(s, i) for i in winners)
        each = " each" if len(winners) > 1 else ""
        value = last["wv"][winners[0]]
        return f"{note}: best work of the round (value {value}): {names} +{D.PP_BEST_WORK} PP{each}"

    def _sale_note(self, s, s2) -> str:
        """'; David buys the Jester for 700' when the action that led from
        ``s`` to ``s2`` ended an auction."""
        a1, a2 = s["auction"], s2["auction"]
        if a2 is None or a2 is a1:
            return ""
        new = [k for k in a2["bought"] if k not in a1["bought"]]
        if not new:
            return ""
        buyer = a2["bought"][new[0]]
        price = a2["paid"][str(buyer)]
        return f"; {_pname(s, buyer)} buys the {D.PILE_NAME[new[0]]} for {price}"

    def _describe(self, s, seat, a: Action, viewer):
        name = _pname(s, seat)
        verb, args = a.verb, a.args
        mine = viewer == seat
        if verb == "return":
            if mine:
                return f"{name} returns the {_prof_name(args[0])}"
            return f"{name} returns a profession card"
        if verb == "nominate":
            return f"{name} nominates the {D.PILE_NAME[args[0]]} at 200"
        if verb == "raise":
            cur = s["auction"]["cur"]
            return f"{name} bids {cur['high'] + D.RAISE} on the {D.PILE_NAME[cur['item']]}"
        if verb == "pass":
            return f"{name} passes"
        if verb == "decline":
            if R.step(s, seat) == "last":
                return f"{name} takes nothing"
            return f"{name} declines to nominate and is out for this round"
        if verb == "buy":
            return f"{name} takes the {D.PILE_NAME[args[0]]} for 200"
        if verb == "place":
            k, r, c, o = N.placement(a)
            what = ("builds" if G.is_building(k) else "places") + (
                " an" if k[0] in "aeiou" else " a"
            )
            cost = f" for {R.build_cost(s['players'][seat])}" if G.is_building(k) else ""
            return f"{name} {what} {k} at row {r}, col {c} ({o}){cost}"
        if verb == "keep":
            return f"{name} keeps {args[0]}" if mine else f"{name} keeps a card"
        if verb == "order":
            return (
                f"{name} puts {' '.join(args)} under the deck"
                if mine
                else f"{name} puts {len(args)} card{'' if len(args) == 1 else 's'} under the deck"
            )
        if verb == "recruit":
            owner = next((i for i, p in enumerate(s["players"]) if args[0] in p["display"]), None)
            src = f" from {_pname(s, owner)}" if owner is not None else ""
            return f"{name} recruits the {_prof_name(args[0])}{src}"
        if verb == "later":
            return f"{name} keeps the recruiting card for later"
        if verb == "profession":
            return f"{name} takes a profession card"
        if verb == "bonus":
            return f"{name} takes a bonus card"
        if verb == "freedom":
            return f"{name} introduces {D.FREEDOM_NAME[args[0]]}"
        if verb == "complete":
            p = s["players"][seat]
            wv = SC.work_value(p, args[0], list(args[1:])) if args[0] in p["hand"] else "?"
            extra = f" with {' '.join(args[1:])}" if args[1:] else ""
            return f"{name} completes a work with the {_prof_name(args[0])}{extra}: value {wv}"
        if verb == "prestige":
            return f"{name} converts {args[0]} PP from the payout"
        if verb == "sell":
            return f"{name} sells {args[0]} PP"
        if verb == "done":
            return f"{name} ends the turn"
        return f"{name}: {a}"

    # ----------------------------------------------------------------- scores
    def scores(self, s):
        cards = []
        over = s["phase"] == "over"
        for i, p in enumerate(s["players"]):
            lines = [ScoreLine("Fame track", p["pp"])]
            total = p["pp"]
            if over:
                for label, pts in s["final"][i]["prestige"]:
                    lines.append(ScoreLine(f"Prestige card {label}", pts))
                    total += pts
            show_money = over or not s["options"].get("hide_money", True)
            cards.append(
                ScoreCard(
                    i,
                    s["names"][i],
                    total,
                    lines,
                    tiebreak=p["money"] if show_money else 0,
                    tiebreak_label="florins" if show_money else "florins (hidden)",
                )
            )
        return rank_cards(cards)


GAME = Florence()
