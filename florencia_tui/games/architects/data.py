"""Architects of the West Kingdom: card, board and per-player-count data (no logic).

Every table cites the spec section it comes from
(/work/shared/rules/architects_of_the_west_kingdom.md) and its confidence marker.
Resource letters used in notation: c=clay w=wood s=stone g=gold m=marble.
"""

from __future__ import annotations

# ---- general constants (spec Appendix A; SOURCED / RULEBOOK) -------------------
RESOURCES = ["clay", "wood", "stone", "gold", "marble"]
LETTER = {"clay": "c", "wood": "w", "stone": "s", "gold": "g", "marble": "m", "silver": "$"}
FROM_LETTER = {v: k for k, v in LETTER.items()}
WORKERS = 20  # RULEBOOK s.2
HAND_LIMIT = 6  # RULEBOOK s.4
APPRENTICE_LIMIT = 5  # RULEBOOK s.5.3 (Rudolf: 6)
TAX_STAND_START = 4  # RULEBOOK s.3.1
START_VIRTUE = 7  # RULEBOOK s.3.1
START_SILVER = [3, 4, 5, 6, 7]  # RULEBOOK s.3.1, by turn order
VIRTUE_MAX = 14
BLACK_MARKET_MAX_VIRTUE = 9  # SOURCED s.7: barred at 10+
CATHEDRAL_MIN_VIRTUE = 5  # SOURCED s.7: barred at 4 or less
# Virtue end VP, index = virtue 0..14 (SOURCED s.7, board image + BGA)
VIRTUE_VP = [-9, -8, -7, -5, -3, -1, 0, 0, 0, 0, 1, 2, 3, 5, 7]


def tax_dodge_icons(virtue: int) -> int:
    """Avoid-tax icons at a virtue (SOURCED s.6.2)."""
    return 2 if virtue <= 1 else 1 if virtue <= 3 else 0


# ---- locations (RULEBOOK s.5) ------------------------------------------------
# The nine large-circle locations, in board order.
LARGE = [
    "quarry",
    "forest",
    "mines",
    "silversmith",
    "storehouse",
    "workshop",
    "towncentre",
    "taxstand",
    "guardhouse",
]
LOCATION_NAMES = {
    "quarry": "Quarry",
    "forest": "Forest",
    "mines": "Mines",
    "silversmith": "Silversmith",
    "storehouse": "King's Storehouse",
    "workshop": "Workshop",
    "towncentre": "Town Centre",
    "taxstand": "Tax Stand",
    "guardhouse": "Guardhouse",
    "market": "Black Market",
    "guildhall": "Guildhall",
    "prison": "Prison",
}
# Black Market spaces: silver cost (to supply, not tax) (RULEBOOK/SOURCED s.5.6)
MARKET_COST = [1, 2, 3]


# ---- per player count (RULEBOOK/SOURCED s.3.2) --------------------------------
def reward_count(players: int) -> int:
    return 2 * players + 1


def guildhall_layout(players: int) -> tuple[int, int, set[int]]:
    """(columns, total spaces, 1-based placement numbers that trigger a reset)."""
    cols = max(2, players) + 1
    return cols, 4 * cols, {2 * cols + 1, 3 * cols + 1}


def capture_location_limit(players: int) -> int:
    return 2 if players <= 3 else 1


# ---- cathedral (SOURCED s.9) ---------------------------------------------------
# level -> (cost, spaces, vp); "ws" = wood/stone in any mix.
CATHEDRAL = [
    (None, 0, 0),
    ({"gold": 1}, 3, 2),
    ({"ws": 4}, 3, 4),
    ({"marble": 1}, 2, 7),
    ({"ws": 8}, 2, 12),
    ({"gold": 2, "marble": 2}, 1, 20),
]

# ---- rewards (SOURCED s.10.3) ----------------------------------------------------
# id -> gains; "building" = draw that many building cards.
REWARDS = {
    1: {"virtue": 1, "silver": 3},
    2: {"virtue": 1, "silver": 3},
    3: {"virtue": 1, "wood": 2},
    4: {"virtue": 1, "wood": 2},
    5: {"virtue": 1, "stone": 2},
    6: {"virtue": 1, "stone": 2},
    7: {"virtue": 1, "building": 1},
    8: {"virtue": 1, "building": 1},
    9: {"virtue": 2},
    10: {"virtue": 2},
    11: {"virtue": 1, "gold": 1},
}

