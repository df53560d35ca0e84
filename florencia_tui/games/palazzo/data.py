"""Palazzo component data (no logic). Every table says where it comes from.

Correct the data here if better sources turn up; the rules read only these names.
"""

from __future__ import annotations

# Spec 1.1, full tile list. Composition per material is SOURCED; the stack
# (I/II/III) each tile belongs to is RECONSTRUCTED (no public source lists it).
# (id, stack, material letter, floor, windows); windows counts doors too.
TILES: list[tuple[str, str, str, int, int]] = [
    ("B11", "I", "B", 1, 1),
    ("B12", "I", "B", 1, 2),
    ("B13", "I", "B", 1, 3),
    ("B21", "I", "B", 2, 1),
    ("B31a", "I", "B", 3, 1),
    ("S11", "I", "S", 1, 1),
    ("S12", "I", "S", 1, 2),
    ("S13", "I", "S", 1, 3),
    ("S22", "I", "S", 2, 2),
    ("S32", "I", "S", 3, 2),
    ("M11", "I", "M", 1, 1),
    ("M12", "I", "M", 1, 2),
    ("M13", "I", "M", 1, 3),
    ("M23", "I", "M", 2, 3),
    ("M33", "I", "M", 3, 3),
    ("B22", "II", "B", 2, 2),
    ("B23", "II", "B", 2, 3),
    ("B31b", "II", "B", 3, 1),
    ("B33", "II", "B", 3, 3),
    ("B41", "II", "B", 4, 1),
    ("B42", "II", "B", 4, 2),
    ("S21", "II", "S", 2, 1),
    ("S23", "II", "S", 2, 3),
    ("S31a", "II", "S", 3, 1),
    ("S31b", "II", "S", 3, 1),
    ("S42", "II", "S", 4, 2),
    ("S43", "II", "S", 4, 3),
    ("M21", "II", "M", 2, 1),
    ("M22", "II", "M", 2, 2),
    ("M31a", "II", "M", 3, 1),
    ("M32", "II", "M", 3, 2),
    ("M41", "II", "M", 4, 1),
    ("M43", "II", "M", 4, 3),
    ("B32", "III", "B", 3, 2),
    ("B43", "III", "B", 4, 3),
    ("B51", "III", "B", 5, 1),
    ("B52", "III", "B", 5, 2),
    ("B53", "III", "B", 5, 3),
    ("S33", "III", "S", 3, 3),
    ("S41", "III", "S", 4, 1),
    ("S51", "III", "S", 5, 1),
    ("S52", "III", "S", 5, 2),
    ("S53", "III", "S", 5, 3),
    ("M31b", "III", "M", 3, 1),
    ("M42", "III", "M", 4, 2),
    ("M51", "III", "M", 5, 1),
    ("M52", "III", "M", 5, 2),
    ("M53", "III", "M", 5, 3),
]

# Spec 1 (RULEBOOK): five rider tiles, shuffled into stack III.
RIDERS: list[str] = ["R1", "R2", "R3", "R4", "R5"]
STACK_NAMES: tuple[str, ...] = ("I", "II", "III")

MATERIALS: dict[str, str] = {"B": "brick", "S": "sandstone", "M": "marble"}

_BY_ID: dict[str, tuple[str, int, int]] = {t[0]: (t[2], t[3], t[4]) for t in TILES}
# Forgiving alias: "S31" (no suffix) means the "a" copy (spec examples write M31).
for _tid, _stack, _mat, _floor, _win in TILES:
    if _tid.endswith("a"):
        _BY_ID.setdefault(_tid[:-1], (_mat, _floor, _win))

TILE_IDS: list[str] = [t[0] for t in TILES]


def tile(tid: str) -> tuple[str, int, int]:
    """(material letter, floor, windows) of a building tile id."""
    return _BY_ID[tid]


# Spec 1.2 (RULEBOOK + SOURCED): 3 currencies x values 3-7 x 3 copies, plus ten
# 2-certificates = 55 cards. Currency names Red/Green/Blue are the spec's choice.
CURRENCIES: tuple[str, ...] = ("Red", "Green", "Blue")
VALUES: tuple[int, ...] = (3, 4, 5, 6, 7)
COPIES = 3
CERT2_COPIES = 10
MONEY_CARDS: list[str] = [f"{c}{v}" for c in CURRENCIES for v in VALUES for _ in range(COPIES)] + [
    "C2"
] * CERT2_COPIES
CERT3 = "C3"  # spec 1.2: the value-3 auction opener, never in a hand/deck/discard
GROUP_VALUE = 15  # spec 8.1 (RULEBOOK)

# Spec 2 (RULEBOOK): setup.
START_HAND = 4
SETUP_TILES = 5  # one on each of the 4 quarries, one on the supply
QUARRIES = 4
RIDERS_TO_END = 5
BASE_PRICE = 10  # spec 6.1: unit price 10 - N; (DECISION) floored at 0

# Spec 10.2 (RULEBOOK): palace scoring by number of tiles.
# tiles -> (base VP ignoring windows, counts windows?, height bonus, pure bonus)
SCORING: dict[int, tuple[int, bool, int, int]] = {
    1: (-5, False, 0, 0),
    2: (0, False, 0, 0),
    3: (0, True, 0, 3),
    4: (0, True, 3, 3),
    5: (0, True, 6, 6),
}
