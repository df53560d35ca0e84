"""Hot-seat secrecy, checked on what the screen shows.

* **Re-dealt, the screen is the same.** Through random games of every game, at
  100x30 and 80x24, the real game screen is drawn for the seat whose turn it is
  (after the real curtain hand-over) and for a spectator; then everything that
  seat cannot see is re-dealt (the game's own ``redact`` + ``determinize``) and
  the screen drawn again: the frame (every character and colour) and the full
  text of every widget, scrolled-off parts included, must not change.
* **Type-ahead never lifts the curtain.** Keys pressed just after a move, before
  the curtain shows or in its first second, are ignored; no key of one seat
  ever acts for another; Esc on the curtain goes home.
* **The last-action line** is written in the words of whoever is looking.
* **A replay of a game in play** shows only the public view.
"""

from __future__ import annotations

import difflib
import random

import pytest

from florencia_tui.gamelog import Timeline
from florencia_tui.table import Table
from florencia_tui.tui.screens.curtain import GUARD_SECONDS, CurtainScreen
from florencia_tui.tui.screens.game import GameScreen
from florencia_tui.tui.screens.setup import default_name

from .screen_text import screen_text, seen, svg_text


def humans(n: int) -> list[dict]:
    """``n`` human seats, each with its default name (Ana, Ben, ...)."""
    return [{"name": default_name(i), "kind": "human"} for i in range(n)]


#: The guard the type-ahead tests run with: far longer than the real one, so
#: that a busy test machine still delivers the typed-ahead keys inside it (the
#: real one's second was overrun by a loaded machine's pauses: the keys then
#: lifted the curtain). The tests end it themselves (end_guard) once the keys
#: were typed, instead of waiting it out.
GUARD = 60 * GUARD_SECONDS


async def end_guard(d) -> None:
    """The curtain's guard time is over: as its timer would, sooner."""
    curtain = d.app.screen
    assert isinstance(curtain, CurtainScreen), curtain
    curtain.ready_at = 0.0
    curtain.is_ready = True
    await d.curtain_ready()


def _diff(a: str, b: str) -> str:
    return "\n".join(list(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm=""))[:40])


async def _settle(pilot, n: int = 3) -> None:
    for _ in range(n):
        await pilot.pause()


async def _draw(app, pilot, screen: GameScreen, viewer) -> tuple[str, str]:
    """The screen drawn for ``viewer``, once it has stopped changing (logs
    scroll to their end a frame or two after they grow)."""
    screen.lifted = viewer  # as if that seat had lifted its curtain
    await screen.render_view()
    await _settle(pilot)
    shot = seen(app)
    for _ in range(5):
        await pilot.pause()
        again = seen(app)
        if again == shot:
            return shot
        shot = again
    raise AssertionError("the screen never settled")


async def _same_after_redeal(
    app, pilot, screen: GameScreen, viewer, redeal_for: int, rnd: random.Random
) -> bool:
    """Draw for ``viewer``, re-deal what ``redeal_for`` cannot see, draw again:
    the two must be identical. Returns whether the re-deal changed the state."""
    table = screen.table
    game = table.game
    state = table.state
    before = await _draw(app, pilot, screen, viewer)
    table.state = game.determinize(
        game.redact(state, redeal_for), redeal_for, rnd.randrange(1 << 30)
    )
    try:
        after = await _draw(app, pilot, screen, viewer)
    finally:
        changed = table.state != state
        table.state = state
    who = "spectator" if viewer is None else table.names[viewer]
    assert after[1] == before[1], f"{table.game_id}: {who}'s widgets changed:\n" + _diff(
        before[1], after[1]
    )
    assert after[0] == before[0], f"{table.game_id}: {who}'s frame changed:\n" + _diff(
        svg_text(before[0]), svg_text(after[0])
    )
    return changed


