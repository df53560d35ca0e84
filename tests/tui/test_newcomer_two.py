"""A newcomer's second trial (issue 29): every window shows its text whole, at
80x24 and 100x30. The every-screen sweep is tests/tui/test_every_screen.py;
these are the points the trial found, one test each."""

from __future__ import annotations

import pytest

from florencia_tui.tui.scenes import demo_table
from tests.tui.fit import drawn, problems

SIZES = [(80, 24), (100, 30)]


# ----- 1. the settings window ---------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_settings_window_shows_what_it_sets(play, store, size):
    table = demo_table("palazzo", 3, seed=2024, steps=120, store=store)
    async with play(table=table, size=size, confirm_turns=True) as d:
        await d.press("o")
        assert d.screen_name == "SettingsScreen"
        box = d.app.screen.query_one("#settings-text")
        assert box.size.width > 40 and box.size.height >= 8
        assert problems(d.app.screen) == []
        shown = "\n".join(drawn(box))
        assert "Confirm each turn: on" in shown and "Bot speed:" in shown
        await d.press("c")
        assert "Confirm each turn: off" in "\n".join(drawn(box))
        assert d.app.confirm_turns is False


# ----- 2. no text cut at the edge -----------------------------------------------------
def _words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_setup_shows_every_variant_and_bot_description_whole(play, size):
    from textual.widgets import Static

    from florencia_tui.games import available_games, get_game
    from florencia_tui.tui.screens.setup import KIND_NOTES

    for info in available_games():
        async with play(size=size) as d:
            await d.open_setup(info.id)
            await d.press(*["f3"] * info.max_players)
            notes = d.app.screen.query(".seat-note").results(Static)
            shown = [_words(drawn(n)) for n in notes]
            hints = [hint for *_, hint in get_game(info.id).setup_choices()]
            kinds = [KIND_NOTES["human"], KIND_NOTES["bot:heuristic"]]
            for text in hints + kinds:
                assert " ".join(text.split()) in shown, (info.id, text, shown)
            assert problems(d.app.screen) == [], info.id


async def test_the_footer_shows_confirm_turn_whole_at_80_columns(play, store):
    from textual.widgets._footer import FooterKey

    table = demo_table("palazzo", 3, seed=2024, steps=120, store=store)
    async with play(table=table, confirm_turns=True) as d:
        await d.press("1")  # Ana takes a revealed card: her turn waits for Enter
        assert d.app.screen.check_action("confirm", ())
        await d.settle()
        keys = {k.description: k for k in d.app.screen.query(FooterKey)}
        assert "Confirm turn" in keys and "Hint" not in keys  # nothing to hint at
        assert keys["Confirm turn"].region.right <= 80
        assert problems(d.app.screen) == []
        await d.press("enter")
        keys = {k.description for k in d.app.screen.query(FooterKey)}
        assert "Hint" in keys and "Confirm turn" not in keys


def test_palazzo_side_panel_keeps_every_bid_on_its_players_line():
    from rich.cells import cell_len

    from florencia_tui.tui.adapter import game_ui

    players = [
        {"name": "ana@web", "score": 0, "hand_count": 5},
        {"name": "ben@web", "score": -45, "hand_count": 12},
        {"name": "Carla", "score": 7, "hand_count": 3},
    ]
    view = {"players": players, "auction": {"bids": {"0": {"total": 13}, "1": {"total": 138}}}}
    lines = game_ui("palazzo").players_text(view, [0]).plain.splitlines()
    assert len(lines) == 4 and all(cell_len(line) <= 25 for line in lines), lines
    assert lines[0].endswith("bid 13") and lines[1].endswith("bid 138")
    assert "Carla" in lines[2]
    view["auction"]["bids"] = {"0": {"total": 9}}
    assert "ana@web" in game_ui("palazzo").players_text(view, [0]).plain  # room: whole


