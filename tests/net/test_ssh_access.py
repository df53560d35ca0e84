"""Who may sign in, and that a session is the app in a terminal and nothing else."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from florencia_tui.net.server import FlorenciaServer
from florencia_tui.net.sshd import Auth, child_env, host_key


async def connect(harness, user="alice", **kw):
    kw.setdefault("client_keys", [])
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", harness.port, username=user, known_hosts=None, agent_path=None, **kw
        ),
        30,
    )


async def test_wrong_password_and_wrong_key_are_refused(harness, client_key):
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(harness, password="not the password")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(harness, client_keys=[stranger])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(harness)  # no credentials at all
    # The right key and the right password get in (under names of their own:
    # once a key signed in as alice, the name is that key's, see test_auth.py).
    for user, kw in (
        ("alice", {"client_keys": [client_key[2]]}),
        ("bob", {"password": harness.password}),
    ):
        conn = await connect(harness, user, **kw)
        conn.close()
        await conn.wait_closed()


async def test_only_a_terminal_session_is_served(harness):
    conn = await connect(harness, password=harness.password)
    try:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("echo owned", timeout=20)  # exec
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run(subsystem="sftp", timeout=20)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", harness.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        # A shell without a PTY only gets a hint, never a program.
        result = await conn.run(timeout=20)
        assert result.exit_status == 1 and "ssh -t" in result.stdout
    finally:
        conn.close()


async def test_odd_user_names_are_turned_away(harness):
    with pytest.raises((asyncssh.DisconnectError, asyncssh.PermissionDenied)):
        await connect(harness, user="-rf", password=harness.password)


async def test_open_mode_is_for_loopback_only(tmp_path, short_dir):
    with pytest.raises(ValueError, match="loopback"):
        Auth(open=True).check("0.0.0.0")
    with pytest.raises(ValueError, match="choose how players sign in"):
        Auth().check("127.0.0.1")
    server = await FlorenciaServer(
        port=0, auth=Auth(open=True), socket=short_dir / "o.sock", data=tmp_path
    ).start()
    try:
        conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.ssh_port,
                username="guest",
                known_hosts=None,
                client_keys=[],
                agent_path=None,
            ),
            30,
        )
        conn.close()
    finally:
        await server.close()


def test_host_key_is_made_once_and_kept(tmp_path):
    first = host_key(tmp_path)
    assert (tmp_path / "ssh_host_ed25519_key").stat().st_mode & 0o777 == 0o600
    assert host_key(tmp_path).get_fingerprint() == first.get_fingerprint()


def test_the_app_gets_the_terminal_type_colours_and_locale_only(monkeypatch):
    monkeypatch.setenv("SECRET_TOKEN", "x")
    env = child_env(
        {
            "COLORTERM": "truecolor",
            "NO_COLOR": "1",
            "LD_PRELOAD": "/evil.so",
            "LANG": "de_DE.UTF-8",
        },
        "screen-256color",
    )
    assert env["TERM"] == "screen-256color" and env["COLORTERM"] == "truecolor"
    assert env["NO_COLOR"] == "1" and env["LANG"] == "de_DE.UTF-8"
    assert "LD_PRELOAD" not in env and "SECRET_TOKEN" not in env
