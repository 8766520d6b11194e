"""Handing a connection on to the relay that serves its room (a fleet sharing one Redis store).

A hello for a room whose lease another live relay holds is not refused when that relay published
where its peers reach it (`serve --peer-url`, kept beside the leases): this relay opens a websocket
to the owner's `/ws/CODE` and pipes frames both ways, unread. The owner learns the client's
address from `X-Market-Hall-Peer`, signed with the fleet's shared secret (`--fleet-secret-file`) and
fresh: a header anyone could write would let a client pick the address its caps are counted on.
When the owner's link ends without a close of its own (it died, it shut down) the client is closed
with 1012 ("try again"): the app reconnects, lands where its proxy sends it, and that relay takes
the room's lease once the dead owner's has lapsed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import ipaddress
import json
import logging
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.relay import refusals as r

if TYPE_CHECKING:
    from game.relay.hub import Hub
    from game.relay.roomtask import Seated

log = logging.getLogger(__name__)
PEER_HEADER = "X-Market-Hall-Peer"  # "ADDRESS STAMP SIGNATURE": the client a peer hands on
FRESH = 300.0  # seconds a signed header stays good (the peers' clocks may differ by a little)
QUEUED = 256  # frames from the client waiting for the owner's link before the client is cut
DIED = (1001, 1006, 1011)  # the owner went away or broke: the client reconnects (1012) wherever it lands


@runtime_checkable
class Directory(Protocol):
    """Where each relay of a fleet is reached by its peers (a shared store keeps it)."""

    async def announce(self, node: str, url: str, seconds: float) -> None:
        """Say for `seconds` that relay `node` is reached at `url` (renewed with the leases)."""

    async def withdraw(self, node: str) -> None:
        """Relay `node` stops: nobody is handed on to it any more."""

    async def owner(self, code: str) -> str | None:
        """Where the relay holding room `code`'s lease is reached, if it said so."""


def _sign(secret: bytes, address: str, stamp: str) -> str:
    return hmac.new(secret, f"{address} {stamp}".encode(), hashlib.sha256).hexdigest()


def vouch(secret: bytes, address: str, now: float) -> str:
    """The header a relay sends its peer for a client at `address` (its cap key) at wall time `now`."""
    stamp = str(int(now))
    return f"{address} {stamp} {_sign(secret, address, stamp)}"


def vouched(secret: bytes | None, header: str | None, now: float) -> str | None:
    """The client address a peer's header names, when it is signed with the fleet's `secret` and
    fresh; None otherwise (no secret here, no header, or one a client wrote itself)."""
    if not secret or not header:
        return None
    parts = header.split(" ")
    if len(parts) != 3 or not parts[1].isdigit() or abs(now - int(parts[1])) > FRESH:
        return None
    address, stamp, signature = parts
    if not hmac.compare_digest(signature, _sign(secret, address, stamp)):
        return None
    try:
        ipaddress.ip_network(address, strict=False)  # an address, or an IPv6 /64 (how caps key it)
    except ValueError:
        return None
    return address


def hello_frames(msg: dict[str, Any], backlog: list[dict[str, Any]]) -> list[str]:
    """The hello and the frames that came behind it, as text again (each passed the schema)."""
    return [json.dumps(m, separators=(",", ":")) for m in (msg, *backlog)]


def closing(ws: ClientConnection) -> tuple[int, str]:
    """How to close the client once the owner's link has ended: the owner's own close, passed on,
    unless the owner went away or broke (then 1012: reconnect, the room is served elsewhere next)."""
    said = ws.protocol.close_rcvd
    if said is None or said.code in DIED:
        return 1012, "room moved: reconnect"
    return said.code, said.reason


class Pipe:
    """One client connection piped to the relay that owns its room."""

    def __init__(self, hub: Hub, seated: Seated, url: str, first: list[str]) -> None:
        self.hub, self.seated, self.url = hub, seated, url
        self.queue: deque[str | bytes] = deque(first)
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def forward(self, raw: str | bytes) -> bool:
        """Queue a client frame for the owner (False: too many wait; the client is cut)."""
        if len(self.queue) >= QUEUED:
            return False
        self.queue.append(raw)
        self.wake.set()
        return True

    def start(self) -> None:
        self.task = self.hub.spawn(self.run())

    def stop(self) -> None:
        """The client left: the owner's link is closed (a room there sees a lost link)."""
        if self.task is not None:
            self.task.cancel()

    async def run(self) -> None:
        hub, seated = self.hub, self.seated
        config = hub.config
        assert config.fleet_secret is not None
        try:
            ws = await connect(self.url, additional_headers={PEER_HEADER: vouch(config.fleet_secret, seated.address,
                                                                                 config.wall())},
                               open_timeout=config.peer_connect_seconds, proxy=None, compression=None,
                               max_size=None, ping_interval=config.ping_interval, ping_timeout=config.ping_timeout,
                               close_timeout=config.close_timeout)
        except Exception as exc:  # refused, timed out, not a relay: whatever the peer did, the client retries
            log.warning("a room's owner at %s did not answer (%s: %s): the client is told to try again", self.url,
                        type(exc).__name__, exc)
            hub.unpipe(seated)
            hub.send(seated, r.error(r.ROOM_ELSEWHERE()))
            hub.close(seated, 1013, "room served by another relay")
            return
        try:
            await self._pipe(ws)
        finally:
            hub.unpipe(seated)
            with contextlib.suppress(Exception):  # the client left (cancelled) or the owner did
                await asyncio.shield(ws.close())

    async def _pipe(self, ws: ClientConnection) -> None:
        writer = self.hub.spawn(self._write(ws))
        try:
            async for text in ws:
                self.hub.pass_on(self.seated, text if isinstance(text, str) else text.decode())
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
        self.hub.close(self.seated, *closing(ws))

    async def _write(self, ws: ClientConnection) -> None:
        """The client's frames to the owner, in order."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                while self.queue:
                    await ws.send(self.queue.popleft())
                self.wake.clear()
                await self.wake.wait()
