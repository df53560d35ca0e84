"""The Florence board and prompt panel across whole random games, without an app:
every view draws, every prompt gets a panel, each choice the panel offers is a
legal action, and every legal action can be reached through the panel."""

from __future__ import annotations

import io
import random

from rich.console import Console

from florencia_tui.games.florence import data as D
from florencia_tui.games.florence.game import GAME
from florencia_tui.games.florence.ui import render
from florencia_tui.games.florence.ui.panel import FlorencePanel, MenuMode, PlaceMode, WorkMode


def draw(renderable, width: int = 78) -> str:
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


class Recorder(FlorencePanel):
    """A panel outside any app that records what it would submit."""

    def __init__(self, *a) -> None:
        self.sent: list[str] = []
        self.said: list[str] = []
        super().__init__(*a)

    def submit(self, action: str) -> bool:
        assert action in self.legal_set, action
        self.sent.append(action)
        return True

    def say(self, text: str) -> None:
        self.said.append(text)

    def board(self):
        return None

    def push(self, mode) -> None:
        self._push(mode)
        mode.on_enter()


def draw_board(view: dict) -> None:
    for pv in view["players"]:
        for large in (False, True):
            text = draw(render.principality(pv, large=large)).splitlines()
            assert len(text) == (8 if not large else 14)
        draw(render.side_by_side([render.principality(pv), render.info(view, pv)]))
        draw(render.small_principality(pv))
        draw(render.hand_block(view, pv))
    for part in (
        render.round_line(view),
        render.piles(view),
        render.auction_line(view),
        render.fame_track(view, 50),
        render.players_text(view, view["to_act"]),
    ):
        draw(part, 50)


def check_panel(view: dict, prompt, legal: list[str], rnd: random.Random) -> None:
    panel = Recorder(prompt, view, legal)
    draw(panel.render())
    kind = prompt.kind
    root = panel.modes[-1]
    if isinstance(root, MenuMode) and kind != "florence.turn":
        for item in root.items:
            if item.enabled:
                item.run()
        assert set(panel.sent) == set(legal) - {a for a in legal if a.startswith("sell")}
    if kind == "florence.turn":
        for sub in (
            panel.build_menu(),
            panel.work_menu(),
            panel.freedom_menu(),
            panel.recruit_menu(),
        ):
            sub.panel = panel
            draw(sub.render())
        places = [a for a in legal if a.startswith("place ")]
        for a in rnd.sample(places, min(5, len(places))):
            mode = PlaceMode(a.split()[1], "Build")
            mode.panel = panel
            parts = a.split()
            mode.go((int(parts[2]), int(parts[3]), " ".join(parts[4:])))
            assert mode.action() == a and mode.problem() is None
            draw(mode.render())
        for a in (a for a in legal if a.startswith("complete ")):
            parts = a.split()
            mode = WorkMode(parts[1])
            mode.panel = panel
            mode.chosen = set(parts[2:])
            assert mode.action() == a
            draw(mode.render())
    if kind == "florence.place":
        mode = root
        mode.on_enter()
        assert mode.action() in legal
        # A random walk: every spot the cursor shows is either legal or explained.
        for _ in range(12):
            mode.key(rnd.choice(["up", "down", "left", "right", "r", "f", "n"]), None)
            why = mode.problem()
            assert (why is None) == (mode.action() in legal)
            assert why is None or why.startswith("rule ")
    if kind in ("florence.nominate", "florence.last", "florence.bid"):
        draw(root.render())
        for ch in "1234567d+p":
            root.key(ch, ch)
        assert set(panel.sent) == {a for a in legal if not a.startswith("sell")}


def test_every_decision_of_random_games_has_a_working_panel():
    for n, seed in ((3, 1), (5, 2)):
        rnd = random.Random(seed)
        s = GAME.new([f"P{i}" for i in range(n)], seed)
        kinds = set()
        steps = 0
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            view = GAME.view(s, seat)
            prompt = GAME.prompt(s, seat)
            legal = GAME.legal(s, seat)
            kinds.add(prompt.kind)
            if steps % 25 == 0:
                draw_board(view)
            if steps % 4 == 0 or prompt.kind not in ("florence.turn", "florence.bid"):
                check_panel(view, prompt, legal, rnd)
            s = GAME.apply(s, seat, GAME.sample(s, seat, rnd))
            steps += 1
        draw_board(GAME.view(s, None))
        assert {
            "florence.return",
            "florence.nominate",
            "florence.bid",
            "florence.place",
            "florence.turn",
            "florence.keep",
            "florence.convert",
        } <= kinds


def test_order_panel_sends_a_permutation_and_convert_panel_its_amount():
    s = GAME.new(["A", "B", "C"], 3)
    view = GAME.view(s, 0)
    from florencia_tui.core.game import Prompt

    cards = ["P01", "P02", "P03"]
    order = Recorder(
        Prompt(0, "florence.order", "", {"deck": "prestige", "cards": cards, "count": 3}),
        view,
        [
            "order " + " ".join(p)
            for p in (
                ["P01", "P02", "P03"],
                ["P02", "P01", "P03"],
                ["P01", "P03", "P02"],
                ["P02", "P03", "P01"],
                ["P03", "P01", "P02"],
                ["P03", "P02", "P01"],
            )
        ],
    )
    mode = order.modes[-1]
    for key, ch in (
        ("down", None),
        ("shift+up", None),
        ("down", None),
        ("down", None),
        ("x", "-"),
        ("enter", None),
    ):
        mode.key(key, ch)
    assert order.sent == ["order P02 P03 P01"]
    lines = [["Poet", 4], ["Lake", 3]]
    conv = Recorder(
        Prompt(
            0,
            "florence.convert",
            "",
            {"prof": "poet", "wv": 7, "lines": lines, "payment": 700, "max_pp": 3},
        ),
        view,
        [f"prestige {k}" for k in range(4)],
    )
    mode = conv.modes[-1]
    for key, ch in (
        ("right", None),
        ("plus", "+"),
        ("plus", "+"),
        ("plus", "+"),
        ("left", None),
        ("enter", None),
    ):
        mode.key(key, ch)
    assert conv.sent == ["prestige 2"]
    assert "prestige +2 PP" in draw(mode.render())
    assert D.CONVERT_PRICE == 200
