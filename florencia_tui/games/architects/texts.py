"""Short card texts for screens and help (spec s.10.1 and s.10.2, in own words).

Pure data and helpers: a UI may import them to explain a card next to its
name; nothing here reads or changes a game state.
"""

from __future__ import annotations

from . import data as D

SKILL_NAMES = {"C": "Carpentry", "T": "Tiling", "M": "Masonry"}

# Ability key (data.APPRENTICES[id][3]) -> what it does; trade abilities are
# written from their parameters by ``apprentice_text``.
ABILITY_TEXT = {
    "acolyte": "when you advance on the Cathedral, also gain {gain}",
    "conspirator": "Town Centre: pay 1 silver less (never the tax) for your captures",
    "debtcollector": "also gain {gain} each time you pay off a debt",
    "gatekeeper": "at each Black Market reset release up to 2 of your Prison workers",
    "illusionist": "your Black Market actions cost no virtue",
    "jeweller": "+1 silver at the Silversmith",
    "labourer": "no ability; has all three skills",
    "miner": "+1 clay at the Mines (either option)",
    "pickpocket": "+1 gold when you take the Tax Stand silver",
    "squire": "at each reset with none of your workers in the Prison, gain {gain}",
    "stonecutter": "+1 stone at the Quarry",
    "swindler": "each Black Market action also gives {gain}",
    "thief": "lose 1 virtue instead of 2 at the Tax Stand",
    "trickster": "Black Market spaces cost 1 silver less",
    "woodcutter": "+1 wood at the Forest",
    "enforcer": "+1 gold each time you turn in captives",
    "overseer": "one extra action at the King's Storehouse",
    "peddler": "+2 silver at every Black Market reset",
}

# Building effect key (data.BUILDINGS[id][6]) -> what it does.
EFFECT_TEXT = {
    "smithy": "gain 4 stone",
    "steeple": "end: +2 VP if your Cathedral level is the highest",
    "most_stone": "end: +2 VP if you have the most stone",
    "tavern": "hire any face-up apprentice for free",
    "thievesden": "gain 4 silver",
    "hut_T": "end: +1 VP per apprentice with Tiling",
    "tradingpost": "end: +1 virtue per 4 clay+wood+stone",
    "treasury": "gain 1 gold or 3 silver",
    "university": "end: +2 VP with no unpaid debt",
    "watchtower": "every player with 3+ in the Prison loses 1 virtue",
    "well": "gain 4 clay",
    "most_wood": "end: +2 VP if you have the most wood",
    "aqueduct": "end: +1 VP per building you constructed",
    "armoury": "1 free capture",
    "barracks": "1 free capture or a free ransom",
    "bettinghouse": "take 1 debt",
    "hut_C": "end: +1 VP per apprentice with Carpentry",
    "castle": "end: +1 virtue per 2 gold",
    "chapel": "end: +2 virtue if your Cathedral level is the highest",
    "church": "you may destroy 1 unpaid debt",
    "most_clay": "end: +2 VP if you have the most clay",
    "claypit": "gain 1 gold or 1 marble",
    "draftingroom": "draw 2 building cards",
    "dungeon": "end: lose 2 virtue",
    "factory": "gain 2 marble",
    "fortress": "2 free captures",
    "fountain": "end: each unpaid debt costs 1 VP, not 2",
    "gamblersden": "end: each unpaid debt costs 3 VP, not 2",
    "hideout": "release all your Prison workers",
    "keep": "end: +1 VP per 3 captives on your board",
    "library": "you may discard 1 building card for 2 gold",
    "lighthouse": "end: +1 VP per 4 virtue",
    "lumbercamp": "gain 4 wood",
    "hut_M": "end: +1 VP per apprentice with Masonry",
    "moneylender": "end: +1 VP per paid debt",
    "monument": "every player gains 1 virtue",
    "observatory": "end: +1 virtue per 2 marble",
    "palace": "gain 1 gold per 4 virtue",
    "reservoir": "end: +1 virtue per 2 paid debts",
    "most_silver": "end: +2 VP if you have the most silver",
    "crane": "place another worker in the Guildhall at once",
    "graveyard": "discard 1 of your apprentices",
    "museum": "end: +1 virtue per 2 buildings",
}


def amounts(gains: dict, sep: str = ", ") -> str:
    """{'wood': 2, 'virtue': 1} -> '2 wood, 1 virtue' ('building' -> 'building card')."""
    out = []
    for r, k in gains.items():
        name = {"building": "building card"}.get(r, r)
        out.append(f"{k} {name}{'s' if r == 'building' and k != 1 else ''}")
    return sep.join(out) or "nothing"


def apprentice_text(aid: int) -> str:
    """'Merchant (Tiling): pay 1 silver -> 3 clay; virtue +0 on hire' style text."""
    name, skills, virtue, key, param = D.ALL_APPRENTICES[aid]
    if key == "trade":
        give, get = param
        ability = f"Storehouse action: pay {amounts(give)} -> {amounts(get)}"
    else:
        ability = ABILITY_TEXT[key].format(gain=amounts(param or {}))
    hire = f"; {virtue:+d} virtue on hire" if virtue else ""
    return f"{ability}{hire}"


def skills_text(skills: str) -> str:
    return "+".join(SKILL_NAMES[c] for c in skills) or "no skill"


def building_text(bid: int) -> str:
    """What a building does, with its virtue change on construction."""
    virtue, effect = D.ALL_BUILDINGS[bid][3], D.ALL_BUILDINGS[bid][6]
    out = EFFECT_TEXT.get(effect, "")
    if virtue:
        out += f"{'; ' if out else ''}{virtue:+d} virtue when built"
    return out


def cost_text(cost: dict) -> str:
    """A building or Cathedral cost: '2 clay, 4 wood' ('ws' = wood/stone mix)."""
    return ", ".join(f"{k} {'wood/stone' if r == 'ws' else r}" for r, k in cost.items())
