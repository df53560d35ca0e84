"""Palazzo's widgets and prompt renderers for the shared game screen."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from florencia_tui.core.game import Prompt
from florencia_tui.core.notation import Action
from florencia_tui.games.palazzo.data import tile
from florencia_tui.games.palazzo.ui import render
from florencia_tui.games.palazzo.ui.board import PalazzoBoard
from florencia_tui.games.palazzo.ui.hand import CardSelector
from florencia_tui.tui.adapter import BoardWidget, GameUI
from florencia_tui.tui.widgets.common.text import fit

LEGEND = """## Symbols on this board

| Symbol | Meaning |
|---|---|
| `S13` | a building tile, as you type it: material **S** sandstone (**B** brick, **M** marble), floor **1**, **3** windows; a trailing `a`/`b` tells two copies apart |
| `Q0`…`Q3` | the four quarries; `♜` marks the one the master builder stands at |
| `SUPPLY at 5: …` | tiles for sale at 5 each, bought with any money cards |
| `♞` | a rider tile (the fifth rider ends the game) |
| `Riders ♞♞··· 2/5` | riders drawn so far |
| `Stack I · left I 10 II 18 III 20` | the current tile stack and the tiles left in each |
| `P1`…`P5`, `+3`/`-5` | your palaces, floor 5 at the top, each with its points |
| `Red 6 7  Green 6  Blue —  C2 ×1` | your money cards by currency, and your 2-certificates (`C2`, neutral) |
| `max pay 15` | the largest single payment your hand allows (F1 rules: how payments work) |
| `-5VP 4c` (side panel) | a player's points and number of money cards; `bid 7` their auction bid |
"""


#: Cells of a line in the side panel at 80 and 100 columns.
PANEL = 25


class UI(GameUI):
    game_id = "palazzo"

    def option_keys(self, prompt: Prompt, legal: list[str]) -> dict[str, str]:
        """Building a tile: "on palace N" is always key N, a new palace n and
        discarding d, whichever palaces the tile may go on at this step (unless
        two tiles wait, when a key would be ambiguous)."""
        if prompt.kind != "palazzo.build":
            return {}
        keys = {}
        for a in legal:  # build TILE on N | build TILE new | discard TILE
            act = Action.parse(a)
            if act.verb == "build" and act.arg(1) == "on":
                keys[a] = act.args[2]
            elif act.verb == "build" and act.args[1:] == ("new",):
                keys[a] = "n"
            elif act.verb == "discard":
                keys[a] = "d"
        # With two tiles to place at once a key would name two actions: those
        # take keys in order instead.
        taken = list(keys.values())
        return {a: k for a, k in keys.items() if taken.count(k) == 1}

    def board(self) -> BoardWidget:
        return PalazzoBoard()

    def players_text(self, view: dict, to_act: list[int]) -> Text:
        t = Text()
        auction = view.get("auction") or {}
        for i, p in enumerate(view["players"]):
            acting = i in to_act
            t.append("▶ " if acting else "  ", style="bold cyan")
            tail, style = "", ""
            if auction:
                if i in auction.get("passed", []):
                    tail, style = " pass", "dim"
                elif auction.get("bids", {}).get(str(i), {}).get("total"):
                    tail, style = f" bid {auction['bids'][str(i)]['total']}", "bold"
            points = f"{p['score']:>3}VP {p['hand_count']:>2}c"
            # At most PANEL cells (the side panel's width at 80 and 100 columns),
            # so a bid never wraps onto a line of its own: a long bid takes its
            # cells from the name (7 cells, fewer only then).
            room = PANEL - 2 - 1 - cell_len(points + tail)
            t.append(fit(p["name"], min(7, room)) + " ", style="bold" if acting else "")
            t.append(points)
            t.append(tail, style=style)
            t.append("\n")
        t.append("VP points · c money cards", style="dim")
        return t

    def score(self, view: dict, seat: int) -> str:
        return f"{view['players'][seat]['score']}VP"

    def own_text(self, view: dict) -> Text | None:
        return render.own_text(view)

    def legend(self, view: dict) -> str:
        return LEGEND

    def prompt_panel(self, prompt: Prompt, view: dict, legal: list[str]) -> Widget | None:
        seat = prompt.seat
        hand = view["players"][seat]["hand"] or []
        if prompt.kind == "palazzo.pay":
            price = prompt.data.get("price", (view.get("pending") or {}).get("price", 0))
            return CardSelector(prompt.text, hand, "pay", price=price)
        if prompt.kind == "palazzo.bid":
            a = view["auction"]
            return CardSelector(
                prompt.text, hand, "bid", bid_state=a["bids"].get(str(seat)), high=a["high_total"]
            )
        return None

    def unavailable(self, prompt: Prompt, view: dict, legal: list[str]) -> list[tuple[str, str]]:
        seat = prompt.seat
        me = view["players"][seat]
        out: list[tuple[str, str]] = []
        if prompt.kind == "palazzo.turn":
            if "money" not in legal:
                out.append(
                    ("Take money", f"deck and discard hold fewer than {view['n'] + 1} cards")
                )
            if "rebuild" not in legal:
                why = (
                    "you have no money card to pay with"
                    if not me["hand_count"]
                    else "none of your palaces can be detached, inserted or scrapped"
                )
                out.append(("Rebuild", why))
        elif prompt.kind == "palazzo.buy_or_auction":
            if not any(Action.parse(a).verb == "buy" for a in legal):
                why = (
                    "the supply is empty"
                    if not view["supply"]
                    else f"a tile costs {view['price']} and your largest payment is "
                    f"{me.get('max_payment')}"
                )
                out.append(("Buy from the supply", why))
        elif prompt.kind == "palazzo.build":
            pending = (view.get("pending") or {}).get("tiles", [])
            for tid in pending:
                floor = tile(tid)[1]
                for k, palace in enumerate(me["palaces"]):
                    top = tile(palace[-1])[1]
                    if top >= floor:
                        out.append(
                            (
                                f"{tid} on palace {k + 1}",
                                f"its top floor is {top}; floors must rise "
                                f"(insert below only by rebuilding)",
                            )
                        )
        return out
