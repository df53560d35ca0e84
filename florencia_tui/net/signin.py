"""Password sign-ins that neither stall the server nor give way to guessing.

Every password check (SSH and browser alike) goes through one
:class:`SignIns`:

* **Off the event loop, a few at a time.** The check (reading the passwords
  file and one scrypt hash, ~16 MiB and tens of milliseconds) runs in a small
  thread pool of its own (``SignInLimits.hash_threads``), at a lower priority
  than the loop and the players' apps; at most
  ``SignInLimits.max_pending`` checks wait for it, and an attempt beyond that is
  refused at once ("busy"), so a flood queues neither memory nor time.
* **Attempts are limited** per player name and per source address (an IPv6
  address by its /64): after ``free_per_name`` (``free_per_address``) wrong
  passwords, each further attempt waits ``base_delay`` seconds, doubling with
  every failure up to ``max_delay``. The wait is an ``asyncio.sleep`` (SSH)
  or an answer "too many attempts, wait N s" (browser), never a blocked
  loop, and waiting attempts take turns (one check per delay), so parallel
  connections guess no faster. A name's count ends when it signs in; a key
  is forgotten ``forget`` seconds after its last failure; at most
  ``max_tracked`` keys are kept.
* **Failed sign-ins are logged** (name, address, channel; never a password).

What makes a password right, and which name it may take, is the caller's
check (:meth:`florencia_tui.net.sshd.Auth.password_stamp`), which spends one
hash whatever the name, so that the time taken tells nothing.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
import os
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from florencia_tui.net.passwords import CredentialsUnavailable

log = logging.getLogger("florencia.signin")

#: Under a flood, "busy" refusals are logged at most this often (seconds).
BUSY_LOG_EVERY = 10.0
#: How much the password checks' threads defer to the rest (a nice increment).
CHECK_NICENESS = 10


@dataclass(frozen=True)
class SignInLimits:
    """The sign-in limits (``florencia serve`` options; docs/security.md)."""

    free_per_name: int = 5  # wrong passwords for a name before attempts wait
    free_per_address: int = 20  # ... from one address (an IPv6 /64)
    base_delay: float = 1.0  # the first wait, doubled at every further failure
    max_delay: float = 60.0  # the longest wait
    forget: float = 15 * 60.0  # seconds after its last failure a key is forgotten
    max_tracked: int = 10_000  # names and addresses remembered at most
    hash_threads: int = 1  # password checks at once (each a core for tens of ms)
    max_pending: int = 32  # checks waiting for a thread; more are refused at once


@dataclass
class _Record:
    failures: int = 0
    next_at: float = 0.0  # no attempt is checked before this (monotonic) time
    last: float = 0.0  # the last failure


def address_key(address: str) -> str:
    """The throttled unit of a source address: itself, or an IPv6 address's /64
    (one host is usually given a whole /64)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Throttle:
    """Failed attempts per key (``("name", N)``, ``("address", A)``) and the
    growing wait they impose; times are given (a monotonic clock)."""

    def __init__(self, limits: SignInLimits) -> None:
        self.limits = limits
        self.records: OrderedDict[tuple[str, str], _Record] = OrderedDict()

    def delay(self, key: tuple[str, str], failures: int) -> float:
        """How long the attempt after ``failures`` failures of ``key`` waits."""
        lim = self.limits
        free = lim.free_per_name if key[0] == "name" else lim.free_per_address
        if failures < free:
            return 0.0
        return min(lim.max_delay, lim.base_delay * 2.0 ** min(failures - free, 64))

    def _live(self, keys, now: float) -> list[tuple[tuple[str, str], _Record]]:
        out = []
        for key in keys:
            rec = self.records.get(key)
            if rec is None:
                continue
            if rec.next_at <= now and now - rec.last > self.limits.forget:
                del self.records[key]
                continue
            out.append((key, rec))
        return out

    def wait(self, keys, now: float) -> float:
        """Seconds before an attempt on ``keys`` may be checked (0: now)."""
        return max([0.0] + [rec.next_at - now for _, rec in self._live(keys, now)])

    def claim(self, keys, now: float) -> float:
        """Take the next turn on ``keys``: the seconds to wait for it. Each turn
        on a throttled key moves its next one a delay later."""
        live = self._live(keys, now)
        start = max([now] + [rec.next_at for _, rec in live])
        for key, rec in live:
            gap = self.delay(key, rec.failures)
            if gap:
                rec.next_at = start + gap
        return start - now

    def failed(self, keys, now: float) -> list[tuple[tuple[str, str], float]]:
        """Count a failure on each key; the keys (and their waits) that it
        throttles from now on."""
        throttled = []
        for key in keys:
            rec = self.records.pop(key, None) or _Record()
            self.records[key] = rec  # the most recent last
            rec.failures += 1
            rec.last = now
            gap = self.delay(key, rec.failures)
            rec.next_at = max(rec.next_at, now + gap)
            if gap and self.delay(key, rec.failures - 1) == 0:
                throttled.append((key, gap))
        self._prune(now)
        return throttled

    def succeeded(self, key: tuple[str, str]) -> None:
        self.records.pop(key, None)

    def _prune(self, now: float) -> None:
        if len(self.records) <= self.limits.max_tracked:
            return
        self._live(list(self.records), now)  # drops the forgotten ones
        while len(self.records) > self.limits.max_tracked:
            self.records.popitem(last=False)


