"""Real key presses through Architects of the West Kingdom: placing workers with a
yield preview, the follow-up choices (hire, build and pay, capture, trade), the
reasons shown for closed options, the hot-seat curtain and the help."""

from __future__ import annotations

import random

from rich.console import Console

from florencia_tui.games import get_game
from florencia_tui.games.architects.data import ALL_BUILDINGS
from florencia_tui.games.architects.ui import UI
from florencia_tui.games.architects.ui.choices import rows_for, unavailable_for
from florencia_tui.games.architects.ui.panel import ChoiceList, ChoicePanel
from florencia_tui.table import Table

ANA_BOT = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "bot:random"}]
HUMANS2 = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]


def ready(store, seats=ANA_BOT, seed=3, **options) -> Table:
    """A table past the draft with Ana (seat 0) to place a worker."""
    table = Table("architects", seats, seed, options=options, store=store)
    while table.state["phase"] == "draft":
        for seat in table.to_act():
            table.submit(seat, table.legal(seat)[0])
    table.state["turn"] = 0
    return table


def set_hand(table: Table, seat: int, cards: list[int]) -> None:
    s = table.state
    s["bdeck"].extend(s["players"][seat]["hand"])
    s["players"][seat]["hand"] = []
    for b in cards:
        if b not in s["bdeck"]:  # another player holds it: swap for a deck card
            holder = next(P["hand"] for P in s["players"] if b in P["hand"])
            holder[holder.index(b)] = s["bdeck"].pop(0)
        else:
            s["bdeck"].remove(b)
    s["players"][seat]["hand"] = list(cards)


