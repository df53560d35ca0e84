"""A footer rebuilt only when the keys it shows change.

Textual's ``Footer`` recomposes itself (a new ``FooterKey`` widget for every
key, each styled from scratch by the stylesheet) every time its screen
refreshes its bindings: after focus changes, screens opening and closing, and
redraws that mount widgets. On the game screen most of those refreshes show
the same keys again; measured on a seated SSH session's app (issue 17:
``benchmarks/key_profile.py``), 19 of 31 footer rebuilds over four actions
changed nothing, and the rebuilds' styling was the largest part of an
action's CPU; most of the others hid five keys when the command line took
the keyboard and showed them again when it closed, the whole row sent twice
per typed action over SSH (~0.6 KiB: every key is two colour changes).
:class:`SteadyFooter` compares what it would show with what it shows and
rebuilds only on a difference, and not at all while it is frozen.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Footer


class SteadyFooter(Footer):
    """``Footer``, recomposed only when its keys (or their state) change.

    ``frozen``: a test of whether the footer should keep what it shows now
    (the game screen's command line is open: the keys it types hide the
    screen's one-letter keys, which come back with the focus); a frozen
    footer is not rebuilt, and once thawed it is rebuilt only if its keys
    differ from what it showed before."""

    _shown: tuple | None = None

    def __init__(self, *args, frozen: Callable[[], bool] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.frozen = frozen

    def showing(self) -> tuple:
        """What :meth:`compose` would show now: each shown binding with its key's
        display, whether it is enabled and its tooltip, and the palette's key."""
        active = self.screen.active_bindings
        keys = tuple(
            (
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                binding.group,
                enabled,
                tooltip,
            )
            for (_, binding, enabled, tooltip) in active.values()
            if binding.show
        )
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            entry = active.get(self.app.COMMAND_PALETTE_BINDING)
            if entry is not None:
                _, binding, enabled, tooltip = entry
                palette = (binding.key, binding.description, binding.action, enabled, tooltip)
        return keys, palette

    def bindings_changed(self, screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        if not self.is_attached or (self.frozen is not None and self.frozen()):
            return
        shown = self.showing()
        if shown == self._shown:
            return
        self._shown = shown
        await self.recompose()
