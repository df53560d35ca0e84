import pytest

from florencia_tui.core.multiset import minus


def test_minus_removes_each_seen_item_once_keeping_pool_order():
    assert minus(["a", "b", "a", "c", "a"], ["a", "c", "a"]) == ["b", "a"]


def test_minus_strict_refuses_items_seen_more_often_than_the_pool_holds():
    with pytest.raises(ValueError, match="seen more often"):
        minus(["a"], ["a", "a"])
    assert minus(["a"], ["a", "a", "z"], strict=False) == []
