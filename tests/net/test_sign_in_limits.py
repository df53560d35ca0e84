"""Password sign-ins neither stall the server nor give way to guessing
(issue 26, item 3): checks run off the event loop a few at a time, wrong
passwords make further attempts wait (per name and per address), every
failure is logged without the password, and an unknown name costs the same
one hash as a known one. benchmarks/sign_in_flood.py measures a seated
player's latency under a flood."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading

import aiohttp
import pytest

from florencia_tui.net import passwords as pw
from florencia_tui.net.passwords import set_password
from florencia_tui.net.signin import CHECK_NICENESS, SignInLimits, Throttle, address_key
from florencia_tui.net.sshd import Auth

from .test_auth import SHARED, keypair, server, signs_in
from .test_web import browser, sign_in, web_server

NAME, ADDR = ("name", "ana"), ("address", "10.0.0.1")


def test_wrong_passwords_make_the_next_attempts_wait_longer_and_longer():
    t = Throttle(SignInLimits(free_per_name=2, free_per_address=3, base_delay=1, max_delay=8))
    keys = (NAME, ADDR)
    t.failed(keys, 0.0)
    assert t.wait(keys, 0.0) == 0  # under the free tries: no wait
    assert t.failed(keys, 0.0) == [(NAME, 1.0)]  # the name is throttled from now on
    assert t.wait(keys, 0.0) == 1.0 and t.wait((ADDR,), 0.0) == 0
    waits = []
    now = 1.0
    for _ in range(6):
        now += t.wait(keys, now)
        assert t.claim(keys, now) == 0  # its turn has come
        t.failed(keys, now)
        waits.append(t.wait(keys, now))
    assert waits == [2, 4, 8, 8, 8, 8]  # doubling, up to max_delay
    # Parallel attempts take turns: each claim moves the next turn a delay on.
    now += 8
    assert [t.claim(keys, now) for _ in range(3)] == [0, 8, 16]
    t.succeeded(NAME)  # a sign-in ends the name's count, not the address's
    assert t.wait((NAME,), now) == 0 and t.wait((ADDR,), now) > 0


def test_the_throttle_forgets_and_keeps_a_bounded_number_of_keys():
    t = Throttle(SignInLimits(free_per_name=1, forget=60, max_tracked=50))
    t.failed((NAME,), 0.0)
    assert t.wait((NAME,), 0.0) > 0
    assert t.wait((NAME,), 1000.0) == 0 and NAME not in t.records  # forgotten
    for i in range(500):  # a name per attempt cannot grow it without bound
        t.failed((("name", f"n{i}"),), float(i))
    assert len(t.records) == 50 and ("name", "n499") in t.records


def test_an_ipv6_host_is_throttled_by_its_64():
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:10.0.0.1") == "10.0.0.1" == address_key("10.0.0.1")


def test_every_name_costs_one_hash_of_the_same_kind(tmp_path, monkeypatch):
    """Own password, shared password, a name a key owns, an unknown name:
    each attempt computes exactly one scrypt with the same parameters, so the
    time taken tells nothing about which names exist."""
    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "kim").write_bytes(keypair().export_public_key())
    with_shared = Auth(authorized_keys=keys, passwords=passwords, password=SHARED)
    without = Auth(passwords=passwords)
    with_shared.shared_hash(), pw.dummy_hash()  # made once, ahead
    calls = []
    real = pw.hashlib.scrypt

    def counted(password, **kw):
        calls.append((kw["n"], kw["r"], kw["p"], kw.get("dklen")))
        return real(password, **kw)

    monkeypatch.setattr(pw.hashlib, "scrypt", counted)
    cases = [
        (with_shared, "ana", "wrong", None),
        (with_shared, "ana", SHARED, None),  # ana signs in with her own only
        (with_shared, "zed", SHARED, None),
        (with_shared, "zed", "wrong", None),
        (with_shared, "kim", SHARED, None),  # kim has a key file of his own
        (with_shared, "lea", SHARED, "key:SHA256:x"),  # a key took lea first
        (without, "nobody", "wrong", None),
    ]
    for auth, name, password, bound in cases:
        calls.clear()
        auth.password_stamp(name, password, bound)
        assert calls == [(pw.N, pw.R, pw.P, pw.KEY_BYTES)], (name, password, calls)


async def test_password_checks_run_off_the_event_loop_a_few_at_a_time(
    tmp_path, short_dir, monkeypatch
):
    """Six SSH clients guess at once: every check runs in the sign-in thread
    (never the event loop's), never more than ``hash_threads`` at once, at a
    lower priority than the loop's (busy cores serve the players first), and
    the right password still signs in."""
    auth = Auth(password=SHARED, limits=SignInLimits(free_per_address=1000, free_per_name=1000))
    srv = await server(tmp_path, short_dir, auth)
    loop_thread = threading.get_ident()
    seen: list[int] = []
    niceness: set[int] = set()
    running = [0, 0]  # now, most at once
    lock = threading.Lock()
    real = pw.check_password

    def watched(stored, password):
        with lock:
            seen.append(threading.get_ident())
            niceness.add(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
            running[0] += 1
            running[1] = max(running)
        try:
            return real(stored, password)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr("florencia_tui.net.sshd.check_password", watched)
    try:
        got = await asyncio.gather(
            *(signs_in(srv, f"guess{i}", password=f"wrong {i}") for i in range(6)),
            signs_in(srv, "carl", password=SHARED),
        )
    finally:
        await srv.close()
    assert got == [False] * 6 + [True]
    assert len(seen) == 7 and loop_thread not in seen
    assert running[1] == auth.limits.hash_threads == 1
    if sys.platform.startswith("linux"):
        assert niceness == {min(19, os.getpriority(os.PRIO_PROCESS, 0) + CHECK_NICENESS)}


async def test_a_throttled_ssh_name_waits_its_turn_and_others_sign_in(tmp_path, short_dir, caplog):
    """Wrong passwords for ana make her next attempts wait, longer each time
    (an asyncio sleep: the loop goes on); ben, from the same address, still
    signs in at once; every failure is in the log with name and address,
    never the password."""
    caplog.set_level(logging.INFO)
    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    set_password(passwords, "ben", "ben's own secret")
    # (Waits far longer than the test: the attempts are recorded, not waited out.)
    limits = SignInLimits(free_per_name=2, base_delay=100, max_delay=10_000)
    auth = Auth(passwords=passwords, limits=limits)
    waits: list[float] = []

    async def recorded(seconds):
        waits.append(round(seconds, 1))
        await asyncio.sleep(0)  # (the test does not wait them out)

    auth.sign_ins.sleep = recorded
    srv = await server(tmp_path, short_dir, auth)
    try:
        for i in range(5):
            assert not await signs_in(srv, "ana", password=f"guess {i}")
        assert await signs_in(srv, "ben", password="ben's own secret")
        assert await signs_in(srv, "ana", password="ana's own secret")  # after her wait
    finally:
        await srv.close()
    assert len(waits) == 4 and waits == sorted(waits) and waits[-1] > 2 * waits[0] > 0
    said = [r.getMessage() for r in caplog.records]
    failed = [m for m in said if m.startswith("failed sign-in")]
    assert len(failed) == 5 and all("'ana' from 127.0.0.1 (ssh)" in m for m in failed)
    assert "name ana: too many failed sign-ins; each further attempt waits" in "\n".join(said)
    assert not any("guess" in r.getMessage() for r in caplog.records)


async def test_a_throttled_browser_name_is_told_to_wait(tmp_path, short_dir, caplog):
    """In the browser a throttled name is answered at once: "Too many
    attempts: wait N s", without a check (the right password too, until the
    wait ends); another name still signs in, and so does anyone from another
    address than a throttled one."""
    caplog.set_level(logging.INFO)
    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    limits = SignInLimits(free_per_name=3, free_per_address=5, base_delay=30)
    auth = Auth(password=SHARED, passwords=passwords, limits=limits)
    server_ = await web_server(tmp_path / "data", short_dir, auth)
    try:
        async with browser() as http:
            for i in range(3):
                assert (await sign_in(http, server_, "ana", f"guess {i}")).status == 403
            got = await sign_in(http, server_, "ana", "ana's own secret")
            assert got.status == 429
            assert "Too many attempts: wait 30 s." in await got.text()
            assert (await sign_in(http, server_, "zoe", SHARED)).status == 303
        # The address limit is apart from the name's: from 127.0.0.2, a
        # flood of wrong passwords for other names does not stop ben.
        async with aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(local_addr=("127.0.0.2", 0)),
            cookie_jar=aiohttp.CookieJar(unsafe=True),
        ) as other:
            for i in range(auth.limits.free_per_address + 2):
                await sign_in(other, server_, f"x{i}", "wrong")
            assert (await sign_in(other, server_, "x0", "wrong")).status == 429
            async with browser() as http:
                assert (await sign_in(http, server_, "ben", SHARED)).status == 303
    finally:
        await server_.close()
    failed = [r.getMessage() for r in caplog.records if r.getMessage().startswith("failed")]
    assert "failed sign-in as 'ana' from 127.0.0.1 (web)" in failed
    assert any("from 127.0.0.2 (web)" in m for m in failed)
    assert not any("guess" in r.getMessage() or SHARED in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("kind", ["ssh", "web"])
def test_too_many_waiting_checks_are_refused_at_once(kind):
    """Beyond ``max_pending`` checks waiting for a thread, an attempt is
    answered "busy" without queueing (nothing grows under a flood)."""
    from florencia_tui.net.signin import SignIns

    async def run():
        sign_ins = SignIns(SignInLimits(max_pending=2, free_per_address=99, free_per_name=99))
        gate = threading.Event()
        try:
            attempts = [
                asyncio.ensure_future(
                    sign_ins.attempt(f"n{i}", "10.0.0.1", kind, gate.wait, wait=kind == "ssh")
                )
                for i in range(5)
            ]
            for _ in range(3):  # each attempt runs up to its first wait
                await asyncio.sleep(0)
            done = [a.result().why for a in attempts if a.done()]
            gate.set()
            await asyncio.gather(*attempts)
            return done
        finally:
            gate.set()
            sign_ins.close()

    assert asyncio.run(run()) == ["busy"] * 3
