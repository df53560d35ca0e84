"""Issue 13, item 11: the data directory is private and the command line never
echoes a secret."""

from __future__ import annotations

import argparse
import os
import stat

import pytest

from florencia_tui.cli import _parser, main
from florencia_tui.store import Store, data_dir
from florencia_tui.table import Table

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_data_dir_is_0700_and_every_database_file_0600(tmp_path, monkeypatch):
    monkeypatch.setenv("FLORENCIA_DATA_DIR", str(tmp_path / "new" / "data"))
    old = os.umask(0o022)  # the usual umask, which made 0644 files before
    try:
        store = Store()
        Table("palazzo", SEATS, 3, store=store).submit(0, "money")
    finally:
        os.umask(old)
    assert mode(data_dir()) == 0o700
    files = sorted(p.name for p in data_dir().iterdir())
    assert files == ["florencia.sqlite3", "florencia.sqlite3-shm", "florencia.sqlite3-wal"]
    for name in files:
        assert mode(data_dir() / name) == 0o600, name
    store.close()


def test_an_old_world_readable_data_dir_is_narrowed(tmp_path, monkeypatch):
    d = tmp_path / "old"
    d.mkdir(mode=0o755)
    d.chmod(0o755)
    for name in ("florencia.sqlite3", "florencia.sqlite3-wal", "florencia.sqlite3-shm"):
        (d / name).touch()
        (d / name).chmod(0o644)
    (d / "florencia.sqlite3").unlink()  # a fresh database beside stale side files
    monkeypatch.setenv("FLORENCIA_DATA_DIR", str(d))
    Store().close()
    assert mode(d) == 0o700
    for p in d.iterdir():
        assert mode(p) == 0o600, p.name


def subparsers(p: argparse.ArgumentParser):
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.values()


def test_no_parser_takes_abbreviated_options():
    from florencia_tui.net.client import main as client_main

    top = _parser()
    assert not top.allow_abbrev
    assert all(not sp.allow_abbrev for sp in subparsers(top))
    with pytest.raises(SystemExit):  # the app's own parser too
        client_main(["--sock", "x"])


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--password", "hunter2"],
        ["serve", "--password=hunter2"],
        ["serve", "--password-f", "hunter2"],  # once silently --password-file
        ["serve", "--pasword", "hunter2"],
        ["list", "hunter2"],
    ],
)
def test_a_secret_on_the_command_line_is_refused_and_never_echoed(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    out = capsys.readouterr()
    assert "hunter2" not in out.err + out.out
    assert "unrecognized arguments" in out.err or "no --password option" in out.err


def test_an_unreadable_password_file_is_not_named(tmp_path, capsys):
    assert main(["serve", "--password-file", "hunter2", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "hunter2" not in err and "--password-file" in err
