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


class Strasbourg(Game):
    id = "strasbourg"
    title = "Strasbourg"
    decisions = rules.DECISIONS
    min_players = 3
    max_players = 5
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

    def _new(self, names, seed, options):
        return rules.new_state(names, seed, options)

    def to_act(self, s):
        return rules.to_act(s)

    def upgrade(self, s):
        return rules.upgrade(s)

    def legal(self, s, seat):
        return rules.legal(s, seat)

    def _apply(self, s, seat, action):
        rules.apply(s, seat, action)

    def is_over(self, s):
        return s["phase"] == "over"

    def undo_barrier(self, before, after, seat, action):
        """Drawing shows the top card of a deck shuffled at setup (no randomness
        at the time) and a bid turns a face-down stack over: neither can be
        taken back. Ending the game shows everyone's tasks and screens."""
        if super().undo_barrier(before, after, seat, action) or after["phase"] == "over":
            return True
        try:
            return Action.parse(action).verb in ("draw", "bid")
        except IllegalAction:
            return False

    # ----- prompts -------------------------------------------------------------
    def prompt(self, s, seat):
        if seat not in rules.to_act(s):
            return Prompt(seat, "strasbourg.wait", "Nothing to decide now.", {})
        pl = s["players"][seat]
        ph = s["phase"]
        if ph == "tasks":
            return Prompt(
                seat,
                "strasbourg.keep_tasks",
                "Keep 1-5 of your dealt task cards (the rest leave the game).",
                {
                    "dealt": list(pl["dealt"]),
                    "texts": [data.task_text(t, s["n"]) for t in pl["dealt"]],
                },
            )
        if ph == "planning":
            if pl["plan"] == "draw":
                return Prompt(
                    seat,
                    "strasbourg.draw",
                    f"Round {s['round']} planning: draw another card or stop? "
                    f"(hand {len(pl['hand'])}, deck {len(pl['deck'])})",
                    {
                        "hand": list(pl["hand"]),
                        "deck": len(pl["deck"]),
                        "can_stop": "stop" in rules.legal(s, seat),
                    },
                )
            return Prompt(
                seat,
                "strasbourg.split",
                "Form your next stack from the cards in your hand.",
                {"hand": list(pl["hand"]), "stacks": [list(x) for x in pl["stacks"]]},
            )
        f = D.top(s)
        if f is not None:
            return Prompt(
                seat, rules.prompt_kind(f), rules.DECISIONS.text(s), rules.DECISIONS.preview(s)
            )
        b = s["bid"]
        step = s["step"]
        guild = rules.step_guild(s)
        what = data.STEP_NAMES[step] + (f" ({data.GUILD_NAMES[guild]})" if guild else "")
        return Prompt(
            seat,
            "strasbourg.bid",
            f"Step {step}, {what}: bid a stack, pass"
            + (" or spend a privilege?" if rules.can_privilege(s, seat) else "?"),
            {
                "step": step,
                "guild": guild,
                "stacks": [list(x) for x in pl["stacks"]],
                "played": [[p, list(c)] for p, c in b["played"]],
                "passed": list(b["passed"]),
                "privileges": pl["priv"],
                "can_privilege": rules.can_privilege(s, seat),
                "sp": b["sp"],
            },
        )

    # ----- bots -----------------------------------------------------------------
    def redact(self, s, seat):
        return determinize.redact(s, seat)

    def determinize(self, r, seat, seed):
        return determinize.determinize(r, seat, seed)

    # ----- sampling ------------------------------------------------------------
    def sample(self, s, seat, rnd: random.Random) -> str:
        ph = s["phase"]
        pl = s["players"][seat]
        if seat not in rules.to_act(s):
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
        return rnd.choice(rules.legal(s, seat))

    # ----- views ----------------------------------------------------------------
    def view(self, s, seat):
        v = view_mod.view(s, seat)
        acting = rules.to_act(s)
        if seat in acting:
            pr = self.prompt(s, seat)
            v["prompt"] = {"seat": pr.seat, "kind": pr.kind, "text": pr.text, "data": pr.data}
        else:
            v["prompt"] = None
        v["waiting"] = [{"seat": p, "kind": self._public_kind(s, p)} for p in acting]
        v["status"] = self.status(s)
        return v

    def _public_kind(self, s, seat):
        if s["phase"] == "tasks":
            return "strasbourg.keep_tasks"
        if s["phase"] == "planning":
            return "strasbourg.plan"
        if s["pending"]:
            return rules.prompt_kind(D.top(s))
        return "strasbourg.bid"

    def simultaneous(self, s):
        """Keeping tasks and planning stacks: everyone at once, behind screens."""
        return s["phase"] in ("tasks", "planning")

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
    def describe(self, s, seat, action, viewer):
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

    def label(self, s, seat, action):
        try:
            a = Action.parse(action)
            if s["pending"]:
                return rules.DECISIONS.label(s, a)
            verb, arg = read(a)
        except IllegalAction:
            return action
        if verb == "keep":
            return "Keep " + ", ".join(arg)
        if verb == "draw":
            return "Draw a card"
        if verb == "stop":
            return "Stop drawing"
        if verb == "stack":
            return f"Stack {fmt_values(arg)} (= {sum(arg)})"
        if verb == "bid":
            stacks = s["players"][seat]["stacks"]
            if 1 <= arg <= len(stacks):
                return f"Bid stack {arg}: {fmt_values(stacks[arg - 1])} = {sum(stacks[arg - 1])}"
            return f"Bid stack {arg}"
        if verb == "pass":
            return "Pass"
        if verb == "privilege":
            return "Spend a privilege (decide later)"
        return action

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
