"""A newcomer at 80x24 (issue 15): every option has a key and can be seen, one's
own things are always in sight, symbols are explained, Esc steps back one step
and asks before leaving, the ``:`` prompt teaches the notation."""

from __future__ import annotations

import io

from rich.console import Console
from textual.widgets import Input, Markdown, Static

from florencia_tui.table import Table
from florencia_tui.tui.scenes import demo_table
from florencia_tui.tui.widgets.common.keys import ACTION_KEYS

SOLO = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "bot:random"}]


def shown(d, selector: str) -> str:
    """The plain text a widget shows, as a terminal would draw it."""
    w = d.app.screen.query_one(selector)
    renderable = w.content if isinstance(w, Static) else w.render()
    console = Console(width=max(w.size.width, 10), record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def markdown_text(d) -> str:
    return d.app.screen.query_one(Markdown).source


def on_screen(d, selector: str) -> bool:
    """The widget is shown and lies wholly inside the terminal (no scrolling)."""
    w = d.app.screen.query_one(selector)
    r = w.region
    width, height = d.app.size
    return w.display and r.height > 0 and r.y >= 0 and r.bottom <= height and r.right <= width


def palazzo_five_tile_supply(store) -> Table:
    """Ana has drawn tiles and the supply holds five: with every pair of them the
    menu lists 16 options, "Auction" last."""
    table = Table("palazzo", SOLO, seed=3, store=store)
    table.submit(0, "tiles")
    s = table.state
    stack = s["stacks"]["I"] if isinstance(s["stacks"], dict) else s["stacks"][0]
    while len(s["supply"]) < 5:
        s["supply"].append(stack.pop())
    s["deck"].extend(s["hands"][0])
    s["hands"][0] = []
    for card in ("Red7", "Green7", "Blue7", "Red6", "Green6", "Blue6"):
        s["deck"].remove(card)
        s["hands"][0].append(card)
    return table


# ----- 2. every option has a key and can be seen ---------------------------------------
async def test_sixteen_options_all_have_keys_and_the_list_says_it_goes_on(play, store):
    table = palazzo_five_tile_supply(store)
    legal = table.legal(0)
    assert len(legal) == 16 and legal[-1] == "auction"
    async with play(table=table) as d:
        actions = d.app.screen.query_one("#actions")
        assert actions.option_count == 16
        # The list shows 7 rows, then says how many follow and names the last one.
        more = shown(d, "#list-more")
        assert "9 more below" in more and "Auction" in more
        key = ACTION_KEYS[legal.index("auction")]
        assert f"{key} Auction" in more
        n = len(table.entries)
        await d.press(key)
        assert table.entries[n].action == "auction" and table.entries[n].seat == 0


def test_selector_keys_never_take_log_or_undo():
    from florencia_tui.tui.widgets.common.selector import ITEM_KEYS

    assert "l" not in ITEM_KEYS and "u" not in ITEM_KEYS
    assert "c" not in ITEM_KEYS and "p" not in ITEM_KEYS
    assert not {"l", "u", "o"} & set(ACTION_KEYS)


# ----- 3. one's own things always in sight ---------------------------------------------
async def test_architects_hand_apprentices_and_live_points_without_scrolling(play, store):
    table = demo_table("architects", 4, seed=7, steps=244, store=store)  # the board scene
    view = table.view(0)
    me = view["players"][0]
    async with play(table=table) as d:
        assert on_screen(d, "#own")
        own = shown(d, "#own")
        assert f"{me['vp']} VP" in own
        for card in me["hand"]:
            assert card["name"] in own
        for a in me["apprentices"]:
            assert a["name"] in own
        players = shown(d, "#players")
        for p in view["players"]:
            assert f"{p['vp']}VP" in players  # every seat's live points
        assert on_screen(d, "#players")
        # Tab never strands the keys on the board: the place keys still work.
        await d.press("tab", "tab", "tab")
        focused = d.app.focused
        assert focused is not None and focused.id == "actions"
        assert "place quarry" in table.legal(0)
        n = len(table.entries)
        await d.press("q", "enter")
        assert (table.entries[n].seat, table.entries[n].action) == (0, "place quarry")


async def test_every_game_shows_the_deciders_hand_and_every_score_at_80x24(play, store):
    for game, n, seed, steps in (
        ("palazzo", 4, 2024, 120),
        ("florence", 4, 13, 150),
        ("strasbourg", 4, 20, 160),
    ):
        table = demo_table(game, n, seed=seed, steps=steps, store=store)
        view = table.view(0)
        me = view["players"][0]
        async with play(table=table) as d:
            assert on_screen(d, "#own"), game
            assert on_screen(d, "#prompt"), game
            assert on_screen(d, "#players"), game
            own = shown(d, "#own")
            players = shown(d, "#players")
            if game == "palazzo":
                assert f"{me['score']} VP" in own and "Hand:" in own
                assert all(f"{p['score']}VP" in players for p in view["players"])
            elif game == "florence":
                assert f"{me['pp']} PP" in own
                from florencia_tui.games.florence import data as FD

                assert all(FD.PROF[c]["name"] in own for c in me["hand"])
                assert all(f"{p['pp']}PP" in players for p in view["players"])
            else:
                hand = me["hand_cards"] or []
                assert f"{me['prestige']}★" in own and f"{me['coins']} coin" in own
                assert " ".join(str(v) for v in sorted(hand, reverse=True)) in own
                assert all(f"{p['prestige']}★" in players for p in view["players"])


# ----- 4. symbols explained ---------------------------------------------------------------
async def test_f1_and_question_mark_explain_every_symbol_of_the_board(play, store):
    table = demo_table("strasbourg", 4, seed=20, steps=160, store=store)
    async with play(table=table) as d:
        await d.press("f1")
        assert d.screen_name == "HelpScreen"
        text = markdown_text(d)
        assert "unoccupied" in text and "`SM4·`" in text and "`○3`" in text
        # One reading (issue 29.5: it said "costing 4 coins", then "nothing about the price").
        assert "its price (`4` coins to enter it)" in text and "nothing about the price" not in text
        await d.press("escape")
        assert d.screen_name == "GameScreen"
        await d.press("question_mark")
        assert d.screen_name == "HelpScreen" and "unoccupied" in markdown_text(d)
    from florencia_tui.tui.adapter import game_ui

    florence = game_ui("florence").legend({})
    for glyph in ("⚒", "☺", "♣", "≈", "✿", "W0", "···"):
        assert glyph in florence, glyph
    palazzo = game_ui("palazzo").legend({})
    for glyph in ("`S13`", "♜", "♞", "max pay", "C2"):
        assert glyph in palazzo, glyph


# ----- 5. keys mean one thing; Esc steps back and asks before leaving -------------------
async def test_esc_returns_to_ones_own_principality_then_asks_before_leaving(play, store):
    table = demo_table("florence", 4, seed=13, steps=150, store=store)
    async with play(table=table) as d:
        board = d.app.screen.query_one("#board")
        await d.press("]")
        assert board.focus_seat != 0
        await d.press("escape")  # one step back: Ana's own principality
        assert d.screen_name == "GameScreen" and board.focus_seat == 0
        await d.press("escape")
        assert d.screen_name == "ConfirmScreen"
        await d.press("n")
        assert d.screen_name == "GameScreen"
        await d.press("escape", "y")
        assert d.screen_name == "HomeScreen"


def test_the_card_ordering_keys_leave_u_to_undo():
    from florencia_tui.games.florence.ui.panel import OrderMode

    mode = OrderMode(["P01", "P02"], "prestige")
    assert mode.key("x", "u") is False  # u is the screen's Undo
    assert "u/d" not in mode.render().plain


# ----- 7. the : prompt --------------------------------------------------------------------
async def test_colon_prompt_gives_this_games_example_and_lists_its_notation(play, store):
    table = demo_table("strasbourg", 4, seed=20, steps=160, store=store)
    async with play(table=table) as d:
        await d.press(":")
        box = d.app.screen.query_one("#command", Input)
        first = table.offered(0)[0]
        assert f"e.g. {first}" in box.placeholder and "money" not in box.placeholder
        await d.press("question_mark", "enter")
        assert d.screen_name == "HelpScreen"
        text = markdown_text(d)
        assert table.prompt(0).text in text
        assert f"`{first}`" in text and "The notation of Strasbourg" in text
        await d.press("escape")
        assert d.screen_name == "GameScreen"


async def test_colon_prompt_example_for_a_decision_too_large_to_list(play, store):
    table = palazzo_five_tile_supply(store)
    table.submit(0, next(a for a in table.legal(0) if a.startswith("buy")))
    async with play(table=table) as d:
        assert table.prompt(0).kind == "palazzo.pay" and not table.offered(0)
        await d.press(":")
        box = d.app.screen.query_one("#command", Input)
        assert "e.g. pay Red4+Green4+Blue4" in box.placeholder


# ----- 10. Palazzo: one tile notation, no wrapping ---------------------------------------
async def test_palazzo_board_writes_tiles_as_menus_do_and_nothing_wraps(play, store):
    table = palazzo_five_tile_supply(store)
    supply = table.view(0)["supply"]
    async with play(table=table) as d:
        market = shown(d, "#pz-market")
        assert "▪" not in market
        line = next(ln for ln in market.splitlines() if "SUPPLY" in ln)
        assert all(t in line for t in supply)  # on one line of its own
        actions = d.app.screen.query_one("#actions")
        menu = " ".join(
            str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)
        )
        assert all(f"Buy {t} " in menu for t in supply)  # the same notation as the board
        status = shown(d, "#status")
        assert len(status.splitlines()) == 1 and "you are Ana" in status