# ---- black market cards (SOURCED s.10.4; front/back pairing from BGA only) -------
BM_SMALL = {
    1: {"marble": 1},
    2: {"gold": 2},
    3: {"marble": 1, "stone": 1},
    4: {"gold": 1, "wood": 1},
    5: {"marble": 1, "wood": 1},
    6: {"marble": 1},
    7: {"gold": 2},
    8: {"marble": 1, "stone": 1},
    9: {"gold": 1, "wood": 1},
    10: {"marble": 1, "wood": 1},
}
BM_LARGE = {
    1: {"marble": 2, "wood": 2},
    2: {"marble": 1, "gold": 1, "stone": 1, "wood": 1},
    3: {"marble": 2, "stone": 2},
    4: {"gold": 1, "stone": 1, "wood": 2},
    5: {"marble": 1, "stone": 2, "wood": 1},
    6: {"marble": 2, "stone": 2},
    7: {"marble": 1, "stone": 2, "wood": 1},
    8: {"gold": 1, "stone": 1, "wood": 2},
    9: {"marble": 1, "gold": 1, "stone": 1, "wood": 1},
    10: {"marble": 2, "wood": 2},
}
BM_DEFAULT_SMALL = {"marble": 1, "gold": 1}
BM_DEFAULT_LARGE = {"marble": 2, "stone": 1, "wood": 1}

# ---- apprentices (SOURCED s.10.1) ------------------------------------------------
# id: (name, skills, virtue on hire, ability key, ability parameter)
APPRENTICES = {
    1: ("Acolyte", "C", 1, "acolyte", {"building": 1}),
    2: ("Acolyte", "T", 1, "acolyte", {"clay": 2}),
    3: ("Acolyte", "M", 1, "acolyte", {"silver": 2}),
    4: ("Conspirator", "C", 0, "conspirator", None),
    5: ("Conspirator", "C", 0, "conspirator", None),
    6: ("Debt Collector", "T", 0, "debtcollector", {"clay": 2}),
    7: ("Debt Collector", "M", 0, "debtcollector", {"stone": 2}),
    8: ("Debt Collector", "C", 0, "debtcollector", {"wood": 2}),
    9: ("Gatekeeper", "M", -1, "gatekeeper", None),
    10: ("Illusionist", "C", -1, "illusionist", None),
    11: ("Jeweller", "T", 0, "jeweller", None),
    12: ("Jeweller", "T", 0, "jeweller", None),
    13: ("Labourer", "CTM", 0, "labourer", None),
    14: ("Merchant", "T", 0, "trade", ({"silver": 1}, {"clay": 3})),
    15: ("Merchant", "M", 0, "trade", ({"silver": 2}, {"gold": 1})),
    16: ("Merchant", "T", 0, "trade", ({"silver": 3}, {"marble": 1})),
    17: ("Merchant", "M", 0, "trade", ({"silver": 1}, {"stone": 2})),
    18: ("Merchant", "C", 0, "trade", ({"silver": 1}, {"wood": 2})),
    19: ("Miner", "T", 0, "miner", None),
    20: ("Miner", "T", 0, "miner", None),
    21: ("Patron", "T", 0, "trade", ({"clay": 1}, {"virtue": 1})),
    22: ("Patron", "M", 0, "trade", ({"silver": 2}, {"virtue": 1})),
    23: ("Patron", "M", 0, "trade", ({"stone": 1}, {"virtue": 1})),
    24: ("Patron", "C", 0, "trade", ({"wood": 1}, {"virtue": 1})),
    25: ("Pickpocket", "T", -1, "pickpocket", None),
    26: ("Squire", "T", 1, "squire", {"gold": 1}),
    27: ("Squire", "M", 1, "squire", {"marble": 1}),
    28: ("Squire", "C", 1, "squire", {"virtue": 2}),
    29: ("Stonecutter", "M", 0, "stonecutter", None),
    30: ("Stonecutter", "M", 0, "stonecutter", None),
    31: ("Swindler", "T", -1, "swindler", {"clay": 2}),
    32: ("Swindler", "M", -1, "swindler", {"stone": 1}),
    33: ("Swindler", "C", -1, "swindler", {"wood": 1}),
    34: ("Thief", "C", 0, "thief", None),
    35: ("Trader", "T", 0, "trade", ({"clay": 3}, {"marble": 1})),
    36: ("Trader", "M", 0, "trade", ({"stone": 2}, {"marble": 1})),
    37: ("Trader", "C", 0, "trade", ({"wood": 2}, {"marble": 1})),
    38: ("Trickster", "M", -1, "trickster", None),
    39: ("Woodcutter", "C", 0, "woodcutter", None),
    40: ("Woodcutter", "C", 0, "woodcutter", None),
}

