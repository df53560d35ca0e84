"""Real key presses through The Princes of Florence: the setup return, a full
auction round between three humans (with the hot-seat curtain), an action turn
with a placement (rotate, flip, an illegal spot refused with its rule), a work
with a bonus card and the conversion of its payout, keeping and ordering
drawn cards, the board's player focus, the help, and a whole game to the final
score."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.widgets import Static

from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import rules as R
from florencia_tui.table import Table

HUMANS3 = [{"name": n, "kind": "human"} for n in ("Ana", "Ben", "Cem")]
ONE_HUMAN = [
    {"name": "Ana", "kind": "human"},
    {"name": "Bot1", "kind": "bot:random"},
    {"name": "Bot2", "kind": "bot:random"},
]


def shown(d, selector: str) -> str:
    """The plain text a widget shows (Statics and the Florence panel)."""
    w = d.app.screen.query_one(selector)
    renderable = w.content if isinstance(w, Static) else w.render()
    console = Console(width=max(w.size.width, 40), record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def skip_setup(table: Table, start: int = 0) -> None:
    """Every player returns their first dealt card; ``start`` opens the auction."""
    s = table.state
    for _i, p in enumerate(s["players"]):
        card = p["deal"][0]
        p["hand"] = [c for c in p["deal"] if c != card]
        p["deal"] = []
        s["prof_deck"].append(card)
    s["start"] = start
    R.start_auction(s)


def take(s: dict, card: str) -> str:
    for p in s["players"]:
        if card in p["hand"]:
            p["hand"].remove(card)
    if card in s["prof_deck"]:
        s["prof_deck"].remove(card)
    return card


def place(s: dict, seat: int, kind: str, row: int, col: int, orient: str = "r0") -> None:
    p = s["players"][seat]
    R.lay_tile(p, kind, row, col, orient)
    if kind in D.LANDSCAPES:
        p["land"][kind] += 1
        s["piles"][kind] -= 1


async def make_human(d, selector: str) -> None:
    """Enter on a seat's kind button until it says Human (bot levels cycle)."""
    for _ in range(6):
        if "Human" in str(d.app.screen.query_one(selector).label):
            return
        await d.press("enter")
        await d.pilot.pause(0.3)  # a button ignores presses during its 0.2 s flash
    raise AssertionError("no Human in the cycle")


async def test_from_home_three_humans_by_keys(play):
    async with play(default_seed=5) as d:
        await d.open_setup("florence")
        assert d.text("#count") == "3"
        # From "Start": the two variants, seed, kind 3 (make it human), name 3,
        # kind 2 (human too).
        await d.press(*["shift+tab"] * 4)
        await make_human(d, "#kind-2")
        await d.press("shift+tab", "shift+tab")
        await make_human(d, "#kind-1")
        await d.press("f5")
        table = d.app.table
        assert table.game_id == "florence"
        assert [s["kind"] for s in table.seats] == ["human"] * 3
        for name in ("Ana", "Ben", "Carla"):
            await d.lift_curtain(name)
            assert table.prompt(table.names.index(name)).kind == "florence.return"
            await d.press("1")
        assert table.state["phase"] == "auction"
        nominator = table.names[table.to_act()[0]]
        await d.lift_curtain(nominator)
        assert "Nominate a pile" in shown(d, "FlorencePanel")


async def test_setup_return_by_key_and_curtain_hides_the_other_hand(play, store):
    table = Table("florence", HUMANS3, seed=4, store=store)
    dealt = [list(p["deal"]) for p in table.state["players"]]
    async with play(table=table) as d:
        await d.lift_curtain("Ana")
        assert table.prompt(0).kind == "florence.return"
        hand = shown(d, "#fl-hand")
        assert "Your hand (private)" in hand
        assert all(D.PROF[c]["name"] in hand for c in dealt[0])
        await d.press("2")  # return the second dealt card
        assert table.entries[-1].action == f"return {dealt[0][1]}"
        # The keyboard passes to Ben: the curtain covers everything first.
        await d.lift_curtain("Ben")
        hand = shown(d, "#fl-hand")
        assert all(D.PROF[c]["name"] in hand for c in dealt[1])
        assert not any(D.PROF[c]["name"] in hand for c in dealt[0] if c not in dealt[1])
        assert "you are Ben" in d.text("#status")


