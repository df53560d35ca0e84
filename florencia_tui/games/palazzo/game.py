"""The Palazzo Game object: ties rules, notation, views and scoring together."""

from __future__ import annotations

import random

from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, rank_cards
from florencia_tui.games.palazzo import data, determinize, rules, view
from florencia_tui.games.palazzo.notation import fmt_cards
from florencia_tui.games.palazzo.payment import CURRENCIES, max_payment_cards, max_single_payment
from florencia_tui.games.palazzo.scoring import palace_score


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
    decisions = rules.DECISIONS
    secrets = view.SECRETS
    # Taking money draws from the shuffled deck and drawing tiles from the
    # face-down stacks: reveals that use no randomness at the time.
    chance = ("deck", "stacks")

    def _new(self, names, seed, options):
        return rules.new_state(names, seed)

    # The rules' own, bound without a wrapper: asked several times a step.
    to_act = staticmethod(rules.to_act)
    upgrade = staticmethod(rules.upgrade)
    _view = staticmethod(view.view)
    determinize = staticmethod(determinize.determinize)

    def is_over(self, s):
        return s["phase"] == "over"

    def idle_prompt(self, s, seat):
        if self.is_over(s):
            return Prompt(seat, "palazzo.none", "The game is over", {})
        return super().idle_prompt(s, seat)

    # ------------------------------------------------------------------ text
    def describe(self, s, seat, action, viewer, after=None):
        # Every Palazzo action is public (draws are revealed face up), so the
        # line is the same for every viewer: the rules wrote it.
        after = self.state_after(s, seat, action, after)
        return super().describe(s, seat, action, viewer) if after is None else after["last"]

    def round_number(self, s):
        """Palazzo has no rounds in the rules; a round here is one turn of each player."""
        return (s["turn_no"] - 1) // s["n"] + 1

    def status(self, s):
        head = f"Stack {rules.current_stack(s)} · riders {len(s['riders'])}/{data.RIDERS_TO_END}"
        if s["phase"] == "over":
            return head + " · game over"
        who = rules.to_act(s)
        return f"{head} · {s['names'][who[0]]}: {view.PHASE_TEXT[s['phase']]}"

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
        return rng.choice(self.legal(s, seat))


GAME = Palazzo()