def test_strasbourg_last_bids_name_each_bidder_whole():
    from florencia_tui.games.strasbourg.ui.render import last_bid_block
    from florencia_tui.table import Table

    names = ["ana@web", "benedetto@web", "Carla"]
    table = Table("strasbourg", [{"name": n, "kind": "bot:heuristic"} for n in names], seed=5)
    while not set((table.view(0).get("last_bid") or {}).get("ranking", [])) & {0, 1}:
        seat = table.to_act()[0]
        table.submit(seat, table.bot_choice(seat))
    view = table.view(0)
    text = last_bid_block(view).plain
    for seat in view["last_bid"]["ranking"]:
        assert f"{names[seat]} {view['last_bid']['totals'][str(seat)]}" in text, text


def test_lobby_lines_count_in_words_and_name_an_open_seat():
    from florencia_tui.tui.screens.lobby import table_text

    seat = {"name": "ana@web", "kind": "human", "state": "seated"}
    open_seat = {"name": "open", "kind": "human", "state": "open"}
    waiting = {"code": "RFBM", "title": "Palazzo", "state": "waiting", "free": 1,
               "actions": 0, "mine": 0, "seats": [seat, open_seat]}  # fmt: skip
    text = table_text(waiting).plain
    assert "waiting for 1 player ·" in text and "(s)" not in text
    assert "ana@web, open seat" in text and "·  open" not in text and ", · " not in text
    playing = {**waiting, "state": "playing", "actions": 1, "mine": None}
    text = table_text(playing).plain
    assert "· 1 action ·" in text and "1 free seat" in text and "(s)" not in text
    assert "· 2 actions" in table_text({**playing, "actions": 2}).plain


async def test_lobby_code_box_shows_its_whole_placeholder():
    from tests.tui.lobby_app import LobbyApp

    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#code")
        assert box.size.width > len(box.placeholder)  # and a cell for the cursor
        assert problems(app.screen) == []


# ----- 7. the : prompt's notation page ------------------------------------------------
def test_the_notation_page_shows_no_raw_markup_nor_internal_names():
    import re

    from florencia_tui.games import available_games
    from florencia_tui.table import Table
    from florencia_tui.tui.screens.help import notation_help

    for info in available_games():
        seats = [{"name": f"P{i}", "kind": "human"} for i in range(info.min_players)]
        page = notation_help(Table(info.id, seats, seed=1), 0)
        assert "## The notation of" in page and "| type | to |" in page, info.id
        assert "``" not in page and "```" not in page, info.id  # no raw markup, no code block
        internal = re.findall(rf"\b{re.escape(info.id)}\.[a-z_]+", page)
        assert not internal and "(prompt" not in page, (info.id, internal)
    palazzo = notation_help(Table("palazzo", [{"name": "A", "kind": "human"}] * 2, seed=1), 0)
    assert "| `pay Red4+Green4+Blue4` | a legal payment worth at least the price |" in palazzo
    assert "**Turn**" in palazzo and "| `money` | take money: reveal players+1 cards |" in palazzo


# ----- 8. small things --------------------------------------------------------------------
async def test_v_on_a_replay_of_a_game_in_play_says_why_it_shows_one_view(play, store):
    demo_table("strasbourg", 4, seed=20, steps=160, store=store)
    async with play() as d:
        await d.press("r", "enter")
        assert d.screen_name == "ReplayScreen"
        await d.press("v")
        assert d.app.screen.viewer is None  # still the spectator's view
        assert any("still in play" in note for note in d.notes), d.notes


def test_the_replay_line_fits_by_dropping_the_round_then_cutting_the_status():
    from rich.cells import cell_len

    from florencia_tui.tui.screens.replay import replay_status

    where = ["Strasbourg", "161/161", "round 4"]
    status = "Round 4/5 - Step B: Guild (Bakers)"
    wide = replay_status("Replay #2", where, "view: spectator", status, 120).plain
    assert wide == f"Replay #2 Strasbourg · 161/161 · round 4 · view: spectator · {status}"
    for width in (78, 60, 40):
        line = replay_status("Replay #2", where, "view: spectator", status, width).plain
        assert cell_len(line) <= width and "161/161" in line and "view: spectator" in line
    line = replay_status("Replay #2", where, "view: spectator", status, 78).plain
    assert line.startswith("Replay #2 Strasbourg · 161/161 · view") and line.endswith("…")
    assert "round 4 ·" not in line


