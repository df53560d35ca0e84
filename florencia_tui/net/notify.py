"""Telling players it is their move: ``florencia serve --notify-command PROG``.

When it becomes a player's move at a turn-based table (net/clocks.py) the
service runs the operator's program as ``PROG TABLE GAME PLAYER`` (the table's
code, the game's id, the player's name), never through a shell, so that it
can send mail or a chat message (docs/notify-mail.sh is an example). Nothing
is run, and nothing sent anywhere, without the option.

It never holds up the service: each run is a subprocess awaited off the
event loop's way (asyncio.create_subprocess_exec), at most :data:`AT_ONCE`
run at a time, one that takes longer than :data:`TIMEOUT` is killed, at most
:data:`QUEUED` wait (more are dropped and logged), and a failure is logged,
never fatal.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

log = logging.getLogger("florencia.notify")

TIMEOUT = 30.0  # seconds one run may take
AT_ONCE = 4  # runs at the same time
QUEUED = 200  # runs waiting, at most


class Notifier:
    def __init__(self, program: str | Path, timeout: float = TIMEOUT, at_once: int = AT_ONCE):
        self.program = str(program)
        self.timeout = timeout
        self._slots = asyncio.Semaphore(at_once)
        self._runs: set[asyncio.Task] = set()

    @staticmethod
    def check(program: str | Path) -> str:
        """``program`` if it is a file this user may run; ValueError says why not."""
        path = Path(program)
        if not path.is_file() or not os.access(path, os.X_OK):
            raise ValueError(f"--notify-command {program}: not an executable file")
        return str(path.resolve())

    def send(self, table: str, game: str, player: str) -> None:
        """Run the program for ``player`` (not waited for)."""
        if len(self._runs) >= QUEUED:
            log.warning("notify: %d runs waiting, %s at %s not told", QUEUED, player, table)
            return
        task = asyncio.get_running_loop().create_task(self._run(table, game, player))
        self._runs.add(task)
        task.add_done_callback(self._runs.discard)

    async def _run(self, *args: str) -> None:
        async with self._slots:
            try:
                proc = await asyncio.create_subprocess_exec(
                    self.program,
                    *args,
                    stdin=asyncio.subprocess.DEVNULL,
                    stdout=asyncio.subprocess.DEVNULL,
                    stderr=asyncio.subprocess.DEVNULL,
                    start_new_session=True,
                )
            except OSError as e:
                log.warning("notify: %s could not run: %s", self.program, e)
                return
            try:
                await asyncio.wait_for(proc.wait(), self.timeout)
            except (TimeoutError, asyncio.CancelledError) as e:
                proc.kill()
                await proc.wait()
                if isinstance(e, asyncio.CancelledError):
                    raise
                log.warning(
                    "notify: %s %s took over %g s: killed", self.program, args, self.timeout
                )
                return
            if proc.returncode:
                log.warning("notify: %s %s failed (exit %s)", self.program, args, proc.returncode)

    async def close(self) -> None:
        """Wait a little for runs in progress; the rest are cancelled."""
        if self._runs:
            _, late = await asyncio.wait(list(self._runs), timeout=5)
            for task in late:
                task.cancel()
