"""A search bot: single-observer information-set Monte Carlo tree search.

Each iteration deals the hidden information at random consistently with what
the bot's seat has seen (``Game.determinize`` of its redacted observation),
then walks one shared tree of action strings, choosing among the actions legal
in that deal by UCB1 (with availability counts; per game only among a node's
best few by one-ply evaluation, more as it is visited more; per game another
seat's node simply takes that seat's one-ply best move), expands one node,
plays a short rollout with the real rules (random moves, or per game each
seat's heuristic move), and backs up each seat's reward from the game's
evaluation. It is deterministic for a given seed and iteration
budget. The app's level spends its game's budget (``BotKit.iterations``)
within a cap on its own CPU time; ``search@SECONDS`` is a wall-clock box.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from florencia_tui.bots.base import Bot, Observation
from florencia_tui.bots.evaluate import advantage, candidates, evaluator, kit, seat_values
from florencia_tui.core.game import Game, State


class Node:
    __slots__ = ("children", "visits", "avail", "value", "order")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.order: list[str] | None = None  # actions best first by one ply, when ranked
        self.visits = 0
        self.avail = 0
        self.value = 0.0  # summed reward of the seat that chose the action leading here


def rewards(game: Game, s: State, ev) -> list[float]:
    """Each seat's reward in [0, 1]: wins at the end, else a squashed advantage."""
    n = len(s["names"])
    if game.is_over(s):
        cards = game.scores(s)
        winners = [c.seat for c in cards if c.winner]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    values = seat_values(game, s, ev)
    out = []
    for p in range(n):
        best_other = max(v for q, v in enumerate(values) if q != p) if n > 1 else 0.0
        out.append(1 / (1 + math.exp(-(values[p] - best_other) / 6.0)))
    return out


def first_mover(game: Game, s: State, seat: int) -> int:
    """Whose decision the search plays out next: ``seat``'s own while it owes
    one, else the first seat that does.

    Several seats can owe a decision at once (Strasbourg's tasks and planning,
    Architects' draft, Florence's opening deal), in any order. The root must
    be the searching seat's own decision, or the tree would weigh another
    seat's options (a human still drawing, who may only 'draw') and the bot
    would play whichever of them happens to share its notation; and the
    seat's further decisions of the phase come first, as when it is alone.
    """
    acting = game.to_act(s)
    return seat if seat in acting else acting[0]


#: How the tree is grown by default; each game's ``bot.BOT.search`` overrides
#: some (tuned in the matches of docs/bots.md). ``rollout_depth``: moves played
#: after the new node before evaluating; ``greedy``: those moves are each seat's heuristic move (the
#: best one-ply advantage) instead of random ones; ``c``: UCB exploration;
#: ``ordered``: expand a node's actions best first by one-ply evaluation
#: instead of at random; ``widen``: if not 0, a node visited n times only
#: considers its ``1 + widen * sqrt(n)`` best actions by that evaluation;
#: ``until_own``: a rollout also ends where the searching seat owes the next
#: decision (its leaves are then judged as the heuristic judges a move).
#: ``greedy_opponents``: in the tree, another seat plays its heuristic move of
#: the deal (as greedy rollouts do) instead of choosing by UCB, so every
#: iteration goes to the searching seat's own options (Florence's since
#: session 24, docs/bots.md).
#: The app's search level stops a decision after this many seconds of its own
#: CPU time even if the game's budget (``BotKit.iterations``) is not spent.
CPU_CAP = 0.8

DEFAULTS = {
    "rollout_depth": 12,
    "c": 0.7,
    "ordered": False,
    "greedy": False,
    "widen": 0.0,
    "until_own": False,
    "greedy_opponents": False,
}


