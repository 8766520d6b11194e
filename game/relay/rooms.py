"""One room: its lobby, the connections' seats, the messages each seat is owed, and a door onto
the match's `Referee` (rules/referee.py), which holds the state, log, bots and events.

A room is driven by exactly one task on the server, so it needs no locks: every request is a
method call; the room reads the clock the hub gives it (real seconds) and
derives match time from it (`now`). The room never sends anything itself: it queues (seat, message)
pairs in `out`, and the server hands them to whichever connection holds that seat. Each seat gets
its own view, its own redacted events and its own legal actions; rules state never leaves the room.
"""

from __future__ import annotations

import functools
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, cast

from game.relay import correspondence as corr
from game.relay import lobby as lb
from game.relay import refusals as r
from game.relay.kept import EntryTexts, EventTexts
from game.relay.policy import outcome_json, policy_for
from game.relay.protocol import sharing, spliced, spliced_texts
from rules.contract import AnyGame, Event, MatchConfig, Outcome, SeatConfig, ViewsBeside
from rules.errors import IllegalAction, MalformedAction
from rules.record import Entry, MatchRecord, config_from_json, config_to_json, require_rules
from rules.referee import BotPlans, Kept, Plan, Referee
from rules.refusal import MATCH_OVER, NOT_A_MOVE, Refusal

log = logging.getLogger(__name__)
ANSWERS_KEPT = 64  # recent sequence numbers remembered per seat, so a resend is answered again
TICK_SECONDS = 0.1  # real-time rooms are ticked this often
QUIET_SECONDS = 5.0  # a quiet room (see `Room.quiet`) looks again this often without a message:
# at 1 s, a thousand rooms' idle looks cost about a third of a core (bench --part fleet-load)