def plain(widget) -> str:
    """A Static's text as a reader sees it (Rich groups and tables included)."""
    console = Console(width=200, record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


def options(d) -> list[str]:
    lst = d.app.screen.query_one(ChoiceList)
    return [lst.get_option_at_index(i).id for i in range(lst.option_count)]


def highlighted(d) -> str:
    lst = d.app.screen.query_one(ChoiceList)
    return lst.get_option_at_index(lst.highlighted).id


def option_texts(d) -> list[str]:
    lst = d.app.screen.query_one(ChoiceList)
    return [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]


async def test_from_home_with_side_2_boards_by_keys(play, store):
    async with play(default_seed=21) as d:
        games = d.app.screen.query_one("#games")
        while games.get_option_at_index(games.highlighted).id != "architects":
            await d.press("down")
        await d.press("enter")
        assert d.screen_name == "SetupScreen"
        await d.press("f3")  # 3 players
        # From "Start": back over the four variants and Promos to the Boards
        # button; Enter flips it to side 2.
        await d.press(*["shift+tab"] * 6, "enter")
        assert "side 2" in str(d.app.screen.query_one("#optbtn-side").label)
        await d.press("f5")
        table = d.app.table
        assert table.options == {
            "side": 2,
            "promo_cards": False,
            "no_worker_fallback": False,
            "conspirator_mode": "per_action",
            "free_apprentice": False,
            "guildhall_refresh": False,
            "hints": True,
        }
        assert [s["kind"] for s in table.seats] == ["human", "bot:heuristic", "bot:heuristic"]
        # The draft by keys (3 picks), then the character boards are dealt.
        for _ in range(3):
            assert table.prompt(0).kind == "architects.draft"
            await d.press("1")
        boards = [p["board"] for p in table.view(0)["players"]]
        assert all(boards) and len(set(boards)) == 3
        mine = plain(d.app.screen.query_one("#ar-you"))
        assert f"Ana (you) · {boards[0]}" in mine


async def test_place_preview_then_workshop_hire_by_keys(play, store):
    table = ready(store)
    me = table.state["players"][0]
    me["silver"] = 9
    async with play(table=table) as d:
        assert table.prompt(0).kind == "architects.place"
        before = len(table.entries)
        # The arrows move the highlight: the preview line says what each row brings.
        assert highlighted(d) == "place quarry"
        assert "Gain 1 stone: 1 stone per worker" in d.text("#preview")
        while highlighted(d) != "place workshop":
            await d.press("down")
        assert "Hire an apprentice for 4 silver" in d.text("#preview")
        assert "draw 1 building card" in d.text("#preview")
        assert len(table.entries) == before, "highlighting must not place"
        # A letter plays its row at once, as in every menu (the draft, the action list).
        await d.press("w")
        assert table.entries[-1].action == "place workshop"
        assert table.prompt(0).kind == "architects.workshop"
        # Follow-up: keys play at once; the label shows the price and the row/column.
        first = table.legal(0)[0]
        aid = int(first.split()[1])
        assert "pay 4$" in option_texts(d)[0] and "row 1 col 1" in option_texts(d)[0]
        await d.press("1")
        assert aid in me["appr"] or aid in table.state["players"][0]["appr"]
        assert table.state["players"][0]["silver"] == 9 - 4 + 0


async def test_guildhall_cathedral_with_payment_and_discard(play, store):
    table = ready(store)
    s = table.state
    P = s["players"][0]
    P.update(silver=0, clay=0, wood=2, stone=3, gold=0, marble=0, cath=1, virtue=7)
    set_hand(table, 0, [1, 20])  # Smithy (4 clay, 2 wood), Church (3 clay, 3 stone)
    async with play(table=table) as d:
        while highlighted(d) != "place guildhall":
            await d.press("down")
        assert "Cathedral level 2" in d.text("#preview")
        await d.press("g")
        assert table.prompt(0).kind == "architects.guildhall"
        texts = option_texts(d)
        # The buildings she cannot afford are greyed with what is missing.
        assert any("Build Smithy: short of 4 clay" in t for t in texts)
        assert any("Build Church: short of 3 clay" in t for t in texts)
        assert options(d)[0] == "cathedral"
        await d.press("1")  # advance: 4 wood/stone in two ways, so she chooses
        assert table.prompt(0).kind == "architects.pay"
        assert options(d) == ["pay w1s3", "pay w2s2"]
        assert option_texts(d)[1].endswith("Pay 2 wood, 2 stone")
        await d.press("2")
        assert table.prompt(0).kind == "architects.cath_discard"
        await d.press("2")  # discard the Church
        assert P is not table.state["players"][0] or True
        me = table.state["players"][0]
        assert me["cath"] == 2 and me["hand"][:1] == [1] and me["wood"] == 0


async def test_black_market_barred_and_tax_stand_reasons(play, store):
    table = ready(store)
    s = table.state
    s["players"][0]["virtue"] = 11
    s["tax"] = 0
    async with play(table=table) as d:
        texts = option_texts(d)
        assert not any(o.startswith("place market") for o in options(d) if not o.startswith("__"))
        assert any("Black Market: barred at virtue 10+ (you have 11)" in t for t in texts)
        assert any("Tax Stand: it is empty" in t for t in texts)
        assert any("Mines (gold): needs 2 of your workers" in t for t in texts)
        # A closed row cannot be played, and the Black Market key does nothing.
        await d.press("1")
        assert highlighted(d) != "place market 1"
        assert table.prompt(0).kind == "architects.place"


async def test_town_centre_capture_and_storehouse_trade(play, store):
    table = ready(store, seats=[*ANA_BOT, {"name": "Cara", "kind": "bot:random"}])
    s = table.state
    P = s["players"][0]
    P.update(silver=3, clay=2, wood=3, stone=0)
    s["loc"]["forest"] = [0, 3, 1]
    s["players"][1]["workers"] -= 3
    s["players"][2]["workers"] -= 1
    async with play(table=table) as d:
        while highlighted(d) != "place towncentre":
            await d.press("down")
        assert "Up to 1 capture:" in d.text("#preview")
        await d.press("t")
        assert table.prompt(0).kind == "architects.capture"
        texts = option_texts(d)
        assert "Capture B Ben's 3 at Forest  1$" in texts[0]
        await d.press("1")
        me = table.state["players"][0]
        assert me["captives"] == [0, 3, 0] and me["silver"] == 2
        # Ben's (the bot's) turn passes; Ana is back at the placement.
        while table.state["turn"] != 0 or table.prompt(0).kind != "architects.place":
            await d.settle()
        table.state["players"][0].update(clay=2, wood=3)
        await d.press("k")
        assert table.prompt(0).kind == "architects.storehouse"
        trades = options(d)
        assert "trade virtue clay wood" in trades and "trade marble wood wood wood" in trades
        virtue = table.state["players"][0]["virtue"]
        await d.press(str(trades.index("trade marble wood wood wood") + 1))
        me = table.state["players"][0]
        assert me["marble"] == 1 and me["wood"] == 0 and me["virtue"] == virtue


async def test_curtain_between_two_humans_hides_the_hand(play, store):
    table = Table("architects", HUMANS2, seed=4, store=store)
    async with play(table=table) as d:
        await d.lift_curtain("Ana")  # the draft is simultaneous: Ana first
        packet = table.prompt(0).data["packet"]
        await d.press("1")
        kept = packet[0]
        await d.lift_curtain("Ben")
        board = d.app.screen.query_one("#board")
        mine = plain(board.query_one("#ar-you"))
        assert "Ben (you)" in mine and "Building draft: pick 1 of 3" in mine
        # Ana's kept card is nowhere on Ben's screen: her tableau shows a count only.
        ana = plain(board.query_one("#ar-other-1"))
        assert "Ana" in ana and "hand: 0 building cards (hidden)" in ana
        screen_text = "".join(plain(w) for w in board.query("Static"))
        ben_packet = {ALL_BUILDINGS[b][0] for b in table.prompt(1).data["packet"]}
        assert ALL_BUILDINGS[kept][0] not in ben_packet  # passed on only after the pick
        assert ALL_BUILDINGS[kept][0] not in screen_text
        await d.press("1")
        await d.lift_curtain("Ana")
        assert d.app.screen.viewer == 0


async def test_board_scrolls_from_the_panel_and_follows_the_prompt(play, store):
    table = ready(store)
    table.state["players"][0]["silver"] = 9
    async with play(table=table) as d:
        scroll = d.app.screen.query_one("#ar-scroll")
        choices = d.app.screen.query_one(ChoiceList)
        assert scroll.scroll_y == 0 and choices.scroll_y == 0
        # The placements outnumber the list's rows: PgDn pages the list, as F1 says.
        assert "more below (↓ or PgDn)" in d.text("#list-more")
        await d.press("pagedown")
        assert choices.scroll_y > 0 and scroll.scroll_y == 0
        assert "more above (↑ or PgUp)" in d.text("#list-more")
        await d.press("pageup")
        assert choices.scroll_y == 0
        assert table.prompt(0).kind == "architects.place"
        await d.press("w")  # hiring: the board shows the apprentice rows
        assert scroll.scroll_y > 0
    # The draft's few cards fit their rows: PgUp/PgDn are left to the board.
    async with play(table=Table("architects", ANA_BOT, seed=4, store=store)) as d:
        scroll = d.app.screen.query_one("#ar-scroll")
        assert d.app.table.prompt(0).kind == "architects.draft"
        assert d.app.screen.query_one(ChoiceList).max_scroll_y == 0
        assert scroll.scroll_y == 0  # the draft opens on the board's top
        await d.press("pagedown")
        assert scroll.scroll_y > 0
        await d.press("pageup")
        assert scroll.scroll_y == 0


async def test_help_shows_rules_reconstructed_data_and_no_solo(play, store):
    async with play(table=ready(store)) as d:
        await d.press("f1")
        assert d.screen_name == "HelpScreen"
        md = d.app.screen.query_one("Markdown").source
        assert "## Reconstructed data" in md and "Solo mode" in md
        assert "not offered" in md
        await d.press("escape")
        assert d.screen_name == "GameScreen"


async def keyboard_turn(d, table, rng: random.Random) -> None:
    """One decision by keys only, as a newcomer would: at a placement the
    Guildhall when open, else a letter of some other location, then Enter;
    any other choice by the key of a row."""
    seat = d.app.screen.viewer
    keys = {r.action: r.key for r in d.app.screen.query_one(ChoicePanel).rows if r.key}
    if table.prompt(seat).kind == "architects.place":
        if "place guildhall" in keys:
            await d.press("g")
        else:
            await d.press(rng.choice(sorted(keys.values())))
    else:
        await d.press(rng.choice(sorted(keys.values())[:3]))


async def test_last_round_to_final_scoring_by_keys(play, store):
    table = ready(store, seed=6)
    game, rng = table.game, random.Random(6)
    total = table.view(0)["guildhall"]["total"]
    # Fast-forward to the last free Guildhall space, then play on by keys only.
    while len(table.state["guildhall"]) < total - 1:
        seat = table.to_act()[0]
        legal = table.legal(seat)
        table.submit(
            seat,
            "place guildhall"
            if "place guildhall" in legal
            else game.sample(table.state, seat, rng),
        )
    async with play(table=table) as d:
        for _ in range(400):
            if table.is_over():
                break
            await keyboard_turn(d, table, rng)
        await d.settle()
        assert table.is_over() and d.screen_name == "EndScreen"
        assert "game over" in d.text("#end-title")
        await d.press("b")  # back to the final board
        assert d.screen_name == "GameScreen"
        assert "The game is over" in d.text("#prompt-body")


def test_panel_rows_cover_every_legal_action_in_random_play():
    """The custom panel never hides a legal action, and only offers legal ones."""
    game = get_game("architects")
    ui = UI()
    r = random.Random(5)
    for seed, n, opts in [
        (1, 2, {}),
        (2, 5, {}),
        (3, 3, {"side": 2, "promo_boards": True, "promo_cards": True, "free_apprentice": True}),
    ]:
        s = game.new([f"P{i}" for i in range(n)], seed, opts)
        kinds = set()
        while not game.is_over(s):
            seat = game.to_act(s)[0]
            prompt, legal, view = game.prompt(s, seat), game.legal(s, seat), game.view(s, seat)
            rows = rows_for(prompt, view, legal)
            assert sorted(r_.action for r_ in rows) == sorted(legal), prompt.kind
            keys = [r_.key for r_ in rows if r_.key]
            assert len(keys) == len(set(keys)) and not set(keys) & {"l", "u"}
            unavailable_for(prompt, view, legal)
            assert isinstance(ui.prompt_panel(prompt, view, legal), ChoicePanel)
            kinds.add(prompt.kind)
            s = game.apply(s, seat, game.sample(s, seat, r))
        assert {"architects.place", "architects.guildhall"} <= kinds


def test_follow_up_reasons_for_closed_options(store):
    """Hires too dear, a full apprentice bench, a guardhouse with nothing to do."""
    table = ready(store)
    game, s = table.game, table.state
    s["players"][0]["silver"] = 4
    s = game.apply(s, 0, "place workshop")
    prompt, legal, view = game.prompt(s, 0), game.legal(s, 0), game.view(s, 0)
    reasons = unavailable_for(prompt, view, legal)
    assert len(reasons) == 6  # only column 1 (4 silver) of each row is affordable
    assert all(r.startswith("costs ") and r.endswith("you have 4") for _, r in reasons)
    rows = rows_for(prompt, view, legal)
    assert [r.key for r in rows] == ["1", "2", "3"] and rows[-1].action == "draw"
    # Five apprentices: hiring is closed, and the dismiss rows say how to make room.
    s["players"][0]["appr"] = [13, 14, 15, 16, 17]
    prompt, legal, view = game.prompt(s, 0), game.legal(s, 0), game.view(s, 0)
    assert (
        "Hire",
        "you have 5 apprentices; dismiss one first (it is listed here)",
    ) in unavailable_for(prompt, view, legal)
    assert any(r.action.startswith("dismiss") for r in rows_for(prompt, view, legal))
    s = game.apply(s, 0, "draw")
    while game.to_act(s) != [0] or game.prompt(s, 0).kind != "architects.place":
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, game.legal(s, seat)[0])
    s = game.apply(s, 0, "place guardhouse")
    prompt, legal, view = game.prompt(s, 0), game.legal(s, 0), game.view(s, 0)
    labels = [r.label.plain for r in rows_for(prompt, view, legal)]
    assert labels[0] == "Turn in captives (you hold none)"
    assert (
        dict(unavailable_for(prompt, view, legal))["Release"]
        == "none of your workers is in the Prison"
    )


