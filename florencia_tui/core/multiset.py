"""Multiset arithmetic on lists, for dealing what a seat has not seen."""

from __future__ import annotations

from collections import Counter


def minus(pool: list, seen: list, strict: bool = True) -> list:
    """``pool`` minus the multiset ``seen``, in ``pool``'s order.

    With ``strict`` an item seen more often than the pool holds is an error
    (the redacted state is inconsistent); otherwise such items are ignored."""
    left = Counter(seen)
    out = []
    for x in pool:
        if left[x] > 0:
            left[x] -= 1
        else:
            out.append(x)
    if strict and +left:
        raise ValueError(f"{sorted(+left)} seen more often than the box holds")
    return out
