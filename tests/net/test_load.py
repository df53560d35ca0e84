"""A small run of the SSH load test (benchmarks/net_load.py runs the full one:
20 sessions, and writes docs/performance.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "net_load.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("net_load", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("net_load", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


async def test_concurrent_sessions_play_against_bots_with_bounded_latency():
    bench = load_bench()
    r = await bench.run(sessions=4, actions=3, seed=7)
    assert r["errors"] == []
    assert r["actions"] == 12 and r["refused"] == 0
    assert len(r["acts"]) == 12 and len(r["keys"]) > 12
    # Loose bounds: two busy cores also run the rest of the suite.
    assert bench.pct(r["acts"], 90) < 5000 and bench.pct(r["keys"], 90) < 5000
    assert 10 < r["rss_mib"] < 500
    report = bench.report(r)
    assert "keystroke → update" in report and "memory per session" in report