# Promo apprentices (SOURCED s.10.1 "Promo apprentices"; optional, off by default)
PROMO_APPRENTICES = {
    41: ("Enforcer", "T", 0, "enforcer", None),
    42: ("Overseer", "M", 0, "overseer", None),
    43: ("Peddler", "C", -1, "peddler", None),
}
ALL_APPRENTICES = {**APPRENTICES, **PROMO_APPRENTICES}
#: Each apprentice's skills (the letters a building's requirement names).
SKILLS = {aid: a[1] for aid, a in ALL_APPRENTICES.items()}

# ---- buildings (SOURCED s.10.2) ----------------------------------------------------
# id: (name, required skills, cost, virtue on build, printed VP, "I"/"E", effect key)
BUILDINGS = {
    1: ("Smithy", "", {"clay": 4, "wood": 2}, 0, 3, "I", "smithy"),
    2: ("Steeple", "", {"wood": 2, "gold": 2}, 1, 4, "E", "steeple"),
    3: ("Stone Market", "M", {"clay": 2, "stone": 4, "marble": 1}, 0, 7, "E", "most_stone"),
    4: ("Tavern", "C", {"wood": 3, "stone": 2, "gold": 1}, 0, 6, "I", "tavern"),
    5: ("Thieves' Den", "M", {"clay": 1, "wood": 2, "stone": 3}, -2, 8, "I", "thievesden"),
    6: ("Tiler's Hut", "", {"clay": 2, "wood": 1, "stone": 2}, 0, 5, "E", "hut_T"),
    7: ("Trading Post", "M", {"wood": 1, "stone": 3, "gold": 2}, 0, 7, "E", "tradingpost"),
    8: ("Treasury", "T", {"wood": 1, "stone": 3, "gold": 1}, 0, 6, "I", "treasury"),
    9: (
        "University",
        "CTM",
        {"clay": 4, "wood": 2, "stone": 3, "marble": 2},
        1,
        11,
        "E",
        "university",
    ),
    10: (
        "Watchtower",
        "CTM",
        {"clay": 3, "wood": 4, "gold": 1, "marble": 1},
        -1,
        11,
        "I",
        "watchtower",
    ),
    11: ("Well", "", {"wood": 2, "stone": 2}, 0, 3, "I", "well"),
    12: ("Wood Market", "C", {"clay": 2, "wood": 4, "gold": 1}, 0, 7, "E", "most_wood"),
    13: ("Aqueduct", "", {"clay": 2, "wood": 3, "gold": 1}, 0, 3, "E", "aqueduct"),
    14: ("Armoury", "CM", {"wood": 3, "stone": 5, "gold": 1}, 0, 9, "I", "armoury"),
    15: ("Barracks", "CTM", {"clay": 2, "wood": 6, "gold": 2}, 0, 10, "I", "barracks"),
    16: ("Betting House", "", {"clay": 1, "stone": 2, "gold": 1}, -1, 7, "I", "bettinghouse"),
    17: ("Carpenter's Hut", "", {"clay": 3, "wood": 1, "stone": 1}, 0, 5, "E", "hut_C"),
    18: ("Castle", "CTM", {"clay": 2, "wood": 4, "gold": 1, "marble": 2}, 0, 10, "E", "castle"),
    19: ("Chapel", "C", {"clay": 2, "wood": 1, "stone": 4}, 1, 6, "E", "chapel"),
    20: ("Church", "", {"clay": 3, "stone": 3}, 1, 5, "I", "church"),
    21: ("Clay Market", "T", {"clay": 3, "stone": 2, "gold": 1}, 0, 6, "E", "most_clay"),
    22: ("Clay Pit", "", {"clay": 4, "wood": 1}, 0, 3, "I", "claypit"),
    23: ("Drafting Room", "CT", {"stone": 4, "gold": 3}, 0, 8, "I", "draftingroom"),
    24: ("Dungeon", "CTM", {"stone": 4, "gold": 2, "marble": 2}, -1, 14, "E", "dungeon"),
    25: ("Factory", "M", {"wood": 2, "stone": 2, "gold": 3}, 0, 7, "I", "factory"),
    26: (
        "Fortress",
        "CTM",
        {"clay": 3, "stone": 4, "gold": 1, "marble": 2},
        -2,
        12,
        "I",
        "fortress",
    ),
    27: ("Fountain", "", {"stone": 3, "marble": 1}, 1, 4, "E", "fountain"),
    28: ("Gambler's Den", "CT", {"stone": 1, "gold": 1, "marble": 3}, -2, 10, "E", "gamblersden"),
    29: ("Hideout", "CM", {"clay": 1, "wood": 3, "stone": 2}, -2, 8, "I", "hideout"),
    30: ("Keep", "CTM", {"wood": 5, "stone": 2, "gold": 2}, -2, 12, "E", "keep"),
    31: ("Library", "CT", {"wood": 4, "stone": 2, "marble": 1}, 0, 8, "I", "library"),
    32: ("Lighthouse", "T", {"wood": 3, "stone": 1, "marble": 2}, 0, 6, "E", "lighthouse"),
    33: ("Lumber Camp", "", {"clay": 4, "stone": 2}, 0, 3, "I", "lumbercamp"),
    34: ("Mason's Hut", "", {"wood": 2, "stone": 4}, 0, 5, "E", "hut_M"),
    35: ("Moneylender", "M", {"clay": 4, "wood": 2, "gold": 1}, -1, 5, "E", "moneylender"),
    36: ("Monument", "TM", {"wood": 2, "stone": 3, "marble": 2}, 1, 9, "I", "monument"),
    37: (
        "Observatory",
        "C",
        {"clay": 1, "wood": 3, "stone": 1, "gold": 1},
        0,
        7,
        "E",
        "observatory",
    ),
    38: ("Palace", "TM", {"wood": 3, "stone": 3, "marble": 2}, 0, 9, "I", "palace"),
    39: ("Reservoir", "", {"clay": 6, "wood": 1}, 0, 4, "E", "reservoir"),
    40: ("Silver Market", "T", {"wood": 2, "gold": 1, "marble": 1}, 0, 6, "E", "most_silver"),
}
# Promo buildings (SOURCED s.10.2 "Promo buildings"; optional, off by default)
PROMO_BUILDINGS = {
    41: ("Crane", "", {"wood": 3, "stone": 1}, 0, 3, "I", "crane"),
    42: (
        "Graveyard",
        "CTM",
        {"clay": 4, "wood": 1, "stone": 2, "marble": 2},
        -1,
        12,
        "I",
        "graveyard",
    ),
    43: ("Museum", "", {"clay": 1, "wood": 5, "stone": 1}, 0, 4, "E", "museum"),
}
ALL_BUILDINGS = {**BUILDINGS, **PROMO_BUILDINGS}
# End-game effects that change virtue or debts (RULEBOOK s.11.2 step 1).
E_VIRTUE_EFFECTS = {
    "tradingpost",
    "castle",
    "observatory",
    "chapel",
    "reservoir",
    "dungeon",
    "museum",
}