async def test_palazzo_sidebar_keeps_each_bid_on_its_players_line(play, store):
    seats = [{"name": n, "kind": "human"} for n in ("Alexandra", "Benedetto", "Carla")]
    table = Table("palazzo", seats, seed=3, store=store)
    table.submit(0, "tiles")
    table.submit(0, "auction")  # Alexandra opens at 3
    table.submit(1, "bid Red5")  # Benedetto bids 5; Carla is to bid
    for size in ((100, 30), (80, 24)):
        async with play(table=table, size=size) as d:
            await d.lift_curtain("Carla")
            lines = shown(d, "#players").rstrip("\n").splitlines()
            assert len(lines) == 4, lines  # three players and the legend, none wrapped
            assert "Alexan" in lines[0] and lines[0].endswith("bid 3")
            assert "Benede" in lines[1] and lines[1].endswith("bid 5")


# ----- 6. the home screen -----------------------------------------------------------------
async def test_home_help_footer_selection_and_saved_game_details(play, store):
    Table(
        "strasbourg",
        [
            {"name": "Ana", "kind": "human"},
            {"name": "Ben", "kind": "human"},
            {"name": "Cy", "kind": "bot:heuristic"},
        ],
        seed=5,
        store=store,
    )
    async with play() as d:
        footer = " ".join(
            b.binding.description for b in d.app.screen.active_bindings.values() if b.binding.show
        )
        for word in ("Open", "Help", "Switch list"):
            assert word in footer, footer
        saved = d.app.screen.query_one("#saved")
        label = str(saved.get_option_at_index(0).prompt)
        assert "#1 Strasbourg · " in label and "Ana, Ben, Cy to act" in label
        assert "round" in label.lower() and "Setup" in label
        assert "humans Ana, Ben" in label and "bots Cy (heuristic)" in label
        assert "last played" in label
        # No stray key starts anything.
        for key in "abcdefghijklmnoptuvwxyz0123456789":
            await d.pilot.press(key)
        await d.settle()
        assert d.screen_name == "HomeScreen"
        # Tab to the saved games: a line is highlighted and Enter opens it.
        await d.press("tab")
        assert d.app.focused is saved and saved.highlighted == 0
        await d.press("f1")
        assert d.screen_name == "HelpScreen" and "Continue a saved game" in markdown_text(d)
        await d.press("escape")
        await d.press("enter")
        assert d.screen_name in ("GameScreen", "CurtainScreen")