async def test_full_auction_round_between_three_humans(play, store):
    table = Table("florence", HUMANS3, seed=4, store=store)
    skip_setup(table, start=0)
    async with play(table=table) as d:
        await d.lift_curtain("Ana")
        panel = shown(d, "FlorencePanel")
        assert "1 ♣Forest 6" in panel and "d decline" in panel
        await d.press("4")  # Ana nominates the jester at 200
        await d.lift_curtain("Ben")
        assert "Jester at 200 (Ana)" in shown(d, "#fl-head")
        # The one raise there is, as printed (issue 29.4: "exactamente de 100 en 100").
        assert "+ raise to 300 (raises are exactly 100)" in shown(d, "FlorencePanel")
        assert {a.split()[0] for a in table.legal(1)} <= {"raise", "pass", "sell"}
        await d.press("+")  # Ben raises to 300
        await d.lift_curtain("Cem")
        await d.press("p")  # Cem passes
        await d.lift_curtain("Ana")
        await d.press("+")  # Ana raises to 400
        await d.lift_curtain("Ben")
        await d.press("p")  # Ben passes: Ana buys the jester for 400
        assert table.state["players"][0]["jesters"] == 1
        assert table.state["auction"]["bought"] == {"jester": 0}
        # Ana won her own nomination, so Ben nominates next (no curtain: still Ben).
        assert "✓Ana" in shown(d, "#fl-head")
        assert "✗ ☺Jester" in shown(d, "FlorencePanel")
        await d.press("4")  # the jester pile is sold out this round
        assert "sold to Ana this round" in d.text("#message")
        await d.press("5")  # Ben nominates the builder
        await d.lift_curtain("Cem")
        await d.press("+")  # Cem raises to 300
        await d.lift_curtain("Ben")
        await d.press("p")  # Cem buys it; Ben is the last free player
        assert table.state["players"][2]["builders"] == 1
        assert d.screen_name == "GameScreen"  # Ben again: no curtain
        assert table.prompt(1).kind == "florence.last"
        await d.press("1")  # Ben takes a forest for 200 ...
        assert table.prompt(1).kind == "florence.place"
        assert "+ legal spot" in shown(d, "FlorencePanel")
        await d.press("enter")  # ... and places it where the cursor starts
        assert table.state["players"][1]["land"]["forest"] == 1
        assert [p["money"] for p in table.state["players"]] == [3100, 3300, 3200]
        assert table.state["phase"] == "action"
        log = "\n".join(table.log(1))
        assert "Ana buys the Jester for 400" in log and "Cem buys the Builder for 300" in log


def action_table(store) -> Table:
    """Ana (human) to act in round 1's action phase with a lake, Freedom of
    Religion, the Cartographer (library, lake, religion) and bonus card B15."""
    table = Table("florence", ONE_HUMAN, seed=9, store=store)
    skip_setup(table, start=0)
    s = table.state
    R.start_actions(s)
    ana = s["players"][0]
    s["prof_deck"].extend(ana["hand"])
    ana["hand"] = [take(s, "cartographer"), take(s, "poet"), take(s, "painter")]
    place(s, 0, "lake", 0, 0)
    ana["freedoms"].append("religion")
    s["supply"]["freedoms"]["religion"] -= 1
    s["bonus_deck"].remove("B15")
    ana["bonus"].append("B15")
    return table


async def test_action_turn_placement_work_and_conversion_by_keys(play, store):
    table = action_table(store)
    async with play(table=table) as d:
        assert table.prompt(0).kind == "florence.turn"
        assert "Complete a work" in shown(d, "FlorencePanel")
        await d.press("1")  # Build…
        assert "Build which building?" in shown(d, "FlorencePanel")
        await d.press("4")  # the library (4th building type)
        panel = d.app.screen.query_one("FlorencePanel")
        mode = panel.modes[-1]
        assert type(mode).__name__ == "PlaceMode" and mode.kind == "library"
        # Up/left to the corner: the lake is there, so the spot breaks rule 2.
        await d.press(*["up"] * 7, *["left"] * 7)
        assert (mode.row, mode.col) == (0, 0)
        assert "rule 2" in shown(d, "FlorencePanel") and "your lake" in shown(d, "FlorencePanel")
        assert "✗Li" in shown(d, "#fl-focus")  # the footprint shows as illegal
        n = len(table.entries)
        await d.press("enter")  # refused before anything is sent
        assert len(table.entries) == n
        assert "rule 2" in d.text("#message")
        # Down onto the palazzo: rule 1; right beside it: rule 3 (no builders yet).
        await d.press(*["down"] * 7)
        assert "rule 1" in shown(d, "FlorencePanel")
        await d.press(*["right"] * 3)
        assert "rule 3" in shown(d, "FlorencePanel")
        await d.press("enter")
        assert len(table.entries) == n
        # Rotate a quarter turn, mirror, and move to a legal spot.
        await d.press("r", "f", *["up"] * 7, *["left"] * 7, "down", "down")
        assert mode.orient()[0] == "r1 f" and (mode.row, mode.col) == (2, 0)
        assert "+ legal spot" in shown(d, "FlorencePanel")
        assert "+Li" in shown(d, "#fl-focus")
        await d.press("enter")
        assert table.entries[-1].action == "place library 2 0 r1 f"
        assert "library" in table.state["players"][0]["buildings"]
        # Complete a work with the Cartographer and the bonus card.
        await d.press("2")  # Complete a work…
        assert "Which profession" in shown(d, "FlorencePanel")
        await d.press("1")  # the Cartographer (no. 10, first)
        text = shown(d, "FlorencePanel")
        assert "Library in principality" in text and "Lake in principality" in text
        assert "WV 13" in text  # 4 + 3 + 3 + 0 jesters + 3 cards
        await d.press("1")  # tick B15: +2 per lake
        text = shown(d, "FlorencePanel")
        assert "B15 +2 per Lake" in text and "WV 15" in text
        await d.press("enter")
        assert table.entries[-1].action == "complete cartographer B15"
        assert table.prompt(0).kind == "florence.convert"
        assert "the bank pays 1500ƒ" in shown(d, "FlorencePanel")
        await d.press("+", "+", "right", "-", "+")  # 3 prestige points
        text = shown(d, "FlorencePanel")
        assert "◀ 3 PP ▶" in text and "money +900ƒ" in text and "prestige +3 PP" in text
        await d.press("enter")
        assert table.entries[-1].action == "prestige 3"
        ana = table.state["players"][0]
        assert ana["pp"] == 3 + 3 and ana["money"] == 3500 - 700 + 1500 - 600
        assert ana["display"] == ["cartographer"]
        # Both actions used: Build is greyed with its reason; End turn ends it.
        assert "you have taken your 2 actions" in " ".join(shown(d, "FlorencePanel").split())
        await d.press("8")
        assert table.entries[n + 3].action == "done"


