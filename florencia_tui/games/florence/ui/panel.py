"""The prompt panel for every Princes of Florence decision, driven by keys.

One focused widget shows a stack of *modes*: a menu of choices, the
placement cursor, the work builder with its bonus cards, an amount chooser
(converting a payout into prestige, selling prestige), the order of cards
going under a deck, the auction keys. Esc goes back one mode (at the bottom
it leaves to the home screen as everywhere); ``[`` / ``]`` show another
player's principality on the board.

Everything comes from the seat's view, the prompt and the legal list; an
action is only ever submitted if it is in that list, otherwise the panel says
which rule stands in the way.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from florencia_tui.core.game import Prompt
from florencia_tui.core.notation import Action
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import geometry as G
from florencia_tui.games.florence import notation as NOT
from florencia_tui.games.florence.ui import render
from florencia_tui.tui.messages import SubmitAction
from florencia_tui.tui.widgets.common.keys import ACTION_KEYS
from florencia_tui.tui.widgets.common.text import plural

KEYS = ACTION_KEYS  # 1-9, 0, then letters (never h, l, u, o: the screen's keys)


def money_note(me: dict) -> str:
    return f"you have {me['money']}ƒ" if me.get("money") is not None else ""


# ============================================================================ modes
class Mode:
    """One screen of the panel. ``key`` returns True when it used the key."""

    panel: FlorencePanel
    back_label = "Esc back"

    def render(self) -> RenderableType:
        raise NotImplementedError

    def key(self, key: str, char: str | None) -> bool:
        return False

    def on_enter(self) -> None:
        """Called whenever the mode becomes the top one."""

    def on_leave(self) -> None:
        """Called when the mode is popped or covered."""


class Item:
    def __init__(
        self,
        label,
        run: Callable[[], None] | None = None,
        reason: str = "",
        key: str | None = None,
        short: str = "",
    ) -> None:
        self.label = label if isinstance(label, Text) else Text(label)
        self.run = run
        self.reason = reason
        self.key = key
        self.short = short or self.label.plain

    @property
    def enabled(self) -> bool:
        return self.run is not None and not self.reason


class MenuMode(Mode):
    """Choices with quick keys 1-9, 0, a-z (or an item's own key), arrows + Enter.

    Unavailable choices stay in the list, greyed, with the rule that blocks them.
    """

    def __init__(
        self,
        title: str | Text,
        items: list[Item],
        columns: int = 1,
        help_: str = "",
        extra_keys: dict[str, Callable[[], None]] | None = None,
    ):
        self.title = title if isinstance(title, Text) else Text(title, style="bold")
        self.items = items
        # More than 8 rows would run past the decision box at 80x24: two columns.
        self.columns = 2 if columns == 1 and len(items) > 8 else columns
        self.help = help_
        self.extra = extra_keys or {}
        n = 0
        for it in items:
            if it.key is None:
                it.key = KEYS[n] if n < len(KEYS) else None
                n += 1
        self.hi = next((i for i, it in enumerate(items) if it.enabled), 0)

    def _item_text(self, i: int, it: Item, why: bool = True) -> Text:
        t = Text()
        if it.enabled:
            t.append("▸" if i == self.hi else " ", style="bold cyan")
            t.append(f"{it.key} " if it.key else "  ", style="bold cyan")
            lab = it.label.copy()
            if i == self.hi:
                lab.stylize("bold")
            t.append_text(lab)
        else:
            t.append(" ✗ ", style="red")
            lab = it.label.copy()
            lab.stylize("dim")
            t.append_text(lab)
            if why:
                t.append(f": {it.reason}", style="dim")
        return t

    def render(self) -> RenderableType:
        parts: list = [self.title]
        wide = self.columns > 1
        texts = [self._item_text(i, it, why=not wide) for i, it in enumerate(self.items)]
        if wide:
            rows = (len(texts) + self.columns - 1) // self.columns
            cols = [Text("\n").join(texts[c * rows : (c + 1) * rows]) for c in range(self.columns)]
            parts.append(render.side_by_side(cols, gap=2))
            why: dict[str, list[str]] = {}
            for it in self.items:
                if not it.enabled:
                    why.setdefault(it.reason, []).append(it.short)
            if why:
                parts.append(
                    Text(
                        "✗ "
                        + " · ".join(
                            f"{', '.join(names)}: {reason}" for reason, names in why.items()
                        ),
                        style="dim",
                    )
                )
        else:
            parts.extend(texts)
        if self.help:
            parts.append(Text(self.help, style="dim"))
        return Group(*parts)

    def _move(self, step: int) -> None:
        n = len(self.items)
        i = self.hi
        for _ in range(n):
            i = (i + step) % n
            if self.items[i].enabled:
                self.hi = i
                return

    def key(self, key: str, char: str | None) -> bool:
        if key in ("up", "down"):
            self._move(-1 if key == "up" else 1)
            return True
        if key == "enter":
            if self.items and self.items[self.hi].enabled:
                self.items[self.hi].run()
            return True
        if char and char in self.extra:
            self.extra[char]()
            return True
        for it in self.items:
            if char and it.key == char:
                if it.enabled:
                    it.run()
                else:
                    self.panel.say(f"{it.label.plain}: {it.reason}")
                return True
        return False


class AmountMode(Mode):
    """Choose a number with ←/→ or -/+ (Home/End for the limits), Enter confirms."""

    def __init__(
        self,
        lo: int,
        hi: int,
        value: int,
        action: Callable[[int], str],
        draw: Callable[[int], RenderableType],
    ) -> None:
        self.lo, self.hi, self.value = lo, hi, value
        self.action = action
        self.draw = draw

    def render(self) -> RenderableType:
        return self.draw(self.value)

    def key(self, key: str, char: str | None) -> bool:
        if key in ("left", "down") or char == "-":
            self.value = max(self.lo, self.value - 1)
        elif key in ("right", "up") or char in ("+", "="):
            self.value = min(self.hi, self.value + 1)
        elif key == "home":
            self.value = self.lo
        elif key == "end":
            self.value = self.hi
        elif char and char.isdigit():
            v = int(char)
            if self.lo <= v <= self.hi:
                self.value = v
        elif key == "enter":
            self.panel.submit(self.action(self.value))
        else:
            return False
        return True


class PlaceMode(Mode):
    """Move a piece over your principality; the board shows where it would go."""

    def __init__(self, kind: str, what: str) -> None:
        self.kind = kind
        self.what = what
        self.rot, self.flip = 0, False
        self.row, self.col = 0, 0
        self._started = False

    # ----- geometry -----
    def orient(self) -> tuple[str, tuple]:
        cells = G.transform(self.kind, self.rot, self.flip)
        for name, c in G.ORIENTS[self.kind].items():
            if c == cells:
                return name, cells
        raise AssertionError("every transform has a canonical name")

    def cells(self) -> list[tuple[int, int]]:
        return [(self.row + r, self.col + c) for r, c in self.orient()[1]]

    def clamp(self) -> None:
        shape = self.orient()[1]
        h = max(r for r, _ in shape) + 1
        w = max(c for _, c in shape) + 1
        self.row = min(max(self.row, 0), G.N - h)
        self.col = min(max(self.col, 0), G.N - w)

    def action(self) -> str:
        return NOT.fmt_place(self.kind, self.row, self.col, self.orient()[0])

    def spots(self) -> list[tuple[int, int, str]]:
        out = []
        prefix = f"place {self.kind} "
        for a in self.panel.legal:
            if a.startswith(prefix):
                out.append(NOT.placement(Action.parse(a))[1:])
        return out

    def go(self, spot: tuple[int, int, str]) -> None:
        self.row, self.col = spot[0], spot[1]
        self.rot, self.flip = int(spot[2][1]), spot[2].endswith("f")

    def problem(self) -> str | None:
        if self.action() in self.panel.legal_set:
            return None
        me = self.panel.me
        why = G.placement_problem(
            G.grid_from_rows(me["grid"]),
            self.kind,
            self.cells(),
            me["builders"],
            me.get("buildings", []),
        )
        return why[1] if why else "this placement is not allowed now"

    # ----- mode protocol -----
    def on_enter(self) -> None:
        if not self._started:
            self._started = True
            spots = self.spots()
            upright = [s for s in spots if s[2] == "r0"]
            if upright or spots:
                self.go((upright or spots)[0])
        self.show()

    def on_leave(self) -> None:
        board = self.panel.board()
        if board is not None:
            board.set_ghost(self.panel.seat, None)

    def show(self) -> None:
        board = self.panel.board()
        if board is not None:
            board.set_ghost(
                self.panel.seat, render.Ghost(self.kind, self.cells(), self.problem() is None)
            )

    def key(self, key: str, char: str | None) -> bool:
        moves = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
        if key in moves:
            dr, dc = moves[key]
            self.row += dr
            self.col += dc
        elif char == "r":
            self.rot = (self.rot + 1) % 4
        elif char == "R":
            self.rot = (self.rot + 3) % 4
        elif char == "f":
            self.flip = not self.flip
        elif char == "n":
            spots = self.spots()
            if spots:
                here = (self.row, self.col, self.orient()[0])
                i = spots.index(here) + 1 if here in spots else 0
                self.go(spots[i % len(spots)])
        elif key == "enter":
            why = self.problem()
            if why is None:
                self.panel.submit(self.action())
            else:
                self.panel.say(f"Not here: {why}")
            return True
        else:
            return False
        self.clamp()
        self.show()
        return True

    def render(self) -> RenderableType:
        name, _ = self.orient()
        t = Text()
        t.append(self.what, style="bold")
        t.append(f"  at row {self.row}, col {self.col}, {name}", style="")
        t.append("\n←↑↓→ move · r/R rotate · f flip · n next legal spot · Enter place", style="dim")
        if self.panel.depth > 1:
            t.append(" · Esc back", style="dim")
        t.append("\n")
        why = self.problem()
        if why is None:
            t.append("+ legal spot: Enter places it here", style="bold green")
        else:
            t.append(f"✗ {why}", style="bold red")
        return t


class WorkMode(Mode):
    """Tick bonus cards and watch the work value add up before completing."""

    def __init__(self, prof: str) -> None:
        self.prof = prof
        self.chosen: set[str] = set()

    @property
    def cards(self) -> list[str]:
        return sorted(self.panel.me.get("bonus", []))

    def lines(self) -> list[tuple[str, int]]:
        data = self.panel.prompt.data
        base = [tuple(x) for x in data["work_preview"][self.prof]]
        bv = data.get("bonus_values", {})
        return base + [(render.bonus_label(c), bv.get(c, 0)) for c in sorted(self.chosen)]

    def action(self) -> str:
        return NOT.fmt_complete(self.prof, sorted(self.chosen))

    def render(self) -> RenderableType:
        need = self.panel.prompt.data["min_wv"]
        lines = self.lines()
        wv = sum(x for _, x in lines)
        ok = self.action() in self.panel.legal_set
        head = Text()
        head.append(f"Work by the {D.PROF[self.prof]['name']}: ", style="bold")
        head.append(f"WV {wv}", style="bold green" if ok else "bold red")
        head.append(f" {'≥' if wv >= need else '<'} {need} (round minimum)")
        head.append(" · Enter completes it" if ok else " · not enough yet", style="dim")
        left = Text()
        for i, (label, pts) in enumerate(lines):
            if i:
                left.append("\n")
            left.append(f"{pts:>+3d} ", style="bold" if pts else "dim")
            left.append(label if len(label) <= 38 else label[:37] + "…", style="" if pts else "dim")
        right = Text()
        bv = self.panel.prompt.data.get("bonus_values", {})
        if self.cards:
            right.append("Bonus cards (key ticks):", style="bold")
            for i, c in enumerate(self.cards):
                on = c in self.chosen
                right.append(f"\n{KEYS[i]} ", style="bold cyan")
                right.append(
                    f"[{'✓' if on else ' '}] {c} +{bv.get(c, 0)}", style="reverse" if on else ""
                )
        else:
            right.append("No bonus cards in hand.", style="dim")
        grid = render.side_by_side([left, right], gap=3)
        # As tall as with every card ticked, so ticking never changes the
        # panel's height (which would lay the whole screen out again).
        rows = len(grid.split("\n", allow_blank=True))
        tallest = max(len(lines) - len(self.chosen) + len(self.cards), rows)
        return Group(
            head,
            grid,
            *[Text("")] * (tallest - rows),
            Text("keys tick bonus cards · Enter complete · Esc back", style="dim"),
        )

    def key(self, key: str, char: str | None) -> bool:
        if char and char in KEYS:
            i = KEYS.index(char)
            if i < len(self.cards):
                self.chosen ^= {self.cards[i]}
            return True
        if key == "enter":
            if self.action() in self.panel.legal_set:
                self.panel.submit(self.action())
            else:
                wv = sum(x for _, x in self.lines())
                self.panel.say(
                    f"Not enough: this work is worth {wv}; round "
                    f"{self.panel.view['round']} needs "
                    f"{self.panel.prompt.data['min_wv']}."
                )
            return True
        return False


class OrderMode(Mode):
    """Arrange the cards going under the deck: ↑↓ pick, shift+↑↓ or -/+ move
    (``u`` stays Undo, as on every screen)."""

    def __init__(self, cards: list[str], deck: str) -> None:
        self.cards = list(cards)
        self.deck = deck
        self.at = 0

    def render(self) -> RenderableType:
        t = Text()
        t.append(
            f"Order the other {plural(len(self.cards), self.deck + ' card')} under the deck",
            style="bold",
        )
        t.append(" (1. goes under first)\n", style="dim")
        for i, c in enumerate(self.cards):
            cur = i == self.at
            t.append("▸" if cur else " ", style="bold cyan")
            t.append(f"{i + 1}. ", style="bold cyan")
            lab = render.card_label(c)
            if cur:
                lab.stylize("reverse")
            t.append_text(lab)
            t.append("\n")
        t.append(
            "↑↓ choose a card · shift+↑↓ or -/+ move it · Enter confirms the order", style="dim"
        )
        return t

    def _swap(self, step: int) -> None:
        j = self.at + step
        if 0 <= j < len(self.cards):
            self.cards[self.at], self.cards[j] = self.cards[j], self.cards[self.at]
            self.at = j

    def key(self, key: str, char: str | None) -> bool:
        if key == "up":
            self.at = max(0, self.at - 1)
        elif key == "down":
            self.at = min(len(self.cards) - 1, self.at + 1)
        elif key == "shift+up" or char == "-":
            self._swap(-1)
        elif key == "shift+down" or char in ("+", "="):
            self._swap(1)
        elif key == "enter":
            self.panel.submit("order " + " ".join(self.cards))
        else:
            return False
        return True


class AuctionMode(Mode):
    """Nominate (or, as the last player, buy) by pile number; bid with + and p."""

    def __init__(self, step: str) -> None:
        self.step = step  # "nominate" | "last" | "bid"

    def pile_reason(self, k: str) -> str:
        view, me = self.panel.view, self.panel.me
        pile = view["piles"][k]
        if pile["bought_by"] is not None:
            return f"sold to {view['names'][pile['bought_by']]} this round"
        if pile["count"] <= 0:
            return "the pile is empty"
        if k == "builder" and me["builders"] >= D.MAX_BUILDERS:
            return f"you have {D.MAX_BUILDERS} builders"
        if k in D.LANDSCAPES and not G.has_placement(
            G.grid_from_rows(me["grid"]), k, me["builders"]
        ):
            return "no room for it in your principality"
        if me.get("money") is not None and me["money"] < D.OPENING_BID:
            return f"it costs 200ƒ, {money_note(me)}"
        return "not available"

    def verb(self) -> str:
        return "buy" if self.step == "last" else "nominate"

    def render(self) -> RenderableType:
        view, me = self.panel.view, self.panel.me
        t = Text()
        note = money_note(me)
        if self.step == "nominate":
            t.append("Nominate a pile: it opens at 200ƒ", style="bold")
        elif self.step == "last":
            t.append("You are the last free player: take one object for 200ƒ", style="bold")
        else:
            t.append(self.panel.prompt.text, style="bold")
        if note:
            t.append(f" ({note})", style="green")
        t.append("\n")
        if self.step in ("nominate", "last"):
            blocked = []
            for i, k in enumerate(view["pile_order"]):
                if i == 4:
                    t.append("\n")
                label = f"{render.PILE_GLYPH[k]}{render.PILE_SHORT[k]} {view['piles'][k]['count']}"
                if f"{self.verb()} {k}" in self.panel.legal_set:
                    t.append(f"{i + 1} ", style="bold cyan")
                    t.append(label + "  ")
                else:
                    t.append("✗ ", style="red")
                    t.append(label + "  ", style="dim")
                    blocked.append(f"{render.PILE_SHORT[k]}: {self.pile_reason(k)}")
            t.append("\n")
            if blocked:
                t.append("✗ " + " · ".join(blocked) + "\n", style="dim")
            t.append(
                "1-7 " + ("nominate" if self.step == "nominate" else "take it"), style="bold cyan"
            )
            t.append(" · ")
            t.append("d", style="bold cyan")
            t.append(
                " decline (out for this round)" if self.step == "nominate" else " take nothing"
            )
        else:
            data = self.panel.prompt.data
            cur = (view.get("auction") or {}).get("current") or {}
            if "raise" in self.panel.legal_set:
                t.append(f"+ raise to {data['raise_to']}", style="bold cyan")
                # The one raise there is: the rulebook's "exactamente de 100 en 100".
                t.append(" (raises are exactly 100)", style="dim")
            else:
                t.append(
                    f"✗ raise to {data['raise_to']}: {money_note(me) or 'not allowed'}", style="dim"
                )
            t.append(" · ")
            t.append("p pass", style="bold cyan")
            t.append(" (out of this auction only)")
            if cur:
                names = view["names"]
                t.append("\nstill in: " + " ".join(names[s] for s in cur["still_in"]), style="dim")
        if self.panel.can_sell():
            t.append(" · ")
            t.append("s", style="bold cyan")
            t.append(" sell PP")
        t.append(" · [ ] players", style="dim")
        return t

    def key(self, key: str, char: str | None) -> bool:
        panel = self.panel
        if self.step in ("nominate", "last"):
            if char and char in "1234567":
                k = panel.view["pile_order"][int(char) - 1]
                action = f"{self.verb()} {k}"
                if action in panel.legal_set:
                    panel.submit(action)
                else:
                    panel.say(f"{render.PILE_SHORT[k]}: {self.pile_reason(k)}")
                return True
            if char == "d":
                panel.submit("decline")
                return True
        else:
            if char in ("+", "="):
                if "raise" in panel.legal_set:
                    panel.submit("raise")
                else:
                    panel.say(
                        f"You cannot raise to {panel.prompt.data['raise_to']}: "
                        f"{money_note(panel.me)}."
                    )
                return True
            if char == "p":
                panel.submit("pass")
                return True
        if char == "s" and panel.can_sell():
            panel.push(panel.sell_mode())
            return True
        return False


# ============================================================================ the panel
class FlorencePanel(Widget, can_focus=True):
    DEFAULT_CSS = """
    FlorencePanel { height: auto; padding: 0; }
    FlorencePanel:focus { background: $boost; }
    """

    def __init__(self, prompt: Prompt, view: dict, legal: list[str]) -> None:
        super().__init__()
        self.prompt = prompt
        self.view = view
        self.legal = list(legal)
        self.legal_set = set(legal)
        self.seat = prompt.seat
        self.me = view["players"][prompt.seat]
        self.modes: list[Mode] = []
        self._push(self.root_mode())

    # ----- the mode stack -----
    @property
    def depth(self) -> int:
        return len(self.modes)

    def _push(self, mode: Mode) -> None:
        mode.panel = self
        self.modes.append(mode)

    def push(self, mode: Mode) -> None:
        if self.modes:
            self.modes[-1].on_leave()
        self._push(mode)
        mode.on_enter()
        self.redraw()

    def pop(self) -> None:
        self.modes.pop().on_leave()
        self.modes[-1].on_enter()
        self.redraw()

    def redraw(self) -> None:
        """Repaint the panel; lay the screen out again only when its height
        changes (a layout pass repaints the whole board, two frames late)."""
        self.clear_cached_dimensions()
        width = self.content_size.width
        height = self.get_content_height(self.size, self.app.size, width) if width else -1
        self.refresh(layout=height != self.content_size.height)

    # ----- helpers for modes -----
    def board(self):
        from florencia_tui.games.florence.ui.board import FlorenceBoard

        try:
            return self.screen.query_one(FlorenceBoard)
        except Exception:
            return None

    def say(self, text: str) -> None:
        try:
            self.screen.query_one("#message", Static).update(Text("✗ " + text, style="red"))
        except Exception:
            pass

    def submit(self, action: str) -> bool:
        if action not in self.legal_set:
            self.say(f"'{action}' is not a legal action now")
            return False
        self.post_message(SubmitAction(action))
        return True

    def can_sell(self) -> bool:
        return "sell 1" in self.legal_set

    def sell_mode(self) -> AmountMode:
        me = self.me

        def draw(k: int) -> RenderableType:
            t = Text()
            t.append("Sell prestige points for 100ƒ each: ", style="bold")
            t.append(f"◀ {k} ▶", style="bold reverse")
            t.append(f"  (1-{me['pp']})\n")
            t.append(f"PP {me['pp']} → {me['pp'] - k} · +{k * D.SELL_PRICE}ƒ")
            if me.get("money") is not None:
                t.append(f" → {me['money'] + k * D.SELL_PRICE}ƒ")
            t.append("\n←/→ or -/+ amount · Enter sells · Esc back", style="dim")
            return t

        return AmountMode(1, me["pp"], 1, lambda k: f"sell {k}", draw)

    # ----- the first mode for each prompt kind -----
    def root_mode(self) -> Mode:
        kind = self.prompt.kind.split(".", 1)[1]
        data = self.prompt.data
        if kind == "place":
            return PlaceMode(data["piece"], f"Place your {data['piece']}")
        if kind in ("nominate", "last", "bid"):
            return AuctionMode(kind)
        if kind == "convert":
            return self.convert_mode()
        if kind == "order":
            return OrderMode(data["cards"], data["deck"])
        if kind == "return":
            items = [Item(render.card_label(c), self._sub(f"return {c}")) for c in data["cards"]]
            return MenuMode(
                "Return one of your 4 professions to the deck (you keep the other 3):", items
            )
        if kind == "keep":
            items = [Item(render.card_label(c), self._sub(f"keep {c}")) for c in data["cards"]]
            return MenuMode(f"Keep one of these {data['deck']} cards (secret):", items)
        if kind == "recruit_now":
            items = [
                Item(self.recruit_label(Action.parse(a).args[0]), self._sub(a))
                for a in self.legal
                if a.startswith("recruit ")
            ]
            items.append(Item("Keep the recruiting card for later", self._sub("later")))
            return MenuMode("Use your recruiting card now on a face-up profession?", items)
        if kind == "turn":
            return self.turn_menu()
        items = [Item(a, self._sub(a)) for a in self.legal]
        return MenuMode(self.prompt.text, items)

    def _sub(self, action: str) -> Callable[[], None]:
        return lambda: self.submit(action)

    def recruit_label(self, prof: str) -> Text:
        owner = next((p["name"] for p in self.view["players"] if prof in p["display"]), "?")
        t = Text(f"Recruit the {D.PROF[prof]['name']} from {owner}'s display  ")
        t.append_text(render.card_label(prof))
        return t

    def convert_mode(self) -> AmountMode:
        data = self.prompt.data
        me = self.me
        pay, hi = data["payment"], data["max_pp"]
        summary = " + ".join(f"{x}" for _, x in data["lines"])

        def draw(k: int) -> RenderableType:
            t = Text()
            t.append(f"Work by the {D.PROF[data['prof']]['name']}: WV {data['wv']}", style="bold")
            t.append(f" ({summary}) → the bank pays {pay}ƒ\n", style="")
            t.append("Turn into prestige: ", style="bold")
            t.append(f"◀ {k} PP ▶", style="bold reverse")
            t.append(f"  (0-{hi}, 200ƒ each)\n")
            keep = pay - k * D.CONVERT_PRICE
            t.append(f"money +{keep}ƒ", style="bold green")
            if me.get("money") is not None:
                t.append(f" (→ {me['money'] - k * D.CONVERT_PRICE}ƒ)", style="green")
            t.append("   ")
            t.append(f"prestige +{k} PP", style="bold yellow")
            t.append(f" (→ {me['pp'] + k} PP)\n", style="yellow")
            units = pay // 100
            used = k * D.CONVERT_PRICE // 100
            t.append("ƒ" * (units - used), style="bold green")
            t.append("★" * used, style="bold yellow")
            t.append("  each mark is 100ƒ\n", style="dim")
            t.append("←/→ or -/+ amount · Home/End 0/max · Enter confirms", style="dim")
            return t

        return AmountMode(0, hi, 0, lambda k: f"prestige {k}", draw)

    # ----- the action turn -----
    def turn_menu(self) -> MenuMode:
        data = self.prompt.data
        me, view, legal = self.me, self.view, self.legal
        used, limits = data["used"], D.ACTION_LIMITS
        acts = data["actions_used"]
        money = data["money"]
        full = "you have taken your 2 actions" if acts >= D.ACTIONS_PER_TURN else ""

        def limit(kind: str, what: str) -> str:
            if full:
                return full
            if used[kind] >= limits[kind]:
                n = limits[kind]
                return f"{what} only {n} time{'s' if n > 1 else ''} a round"
            return ""

        def afford(cost: int) -> str:
            return f"costs {cost}ƒ, you have {money}ƒ" if money < cost else ""

        items: list[Item] = []
        # Build
        can_build = any(a.startswith("place ") for a in legal)
        grid = G.grid_from_rows(me["grid"])
        why = (
            limit("build", "build")
            or afford(data["build_cost"])
            or (
                "every building you may build is owned or sold out"
                if not data["buildable"]
                else "every spot would touch a building or the palazzo (rule 3; 2 builders "
                "allow it)"
                if any(G.has_placement(grid, b, 2) for b in data["buildable"])
                else "no room left for any of them (rules 1-2)"
            )
        )
        items.append(
            Item(
                f"Build… ({data['build_cost']}ƒ, +3 PP)",
                lambda: self.push(self.build_menu()),
                "" if can_build else why,
                short="Build",
            )
        )
        # Work
        can_work = any(a.startswith("complete ") for a in legal)
        if can_work:
            why = ""
        elif limit("work", "complete a work"):
            why = limit("work", "complete a work")
        elif not me.get("hand"):
            why = "no profession card in hand"
        else:
            best = max(me["hand"], key=lambda c: me["work_values"].get(c, 0))
            bonus = sum(data.get("bonus_values", {}).values())
            why = (
                f"best is the {D.PROF[best]['name']} at {me['work_values'][best]}"
                + (f" (+{bonus} bonus)" if bonus else "")
                + f" < {data['min_wv']}"
            )
        items.append(
            Item(
                f"Complete a work… (min {data['min_wv']})",
                lambda: self.push(self.work_menu()),
                why,
                short="Work",
            )
        )
        # Cards
        for verb, deck_key, what in (
            ("profession", "profession_deck", "profession card"),
            ("bonus", "bonus_deck", "bonus card"),
        ):
            why = (
                ""
                if verb in self.legal_set
                else (
                    limit(verb, f"take a {what}")
                    or afford(D.CARD_COST)
                    or ("the deck is empty" if not view["supply"][deck_key] else "not allowed")
                )
            )
            items.append(
                Item(f"{what.capitalize()} (300ƒ)", self._sub(verb), why, short=what.capitalize())
            )
        # Freedom
        frees = [a for a in legal if a.startswith("freedom ")]
        why = (
            ""
            if frees
            else (
                limit("freedom", "introduce a freedom")
                or afford(D.FREEDOM_COST)
                or "none you lack is left"
            )
        )
        items.append(
            Item("Freedom… (300ƒ)", lambda: self.push(self.freedom_menu()), why, short="Freedom")
        )
        # Recruit
        recs = [a for a in legal if a.startswith("recruit ")]
        why = (
            ""
            if recs
            else (
                "no recruiting card in hand"
                if not me.get("recruit_count")
                else "no face-up profession in any display"
            )
        )
        items.append(
            Item("Recruit… (free)", lambda: self.push(self.recruit_menu()), why, short="Recruit")
        )
        items.append(
            Item(
                "Sell prestige… (100ƒ per PP)",
                lambda: self.push(self.sell_mode()),
                "" if self.can_sell() else "you have no PP",
                short="Sell",
            )
        )
        items.append(Item("End turn", self._sub("done")))
        title = Text()
        title.append(f"Your action turn: {acts}/2 actions used", style="bold")
        title.append(f" · {money}ƒ · [ ] other players", style="dim")
        return MenuMode(title, items, columns=2)

    def build_menu(self) -> MenuMode:
        me, view = self.me, self.view
        items = []
        for b in D.BUILDINGS:
            label = Text()
            label.append_text(render.chip(b))
            label.append(f" {D.SIZE_CLASS[b][0].upper()}{len(G.ORIENTS[b]['r0'])}", style="dim")
            if any(a.startswith(f"place {b} ") for a in self.legal):
                why = ""
            elif b in me["buildings"]:
                why = "owned (rule 5)"
            elif view["supply"]["buildings"][b] <= 0:
                why = "sold out"
            elif G.has_placement(G.grid_from_rows(me["grid"]), b, 2):
                why = "no spot apart from buildings and palazzo (rule 3)"
            else:
                why = "no room for its shape (rules 1-2)"
            items.append(
                Item(
                    label,
                    (
                        lambda b=b: self.push(
                            PlaceMode(b, f"Build the {b} for {self.prompt.data['build_cost']}ƒ")
                        )
                    ),
                    why,
                    short=b.capitalize(),
                )
            )
        return MenuMode(
            "Build which building? (size L/M/S and squares)",
            items,
            columns=2,
            help_="1-9, 0 or ↑↓ Enter · Esc back",
        )

    def work_menu(self) -> MenuMode:
        me = self.me
        items = []
        need = self.prompt.data["min_wv"]
        bonus = sum(self.prompt.data.get("bonus_values", {}).values())
        workable = {Action.parse(a).args[0] for a in self.legal if a.startswith("complete ")}
        # Professions that can complete a work first (keys 1, 2, ...), the others greyed.
        for c in sorted(set(me["hand"]), key=lambda k: (k not in workable, D.PROF[k]["num"])):
            wv = me["work_values"].get(c, 0)
            why = (
                ""
                if c in workable
                else f"needs {need}" + (f" even with +{bonus} from bonus cards" if bonus else "")
            )
            items.append(
                Item(render.profession_line(c, me, wv), lambda c=c: self.push(WorkMode(c)), why)
            )
        return MenuMode(
            f"Which profession completes the work? (round minimum {need})",
            items,
            help_="key or ↑↓ Enter chooses · then tick bonus cards · Esc back",
        )

    def freedom_menu(self) -> MenuMode:
        me, view = self.me, self.view
        items = []
        for f in D.FREEDOMS:
            a = f"freedom {f}"
            why = (
                ""
                if a in self.legal_set
                else (
                    "you have it"
                    if f in me["freedoms"]
                    else "none left"
                    if view["supply"]["freedoms"][f] <= 0
                    else "not allowed"
                )
            )
            items.append(
                Item(
                    f"{D.FREEDOM_NAME[f]} ({view['supply']['freedoms'][f]} left)", self._sub(a), why
                )
            )
        return MenuMode("Introduce which freedom? (300ƒ)", items, help_="Esc back")

    def recruit_menu(self) -> MenuMode:
        items = [
            Item(self.recruit_label(Action.parse(a).args[0]), self._sub(a))
            for a in self.legal
            if a.startswith("recruit ")
        ]
        return MenuMode("Recruit which face-up profession into your hand?", items, help_="Esc back")

    # ----- Textual -----
    def on_mount(self) -> None:
        self.focus()
        self.modes[-1].on_enter()

    def render(self) -> RenderableType:
        return self.modes[-1].render()

    def on_key(self, event) -> None:
        mode = self.modes[-1]
        if mode.key(event.key, event.character):
            event.stop()
            event.prevent_default()
            self.redraw()
            return
        if event.key == "escape" and self.depth > 1:
            event.stop()
            event.prevent_default()
            self.pop()
            return
        if event.character in ("[", "]"):
            event.stop()
            board = self.board()
            if board is not None:
                board.cycle(-1 if event.character == "[" else 1)
