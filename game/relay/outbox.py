"""Each connection's outgoing frames, written by a task of its own: a room never waits on a socket.

A room (or the hub) queues text and closes here and goes on at once; one writer task per
connection hands them to the transport in order. A client that stops reading fills its socket
buffer, and the write in progress then waits: the hub's watchdog cuts any connection whose write
has made no progress for `send_seconds` on the relay's clock, or whose queue outgrows `limit` bytes. A cut aborts
the transport (no closing handshake to wait for), so the seat goes away as any lost link does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from typing import Protocol

from game.relay.collector import let_go

log = logging.getLogger(__name__)


class Link(Protocol):
    """One connection as the transport offers it: text out, a close with a code, its round trip."""

    @property
    def latency(self) -> float:
        """Seconds of the last keepalive round trip (0 before the first)."""

    async def send(self, text: str) -> None:
        """Send one frame (a link that died mid-send is noticed by the transport)."""

    async def close(self, code: int, reason: str) -> None:
        """Close with a websocket close code and a reason a person can read."""

    def abort(self) -> None:
        """Drop the connection now, without a closing handshake (it is not reading)."""

    def backlog(self) -> int:
        """Bytes written but not yet taken by the socket (they shrink while the peer reads)."""


class Outbox:
    """The frames one connection has yet to be sent, and the task writing them."""

    def __init__(self, link: Link, clock: Callable[[], float], limit: float) -> None:
        self.link, self.clock, self.limit = link, clock, limit
        self.frames: deque[str | tuple[int, str]] = deque()  # text, or a close (code, reason)
        self.queued = 0  # bytes waiting in `frames`
        self.busy_since: float | None = None  # when the write under way began, or last moved (clock)
        self.backlog = 0  # the transport's unsent bytes at the watchdog's last look
        self.closing = False  # a close is queued: nothing more goes
        self.cut = False
        self.writer: asyncio.Task[None] | None = None

    def put(self, text: str) -> None:
        """Queue one frame (dropped once the connection closes; a queue past `limit` cuts it)."""
        if self.closing or self.cut:
            return
        if self.queued + len(text) > self.limit:
            self.cut_off()
            return
        self.frames.append(text)
        self.queued += len(text)
        self._write()

    def close(self, code: int, reason: str) -> None:
        """Close once the frames queued before have gone."""
        if self.closing or self.cut:
            return
        self.closing = True
        self.frames.append((code, reason))
        self._write()

    def stuck(self, now: float, deadline: float) -> bool:
        """True when the write under way has made no progress for `deadline` seconds (a big frame
        on a slow link that is still draining is not stuck)."""
        if self.busy_since is None:
            return False
        backlog = self.link.backlog()
        if backlog < self.backlog:
            self.busy_since = now
        self.backlog = backlog
        return now - self.busy_since >= deadline

    def cut_off(self) -> None:
        """Drop the connection now: its frames are forgotten and its transport aborted."""
        if self.cut:
            return
        self.cut, self.closing = True, True
        self.frames.clear()
        self.queued = 0
        if self.writer is not None:
            self.writer.cancel()
        self.link.abort()

    def drained(self) -> asyncio.Task[None] | None:
        """The writer while it has frames to write (goodbye waits for it), else None."""
        return self.writer if self.writer is not None and not self.writer.done() else None

    def _write(self) -> None:
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._drain())
            self.writer.add_done_callback(let_go)  # a cut writer frees by refcount (collector.py)

    async def _drain(self) -> None:
        while self.frames:
            frame = self.frames.popleft()
            self.busy_since = self.clock()
            try:
                if isinstance(frame, str):
                    self.queued -= len(frame)
                    await self.link.send(frame)
                else:
                    with contextlib.suppress(Exception):  # a close that fails has closed all the same
                        await self.link.close(*frame)
            finally:
                self.busy_since = None


def cut_stuck(outboxes: list[Outbox], now: float, deadline: float) -> None:
    """Cut every connection whose write under way has made no progress for `deadline` seconds."""
    for outbox in outboxes:
        if outbox.stuck(now, deadline):
            log.info("a connection that stopped reading was cut after %.0f s", deadline)
            outbox.cut_off()
