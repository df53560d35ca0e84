"""The three-card auction drawn as Rich text, from a seat's view only."""

from __future__ import annotations

from rich.text import Text


def cards(values: list) -> str:
    return " ".join(str(v) for v in values) or "—"


def board(view: dict) -> Text:
    """The prize bid for now, the rounds revealed so far and each player's table."""
    t = Text()
    if view["prize"] is not None:
        t.append(f"Round {view['round']}/{view['rounds']} · prize ", style="bold")
        t.append(f" {view['prize']} ", style="bold reverse")
    else:
        t.append("Game over", style="bold")
    t.append(f"   deck {view['deck_count']} face down\n\n")
    for h in view["history"]:
        won = view["names"][h["winner"]] if h["winner"] is not None else "tie, nobody"
        bids = " ".join(f"{view['names'][p]}:{b}" for p, b in enumerate(h["bids"]))
        t.append(f"R{h['round']} prize {h['prize']} → {won}", style="bold")
        t.append(f"  ({bids})\n", style="dim")
    if view["history"]:
        t.append("\n")
    for p in view["players"]:
        t.append(f"{p['name']:<9}", style="bold")
        if p["hand"] is not None:
            t.append(f" hand {cards(p['hand'])}")
            t.append(f" · bid {p['bid']}" if p["bid"] is not None else " · no bid yet")
        else:
            t.append(f" left {cards(p['unplayed'])}")
            t.append(" · bid ▮ face down" if p["bid_placed"] else " · no bid yet")
        t.append(f" · won {cards(p['won'])}\n")
    return t


def own_text(view: dict) -> Text | None:
    seat = view.get("seat")
    if seat is None:
        return None
    me = view["players"][seat]
    t = Text()
    t.append("Your hand ", style="bold")
    t.append(cards(me["hand"]))
    if me["bid"] is not None:
        t.append(f" · your bid {me['bid']} (face down)")
    t.append(f" · {me['score']} points")
    return t
