"""Every golden record (tests/golden/golden.json) plays out exactly as recorded:
same number of actions, same final state, same scores. See records.py."""

from __future__ import annotations

import json

import pytest

from .records import GOLDEN, cases, play

RECORDS = json.loads(GOLDEN.read_text())


def test_the_golden_file_covers_every_case():
    key = lambda c: (c["game"], c["players"], c["seed"], tuple(c["kinds"]))  # noqa: E731
    assert sorted(map(key, RECORDS)) == sorted(map(key, cases()))


@pytest.mark.parametrize(
    "record", RECORDS, ids=[f"{r['game']}-{r['players']}p-{r['seed']}" for r in RECORDS]
)
def test_a_golden_game_plays_out_as_recorded(record):
    assert play(record) == record
