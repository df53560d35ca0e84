"""The Strasbourg Game object: ties rules, notation, view and scoring together."""

from __future__ import annotations

import random

from florencia_tui.core import decisions as D
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, Variant, rank_cards
from florencia_tui.core.notation import Action
from florencia_tui.games.strasbourg import data, determinize, rules, scoring
from florencia_tui.games.strasbourg import view as view_mod
from florencia_tui.games.strasbourg.notation import fmt_goods, fmt_values, read

#: The decision a seat is seen to owe, where it is not its prompt's kind.
_PUBLIC = {"draw": "plan", "split": "plan"}


class Strasbourg(Game):
    # Everyone sees a player take a good from the supply or sell to the merchants.
    open_decisions = frozenset({"strasbourg.guild_reward", "strasbourg.sell"})
    variants = (
        Variant(
            "min_draw",
            "First draw optional",
            "a player may stop before drawing any card in the planning (the engine's "
            'reading of "Saca la carta superior de tu mazo": at least 1)',
            on=0,
            off=data.MIN_DRAW_DEFAULT,
        ),
        Variant(
            "open_screens",
            "Open screens",
            "everyone's coins, goods and privileges are shown (printed: kept "
            '"detrás de tu pantalla")',
        ),
    )

    decisions = rules.DECISIONS
    secrets = view_mod.SECRETS
    # Drawing shows the top card of a deck shuffled at setup (no randomness
    # at the time): it cannot be taken back; nor can a bid (the bid kind
    # ``reveals`` it), nor the end, which shows everyone's tasks and screens.
    chance = ("players.*.deck",)

    def _new(self, names, seed, options):
        return rules.new_state(names, seed, options)

    to_act = staticmethod(rules.to_act)
    upgrade = staticmethod(rules.upgrade)
    determinize = staticmethod(determinize.determinize)

    def is_over(self, s):
        return s["phase"] == "over"

    def idle_prompt(self, s, seat):
        return Prompt(seat, "strasbourg.wait", "Nothing to decide now.", {})

    # ----- sampling ------------------------------------------------------------
    def sample(self, s, seat, rnd: random.Random) -> str:
        ph = s["phase"]
        pl = s["players"][seat]
        if seat not in self.to_act(s):
            raise IllegalAction(f"it is not seat {seat}'s decision")
        if ph == "tasks":
            d = pl["dealt"]
            k = rnd.randint(1, len(d))
            return "keep " + " ".join(sorted(rnd.sample(d, k)))
        if ph == "planning" and pl["plan"] == "split":
            pick = [v for v in pl["hand"] if rnd.random() < 0.5]
            if not pick:
                pick = [rnd.choice(pl["hand"])]
            return "stack " + fmt_values(pick)
        if s["pending"] and D.top(s)["k"] == "sell":
            goods = rules._goods_list(pl["goods"])
            pick = [g for g in goods if rnd.random() < 0.5]
            return "sell " + (fmt_goods(pick) if pick else "none")
        return rnd.choice(self.legal(s, seat))

    # ----- views ----------------------------------------------------------------
    def _view(self, r, seat):
        v = view_mod.view(r, seat)
        acting = rules.to_act(r)
        if seat in acting:
            pr = self.prompt(r, seat)
            v["prompt"] = {"seat": pr.seat, "kind": pr.kind, "text": pr.text, "data": pr.data}
        else:
            v["prompt"] = None
        # Whether another seat is drawing or splitting is its own: both "plan".
        v["waiting"] = [
            {"seat": f["p"], "kind": "strasbourg." + _PUBLIC.get(k, k)}
            for f in self.owed(r)
            for k in [self.decisions.prompt_kind(f)]
        ]
        v["status"] = self.status(r)
        return v

    def status(self, s):
        if s["phase"] == "over":
            return "Game over"
        if s["phase"] == "tasks":
            return "Setup - choose task cards"
        if s["phase"] == "planning":
            return f"Round {s['round']}/{data.ROUNDS} - Planning"
        step = s["step"]
        guild = rules.step_guild(s)
        g = f" ({data.GUILD_NAMES[guild]})" if guild else ""
        return f"Round {s['round']}/{data.ROUNDS} - Step {step}: {data.STEP_NAMES[step]}{g}"

    # ----- log lines --------------------------------------------------------------
    def describe(self, s, seat, action, viewer, after=None):
        name = self.player_name(s, seat)
        try:
            verb, arg = read(Action.parse(action))
        except IllegalAction:
            return f"{name}: {action}"
        own = viewer == seat
        if verb == "keep":
            return f"{name} keeps {' '.join(arg)}" if own else f"{name} chooses task cards"
        if verb == "draw":
            if own:
                top = s["players"][seat]["deck"][:1]
                return f"{name} draws a {top[0]}" if top else f"{name} draws"
            return f"{name} draws a card"
        if verb == "stop":
            return f"{name} stops drawing"
        if verb == "stack":
            if own:
                return f"{name} forms a stack {fmt_values(arg)}"
            return f"{name} forms a stack of {len(arg)} card{'' if len(arg) == 1 else 's'}"
        if verb == "bid":
            stacks = s["players"][seat]["stacks"]
            if 1 <= arg <= len(stacks):
                st = stacks[arg - 1]
                return f"{name} bids {sum(st)} ({fmt_values(st)})"
            return f"{name} bids stack {arg}"
        if verb == "pass":
            return f"{name} passes"
        if verb == "privilege":
            return f"{name} spends a privilege to decide later"
        if verb == "good":
            return f"{name} takes a {self._goods_of(s)}"
        if verb == "place":
            return f"{name} enters the city on {arg}"
        if verb == "goodplace":
            return f"{name} takes a {self._goods_of(s)} and enters the city on {arg}"
        if verb == "none":
            return f"{name} takes nothing"
        if verb == "sell":
            if not arg:
                return f"{name} sells nothing"
            return f"{name} sells {fmt_goods(arg)} for {rules.sell_price(arg)} coins"
        if verb == "return":
            if arg is None:
                return f"{name} returns no card"
            return f"{name} puts a {arg} at the bottom of the deck"
        if verb == "chapel":
            return f"{name} builds a chapel on {arg}"
        if verb == "build":
            b = (D.top(s) or {}).get("building")
            bname = data.BUILDINGS[b]["name"] if b else "the building"
            return f"{name} builds the {bname} on {arg}"
        return f"{name}: {action}"

    def _goods_of(self, s):
        f = D.top(s)
        if f and "guild" in f:
            g = f["guild"]
            return f"{data.GOODS_NAMES[g]} ({data.GUILD_NAMES[g]})"
        return "good"

    # ----- scores -------------------------------------------------------------------
    def scores(self, s):
        over = s["phase"] == "over"
        cards = []
        for p in range(s["n"]):
            lines = [ScoreLine(lbl, pts) for lbl, pts in scoring.final_lines(s, p, over)]
            cards.append(
                ScoreCard(
                    seat=p,
                    name=s["names"][p],
                    total=sum(x.points for x in lines),
                    lines=lines,
                    tiebreak=scoring.city_count(s, p),
                    tiebreak_label="members in the city",
                )
            )
        return rank_cards(cards)


GAME = Strasbourg()
