"""Static data of The Princes of Florence (base game, 3-5 players).

No logic lives here: every table the rules read is in this one module so that
RECONSTRUCTED / ASSUMPTION / DECISION values are easy to correct. Section
numbers refer to /work/shared/rules/princes_of_florence.md ("spec").
"""

from __future__ import annotations

# --- general constants -------------------------------------------------------
# spec §1.3 (sourced T1/T2)
START_MONEY = 3500
ROUNDS = 7
# spec §4 "Direction": clockwise (T2, S10, S21); T1 says counterclockwise.
# +1 = next seat index is the next player.
DIRECTION = 1
# spec §1.3 step 6: T1 draws the start player by lot (T2: the oldest player).
# DECISION (ours): the engine draws it at random from the state's rng.
RANDOM_START_PLAYER = True

# spec §4.1: minimum work value per round. Round 4 = 14 is inferred (not
# sourced, high confidence); the others are sourced (S7, T1, T1, S6, T1, S8).
MIN_WV = {1: 7, 2: 10, 3: 12, 4: 14, 5: 15, 6: 16, 7: 17}

# spec §4.2: auction prices (T1, T2)
OPENING_BID = 200
RAISE = 100
LAST_PLAYER_PRICE = 200

# spec §4.3: action costs and per-round limits (T1, T2, S10)
BUILD_COST = {0: 700, 1: 300, 2: 300, 3: 0}  # by number of builders
CARD_COST = 300  # profession card, bonus card
FREEDOM_COST = 300
ACTION_LIMITS = {"work": 2, "build": 2, "profession": 1, "freedom": 1, "bonus": 2}
ACTIONS_PER_TURN = 2
DRAW_SIZE = 5  # look at the top 5 (all if fewer)

# spec §5.3 / §5.4
PP_PER_BUILD = 3
PP_SAME_LANDSCAPE = 3  # 2nd, 3rd, ... landscape of the same type
PP_BUILDER = {1: 0, 2: 3, 3: 3}  # PP for acquiring the n-th builder
PP_BEST_WORK = 3
FLORINS_PER_WV = 100
CONVERT_PRICE = 200  # florins per PP bought from a work payout
SELL_PRICE = 100  # florins per PP sold back
MAX_BUILDERS = 3

# spec §5.2: work value terms
WV_BUILDING = 4
WV_LANDSCAPE = 3
WV_FREEDOM = 3
WV_PER_JESTER = 2
WV_PER_CARD = 1

# --- auction piles -------------------------------------------------------------
# spec §4.2 / §6 (T1, T2). Order is the display order of the 7 piles.
PILES = ["forest", "lake", "park", "jester", "builder", "prestige", "recruit"]
PILE_SIZE = {
    "forest": 6,
    "lake": 6,
    "park": 6,
    "jester": 7,
    "builder": 6,
    "prestige": 14,
    "recruit": 5,
}
PILE_NAME = {
    "forest": "Forest",
    "lake": "Lake",
    "park": "Park",
    "jester": "Jester",
    "builder": "Builder",
    "prestige": "Prestige card",
    "recruit": "Recruiting card",
}
LANDSCAPES = ["forest", "lake", "park"]

# --- freedoms ------------------------------------------------------------------
# spec §1.2 (T1, T2): players - 1 of each type.
FREEDOMS = ["opinion", "travel", "religion"]
FREEDOM_NAME = {
    "opinion": "Freedom of Opinion",
    "travel": "Freedom of Travel",
    "religion": "Freedom of Religion",
}

# --- principality geometry -------------------------------------------------------
# spec §2.2. 7x7 grid, row 0 = top. Palazzo 3 wide x 2 tall in the lower-left
# corner: size and corner sourced (S3, S4); orientation RECONSTRUCTED.
GRID = 7
PALAZZO = frozenset({(5, 0), (5, 1), (5, 2), (6, 0), (6, 1), (6, 2)})

# --- buildings -------------------------------------------------------------------
# spec §3.1 (types, size classes, 3 copies each: T1, S1).
BUILDINGS = [
    "university",
    "laboratory",
    "workshop",
    "library",
    "opera",
    "studio",
    "hospital",
    "theatre",
    "tower",
    "chapel",
]
BUILDING_COPIES = 3
SIZE_CLASS = {
    "university": "large",
    "laboratory": "large",
    "workshop": "large",
    "library": "medium",
    "opera": "medium",
    "studio": "medium",
    "hospital": "medium",
    "theatre": "medium",
    "tower": "small",
    "chapel": "small",
}
SIZE_CLASSES = ["large", "medium", "small"]