class Room:
    """Lobby + match for one room code."""

    def __init__(self, code: str, game: AnyGame, lobby: lb.Lobby, seed: int | None = None,
                 options: dict[str, Any] | None = None, scale: float = 1.0,
                 clock: Callable[[], float] = time.monotonic, days: int | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        self.code, self.game, self.lobby, self.scale, self.clock = code, game, lobby, scale, clock
        self.days, self.wall = days, wall  # days per move: a correspondence room (correspondence.py)
        self.clocks: dict[int, float] = {}  # seat -> when its move clock started (wall seconds)
        self.ended: float | None = None  # wall seconds when its last match ended (a correspondence room's grace)
        self.policy = policy_for(game.name)
        self.seeded = seed is not None
        self.seed = seed if seed is not None else secrets.randbits(31)
        self.options = dict(options or {})
        self.config: MatchConfig | None = None
        self.referee: Referee | None = None  # the match, while one is dealt
        self._version = 0  # between matches (a referee counts its own changes)
        self.match_no = 0
        self.t0 = 0.0
        self._idle_bots = BotPlans(game, self.seed)  # no match: nobody plans
        self._shared: dict[Any, Any] | None = None  # while every seat is sent one change
        # a game that makes a seat's view beside the public one (rules/contract.py), else None
        self._beside = cast(ViewsBeside[Any, Any], game) if hasattr(game, "view_json_beside") else None
        # a game whose seats list their own moves from their views (rules/contract.py LegalFromView) is
        # sent no legal list while it plays: that list was a third of a move's CPU (docs/relay.md)
        self._lists_legal = not hasattr(game, "legal_from_view") or bool(self.policy.host_only)
        self.answers: dict[int, OrderedDict[int, Refusal | None]] = {}
        self.sent: dict[int, int] = {}  # events already sent to the connection holding a seat
        self.out: list[tuple[int, dict[str, Any]]] = []
        self.dirty = True  # the record (not the move log) needs saving
        self.saved: tuple[int, int] = (-1, 0)  # (match number, log entries) the store holds
        self.archived = 0  # the last match number whose finished record the store keeps
        self.last_active = 0.0  # wall clock, for expiry

    # clock ---------------------------------------------------------------------------------
    def now(self) -> float:
        """Match seconds."""
        return self.clock() * self.scale - self.t0

    @property
    def state(self) -> Any:
        """The rules state of the dealt match (None in the lobby)."""
        return None if self.referee is None else self.referee.state

    @property
    def log(self) -> Kept[Entry]:
        """The match record's entries so far (`seq`: a person's move's number), kept as text."""
        return EntryTexts() if self.referee is None else self.referee.log

    def record(self) -> MatchRecord | None:
        """The dealt match as one value (its outcome once over, a claim included); None in the lobby."""
        return None if self.referee is None else self.referee.record()

    @property
    def history(self) -> Kept[Event]:
        """Every raw event of the match (kept as text: each read decodes)."""
        return [] if self.referee is None else self.referee.events

    def _texts(self, viewer: int | None, start: int) -> list[str]:
        """The events from `start` as `viewer` is sent them, as JSON text (game/relay/kept.py)."""
        assert self.referee is not None
        return cast(EventTexts, self.referee.events).texts(viewer, start)

    @property
    def bots(self) -> BotPlans:
        """The match's bots and the moves they prepare (the server runs `decide` off its task)."""
        return self._idle_bots if self.referee is None else self.referee.bots

    @property
    def version(self) -> int:
        """Counts changes the seats were told of."""
        return self._version if self.referee is None else self.referee.version

    @version.setter
    def version(self, value: int) -> None:
        if self.referee is None:
            self._version = value
        else:
            self.referee.version = value

    @property
    def playing(self) -> bool:
        """True while a match runs (started and not over)."""
        return self.state is not None and self.outcome() is None

    def outcome(self) -> Outcome | None:
        """The result once over (a claimed match included: the claim is the referee's entry)."""
        return None if self.referee is None else self.referee.outcome()

    # lobby ---------------------------------------------------------------------------------
    def broadcast_lobby(self, kept: bool = True) -> None:
        """Queue the lobby picture for every person. kept=False: only what the record does not hold
        changed (latency), so the record is not written again."""
        for seat, info in enumerate(self.lobby.seats):
            if info.bot is None:
                self.out.append((seat, {"type": "lobby", **self.lobby_view(seat)}))
        self.dirty = self.dirty or kept

    def lobby_view(self, seat: int) -> dict[str, Any]:
        """The lobby as `seat` sees it, plus the room facts."""
        view = {"room": self.code, "you": seat, "seeded": self.seeded, "options": self.options,
                "match": self.match_no, "scale": self.scale, **self.lobby.public(seat)}
        if self.days is not None:
            view["days"] = self.days
        return view

    # the move clock (correspondence rooms) -----------------------------------------------------
    def _stamp_clocks(self, mover: int | None = None) -> None:
        """Every person seat the rules wait for has a running move clock; `mover`'s starts again."""
        if self.days is None:
            return
        waiting = set(self.game.waiting(self.state)) if self.playing else set()
        people = {s for s in waiting if not self.lobby.seats[s].bot}
        clocks = {s: t for s, t in self.clocks.items() if s in people and s != mover}
        for seat in sorted(people - set(clocks)):
            clocks[seat] = self.wall()
        if clocks != self.clocks:
            self.clocks, self.dirty = clocks, True
        if self.outcome() is not None and self.ended is None:
            self.ended, self.dirty = self.wall(), True

    def late(self, seat: int) -> bool:
        """True when `seat`'s move clock has run out (it may still move until someone acts on it)."""
        assert self.days is not None
        return corr.left(self.clocks, self.days, self.wall()).get(seat, 1.0) <= 0

    def _clocks_left(self) -> dict[str, float]:
        assert self.days is not None
        return {str(s): round(v) for s, v in corr.left(self.clocks, self.days, self.wall()).items()}

    def start(self, by: int) -> None:
        """The host starts: deal, seat the bots, send everyone their first view."""
        self.lobby.start(by)
        seats = tuple(SeatConfig(s.name, s.bot) for s in self.lobby.seats)
        self.config = MatchConfig(seats, dict(self.options))
        try:
            self._deal()
        except ValueError:
            self.lobby.back_to_lobby()
            raise lb.LobbyError(r.BAD_OPTIONS()) from None
        self.t0 = self.clock() * self.scale
        self.ended = None
        self._stamp_clocks()
        self.broadcast_lobby()
        self._send_all(full=True)

    def _deal(self) -> None:
        assert self.config is not None
        # events and log kept as text, which the cyclic collector does not walk (game/relay/kept.py);
        # partials, not lambdas: a closure over the room would be a cycle (tests/test_relay_frees.py)
        self.referee = Referee(self.game, self.config, self.seed, version=self.version + 1,
                               events=functools.partial(EventTexts, self.game, len(self.config.seats)),
                               entries=EntryTexts)
        self.match_no += 1
        self.sent = {}
        for seat, info in enumerate(self.lobby.seats):
            if info.bot:  # the lobby's bots now (a restored room's stand-ins included)
                self.referee.bots.seat(seat, info.bot)

    def rematch(self, by: int) -> None:
        """Back to the lobby with the same seats; the next deal is a new one."""
        if self.state is None and self.lobby.phase == lb.LOBBY:
            self.broadcast_lobby()  # someone asked first: everyone is already back in the lobby
            return
        if self.outcome() is None:
            raise lb.LobbyError(r.STILL_GOING())
        self.seed = self.seed + 1 if self.seeded else secrets.randbits(31)
        self._version, self.referee = self.version, None
        self.lobby.back_to_lobby()
        self.broadcast_lobby()

    def leave(self, seat: int) -> None:
        """A person leaves for good (in a match: their seat is away)."""
        self.lobby.leave(seat)
        if self.state is not None:
            self._went_away(seat)
        self.broadcast_lobby()

    # presence ------------------------------------------------------------------------------
    def connected(self, seat: int, held: tuple[int, int] | None = None) -> None:
        """A connection now holds `seat`: send it what it may know and does not hold (`held`: the
        match number and how many of its events the client kept; otherwise the whole history)."""
        self.lobby.set_presence(seat, lb.ONLINE, self.clock())
        if seat in self.bots.bots and not self.lobby.seats[seat].bot:
            self.bots.drop(seat)  # a stand-in hands back
        kept = held is not None and held[0] == self.match_no and self.referee is not None
        self.sent[seat] = min(held[1], len(self.history)) if kept and held is not None else 0
        self.broadcast_lobby()
        if self.state is not None:
            self.out.append((seat, self.update(seat, None)))

    def disconnected(self, seat: int) -> None:
        """The link holding `seat` dropped: reconnecting for now; away-seat rules start."""
        self.lobby.set_presence(seat, lb.RECONNECTING, self.clock())
        if self.state is not None:
            self._went_away(seat)
        self.broadcast_lobby()

    def _went_away(self, seat: int) -> None:
        if not self.playing:
            return
        self.tick()  # what time did first is told first
        assert self.referee is not None
        for action_json in self.policy.withdraw:  # e.g. Swap Meet pulls the away seat's offer
            try:
                self.referee.act(seat, self.game.action_from_json(action_json), self.now())
            except IllegalAction:
                continue
            self._changed()

    def mark_away(self, after: float) -> None:
        """Seats reconnecting for over `after` seconds become away; stand-ins take steps."""
        changed = False
        for seat, info in enumerate(self.lobby.seats):
            gone = None if info.away_since is None else self.clock() - info.away_since
            if info.presence == lb.RECONNECTING and gone is not None and gone >= after:
                info.presence, changed = lb.AWAY, True
            wait = self.policy.stand_in_after if self.days is None else None  # correspondence: nobody stands in
            if (wait is not None and self.playing and info.bot is None and gone is not None and gone >= wait
                    and seat not in self.bots.bots):
                self.bots.seat(seat, self.policy.stand_in_level)
        if changed:
            self.broadcast_lobby()

    def set_latency(self, seat: int, ms: float | None) -> bool:
        """Record a seat's latency; True when it changed visibly (10 ms steps)."""
        info = self.lobby.seats[seat]
        rounded = None if ms is None else round(ms / 10) * 10
        if rounded == info.latency_ms:
            return False
        info.latency_ms = rounded
        return True

    def replace_with_bot(self, by: int, seat: int, level: str | None) -> None:
        """Hand an away seat to a bot (the host; in Night Market the one who stayed)."""
        if not 0 <= seat < len(self.lobby.seats) or self.state is None:
            raise lb.LobbyError(r.NO_SUCH_SEAT())
        info = self.lobby.seats[seat]
        if info.bot or (info.presence == lb.ONLINE and self.days is None):
            raise lb.LobbyError(r.NOT_AWAY())
        if by != self.lobby.host and not self.policy.anyone_may_replace and self.days is None:
            raise lb.LobbyError(r.HOST_ONLY())
        self._may_take_over(seat)
        level = level or self.policy.stand_in_level
        self.lobby.replace_with_bot(seat, level)
        self.bots.drop(seat)
        self.bots.seat(seat, level)
        self._stamp_clocks()
        self.broadcast_lobby()

    def claim(self, by: int) -> None:
        """The one left claims the match once the other has been away long enough."""
        others = [i for i in range(len(self.lobby.seats)) if i != by]
        if not (self.policy.claimable or self.days is not None) or not self.playing:
            raise lb.LobbyError(r.NOTHING_TO_CLAIM())
        if self.days is not None and all(self.lobby.seats[s].bot for s in others):
            raise lb.LobbyError(r.NOBODY_TO_CLAIM_FROM())
        for seat in others:
            info = self.lobby.seats[seat]
            if self.days is not None and info.bot:
                continue  # by correspondence: every other person must be late on their move
            if info.bot or (info.presence == lb.ONLINE and self.days is None):
                raise lb.LobbyError(r.STILL_HERE(name=info.name))
            self._may_take_over(seat)
        assert self.referee is not None
        self.referee.claim(by, self.now())  # an entry of the record: a restored room ends the same way
        self.lobby.phase = lb.OVER
        self._stamp_clocks()
        self.broadcast_lobby()
        self._send_all()

    def _may_take_over(self, seat: int) -> None:
        """Refused unless `seat` may be handed to a bot or claimed against: by correspondence once its
        move clock has run out; live once its person has been away for the game's grace."""
        info = self.lobby.seats[seat]
        if self.days is None:
            self._grace_over(info)
        elif seat not in self.clocks:
            raise lb.LobbyError(r.NOT_THEIR_MOVE(name=info.name))
        elif not self.late(seat):
            left = corr.left(self.clocks, self.days, self.wall())[seat]
            raise lb.LobbyError(r.CLOCK_LEFT(name=info.name, minutes=math.ceil(left / 60)))

    def _grace_over(self, info: lb.SeatInfo) -> None:
        gone = 0.0 if info.away_since is None else self.clock() - info.away_since
        if gone < self.policy.replace_grace:
            raise lb.LobbyError(r.WAIT_GRACE(name=info.name, seconds=math.ceil(self.policy.replace_grace - gone)))

    # the match -----------------------------------------------------------------------------
    def act(self, seat: int, seq: int, action_json: Any) -> None:
        """A person's move: answered once per sequence number, applied at most once."""
        answers = self.answers.setdefault(seat, OrderedDict())
        if seq in answers:
            self._answer(seat, seq, answers[seq])
            return
        refusal = self._move(seat, seq, action_json, self.now())
        answers[seq] = refusal
        while len(answers) > ANSWERS_KEPT:
            answers.popitem(last=False)
        if refusal is not None:
            self._answer(seat, seq, refusal)

    def _move(self, seat: int, seq: int, action_json: Any, now: float) -> Refusal | None:
        """The referee's answer to a person's move (None: applied, logged with its seq, sent)."""
        refusal = self._refusal(seat, action_json)
        if refusal is not None or self.referee is None:
            return refusal
        if self.referee.tick(now):
            self._changed()  # a real-time round ended before the move: everyone is told first
        try:
            self.referee.act(seat, self.game.action_from_json(action_json), now, seq)
        except MalformedAction:
            return NOT_A_MOVE()
        except IllegalAction as exc:
            return exc.refusal  # the rules' code, forwarded as it is: the client words it
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            # garbage the rules did not expect: refused, never a crash of the room
            log.info("room %s: an unreadable action was refused", self.code)
            return NOT_A_MOVE()
        self._changed(answer=(seat, seq))
        return None

    def _refusal(self, seat: int, action_json: Any) -> Refusal | None:
        """What the room refuses before the rules are asked."""
        if self.state is None:
            return r.NOT_STARTED()
        if self.outcome() is not None:
            return MATCH_OVER()
        if self.lobby.seats[seat].bot:
            return r.BOT_SEAT()
        kind = action_json.get("type") if isinstance(action_json, dict) else None
        if isinstance(kind, str) and kind in self.policy.host_only and seat != self.lobby.host:
            return r.HOST_ONLY()
        return None

    def _answer(self, seat: int, seq: int, refusal: Refusal | None) -> None:
        if refusal is None:
            self.out.append((seat, self.update(seat, seq)))
        else:
            self.out.append((seat, r.refused(seq, refusal, self.version)))

    def _changed(self, answer: tuple[int, int] | None = None) -> None:
        self._stamp_clocks(None if answer is None else answer[0])
        if self.outcome() is not None:
            self.lobby.phase = lb.OVER
            self.broadcast_lobby()
        self._send_all(answer=answer)

    def tick(self) -> None:
        """Let match time pass (real-time rooms lock rounds here)."""
        if self.referee is not None and self.playing and self.referee.tick(self.now()):
            self._changed()

    def plan_bots(self) -> list[Plan]:
        """Moves bots should start preparing now (the server runs each plan's `decide` off its task)."""
        if self.referee is None or not self.playing:
            return []
        return self.referee.plan_bots(self.now())

    def apply_bots(self) -> None:
        """Apply bot moves whose beat is over and that the rules still allow (the referee's pacing)."""
        if self.referee is not None and self.playing and self.referee.bot_moves(self.now()):
            self._changed()

    def next_wake(self) -> float:
        """Real seconds until this room wants to run again without a message."""
        waits = [TICK_SECONDS if self.playing and self.game.realtime else QUIET_SECONDS if self.quiet() else 1.0]
        due = self.bots.next_due()
        if due is not None and self.playing:
            waits.append(max(0.0, (due - self.now()) / self.scale))
        return min(waits)

    def quiet(self) -> bool:
        """A turn-based match of people who are all connected, no bot, no move clock: nothing here
        happens on time (tick changes nothing, nobody can go away unseen: a lost link wakes the room),
        so it needs no look every second (latency shown a few seconds late is all it costs)."""
        return (self.playing and not self.game.realtime and self.days is None and not self.bots.bots
                and all(info.bot is None and info.presence == lb.ONLINE and info.away_since is None
                        for info in self.lobby.seats))

    # what each seat is sent ----------------------------------------------------------------
    def _send_all(self, full: bool = False, answer: tuple[int, int] | None = None) -> None:
        self._shared = {}  # what every seat is sent of this change: made by the first update, reused
        try:
            for seat, info in enumerate(self.lobby.seats):
                if info.bot is None:
                    if full:
                        self.sent[seat] = 0
                    seq = answer[1] if answer is not None and answer[0] == seat else None
                    self.out.append((seat, self.update(seat, seq)))
        finally:
            self._shared = None

    def update(self, seat: int, answer: int | None) -> dict[str, Any]:
        """The seat's full view, the public view, its new redacted events and its legal actions
        (none while a game whose seats list them from their views plays: protocol 4); the parts
        every seat is sent are made once per change, see `_send_all`."""
        assert self.referee is not None
        shared = {} if self._shared is None else self._shared
        start = self.sent.get(seat, 0)
        self.sent[seat] = len(self.history)
        now = self.now()
        playing = self.playing
        self._share(shared, start)
        msg: dict[str, Any] = {
            "type": "update", "match": self.match_no, "version": self.version, "seat": seat, "now": now,
            "view": sharing(self._view_json(seat, shared), shared["public"]),
            "public": shared["public"],
        }
        if not playing:  # over (or claimed, which the view does not say): no moves
            msg["legal"] = []
        elif self._lists_legal:
            msg["legal"] = self._legal_json(seat, list(self.game.legal_actions(self.state, seat, now)))
        msg.update({
            "waiting": shared["waiting"],
            "from": start,
            "events": self._seat_events(seat, start, shared),
            "public_events": shared[start],
            "outcome": shared["outcome"],
        })
        if answer is not None:
            msg["answer"] = answer
        if self.days is not None:
            msg["days"], msg["clocks"] = self.days, self._clocks_left()
        if shared["record"] is not None:  # over: the seed is safe now; every seat may keep and replay the match
            msg["record"] = shared["record"]
        return msg

    def _share(self, shared: dict[Any, Any], start: int) -> None:
        """The parts of an update every seat is sent (from event `start` on), each encoded to text
        once however many seats it goes to (protocol.spliced): the public view, the outcome and
        record, the public events (and the tiny waiting list, as it is)."""
        assert self.referee is not None
        if "public" not in shared:
            shared["public_view"] = self.game.view(self.state, None)
            public = self.game.view_to_json(shared["public_view"], checked=False)
            shared["public"] = spliced(public)
            shared["waiting"] = list(self.game.waiting(self.state)) if self.playing else []
            shared["outcome"] = spliced(outcome_json(self.outcome()))
            record = self.record() if shared["outcome"] is not None else None
            shared["record"] = None if record is None else spliced(record.to_json())
        if start not in shared:
            texts = self._texts(None, start)
            shared[start], shared["texts", start] = spliced_texts(texts), texts

    def _seat_events(self, seat: int, start: int, shared: dict[Any, Any]) -> Sequence[Any]:
        """The seat's events from `start`, spliced from their kept texts: the public list itself
        when the seat sees each of them as the public does (most changes)."""
        texts = self._texts(seat, start)
        return shared[start] if texts == shared["texts", start] else spliced_texts(texts)

    def _view_json(self, seat: int, shared: dict[Any, Any]) -> dict[str, Any]:
        """The seat's own view as JSON (the same either way), beside the public one when the game
        can: the parts every seat sees alike are not made or encoded again."""
        if self._beside is None:
            return cast(dict[str, Any], self.game.view_to_json(self.game.view(self.state, seat), checked=False))
        return self._beside.view_json_beside(self.state, seat, shared["public_view"], shared["public"])

    def _legal_json(self, seat: int, legal: list[Any]) -> list[Any]:
        """Legal moves as JSON, less the host's own (a guest's screen must not offer Next round).
        Encoded trusted (rules/codec.py: the rules listed them), each time: remembering them by
        action cost more in hashing than it saved (few repeat; bench relay-move)."""
        moves = [self.game.action_to_json(a, checked=False) for a in legal]
        if seat == self.lobby.host or not self.policy.host_only:
            return moves
        return [m for m in moves if not (isinstance(m, dict) and m.get("type") in self.policy.host_only)]

    # persistence ---------------------------------------------------------------------------
    def unsaved(self) -> tuple[list[list[Any]], bool]:
        """Entries (JSON) the store does not hold yet, and whether they begin a new match's log."""
        match, count = self.saved
        log = cast(EntryTexts, self.log)
        if match != self.match_no:
            return log.json(), True
        return log.json(count), False

    def rollback(self, mark: tuple[int, dict[int, int]]) -> list[tuple[int, int]] | None:
        """Undo the moves the store could not keep (replayed from the kept log): the (seat, seq) of
        the people's moves undone; None when there was nothing to undo."""
        match, count = self.saved
        if match != self.match_no or len(self.log) <= count or self.referee is None:
            return None
        dropped = self.referee.truncate(count)
        self.version, self.sent = mark[0], dict(mark[1])
        if self.outcome() is None and self.lobby.phase == lb.OVER:
            self.lobby.phase = lb.PLAYING
        movers = [(e.seat, e.seq) for e in dropped if e.seat is not None and e.seq is not None]
        for seat, seq in movers:
            self.answers.get(seat, OrderedDict()).pop(seq, None)
        return movers

    def unarchived(self) -> MatchRecord | None:
        """The finished match's record while the store does not keep it yet (None: nothing to keep)."""
        if self.archived == self.match_no or self.outcome() is None:
            return None  # asked at every save: the record is made (its log decoded) only when it is due
        return self.record()

    def stored(self) -> dict[str, Any]:
        """Seed + config + rules version + the lobby (token digests only); the entries are kept
        apart (`unsaved`), so a move is one appended line."""
        stored = {
            "code": self.code, "seed": self.seed, "seeded": self.seeded, "options": self.options,
            "scale": self.scale, "lobby": self.lobby.to_record(), "match": self.match_no,
            "config": None if self.config is None or self.state is None else config_to_json(self.config),
            "rules_version": self.game.rules_version, "active": self.last_active,
        }
        if self.days is not None:  # what the status message reads without replaying the match
            stored.update(days=self.days, clocks=corr.clocks_json(self.clocks), ended=self.ended,
                          outcome=outcome_json(self.outcome()))
        return stored

    @classmethod
    def from_stored(cls, data: dict[str, Any], game: AnyGame, clock: Callable[[], float] = time.monotonic,
                    wall: Callable[[], float] = time.time) -> Room:
        """Rebuild a stored room; a running match is replayed from its record (UnknownRules when it
        was played under rules this relay does not have). A room stored before match records (no
        rules version; a claim as a bare seat) is converted and written back whole."""
        lobby = lb.Lobby.from_record(data["lobby"], game.min_seats, game.max_seats, tuple(game.bot_levels))
        days = data.get("days")
        room = cls(str(data["code"]), game, lobby, int(data["seed"]), data.get("options"), float(data["scale"]), clock,
                   None if days is None else int(days), wall)
        room.clocks = corr.clocks_from_json(data.get("clocks"))
        room.ended = data.get("ended")
        room.seeded = bool(data["seeded"])
        room.last_active = float(data.get("active", 0.0))
        legacy = "rules_version" not in data
        if data.get("config") is not None:
            room.config = config_from_json(data["config"])
            room.match_no = int(data["match"]) - 1
            entries = tuple(Entry.from_json(e) for e in data.get("log", []))
            record = MatchRecord(game.name, data.get("rules_version", 1), room.seed, room.config, entries)
            room._deal()
            room._replay(record)
            room.t0 = room.clock() * room.scale - (room.log[-1].now if room.log else 0.0)
            if legacy and data.get("claimed") is not None and room.outcome() is None:
                room._claimed_before_records(int(data["claimed"]))
        else:
            room.match_no = int(data["match"])
        room.saved = (-1, 0) if legacy else (room.match_no, len(room.log))  # legacy: written back whole
        return room

    def _claimed_before_records(self, by: int) -> None:
        """A claim stored as a bare seat: it becomes the referee's entry at the last entry's time."""
        assert self.referee is not None
        self.referee.claim(by, self.log[-1].now if self.log else 0.0)
        self.lobby.phase = lb.OVER

    def _replay(self, record: MatchRecord) -> None:
        """Apply a stored record exactly as it happened, keeping the events for everyone's history."""
        assert self.referee is not None
        for entry in record.entries:
            if entry.seat is not None and entry.seq is not None:  # numbers are answered, not applied again
                self.answers.setdefault(entry.seat, OrderedDict())[entry.seq] = None
        require_rules(record)  # a record of other rules is refused before a move is replayed
        version = self.version
        self.referee.replay(record.entries)
        self.version = version + len(self.log)

