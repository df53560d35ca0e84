"""The Architects of the West Kingdom Game object (protocol glue)."""

from __future__ import annotations

import random

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, Variant, rank_cards

from . import data as D
from . import rules as R
from .decisions import DECISIONS
from .describe import describe
from .determinize import determinize
from .notation import parse
from .scoring import resolved_player, score_lines
from .view import SECRETS
from .view import view as make_view


def _skip_done(opts: list[str], rng: random.Random) -> list[str]:
    """A multi-action visit: a random player mostly goes on rather than stops."""
    if len(opts) > 1 and rng.random() < 0.7:
        return [o for o in opts if o != "done"]
    return opts


def _prefer_builds(opts: list[str], rng: random.Random) -> list[str]:
    builds = [o for o in opts if o.startswith("build")]
    return builds if builds and rng.random() < 0.7 else opts


#: How a random player (``sample``) narrows its options at a decision, by kind.
SAMPLE_NARROW = {
    "storehouse": _skip_done,
    "guardhouse": _skip_done,
    "capture": _skip_done,
    "guildhall": _prefer_builds,
}


class Architects(Game):
    decisions = DECISIONS
    secrets = SECRETS
    # Drawing buildings, refilling the apprentice rows, taking a reward, a
    # Black Market flip and a new draft packet show cards of decks shuffled
    # at setup (no randomness at the time): none of these can be taken back.
    chance = ("bdeck", "adeck", "rewards", "bm_small", "draft")
    parse = staticmethod(parse)
    # Everyone sees a player turn captives in at the Guardhouse.
    open_decisions = frozenset({"architects.guardhouse"})
    variants = (
        Variant(
            "no_worker_fallback",
            "Take back from anywhere",
            "no-worker turn with no worker on a large location: take 1 back from the "
            "Prison, Black Market or a captor (printed: no, the player passes)",
        ),
        Variant(
            "conspirator_mode",
            "Conspirator per capture (BGA)",
            "the Conspirator makes every capture after the first free, not every "
            "Town Centre action",
            on="per_capture",
            off="per_action",
        ),
        Variant(
            "free_apprentice",
            "Free starting apprentice (BGA)",
            "after the draft each player hires 1 face-up apprentice free, in reverse turn order",
        ),
        Variant(
            "guildhall_refresh",
            "Guildhall refresh (BGA)",
            "at Guildhall spaces 3, cols+3 and 2 cols+3 the column-1 apprentices leave",
        ),
    )

    def default_options(self) -> dict:
        return dict(D.DEFAULT_OPTIONS)

    def game_choices(self) -> list[tuple]:
        """The setup choices that are not variants: (key, label, [(value, label)...], hint)."""
        return [
            (
                "side",
                "Boards",
                [(1, "side 1"), (2, "side 2")],
                "side 2: each player is a character with a power",
            ),
            (
                "promo_cards",
                "Promos",
                [(False, "off"), (True, "on")],
                "promo apprentices and buildings (cards 41-43)",
            ),
        ]

    def _new(self, names, seed, options):
        if options.get("side", 1) not in (1, 2):
            raise IllegalAction("side must be 1 or 2")
        return R.setup(names, seed, options)

    # ----- whose decision ---------------------------------------------------
    to_act = staticmethod(R.to_act)

    def idle_prompt(self, s, seat):
        who = ", ".join(s["names"][q] for q in self.to_act(s)) or "nobody"
        return Prompt(seat, "architects.wait", f"Waiting for {who}", {})

    #: Every legal answer but dismissals (what bots weigh).
    base_legal = Game.legal

    def _dismiss(self, s, seat):
        """Transcript (Taller): apprentices may be discarded "en cualquier
        momento": at every decision ``seat`` owes in play (before placing,
        mid-Storehouse, at a Hugo choice on another's turn ...). The one
        exception (a reading): a dismissal that would leave the pending
        decision with no legal answer at all is not offered."""
        if s["phase"] != "play" or seat not in self.to_act(s):
            return []
        appr = s["players"][seat]["appr"]
        out = []
        for a in sorted(set(appr)):
            if s["pending"]:
                i = appr.index(a)
                del appr[i]
                try:
                    answerable = bool(DECISIONS.legal(s))
                finally:
                    appr.insert(i, a)
                if not answerable:
                    continue
            out.append(f"dismiss {a}")
        return out

    def legal(self, s, seat):
        return self.base_legal(s, seat) + self._dismiss(s, seat)

    # ----- transitions --------------------------------------------------------
    def _apply(self, s, seat, action):
        a = parse(action)  # the one parse: every handler below takes the Action
        act = str(a)
        if a.verb == "dismiss":
            if act not in self._dismiss(s, seat):
                raise IllegalAction(
                    "you can only dismiss one of your own apprentices, at a decision of yours"
                )
            aid = a.num(0, "the apprentice")
            s["players"][seat]["appr"].remove(aid)
            s["adeck"].append(aid)
            return
        f = self.frame(s, seat)
        if f is not None and f["k"] == "place" and a.verb == "place":
            allowed = R.place_allowed(s, seat, act)  # one placement, not the whole list
        else:
            allowed = act in self.base_legal(s, seat)
        if not allowed:
            raise IllegalAction(self._why(s, seat, a, self.base_legal(s, seat)))
        self.decisions.apply(s, a, f)

    def _why(self, s, seat, a, legal):
        act = str(a)
        verb = a.verb
        if s["pending"]:
            return (
                f"'{act}' is not possible now. {self.prompt(s, seat).text}: "
                + ", ".join(legal[:8])
                + (" ..." if len(legal) > 8 else "")
            )
        if verb == "place" and s["players"][seat]["workers"] == 0:
            return "you have no workers on your board: take one back with 'retrieve'"
        reasons = {
            "place taxstand": "the Tax Stand is empty",
            "place mines gold": "gold at the Mines needs at least 2 of your workers there",
            "place guildhall": "you can neither construct a building nor advance on the Cathedral",
        }
        if act.startswith("place market"):
            if s["players"][seat]["virtue"] > D.BLACK_MARKET_MAX_VIRTUE:
                return "the Black Market is barred at virtue 10 or more"
            return "that Black Market space is taken or you cannot pay for it"
        return reasons.get(
            act, f"'{act}' is not a legal action now (try: " + ", ".join(legal[:6]) + ")"
        )

    def round_number(self, s):
        """No rounds in the rules; here a round is one turn of each player (the
        draft and free hires come before round 1)."""
        if s["phase"] in ("draft", "freehire"):
            return None
        return s["turns"] // s["np"] + 1

    def sample(self, s, seat, rng: random.Random):
        opts = self.base_legal(s, seat)
        if s["phase"] == "play" and not s["pending"]:
            if "place guildhall" in opts and rng.random() < 0.8:
                return "place guildhall"
            if rng.random() < 0.02:
                d = self._dismiss(s, seat)
                if d:
                    return rng.choice(d)
        elif s["pending"]:
            narrow = SAMPLE_NARROW.get(s["pending"][-1]["k"])
            if narrow is not None:
                opts = narrow(opts, rng)
        return rng.choice(opts)

    # ----- views and results ----------------------------------------------------
    determinize = staticmethod(determinize)

    def _view(self, r, seat):
        return make_view(self, r, seat)

    def is_over(self, s):
        return s["phase"] == "over"

    def scores(self, s):
        cards = []
        for p in range(s["np"]):
            P = s["players"][p] if s["phase"] == "over" else resolved_player(s, p)
            lines = [ScoreLine(lbl, pts) for lbl, pts in score_lines(s, p, P)]
            cards.append(
                ScoreCard(
                    p,
                    s["names"][p],
                    sum(ln.points for ln in lines),
                    lines,
                    tiebreak=P["virtue"],
                    tiebreak_key=(P["virtue"], P["silver"]),
                    tiebreak_label=f"virtue {P['virtue']}, silver {P['silver']}",
                )
            )
        return rank_cards(cards)

    def status(self, s):
        if s["phase"] == "draft":
            return f"Building draft - pick {s['draft']['round'] + 1}/3"
        if s["phase"] == "over":
            return "Game over"
        if s["phase"] == "freehire":
            return "Free starting apprentices"
        cols, total, _ = D.guildhall_layout(s["np"])
        gh = f"Guildhall {len(s['guildhall'])}/{total}"
        if s["final"] is not None:
            gh += " - final round"
        return f"{gh} - turn {s['turns'] + 1}"

    def describe(self, s, seat, action, viewer, after=None):
        return describe(s, seat, action, viewer)


GAME = Architects()
