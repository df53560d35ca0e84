"""Real key presses through whole Palazzo turns: setup, money, buying, auctions,
building, the hot-seat curtain and the end screen."""

from __future__ import annotations

from florencia_tui.games import REGISTRY
from florencia_tui.table import Table

HUMANS2 = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]


def give_hand(table: Table, seat: int, cards: list[str]) -> None:
    """Swap a seat's hand for ``cards`` taken from the deck (money stays conserved)."""
    s = table.state
    s["deck"].extend(s["hands"][seat])
    for c in cards:
        s["deck"].remove(c)
    s["hands"][seat] = sorted(
        cards,
        key=lambda c: (
            ["Red", "Green", "Blue", "C"].index(
                next(p for p in ("Red", "Green", "Blue", "C") if c.startswith(p))
            ),
            c,
        ),
    )


async def test_setup_by_keys_curtain_and_money_action(play, store):
    async with play(default_seed=42) as d:
        assert d.screen_name == "HomeScreen"
        games = d.app.screen.query_one("#games")
        while games.get_option_at_index(games.highlighted).id != "palazzo":
            await d.press("down")
        await d.press("enter")
        assert d.screen_name == "SetupScreen"
        await d.press("f3")  # 3 players
        # From "Start", back to seat 2's kind button (seed, kind 3, name 3, kind 2),
        # and cycle it round (heuristic → search → human).
        await d.press("shift+tab", "shift+tab", "shift+tab", "shift+tab", "enter")
        await d.pilot.pause(0.3)  # a button ignores presses during its 0.2 s flash
        await d.press("enter")
        assert "Human" in str(d.app.screen.query_one("#kind-1").label)
        await d.press("tab", "tab", "tab")  # to the seed field, which selects its text
        await d.press(*"4242")
        await d.press("f5")
        table = d.app.table
        assert [s["kind"] for s in table.seats] == ["human", "human", "bot:heuristic"]
        assert table.seed == 4242
        # Two humans: the curtain hides the board before Ana's first decision.
        await d.lift_curtain("Ana")
        assert "you are Ana" in d.text("#status")
        hand_before = len(table.state["hands"][0])
        await d.choose("money")
        revealed = table.view(0)["revealed"]
        assert len(revealed) == 4
        await d.choose(table.legal(0)[0])  # Ana takes her first card
        await d.choose(table.legal(0)[0])  # and her second
        assert len(table.state["hands"][0]) == hand_before + 2
        # Ben takes one: the keyboard passes, so the curtain drops again.
        await d.lift_curtain("Ben")
        await d.choose(table.legal(1)[0])
        # The bot takes the last card by itself; then it is Ben's turn (no curtain).
        assert d.screen_name == "GameScreen"
        assert table.state["active"] == 1 and d.app.screen.viewer == 1
        log = d.app.screen.query_one("#log").lines
        assert any("takes money" in str(line.text) for line in log)


async def test_buy_with_card_selection_and_build(play, store):
    table = Table(
        "palazzo",
        [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}],
        seed=3,
        store=store,
    )
    give_hand(table, 0, ["Red5", "Red7", "Green6", "C2"])
    async with play(table=table) as d:
        await d.choose("tiles")
        buy = next(a for a in table.legal(0) if a.startswith("buy") and len(a.split()) == 2)
        tile_id = buy.split()[1]
        await d.choose(buy)
        assert table.prompt(0).kind == "palazzo.pay"
        # Red7 and Green6 mix currencies: the selector says so and Enter is refused.
        await d.press("2", "3")
        assert "mix currencies" in d.text("CardSelector")
        await d.press("enter")
        assert "Refused" in d.text("#message")
        assert table.prompt(0).kind == "palazzo.pay"
        # Swap Green6 for the certificate: Red7 + C2 = 9 covers any single price.
        await d.press("3", "4")
        assert "legal" in d.text("CardSelector")
        await d.press("enter")
        assert table.prompt(0).kind == "palazzo.build"
        assert sorted(table.state["discard"]) == ["C2", "Red7"]
        await d.choose(f"build {tile_id} new")
        assert table.state["palaces"][0] == [[tile_id]]


