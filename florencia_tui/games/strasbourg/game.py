"""The Strasbourg Game object: ties rules, notation, view and scoring together."""

from __future__ import annotations

import random

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, Variant, rank_cards
from florencia_tui.games.strasbourg import data, determinize, rules, scoring
from florencia_tui.games.strasbourg import view as view_mod
from florencia_tui.games.strasbourg.notation import fmt_goods, fmt_values, parse

_ROLE_NAMES = {"master": "master", "journeyman": "journeyman", "apprentice": "apprentice"}


class Strasbourg(Game):
    id = "strasbourg"
    title = "Strasbourg"
    min_players = 3
    max_players = 5
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
            verb, _ = parse(action)
        except IllegalAction:
            return False
        return verb in ("draw", "bid")

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
        if s["pending"]:
            return self._pending_prompt(s, seat, s["pending"][0])
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

    def _pending_prompt(self, s, seat, item):
        pl = s["players"][seat]
        kind = item["kind"]
        if kind in _ROLE_NAMES:
            g = item["guild"]
            squares = rules.free_squares(s, g, pl["coins"])
            both = "the good and/or a square" if kind != "apprentice" else "the good OR a square"
            return Prompt(
                seat,
                "strasbourg.guild_reward",
                f"You are {data.GUILD_NAMES[g]} {kind}: take {both} "
                f"(you have {pl['coins']} coin{'' if pl['coins'] == 1 else 's'}).",
                {
                    "role": kind,
                    "guild": g,
                    "coins": pl["coins"],
                    "squares": {c: data.CELLS[c]["price"] for c in squares},
                },
            )
        if kind == "sell":
            return Prompt(
                seat,
                "strasbourg.sell",
                "You won the merchants: sell any of your goods.",
                {"goods": dict(pl["goods"]), "values": dict(data.GOODS_VALUE)},
            )
        if kind == "return":
            return Prompt(
                seat,
                "strasbourg.return",
                "No reward: put one card of your stack at the bottom of your deck?",
                {"cards": list(item["cards"])},
            )
        if kind == "chapel":
            return Prompt(
                seat,
                "strasbourg.chapel",
                "Church: build a chapel on a free spot.",
                {"spots": rules.free_chapel_spots(s)},
            )
        b = item["building"]
        return Prompt(
            seat,
            "strasbourg.build",
            f"Nobility: place the {data.BUILDINGS[b]['name']} on a free building space.",
            {"building": b, "spaces": rules.free_building_spaces(s)},
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
        if s["pending"] and s["pending"][0]["kind"] == "sell":
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
            k = s["pending"][0]["kind"]
            return "strasbourg." + ("guild_reward" if k in _ROLE_NAMES else k)
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
            verb, arg = parse(action)
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
            coins = sum(data.GOODS_VALUE[g] for g in arg)
            return f"{name} sells {fmt_goods(arg)} for {coins} coins"
        if verb == "return":
            if arg is None:
                return f"{name} returns no card"
            return f"{name} puts a {arg} at the bottom of the deck"
        if verb == "chapel":
            return f"{name} builds a chapel on {arg}"
        if verb == "build":
            b = s["pending"][0].get("building") if s["pending"] else None
            bname = data.BUILDINGS[b]["name"] if b else "the building"
            return f"{name} builds the {bname} on {arg}"
        return f"{name}: {action}"

    def _goods_of(self, s):
        if s["pending"] and "guild" in s["pending"][0]:
            g = s["pending"][0]["guild"]
            return f"{data.GOODS_NAMES[g]} ({data.GUILD_NAMES[g]})"
        return "good"

    def label(self, s, seat, action):
        try:
            verb, arg = parse(action)
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
        if verb == "good":
            return "Take the good only"
        if verb in ("place", "goodplace"):
            price = data.CELLS[arg]["price"]
            pre = "Good + enter" if verb == "goodplace" else "Enter"
            return f"{pre} {arg} ({price} coins)"
        if verb == "none":
            return "Take nothing"
        if verb == "sell":
            if not arg:
                return "Sell nothing"
            return f"Sell {fmt_goods(arg)} (+{sum(data.GOODS_VALUE[g] for g in arg)})"
        if verb == "return":
            return "Return no card" if arg is None else f"Return the {arg} to the deck"
        if verb == "chapel":
            return f"Chapel on {arg} ({', '.join(data.CHAPEL_SQUARES[arg])})"
        if verb == "build":
            return f"Build on {arg}"
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