# ----- 8. setup ---------------------------------------------------------------------------
async def test_setup_refuses_empty_and_too_long_names_and_describes_bot_levels(play, store):
    async with play(default_seed=3) as d:
        await d.press("enter")  # the highlighted game
        assert d.screen_name == "SetupScreen"
        screen = d.app.screen
        assert "rules of thumb, instant" in shown(d, "#note-1")  # the heuristic bot
        name = screen.query_one("#name-0", Input)
        name.value = ""
        await d.press("f5")
        assert d.screen_name == "SetupScreen"
        assert any("Seat 1 has no name" in n for n in d.notes)
        name.value = "Maximiliana-Alexandra"  # 21 characters: refused, not cut
        await d.press("f5")
        assert d.screen_name == "SetupScreen" and name.value == "Maximiliana-Alexandra"
        assert any("at most 16" in n for n in d.notes)
        name.value = "李小龙"
        await d.press("f5")
        assert d.screen_name == "GameScreen"
        assert d.app.table.names[0] == "李小龙"


def test_bot_level_notes_say_how_strong_and_how_fast():
    from florencia_tui.bots.base import BOT_KINDS
    from florencia_tui.tui.screens.setup import KIND_NOTES, name_problem

    for kind in BOT_KINDS:
        note = KIND_NOTES[kind]
        assert ":" in note and ("instant" in note or "1 s" in note) and len(note) <= 31
    assert name_problem(["Ana", "ana"]).endswith("each player needs a different name.")
    assert name_problem(["李小龙李小龙李小龙"]) is not None  # 18 cells wide


