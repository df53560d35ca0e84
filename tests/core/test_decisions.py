"""The one decision mechanism (core/decisions.py) and parsed actions."""

import pytest

from florencia_tui.core import decisions as D
from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action


def test_an_action_is_parsed_once_into_verb_and_arguments():
    a = Action.parse("  Place 2   3 ")
    assert (a.verb, a.args) == ("place", ("2", "3"))
    assert str(a) == "place 2 3" and a.num(1, "the column") == 3
    assert a.arg(5) is None and a == Action("place", ("2", "3"))
    with pytest.raises(IllegalAction, match="the row must be a number"):
        Action.parse("place x 3").num(0, "the row")
    with pytest.raises(IllegalAction, match="needs the tile"):
        Action.parse("place").num(0, "the tile")


def test_the_top_frame_is_owed_now_and_push_under_waits_for_the_others():
    s = {"pending": []}
    assert D.top(s) is None and D.owner(s) is None
    D.push(s, "pay", 1, cost=3)
    D.push(s, "keep", 2)
    D.push_under(s, "sell", 0)
    assert [f["k"] for f in s["pending"]] == ["sell", "pay", "keep"]
    assert D.owner(s) == 2
    assert D.pop(s)["k"] == "keep" and D.top(s) == {"k": "pay", "p": 1, "cost": 3}


def test_a_table_of_kinds_dispatches_every_handler():
    def pay_apply(s, f, a):
        if a.verb != "pay":
            raise IllegalAction("pay what?")
        s["paid"] = a.num(0, "the amount")
        D.pop(s)

    table = D.Decisions(
        {
            "pay": D.Kind(
                legal=lambda s, f: [f"pay {f['cost']}"],
                apply=pay_apply,
                text=lambda s, f: f"Pay {f['cost']}",
                preview=lambda s, f: {"cost": f["cost"]},
                label=lambda s, f, a: f"pay {a.args[0]} silver",
            )
        }
    )
    s = {"pending": []}
    assert table.legal(s) == [] and table.preview(s) == {}
    D.push(s, "pay", 0, cost=4)
    assert table.legal(s) == ["pay 4"] and table.text(s) == "Pay 4"
    assert table.preview(s) == {"cost": 4}
    assert table.label(s, Action.parse("pay 4")) == "pay 4 silver"
    with pytest.raises(IllegalAction, match="pay what"):
        table.apply(s, Action.parse("keep 1"))
    table.apply(s, Action.parse("pay 4"))
    assert s == {"pending": [], "paid": 4}
    with pytest.raises(IllegalAction, match="no decision is pending"):
        table.apply(s, Action.parse("pay 4"))
    D.push(s, "bogus", 0)
    with pytest.raises(IllegalAction, match="no decision of kind 'bogus'"):
        table.legal(s)
