"""Who may sign in under which name (issue 13, item 7): with shared credentials
nobody takes another player's name, and each mode says what it guarantees."""

from __future__ import annotations

import asyncio
import io
import stat
from types import SimpleNamespace

import asyncssh
import pytest

from florencia_tui.net.cli import cmd_passwd
from florencia_tui.net.passwords import check_password, read_passwords, set_password
from florencia_tui.net.server import FlorenciaServer
from florencia_tui.net.sshd import Auth

SHARED = "shared secret"


def keypair():
    return asyncssh.generate_private_key("ssh-ed25519")


async def server(tmp_path, short_dir, auth: Auth) -> FlorenciaServer:
    (tmp_path / "data").mkdir(exist_ok=True)
    return await FlorenciaServer(
        port=0, auth=auth, socket=short_dir / "a.sock", data=tmp_path / "data"
    ).start()


async def signs_in(srv, user: str, **kw) -> bool:
    kw.setdefault("client_keys", [])
    try:
        conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1", srv.ssh_port, username=user, known_hosts=None, agent_path=None, **kw
            ),
            30,
        )
    except (asyncssh.PermissionDenied, asyncssh.DisconnectError):
        return False
    conn.close()
    await conn.wait_closed()
    return True


async def test_with_one_shared_keys_file_a_name_belongs_to_its_first_key(tmp_path, short_dir):
    ana, ben = keypair(), keypair()
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(ana.export_public_key() + ben.export_public_key())
    auth = Auth(authorized_keys=keys, password=SHARED)
    srv = await server(tmp_path, short_dir, auth)
    try:
        assert await signs_in(srv, "ana", client_keys=[ana])
        assert not await signs_in(srv, "ana", client_keys=[ben])  # Ben cannot be Ana
        assert await signs_in(srv, "ben", client_keys=[ben])
        assert await signs_in(srv, "ana", client_keys=[ana])  # Ana still can
        # The shared password is for names without a credential of their own.
        assert not await signs_in(srv, "ana", password=SHARED)
        assert await signs_in(srv, "carl", password=SHARED)
    finally:
        await srv.close()
    srv = await server(tmp_path, short_dir, auth)  # a restart keeps the bindings
    try:
        assert not await signs_in(srv, "ana", client_keys=[ben])
    finally:
        await srv.close()


async def test_per_player_passwords_bind_each_name_to_its_own(tmp_path, short_dir):
    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    srv = await server(tmp_path, short_dir, Auth(passwords=passwords, password=SHARED))
    try:
        assert await signs_in(srv, "ana", password="ana's own secret")
        assert not await signs_in(srv, "ana", password=SHARED)
        assert not await signs_in(srv, "ana", password="wrong")
        assert await signs_in(srv, "bob", password=SHARED)
        assert not await signs_in(srv, "bob", password="ana's own secret")
        set_password(passwords, "bob", "bob's own secret")  # read again at each sign-in
        assert not await signs_in(srv, "bob", password=SHARED)
        assert await signs_in(srv, "bob", password="bob's own secret")
    finally:
        await srv.close()
    srv = await server(tmp_path, short_dir, Auth(passwords=passwords))
    try:  # without a shared password, only listed names get in
        assert not await signs_in(srv, "carl", password=SHARED)
    finally:
        await srv.close()


async def test_a_key_directory_gives_each_name_its_own_keys(tmp_path, short_dir):
    ana, ben = keypair(), keypair()
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "ana").write_bytes(ana.export_public_key())
    (keys / "ben").write_bytes(ben.export_public_key())
    srv = await server(tmp_path, short_dir, Auth(authorized_keys=keys, password=SHARED))
    try:
        assert await signs_in(srv, "ana", client_keys=[ana])
        assert not await signs_in(srv, "ana", client_keys=[ben])
        assert not await signs_in(srv, "ana", password=SHARED)  # Ana has keys of her own
        assert await signs_in(srv, "zed", password=SHARED)
        # No SSH name may be a browser player's.
        assert not await signs_in(srv, "ana@web", client_keys=[ana])
        assert not await signs_in(srv, "zed@web", password=SHARED)
    finally:
        await srv.close()


