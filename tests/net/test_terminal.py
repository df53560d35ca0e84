"""The terminal side of a session: the OpenSSH client, window changes, colours."""

from __future__ import annotations

import re
import shutil

import pytest

SGR = re.compile(rb"\x1b\[([0-9;:]*)m")


def colour_kinds(raw: bytes) -> set[str]:
    """Which colour encodings the SGR sequences in ``raw`` use."""
    kinds: set[str] = set()
    for m in SGR.finditer(raw):
        params = m.group(1).replace(b":", b";").split(b";")
        i = 0
        while i < len(params):
            p = params[i]
            if p in (b"38", b"48") and i + 1 < len(params):
                if params[i + 1] == b"2":
                    r, g, b = params[i + 2 : i + 5]
                    kinds.add("truecolor-grey" if r == g == b else "truecolor")
                    i += 5
                    continue
                if params[i + 1] == b"5":
                    kinds.add("256")
                    i += 3
                    continue
            if p.isdigit() and (
                30 <= int(p) <= 37
                or 40 <= int(p) <= 47
                or 90 <= int(p) <= 97
                or 100 <= int(p) <= 107
            ):
                kinds.add("16")
            i += 1
    return kinds


@pytest.mark.parametrize(
    "term_type, env, allowed",
    [
        (
            "xterm-256color",
            {"COLORTERM": "truecolor"},
            {"truecolor", "truecolor-grey", "256", "16"},
        ),
        ("xterm-256color", {}, {"256", "16"}),
        ("xterm", {}, {"16"}),
        ("xterm-256color", {"COLORTERM": "truecolor", "NO_COLOR": "1"}, {"truecolor-grey", "16"}),
    ],
)
async def test_colours_follow_the_players_terminal(harness, term_type, env, allowed):
    t = await harness.term("alice", term_type=term_type, env=env)
    await t.wait("Who is here")
    kinds = colour_kinds(bytes(t.raw))
    assert kinds and kinds <= allowed, kinds


async def test_a_window_change_redraws_at_the_new_size(harness):
    t = await harness.term("alice", cols=120, rows=40)
    await t.wait("Who is here")
    footer = max(i for i, line in enumerate(t.lines()) if "New table" in line)
    assert footer == 39
    t.resize(90, 30)
    await t.wait(lambda text: any("New table" in line for line in t.lines()[25:30]))
    assert max(i for i, line in enumerate(t.lines()) if "New table" in line) == 29


async def test_a_quiet_screen_sends_nothing(harness):
    """No redraw per tick: once drawn, an idle lobby sends no bytes (slow links)."""
    import asyncio

    t = await harness.term("alice")
    await t.wait("Who is here")
    await asyncio.sleep(1.0)
    before = t.received
    await asyncio.sleep(2.0)
    assert t.received == before


if shutil.which("ssh"):  # collected only where the OpenSSH client is installed

    async def test_openssh_client_plays_against_a_bot(harness, client_key, local_pty):
        private = client_key[0]
        argv = [
            shutil.which("ssh"),
            "-F",
            "/dev/null",
            "-tt",
            "-p",
            str(harness.port),
            "-i",
            str(private),
            "-o",
            "BatchMode=yes",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "dana@127.0.0.1",
        ]
        t = await local_pty(argv, 110, 36).start()
        harness.terms.append(t)
        await t.wait("signed in as dana")
        # n, Palazzo + Enter, then one other human → 0 and one bot → 1, Enter.
        await t.keys("n")
        await t.wait("New table")
        await t.keys(*harness.pick_palazzo(), "\r", "0", "\t", "1", "\r")
        await t.wait("you are dana")
        await t.wait("Take money")
        await t.keys("1")
        await t.wait("dana takes money")
        (table,) = harness.server.service.tables.values()
        assert table.names == ["dana", "Bot 2"] and table.entries[0].action == "money"


async def test_connect_joins_the_lobby_as_the_login_user(harness, local_pty):
    """`florencia connect` is what an OpenSSH ForceCommand runs: the app in the
    login's own terminal, on the server's socket, named by $USER."""
    import sys

    argv = [
        sys.executable,
        "-m",
        "florencia_tui",
        "connect",
        "--socket",
        str(harness.server.socket),
    ]
    t = await local_pty(argv, 100, 30, env={"USER": "erin"}).start()
    harness.terms.append(t)
    await t.wait("signed in as erin")
    people = harness.server.service.lobby("erin")["people"]
    assert [(p["user"], p["via"]) for p in people] == [("erin", "local")]
