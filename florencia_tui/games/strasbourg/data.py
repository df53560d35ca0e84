"""Static data for Strasbourg: every table the rules need, and nothing else.

Each table names the spec section (``shared/rules/strasbourg.md``) it comes
from and its status marker. The RECONSTRUCTED tables (round cards, three of the
buildings, the city map and prices, chapel spots, task conditions T17-T25 and
all task values) live only here so that a faithful copy can replace them
without touching any logic.
"""

from __future__ import annotations

# --- Guilds and goods: spec 4.1. Order = price order (SOURCED-EXT);
# goods values 5/4/3/2/1 are DERIVED from the 12-coin sale example. ---------
GUILDS = ["SM", "VI", "SH", "BU", "BA"]
GUILD_NAMES = {
    "SM": "Smiths",
    "VI": "Vintners",
    "SH": "Shoemakers",
    "BU": "Butchers",
    "BA": "Bakers",
}
GOODS_VALUE = {"SM": 5, "VI": 4, "SH": 3, "BU": 2, "BA": 1}
GOODS_NAMES = {"SM": "weapon", "VI": "barrel", "SH": "shoe", "BU": "meat", "BA": "bread"}
# Display colours: BU red and SH green SOURCED-EXT, the rest RECONSTRUCTED (cosmetic).
GUILD_COLOURS = {"SM": "grey", "VI": "purple", "SH": "green", "BU": "red", "BA": "yellow"}

# --- Council seats: spec 4.2 (SOURCED). Display order: top row first. -----
COUNCIL_SEATS = ["NOB", "CHU", "SM", "VI", "SH", "BU", "BA", "ME"]
COUNCIL_NAMES = {
    "NOB": "Nobility",
    "CHU": "Church",
    "SM": "Smiths",
    "VI": "Vintners",
    "SH": "Shoemakers",
    "BU": "Butchers",
    "BA": "Bakers",
    "ME": "Merchants",
}

# --- Influence deck per player: spec 4.3 (SOURCED-EXT: 4 cards of each 1-6). -
DECK = [v for v in range(1, 7) for _ in range(4)]
DECK_SIZE = len(DECK)  # 24

STARTING_COINS = 5  # spec 4.7 (SOURCED)
TASKS_DEALT = 5  # spec 7.6 (SOURCED): deal 5, keep 1-5
TASK_UNMET_PENALTY = -3  # spec 6 (SOURCED-EXT)
PRIVILEGE_POINTS = 1  # spec 10 (SOURCED)
ROUNDS = 5
MIN_DRAW_DEFAULT = 1  # spec 8.1 INTERPRETATION, configurable (option "min_draw")

# --- Round steps: spec 4.4 (SOURCED fixed sequence). ------------------------
STEPS = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
BID_STEPS = ["A", "B", "C", "D", "E", "F", "G"]
GUILD_STEPS = {"B": 0, "D": 1, "F": 2}  # index into the round card's guilds
MERCHANT_STEPS = ["C", "E", "G"]
STEP_NAMES = {
    "A": "Nobility & Church",
    "B": "Guild",
    "C": "Merchants",
    "D": "Guild",
    "E": "Merchants",
    "F": "Guild",
    "G": "Merchants + seat",
    "H": "Build a chapel",
    "I": "Build a building",
}

# --- Round cards: spec 4.4, RECONSTRUCTED (guild at B, D, F). ---------------
ROUND_CARDS = {
    "R1": ["SM", "VI", "SH"],
    "R2": ["VI", "SH", "BU"],
    "R3": ["SH", "BU", "BA"],
    "R4": ["BU", "BA", "SM"],
    "R5": ["BA", "SM", "VI"],
}

# --- Buildings: spec 4.5. INN=4 and FOU=3 DERIVED; GRA, CUS, TWH RECONSTRUCTED.
BUILDINGS = {
    "INN": {"name": "Inn", "value": 4},
    "FOU": {"name": "Fountain", "value": 3},
    "GRA": {"name": "Granary", "value": 2},
    "CUS": {"name": "Customs House", "value": 5},
    "TWH": {"name": "Town Hall", "value": 6},
}

# --- City map: spec 5.2/5.3/5.7, RECONSTRUCTED (layout and prices). ----------
COLUMNS = "ABCDEFGHI"
ROWS = 6
_GRID = """
SM4 SM5 VI3 VI3 VI4 BA1 BA1 BU2 BU1
SM5 ##  VI4 VI4 ##  BA1 BA1 ##  BU2
SM4 SM5 SH3 SH2 SH3 SH2 BA1 BU2 BU1
BA1 BA1 ##  SH3 SH3 VI4 ##  SM5 SM5
BA1 BU1 SH3 SH3 ##  VI4 VI4 SM5 ##
BU1 BU1 SH2 BA1 BA1 VI3 VI3 SM4 BU2
"""


def _parse_grid() -> tuple[dict, list]:
    cells: dict[str, dict] = {}
    spaces: list[str] = []
    for y, line in enumerate(_GRID.strip().splitlines()):
        for x, tok in enumerate(line.split()):
            cid = f"{COLUMNS[x]}{y + 1}"
            if tok == "##":
                spaces.append(cid)
            else:
                cells[cid] = {"guild": tok[:2], "price": int(tok[2:]), "x": x, "y": y}
    return cells, spaces


