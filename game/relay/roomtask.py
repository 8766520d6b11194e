"""The one task that owns a room, and the connections seated in it.

A room's requests (from connection handlers and finished bot decisions) queue here and are applied
one at a time in arrival order; after each step the task saves what changed (new moves appended
to the store's log, awaited: the store never blocks the loop) and only then sends each seat what
the room queued for it. A move the store could not keep is undone and refused by number; a write
refused because this process's lease on the room lapsed (a shared store) sends nothing and the
room leaves this process (`Hub.lost`). A connection over its
outbound byte budget has its updates held and then sent as one (the latest view, every event it
missed, every answer they carried); knock news for the host is coalesced the same way in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.relay import lobby as lb
from game.relay import refusals as r
from game.relay.collector import let_go
from game.relay.outbox import Link, Outbox
from game.relay.protocol import Buckets, RateLimit, encode, invite_link
from game.relay.rooms import Room
from game.relay.store import LeaseLost

if TYPE_CHECKING:
    from game.relay.hub import Hub

log = logging.getLogger(__name__)
INVITES_PER_SECOND, INVITE_BURST = 1 / 10, 8.0  # a host inviting a table of friends, one by one
REWIND_SECONDS = 5.0  # a `sync` with `have` behind what was sent resends history at most this often


@dataclass
class Allowance:
    """What one seat may be sent, kept across its connections: reconnecting buys no fresh budget."""

    out: RateLimit  # the bytes it is sent (past them its updates wait and go as one)
    sync: RateLimit  # the bytes its `sync` answers may cost (each drawn on with its address's)
    rewound_at: float = -REWIND_SECONDS  # when a `sync` last resent history from `have`


@dataclass(eq=False)
class Seated:
    """A connection and the seat it holds (None until it has joined)."""

    link: Link
    room: RoomTask | None = None
    seat: int | None = None
    limit: RateLimit = field(default_factory=RateLimit)
    greeted: bool = False  # a hello is on its way to a room: a second one is refused
    address: str = ""
    backlog: list[dict[str, Any]] = field(default_factory=list)  # frames behind the hello, in order
    knocking: bool = False
    out: RateLimit | Buckets = field(default_factory=lambda: RateLimit(1e12, 1e12))  # the bytes it is sent
    held: list[int] | None = None  # over its byte budget: updates wait (the answers they carried)
    timer: asyncio.Task[None] | None = None  # closes it if it is not seated in time
    outbox: Outbox | None = None  # what it has yet to be sent (the hub makes it on connect)
    path: str | None = None  # the room its URL names (`/ws/ROOM`): its hello must be for that room


class RoomTask:
    """The one task that owns a room: a queue of requests, applied in arrival order."""

    def __init__(self, hub: Hub, room: Room) -> None:
        self.hub, self.room = hub, room
        # A deque and an Event, not asyncio.Queue + wait_for: on Python 3.11 a wait_for timeout
        # racing a put can drop the item (measured here: a move left unanswered every few matches).
        self.jobs: deque[Callable[[], None]] = deque()
        self.wake = asyncio.Event()
        self.conns: dict[int, Seated] = {}
        self.knocking: dict[int, Seated] = {}
        self.empty_since: float | None = hub.clock()  # nobody connected since (expiry)
        self.closed = False  # dropped: nothing more is saved (its files are gone)
        self.moved = False  # its lease lapsed: it left this process, its record stays for the next owner
        self.saving = False  # a store call is under way
        self.fence = 1  # the number of this process's lease on the room (a shared store checks it)
        self.renewed = hub.config.wall()  # when the room's expiry in the store was last renewed
        self.knock_due: float | None = None  # when the host is next told of knocks (coalesced)
        self.allowances: dict[int, Allowance] = {}  # seat -> its budgets, whichever link holds it
        self.invites = RateLimit(INVITES_PER_SECOND, INVITE_BURST, hub.clock)  # tickets the host may ask for
        self.task = asyncio.get_running_loop().create_task(self.run(), name=f"room {room.code}")
        self.task.add_done_callback(let_go)  # dropped (cancelled), it frees by refcount (collector.py)

    def submit(self, job: Callable[[], None]) -> None:
        """Queue a request (from a connection handler or a finished bot decision)."""
        self.jobs.append(job)
        self.wake.set()

    async def run(self) -> None:
        """Apply requests, tick, run bots, save, send; until the room is closed."""
        while not self.closed:
            if not self.jobs:
                self.wake.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), min(self.room.next_wake(), self._own_wait()))
            job = self.jobs.popleft() if self.jobs else None
            mark = (self.room.version, dict(self.room.sent))  # what the seats knew before this step
            try:
                if job is not None:
                    job()
                self._step()
            except Exception:
                log.exception("room %s: a request failed; the room goes on", self.room.code)
            await self._flush(mark)

    def _step(self) -> None:
        room = self.room
        room.tick()
        room.apply_bots()
        room.mark_away(self.hub.config.away_after)
        self._tell_host()
        loop = asyncio.get_running_loop()
        for plan in room.plan_bots():
            future = loop.run_in_executor(self.hub.pool, room.bots.decide, plan)
            future.add_done_callback(lambda _f: self.wake.set())
        self._latency()

    def knock_news(self) -> None:
        """Someone knocked or stopped knocking: the host hears of it soon, once for a whole burst."""
        if self.knock_due is None:
            self.knock_due = self.hub.clock() + self.hub.config.knock_news

    def _tell_host(self) -> None:
        """Knock news goes to the host alone (the only one who sees knocks), when it is due."""
        if self.knock_due is None or self.hub.clock() < self.knock_due:
            return
        self.knock_due = None
        room = self.room
        host = room.lobby.host
        if host < len(room.lobby.seats):
            room.out.append((host, {"type": "lobby", **room.lobby_view(host)}))

    def _latency(self) -> None:
        changed = False
        for seat, seated in self.conns.items():
            if seat < len(self.room.lobby.seats):
                changed |= self.room.set_latency(seat, seated.link.latency * 1000 if seated.link.latency else None)
        if changed:  # latency is not in the record: told, not written
            self.room.broadcast_lobby(kept=False)

    async def _flush(self, mark: tuple[int, dict[int, int]]) -> None:
        """Save, then send: nobody is told of a move the store does not hold."""
        try:
            wrote = await self._save()
        except LeaseLost:  # another process may serve the room now: nothing here is told
            self.hub.lost(self.room.code)
            return
        except Exception as exc:  # a full or read-only disk, a store gone away
            self._save_failed(exc, mark)
        else:
            if wrote:
                self.hub.recovered(self.room.code)
        room = self.room
        out, room.out = room.out, []
        for seat, msg in out:
            seated = self.conns.get(seat)
            if seated is None:
                continue
            if msg["type"] == "update" and (seated.held is not None or seated.out.refill() < 0):
                self._hold(seated, seat, msg)
            else:
                self.hub.send(seated, msg)
        self._release()

    def _hold(self, seated: Seated, seat: int, msg: dict[str, Any]) -> None:
        """Over its byte budget: the update waits; its events count as not sent, its answer is kept."""
        room = self.room
        room.sent[seat] = min(room.sent.get(seat, 0), msg["from"])
        self.hub.updates_held += 1
        seated.held = seated.held or []
        if "answer" in msg:
            seated.held.append(msg["answer"])

    def _release(self) -> None:
        """Each seat whose updates waited gets one, once its budget allows: the latest view and every
        event since what it last received, answering every move those updates answered."""
        for seat, seated in list(self.conns.items()):
            if seated.held is None or seated.out.refill() < 0:
                continue
            answers, seated.held = seated.held, None
            if self.room.state is None:
                continue  # back in the lobby: its picture went out; a new deal sends all again
            msg = self.room.update(seat, answers[-1] if answers else None)
            if len(answers) > 1:
                msg["answers"] = answers
            self.hub.send(seated, msg)

    def _own_wait(self) -> float:
        """Seconds until held updates may go or knock news is due (a long time when neither)."""
        waits = [s.out.wait() for s in self.conns.values() if s.held is not None]
        if self.knock_due is not None:
            waits.append(max(0.0, self.knock_due - self.hub.clock()))
        return min(waits, default=3600.0)

    async def _save(self) -> bool:
        """Write what the store lacks (the record if it changed, new moves appended); True if anything."""
        room = self.room
        entries, fresh = room.unsaved()
        if self.closed or not (room.dirty or fresh or entries):
            return False
        self.saving = True
        store = self.hub.store
        try:
            if room.dirty or fresh:
                room.last_active = self.hub.config.wall()
                await store.save(room.code, room.stored(), self.fence)
                room.dirty = False
            if (entries or fresh) and not self.closed:
                await store.append(room.code, room.match_no, entries, fresh, self.fence)
            finished = room.unarchived()
            if finished is not None and not self.closed:  # kept for good: a rematch or expiry loses nothing
                await store.archive(room.code, room.match_no, finished.to_json())
                room.archived = room.match_no
        finally:
            self.saving = False
            if self.closed and not self.moved:  # dropped while a write ran: only now may its files go
                self.hub.forget(room.code)
        room.saved = (room.match_no, len(room.log))
        return True

    def close(self) -> bool:
        """The room is dropped: stop it; True when a save is under way (it deletes the files after)."""
        self.closed = True
        if self.saving:
            return True
        self.task.cancel()
        self.jobs.clear()  # never run now, and each holds this task (a cycle: collector.py)
        return False

    def _save_failed(self, exc: Exception, mark: tuple[int, dict[int, int]]) -> None:
        """Undo the unsaved moves; movers are refused by number, the others see the kept state."""
        room = self.room
        self.hub.failed(room.code, exc)
        movers = room.rollback(mark)
        if movers is None:
            return  # only the lobby record failed: it stays in memory and is saved again next step
        told = {seat for seat, msg in room.out if msg["type"] == "update"}
        lobby = any(msg["type"] == "lobby" for _, msg in room.out)  # it may say "over": told again below
        room.out = [(seat, msg) for seat, msg in room.out if msg["type"] not in ("update", "lobby")]
        for seat, seq in movers:
            room.out.append((seat, r.refused(seq, r.SAVE_FAILED())))
        if lobby:
            room.broadcast_lobby()
        for seat in sorted(told):
            room.out.append((seat, room.update(seat, None)))

    # requests --------------------------------------------------------------------------------
    def bind(self, seated: Seated, seat: int, token: str | None, held: tuple[int, int] | None = None) -> None:
        """`seated` now holds `seat`; an older connection for it is closed (a reconnect wins).
        `held`: (match number, events) the client already has, so only the rest is sent."""
        old = self.conns.get(seat)
        if old is not None and old is not seated:
            old.seat = None
            self.hub.close(old, 4000, "replaced by a newer connection")
        seated.room, seated.seat, seated.knocking = self, seat, False
        seated.out = Buckets(self._allowance(seat).out, self.hub.address_budgets(seated.address)[0])
        self.conns[seat] = seated
        self.empty_since = None
        joined: dict[str, Any] = {"room": self.room.code, "seat": seat, "game": self.room.game.name,
                                  "scale": self.room.scale, "seq": max(self.room.answers.get(seat, {0: None}))}
        if token is not None:
            joined["token"] = token
        self.room.out.append((seat, {"type": "joined", **joined}))
        self.room.connected(seat, held)
        backlog, seated.backlog = seated.backlog, []
        for msg in backlog:  # frames that came in behind the hello, in their order
            self.hub.guarded(self, seated, msg)

    def unbind(self, seated: Seated) -> None:
        """The connection closed: if it still held its seat, the seat is reconnecting."""
        for request, knocker in list(self.knocking.items()):
            if knocker is seated:
                del self.knocking[request]
                self.room.lobby.knocks.pop(request, None)
                self.knock_news()
        if seated.seat is not None and self.conns.get(seated.seat) is seated:
            del self.conns[seated.seat]
            if seated.seat < len(self.room.lobby.seats):
                self.room.disconnected(seated.seat)
        if not self.conns and self.empty_since is None:
            self.empty_since = self.hub.clock()

    def handle(self, seated: Seated, msg: dict[str, Any]) -> None:
        """One checked message from a seated connection."""
        seat, room, kind = seated.seat, self.room, msg["type"]
        if seat is None:  # the connection lost its seat (replaced, or it left): a move is still answered
            if kind == "act":
                self.hub.send(seated, r.refused(msg["seq"], r.NO_SEAT()))
            return
        if kind == "act":
            room.act(seat, msg["seq"], msg["action"])
        elif kind == "sync":
            self._sync(seated, seat, msg.get("have"))
        elif kind == "invite":
            if not self.invites.allow():  # each ticket is a write of the room's record: a few at once
                raise lb.LobbyError(r.TOO_MANY_INVITES())
            ticket = room.lobby.issue_ticket(seat, self.hub.config.wall())
            room.out.append((seat, {"type": "invite", "room": room.code, "ticket": ticket,
                                    "link": invite_link(self.hub.public_url, room.code, ticket)}))
            room.dirty = True
        else:
            self._lobby_request(seated, seat, msg)

    def _sync(self, seated: Seated, seat: int, have: int | None) -> None:
        """The current view and the events not yet sent (from `have` when the client has a gap,
        at most once per REWIND_SECONDS): never the whole history on repeat."""
        room = self.room
        if room.state is None:
            room.out.append((seat, {"type": "lobby", **room.lobby_view(seat)}))
            return
        allowance = self._allowance(seat)
        budget = Buckets(allowance.sync, self.hub.address_budgets(seated.address)[1])
        if not budget.allow():  # over its byte budget: the view it holds is the one it was sent
            room.out.append((seat, r.error(r.TOO_MANY_SYNCS())))
            return
        now = self.hub.clock()
        if have is not None and have < room.sent.get(seat, 0) and now - allowance.rewound_at >= REWIND_SECONDS:
            room.sent[seat], allowance.rewound_at = have, now
        update = room.update(seat, None)
        # its size as sent (the parts it shares are written now and spliced again when it goes out)
        budget.spend(len(encode("update", **{k: v for k, v in update.items() if k != "type"})) - 1.0)
        room.out.append((seat, update))

    def _allowance(self, seat: int) -> Allowance:
        """The seat's budgets (made on its first connection)."""
        allowance = self.allowances.get(seat)
        if allowance is None:
            config, clock = self.hub.config, self.hub.clock
            allowance = Allowance(RateLimit(config.out_bytes, config.out_burst, clock),
                                  RateLimit(config.sync_bytes, config.sync_burst, clock))
            self.allowances[seat] = allowance
        return allowance

    def _lobby_request(self, seated: Seated, seat: int, msg: dict[str, Any]) -> None:
        room, kind = self.room, msg["type"]
        if kind == "ready":
            room.lobby.set_ready(seat, msg["ready"])
            room.broadcast_lobby()
        elif kind == "add_bot":
            room.lobby.add_bot(seat, msg["level"])
            room.broadcast_lobby()
        elif kind == "start":
            room.start(seat)
        elif kind == "admit":
            self._admit(seat, msg["request"], msg["accept"])
        elif kind == "replace_with_bot":
            room.replace_with_bot(seat, msg["seat"], msg.get("level"))
        elif kind == "claim":
            room.claim(seat)
        elif kind == "rematch":
            room.rematch(seat)
        elif kind == "leave":
            self._leave(seated, seat)
        else:
            raise lb.LobbyError(r.ALREADY_IN_ROOM())

    def _admit(self, seat: int, request: int, accept: bool) -> None:
        knocker = self.knocking.pop(request, None)
        answer = self.room.lobby.admit(seat, request, accept and knocker is not None)
        if knocker is None:
            return
        if answer is None:
            knocker.knocking = False
            self.hub.send(knocker, r.error(r.TURNED_AWAY(), "turned_away"))
            self.hub.close(knocker, 1000, "turned away")
        else:
            self.bind(knocker, answer[0], answer[1])
        self.room.broadcast_lobby()

    def _leave(self, seated: Seated, seat: int) -> None:
        del self.conns[seat]
        seated.seat = None
        if self.room.state is None:  # seats after this one move up: renumber the connections
            self.conns = {(s - 1 if s > seat else s): c for s, c in self.conns.items()}
            for s, c in self.conns.items():
                c.seat = s
            self.allowances = {(s - 1 if s > seat else s): a for s, a in self.allowances.items() if s != seat}
        self.room.leave(seat)
        self.hub.close(seated, 1000, "left the room")
        if self.room.lobby.empty() and self.room.state is None:
            self.hub.drop(self.room.code)
