"""Room semantics of the relay: rooms by code, caps per address, hellos, knocks, expiry.

The hub knows nothing of websockets: a connection reaches it as a `Link` (send text, close with
a code) plus the frames the transport hands to `receive`. Each frame is checked (rate, size,
schema) and queued for its room's task; hellos create, join, resume or knock (or, for a room
another relay of a fleet serves, are piped to it by handoff.py, which opens that websocket). Every timer here
and in the rooms reads one injected clock (`ServerConfig.clock`); `nudge` tells the waiting
timers and rooms that a test moved it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import secrets
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.relay import correspondence as corr
from game.relay import lobby as lb
from game.relay import refusals as r
from game.relay.collector import let_go
from game.relay.config import BACKLOG, REFUSALS_ANSWERED, ServerConfig
from game.relay.handoff import Directory, Pipe, hello_frames
from game.relay.outbox import Link, Outbox, cut_stuck
from game.relay.protocol import (
    DAYS_PER_MOVE,
    Buckets,
    ProtocolError,
    RateLimit,
    decode_client,
    encode,
    encode_for_older,
    http_url,
    invite_link,
    new_code,
    normalise_code,
    room_url,
    websocket_url,
)
from game.relay.rooms import Room
from game.relay.roomtask import RoomTask, Seated
from game.relay.store import FleetCaps, LeaseLost, RoomStore, public_cause
from rules.record import UnknownRules
from rules.refusal import Refusal
from rules.registry import GameUnavailable, get_game
from rules.words import counted

log = logging.getLogger(__name__)
SWEEP_STORED = 3600.0  # seconds between looks at the stored correspondence rooms nobody has asked for
KEEP_MARGIN = 3600.0  # a live room's store expiry outlasts the relay's own by this (a dead relay's rooms go)


def _seq_of(raw: str | bytes) -> int | None:
    """The sequence number of a well-formed `act`, else None."""
    try:
        msg = decode_client(raw)
    except ProtocolError:
        return None
    return msg["seq"] if msg["type"] == "act" else None


def peer_url(config: ServerConfig) -> str | None:
    """Where the other relays of a fleet reach this one (`ws://HOST:PORT/ws`): `--peer-url`, else
    the address it listens on unless that is every address (0.0.0.0, ::: which one would a peer
    use?). None without a fleet secret: a peer could not vouch for the clients it hands on."""
    if config.fleet_secret is None:
        return None
    if config.peer_url is not None:
        return websocket_url(config.peer_url)
    try:
        anywhere = ipaddress.ip_address(config.host.strip("[]")).is_unspecified
    except ValueError:
        anywhere = not config.host  # a host name is an address peers can use
    return None if anywhere else websocket_url(http_url(config.host, config.port))


class Hub:
    """Every room of one server process, the store behind them and the bot worker threads."""

    def __init__(self, config: ServerConfig, store: RoomStore) -> None:
        self.config, self.store, self.clock = config, store, config.clock
        self.rooms: dict[str, RoomTask] = {}
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")
        self.public_url = config.public_url or http_url(config.host, config.port)
        self.messages_in = self.messages_out = self.bytes_out = 0
        self.updates_held = 0  # updates that waited for a byte budget (a seat's or its address's)
        self.failing: dict[str, str] = {}  # room code -> why its store fails (logged once)
        self.owners: dict[str, str] = {}  # room code -> the address that created it
        self.created: dict[str, deque[float]] = {}  # address -> recent creation times (clock)
        self._tasks: set[asyncio.Task[Any]] = set()
        self.budgets: dict[str, tuple[RateLimit, RateLimit]] = {}  # address -> bytes out, sync bytes
        self.links: set[Seated] = set()  # every open connection (the send watchdog looks them over)
        self.send_looks = 0  # times the send watchdog has looked (tests wait for its next look)
        self._moved: asyncio.Future[None] | None = None  # resolved when the clock is nudged
        self._swept_stored = -SWEEP_STORED  # when stored correspondence rooms were last looked over
        self.node = secrets.token_hex(6)  # this process, in the leases of a shared store
        self.loading: dict[str, asyncio.Task[RoomTask | Refusal]] = {}  # rooms being loaded from the store
        # a fleet's handoff (handoff.py): where peers reach this relay, and the connections piped on
        self.directory = store if store.shared and isinstance(store, Directory) else None
        self.caps = store if store.shared and isinstance(store, FleetCaps) else None  # caps the fleet shares
        self.peer_url = peer_url(config)
        self.pipes: dict[Seated, Pipe] = {}
        self.from_peers: set[Seated] = set()  # connections a peer handed on (never handed on again)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run a coroutine in the background, keeping a reference so it is not collected."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(let_go)  # a cancelled timer's traceback holds its connection (collector.py)
        return task

    # the clock ----------------------------------------------------------------------------
    def nudge(self) -> None:
        """The clock moved (a test advanced it): every timer and room looks at it again now."""
        moved, self._moved = self._moved, None
        if moved is not None and not moved.done():
            moved.set_result(None)
        for task in self.rooms.values():
            task.wake.set()

    async def sleep_until(self, when: float) -> None:
        """Wait until the clock reads `when` (waking early to look again whenever it is nudged)."""
        while (left := when - self.clock()) > 0:
            if self._moved is None:
                self._moved = asyncio.get_running_loop().create_future()
            await asyncio.wait({self._moved}, timeout=left)

    # health and the store ---------------------------------------------------------------------
    def stats(self) -> dict[str, Any]:
        """Health figures (no secrets, no room codes): not ok while any room cannot be saved."""
        conns = sum(len(r.conns) for r in self.rooms.values())
        cause = next(iter(self.failing.values()), "")
        store = f"failing in {counted(len(self.failing), 'room')}: {cause}" if self.failing else "ok"
        return {"ok": not self.failing, "store": store, "rooms": len(self.rooms), "connections": conns}

    def failed(self, code: str, exc: Exception) -> None:
        """A room's save failed: logged once until it works again (a dropped room is not news)."""
        if code in self.rooms and code not in self.failing:
            self.failing[code] = public_cause(exc)
            log.error("room %s: the store cannot save it (%s: %s); moves are refused until it can",
                      code, type(exc).__name__, exc)

    def recovered(self, code: str) -> None:
        """A room's save worked (again)."""
        if self.failing.pop(code, None) is not None:
            log.warning("room %s: the store saves it again", code)

    async def load(self) -> None:
        """Bring back every stored room (a room that no longer replays is logged and dropped). A
        shared store's rooms are loaded one by one when a connection asks for them, instead."""
        if self.store.shared:
            return
        for record in await self.store.load_all():
            code = record.get("code")
            if not isinstance(code, str) or normalise_code(code) != code:
                log.warning("a stored room whose code is not a room code was refused: %.40r", code)
                continue
            room = self._restore(record)
            if room is not None:
                self.rooms[room.code] = RoomTask(self, room)

    def _restore(self, record: dict[str, Any]) -> Room | None:
        """A stored room, its match replayed (None: logged, its files stay or it is dropped)."""
        try:
            return Room.from_stored(record, get_game(record["lobby"]["game"]), self.clock, self.config.wall)
        except UnknownRules as exc:
            log.warning("stored room %s is not resumed (its files stay): %s", record.get("code"), exc.reason)
        except Exception:
            log.exception("stored room could not be resumed; it is dropped")
        return None

    async def fetch(self, code: str) -> RoomTask | Refusal:
        """The room with `code`: in memory, or loaded from the store now (a seat asked for it): a
        correspondence room, or any room of a shared store once this process holds its lease. One
        whose grace after its end is over is deleted instead. A refusal when there is none here."""
        task = self.rooms.get(code)
        if task is not None:
            return task
        loading = self.loading.get(code)
        if loading is None:  # one load per room however many hellos ask at once
            loading = self.loading[code] = self.spawn(self._load_one(code))
            loading.add_done_callback(lambda _t: self.loading.pop(code, None))
        return await asyncio.shield(loading)

    async def _load_one(self, code: str) -> RoomTask | Refusal:
        fence = await self.store.lease(code, self.node, 0, self.config.lease_seconds)
        if fence <= 0:
            return r.ROOM_ELSEWHERE() if fence == 0 else r.NO_ROOM()
        try:
            room = await self._load_record(code)
        except BaseException:
            await self.store.release(code, self.node, fence)
            raise
        if room is None:
            await self.store.release(code, self.node, fence)
            return r.NO_ROOM()
        await self.store.expire(code, self.keep_seconds(room))
        log.info("room %s loaded", code)
        task = self.rooms[code] = RoomTask(self, room)
        task.fence = fence
        return task

    async def _load_record(self, code: str) -> Room | None:
        record = await self.store.fetch(code)
        if record is None or not isinstance(record.get("lobby"), dict):
            return None
        if not self.store.shared and not record.get("days"):  # one process: its live rooms came at boot
            return None
        if corr.stale(record, self.config.wall()):
            await self.store.delete(code)
            return None
        return self._restore(record)

    def drop(self, code: str) -> None:
        """Close and forget a room (its files are deleted after any save of it that is under way)."""
        task = self.rooms.pop(code, None)
        self.owners.pop(code, None)
        self.failing.pop(code, None)
        if task is not None and task.close():
            return  # its save is running on a worker thread: the files go once it has ended
        self.forget(code)

    def forget(self, code: str) -> None:
        """Delete a dropped room's files (in the background)."""
        self.spawn(self._delete(code))

    async def _delete(self, code: str) -> None:
        try:
            await self.store.delete(code)
        except Exception as exc:  # a file that will not go, a store gone away: its expiry is the backstop
            log.warning("room %s: could not delete it from the store: %s", code, public_cause(exc))

    def lost(self, code: str) -> None:
        """This process no longer holds the room's lease (it lapsed: a pause, a long Redis outage):
        what it holds in memory may be stale, so the room leaves memory unsaved and its connections
        are closed with 1012 ("try again"): they reconnect, and whoever serves the room next loads it
        from its record."""
        task = self.rooms.pop(code, None)
        self.owners.pop(code, None)
        self.failing.pop(code, None)
        if task is None:
            return
        log.warning("room %s: its lease was lost; it leaves this process", code)
        task.closed = task.moved = True
        task.task.cancel()
        for seated in [*task.conns.values(), *task.knocking.values()]:
            seated.room = None
            self.close(seated, 1012, "room moved: reconnect")

    def expire(self) -> None:
        """Delete rooms nobody is connected to: after `empty_seconds`, or `idle_seconds` for a
        match still being played by people (they may come back to it). A correspondence room is
        never deleted for that: it leaves memory (the store keeps it) and goes only once stale."""
        now = self.clock()
        live = {s.address for s in self.links}  # an address with no link and no debt keeps no budget
        for address, budgets in list(self.budgets.items()):
            if address not in live and all(b.refill() >= b.burst for b in budgets):
                del self.budgets[address]
        for code, task in list(self.rooms.items()):
            if task.conns or task.knocking or task.empty_since is None:
                continue
            if task.room.days is not None:
                if now - task.empty_since >= self.config.empty_seconds:
                    self._set_down(code, task)
                continue
            people = any(s.bot is None for s in task.room.lobby.seats)
            limit = self.config.idle_seconds if task.room.playing and people else self.config.empty_seconds
            if now - task.empty_since >= limit:
                log.info("room %s expired", code)
                self.drop(code)

    def _set_down(self, code: str, task: RoomTask) -> None:
        """A correspondence room nobody is at: deleted once stale, else only out of memory (a seat
        asking for it loads it again). Not while a save runs or a move is unsaved: next sweep."""
        if task.saving or task.room.dirty or task.room.unsaved()[0] or task.jobs:
            return
        if corr.stale(task.room.stored(), self.config.wall()):
            log.info("correspondence room %s expired", code)
            self.drop(code)
            return
        del self.rooms[code]
        self.owners.pop(code, None)
        task.close()
        self.spawn(self.store.release(code, self.node, task.fence))  # a seat may be served elsewhere now

    async def sweep_stored(self) -> None:
        """Delete stored correspondence rooms whose grace is over (records read in one call)."""
        wall = self.config.wall()  # the time of this look (the reads below take a while)
        codes = [code for code in await self.store.correspondence() if code not in self.rooms]
        for code, record in (await self.store.peek_many(codes)).items():
            if code not in self.rooms and corr.stale(record, wall):
                log.info("correspondence room %s expired", code)
                self.forget(code)

    async def sweep(self) -> None:
        """Expire idle rooms now and then (and look over the stored correspondence rooms hourly)."""
        config = self.config
        while True:
            await self.sleep_until(self.clock() + max(0.05, min(60.0, config.empty_seconds / 2,
                                                                config.idle_seconds / 2)))
            self.expire()
            if self.clock() - self._swept_stored >= SWEEP_STORED:
                self._swept_stored = self.clock()
                await self.sweep_stored()

    async def keep(self) -> None:
        """Renew, every third of a lease (real seconds: the store's clock), the lease of every room
        in memory (a shared store; a room whose lease lapsed leaves this process) and, every quarter
        of it, each room's expiry in the store."""
        while True:
            await asyncio.sleep(self.config.lease_seconds / 3)
            try:
                await self.renew()
            except Exception as exc:  # the store is away: rooms pause (saves fail) until it is back
                log.warning("the store cannot renew leases: %s", public_cause(exc))

    async def renew(self) -> None:
        """One round of `keep`."""
        await self.announce()
        wall = self.config.wall()
        rooms = list(self.rooms.items())
        if self.store.shared:  # every lease in a few calls (one per RENEW_BATCH rooms), not one per room
            held = {code: task.fence for code, task in rooms if not task.closed}
            lost = await self.store.renew(self.node, held, self.config.lease_seconds)
            for code, task in rooms:
                if code in lost and self.rooms.get(code) is task:
                    self.lost(code)
            rooms = [(code, task) for code, task in rooms if code not in lost]
        for code, task in rooms:
            keep = self.keep_seconds(task.room)
            if keep is not None and wall - task.renewed >= keep / 4 and not task.closed:
                task.renewed = wall
                await self.store.expire(code, keep)

    async def announce(self) -> None:
        """Say where peers reach this relay, for twice a lease (renewed with the leases): a relay
        that dies is no longer named once its leases have lapsed."""
        if self.directory is not None and self.peer_url is not None:
            await self.directory.announce(self.node, self.peer_url, 2 * self.config.lease_seconds)

    async def release_all(self) -> None:
        """The process stops: its leases go at once (another relay may serve its rooms now), then
        the store's connections."""
        if self.directory is not None and self.peer_url is not None:
            await self.directory.withdraw(self.node)
        if self.store.shared:
            for code, task in list(self.rooms.items()):
                await self.store.release(code, self.node, task.fence)
        await self.store.close()

    async def goodbye(self, refusal: Refusal) -> None:
        """Tell every connection why this server stops, and close it for good (1000: do not retry);
        waits (at most `close_timeout` and a second) for those words to be written."""
        for task in self.rooms.values():
            for seated in list(task.conns.values()):
                self.send(seated, r.error(refusal))
                self.close(seated, 1000, "server closing")
        writers = {w for s in self.links if s.outbox is not None and (w := s.outbox.drained()) is not None}
        if writers:
            await asyncio.wait(writers, timeout=self.config.close_timeout + 1.0)

    def send(self, seated: Seated, msg: dict[str, Any]) -> None:
        """Queue one message for a connection (its own task writes it: nobody waits on a socket)."""
        self.send_text(seated, encode(msg.pop("type"), **msg))

    def send_text(self, seated: Seated, text: str) -> None:
        """Queue one message already encoded."""
        self.messages_out += 1
        self.bytes_out += len(text)
        seated.out.spend(len(text))
        assert seated.outbox is not None
        seated.outbox.put(text)

    def close(self, seated: Seated, code: int, reason: str) -> None:
        """Close a connection once what was queued for it has gone (in the background)."""
        assert seated.outbox is not None
        seated.outbox.close(code, reason)

    async def watch_sends(self) -> None:
        """Cut every connection whose write has made no progress for `send_seconds` (a client that
        stopped reading): its seat goes away as any lost link does, and its room plays on."""
        while True:
            await self.sleep_until(self.clock() + max(0.05, self.config.send_seconds / 4))
            cut_stuck([s.outbox for s in self.links if s.outbox is not None], self.clock(), self.config.send_seconds)
            self.send_looks += 1

    # connections -----------------------------------------------------------------------------
    def connect(self, link: Link, address: str, path: str | None = None, from_peer: bool = False) -> Seated:
        """A new connection (`path`: the room its URL names, if any; `from_peer`: a relay of the
        fleet handed it on): it must say hello (and be seated) within `hello_seconds`."""
        config = self.config
        own = RateLimit(config.out_bytes, config.out_burst, self.clock)
        seated = Seated(link, limit=RateLimit(config.rate, config.burst, self.clock, config.forgive),
                        address=address, out=Buckets(own, self.address_budgets(address)[0]),
                        outbox=Outbox(link, self.clock, config.out_queue), path=path)
        seated.timer = self.spawn(self._watch(seated, self.clock() + config.hello_seconds))
        self.links.add(seated)
        if from_peer:
            self.from_peers.add(seated)
        return seated

    def address_budgets(self, address: str) -> tuple[RateLimit, RateLimit]:
        """The bytes an address's seats may be sent and their `sync` answers may cost, together."""
        budgets = self.budgets.get(address)
        if budgets is None:
            config, share = self.config, self.config.address_seats
            budgets = self.budgets[address] = (
                RateLimit(config.out_bytes * share, config.out_burst * share, self.clock),
                RateLimit(config.sync_bytes * share, config.sync_burst * share, self.clock))
        return budgets

    def disconnect(self, seated: Seated) -> None:
        """The connection closed: its timer stops and its seat (if any) is reconnecting."""
        self.links.discard(seated)
        self.from_peers.discard(seated)
        if seated.timer is not None:
            seated.timer.cancel()
        pipe = self.pipes.pop(seated, None)
        if pipe is not None:
            pipe.stop()
        if seated.room is not None:
            task = seated.room
            task.submit(lambda: task.unbind(seated))

    async def receive(self, seated: Seated, raw: str | bytes) -> None:
        """One frame from a connection: checked, then queued for its room (or taken as a hello)."""
        self.messages_in += 1
        if not seated.limit.allow():
            self._flooding(seated, raw)
            return
        pipe = self.pipes.get(seated)
        if pipe is not None:  # handed on: the owner reads it
            if not pipe.forward(raw):
                self.close(seated, 1008, "too many messages: disconnected")
            return
        try:
            msg = decode_client(raw)
        except ProtocolError as exc:
            if exc.legacy is not None:  # an older client: told to update in words it can show, then let go
                self.send_text(seated, encode_for_older(exc))
                if seated.seat is None:  # no hello of its version will ever do
                    self.close(seated, 1008, "update Market Hall")
            else:
                self.send(seated, r.error(exc.refusal))
            return
        try:
            await self._route(seated, msg)
        except Exception:  # a bug must cost one answer, never the connection
            log.exception("a message could not be handled")
            self._refuse(seated, msg, r.SERVER_ERROR())

    async def _watch(self, seated: Seated, due: float) -> None:
        """Close a connection not seated by `due` (any hello, failed or not, counts for nothing);
        a knock waits `knock_seconds` more."""
        await self.sleep_until(due)
        if seated in self.pipes:  # handed on: the owner keeps the time
            return
        if seated.seat is None and seated.knocking:
            await self.sleep_until(due + self.config.knock_seconds)
            if seated.seat is None:
                self.close(seated, 1008, "nobody let you in")
        elif seated.seat is None and seated.room is None:
            self.close(seated, 1008, "say hello first")

    def _refuse(self, seated: Seated, msg: dict[str, Any], refusal: Refusal) -> None:
        """Say no: a move by its number, anything else as an error."""
        self.send(seated, r.refused(msg["seq"], refusal) if msg["type"] == "act" else r.error(refusal))

    def _flooding(self, seated: Seated, raw: str | bytes) -> None:
        """Over the rate limit: a move is still refused by number; the rest are answered a few
        times only; past `flood` refusals the connection is closed with 1008 and the reason."""
        refused = seated.limit.refused
        if refused > self.config.flood:
            self.close(seated, 1008, "too many messages: disconnected")
            return
        seq = _seq_of(raw)
        if seq is not None:
            self.send(seated, r.refused(seq, r.SLOW_DOWN()))
        elif refused <= REFUSALS_ANSWERED:
            self.send(seated, r.error(r.SLOW_DOWN()))

    async def _route(self, seated: Seated, msg: dict[str, Any]) -> None:
        task = seated.room
        if seated.seat is not None and task is not None:
            task.submit(lambda: self.guarded(task, seated, msg))
        elif seated.greeted and task is None or seated.backlog:
            await self._behind_hello(seated, msg)
        elif task is not None:  # knocking, or a connection whose seat went elsewhere
            self._refuse(seated, msg, r.WAIT_FOR_HOST() if seated.knocking else r.NO_SEAT())
        else:
            await self._hello(seated, msg)

    async def _behind_hello(self, seated: Seated, msg: dict[str, Any]) -> None:
        """A frame while the hello is on its way: kept in order and handled once seated."""
        if len(seated.backlog) < BACKLOG:
            seated.backlog.append(msg)
            return
        self._refuse(seated, msg, r.HELLO_BACKLOG())

    def guarded(self, task: RoomTask, seated: Seated, msg: dict[str, Any]) -> None:
        """Handle one message in its room; a refusal goes back to the seat (a move's by number)."""
        try:
            task.handle(seated, msg)
        except lb.LobbyError as exc:
            if seated.seat is not None:
                task.room.out.append((seated.seat, r.error(exc.refusal)))
        except Exception:
            log.exception("room %s: a %s request failed; the room goes on", task.room.code, msg["type"])
            if seated.seat is not None and msg["type"] == "act":
                task.room.out.append((seated.seat, r.refused(msg["seq"], r.SERVER_ERROR())))

    # hellos ------------------------------------------------------------------------------------
    async def _hello(self, seated: Seated, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        refusal: Refusal | None
        if self._misrouted(seated, msg):
            return
        if kind == "create":
            refusal = await self._create(seated, msg)
        elif kind == "status":
            await self._status(seated, msg["rooms"])
            return
        elif kind in ("join", "resume"):
            seated.greeted = True  # a second hello while this one loads its room is refused
            task = await self.fetch(msg["room"].upper())
            if isinstance(task, Refusal) and task.code == r.ROOM_ELSEWHERE.code and await self._hand_on(seated, msg):
                return
            seated.greeted = False
            if isinstance(task, Refusal):
                refusal = task
                if refusal.code == r.ROOM_ELSEWHERE.code:  # another live relay serves it: the app tries again
                    self._refuse(seated, msg, refusal)
                    self.close(seated, 1013, "room served by another relay")
                    return
            else:
                seated.greeted = True
                task.submit(lambda: self._enter(task, seated, msg))
                return
        else:
            refusal = r.HELLO_FIRST()
        if refusal:
            self._refuse(seated, msg, refusal)

    async def _status(self, seated: Seated, held: list[list[str]]) -> None:
        """One answer for every room a device sits in, from records alone (nothing is replayed or
        loaded); then the connection is closed. A room or seat the relay does not know says gone."""
        wall, out = self.config.wall(), []
        stored = await self.store.peek_many([code.upper() for code, _ in held if code.upper() not in self.rooms])
        for code, token in held:
            if not self.may_serve(code.upper()):
                out.append({"room": code.upper(), "elsewhere": True})
                continue
            task = self.rooms.get(code.upper())
            record = task.room.stored() if task is not None else stored.get(code.upper())
            seat = None if record is None else corr.status(record, token, wall)
            out.append(seat if seat is not None else {"room": code.upper(), "gone": True})
        self.send(seated, {"type": "status", "rooms": out})
        self.close(seated, 1000, "status sent")

    # a fleet ------------------------------------------------------------------------------------
    def may_serve(self, code: str) -> bool:
        """Whether this process may serve room `code` (the one place a fleet decides it): any room
        without `--node`; with one, the rooms its prefix names and any it already holds; and on a
        shared store any room at all (a backup node takes over its lease when its home node is down)."""
        node = self.config.node
        return node is None or self.store.shared or code.startswith(node) or code in self.rooms

    def _misrouted(self, seated: Seated, msg: dict[str, Any]) -> bool:
        """Refuse (and close) a hello that does not name the room its URL names (1008: a client's
        mistake), or one for a room another node keeps (1013: the proxy's routing is off, or the
        room's node is down: the client tries again later)."""
        if msg["type"] not in ("create", "join", "resume", "status"):
            return False  # not a hello: refused as one
        rooms = [msg["room"]] if "room" in msg else [c for c, _ in msg.get("rooms", [])]
        named = [str(normalise_code(c)) for c in rooms]  # the schema let only codes through
        if seated.path is not None and seated.path not in named:
            self._refuse(seated, msg, r.ROOM_PATH(room=seated.path))
            self.close(seated, 1008, "wrong room for this address")
            return True
        if msg["type"] in ("join", "resume") and not self.may_serve(named[0]):
            self._refuse(seated, msg, r.ELSEWHERE(room=named[0]))
            self.close(seated, 1013, "room kept by another node")
            return True
        return False

    async def _hand_on(self, seated: Seated, msg: dict[str, Any]) -> bool:
        """Pipe a join or resume for a room another live relay owns to that relay, when it said
        where its peers reach it (handoff.py); False: refused as before (the client retries).
        Never a connection a peer handed on (no loops), never past `pipes` at once."""
        if self.directory is None or self.peer_url is None or seated in self.from_peers:
            return False
        if len(self.pipes) >= self.config.pipes:
            log.warning("%s piped on already: a connection for another relay's room is refused",
                        counted(len(self.pipes), "connection"))
            return False
        code = msg["room"].upper()
        try:
            owner = await self.directory.owner(code)
        except Exception as exc:  # the store is away: refused as before
            log.warning("room %s: cannot look up its owner: %s", code, public_cause(exc))
            return False
        if owner is None or owner == self.peer_url or seated not in self.links:
            return False
        frames, seated.backlog = hello_frames(msg, seated.backlog), []
        pipe = self.pipes[seated] = Pipe(self, seated, room_url(owner, code), frames)
        pipe.start()
        return True

    def unpipe(self, seated: Seated) -> None:
        """A piped connection's owner link has ended (the client is closed next)."""
        self.pipes.pop(seated, None)

    def pass_on(self, seated: Seated, text: str) -> None:
        """A frame from a room's owner to the client it was handed (the owner budgets it)."""
        self.messages_out += 1
        self.bytes_out += len(text)
        assert seated.outbox is not None
        seated.outbox.put(text)

    def _room_cap(self, address: str) -> Refusal | None:
        """Why `address` may not open another room now, or None."""
        recent = self.created.setdefault(address, deque())
        now = self.clock()
        while recent and recent[0] < now - 60.0:
            recent.popleft()
        if len(recent) >= self.config.rooms_per_minute:
            return r.ROOMS_PER_MINUTE(count=self.config.rooms_per_minute)
        if sum(1 for owner in self.owners.values() if owner == address) >= self.config.rooms_per_address:
            return r.ROOMS_PER_ADDRESS(count=self.config.rooms_per_address)
        recent.append(now)
        return None

    async def _fleet_cap(self, address: str) -> Refusal | None:
        """`_room_cap` counted in the shared store, so it holds across every relay of the fleet."""
        assert self.caps is not None
        held = await self.caps.admit(address, self.config.rooms_per_minute, self.config.rooms_per_address)
        if held == "minute":
            return r.ROOMS_PER_MINUTE(count=self.config.rooms_per_minute)
        if held == "open":
            return r.ROOMS_PER_ADDRESS(count=self.config.rooms_per_address)
        return None

    async def _create(self, seated: Seated, msg: dict[str, Any]) -> Refusal | None:
        try:
            game = get_game(msg["game"])
        except GameUnavailable:
            return r.NO_GAME()
        days = msg.get("days")
        if days is not None and game.realtime:
            return r.REALTIME_ONLY(game=game.name)
        if days is not None and days not in DAYS_PER_MOVE:
            return r.DAYS_PER_MOVE(days=",".join(map(str, DAYS_PER_MOVE)))
        seated.greeted = True  # a second hello while this one is counted and claims a code waits behind it
        try:
            capped = self._room_cap(seated.address) if self.caps is None else await self._fleet_cap(seated.address)
            if capped is not None:
                seated.greeted = False
                return capped
            room, fence = await self._claim_code(game, msg, days)
            if self.caps is not None:
                await self.caps.opened(seated.address, room.code)
        except BaseException:
            seated.greeted = False
            raise
        code, lobby = room.code, room.lobby
        task = RoomTask(self, room)
        task.fence = fence
        self.rooms[code] = task
        self.owners[code] = seated.address
        log.info("room %s created for %s", code, game.name)

        def opened() -> None:
            seat, token = lobby.open_room(msg["name"])
            task.bind(seated, seat, token)
            ticket = lobby.issue_ticket(seat, self.config.wall())
            room.out.append((seat, {"type": "invite", "room": code, "ticket": ticket,
                                    "link": invite_link(self.public_url, code, ticket)}))

        task.submit(opened)
        return None

    async def _claim_code(self, game: Any, msg: dict[str, Any], days: int | None) -> tuple[Room, int]:
        """A new room under a fresh code, created in the store only if that code is free there
        (atomic: two relays on one store never share a code), with its expiry and lease."""
        while True:
            code = new_code(lambda c: c in self.rooms or c in self.loading, self.config.node or "")
            lobby = lb.Lobby(game.name, game.min_seats, game.max_seats, tuple(game.bot_levels))
            room = Room(code, game, lobby, msg.get("seed"), msg.get("options"), self.config.scale, self.clock,
                        days, self.config.wall)
            room.last_active = self.config.wall()
            if await self.store.create(code, room.stored()):
                break
        await self.store.expire(code, self.keep_seconds(room))
        fence = await self.store.lease(code, self.node, 0, self.config.lease_seconds)
        if fence <= 0:  # only a relay that guessed this fresh code could hold it (or it expired at once)
            raise LeaseLost(code)
        return room, fence

    def keep_seconds(self, room: Room) -> float | None:
        """How long the store keeps a room after its last renewal (None: a correspondence room,
        deleted by the sweep once stale): a backstop for a relay that died with it in memory."""
        return None if room.days is not None else max(self.config.idle_seconds, self.config.empty_seconds) + KEEP_MARGIN

    def _enter(self, task: RoomTask, seated: Seated, msg: dict[str, Any]) -> None:
        lobby = task.room.lobby
        try:
            if msg["type"] == "resume":
                held = (msg["match"], msg["have"]) if "match" in msg and "have" in msg else None
                task.bind(seated, lobby.seat_of(msg["token"]), None, held)
            elif "ticket" in msg:
                seat, token = lobby.join_with_ticket(msg["ticket"], msg["name"], self.config.wall(), msg.get("key"))
                task.bind(seated, seat, token)
            else:
                request = lobby.knock(msg["name"])
                task.knocking[request] = seated
                seated.room, seated.knocking = task, True
                self.send(seated, {"type": "knocking", "room": task.room.code, "request": request})
                task.knock_news()
                self._refuse_backlog(seated, r.WAIT_FOR_HOST())
        except lb.LobbyError as exc:
            seated.greeted = False
            self.send(seated, r.error(exc.refusal))
            self._refuse_backlog(seated, exc.refusal)

    def _refuse_backlog(self, seated: Seated, refusal: Refusal) -> None:
        """Frames that came behind a hello that seated nobody: each move is refused by number."""
        backlog, seated.backlog = seated.backlog, []
        for msg in backlog:
            if msg["type"] == "act":
                self.send(seated, r.refused(msg["seq"], refusal))
