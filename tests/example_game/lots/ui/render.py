"""Sealed lots drawn as Rich text, from a seat's view only."""

from __future__ import annotations

from rich.text import Text


def board(view: dict) -> Text:
    """The lot on sale, the rounds revealed so far and every player's coins."""
    t = Text()
    if view["lot"] is not None:
        t.append(f"Round {view['round']}/{view['rounds']} · lot ", style="bold")
        t.append(f" {view['lot']} ", style="bold reverse")
    else:
        t.append("Game over", style="bold")
    t.append(f"   deck {view['deck_count']} face down\n\n")
    for h in view["history"]:
        who = " and ".join(view["names"][p] for p in h["buyers"]) or "nobody"
        offers = " ".join(f"{view['names'][p]}:{o}" for p, o in enumerate(h["offers"]))
        t.append(f"R{h['round']} lot {h['lot']} → {who}", style="bold")
        t.append(f"  ({offers})\n", style="dim")
    if view["history"]:
        t.append("\n")
    for p in view["players"]:
        t.append(f"{p['name']:<9}", style="bold")
        t.append(f" {p['coins']} coins")
        if p["offer"] is not None:
            t.append(f" · offer {p['offer']}")
        else:
            t.append(" · offer ▮ face down" if p["offered"] else " · no offer yet")
        t.append("\n")
    return t


def own_text(view: dict) -> Text | None:
    seat = view.get("seat")
    if seat is None:
        return None
    me = view["players"][seat]
    t = Text()
    t.append("Your coins ", style="bold")
    t.append(str(me["coins"]))
    if me["offer"] is not None:
        t.append(f" · your offer {me['offer']} (face down)")
    return t