async def test_auction_with_card_selection_between_two_humans(play, store):
    table = Table("palazzo", HUMANS2, seed=11, store=store)
    give_hand(table, 1, ["Red4", "Green4", "Blue4", "C2"])
    async with play(table=table) as d:
        await d.lift_curtain("Ana")
        await d.choose("tiles")
        assert "auction" in table.legal(0)
        await d.choose("auction")
        auction = table.view(0)["auction"]
        assert auction and auction["high_total"] == 3  # the value-3 certificate opens
        won = list(auction["tiles"])
        await d.lift_curtain("Ben")
        assert table.prompt(1).kind == "palazzo.bid"
        # A group of three 4s in the three currencies is worth 15.
        await d.press("1", "2", "3")
        assert "→ 15" in d.text("CardSelector")
        await d.press("enter")
        assert table.view(1)["auction"]["high_total"] == 15
        await d.lift_curtain("Ana")
        await d.press("p")  # Ana passes; Ben wins and pays his group
        assert sorted(table.state["discard"]) == ["Blue4", "Green4", "Red4"]
        await d.lift_curtain("Ben")
        for tid in won:
            await d.choose(f"build {tid} new" if len(won) == 1 else f"discard {tid}")
        assert table.state["active"] == 1  # the starter's left neighbour plays next


async def test_typed_action_is_checked_and_explained(play, store):
    table = Table(
        "palazzo",
        [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}],
        seed=5,
        store=store,
    )
    async with play(table=table) as d:
        await d.press(":")
        await d.press(*"build M53 new", "enter")
        assert "Refused" in d.text("#message")
        box = d.app.screen.query_one("#command")
        assert box.value == "build M53 new"  # kept for correcting
        await d.press(*["backspace"] * len(box.value))
        await d.press(*"money", "enter")
        assert table.entries and table.entries[0].action == "money"


async def test_last_rider_ends_the_game_and_shows_the_end_screen(play, store):
    table = Table(
        "palazzo",
        [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}],
        seed=8,
        store=store,
    )
    s = table.state
    riders = [t for stack in s["stacks"].values() for t in stack if t.startswith("R")]
    s["stacks"]["III"] = [t for t in s["stacks"]["III"] if not t.startswith("R")]
    s["riders"] = riders[:4]
    s["stacks"]["III"].append(riders[4])
    # Empty stacks I and II so the next draw comes from III; keep tiles accounted for.
    for name in ("I", "II"):
        s["out"].extend(s["stacks"][name])
        s["stacks"][name] = []
    async with play(table=table) as d:
        await d.choose("tiles")
        await d.settle()
        assert table.is_over()
        assert d.screen_name == "EndScreen"
        assert "game over" in d.text("#end-title")
        assert "wins" in d.text("#end-winner") or "share" in d.text("#end-winner")
        await d.press("b")
        assert d.screen_name == "GameScreen"


async def test_help_shows_rules_and_reconstructed_data(play, store):
    table = Table(
        "palazzo",
        [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}],
        seed=5,
        store=store,
    )
    async with play(table=table) as d:
        await d.press("f1")
        assert d.screen_name == "HelpScreen"
        md = d.app.screen.query_one("Markdown")
        assert "econstructed" in md.source
        await d.press("escape")
        assert d.screen_name == "GameScreen"


async def test_home_lists_the_coming_games(play):
    async with play() as d:
        games = d.app.screen.query_one("#games")
        prompts = [str(games.get_option_at_index(i).prompt) for i in range(4)]
        coming = sum(not g.available for g in REGISTRY.values())
        assert sum("coming" in p for p in prompts) == coming
        assert any("Palazzo" in p and "coming" not in p for p in prompts)


async def test_a_bid_with_a_big_hand_never_lists_every_legal_bid(play, store, monkeypatch):
    """A big hand has hundreds of thousands of legal bids (every paying subset):
    the screen composes the bid in the card selector and never asks for that list."""
    table = Table("palazzo", HUMANS2, seed=11, store=store)
    big = [f"{c}{v}" for c in ("Red", "Green", "Blue") for v in (3, 4, 5, 6, 7)] + ["C2"] * 3
    give_hand(table, 1, big)
    listed = []
    real = table.game.legal

    def spy(s, seat):
        listed.append(s["phase"])
        return real(s, seat)

    monkeypatch.setattr(table.game, "legal", spy)
    async with play(table=table) as d:
        await d.lift_curtain("Ana")
        await d.choose("tiles")
        await d.choose("auction")
        await d.lift_curtain("Ben")
        assert table.prompt(1).kind == "palazzo.bid"
        assert table.offered(1) == []
        await d.press("1", "6", "a")  # Red3 Green3 Blue3: a group, worth 15
        assert "→ 15" in d.text("CardSelector")
        await d.press("enter")
        assert table.view(1)["auction"]["high_total"] == 15
    assert "bid" not in listed