async def _hand_over(app, pilot) -> None:
    """Lift the curtain the way a player does (after its guard time)."""
    for _ in range(200):
        if isinstance(app.screen, CurtainScreen) and app.screen.is_ready:
            await pilot.press("enter")
            await _settle(pilot)
            return
        if not isinstance(app.screen, CurtainScreen):
            return
        await pilot.pause(0.02)
    raise AssertionError("the curtain never became ready")


def _length(game, s: dict) -> int:
    """The number of actions a random game from ``s`` takes to its end."""
    pick = random.Random(0)
    n = 0
    while not game.is_over(s):
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, game.sample(s, seat, pick))
        n += 1
    return n


@pytest.mark.parametrize("size", [(100, 30), (80, 24)], ids=["100x30", "80x24"])
async def test_the_screen_does_not_change_when_unseen_cards_are_redealt(
    each_game, play, store, size
):
    """A table of the fewest players the game takes, every seat a human. The
    game is moved on by 3-24 random actions before each of the four checks (a
    short game: by at most a quarter of a random game's length)."""
    n = each_game.min_players
    table = Table(each_game.id, humans(n), seed=11, store=store)
    most = _length(table.game, table.state) // 4
    rnd = random.Random(3)
    changed = 0
    async with play(table=table, size=size) as d:
        app, pilot = d.app, d.pilot
        await _hand_over(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(4):
            # Move the game on by random play, then one move through the screen
            # (so its last-action line is live) and the real hand-over.
            moves = rnd.randrange(3, 25)
            for _ in range(moves if moves <= most else moves % (most + 1)):
                if table.is_over():
                    break
                seat = table.to_act()[0]
                table.submit(seat, table.game.sample(table.state, seat, rnd))
            if table.is_over():
                break
            seat = table.to_act()[0]
            screen.lifted = seat
            await screen.play(table.game.sample(table.state, seat, rnd))
            await _settle(pilot)
            await _hand_over(app, pilot)
            if table.is_over():
                break
            assert app.screen is screen
            viewer = screen.viewer
            assert viewer is not None and viewer in table.to_act()
            changed += await _same_after_redeal(app, pilot, screen, viewer, viewer, rnd)
            # A spectator, with some seat's secrets re-dealt.
            await _same_after_redeal(app, pilot, screen, None, rnd.randrange(n), rnd)
    assert changed >= 2  # the re-deals really moved hidden things


async def _play_until_the_keyboard_passes(d) -> None:
    """The viewer plays the first offered action by its key until the curtain drops."""
    for _ in range(20):
        await d.choose(d.app.table.legal(d.app.screen.viewer)[0])
        if d.screen_name == "CurtainScreen":
            return
    raise AssertionError("the keyboard never passed")


async def _to_first_decision(d):
    await end_guard(d)
    await d.press("enter")
    assert d.screen_name == "GameScreen"


async def test_enter_typed_ahead_never_lifts_the_curtain_palazzo(play, store):
    """LEAK_36: Ana's second Enter, ~0.3 s after her move, lifted Ben's curtain."""
    table = Table("palazzo", humans(2), seed=5, store=store)
    async with play(table=table, curtain_guard=GUARD) as d:
        await _to_first_decision(d)
        assert d.app.screen.viewer == 0
        await _play_until_the_keyboard_passes(d)
        state_before_ben = table.state
        await d.pilot.pause(0.3)
        await d.pilot.press("enter", "enter", "1", "2", "escape", "enter")
        curtain = d.app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.ignored == 6
        assert table.state == state_before_ben  # no key acted for Ben
        assert "Pass the keyboard to [b]Ben" in curtain.invitation()
        shown = curtain.query_one("#curtain-text").content
        assert "one moment" in str(shown)
        await end_guard(d)  # is_ready, a reactive, redraws the text
        await d.settle()
        assert "one moment" not in str(curtain.query_one("#curtain-text").content)
        await d.press("enter")
        screen = d.app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 1


async def test_keys_typed_while_a_bot_moves_never_reach_the_next_seat(play, store):
    """Ana, a bot, then Ben: Ana's keys during the bot's move and right after the
    curtain shows are all ignored."""
    seats = [
        {"name": "Ana", "kind": "human"},
        {"name": "Bot", "kind": "bot:random"},
        {"name": "Ben", "kind": "human"},
    ]
    table = Table("palazzo", seats, seed=5, store=store)
    async with play(table=table, curtain_guard=GUARD, bot_delay=0.2) as d:
        await _to_first_decision(d)
        await d.press("1")  # Ana takes money; the bot's turn begins
        await d.press("enter", "1")  # typed ahead, during the bot's move
        for _ in range(400):  # a loaded test machine may take a while
            if d.screen_name == "CurtainScreen":
                break
            await d.pilot.pause(0.05)
        assert d.screen_name == "CurtainScreen"
        at_curtain = table.state
        await d.pilot.press("enter", "1")
        assert d.screen_name == "CurtainScreen" and table.state == at_curtain
        await end_guard(d)
        await d.press("enter")
        assert d.app.screen.viewer == 2 and table.state == at_curtain


async def test_a_queued_key_never_picks_the_next_drafters_card(play, store):
    """LEAK_33: in the simultaneous Architects draft a queued Enter picked Ben's card."""
    table = Table("architects", humans(2), seed=4, store=store)
    async with play(table=table, curtain_guard=GUARD) as d:
        await _to_first_decision(d)
        await _play_until_the_keyboard_passes(d)  # Ana keeps a card
        ben_hand = list(table.state["players"][1]["hand"])
        n_entries = len(table.entries)
        await d.pilot.press("1", "enter", "1", "enter")
        assert len(table.entries) == n_entries
        assert table.state["players"][1]["hand"] == ben_hand
        await end_guard(d)
        await d.press("enter")
        assert d.app.screen.viewer == 1 and len(table.entries) == n_entries


async def test_escape_on_the_curtain_goes_home_revealing_nothing(play, store):
    table = Table("strasbourg", humans(3), seed=21, store=store)
    async with play(table=table) as d:
        await d.curtain_ready()
        await d.press("escape")  # asks first, over the curtain
        assert d.screen_name == "ConfirmScreen"
        assert isinstance(d.app.screen_stack[-2], CurtainScreen)
        await d.press("n")  # no: the curtain is still up
        assert d.screen_name == "CurtainScreen"
        await d.press("escape", "y")
        assert d.screen_name == "HomeScreen"
        assert not any(isinstance(s, GameScreen) for s in d.app.screen_stack)


async def test_the_last_action_line_is_written_for_the_next_player(play, store):
    """LEAK_12/13/23: "✓ Ana keeps T05" stayed on screen for Ben."""
    table = Table("strasbourg", humans(3), seed=21, store=store)
    async with play(table=table) as d:
        await d.lift_curtain("Ana")
        screen = d.app.screen
        dealt = table.view(0)["players"][0]["dealt"]
        await screen.play(f"keep {dealt[0]}")
        await d.settle()
        entry = table.entries[-1]
        assert dealt[0] in entry.line(0) and dealt[0] not in entry.line(1)
        await d.lift_curtain("Ben")
        message = d.text("#message")
        assert message == f"✓ {entry.line(1)}"
        assert dealt[0] not in screen_text(d.app.screen)


async def test_an_open_log_and_a_half_typed_action_are_closed_before_the_keyboard_passes(
    play, store
):
    """What Ana had open over the board (her log, a half-typed action) must not
    be what Ben finds when he lifts the curtain."""
    seats = [
        {"name": "Ana", "kind": "human"},
        {"name": "Bot", "kind": "bot:random"},
        {"name": "Ben", "kind": "human"},
    ]
    table = Table("palazzo", seats, seed=5, store=store)
    game = table.game
    async with play(table=table, bot_delay=1.0) as d:
        await d.lift_curtain("Ana")
        screen = d.app.screen
        while True:  # Ana plays by keys up to the last action of her turn
            action = table.legal(0)[0]
            if game.to_act(game.apply(table.state, 0, action)) != [0]:
                break
            await d.choose(action)
        await d.press(":", *"bid 4")  # half-typed, never sent
        await screen.play(action)  # her turn ends; the bot moves next
        screen.action_log()  # opened before the bot's move (1 s away) ends the turn
        assert type(d.app.screen_stack[-1]).__name__ == "LogScreen"
        for _ in range(400):  # a loaded test machine may take a while
            if d.screen_name == "CurtainScreen":
                break
            await d.pilot.pause(0.05)
        assert not any(type(s).__name__ == "LogScreen" for s in d.app.screen_stack)
        await d.lift_curtain("Ben")
        assert d.app.screen is screen and screen.viewer == 2
        box = screen.query_one("#command")
        assert not box.display and box.value == ""
        assert "bid 4" not in screen_text(screen)


async def test_a_replay_of_a_game_in_play_shows_only_the_public_view(play, store):
    """LEAK_27: `v` switched an unfinished game's replay to Ana's secrets."""
    table = Table("strasbourg", humans(3), seed=21, store=store)
    rnd = random.Random(2)
    for _ in range(40):
        seat = table.to_act()[0]
        table.submit(seat, table.game.sample(table.state, seat, rnd))
    timeline = Timeline.build(store.record(table.table_id), store.action_rows(table.table_id))
    async with play() as d:
        await d.press("r", "enter")
        replay = d.app.screen
        assert d.screen_name == "ReplayScreen" and replay.viewer is None
        for pos in range(len(timeline) + 1):
            await d.press("v")
            assert replay.viewer is None and "view: spectator" in d.text("#status")
            assert replay.shown_view == table.game.view(timeline.state(replay.pos), None)
            if pos < len(timeline):
                await d.press("right")
        secrets = [t for p in table.state["players"] for t in p["tasks"]]
        text = screen_text(replay)
        assert secrets and not any(t in text for t in secrets)


async def test_what_ben_took_back_before_confirming_is_his_alone(play, store):
    """LEAK_04 (issue 27.2): Ben passes in a Palazzo auction, takes it back with
    u and raises; after the curtain Ana's side log, last-action line and log
    screen read his raise only (they read "Ben passes; Ana wins ... (undone) /
    Ben undoes: ..."), while Ben's own log keeps both, marked."""
    table = Table("palazzo", humans(2), seed=3, store=store)
    async with play(table=table, confirm_turns=True) as d:
        await d.lift_curtain("Ana")
        screen = d.app.screen
        await d.choose("tiles")
        await d.choose("auction")
        await d.press("enter")  # Ana confirms her turn
        await d.lift_curtain("Ben")
        assert await screen.play("pass")
        await d.settle()
        assert "Your turn is done" in d.text("#prompt-body")
        await d.press("u")
        raise_ = next(a for a in table.legal(1) if a.startswith("bid"))
        assert await screen.play(raise_)
        await d.settle()
        ben = screen_text(d.app.screen)
        assert "(undone)" in ben and "Ben undoes" in ben  # his own, marked
        await d.press("enter")
        await d.lift_curtain("Ana")
        await d.settle()
        assert d.text("#message") == f"✓ {table.entries[-1].line(0)}"
        ana = screen_text(d.app.screen)
        assert "bids" in ana
        assert "Ben passes" not in ana and "undone" not in ana and "undoes" not in ana
        await d.press("l")
        assert d.screen_name == "LogScreen"
        log = screen_text(d.app.screen)
        assert "bids" in log and "Ben passes" not in log and "undoes" not in log
        assert "3/3 entries" in log  # 5 entries in the record, 3 of them Ana's to read
