"""Every input is refused cleanly (issue 14, item 6).

Actions enter the engine through ``Game.apply`` (and ``Table.submit``): anything
but a line of text is an IllegalAction with a message, never a TypeError or an
AttributeError. Numbers are ASCII digits only, read by one parser
(``core.notation.to_int`` / ``is_number`` / ``is_digit``) in every game.
A damaged save makes ``Game.load`` raise ``CorruptSave``, and only that.
"""

from __future__ import annotations

import random

import pytest

from florencia_tui.core import CorruptSave, IllegalAction
from florencia_tui.core.notation import as_text, is_digit, is_number, to_int
from florencia_tui.games import plugin


def fresh(game_id: str, seed: int = 1):
    """A new game of three players (or the nearest count the game takes)."""
    info = plugin(game_id)
    return info.game, info.game.new([f"P{i}" for i in range(info.players_near(3))], seed)


def play_until(game, s, wanted, seed: int = 3, limit: int = 4000):
    """Random legal play until some seat may play an action ``wanted`` accepts."""
    pick = random.Random(seed)
    for _ in range(limit):
        for seat in game.to_act(s):
            hits = [a for a in game.legal(s, seat) if wanted(a)]
            if hits:
                return s, seat, hits
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
    raise AssertionError("the wanted action never became legal")


@pytest.mark.parametrize(
    "bad", [None, 3, 2.5, b"money", ["money"], {"a": 1}, "", "   ", "place\x00quarry", "bid\x1b[2J"]
)
def test_an_action_that_is_not_a_line_of_text_is_an_illegal_action(each_game, bad):
    game, s = fresh(each_game.id)
    seat = game.to_act(s)[0]
    with pytest.raises(IllegalAction) as err:
        game.apply(s, seat, bad)
    assert str(err.value)  # a message a player can read


def test_as_text_normalises_and_names_what_was_wrong():
    assert as_text("  bid   Red4+Green4 ") == "bid Red4+Green4"
    with pytest.raises(IllegalAction, match="not NoneType"):
        as_text(None)
    with pytest.raises(IllegalAction, match="not bytes"):
        as_text(b"money")
    with pytest.raises(IllegalAction, match="control characters"):
        as_text("pass\x07")


def test_only_ascii_digits_are_numbers():
    assert to_int("12", "x") == 12 and to_int("-1", "x") == -1
    assert is_number("0042") and is_digit("7")
    for text in ["١", "٣", "²", "１２", "1_000", "+3", " 3", "", "-"]:
        assert not is_number(text)
        with pytest.raises(IllegalAction, match="must be a number"):
            to_int(text, "the stack number")
    assert not is_digit("²") and not is_digit("٣") and not is_digit("12")


def test_architects_pay_with_a_superscript_is_refused_not_a_value_error():
    """Architects, Gremio: "Para construir un Edificio, los jugadores deben pagar
    los recursos indicados a la izquierda de la carta". A payment is written with
    resource letters and ASCII counts; `pay c²` was a ValueError from int()."""
    from florencia_tui.games.architects.notation import canonical, parse_pay_token

    assert parse_pay_token("w3s1") == {"wood": 3, "stone": 1}
    for bad in ["c²", "w٣", "s１"]:
        with pytest.raises(IllegalAction, match="cannot read payment"):
            parse_pay_token(bad)
        with pytest.raises(IllegalAction):
            canonical(f"pay {bad}")
    game, s = fresh("architects")
    with pytest.raises(IllegalAction):
        game.apply(s, game.to_act(s)[0], "pay c²")


def test_strasbourg_bid_with_arabic_indic_digit_is_refused():
    """Strasbourg: "Puede elegir libremente cuál de las pilas desea entregar":
    `bid 1` hands in stack 1; `bid ١` (an Arabic-Indic one) used to be read as 1."""
    game, s = fresh("strasbourg", seed=5)
    s, seat, hits = play_until(game, s, lambda a: a == "bid 1")
    with pytest.raises(IllegalAction, match="must be a number"):
        game.apply(s, seat, "bid ١")
    with pytest.raises(IllegalAction, match="must be a number"):
        game.apply(s, seat, "return ٣")
    game.apply(s, seat, "bid 1")  # the ASCII spelling still plays


