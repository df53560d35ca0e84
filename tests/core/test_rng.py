from collections import Counter

from florencia_tui.core import rng


def test_same_seed_same_sequence():
    a = {"rng": rng.seed_state(42)}
    b = {"rng": rng.seed_state(42)}
    assert [rng.next_u64(a) for _ in range(20)] == [rng.next_u64(b) for _ in range(20)]


def test_different_seeds_differ():
    a = {"rng": rng.seed_state(1)}
    b = {"rng": rng.seed_state(2)}
    assert [rng.next_u64(a) for _ in range(5)] != [rng.next_u64(b) for _ in range(5)]


def test_state_is_plain_int_and_advances():
    s = {"rng": rng.seed_state(7)}
    before = s["rng"]
    rng.randbelow(s, 10)
    assert isinstance(s["rng"], int) and s["rng"] != before
    assert 0 <= s["rng"] < 2**64


def test_randbelow_in_range_and_roughly_uniform():
    s = {"rng": rng.seed_state(3)}
    counts = Counter(rng.randbelow(s, 6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())


def test_shuffle_is_a_permutation_and_reproducible():
    s1 = {"rng": rng.seed_state(9)}
    s2 = {"rng": rng.seed_state(9)}
    a, b = list(range(30)), list(range(30))
    rng.shuffle(s1, a)
    rng.shuffle(s2, b)
    assert a == b and sorted(a) == list(range(30)) and a != list(range(30))


def test_choice():
    s = {"rng": rng.seed_state(5)}
    assert rng.choice(s, ["x", "y", "z"]) in {"x", "y", "z"}