def test_each_mode_says_what_it_guarantees(tmp_path):
    (tmp_path / "keys").mkdir()
    (tmp_path / "authorized_keys").touch()
    (tmp_path / "pw").touch()
    said = {
        "open": Auth(open=True).describe(web=True),
        "dir": Auth(authorized_keys=tmp_path / "keys").describe(),
        "file": Auth(authorized_keys=tmp_path / "authorized_keys").describe(),
        "passwords": Auth(passwords=tmp_path / "pw").describe(),
        "shared": Auth(password=SHARED).describe(web=True),
    }
    assert "any name" in said["open"][0] and "this machine" in said["open"][0]
    assert "only with a key in its own file" in said["dir"][0]
    assert "first key" in said["file"][0]
    assert "only with its own password" in said["passwords"][0]
    assert "ANY name" in said["shared"][0] and "no other credential used first" in said["shared"][0]
    assert "NAME@web" in said["shared"][-1]
    assert "failures are logged" in said["shared"][1] and "up to 60 s" in said["shared"][1]
    assert "no password signs anybody in" in said["passwords"][0]  # (the file unreadable)


def test_passwd_writes_a_private_hashed_line(tmp_path, capsys):
    path = tmp_path / "passwords"
    args = SimpleNamespace(name="ana", file=str(path))
    assert cmd_passwd(args, stdin=io.StringIO("short\n")) == 2  # under 8 characters
    assert cmd_passwd(args, stdin=io.StringIO("a long enough one\n")) == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    stored = read_passwords(path)["ana"]
    assert "a long enough one" not in path.read_text()
    assert check_password(stored, "a long enough one") and not check_password(stored, "x")
    assert (
        cmd_passwd(
            SimpleNamespace(name="ana@web", file=str(path)),
            stdin=io.StringIO("a long enough one\n"),
        )
        == 2
    )
    with pytest.raises(KeyError):
        read_passwords(path)["ana@web"]


async def test_the_server_says_at_start_what_its_modes_guarantee(tmp_path, short_dir):
    from florencia_tui.net.server import banner

    srv = await server(tmp_path, short_dir, Auth(password=SHARED))
    try:
        said = "\n".join(banner(srv))
    finally:
        await srv.close()
    assert "SSH on 127.0.0.1:" in said and "host key SHA256:" in said
    assert "sign-in · shared password: whoever knows it signs in under ANY name" in said
    assert SHARED not in said


async def test_a_passwords_file_that_cannot_be_read_refuses_every_password(
    tmp_path, short_dir, caplog
):
    """Fail closed (issue 26, item 8): while the per-player passwords file is
    missing, empty, open to other accounts or unreadable (an admin mid-edit),
    no password signs anybody in (not the shared one as ``ana``, nor as a
    name never listed), no key of the shared keys file takes ``ana``, and
    the server log says why; once the file is back, all is as before."""
    import logging

    caplog.set_level(logging.WARNING)
    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    good = passwords.read_bytes()
    mallory = keypair()
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(mallory.export_public_key())
    auth = Auth(authorized_keys=keys, password=SHARED, passwords=passwords)
    srv = await server(tmp_path, short_dir, auth)

    def missing():
        passwords.unlink()

    def empty():
        passwords.write_bytes(b"# being edited\n")

    def open_to_others():
        passwords.write_bytes(good)
        passwords.chmod(0o644)

    def unreadable():  # (a directory in its place: unreadable, even to root)
        passwords.unlink()
        passwords.mkdir()

    try:
        assert await signs_in(srv, "bob", password=SHARED)
        for spoil in (missing, empty, open_to_others, unreadable):
            caplog.clear()
            spoil()
            assert not await signs_in(srv, "ana", password=SHARED), spoil.__name__
            assert not await signs_in(srv, "ana", client_keys=[mallory]), spoil.__name__
            assert not await signs_in(srv, "carl", password=SHARED), spoil.__name__
            assert not await signs_in(srv, "bob", password=SHARED), spoil.__name__
            said = caplog.text
            assert "every password sign-in is refused" in said and str(passwords) in said
            if passwords.is_dir():
                passwords.rmdir()
            passwords.write_bytes(good)
            passwords.chmod(0o600)
        assert await signs_in(srv, "ana", password="ana's own secret")
        assert await signs_in(srv, "bob", password=SHARED)
    finally:
        await srv.close()


async def test_a_key_directory_that_cannot_be_read_opens_no_name(tmp_path, short_dir):
    """With a key directory gone (renamed mid-edit), the shared password does
    not take the names it held, and no key signs in."""
    ana = keypair()
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "ana").write_bytes(ana.export_public_key())
    srv = await server(tmp_path, short_dir, Auth(authorized_keys=keys, password=SHARED))
    try:
        assert not await signs_in(srv, "ana", password=SHARED)
        keys.rename(tmp_path / "keys.old")
        assert not await signs_in(srv, "ana", password=SHARED)
        assert not await signs_in(srv, "zed", password=SHARED)
        assert not await signs_in(srv, "ana", client_keys=[ana])
        (tmp_path / "keys.old").rename(keys)
        assert await signs_in(srv, "ana", client_keys=[ana])
        assert await signs_in(srv, "zed", password=SHARED)
    finally:
        await srv.close()


