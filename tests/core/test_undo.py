"""The undo policy (core.undo) on a toy game, where every case is easy to reach."""

import pytest

from florencia_tui.core import UNDO, IllegalAction, UndoLog
from florencia_tui.core.game import Game, Prompt
from florencia_tui.core.rng import next_u64, seed_state
from florencia_tui.core.undo import took_from, undone_indices


class Count(Game):
    """Two seats take turns: 'inc' (quiet), 'draw' (reveals the deck's top card,
    no randomness), 'roll' (uses the generator), 'end' (passes the turn). The
    game is over when the counter reaches 5."""

    id = "count"
    title = "Count"
    min_players = 2
    max_players = 2

    def _new(self, names, seed, options):
        return {
            "game": "count",
            "names": names,
            "rng": seed_state(seed),
            "turn": 0,
            "n": 0,
            "deck": [3, 1, 2],
            "seen": [],
            "rolls": [],
        }

    def to_act(self, s):
        return [] if s["n"] >= 5 else [s["turn"]]

    def prompt(self, s, seat):
        return Prompt(seat, "count.turn", "inc, draw, roll or end?")

    def legal(self, s, seat):
        return ["inc", "draw", "roll", "end"]

    def _apply(self, s, seat, action):
        if action == "inc":
            s["n"] += 1
        elif action == "draw":
            s["seen"].append(s["deck"].pop())
        elif action == "roll":
            s["rolls"].append(next_u64(s) % 6 + 1)
        elif action == "end":
            s["turn"] = 1 - seat
        else:
            raise IllegalAction(f"no '{action}' in Count")

    def undo_barrier(self, before, after, seat, action):
        return super().undo_barrier(before, after, seat, action) or took_from(before, after, "deck")

    def is_over(self, s):
        return s["n"] >= 5

    def view(self, s, seat):
        return dict(s)


G = Count()


class Play:
    def __init__(self):
        self.s = G.new(["Ana", "Ben"], 1)
        self.log = UndoLog()
        self.actions = []

    def do(self, seat, action):
        if action == UNDO:
            _, self.s = self.log.undo(G, self.s, seat)
        else:
            after = G.apply(self.s, seat, action)
            self.log.push(G, seat, action, self.s, after)
            self.s = after
        self.actions.append([seat, action])


def test_undo_returns_to_the_state_before_each_quiet_action():
    p = Play()
    start = p.s
    p.do(0, "inc")
    one = p.s
    p.do(0, "inc")
    p.do(0, UNDO)
    assert p.s == one
    p.do(0, UNDO)
    assert p.s == start
    assert p.log.refusal(G, p.s, 0) == "there is nothing to undo"
    assert p.log.undone == {0, 1}


def test_a_reveal_without_randomness_is_a_barrier():
    p = Play()
    p.do(0, "inc")
    p.do(0, "draw")  # sees the 2
    p.do(0, "inc")
    p.do(0, UNDO)  # the inc after the draw may go
    assert p.s["seen"] == [2]
    with pytest.raises(IllegalAction, match="revealed hidden information"):
        p.do(0, UNDO)
    assert p.s["seen"] == [2] and p.s["deck"] == [3, 1]


def test_randomness_is_a_barrier_by_default_and_is_never_rerolled():
    p = Play()
    p.do(0, "roll")
    first = list(p.s["rolls"])
    with pytest.raises(IllegalAction, match="used chance"):
        p.do(0, UNDO)
    # Quiet actions after the roll can be undone, and the generator is where it was.
    rng = p.s["rng"]
    p.do(0, "inc")
    p.do(0, UNDO)
    assert p.s["rng"] == rng and p.s["rolls"] == first


def test_never_across_another_players_action():
    p = Play()
    p.do(0, "inc")
    p.do(0, "end")
    p.do(1, "inc")
    with pytest.raises(IllegalAction, match="Ben acted last"):
        p.do(0, UNDO)
    # Even once Ben takes his action back, Ana's turn stays locked.
    p.do(1, UNDO)
    with pytest.raises(IllegalAction, match="another player has acted since"):
        p.do(0, UNDO)


def test_the_last_action_of_a_turn_can_be_taken_back_before_anyone_acts():
    p = Play()
    p.do(0, "inc")
    before = p.s
    p.do(0, "end")
    assert p.s["turn"] == 1
    p.do(0, UNDO)
    assert p.s == before and p.s["turn"] == 0


def test_no_undo_once_the_game_is_over():
    p = Play()
    for _ in range(5):
        p.do(0, "inc")
    assert G.is_over(p.s)
    with pytest.raises(IllegalAction, match="game is over"):
        p.do(0, UNDO)


def test_replay_reproduces_undos_and_refuses_forbidden_ones():
    p = Play()
    for seat, action in [
        (0, "inc"),
        (0, "draw"),
        (0, "inc"),
        (0, UNDO),
        (0, "end"),
        (1, "roll"),
        (1, "inc"),
        (1, UNDO),
        (1, "inc"),
    ]:
        p.do(seat, action)
    again = UndoLog().replay(G, G.new(["Ana", "Ben"], 1), p.actions)
    assert again == p.s
    assert undone_indices(p.actions) == p.log.undone == {2, 6}
    with pytest.raises(IllegalAction):
        UndoLog().replay(G, G.new(["Ana", "Ben"], 1), [[0, "roll"], [0, UNDO]])


def test_took_from_sees_draws_not_additions():
    assert took_from({"d": [1, 2]}, {"d": [1]}, "d")
    assert not took_from({"d": [1]}, {"d": [1, 2]}, "d")
    assert took_from({"st": {"I": ["a"], "II": []}}, {"st": {"I": [], "II": []}}, "st")
    assert not took_from({"d": [1, 2]}, {"d": [2, 1]}, "d")  # same cards, reordered