# spec §3.2 and §3.3: tile shapes. ALL RECONSTRUCTED (no source gives the
# polyominoes; only the cell counts 7/5/3 of buildings are sourced, and the
# order forest > lake > park of landscapes). '#' = covered; the top-left of
# the strings is local (0, 0). All copies of a type share one shape (ASSUMPTION).
SHAPES = {
    "university": ["###", "#.#", "#.#"],
    "laboratory": ["####", "###."],
    "workshop": ["##.", "###", "##."],
    "library": ["#.", "#.", "#.", "##"],
    "opera": ["###", ".#.", ".#."],
    "studio": ["##", "##", "#."],
    "hospital": ["#.#", "###"],
    "theatre": ["##.", ".#.", ".##"],
    "tower": ["#.", "##"],
    "chapel": ["###"],
    "forest": ["##", "##"],
    "lake": ["##", "#."],
    "park": ["##"],
}
# spec §3.1 ASSUMPTION: every tile may be mirrored (double-sided unknown).
MIRROR_ALLOWED = {kind: True for kind in SHAPES}

# One-letter codes for the grid string kept in the state ('.' empty, 'P' palazzo).
CELL_CODE = {
    "university": "U",
    "laboratory": "A",
    "workshop": "W",
    "library": "L",
    "opera": "O",
    "studio": "S",
    "hospital": "H",
    "theatre": "T",
    "tower": "R",
    "chapel": "C",
    "forest": "f",
    "lake": "l",
    "park": "p",
}
CODE_KIND = {v: k for k, v in CELL_CODE.items()}

# --- profession cards ----------------------------------------------------------------
# spec §9.1 (decoded from T1, cross-checked with S11, S18, S19). English names
# other than Botanist, Alchemist, Poet, Astronomer, Organist and the S6 names
# are translations. (num, key, English name, building, landscape, freedom)
PROFESSIONS = [
    (1, "mathematician", "Mathematician", "university", "lake", "religion"),
    (2, "theologian", "Theologian", "university", "park", "travel"),
    (3, "philosopher", "Philosopher", "university", "forest", "opinion"),
    (4, "botanist", "Botanist", "laboratory", "park", "religion"),
    (5, "alchemist", "Alchemist", "laboratory", "lake", "opinion"),
    (6, "physicist", "Physicist", "laboratory", "forest", "travel"),
    (7, "clockmaker", "Clockmaker", "workshop", "lake", "travel"),
    (8, "goldsmith", "Goldsmith", "workshop", "park", "opinion"),
    (9, "bellfounder", "Bell Founder", "workshop", "forest", "religion"),
    (10, "cartographer", "Cartographer", "library", "lake", "religion"),
    (11, "jurist", "Jurist", "library", "forest", "opinion"),
    (12, "choreographer", "Choreographer", "opera", "forest", "travel"),
    (13, "composer", "Composer", "opera", "lake", "opinion"),
    (14, "sculptor", "Sculptor", "studio", "forest", "religion"),
    (15, "painter", "Painter", "studio", "lake", "travel"),
    (16, "pharmacist", "Pharmacist", "hospital", "park", "opinion"),
    (17, "doctor", "Doctor", "hospital", "forest", "travel"),
    (18, "dramatist", "Dramatist", "theatre", "park", "religion"),
    (19, "poet", "Poet", "theatre", "lake", "travel"),
    (20, "astronomer", "Astronomer", "tower", "forest", "religion"),
    (21, "organist", "Organist", "chapel", "forest", "opinion"),
]
PROF = {
    key: {"num": num, "name": name, "building": b, "landscape": lm, "freedom": f}
    for num, key, name, b, lm, f in PROFESSIONS
}
PROF_KEYS = [p[1] for p in PROFESSIONS]
# Alternate spellings accepted by the parser (spec §9.1 alternates).
PROF_ALIASES = {
    "watchmaker": "clockmaker",
    "mapmaker": "cartographer",
    "lawyer": "jurist",
    "physician": "doctor",
    "playwright": "dramatist",
    "organbuilder": "organist",
}
DEAL = 4
KEEP = 3