async def test_keep_one_prestige_card_and_order_the_rest(play, store):
    table = Table("florence", ONE_HUMAN, seed=2, store=store)
    skip_setup(table, start=0)
    s = table.state
    s["auction"]["free"] = [0]
    s["auction"]["out"] = [1, 2]
    R.advance(s)
    top = s["prestige_deck"][:5]
    async with play(table=table) as d:
        assert table.prompt(0).kind == "florence.last"
        await d.press("6")  # take a prestige card for 200
        assert table.prompt(0).kind == "florence.keep"
        assert D.PRESTIGE[top[1]][0] in shown(d, "FlorencePanel")
        await d.press("2")  # keep the second card
        assert table.state["players"][0]["prestige"] == [top[1]]
        rest = [c for c in top if c != top[1]]
        assert table.prompt(0).kind == "florence.order"
        # Move the second card to the top, then the (new) third one down.
        await d.press("down", "minus", "down", "down", "shift+down")
        await d.press("enter")
        want = [rest[1], rest[0], rest[3], rest[2]]
        assert table.entries[-1].action == "order " + " ".join(want)
        assert table.state["prestige_deck"][-4:] == want


async def test_brackets_show_other_principalities_but_never_their_hands(play, store):
    table = action_table(store)
    place(table.state, 1, "forest", 2, 2)
    async with play(table=table) as d:
        assert "Ana (you)" in shown(d, "#fl-focus")
        await d.press("]")
        focus = shown(d, "#fl-focus")
        assert "Bot1" in focus and "f♣" in focus and "PP" in focus
        assert "Your hand" not in shown(d, "#fl-hand")
        assert "ƒ" not in focus.split("PP", 1)[1].split("\n", 1)[0]  # money hidden
        await d.press("[")
        assert "Ana (you)" in shown(d, "#fl-focus")


async def test_help_shows_rules_and_reconstructed_data(play, store):
    table = action_table(store)
    async with play(table=table) as d:
        await d.press("f1")
        assert d.screen_name == "HelpScreen"
        md = d.app.screen.query_one("Markdown")
        assert "Reconstructed data" in md.source and "Princes of Florence" in md.source
        await d.press("escape")
        assert d.screen_name == "GameScreen"


@pytest.mark.slow
async def test_whole_game_to_the_final_score_by_keys(play, store):
    """Ana plays every decision of a 3-player game by keys (nominating the first pile
    she may, passing bids, completing a work whenever one is possible, otherwise
    ending her turn) until the end screen shows the final score."""
    table = Table("florence", ONE_HUMAN, seed=31, store=store)
    async with play(table=table) as d:
        for _ in range(300):
            if d.screen_name == "EndScreen" or table.is_over():
                break
            kind = table.prompt(0).kind if 0 in table.to_act() else ""
            legal = table.legal(0) if kind else []
            if kind == "florence.nominate":
                piles = table.view(0)["pile_order"]
                first = next((a for a in legal if a.startswith("nominate ")), None)
                await d.press(str(piles.index(first.split()[1]) + 1) if first else "d")
            elif kind == "florence.last":
                await d.press("d")
            elif kind == "florence.bid":
                await d.press("p")
            elif kind == "florence.turn":
                if any(a.startswith("complete ") for a in legal):
                    await d.press("2", "1", "enter")
                    await d.press("end", "enter")  # all the prestige it allows
                await d.press("8")
            elif kind in ("florence.place", "florence.convert", "florence.order"):
                await d.press("enter")
            elif kind in ("florence.return", "florence.keep", "florence.recruit_now"):
                await d.press("1")
            else:
                await d.settle()
        await d.settle()
        assert table.is_over()
        assert d.screen_name == "EndScreen"
        assert "game over" in d.text("#end-title")
        humans_moves = [e.action for e in table.entries if e.seat == 0]
        assert any(a.startswith("nominate ") for a in humans_moves)
        assert humans_moves.count("done") == 7
