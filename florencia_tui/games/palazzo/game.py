"""The Palazzo Game object: ties rules, notation, views and scoring together."""

from __future__ import annotations

import random

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, rank_cards
from florencia_tui.core.notation import Action
from florencia_tui.core.state import clone
from florencia_tui.core.undo import took_from
from florencia_tui.games.palazzo import data, determinize, rules
from florencia_tui.games.palazzo.notation import fmt_cards, parse_cards
from florencia_tui.games.palazzo.payment import (
    CURRENCIES,
    best_value,
    max_payment_cards,
    max_single_payment,
)
from florencia_tui.games.palazzo.scoring import palace_score
from florencia_tui.games.palazzo.view import PHASE_TEXT
from florencia_tui.games.palazzo.view import view as _view


def _hand_counts(hand: list[str]) -> tuple[dict[str, list[int]], int]:
    """(cards per currency and value, number of C2) of a hand."""
    n = {c: [0] * 8 for c in CURRENCIES}
    k = 0
    for c in hand:
        if c == "C2":
            k += 1
        elif c != "C3":
            n[_CURRENCY_OF[c[:-1]]][int(c[-1])] += 1
    return n, k


_CURRENCY_OF = {c: c for c in CURRENCIES}


def _random_payment(counts, required: str | None, rnd: random.Random) -> tuple[list[str], int]:
    """A random legal payment from a hand's ``counts`` and the value of the reading
    it was built as (whole groups plus loose cards of one currency, so at most
    its best value), cheaply."""
    n, k = counts
    b = required or CURRENCIES[rnd.randrange(3)]
    o1, o2 = [x for x in CURRENCIES if x != b]
    kk = rnd.randint(0, k) if k else 0
    out = ["C2"] * kk
    value = data.GROUP_VALUE * (kk // 3) + 2 * (kk % 3)
    nb, n1, n2 = n[b], n[o1], n[o2]
    for v in data.VALUES:
        most = nb[v]
        if not most:
            continue
        top = min(most, n1[v], n2[v])
        g = rnd.randint(0, top) if top else 0
        x = rnd.randint(g, most)
        if x:
            out += [f"{b}{v}"] * x
        if g:
            out += [f"{o1}{v}"] * g + [f"{o2}{v}"] * g
        value += data.GROUP_VALUE * g + v * (x - g)
    return out, value


class Palazzo(Game):
    id = "palazzo"
    title = "Palazzo"
    decisions = rules.DECISIONS
    min_players = 2
    max_players = 4

    def _new(self, names, seed, options):
        return rules.new_state(names, seed)

    # The rules' own functions, bound without a wrapper: asked several times a step.
    to_act = staticmethod(rules.to_act)

    def upgrade(self, s):
        return rules.upgrade(s)

    def is_over(self, s):
        return s["phase"] == "over"

    legal = staticmethod(rules.legal)

    _apply = staticmethod(rules.apply)

    def view(self, s, seat):
        return _view(s, seat)

    def redact(self, s, seat):
        return determinize.redact(s, seat)

    def determinize(self, r, seat, seed):
        return determinize.determinize(r, seat, seed)

    # ------------------------------------------------------------------ prompt
    def prompt(self, s, seat):
        ph = s["phase"]
        kind = f"palazzo.{ph}"
        hand = list(s["hands"][seat])
        if ph == "turn":
            return Prompt(
                seat,
                kind,
                "Your turn: take money, draw tiles, or rebuild?",
                {
                    "options": rules.legal(s, seat),
                    "money_reveals": s["n"] + 1,
                    "price_after_draw": max(0, data.BASE_PRICE - len(s["supply"]) - 1),
                },
            )
        if ph == "take":
            first = s["takers"][:2] == [seat, seat]
            return Prompt(
                seat,
                kind,
                "Take one of the revealed cards" + (" (you take two)" if first else ""),
                {"revealed": list(s["revealed"]), "remaining_takes": s["takers"].count(seat)},
            )
        if ph == "buy_or_auction":
            target = self._auction_target(s)
            return Prompt(
                seat,
                kind,
                f"Buy from the supply (unit price {rules.unit_price(s)}) "
                "or auction the next quarry?",
                {
                    "supply": list(s["supply"]),
                    "unit_price": rules.unit_price(s),
                    "max_payment": max_single_payment(hand),
                    "buy": rules.buy_options(s, seat),
                    "auction_quarry": target,
                    "auction_tiles": (list(s["quarries"][target]) if target is not None else []),
                },
            )
        if ph == "pay":
            b = s["buying"]
            return Prompt(
                seat,
                kind,
                f"Pay at least {b['price']} for {' and '.join(b['tiles'])}",
                {
                    "price": b["price"],
                    "tiles": list(b["tiles"]),
                    "hand": hand,
                    "max_payment": max_single_payment(hand),
                },
            )
        if s["pending"]:
            return Prompt(seat, kind, rules.DECISIONS.text(s), rules.DECISIONS.preview(s))
        if ph == "pick":
            h = s["handout"]
            return Prompt(
                seat,
                kind,
                "Take one tile from the quarry (then build or discard it)",
                {"tiles": list(h["tiles"]), "quarry": h["quarry"]},
            )
        if ph == "bid":
            a = s["auction"]
            st = a["bids"][str(seat)]
            return Prompt(
                seat,
                kind,
                f"Raise over {a['high_total']} or pass (your bid: {st['total']})",
                {
                    "high_total": a["high_total"],
                    "high_seat": a["high_seat"],
                    "bid": clone(st),
                    "currency": st["currency"],
                    "tiles": list(a["tiles"]),
                    "hand": hand,
                },
            )
        if ph == "rebuild":
            return Prompt(
                seat,
                kind,
                "Rebuild: detach, insert or scrap",
                {
                    "options": rules.rebuild_ops(s, seat),
                    "palaces": [list(x) for x in s["palaces"][seat]],
                },
            )
        if ph == "rebuild_pay":
            return Prompt(
                seat,
                kind,
                "Pay one card (any) for the rebuild",
                {"hand": hand, "rebuild": s["rebuild"]},
            )
        return Prompt(seat, "palazzo.none", "The game is over", {})

    @staticmethod
    def _auction_target(s):
        m = s["master"]
        for step in range(1, data.QUARRIES):
            q = (m + step) % data.QUARRIES
            if s["quarries"][q]:
                return q
        return None

    # ------------------------------------------------------------------ text
    def describe(self, s, seat, action, viewer):
        # Every Palazzo action is public (draws are revealed face up), so the
        # line is the same for every viewer: play it on a copy and report.
        try:
            s2 = clone(s)
            rules.apply(s2, seat, action.strip())
            return s2["last"]
        except IllegalAction:
            return super().describe(s, seat, action, viewer)

    def label(self, s, seat, action):
        try:
            a = Action.parse(action)
        except IllegalAction:
            return action
        if s["pending"]:
            return rules.DECISIONS.label(s, a)
        verb, args = a
        if verb == "money":
            return f"Take money (reveal {s['n'] + 1})"
        if verb == "tiles":
            return "Draw tiles, then buy or auction"
        if verb == "rebuild":
            return "Rebuild a palace (1 card)"
        if verb == "take":
            return f"Take {' '.join(args)}"
        if verb == "buy":
            return f"Buy {' + '.join(args)} ({rules.unit_price(s) * len(args)})"
        if verb == "auction":
            q = self._auction_target(s)
            return "Auction (nothing to auction)" if q is None else f"Auction Q{q}"
        if verb in ("pay", "bid"):
            try:
                cards = parse_cards(" ".join(args))
            except IllegalAction:
                return action
            if verb == "pay":
                return f"Pay {fmt_cards(cards)} ({best_value(cards) or 0})"
            st = (
                s["auction"]["bids"][str(seat)]
                if s.get("auction")
                else {"total": 0, "currency": None}
            )
            v = best_value(cards, st["currency"]) or 0
            return f"Bid {fmt_cards(cards)} (+{v} = {st['total'] + v})"
        if verb == "pass":
            return "Pass"
        if verb == "pick":
            return f"Pick {' '.join(args)}"
        if verb == "detach" and len(args) == 2:
            return f"Detach floor {args[1]} from palace {args[0]}"
        if verb == "insert" and len(args) == 2:
            return f"Insert palace {args[0]} into palace {args[1]}"
        if verb == "scrap" and args:
            return f"Scrap palace {args[0]}"
        return action

    def undo_barrier(self, before, after, seat, action):
        # Taking money draws from the shuffled deck and drawing tiles from the
        # face-down stacks: reveals that use no randomness at the time.
        return super().undo_barrier(before, after, seat, action) or took_from(
            before, after, "deck", "stacks"
        )

    def round_number(self, s):
        """Palazzo has no rounds in the rules; a round here is one turn of each player."""
        return (s["turn_no"] - 1) // s["n"] + 1

    def status(self, s):
        head = f"Stack {rules.current_stack(s)} · riders {len(s['riders'])}/{data.RIDERS_TO_END}"
        if s["phase"] == "over":
            return head + " · game over"
        who = rules.to_act(s)
        return f"{head} · {s['names'][who[0]]}: {PHASE_TEXT[s['phase']]}"

    # ------------------------------------------------------------------ scores
    def scores(self, s):
        cards = []
        for p in range(s["n"]):
            lines = [
                ScoreLine(f"Palace {i + 1} [{' '.join(pal)}]", palace_score(pal))
                for i, pal in enumerate(s["palaces"][p])
            ]
            cards.append(
                ScoreCard(
                    seat=p,
                    name=s["names"][p],
                    total=sum(x.points for x in lines),
                    lines=lines,
                    tiebreak=max_single_payment(s["hands"][p]),
                    tiebreak_label="largest single payment",
                )
            )
        return rank_cards(cards)

    # ------------------------------------------------------------------ bots
    def large_menu(self, s, seat):
        # A payment or a bid is any paying subset of the hand: 370,000 of them
        # for a big hand. The card selector composes it instead.
        return s["phase"] in ("pay", "bid")

    def sample(self, s, seat, rng: random.Random):
        ph = s["phase"]
        if ph == "pay":
            price = s["buying"]["price"]
            if price <= 0:
                return "pay none"
            hand = s["hands"][seat]
            counts = _hand_counts(hand)
            for _ in range(8):
                p, v = _random_payment(counts, None, rng)
                if p and v >= price:
                    return f"pay {fmt_cards(p)}"
            return f"pay {fmt_cards(max_payment_cards(hand))}"
        if ph == "bid":
            a = s["auction"]
            st = a["bids"][str(seat)]
            if rng.random() < 0.5:
                return "pass"
            counts = _hand_counts(s["hands"][seat])
            for _ in range(8):
                p, v = _random_payment(counts, st["currency"], rng)
                if p and st["total"] + v > a["high_total"]:
                    return f"bid {fmt_cards(p)}"
            return "pass"
        return rng.choice(rules.legal(s, seat))


GAME = Palazzo()
