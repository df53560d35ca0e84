"""The Textual user interface. Nothing below ``florencia_tui.tui`` is imported by the core."""
