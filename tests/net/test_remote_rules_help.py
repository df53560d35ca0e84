"""F1 help over the network lists the options the table plays with (issue 14, item 7)."""

from __future__ import annotations

from florencia_tui.net.remote import Connection


def test_remote_help_lists_the_options_in_effect(service_thread):
    alice = Connection(str(service_thread.sock), "alice")
    try:
        made = alice.call("create", game="architects", humans=1, bots=1, seed=3)
        table = alice.open_table(made["code"], 0)
        assert table.snap["options"]["no_worker_fallback"] is False
        text = table.rules_help
        assert text.startswith(table.game.rules_help.rstrip("\n"))
        assert "- Boards: side 1" in text and "No variant: the rules as printed." in text
    finally:
        alice.close()
