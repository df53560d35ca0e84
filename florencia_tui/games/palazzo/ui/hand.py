"""Card selection for Palazzo payments and bids, with the running total.

Legality comes from the rules module's pure payment functions; Enter sends
``pay ...`` or ``bid ...`` and the engine has the last word.
"""

from __future__ import annotations

from rich.text import Text

from florencia_tui.games.palazzo.payment import best_value, check_bid, check_payment
from florencia_tui.games.palazzo.ui.render import card_style
from florencia_tui.tui.widgets.common.selector import ITEM_KEYS, ToggleSelector


class CardSelector(ToggleSelector):
    """A hand of cards; the selection is a payment (``pay``) or a bid increment (``bid``)."""

    def __init__(
        self,
        question: str,
        hand: list[str],
        mode: str,
        price: int = 0,
        bid_state: dict | None = None,
        high: int = 0,
    ) -> None:
        # One key per kind of card (at most 16: 3 currencies x values 3-7 and
        # C2), pressed again for each further copy: a hand of 30 cards never
        # runs out of keys (it showed "?" for the last ones).
        kinds = list(dict.fromkeys(hand))
        keys = [ITEM_KEYS[kinds.index(c)] if kinds.index(c) < len(ITEM_KEYS) else "" for c in hand]
        super().__init__(question, hand, keys=keys)
        self.mode = mode
        self.can_pass = mode == "bid"
        self.price = price
        self.bid_state = bid_state or {}
        self.high = high

    def item_text(self, item: str, on: bool) -> Text:
        return Text(
            ("✓" if on else " ") + item, style=card_style(item) + (" reverse" if on else "")
        )

    def assess(self, chosen: list[str]) -> tuple[str | None, Text]:
        t = Text()
        if self.mode == "bid":
            req = self.bid_state.get("currency")
            value = best_value(chosen, req) if chosen else 0
            so_far = int(self.bid_state.get("total", 0))
            t.append(f"Your bid so far {so_far}")
            if req:
                t.append(f" (committed to {req})")
            if value is None:
                t.append(" + a selection that is no legal raise (below: why)")
            else:
                t.append(f" + selection {value}")
                t.append(f" → {so_far + value}", style="bold")
            t.append(f"   high bid {self.high}")
            return check_bid(chosen, self.bid_state, self.high), t
        value = best_value(chosen) if chosen else 0
        if value is None:
            t.append("Selection: no legal payment (below: why)", style="bold")
        else:
            t.append(f"Selection worth {value}", style="bold")
        t.append(f"   price {self.price}")
        return check_payment(chosen, self.price), t

    def action(self, chosen: list[str]) -> str:
        verb = "bid" if self.mode == "bid" else "pay"
        return f"{verb} {'+'.join(chosen) if chosen else 'none'}"
