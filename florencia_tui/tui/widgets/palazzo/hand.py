"""Card selection for payments and bids: toggle cards with keys, see the total.

The selector never decides legality itself beyond what the rules module's pure
payment functions say; Enter sends the notation and the engine has the last word.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget

from florencia_tui.games.palazzo.payment import best_value, check_bid, check_payment
from florencia_tui.tui.adapter import SubmitAction
from florencia_tui.tui.widgets.palazzo.render import card_style

# Keys that toggle the n-th card; 'p' (pass), 'c' (clear) are left free.
CARD_KEYS = "1234567890abdefghijklmnoqrstuvwxyz"


class CardSelector(Widget, can_focus=True):
    """A hand of cards with a running total and the legality of the selection."""

    DEFAULT_CSS = """
    CardSelector { height: auto; padding: 0; }
    CardSelector:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("enter", "confirm", "Confirm"),
        Binding("c", "clear", "Clear"),
        Binding("p", "pass_", "Pass"),
    ]

    def __init__(self, question: str, hand: list[str], mode: str, price: int = 0,
                 bid_state: dict | None = None, high: int = 0) -> None:
        super().__init__()
        self.question = question
        self.hand = list(hand)
        self.mode = mode  # "pay" or "bid"
        self.price = price
        self.bid_state = bid_state or {}
        self.high = high
        self.selected: set[int] = set()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "pass_":
            return self.mode == "bid"
        return True

    def on_mount(self) -> None:
        self.focus()

    @property
    def cards(self) -> list[str]:
        return [self.hand[i] for i in sorted(self.selected)]

    def problem(self) -> str | None:
        if self.mode == "bid":
            return check_bid(self.cards, self.bid_state, self.high)
        return check_payment(self.cards, self.price)

    def render(self) -> Text:
        t = Text()
        t.append(self.question, style="bold")
        t.append("  (key toggles a card, c clears, Enter confirms"
                 + (", p passes)\n" if self.mode == "bid" else ")\n"), style="dim")
        for i, card in enumerate(self.hand):
            key = CARD_KEYS[i] if i < len(CARD_KEYS) else "?"
            on = i in self.selected
            t.append(f"{key}", style="bold cyan")
            t.append(("✓" if on else " ") + card, style=card_style(card) + (" reverse" if on else ""))
            t.append("  ")
        t.append("\n")
        cards = self.cards
        if self.mode == "bid":
            req = self.bid_state.get("currency")
            value = best_value(cards, req) if cards else 0
            so_far = int(self.bid_state.get("total", 0))
            t.append(f"Your bid so far {so_far}")
            if req:
                t.append(f" (committed to {req})")
            t.append(f" + selection {value if value is not None else '?'}")
            t.append(f" → {so_far + value if value is not None else '?'}", style="bold")
            t.append(f"   high bid {self.high}\n")
        else:
            value = best_value(cards) if cards else 0
            t.append(f"Selection worth {value if value is not None else '?'}", style="bold")
            t.append(f"   price {self.price}\n")
        problem = self.problem()
        if problem:
            t.append(f"✗ {problem}", style="red")
        else:
            t.append("✓ legal: press Enter", style="green")
        return t

    def on_key(self, event) -> None:
        ch = event.character
        if ch and ch in CARD_KEYS and not (self.mode == "bid" and ch == "p"):
            i = CARD_KEYS.index(ch)
            if i < len(self.hand):
                event.stop()
                self.selected ^= {i}
                self.refresh()

    def action_clear(self) -> None:
        self.selected.clear()
        self.refresh()

    def action_confirm(self) -> None:
        cards = "+".join(self.cards) if self.cards else "none"
        verb = "bid" if self.mode == "bid" else "pay"
        self.post_message(SubmitAction(f"{verb} {cards}"))

    def action_pass_(self) -> None:
        self.post_message(SubmitAction("pass"))