#: guild squares: id -> {"guild", "price", "x", "y"}
CELLS, BUILDING_SPACES = _parse_grid()

# Chapel spots: spec 5.5 RECONSTRUCTED. id -> (corner vx, vy); corner (vx, vy)
# touches squares (vx-1, vy-1), (vx, vy-1), (vx-1, vy), (vx, vy).
CHAPEL_CORNERS = {
    "K1": (3, 1),
    "K2": (6, 1),
    "K3": (1, 3),
    "K4": (4, 3),
    "K5": (8, 3),
    "K6": (2, 5),
    "K7": (6, 5),
}


def cell_id(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


def cell_xy(cid: str) -> tuple[int, int]:
    return COLUMNS.index(cid[0]), int(cid[1:]) - 1


CHAPEL_SQUARES = {
    k: [cell_id(vx - 1, vy - 1), cell_id(vx, vy - 1), cell_id(vx - 1, vy), cell_id(vx, vy)]
    for k, (vx, vy) in CHAPEL_CORNERS.items()
}


def _orth(cid: str) -> list[str]:
    x, y = cell_xy(cid)
    out = []
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < len(COLUMNS) and 0 <= ny < ROWS:
            out.append(cell_id(nx, ny))
    return out


#: building space -> orthogonally adjacent guild squares (spec 5.4)
SPACE_NEIGHBOURS = {sp: [c for c in _orth(sp) if c in CELLS] for sp in BUILDING_SPACES}
#: guild square -> orthogonally adjacent guild squares (for connected groups)
CELL_NEIGHBOURS = {c: [n for n in _orth(c) if n in CELLS] for c in CELLS}

# --- Task cards: spec 6. T01-T16 condition types SOURCED-EXT, T17-T25
# conditions RECONSTRUCTED (T24 type attested), all values RECONSTRUCTED. ----
# (id, kind, params, value)
TASKS = [
    ("T01", "building_adjacent", {"building": "INN", "min": 2}, 4),
    ("T02", "building_adjacent", {"building": "FOU", "min": 2}, 4),
    ("T03", "building_adjacent", {"building": "GRA", "min": 2}, 4),
    ("T04", "building_adjacent", {"building": "CUS", "min": 2}, 4),
    ("T05", "building_adjacent", {"building": "TWH", "min": 2}, 4),
    ("T06", "guild_count", {"guild": "SM", "min": 3}, 7),
    ("T07", "guild_count", {"guild": "VI", "min": 3}, 6),
    ("T08", "guild_count", {"guild": "SH", "min": 3}, 5),
    ("T09", "guild_count", {"guild": "BU", "min": 3}, 4),
    ("T10", "guild_count", {"guild": "BA", "min": 3}, 3),
    ("T11", "same_building", {"min": 3}, 6),
    ("T12", "orth_line", {"len": 3}, 5),
    ("T13", "council_count", {"min_by_players": {"2": 5, "3": 4, "4": 3, "5": 2}}, 5),
    ("T14", "buildings_touched", {"min": 4}, 10),
    ("T15", "diag_line", {"len": 3}, 6),
    ("T16", "city_majority", {}, 8),
    ("T17", "same_chapel", {"min": 3}, 8),
    ("T18", "chapels_touched", {"min": 3}, 6),
    ("T19", "all_guilds", {}, 9),
    ("T20", "block_2x2", {}, 12),
    ("T21", "connected_group", {"min": 5}, 7),
    ("T22", "council_seat", {"seat": "NOB"}, 3),
    ("T23", "council_seat", {"seat": "CHU"}, 2),
    ("T24", "most_coins", {}, 3),
    ("T25", "guild_seats", {"min": 2}, 4),
]
TASK_BY_ID = {t[0]: t for t in TASKS}

TASK_TEXT = {
    "building_adjacent": "2+ members next to the {building}",
    "guild_count": "3+ members on {guild} squares",
    "same_building": "3+ members next to the same building",
    "orth_line": "3 members in a row or column",
    "council_count": "{min}+ members on the council",
    "buildings_touched": "members next to 4+ different buildings",
    "diag_line": "3 members in a diagonal line",
    "city_majority": "strictly most members in the city",
    "same_chapel": "3+ members next to the same chapel",
    "chapels_touched": "members next to 3+ different chapels",
    "all_guilds": "members on squares of all 5 guilds",
    "block_2x2": "4 members in a 2x2 block",
    "connected_group": "5+ members in one connected group",
    "council_seat": "a member on the {seat} seat",
    "most_coins": "strictly most coins",
    "guild_seats": "2+ members on guild council seats",
}


def task_text(tid: str, players: int) -> str:
    _, kind, params, value = TASK_BY_ID[tid]
    fmt = dict(params)
    if "building" in params:
        fmt["building"] = BUILDINGS[params["building"]]["name"]
    if "guild" in params:
        fmt["guild"] = GUILD_NAMES[params["guild"]]
    if "seat" in params:
        fmt["seat"] = COUNCIL_NAMES[params["seat"]]
    if kind == "council_count":
        fmt["min"] = params["min_by_players"].get(str(players), 3)
    return f"{tid}: {TASK_TEXT[kind].format(**fmt)} ({value})"
