"""Seeded randomness stored inside the game state.

Every game keeps its generator state as one integer under ``state["rng"]``, so a
state is plain JSON and a game is reproducible from (game, seed, players,
options, actions). The generator is SplitMix64: tiny state, good statistical
quality for shuffling, and identical on every platform.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The initial generator state for a user-facing seed."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: dict) -> int:
    """Advance ``state["rng"]`` and return 64 random bits."""
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(state: dict, n: int) -> int:
    """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = next_u64(state)
        if r < limit:
            return r % n


def shuffle(state: dict, seq: MutableSequence[Any]) -> None:
    """Fisher-Yates shuffle in place, drawing from the state's generator."""
    for i in range(len(seq) - 1, 0, -1):
        j = randbelow(state, i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def choice(state: dict, seq: Sequence[T]) -> T:
    return seq[randbelow(state, len(seq))]