class SearchBot(Bot):
    kind = "bot:search"
    needs_redacted = True

    def __init__(
        self,
        seconds: float | None = None,
        iterations: int | None = None,
        early_stop: bool = True,
        **settings,
    ) -> None:
        """``seconds``: a wall-clock time box per decision (``search@0.3``);
        ``iterations``: a fixed budget (``search@400it``, reproducible); neither:
        the app's level, the game's own budget (``BotKit.iterations``) within
        ``CPU_CAP`` seconds of the bot's own CPU time."""
        self.seconds = seconds
        self.iterations = iterations
        self.early_stop = early_stop  # stop once the choice cannot change
        unknown = set(settings) - set(DEFAULTS)
        if unknown:
            raise TypeError(f"unknown search settings {sorted(unknown)}")
        self.settings = settings  # overrides of DEFAULTS and the game's own settings
        self._configure(DEFAULTS)
        self.last_iterations = 0
        self.last_root: Node | None = None

    def choose(self, obs: Observation) -> str:
        legal = obs.legal
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        pick = random.Random(obs.key)
        if obs.redacted is None:
            return pick.choice(legal)
        game, seat = obs.game, obs.seat
        self._configure({**DEFAULTS, **kit(game).search, **self.settings})
        ev = evaluator(game)
        root = Node()
        budget, clock, limit = self._budget(game)
        start = clock()
        deadline = start + limit
        s = game.determinize(obs.redacted, seat, pick.randrange(2**31))
        allowed = set(legal)
        moves = [a for a in candidates(game, s, seat) if a in allowed]
        if len(moves) == 1:  # the only sensible answer (e.g. the one cheapest payment)
            return moves[0]
        it = 0
        # A time box ends before an iteration that would likely overrun it (at
        # the mean pace so far), so a decision stays near its box: one slow
        # Florence iteration (greedy rollouts over long menus) took it to 0.95 s.
        while (budget is None or it < budget) and (
            clock() + ((clock() - start) / it if it else 0.0) < deadline
        ):
            if it:
                s = game.determinize(obs.redacted, seat, pick.randrange(2**31))
            self._iterate(game, s, seat, root, pick, ev)
            it += 1
            if (
                self.early_stop
                and it % 16 == 0
                and self._settled(root, it, budget, clock, start, deadline)
            ):
                break
        self.last_iterations = it
        self.last_root = root  # for tests and analysis
        scored = [(child.visits, a) for a, child in root.children.items() if a in legal]
        if not scored:
            return pick.choice(legal)
        most = max(v for v, _ in scored)
        return pick.choice(sorted(a for v, a in scored if v == most))

    def _configure(self, cfg: dict) -> None:
        self.rollout_depth: int = cfg["rollout_depth"]
        self.c: float = cfg["c"]
        self.ordered: bool = cfg["ordered"]
        self.greedy: bool = cfg["greedy"]
        self.widen: float = cfg["widen"]
        self.until_own: bool = cfg["until_own"]
        self.greedy_opponents: bool = cfg["greedy_opponents"]

    def _budget(self, game: Game) -> tuple[int | None, Callable[[], float], float]:
        """(iterations, clock, seconds on that clock) for one decision."""
        if self.seconds is not None:
            return self.iterations, time.perf_counter, self.seconds
        if self.iterations is not None:
            return self.iterations, time.perf_counter, math.inf
        # The app's level: a budget, so it plays alike on any machine and under
        # any load, and a cap on its own CPU time (not the wall clock, which a
        # loaded server or a paused process would turn into a weaker move).
        return kit(game).iterations, time.thread_time, CPU_CAP

    @staticmethod
    def _settled(
        root: Node,
        it: int,
        budget: int | None,
        clock: Callable[[], float],
        start: float,
        deadline: float,
    ) -> bool:
        """True when the most visited action can no longer be overtaken in the
        iterations left (the budget's, or as many as the rate so far fits
        before the deadline, whichever is fewer), so the rest of the time would
        not change the choice."""
        now = clock()
        left = it / max(now - start, 1e-9) * (deadline - now) if deadline < math.inf else math.inf
        if budget is not None:
            left = min(left, budget - it)
        visits = sorted((c.visits for c in root.children.values()), reverse=True)
        if not visits:
            return False
        return visits[0] - (visits[1] if len(visits) > 1 else 0) > left

    def _iterate(
        self, game: Game, s: State, seat: int, root: Node, pick: random.Random, ev
    ) -> None:
        # ``s`` is this iteration's own determinization: step it in place.
        step = game.apply_in_place
        root.visits += 1  # the parent count progressive widening reads
        path: list[tuple[Node, int]] = []  # (child node, seat that chose it)
        node = root
        while not game.is_over(s):
            mover = first_mover(game, s, seat)
            legal = candidates(game, s, mover)
            if self.greedy_opponents and mover != seat and len(legal) > 1:
                legal = [self._greedy_move(game, s, mover, ev)]
            elif self.widen and len(legal) > 1:
                if node.order is None:
                    node.order = self._rank(game, s, mover, legal, ev)
                legal = self._widened(node, legal)
            children = node.children
            fresh = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    fresh.append(a)
                else:
                    child.avail += 1
            if fresh:
                if len(fresh) == 1:
                    a = fresh[0]
                elif self.ordered:
                    if node.order is None:
                        node.order = self._rank(game, s, mover, legal, ev)
                    new = set(fresh)
                    a = next((x for x in node.order if x in new), fresh[0])
                else:
                    a = fresh[pick.randrange(len(fresh))]
                child = children[a] = Node()
                child.avail = 1
                step(s, mover, a)
                path.append((child, mover))
                break
            a = max(legal, key=lambda x: self._ucb(children[x]))
            node = children[a]
            step(s, mover, a)
            path.append((node, mover))
        for _ in range(self.rollout_depth):
            if game.is_over(s):
                break
            mover = first_mover(game, s, seat)
            if self.until_own and mover == seat:
                break
            step(s, mover, self._rollout_move(game, s, mover, pick, ev))
        r = rewards(game, s, ev)
        for child, mover in path:
            child.visits += 1
            child.value += r[mover]

    def _widened(self, node: Node, legal: list[str]) -> list[str]:
        """Progressive widening: the ``1 + widen * sqrt(visits)`` best actions
        of ``legal`` by the node's one-ply order (actions the order lacks last)."""
        k = 1 + int(self.widen * math.sqrt(node.visits))
        if k >= len(legal):
            return legal
        allowed = set(legal)
        out = [a for a in node.order if a in allowed][:k]
        if len(out) < k:
            seen = set(out)
            out += [a for a in legal if a not in seen][: k - len(out)]
        return out

    def _rollout_move(self, game: Game, s: State, mover: int, pick: random.Random, ev) -> str:
        """A random legal move, or with ``greedy`` the move the heuristic bot
        would make on this deal: the candidate with the best one-ply advantage."""
        if not self.greedy:
            return game.sample(s, mover, pick)
        return self._greedy_move(game, s, mover, ev)

    @staticmethod
    def _greedy_move(game: Game, s: State, mover: int, ev) -> str:
        """The candidate with the best one-ply advantage for ``mover`` on this deal."""
        options = candidates(game, s, mover)
        if len(options) == 1:
            return options[0]
        return max(options, key=lambda a: advantage(game, game.apply(s, mover, a), mover, ev))

    @staticmethod
    def _rank(game: Game, s: State, mover: int, legal: list[str], ev) -> list[str]:
        """``legal`` best first for ``mover`` by the evaluation one ply ahead."""
        scored = [(rewards(game, game.apply(s, mover, a), ev)[mover], a) for a in legal]
        return [a for _, a in sorted(scored, key=lambda x: -x[0])]

    def _ucb(self, child: Node) -> float:
        if child.visits == 0:
            return float("inf")
        return child.value / child.visits + self.c * math.sqrt(
            math.log(max(child.avail, 1)) / child.visits
        )
