"""Sealed lots' components: plain data, no logic."""

#: Coins each player starts with (their count is public).
START_COINS = 8
#: The most coins one offer may hold.
MAX_OFFER = 4
#: The lot deck, shuffled from the seed: each lot is worth its number in coins.
LOTS = (2, 3, 4, 5, 6, 7)
#: Rounds in a game (one lot each).
ROUNDS = 3
#: A hidden item in a redacted state (Game.redact).
HIDDEN = "?"