def test_the_workshop_preview_prices_hiring_by_the_rules(store):
    """The preview's hiring price comes from the rules (tax + supply, less the
    virtue dodge), not a copy: Rudolf's board pays 1 supply, so 3 silver."""
    from florencia_tui.games.architects.ui.choices import place_label

    table = ready(store)
    plain_label = place_label(table.view(0), "place workshop")[1]
    assert "Hire an apprentice for 4 silver (2 tax" in plain_label
    table.state["players"][0]["board"] = "Rudolf"
    rudolf = place_label(table.view(0), "place workshop")[1]
    assert "Hire an apprentice for 3 silver (2 tax" in rudolf


async def test_a_long_preview_gets_the_rows_it_needs_and_is_not_cut():
    """The preview under the choices is as tall as the decision's longest
    preview needs at the panel's width (up to PREVIEW_ROWS), at 80 columns."""
    from rich.text import Text
    from textual.app import App

    from florencia_tui.games.architects.ui.choices import Row
    from florencia_tui.games.architects.ui.panel import PREVIEW_ROWS, Preview

    long = "gain 2 wood and 1 stone, pay 1 silver tax to the Tax Stand; " * 3
    rows = [
        Row("place 1", Text("short"), "gain 1 clay", "a"),
        Row("place 2", Text("long"), long, "b"),
    ]

    class One(App):
        def __init__(self, rows):
            super().__init__()
            self.rows = rows

        def compose(self):
            yield ChoicePanel("Where?", self.rows)

    async with One(rows).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        preview = pilot.app.query_one(Preview)
        assert preview.size.height == PREVIEW_ROWS
        await pilot.press("down")
        await pilot.pause()
        shown = "".join(s.text for s in preview.render_lines(preview.region.reset_offset))
        assert "to the Tax Stand" in shown
    async with One(rows[:1]).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert pilot.app.query_one(Preview).size.height == 1  # no room wasted
