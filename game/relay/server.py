"""The online server: websockets on asyncio, one task per room, the rules as the only referee.

Each connection's handler checks messages (size, schema, rate) and queues them for its room's
task, which applies them one at a time in arrival order, ticks real-time rooms, runs the bots
(their thinking on worker threads) and sends each seat what the room queued for it. Frames that
arrive behind a hello, before the room has seated the connection, wait behind it in order. After
every step the room saves first (new moves appended to the store's log, off the event loop) and
only then sends: a move the store could not keep is undone and refused by number. Rooms are
loaded back at start, so a restarted server resumes them and clients reconnect with their seat
tokens. Costs per address and per connection are capped (see ServerConfig). No pygame here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.relay import lobby as lb
from game.relay.pages import request_handler
from game.relay.protocol import (
    MAX_MESSAGE,
    ProtocolError,
    RateLimit,
    decode_client,
    encode,
    invite_link,
    new_code,
    normalise_code,
)
from game.relay.rooms import Room
from game.relay.roomtask import RoomTask, Seated, refusal
from game.relay.store import FileStore, MemoryStore, RoomStore
from rules.registry import GameUnavailable, get_game
from rules.words import counted

log = logging.getLogger(__name__)
SLOW_DOWN = "too many messages: slow down"
REFUSALS_ANSWERED = 20  # refused frames (other than moves) answered per connection; later ones only counted
BACKLOG = 64  # frames kept behind a hello that is still on its way to its room


@dataclass
class ServerConfig:
    """How a server runs (the defaults notice a dead link within about 20 s)."""

    host: str = "127.0.0.1"
    port: int = 8765
    public_url: str | None = None
    data: Path | None = None
    scale: float = 1.0  # match seconds per real second (tests and benchmarks speed time up)
    ping_interval: float = 8.0
    ping_timeout: float = 8.0
    close_timeout: float = 3.0
    away_after: float = 10.0  # seconds "reconnecting" before a seat shows "away"
    idle_seconds: float = 6 * 3600.0  # a match with people in it, nobody connected, is kept this long
    empty_seconds: float = 15 * 60.0  # any other room nobody is connected to is deleted after this
    hello_seconds: float = 10.0  # a connection must be seated (or knocking) within this time
    knock_seconds: float = 600.0  # a knock nobody answers is closed after this
    knock_news: float = 0.5  # knocks within this many seconds reach the host as one lobby picture
    rate: float = 50.0  # messages a second per connection, on average (a person sends a few)
    burst: float = 200.0  # a bot-played Night Market match fits in one burst
    flood: int = 200  # frames refused by the rate limit before the connection is closed (1008) ...
    forgive: float = 1.0  # ... where this many refusals a second are forgotten (a long, calm link stays)
    rooms_per_address: int = 64  # rooms one address may hold open at once (a household plays a few)
    rooms_per_minute: int = 60  # rooms one address may create in a minute
    sync_bytes: float = 64 * 1024.0  # bytes a second a connection's `sync` answers may cost on average
    sync_burst: float = 512 * 1024.0  # ... in one go (a whole five-seat history fits)
    out_bytes: float = 128 * 1024.0  # bytes a second a connection is sent on average; past that its
    out_burst: float = 1024 * 1024.0  # updates wait and go as one (the latest view, every event missed)
    clock: Callable[[], float] = time.monotonic  # seconds, for the per-connection budgets (tests inject one)
    store: RoomStore | None = None  # where rooms are kept (default: a file store in `data`, else memory)


def _address(ws: ServerConnection) -> str:
    peer = ws.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


def _seq_of(raw: str | bytes) -> int | None:
    """The sequence number of a well-formed `act`, else None."""
    try:
        msg = decode_client(raw)
    except ProtocolError:
        return None
    return msg["seq"] if msg["type"] == "act" else None


class Hub:
    """Every room of one server process, the store behind them and the bot worker threads."""

    def __init__(self, config: ServerConfig, store: RoomStore) -> None:
        self.config, self.store = config, store
        self.rooms: dict[str, RoomTask] = {}
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")
        self.public_url = config.public_url or f"http://{config.host}:{config.port}"
        self.messages_in = self.messages_out = self.bytes_out = 0
        self.failing: dict[str, str] = {}  # room code -> why its store fails (logged once)
        self.owners: dict[str, str] = {}  # room code -> the address that created it
        self.created: dict[str, deque[float]] = {}  # address -> recent creation times (monotonic)
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Any) -> None:
        """Run a coroutine in the background, keeping a reference so it is not collected."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def stats(self) -> dict[str, Any]:
        """Health figures (no secrets, no room codes): not ok while any room cannot be saved."""
        conns = sum(len(r.conns) for r in self.rooms.values())
        cause = next(iter(self.failing.values()), "")
        store = f"failing in {counted(len(self.failing), 'room')}: {cause}" if self.failing else "ok"
        return {"ok": not self.failing, "store": store, "rooms": len(self.rooms), "connections": conns}

    def failed(self, code: str, exc: Exception) -> None:
        """A room's save failed: logged once until it works again (a dropped room is not news)."""
        if code in self.rooms and code not in self.failing:
            self.failing[code] = f"{type(exc).__name__}: {exc}"
            log.error("room %s: the store cannot save it (%s); moves are refused until it can",
                      code, self.failing[code])

    def recovered(self, code: str) -> None:
        """A room's save worked (again)."""
        if self.failing.pop(code, None) is not None:
            log.warning("room %s: the store saves it again", code)

    def load(self) -> None:
        """Bring back every stored room (a room that no longer replays is logged and dropped)."""
        for record in self.store.load_all():
            code = record.get("code")
            if not isinstance(code, str) or normalise_code(code) != code:
                log.warning("a stored room whose code is not a room code was refused: %.40r", code)
                continue
            try:
                room = Room.from_record(record, get_game(record["lobby"]["game"]))
            except Exception:
                log.exception("stored room could not be resumed; it is dropped")
                continue
            self.rooms[room.code] = RoomTask(self, room)

    def drop(self, code: str) -> None:
        """Close and forget a room (its files are deleted after any save of it that is under way)."""
        task = self.rooms.pop(code, None)
        self.owners.pop(code, None)
        self.failing.pop(code, None)
        if task is not None and task.close():
            return  # its save is running on a worker thread: the files go once it has ended
        self.forget(code)

    def forget(self, code: str) -> None:
        """Delete a dropped room's files."""
        try:
            self.store.delete(code)
        except OSError as exc:
            log.warning("room %s: could not delete its files: %s", code, exc)

    def expire(self) -> None:
        """Delete rooms nobody is connected to: after `empty_seconds`, or `idle_seconds` for a
        match still being played by people (they may come back to it)."""
        now = time.monotonic()
        for code, task in list(self.rooms.items()):
            if task.conns or task.knocking or task.empty_since is None:
                continue
            people = any(s.bot is None for s in task.room.lobby.seats)
            limit = self.config.idle_seconds if task.room.playing and people else self.config.empty_seconds
            if now - task.empty_since >= limit:
                log.info("room %s expired", code)
                self.drop(code)

    async def goodbye(self, reason: str) -> None:
        """Tell every connection why this server stops, and close it for good (1000: do not retry)."""
        for task in self.rooms.values():
            for seated in list(task.conns.values()):
                await self.send(seated, {"type": "error", "reason": reason})
                with contextlib.suppress(ConnectionClosed):
                    await seated.ws.close(1000, "server closing")

    async def send(self, seated: Seated, msg: dict[str, Any]) -> None:
        """Send one message; a link that died mid-send is noticed by its handler."""
        text = encode(msg.pop("type"), **msg)
        self.messages_out += 1
        self.bytes_out += len(text)
        seated.out.spend(len(text))
        with contextlib.suppress(ConnectionClosed):
            await seated.ws.send(text)

    # connections -----------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        """One connection: a hello (create / join / resume), then requests for its room."""
        config = self.config
        seated = Seated(ws, limit=RateLimit(config.rate, config.burst, config.clock, config.forgive),
                        address=_address(ws), out=RateLimit(config.out_bytes, config.out_burst, config.clock))
        watch = asyncio.get_running_loop().create_task(self._watch(seated))
        try:
            async for raw in ws:
                self.messages_in += 1
                await self._message(seated, raw)
        except ConnectionClosed:
            pass
        finally:
            watch.cancel()
            if seated.room is not None:
                task = seated.room
                task.submit(lambda: task.unbind(seated))

    async def _watch(self, seated: Seated) -> None:
        """Close a connection that is not seated in time (any hello, failed or not, counts for nothing)."""
        await asyncio.sleep(self.config.hello_seconds)
        if seated.seat is None and seated.knocking:
            await asyncio.sleep(self.config.knock_seconds)
            if seated.seat is None:
                await seated.ws.close(1008, "nobody let you in")
        elif seated.seat is None and seated.room is None:
            await seated.ws.close(1008, "say hello first")

    async def _message(self, seated: Seated, raw: str | bytes) -> None:
        if not seated.limit.allow():
            await self._flooding(seated, raw)
            return
        try:
            msg = decode_client(raw)
        except ProtocolError as exc:
            await self.send(seated, {"type": "error", "reason": exc.reason})
            return
        try:
            await self._route(seated, msg)
        except Exception:  # a bug must cost one answer, never the connection
            log.exception("a message could not be handled")
            await self._refuse(seated, msg, "the server could not handle that message")

    async def _refuse(self, seated: Seated, msg: dict[str, Any], reason: str) -> None:
        """Say no: a move by its number, anything else as an error."""
        answer = refusal(msg["seq"], reason) if msg["type"] == "act" else {"type": "error", "reason": reason}
        await self.send(seated, answer)

    async def _flooding(self, seated: Seated, raw: str | bytes) -> None:
        """Over the rate limit: a move is still refused by number; the rest are answered a few
        times only; past `flood` refusals the connection is closed with 1008 and the reason."""
        refused = seated.limit.refused
        if refused > self.config.flood:
            await seated.ws.close(1008, "too many messages: disconnected")
            return
        seq = _seq_of(raw)
        if seq is not None:
            await self.send(seated, refusal(seq, SLOW_DOWN))
        elif refused <= REFUSALS_ANSWERED:
            await self.send(seated, {"type": "error", "reason": SLOW_DOWN})

    async def _route(self, seated: Seated, msg: dict[str, Any]) -> None:
        task = seated.room
        if seated.seat is not None and task is not None:
            task.submit(lambda: self.guarded(task, seated, msg))
        elif seated.greeted and task is None or seated.backlog:
            await self._behind_hello(seated, msg)
        elif task is not None:  # knocking, or a connection whose seat went elsewhere
            reason = "wait for the host to let you in" if seated.knocking else "this connection holds no seat"
            await self._refuse(seated, msg, reason)
        else:
            await self._hello(seated, msg)

    async def _behind_hello(self, seated: Seated, msg: dict[str, Any]) -> None:
        """A frame while the hello is on its way: kept in order and handled once seated."""
        if len(seated.backlog) < BACKLOG:
            seated.backlog.append(msg)
            return
        reason = "too many messages before the answer to your hello"
        await self._refuse(seated, msg, reason)

    def guarded(self, task: RoomTask, seated: Seated, msg: dict[str, Any]) -> None:
        """Handle one message in its room; a refusal goes back to the seat (a move's by number)."""
        try:
            task.handle(seated, msg)
        except lb.LobbyError as exc:
            if seated.seat is not None:
                task.room.out.append((seated.seat, {"type": "error", "reason": exc.reason}))
        except Exception:
            log.exception("room %s: a %s request failed; the room goes on", task.room.code, msg["type"])
            if seated.seat is not None and msg["type"] == "act":
                task.room.out.append((seated.seat, refusal(msg["seq"], "the server could not handle that move")))

    async def _hello(self, seated: Seated, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "create":
            reason = self._create(seated, msg)
        elif kind in ("join", "resume"):
            task = self.rooms.get(msg["room"].upper())
            if task is None:
                reason = "no room with that code (it may have expired)"
            else:
                seated.greeted = True
                task.submit(lambda: self._enter(task, seated, msg))
                return
        else:
            reason = "say create, join or resume first"
        if reason:
            await self._refuse(seated, msg, reason)

    def _room_cap(self, address: str) -> str | None:
        """Why `address` may not open another room now, or None."""
        recent = self.created.setdefault(address, deque())
        now = time.monotonic()
        while recent and recent[0] < now - 60.0:
            recent.popleft()
        if len(recent) >= self.config.rooms_per_minute:
            return f"too many new rooms from your address ({self.config.rooms_per_minute} a minute): wait a minute"
        if sum(1 for owner in self.owners.values() if owner == address) >= self.config.rooms_per_address:
            return f"your address already holds {self.config.rooms_per_address} open rooms: leave one first"
        recent.append(now)
        return None

    def _create(self, seated: Seated, msg: dict[str, Any]) -> str | None:
        try:
            game = get_game(msg["game"])
        except GameUnavailable as exc:
            return str(exc)
        capped = self._room_cap(seated.address)
        if capped is not None:
            return capped
        code = new_code(lambda c: c in self.rooms or self.store.exists(c))
        lobby = lb.Lobby(game.name, game.min_seats, game.max_seats, tuple(game.bot_levels))
        room = Room(code, game, lobby, msg.get("seed"), msg.get("options"), self.config.scale)
        task = RoomTask(self, room)
        self.rooms[code] = task
        self.owners[code] = seated.address
        seated.greeted = True
        log.info("room %s created for %s", code, game.name)

        def opened() -> None:
            seat, token = lobby.open_room(msg["name"])
            task.bind(seated, seat, token)
            ticket = lobby.issue_ticket(seat, time.time())
            room.out.append((seat, {"type": "invite", "room": code, "ticket": ticket,
                                    "link": invite_link(self.public_url, code, ticket)}))

        task.submit(opened)
        return None

    def _enter(self, task: RoomTask, seated: Seated, msg: dict[str, Any]) -> None:
        lobby = task.room.lobby
        try:
            if msg["type"] == "resume":
                task.bind(seated, lobby.seat_of(msg["token"]), None)
            elif "ticket" in msg:
                seat, token = lobby.join_with_ticket(msg["ticket"], msg["name"], time.time(), msg.get("key"))
                task.bind(seated, seat, token)
            else:
                request = lobby.knock(msg["name"])
                task.knocking[request] = seated
                seated.room, seated.knocking = task, True
                self.spawn(self.send(seated, {"type": "knocking", "room": task.room.code, "request": request}))
                task.knock_news()
                self._refuse_backlog(seated, "wait for the host to let you in")
        except lb.LobbyError as exc:
            seated.greeted = False
            self.spawn(self.send(seated, {"type": "error", "reason": exc.reason}))
            self._refuse_backlog(seated, exc.reason)

    def _refuse_backlog(self, seated: Seated, reason: str) -> None:
        """Frames that came behind a hello that seated nobody: each move is refused by number."""
        backlog, seated.backlog = seated.backlog, []
        for msg in backlog:
            if msg["type"] == "act":
                self.spawn(self.send(seated, refusal(msg["seq"], reason)))

    async def sweep(self) -> None:
        """Expire idle rooms now and then."""
        while True:
            await asyncio.sleep(max(0.05, min(60.0, self.config.empty_seconds / 2, self.config.idle_seconds / 2)))
            self.expire()


async def run_server(config: ServerConfig, ready: Callable[[str, Server], None],
                     stop: asyncio.Future[None] | None = None) -> None:
    """Serve until `stop` resolves (forever without one); `ready(url, server)` once listening."""
    store: RoomStore = config.store or (FileStore(config.data) if config.data else MemoryStore())
    hub = Hub(config, store)
    hub.load()
    async with serve(hub.handler, config.host, config.port, process_request=request_handler(hub.stats),
                     origins=[None], max_size=MAX_MESSAGE, compression=None,
                     ping_interval=config.ping_interval, ping_timeout=config.ping_timeout,
                     close_timeout=config.close_timeout) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        if config.port == 0:
            config.port = port
            hub.public_url = config.public_url or f"http://{config.host}:{port}"
        server.hub = hub
        ready(hub.public_url, server)
        sweeper = asyncio.get_running_loop().create_task(hub.sweep())
        try:
            await (stop if stop is not None else asyncio.get_running_loop().create_future())
        finally:
            sweeper.cancel()
            for task in hub.rooms.values():
                task.task.cancel()
            hub.pool.shutdown(wait=False, cancel_futures=True)


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

    def stop(self, timeout: float = 10.0, goodbye: str | None = None) -> None:
        """Stop serving and join the thread (first telling everyone connected `goodbye`, if given)."""
        loop, stop = self._loop, self._stop
        if loop is not None and self.hub is not None and goodbye and self._thread.is_alive():
            farewell = asyncio.run_coroutine_threadsafe(self.hub.goodbye(goodbye), loop)
            with contextlib.suppress(Exception):  # a stuck link must not keep the app from quitting
                farewell.result(3.0)
        if loop is not None and stop is not None:
            loop.call_soon_threadsafe(_finish, stop)
        self._thread.join(timeout)
