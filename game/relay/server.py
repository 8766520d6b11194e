"""The relay's transport: websockets on asyncio and plain HTTP pages on the same port.

Each websocket connection is handed to the hub (game/relay/hub.py) as a `Link`, and its frames
go to `Hub.receive`; the hub and its room tasks hold every room rule. This module only listens,
wraps connections, answers HTTP (/health, invite landing pages) and runs a server on a thread for
the host's own app and for tests. No pygame here.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import threading
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.relay.config import ServerConfig
from game.relay.handoff import PEER_HEADER, vouched
from game.relay.hub import Hub, peer_url
from game.relay.lagprobe import LagProbe, write_lines
from game.relay.pages import request_handler
from game.relay.protocol import MAX_MESSAGE, http_url, path_room
from game.relay.store import RoomStore, open_store
from rules.refusal import Refusal

__all__ = ["ServerConfig", "ServerThread", "WsLink", "run_server"]


class WsLink:
    """A websocket connection as the hub sees it (a link that closed under us is no error here)."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws

    @property
    def latency(self) -> float:
        """Seconds of the last keepalive round trip (0 before the first)."""
        return self.ws.latency

    async def send(self, text: str) -> None:
        """Send one frame; a link that died mid-send is noticed by its handler. A closing link is
        skipped (websockets would wait out the closing handshake before saying it is closed)."""
        if self.ws.state is not State.OPEN:
            return
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(text)

    async def close(self, code: int, reason: str) -> None:
        """Close with `code` and `reason`."""
        with contextlib.suppress(ConnectionClosed):
            await self.ws.close(code, reason)

    def abort(self) -> None:
        """Drop the TCP connection now (a peer that stopped reading never finishes a handshake)."""
        self.ws.transport.abort()

    def backlog(self) -> int:
        """Bytes the transport holds that the socket has not taken yet."""
        return self.ws.transport.get_write_buffer_size()


def address_key(address: str) -> str:
    """What caps count an address as: an IPv4 address itself, an IPv6 one by its /64 (one home or
    one host is handed a whole /64: keyed on the full address, it would hold 2^64 caps)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def client_address(peer: str, headers: Headers, trust_proxy: str | None) -> str:
    """The address a connection's caps are keyed on. Behind a reverse proxy every TCP peer is the
    proxy: only when the peer is `trust_proxy` is the client read from its forwarding header (the
    last X-Forwarded-For entry, the one the proxy itself added; else X-Real-IP). A header from
    anyone else is the client's own say-so and ignored."""
    if trust_proxy is not None and _same(peer, trust_proxy):
        forwarded = ",".join(headers.get_all("X-Forwarded-For")).split(",")[-1].strip()
        for said in (forwarded, headers.get("X-Real-IP", "").strip()):
            if _is_ip(said):
                return address_key(said)
    return address_key(peer)


def _is_ip(text: str) -> bool:
    return _same(text, text)


def _same(a: str, b: str) -> bool:
    """True when `a` and `b` are one IP address (False when either is none)."""
    try:
        return ipaddress.ip_address(a) == ipaddress.ip_address(b)
    except ValueError:
        return False


def _address(ws: ServerConnection, config: ServerConfig) -> tuple[str, bool]:
    """The connection's address, and whether a relay of the fleet handed it on (its signed header
    names the client; a header nobody signed with the fleet's secret is ignored)."""
    peer = ws.remote_address
    address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
    if ws.request is None:
        return address, False
    handed = vouched(config.fleet_secret, ws.request.headers.get(PEER_HEADER), config.wall())
    if handed is not None:
        return handed, True
    return client_address(address, ws.request.headers, config.trust_proxy), False


def connection_handler(hub: Hub) -> Callable[[ServerConnection], Any]:
    """websockets' handler: one connection's frames go to the hub until it closes."""

    async def handler(ws: ServerConnection) -> None:
        sock = ws.transport.get_extra_info("socket")
        if hub.config.send_buffer is not None and sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, hub.config.send_buffer)
        path = path_room(ws.request.path)[1] if ws.request is not None else None
        address, from_peer = _address(ws, hub.config)
        seated = hub.connect(WsLink(ws), address, path, from_peer)
        try:
            async for raw in ws:
                await hub.receive(seated, raw)
        except ConnectionClosed:
            pass
        finally:
            hub.disconnect(seated)

    return handler