# Marker of a recruiting card lying in a display (spec §6.1).
RECRUIT = "R"

# --- bonus cards -------------------------------------------------------------------
# spec §9.2 (T1, 14 confirmed in English by S1; B02, B04, B06, B08, B11, B17
# are T1 only). Each term is (count name, weight); the scorer knows the counts.
BONUS = {
    "B01": ("+1 per Builder and +1 per Lake", [("builders", 1), ("lakes", 1)]),
    "B02": ("+1 per medium Building and +1 per Forest", [("medium", 1), ("forests", 1)]),
    "B03": ("+1 per Prestige card held and +1 per Freedom", [("prestige", 1), ("freedoms", 1)]),
    "B04": ("+1 per Jester and +1 per Freedom", [("jesters", 1), ("freedoms", 1)]),
    "B05": ("+1 per small Building and +1 per Landscape", [("small", 1), ("landscapes", 1)]),
    "B06": ("+1 per Landscape", [("landscapes", 1)]),
    "B07": ("+1 per Building", [("buildings", 1)]),
    "B08": (
        "+1 per category owned (Forest, Lake, Park, Jester, Builder, Prestige card, Freedom)",
        [("categories", 1)],
    ),
    "B09": ("+1 per Profession/Recruiting card in hand (not the one played)", [("hand_cards", 1)]),
    "B10": ("+2 per Builder", [("builders", 2)]),
    "B11": ("+2 per Park", [("parks", 2)]),
    "B12": ("+2 per Forest", [("forests", 2)]),
    "B13": ("+2 per large Building", [("large", 2)]),
    "B14": ("+2 per Jester", [("jesters", 2)]),
    "B15": ("+2 per Lake", [("lakes", 2)]),
    "B16": ("+2 per Freedom", [("freedoms", 2)]),
    "B17": ("+2 per Prestige card held", [("prestige", 2)]),
    "B18": ("+2 per building size class present (max +6)", [("size_classes", 2)]),
    "B19": ("+2 per landscape type present (max +6)", [("landscape_types", 2)]),
    "B20": (
        "+1 per Profession/Recruiting card in your display, incl. the one played",
        [("display_cards", 1)],
    ),
}
BONUS_IDS = sorted(BONUS)

# --- prestige cards -------------------------------------------------------------------
# spec §9.3 (T1; English S2; P06 value S16). kind "most"/"fewest": (count, full, tied);
# kind "all": thresholds [(count, minimum), ...] and value.
PRESTIGE = {
    "P01": ("Most Lakes", "most", "lakes", 6, 3),
    "P02": ("Most Jesters", "most", "jesters", 6, 3),
    "P03": ("Most Buildings", "most", "buildings", 6, 3),
    "P04": ("Most Builders", "most", "builders", 6, 3),
    "P05": ("Fewest empty spaces", "fewest", "empty", 8, 4),
    "P06": ("Most Parks", "most", "parks", 5, 3),
    "P07": ("Most Works", "most", "works", 7, 4),
    "P08": ("Most Forests", "most", "forests", 7, 4),
    "P09": ("Most Landscapes", "most", "landscapes", 7, 4),
    # T1: "Por al menos 1 Arquitecto y 1 bufón y 2 Tipos de Paisajes recibes 7".
    "P10": (
        "1 Builder + 1 Jester + 2 landscape types",
        "all",
        [("builders", 1), ("jesters", 1), ("landscape_types", 2)],
        7,
        None,
    ),
    "P11": (
        "4 Buildings + 2 Freedoms + 4 Works",
        "all",
        [("buildings", 4), ("freedoms", 2), ("works", 4)],
        6,
        None,
    ),
    "P12": ("All three Freedoms", "all", [("freedoms", 3)], 8, None),
    "P13": ("2 large Buildings", "all", [("large", 2)], 5, None),
    "P14": ("All three landscape types", "all", [("landscape_types", 3)], 8, None),
}
PRESTIGE_IDS = sorted(PRESTIGE)
# spec §9.3: P10 reads "2 landscape types" (T1, our authority: the default) or
# "2 Landscapes" (the English card: any two tiles, e.g. two forests), the variant
# option `p10_one_type`.
P10_ANY_LANDSCAPES = [("builders", 1), ("jesters", 1), ("landscapes", 2)]

RECRUIT_COUNT = 5
