"""The Architects of the West Kingdom Game object (protocol glue)."""

from __future__ import annotations

import random

from florencia_tui.core import decisions
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, Variant, rank_cards
from florencia_tui.core.undo import took_from

from . import data as D
from . import rules as R
from .decisions import DECISIONS
from .notation import parse
from .scoring import resolved_player, score_lines
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
    id = "architects"
    title = "Architects of the West Kingdom"
    decisions = DECISIONS
    min_players = 2
    max_players = 5
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
    def to_act(self, s):
        if s["phase"] == "over":
            return []
        if s["phase"] == "draft":
            dr = s["draft"]
            return [i for i, k in enumerate(dr["kept"]) if len(k) == dr["round"]]
        if s["phase"] == "freehire":
            return [s["freehire"][0]]
        if s["pending"]:
            return [s["pending"][-1]["p"]]  # the owner of the top frame (core.decisions)
        return [s["turn"]]

    def base_legal(self, s, seat):
        if seat not in self.to_act(s):
            return []
        if s["phase"] == "draft":
            return [f"keep {b}" for b in s["draft"]["packets"][seat]]
        if s["phase"] == "freehire":
            return [f"hire {a}" for a in R.face_up(s)]
        if s["pending"]:
            return DECISIONS.legal(s)
        return R.place_options(s, seat)

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

    def prompt(self, s, seat):
        if seat not in self.to_act(s):
            who = ", ".join(s["names"][q] for q in self.to_act(s)) or "nobody"
            return Prompt(seat, "architects.wait", f"Waiting for {who}", {})
        if s["phase"] == "draft":
            return Prompt(
                seat,
                "architects.draft",
                "Building draft: keep 1 card, pass the rest",
                {"packet": list(s["draft"]["packets"][seat])},
            )
        if s["phase"] == "freehire":
            return Prompt(
                seat,
                "architects.freehire",
                "Hire 1 face-up apprentice for free",
                {
                    "options": self.base_legal(s, seat),
                    "appr_limit": R.appr_limit(s["players"][seat]),
                },
            )
        f = decisions.top(s)
        if f is not None:
            data = {k: v for k, v in f.items() if k not in ("k", "p")}
            data["options"] = DECISIONS.legal(s, f)
            data.update(DECISIONS.preview(s, f))
            data["labels"] = {o: DECISIONS.label(s, parse(o), f) for o in data["options"]}
            return Prompt(seat, f"architects.{f['k']}", DECISIONS.text(s, f), data)
        P = s["players"][seat]
        if P["workers"] == 0:
            return Prompt(
                seat,
                "architects.retrieve",
                "No workers on your board: take 1 back (this is your turn)",
                {"options": R.retrieve_options(s, seat)},
            )
        return Prompt(
            seat,
            "architects.place",
            "Place a worker",
            {"options": R.place_options(s, seat), "yields": R.yields(s, seat)},
        )

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
        legal = self.base_legal(s, seat)
        if act not in legal:
            raise IllegalAction(self._why(s, seat, a, legal))
        if s["phase"] == "draft":
            R.draft_keep(s, seat, a.num(0, "the building"))
            return
        if s["phase"] == "freehire":
            R.free_hire(s, seat, a.num(0, "the apprentice"))
            return
        if s["pending"]:
            DECISIONS.apply(s, a)
        elif a.verb == "place":
            s["passes"] = 0
            R.do_place(s, seat, a.args)
            s["stage"] = "post"
        else:  # retrieve / pass
            R.do_retrieve(s, seat, a.args)
            s["stage"] = "post"
        R.advance(s)

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

    def undo_barrier(self, before, after, seat, action):
        """Drawing buildings, refilling the apprentice rows, taking a reward, a
        Black Market flip and a new draft packet show cards of decks shuffled at
        setup (no randomness at the time): none of these can be taken back."""
        return super().undo_barrier(before, after, seat, action) or took_from(
            before, after, "bdeck", "adeck", "rewards", "bm_small", "draft"
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

    # ----- hidden information for bots ---------------------------------------------
    def redact(self, s, seat):
        from .determinize import redact

        return redact(s, seat)

    def determinize(self, r, seat, seed):
        from .determinize import determinize

        return determinize(r, seat, seed)

    # ----- views and results ----------------------------------------------------
    def view(self, s, seat):
        return make_view(self, s, seat)

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

    def simultaneous(self, s):
        """The building draft: everyone keeps a card from their packet at once."""
        return s["phase"] == "draft"

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

    def label(self, s, seat, action):
        """An answer to the decision ``seat`` owes in its own words (the
        decision table's label, e.g. the Tavern's "done" is "Hire nobody")."""
        f = decisions.top(s)
        if f is not None and f["p"] == seat and s["phase"] == "play":
            try:
                return DECISIONS.label(s, parse(action), f)
            except IllegalAction:
                return action
        from .describe import label

        return label(s, seat, action)

    def describe(self, s, seat, action, viewer):
        from .describe import describe

        return describe(s, seat, action, viewer)


GAME = Architects()
