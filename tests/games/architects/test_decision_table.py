"""Architects' decisions go through one table (decisions.DECISIONS): every kind
the rules can open has its handlers there, a kind missing from it is refused
with IllegalAction, and the UI and the bots read costs from the rules."""

from __future__ import annotations

import inspect
import random
import re

import pytest

from florencia_tui.core import decisions
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Prompt
from florencia_tui.core.notation import Action
from florencia_tui.games.architects import bot, rules
from florencia_tui.games.architects import decisions as frames
from florencia_tui.games.architects.decisions import DECISIONS
from florencia_tui.games.architects.game import GAME
from florencia_tui.games.architects.ui.choices import build_reason, follow_unavailable

#: The kinds the rules open on the stack (the turn's own decisions, the
#: draft, a free hire, placing or taking back a worker, are made from the state).
KINDS = set(frames.STACKED)


def pushed_kinds() -> set[str]:
    """Every frame kind the rules' source opens (decisions.push, and an
    effect that opens a decision)."""
    src = inspect.getsource(rules) + inspect.getsource(frames)
    kinds = set(re.findall(r'decisions\.push\(\s*s,\s*"(\w+)"', src))
    kinds |= set(re.findall(r'_open\("(\w+)"', src))
    return kinds


def test_every_kind_the_rules_open_has_handlers_and_none_is_left_over():
    opened = pushed_kinds()
    assert "hugo" in opened and "crane" in opened and "keep" in opened
    assert opened == KINDS
    assert set(DECISIONS.kinds) == KINDS | {"draft", "freehire", "place", "retrieve"}
    for name, kind in DECISIONS.kinds.items():
        assert callable(kind.legal) and callable(kind.apply), name
        assert kind.text is not None and kind.label is not None, name
    # The bot values every kind's decision (no silent default).
    assert set(bot.FRAME_VALUE) == KINDS


def test_random_games_only_ever_owe_decisions_of_the_table():
    seen: set[str] = set()
    for seed in range(6):
        rnd = random.Random(seed)
        s = GAME.new(["A", "B", "C"], seed, {"side": 2, "promo_cards": True})
        for _ in range(500):
            if GAME.is_over(s):
                break
            f = decisions.top(s)
            if f is not None:
                assert f["k"] in KINDS
                seen.add(f["k"])
                prompt = GAME.prompt(s, f["p"])
                assert prompt.text == DECISIONS.text(s, f)
                assert set(prompt.data["labels"]) == set(prompt.data["options"])
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, GAME.sample(s, seat, rnd))
    assert {"guildhall", "storehouse", "workshop", "capture", "guardhouse"} <= seen


def test_a_kind_missing_from_the_table_is_an_illegal_action(kit):
    s = kit.fresh(n=2)
    decisions.push(s, "bogus", 0)
    with pytest.raises(IllegalAction, match="no decision of kind 'bogus'"):
        GAME.legal(s, 0)
    with pytest.raises(IllegalAction, match="no decision of kind 'bogus'"):
        GAME.apply(s, 0, "done")
    with pytest.raises(IllegalAction, match="no decision of kind 'bogus'"):
        DECISIONS.apply(s, Action.parse("done"))


def test_labels_come_from_the_table(kit):
    s = kit.fresh(n=2)
    decisions.push(s, "tavern", 0)
    assert GAME.label(s, 0, "done") == "Hire nobody"
    assert GAME.prompt(s, 0).data["labels"]["done"] == "Hire nobody"
    decisions.pop(s)
    decisions.push(s, "crane", 0)
    assert GAME.label(s, 0, "done") == "No second worker"


def test_shortfall_is_the_rules_payment_lothaire_pays_either_wood_or_stone_less(kit):
    """Well costs 2 wood + 2 stone; Lothaire's board pays one wood or stone
    less. With 2 wood and no stone the closest payment lacks 1 stone (the UI's
    old copy of the rule took the wood off and said 2 stone)."""
    s = kit.fresh(n=2)
    P = s["players"][0]
    P["board"] = "Lothaire"
    kit.give(s, 0, wood=2, stone=0)
    assert rules.shortfall(P, {"wood": 2, "stone": 2}) == {"stone": 1}
    kit.hand(s, 0, [11])
    blocker = rules.guildhall_blockers(s, 0)["builds"]["11"]
    assert blocker == {"skills": "", "short": {"stone": 1}}
    assert build_reason(blocker) == "short of 1 stone"
    kit.give(s, 0, stone=1)
    assert rules.shortfall(P, {"wood": 2, "stone": 2}) == {} and rules.can_build(s, 0, 11)
    P["board"] = "Therese"  # gold and marble interchangeable
    kit.give(s, 0, gold=0, marble=1)
    assert rules.shortfall(P, {"wood": 2, "gold": 2}) == {"gold/marble": 1}


def test_the_guildhall_reasons_in_the_ui_come_from_the_prompt(kit):
    s = kit.fresh(n=2)
    kit.hand(s, 0, [11, 23])  # Well (no skill), Drafting Room (needs C and T)
    kit.give(s, 0, wood=2, stone=2, gold=0)
    s["players"][0]["virtue"] = 2
    decisions.push(s, "guildhall", 0)
    prompt = GAME.prompt(s, 0)
    assert prompt.data["options"] == ["build 11"]
    view = GAME.view(s, 0)
    why = dict(follow_unavailable(prompt, view, prompt.data["options"]))
    assert why["Build Drafting Room"].startswith("needs ")
    assert why["Cathedral"] == "needs virtue 5+ (you have 2)"


def test_the_towncentre_preview_prices_captures_by_the_rules(kit):
    """Virtue 2 or 3 dodges 1 tax: the first capture is free, the next 1 silver."""
    from florencia_tui.games.architects.ui.choices import place_label

    s = kit.fresh(n=2)
    s["players"][0]["virtue"] = 3
    assert rules.yields(s, 0)["towncentre"]["first_cost"] == 0
    detail = place_label(GAME.view(s, 0), "place towncentre")[1]
    assert "The first costs you 0 silver (tax), the next 1 silver." in detail
    s["players"][0]["virtue"] = 7
    detail = place_label(GAME.view(s, 0), "place towncentre")[1]
    assert "The first costs you 1 silver (tax), the next 1 silver." in detail


def test_the_hire_limit_shown_is_the_rules_limit(kit):
    """Rudolf's board hires 6 apprentices: the UI reads the prompt's limit."""
    s = kit.fresh(n=2)
    s["players"][0]["board"] = "Rudolf"
    s["players"][0]["appr"] = list(range(1, 6))
    decisions.push(s, "tavern", 0)
    prompt = GAME.prompt(s, 0)
    assert prompt.data["appr_limit"] == 6 and any(
        o.startswith("hire") for o in prompt.data["options"]
    )
    view = GAME.view(s, 0)
    assert follow_unavailable(prompt, view, prompt.data["options"]) == []
    s["players"][0]["board"] = None
    prompt = GAME.prompt(s, 0)
    assert isinstance(prompt, Prompt) and prompt.data["options"] == ["done"]
    reasons = dict(follow_unavailable(prompt, GAME.view(s, 0), prompt.data["options"]))
    assert reasons["Hire"].startswith("you have 5 apprentices")