def test_the_server_does_not_start_on_a_password_file_others_can_read(tmp_path, capsys):
    from florencia_tui.cli import main

    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    passwords.chmod(0o640)
    with pytest.raises(ValueError, match=r"mode 0640.*chmod 600"):
        Auth(passwords=passwords).check("127.0.0.1")
    with pytest.raises(ValueError, match="chmod 600"):
        Auth(passwords=passwords).check_web("127.0.0.1")
    assert main(["serve", "--passwords", str(passwords), "--port", "0"]) == 2
    assert "chmod 600" in capsys.readouterr().err
    shared = tmp_path / "hunter2"  # the file's name might be the password itself
    shared.write_text(SHARED)
    shared.chmod(0o604)
    assert main(["serve", "--password-file", str(shared), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "--password-file is not private" in err and "chmod 600" in err
    assert "hunter2" not in err and SHARED not in err


async def test_a_name_belongs_to_the_first_credential_whatever_its_kind(tmp_path, short_dir):
    """Issue 26, item 9: with a shared keys file and a shared password, zed
    signs in with the password; no key takes zed afterwards, and the password
    still works for zed. A name a key took first is not the shared
    password's. A name that signed in with a password of its own is nobody
    else's when that line goes."""
    kim, mallory = keypair(), keypair()
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(kim.export_public_key() + mallory.export_public_key())
    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    set_password(passwords, "ben", "ben's own secret")
    auth = Auth(authorized_keys=keys, password=SHARED, passwords=passwords)
    srv = await server(tmp_path, short_dir, auth)
    try:
        assert await signs_in(srv, "zed", password=SHARED)
        assert not await signs_in(srv, "zed", client_keys=[mallory])
        assert await signs_in(srv, "zed", password=SHARED)
        assert await signs_in(srv, "kim", client_keys=[kim])
        assert not await signs_in(srv, "kim", password=SHARED)
        assert await signs_in(srv, "ana", password="ana's own secret")
        set_password(passwords, "ana", "ana's new secret")  # (still hers, by the line)
        assert await signs_in(srv, "ana", password="ana's new secret")
        passwords.write_text("ben:" + read_passwords(passwords)["ben"] + "\n")  # ana removed
        assert not await signs_in(srv, "ana", password=SHARED)
        assert not await signs_in(srv, "ana", client_keys=[mallory])
    finally:
        await srv.close()
    srv = await server(tmp_path, short_dir, auth)  # a restart keeps every binding
    try:
        assert not await signs_in(srv, "zed", client_keys=[kim])
        assert not await signs_in(srv, "kim", password=SHARED)
        assert await signs_in(srv, "zed", password=SHARED)
    finally:
        await srv.close()


def test_key_bindings_saved_before_every_kind_still_hold(tmp_path):
    """A database from before (a bare fingerprint per name) keeps its names."""
    import sqlite3

    from florencia_tui.net.sshd import KeyNames

    db = sqlite3.connect(tmp_path / "old.sqlite3")
    db.execute(KeyNames.SCHEMA)
    db.execute("INSERT INTO ssh_key_names VALUES ('ana', 'SHA256:abc', 0)")
    db.commit()
    names = KeyNames(db)
    assert names.owner("ana") == "key:SHA256:abc"
    assert not names.may_take("ana", "password") and names.may_take("ana", "key:SHA256:abc")
    assert not names.bind("ana", "key:SHA256:other")
    KeyNames(db).close()  # (again: nothing changes)
    assert names.owner("ana") == "key:SHA256:abc"
    names.close()


def test_a_name_is_bound_at_once_while_another_process_locks_the_database(tmp_path):
    """Binding a name never waits for the database (a sign-in ran on the event
    loop): decided in memory at once, written by its own thread once the lock
    is gone, and read back by the next server."""
    import sqlite3
    import time

    from florencia_tui.net.sshd import KeyNames

    path = tmp_path / "names.sqlite3"
    names = KeyNames(sqlite3.connect(path, isolation_level=None))
    names.RETRY = 0.05
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        t0 = time.monotonic()
        assert names.bind("zed", "password")
        assert not names.bind("zed", "key:SHA256:other")  # the first credential's
        assert names.owner("zed") == "password"
        assert time.monotonic() - t0 < 1  # (it did not wait the lock's 5 s timeout)
        assert not names.flush(timeout=0.5)  # not written while the lock is held
    finally:
        locker.execute("ROLLBACK")
    assert names.flush(timeout=30)
    names.close()
    again = KeyNames(sqlite3.connect(path, isolation_level=None))
    assert again.owner("zed") == "password"
    again.close()