def test_palazzo_detach_with_arabic_indic_digits_is_refused():
    """Palazzo: "podría usar una reconstrucción para eliminarlo de la primera":
    `detach 1 2` names palace 1, floor 2 in ASCII digits; `detach ٣ ٣` was read
    as `detach 3 3`."""
    game, s = fresh("palazzo", seed=2)
    s, seat, hits = play_until(game, s, lambda a: a.startswith("detach "))
    palace, floor = hits[0].split()[1:]
    eastern = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
    for bad in [
        f"detach {palace.translate(eastern)} {floor}",
        f"detach {palace} {floor.translate(eastern)}",
    ]:
        with pytest.raises(IllegalAction, match="must be a number"):
            game.apply(s, seat, bad)
    game.apply(s, seat, hits[0])
    with pytest.raises(IllegalAction):
        game.apply(s, seat, "pay Red٤")


def test_florence_card_names_need_ascii_digits():
    """Princes of Florence: the cards are numbered ("CARTAS DE PRESTIGIO"); P١٠
    is not P10."""
    from florencia_tui.games.florence.notation import parse

    assert (parse("keep P10").verb, parse("keep P10").args) == ("keep", ("P10",))
    for bad in ["keep P١٠", "keep B٠١", "sell ٣", "place forest ١ 2 r0"]:
        with pytest.raises(IllegalAction):
            parse(bad)


def test_load_of_a_damaged_save_raises_corrupt_save_only(each_game):
    game_id = each_game.id
    game, s = fresh(game_id)
    assert game.load(game.dump(s)) == s
    broken = dict(s)
    broken.pop("names")
    part = next(k for k, v in s.items() if isinstance(v, list) and k != "names")
    players = dict(s, **{part: {"?": 1}})
    for text in [
        "",
        "{",
        "[1, 2]",
        "null",
        '{"game": "chess"}',
        b"\xff\xfe",
        game.dump(s)[: len(game.dump(s)) // 2],
        game.dump(broken),
        game.dump(players),
        f'{{"game": "{game_id}"}}',
    ]:
        with pytest.raises(CorruptSave) as err:
            game.load(text)
        assert isinstance(err.value, ValueError) and str(err.value)


BIG = "9" * 6000  # beyond Python's 4300-digit limit for int(): a ValueError there


def big_variants(action: str) -> list[str]:
    """``action`` with each of its numbers (runs of digits) made 6000 digits
    long, and its verb followed by huge numbers."""
    import re

    runs = list(re.finditer(r"\d+", action))
    out = [action[: m.start()] + BIG + action[m.end() :] for m in runs]
    verb = action.split()[0]
    out += [f"{verb} {BIG}", f"{verb} 1 {BIG}", f"{verb} {BIG} 1 r{BIG}", f"{verb} x{BIG}"]
    return out


def test_an_action_with_a_6000_digit_number_is_refused_not_a_value_error(each_game):
    """Issue 29.9: Python's int() raises ValueError past 4300 digits; every game
    reads numbers through core.notation, which refuses them as IllegalAction."""
    game, s = fresh(each_game.id, seed=5)
    pick = random.Random(5)
    tried: set[str] = set()
    for _ in range(300):
        if game.is_over(s):
            break
        for seat in game.to_act(s):
            for action in game.legal(s, seat)[:40]:
                for bad in big_variants(action):
                    key = " ".join("N" if w[:1].isdigit() else w for w in bad.split())
                    if key in tried:
                        continue
                    tried.add(key)
                    try:
                        game.apply(s, seat, bad)
                    except IllegalAction:
                        pass
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
    assert tried
