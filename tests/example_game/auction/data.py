"""The three-card auction's components: plain data, no logic."""

#: Every player's bid cards at the start (each is played exactly once).
HAND = (1, 2, 3)
#: The prize deck, shuffled from the seed; one prize is revealed per round.
PRIZES = (1, 1, 2, 2, 3, 3)
#: Rounds in a game (one prize each).
ROUNDS = 3
#: A hidden item in a redacted state (Game.redact).
HIDDEN = "?"