def test_wide_names_keep_the_side_panels_columns():
    from rich.cells import cell_len

    from florencia_tui.tui.adapter import game_ui

    table = Table(
        "palazzo",
        [{"name": "李小龙李小龙", "kind": "human"}, {"name": "Ben", "kind": "bot:random"}],
        seed=3,
    )
    lines = game_ui("palazzo").players_text(table.view(0), [0]).plain.splitlines()
    assert cell_len(lines[0]) == cell_len(lines[1])


# ----- 12. plurals and long messages ------------------------------------------------------
def test_one_card_is_not_cards():
    from florencia_tui.games.palazzo.ui.render import player_block

    table = Table("palazzo", SOLO, seed=3)
    view = table.view(0)
    view["players"][1]["hand_count"] = 1
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(player_block(view, 1))
    assert "1 card" in console.export_text() and "1 cards" not in console.export_text()


async def test_a_long_refusal_wraps_instead_of_being_cut(play, store):
    table = demo_table("strasbourg", 4, seed=20, steps=160, store=store)
    async with play(table=table) as d:
        reason = "x" * 200
        d.app.screen.query_one("#message", Static).update(f"✗ Refused: {reason} END")
        await d.settle()
        assert "END" in shown(d, "#message")


async def test_pgdn_scrolls_the_board_when_the_choices_fit(play, store):
    table = Table(
        "palazzo",
        [
            {"name": n, "kind": "human" if n == "Ana" else "bot:random"}
            for n in ("Ana", "Ben", "Carla", "Dario")
        ],
        seed=3,
        store=store,
    )
    async with play(table=table) as d:
        assert table.prompt(0).kind == "palazzo.turn"
        scroll = d.app.screen.query_one("#board VerticalScroll")
        actions = d.app.screen.query_one("#actions")
        before = actions.highlighted
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == 0
        await d.press("pagedown")
        assert scroll.scroll_y > 0 and actions.highlighted == before
        await d.press("pageup")
        assert scroll.scroll_y == 0


def test_the_status_line_fits_80_columns_without_cutting_the_players_name():
    from florencia_tui.tui.screens.game import status_line

    tail = " · you are Ana, to act"
    long = "Stack II · riders 0/5 · Ana: buy or auction"
    assert status_line("Palazzo", long, tail, 78) == f"[b]Palazzo[/b] · {long}{tail}"
    cut = status_line(
        "Architects of the West Kingdom",
        "Guildhall 9/16 - final round - turn 120 and a very long phase name",
        tail,
        78,
    )
    assert len(cut) <= 78 and cut.endswith(tail) and "…" in cut


async def test_five_seats_scores_stay_in_sight_one_line_each_when_space_is_short(play, store):
    table = demo_table("architects", 5, seed=7, steps=200, store=store)
    view = table.view(0)
    async with play(table=table) as d:
        await d.settle()
        players = d.app.screen.query_one("#players")
        assert on_screen(d, "#players")
        assert players.region.height >= len(view["players"])
        text = shown(d, "#players")
        for p in view["players"]:
            assert f"{p['vp']}VP" in text and p["name"] in text
        assert "♟" not in text  # the one-line-per-seat panel
    async with play(table=table, size=(100, 40)) as d:  # room enough: the full panel
        await d.settle()
        assert "♟" in shown(d, "#players")


async def test_the_own_strip_shows_only_the_seat_at_the_keyboard(play, store):
    seats = [
        {"name": "Ana", "kind": "human"},
        {"name": "Ben", "kind": "human"},
        {"name": "Carla", "kind": "bot:random"},
    ]
    table = Table("palazzo", seats, seed=4242, store=store)
    async with play(table=table) as d:
        await d.lift_curtain("Ana")
        assert "You (Ana)" in shown(d, "#own")
        await d.press("1")  # take money
        while table.to_act() == [0]:
            await d.press("1")
        await d.lift_curtain("Ben")
        own = shown(d, "#own")
        from florencia_tui.games.palazzo.ui.render import hand_text

        assert "You (Ben)" in own and "Ana" not in own
        assert hand_text(table.view(1)["players"][1]["hand"]).plain in own.replace("\n", " ")


