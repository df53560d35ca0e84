"""The factory that makes a bot of a kind (``"bot:search@400it"``).

Kept apart from ``bots/base.py`` (the interface every bot class builds on, and
the levels a table offers): the bot classes import the interface and this
module imports the classes, so there is no circle.
"""

from __future__ import annotations

from florencia_tui.bots.base import Bot
from florencia_tui.bots.heuristic import HeuristicBot
from florencia_tui.bots.random_bot import RandomBot
from florencia_tui.bots.search import SearchBot


def make_bot(kind: str) -> Bot:
    makers = {"bot:random": RandomBot, "bot:heuristic": HeuristicBot, "bot:search": SearchBot}
    # "bot:search@0.5": 0.5 s per decision; "bot:search@400it": 400 iterations
    # per decision whatever the machine (reproducible, for tournaments).
    base, _, arg = kind.partition("@")
    if base not in makers or (arg and base != "bot:search"):
        raise KeyError(f"unknown bot kind '{kind}'")
    try:
        if arg.endswith("it"):
            return SearchBot(iterations=int(arg[:-2]))
        if arg:
            return SearchBot(seconds=float(arg))
    except ValueError:
        raise KeyError(f"unknown bot kind '{kind}' (search@SECONDS or search@Nit)") from None
    return makers[base]()