# ----- 3. one behaviour for every menu ----------------------------------------------------
async def test_a_long_list_says_what_is_above_and_below_and_pages_with_pgdn(play, store):
    from tests.tui.test_newcomer import palazzo_five_tile_supply

    table = palazzo_five_tile_supply(store)  # 16 options, 7 rows shown
    async with play(table=table) as d:
        more = d.app.screen.query_one("#list-more")
        assert "▼ 9 more below (↓ or PgDn)" in str(more.render()) and "▲" not in str(more.render())
        await d.press("pagedown")
        lst = d.app.screen.query_one("#actions")
        above = round(lst.scroll_y)
        line = str(more.render())
        assert above > 0 and f"▲ {above} more above (↑ or PgUp)" in line, line
        assert problems(d.app.screen) == []
        await d.press("pageup")
        assert "▲" not in str(more.render()) and lst.scroll_y == 0


async def test_architects_placement_plays_on_its_letter_like_every_menu(play, store):
    table = demo_table("architects", 4, seed=7, steps=244, store=store)
    async with play(table=table) as d:
        assert "key picks" not in str(d.app.screen.query_one(".question").render())
        n = len(table.entries)
        await d.press("q")
        assert table.entries[n].action == "place quarry"


# ----- 4. Princes of Florence ------------------------------------------------------------
def test_florence_round_end_prestige_has_its_log_line():
    from florencia_tui.table import Table

    names = ["Ana", "Ben", "Carla"]
    table = Table("florence", [{"name": n, "kind": "bot:heuristic"} for n in names], seed=3)
    while table.state["round"] < 3:
        seat = table.to_act()[0]
        pp = [p["pp"] for p in table.state["players"]]
        entry = table.submit(seat, table.bot_choice(seat))
        gained = [p["pp"] - before for p, before in zip(table.state["players"], pp)]
    # Round 2's last action: Ana's best work of the round gives her 3 PP, and says so.
    line = entry.line(0)
    assert line.endswith("round 2 ends: best work of the round (value 12): Ana +3 PP"), line
    assert gained[0] == 3 and table.log(1)[-1] == line  # every seat reads why


# ----- 5. Strasbourg -----------------------------------------------------------------------
def test_a_cards_stack_key_stays_the_same_from_one_stack_to_the_next():
    from florencia_tui.games.strasbourg.ui.selectors import planning_keys

    # Hand 5 3 3 2 keyed 1 2 3 4; after stack #1 = [5], the two 3s are still 2 and 3.
    assert planning_keys([5, 3, 3, 2], []) == ["1", "2", "3", "4"]
    assert planning_keys([3, 3, 2], [[5]]) == ["2", "3", "4"]
    assert planning_keys([3, 2], [[5], [3]]) == ["3", "4"]
    assert planning_keys([5, 2], [[3, 3]]) == ["1", "4"]


async def test_pressing_the_two_3s_keys_stacks_the_two_3s(play, store):
    from florencia_tui.games.strasbourg.ui.selectors import StackBuilder
    from florencia_tui.table import Table

    seats = [{"name": "Ana", "kind": "human"}] + [
        {"name": n, "kind": "bot:random"} for n in ("Ben", "Cy")
    ]
    table = Table("strasbourg", seats, seed=21, store=store)
    async with play(table=table) as d:
        await d.until_human()
        await d.press("1", "enter")  # keep a task card
        await d.until_human()
        me = table.state["players"][0]
        me["deck"] = [2, 3, 3, 5] + me["deck"][4:]  # the next four draws (from the front)
        for _ in range(4):
            await d.choose("draw")
        await d.choose("stop")
        hand = sorted(table.state["players"][0]["hand"], reverse=True)
        assert hand == [5, 3, 3, 2], hand
        await d.press("1", "enter")  # stack #1: the 5
        builder = d.app.screen.query_one(StackBuilder)
        assert builder.keys == ["2", "3", "4"] and "1[" not in d.text("StackBuilder")
        await d.press("2", "3", "enter")  # the keys the two 3s had from the start
        assert table.state["players"][0]["stacks"] == [[5], [3, 3]]