def test_architects_strip_lists_the_cards_kept_in_the_draft():
    from florencia_tui.games.architects import data as AD
    from florencia_tui.games.architects.ui.render import own_strip

    table = demo_table("architects", 3, seed=7, steps=1)
    view = table.view(0)
    kept = view["draft"]["kept"]
    assert kept
    text = own_strip(view).plain
    assert all(AD.ALL_BUILDINGS[b][0] in text for b in kept)
    other = table.view(1)["draft"]["kept"]
    assert not any(AD.ALL_BUILDINGS[b][0] in text for b in other if b not in kept)


# ----- 11. statistics -----------------------------------------------------------------------
async def test_stats_screen_counts_a_bot_and_a_human_of_the_same_name_apart(
    play, store, bot_and_human_ben
):
    bot_and_human_ben(store)
    async with play(size=(100, 40)) as d:
        await d.press("s")
        assert d.screen_name == "StatsScreen"
        console = Console(width=100, record=True, file=io.StringIO())
        for s in d.app.screen.query(".stats-table"):
            console.print(s.content)
        text = console.export_text()
        assert "Ben (bot)" in text and "Ana (bot)" in text
        rows = [ln for ln in text.splitlines() if ln.strip().startswith("Ben ")]
        assert any("(bot)" not in ln for ln in rows)  # the human Ben has a row of his own


async def test_a_palaces_key_is_its_number_at_every_step_of_a_turn(play, store):
    """Issue 15.1: after the first of two tiles was built, the key for "on
    palace 2" became "on palace 1". Building: palace N is key N, n a new palace,
    d discards, whichever palaces the tile may go on."""
    from florencia_tui.games import get_game
    from florencia_tui.selfplay import random_until
    from florencia_tui.tui.widgets.common.actionbar import ActionList

    game = get_game("palazzo")

    def building(s) -> bool:
        to_act = game.to_act(s)
        return (
            bool(to_act)
            and game.prompt(s, to_act[0]).kind == "palazzo.build"
            and sum(" on " in a for a in game.legal(s, to_act[0])) >= 2
        )

    s = random_until(game, 3, 1, building)
    seat = game.to_act(s)[0]
    seats = [{"name": f"P{i}", "kind": "human" if i == seat else "bot:random"} for i in range(3)]
    table = Table("palazzo", seats, seed=1, store=store, state=s)
    async with play(table=table) as d:
        keys = d.app.screen.query_one(ActionList).keys
        legal = table.legal(seat)
        for a in legal:
            if " on " in a:
                assert keys[a.split()[-1]] == a
        assert keys["n"].endswith(" new")
        palace = next(a for a in legal if " on " in a)
        n = len(table.entries)
        await d.press(palace.split()[-1])
        assert (table.entries[n].seat, table.entries[n].action) == (seat, palace)


def test_ambiguous_fixed_keys_fall_back_to_keys_in_order():
    from florencia_tui.core.game import Prompt
    from florencia_tui.games.palazzo.ui import UI
    from florencia_tui.tui.widgets.common.actionbar import assign_keys

    legal = ["build M13 new", "discard M13", "build B21 new", "build B21 on 2", "discard B21"]
    fixed = UI().option_keys(Prompt(0, "palazzo.build", ""), legal)
    assert fixed == {"build B21 on 2": "2"}
    keys = assign_keys(legal, fixed)
    assert keys[3] == "2" and len(set(keys)) == len(keys) and "2" not in keys[:3] + keys[4:]


async def test_setup_buttons_change_the_player_count_and_start(play, store):
    """The −/+ and Start buttons (each an ``@on(Button.Pressed, "#id")``
    handler) do what F2, F3 and F5 do."""
    async with play(default_seed=3) as d:
        await d.open_setup("palazzo")
        screen = d.app.screen
        start = screen.count
        screen.query_one("#more").press()
        await d.settle()
        assert screen.count == start + 1 and shown(d, "#count").strip() == str(start + 1)
        screen.query_one("#fewer").press()
        await d.settle()
        assert screen.count == start
        screen.query_one("#start").press()
        await d.settle()
        assert d.screen_name in ("GameScreen", "CurtainScreen")
        assert len(d.app.table.seats) == start