async def run_server(config: ServerConfig, ready: Callable[[str, Server], None],
                     stop: asyncio.Future[None] | None = None) -> None:
    """Serve until `stop` resolves (forever without one); `ready(url, server)` once listening."""
    store: RoomStore = config.store or open_store(config.store_url, config.data)
    hub = Hub(config, store)
    await hub.load()
    async with serve(connection_handler(hub), config.host, config.port, process_request=request_handler(hub.stats),
                     origins=[None], max_size=MAX_MESSAGE, compression=None,
                     ping_interval=config.ping_interval, ping_timeout=config.ping_timeout,
                     close_timeout=config.close_timeout, write_limit=config.write_limit) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        if config.port == 0:
            config.port = port
            hub.public_url = config.public_url or http_url(config.host, port)
            hub.peer_url = peer_url(config)
        server.hub = hub
        with contextlib.suppress(Exception):  # the store is away: the keeper says so, and tries again
            await hub.announce()
        ready(hub.public_url, server)
        sweeper = asyncio.get_running_loop().create_task(hub.sweep())
        watchdog = asyncio.get_running_loop().create_task(hub.watch_sends())
        keeper = asyncio.get_running_loop().create_task(hub.keep())
        background = [sweeper, watchdog, keeper, *_probe(hub)]
        try:
            await (stop if stop is not None else asyncio.get_running_loop().create_future())
        finally:
            for task in background:
                task.cancel()
            for room in hub.rooms.values():
                room.task.cancel()
            hub.pool.shutdown(wait=False, cancel_futures=True)
            with contextlib.suppress(Exception):  # a store gone away must not keep the server from stopping
                await asyncio.wait_for(hub.release_all(), 3.0)


def _probe(hub: Hub) -> list[asyncio.Task[None]]:
    """`--lag-probe FILE` (benchmarks): the loop's lag, collection pauses and the hub's counters of
    what it sent and held, appended to FILE each second."""
    if hub.config.lag_probe is None:
        return []
    probe, loop = LagProbe(), asyncio.get_running_loop()

    def counters() -> dict[str, int]:
        return {"held": hub.updates_held, "messages_out": hub.messages_out, "bytes_out": hub.bytes_out}

    return [loop.create_task(probe.run()), loop.create_task(write_lines(probe, hub.config.lag_probe, counters))]


def _finish(stop: asyncio.Future[None]) -> None:
    if not stop.done():
        stop.set_result(None)


class ServerThread:
    """A server on a background thread (tests, benchmarks, and a host's own app)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.url = ""
        self.hub: Hub | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._failed: OSError | None = None
        self._thread = threading.Thread(target=self._main, name="market-hall-server", daemon=True)

    def start(self, timeout: float = 10.0) -> str:
        """Start and wait until listening; returns the public URL (OSError: it cannot listen there)."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the server did not start")
        if self._failed is not None:
            raise self._failed
        return self.url

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        except OSError as exc:  # the port is taken, or the address is not ours: start() says so at once
            self._failed = exc
            self._ready.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()

        def ready(url: str, server: Server) -> None:
            self.url, self.hub = url, server.hub  # type: ignore[attr-defined]
            self._ready.set()

        await run_server(self.config, ready, self._stop)

    @property
    def alive(self) -> bool:
        """True while the server thread runs."""
        return self._thread.is_alive()

    def call(self, fn: Callable[[], Any]) -> None:
        """Run `fn` on the server's loop (tests poke at rooms this way)."""
        assert self._loop is not None
        self._loop.call_soon_threadsafe(fn)

    def stop(self, timeout: float = 10.0, goodbye: Refusal | None = None) -> None:
        """Stop serving and join the thread (first telling everyone connected `goodbye`, if given)."""
        loop, stop = self._loop, self._stop
        if loop is not None and self.hub is not None and goodbye and self._thread.is_alive():
            farewell = asyncio.run_coroutine_threadsafe(self.hub.goodbye(goodbye), loop)
            with contextlib.suppress(Exception):  # a stuck link must not keep the app from quitting
                farewell.result(3.0)
        if loop is not None and stop is not None:
            loop.call_soon_threadsafe(_finish, stop)
        self._thread.join(timeout)