# ----- 6. Palazzo -----------------------------------------------------------------------
async def test_palazzo_payment_keys_never_run_out_with_a_large_hand(play, store):
    from florencia_tui.games.palazzo.ui.hand import CardSelector
    from florencia_tui.table import Table
    from tests.tui.test_palazzo_play import give_hand

    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "bot:random"}]
    table = Table("palazzo", seats, seed=3, store=store)
    pool = table.state["deck"] + table.state["hands"][0]
    kinds = sorted(set(pool))
    hand = [c for k in kinds for c in [k] * min(2, pool.count(k))]
    hand += ["C2"] * min(pool.count("C2") - 2, 30 - len(hand))
    give_hand(table, 0, hand)  # 30 cards or more, of every kind there is
    async with play(table=table, size=(100, 30)) as d:
        await d.choose("tiles")
        buy = next(a for a in table.legal(0) if a.startswith("buy") and len(a.split()) == 2)
        await d.choose(buy)
        selector = d.app.screen.query_one(CardSelector)
        assert len(selector.items) == len(hand) >= 30 and len(selector.groups()) == len(kinds) == 16
        assert all(selector.keys) and "?" not in d.text("CardSelector")
        c2 = selector.keys[selector.items.index("C2")]
        await d.press(c2, c2)  # the certificate's key twice: two of the nine
        n = hand.count("C2")
        assert selector.chosen == ["C2", "C2"] and f"C2 2/{n}" in d.text("CardSelector")
        red3 = selector.keys[selector.items.index("Red3")]
        await d.press(
            red3, d.app.screen.query_one(CardSelector).keys[selector.items.index("Green4")]
        )
        text = d.text("CardSelector")
        assert "?" not in text and "no legal payment" in text and "mix currencies" in text
        assert problems(d.app.screen) == []


def test_florencia_resume_with_no_id_continues_the_game_played_last(monkeypatch, capsys):
    import os
    import time

    from florencia_tui.cli import main
    from florencia_tui.store import Store
    from florencia_tui.table import Table
    from florencia_tui.tui import app as app_module

    assert os.environ.get("FLORENCIA_DATA_DIR")  # the tests' own data directory
    opened: list[int | None] = []
    monkeypatch.setattr(app_module, "run_app", lambda resume=None: opened.append(resume) or 0)
    assert main(["resume"]) == 2  # nothing in play yet: says so
    assert "no saved game is in play" in capsys.readouterr().err
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "bot:random"}]
    older = Table("palazzo", seats, seed=1, store=Store())
    time.sleep(0.01)
    newer = Table(
        "strasbourg", [*seats, {"name": "Cy", "kind": "bot:random"}], seed=2, store=Store()
    )
    assert main(["resume"]) == 0 and opened == [newer.table_id]
    assert main(["resume", str(older.table_id)]) == 0 and opened[-1] == older.table_id


@pytest.mark.parametrize("scene", ["palazzo-board", "strasbourg-board", "architects-board"])
async def test_a_shrunk_window_shows_what_a_window_of_that_size_shows(scene, tmp_path):
    """Issue 29.8: shrinking a browser window left a scrolled log and its
    scrollbar until the next key; after a resize the screen is the one a
    window of the new size opens on."""
    from florencia_tui.tui.snapshots import SCENES
    from tests.tui.screen_text import svg_text

    async def frame(sizes: list[tuple[int, int]], sub: str) -> str:
        (tmp_path / sub).mkdir()
        app, keys = SCENES[scene](tmp_path / sub)
        async with app.run_test(size=sizes[0]) as pilot:
            await pilot.pause()
            await pilot.press(*keys)
            for size in sizes[1:]:
                await pilot.resize_terminal(*size)
            for _ in range(5):
                await pilot.pause()
            assert problems(app.screen) == []
            return svg_text(app.export_screenshot())

    assert await frame([(100, 30), (80, 24)], "shrunk") == await frame([(80, 24)], "fresh")