# ---- side-2 player boards (SOURCED s.12.1; promo boards from the Kickstarter set) ----
# name: prison workers, silver, virtue, extra building cards, other resources, debts
BOARDS = {
    "Therese": {
        "colour": "Blue",
        "prison": 4,
        "silver": 5,
        "virtue": 5,
        "cards": 1,
        "res": {},
        "debts": 0,
    },
    "Caroline": {
        "colour": "Green",
        "prison": 8,
        "silver": 10,
        "virtue": 3,
        "cards": 0,
        "res": {"marble": 1},
        "debts": 1,
    },
    "Ada": {
        "colour": "Purple",
        "prison": 0,
        "silver": 0,
        "virtue": 11,
        "cards": 1,
        "res": {"gold": 1},
        "debts": 0,
    },
    "Frederick": {
        "colour": "Red",
        "prison": 0,
        "silver": 4,
        "virtue": 7,
        "cards": 0,
        "res": {"stone": 1},
        "debts": 0,
    },
    "Rudolf": {
        "colour": "Yellow",
        "prison": 0,
        "silver": 3,
        "virtue": 9,
        "cards": 0,
        "res": {"wood": 1},
        "debts": 0,
    },
    # Kickstarter promo boards (optional)
    "Lothaire": {
        "colour": "Blue",
        "prison": 6,
        "silver": 6,
        "virtue": 4,
        "cards": 0,
        "res": {"clay": 2},
        "debts": 0,
    },
    "Hugo": {
        "colour": "Green",
        "prison": 10,
        "silver": 12,
        "virtue": 2,
        "cards": 2,
        "res": {},
        "debts": 0,
    },
    "Clovis": {
        "colour": "Purple",
        "prison": 0,
        "silver": 1,
        "virtue": 10,
        "cards": 0,
        "res": {"marble": 1, "clay": 1},
        "debts": 0,
    },
    "Fara": {
        "colour": "Red",
        "prison": 2,
        "silver": 5,
        "virtue": 6,
        "cards": 0,
        "res": {"stone": 1, "wood": 1},
        "debts": 0,
    },
    "Bertha": {
        "colour": "Yellow",
        "prison": 0,
        "silver": 3,
        "virtue": 8,
        "cards": 1,
        "res": {},
        "debts": 0,
    },
}
BASE_BOARDS = ["Therese", "Caroline", "Ada", "Frederick", "Rudolf"]
PROMO_BOARDS = ["Lothaire", "Hugo", "Clovis", "Fara", "Bertha"]
BOARD_POWERS = {
    "Therese": "Gold and marble count as the same resource when paying and scoring.",
    "Caroline": "Draws 1 building card with each Black Market action.",
    "Ada": "Ignores 1 more tax on every payment.",
    "Frederick": "Does not discard a building card to advance on the Cathedral.",
    "Rudolf": "Workshop hires cost 1 less non-tax silver; may hold 6 apprentices.",
    "Lothaire": "Pays 1 wood or 1 stone less for each building or Cathedral level.",
    "Hugo": "May pay 2 silver instead of taking each debt.",
    "Clovis": "Draws 1 building card whenever he constructs a building.",
    "Fara": "Releases 1 of her workers from the Prison at each Black Market reset.",
    "Bertha": "Gains 2 extra silver each time she turns in captives.",
}
# First player in Variable Setup: highest starting virtue, ties random
# (RECONSTRUCTED s.12.1, BGA's choice) -- implemented in rules.setup.

# ---- configurable DECISION items (spec s.4, s.10.1) ---------------------------------
DEFAULT_OPTIONS = {
    "side": 1,  # 1 standard, 2 variable player boards
    "promo_boards": False,  # side 2: also deal the 5 Kickstarter boards
    "conspirator_mode": "per_action",  # DECISION s.10.1: "per_action" | "per_capture"
    # s.4 B: False = as printed ("no puede ser retirado del Ayuntamiento, Mercado
    # Negro, Prisión o el Tablero de jugador de un oponente": such a player passes);
    # True = the variant that takes one back from the Prison/Black Market/a captor.
    "no_worker_fallback": False,
    "promo_cards": False,  # s.10.1/10.2: add promo apprentices and buildings 41-43
    "free_apprentice": False,  # s.12.2 (BGA / Age of Artisans): free starting hire
    "guildhall_refresh": False,  # s.12.2 (BGA): column-1 apprentices leave at k=3,c+3,2c+3
}
