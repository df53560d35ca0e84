"""Subset choosers for Strasbourg: the next stack, the task cards to keep, goods to sell.

Each is a :class:`ToggleSelector`: item keys toggle, ``c`` clears, Enter sends
the notation; the engine still has the last word.
"""

from __future__ import annotations

from rich.text import Text

from florencia_tui.games.strasbourg.ui.render import cards_sum, guild_code
from florencia_tui.tui.widgets.common.selector import ITEM_KEYS, ToggleSelector
from florencia_tui.tui.widgets.common.text import plural


def planning_keys(hand: list[int], stacks: list[list[int]]) -> list[str]:
    """The keys of ``hand`` (highest first) as they were when this planning's
    stacking began: the hand then was these cards and the stacks' (keyed highest
    first), so a card keeps its key from one stack to the next (issue 29: they
    were renumbered after each stack, and "2 3" for the two 3s formed "3+2")."""
    first = sorted([*hand, *(v for st in stacks for v in st)], reverse=True)
    keys = {i: ITEM_KEYS[i] if i < len(ITEM_KEYS) else "" for i in range(len(first))}
    for value in (v for st in stacks for v in st):  # stacked: the first of its equals
        del keys[next(i for i in keys if first[i] == value)]
    return list(keys.values())


class StackBuilder(ToggleSelector):
    """Choose hand cards for the next face-down stack; Enter sends ``stack 5+3+2``."""

    def __init__(
        self, question: str, hand: list[int], stacks: list[list[int]], deck: int | None = None
    ) -> None:
        hand = sorted(hand, reverse=True)
        super().__init__(question, [str(v) for v in hand], keys=planning_keys(hand, stacks))
        self.stacks = [list(s) for s in stacks]
        self.deck = deck

    def item_text(self, item: str, on: bool) -> Text:
        t = Text("[", style="dim")
        t.append(item, style="bold reverse green" if on else "bold")
        t.append("]", style="dim")
        t.append("✓" if on else " ", style="bold green")
        return t

    def render(self) -> Text:
        chosen = [int(v) for v in self.chosen]
        n = len(self.stacks) + 1
        t = Text(f"Stack #{n}: press the keys of its cards, Enter forms it", style="bold")
        t.append(" (c clears)\n", style="dim")
        t.append("Hand ")
        for i, item in enumerate(self.items):
            t.append(self.key_of(i), style="bold cyan")
            t.append_text(self.item_text(item, i in self.selected))
            t.append(" ")
        t.append("→ ")
        if chosen:
            t.append(f"#{n} = {cards_sum(chosen)}", style="bold green")
        else:
            t.append(f"#{n} empty", style="dim")
        left = len(self.items) - len(chosen)
        t.append(f" · {left} left\n")
        t.append("Formed ")
        if self.stacks:
            t.append("  ".join(f"#{i + 1} {cards_sum(st)}" for i, st in enumerate(self.stacks)))
        else:
            t.append("none yet", style="dim")
        problem, _ = self.assess(self.chosen)
        t.append("  ")
        if problem:
            t.append(f"✗ {problem}", style="red")
        else:
            t.append("✓ Enter forms it", style="green")
        return t

    def assess(self, chosen: list[str]) -> tuple[str | None, Text]:
        if not chosen:
            return "choose at least one card", Text()
        return None, Text(cards_sum([int(v) for v in chosen]))

    def action(self, chosen: list[str]) -> str:
        return "stack " + "+".join(chosen)


class ListSelector(ToggleSelector):
    """A ToggleSelector with one item per line (for items with long texts)."""

    def render(self) -> Text:
        t = Text()
        t.append(self.question, style="bold")
        t.append("\n")
        for i, item in enumerate(self.items):
            t.append(self.key_of(i), style="bold cyan")
            t.append_text(self.item_text(item, i in self.selected))
            t.append("\n")
        problem, line = self.assess(self.chosen)
        t.append_text(line)
        t.append(" (c clears) ", style="dim")
        if problem:
            t.append(f"✗ {problem}", style="red")
        else:
            t.append("✓ legal: press Enter", style="green")
        return t


class TaskSelector(ListSelector):
    """Keep 1-5 dealt task cards; Enter sends ``keep T03 T17``."""

    def __init__(self, question: str, dealt: list[str], texts: list[str]) -> None:
        super().__init__(question, dealt)
        self.texts = dict(zip(dealt, texts))

    def item_text(self, item: str, on: bool) -> Text:
        t = Text(" ✓ " if on else "   ", style="bold green")
        t.append(self.texts.get(item, item), style="reverse" if on else "")
        return t

    def assess(self, chosen: list[str]) -> tuple[str | None, Text]:
        t = Text(f"Keeping {len(chosen)}: value if met, -3 if not.")
        if not chosen:
            return "keep at least one task card", t
        return None, t

    def action(self, chosen: list[str]) -> str:
        return "keep " + " ".join(chosen)


class GoodsSelector(ToggleSelector):
    """Sell any goods tiles for coins; Enter sends ``sell SM VI`` (or ``sell none``)."""

    def __init__(
        self,
        question: str,
        goods: dict[str, int],
        values: dict[str, int],
        names: dict[str, str],
        coins: int | None = None,
    ) -> None:
        items = [g for g in values for _ in range(goods.get(g, 0))]
        super().__init__(question, items)
        self.values = values
        self.names = names
        self.coins = coins

    def item_text(self, item: str, on: bool) -> Text:
        t = Text("✓" if on else " ", style="bold green")
        code = guild_code(item)
        if on:
            code.stylize("reverse")
        t.append_text(code)
        t.append(
            f" {self.names.get(item, item)} {self.values[item]}", style="reverse" if on else ""
        )
        return t

    def assess(self, chosen: list[str]) -> tuple[str | None, Text]:
        gain = sum(self.values[g] for g in chosen)
        t = Text(f"Sale +{plural(gain, 'coin')}", style="bold")
        if self.coins is not None:
            t.append(f" ({self.coins} → {self.coins + gain})")
        if not chosen:
            t.append(" · Enter sells nothing", style="dim")
        return None, t

    def action(self, chosen: list[str]) -> str:
        return "sell " + (" ".join(chosen) if chosen else "none")