def _yield_the_cpu() -> None:
    """A sign-in thread runs at a lower priority (Linux sets it per thread):
    when the cores are busy, the event loop and the players' apps go first."""
    if not sys.platform.startswith("linux"):  # (elsewhere a thread has no priority of its own)
        return
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), CHECK_NICENESS)
    except OSError:
        pass


@dataclass
class Outcome:
    """How an attempt ended: ``ok`` with the ``stamp`` of the credential that
    signed in, or why not: "wrong", "throttled" (``wait`` seconds), "busy"
    (too many checks waiting), "closed" (a credential source cannot be read),
    "gone" (the client left while it waited)."""

    ok: bool
    stamp: str | None = None
    why: str = ""
    wait: float = 0.0

    @property
    def wait_words(self) -> str:
        return f"{max(1, math.ceil(self.wait))} s"


class SignIns:
    """The password checks of one server, its SSH and browser sides together."""

    def __init__(self, limits: SignInLimits | None = None) -> None:
        self.limits = limits or SignInLimits()
        self.throttle = Throttle(self.limits)
        self.pending = 0  # checks running or waiting for a thread
        self.busy = 0  # attempts refused because too many were waiting
        self._busy_said = -math.inf
        self._pool: ThreadPoolExecutor | None = None
        self.clock = time.monotonic
        self.sleep = asyncio.sleep  # (a test records the waits)

    def _threads(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(
                max_workers=self.limits.hash_threads,
                thread_name_prefix="florencia-signin",
                initializer=_yield_the_cpu,
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def attempt(
        self,
        name: str,
        address: str,
        via: str,
        check: Callable[[], str | None],
        wait: bool = True,
        wanted: Callable[[], bool] = lambda: True,
    ) -> Outcome:
        """Run ``check`` (in a thread: the stamp of the credential that signs
        ``name`` in, or None) within the limits. ``wait``: a throttled attempt
        waits its turn (SSH) instead of being answered "throttled" at once
        (browser); ``wanted``: whether the client still waits for an answer."""
        keys = (("name", name), ("address", address_key(address)))
        now = self.clock()
        if wait:
            delay = self.throttle.claim(keys, now)
            if delay > self.limits.max_delay:  # a queue of turns: wait the most, then no
                await self.sleep(self.limits.max_delay)
                return Outcome(False, why="throttled", wait=delay - self.limits.max_delay)
            if delay > 0:
                await self.sleep(delay)
                if not wanted():
                    return Outcome(False, why="gone")
        else:
            delay = self.throttle.wait(keys, now)
            if delay > 0:
                return Outcome(False, why="throttled", wait=delay)
            self.throttle.claim(keys, now)
        if self.pending >= self.limits.max_pending:
            self.busy += 1
            if self.clock() - self._busy_said >= BUSY_LOG_EVERY:  # a flood: one line, not each
                self._busy_said = self.clock()
                log.warning(
                    "sign-in as %r from %s (%s) refused: %d checks waiting already (%d refused so)",
                    name,
                    address,
                    via,
                    self.pending,
                    self.busy,
                )
            return Outcome(False, why="busy")
        self.pending += 1
        try:
            stamp = await asyncio.get_running_loop().run_in_executor(self._threads(), check)
        except CredentialsUnavailable as e:
            log.warning(
                "sign-in as %r from %s (%s) refused: %s; every password sign-in is "
                "refused until it is fixed",
                name,
                address,
                via,
                e,
            )
            return Outcome(False, why="closed")
        finally:
            self.pending -= 1
        if stamp is None:
            log.warning("failed sign-in as %r from %s (%s)", name, address, via)
            for (kind, what), gap in self.throttle.failed(keys, self.clock()):
                log.warning(
                    "%s %s: too many failed sign-ins; each further attempt waits "
                    "from %.0f s up to %.0f s",
                    kind,
                    what,
                    gap,
                    self.limits.max_delay,
                )
            return Outcome(False, why="wrong")
        self.throttle.succeeded(keys[0])
        return Outcome(True, stamp=stamp)
