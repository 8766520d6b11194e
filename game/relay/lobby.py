"""Who sits in a room: seats, host, ready marks, presence, tickets, tokens and knocks.

Pure bookkeeping with no network and no rules state, so every rule of the lobby is testable
alone: guests ready, the host adds bots and starts; when the host leaves a lobby the next person
becomes host; a ticket is single-use and becomes a per-seat token; a bare code knocks and the
host admits or turns the newcomer away. Seat tokens are made here only (`new_secret`, 192 bits):
a client never chooses one. Only digests of tickets, tokens and join keys are kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.relay import refusals as r
from game.relay.protocol import digest, new_secret
from rules import names
from rules.refusal import Refusal

ONLINE, RECONNECTING, AWAY = "online", "reconnecting", "away"
LOBBY, PLAYING, OVER = "lobby", "playing", "over"
TICKET_SECONDS = 24 * 3600.0
MAX_KNOCKS = 8  # people knocking at once on one room (more are asked for an invite link)
MAX_TICKETS = 16  # invites outstanding per room (the oldest goes first); as many spent ones are kept


def _trim(kept: dict[str, Any], most: int, stale: Callable[[Any], bool]) -> None:
    """Drop the oldest entries of `kept` (a dict in the order they were added) while the first is
    `stale` or there are more than `most`: O(1) for each entry added."""
    while kept and (len(kept) > most or stale(next(iter(kept.values())))):
        del kept[next(iter(kept))]


class LobbyError(Exception):
    """A lobby request that cannot be done; `refusal` says why as a code (game/relay/refusals.py)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


NAME_MAX = names.NAME_MAX


@dataclass
class SeatInfo:
    """One seat: a person (token digest) or a bot (level)."""

    name: str
    bot: str | None = None
    token: str | None = None
    ready: bool = False
    presence: str = AWAY
    latency_ms: float | None = None
    away_since: float | None = None  # server monotonic seconds; not persisted

    def public(self) -> dict[str, Any]:
        """What every seat may see about this one."""
        return {"name": self.name, "bot": self.bot, "ready": self.ready or self.bot is not None,
                "presence": ONLINE if self.bot else self.presence, "latency_ms": self.latency_ms}


@dataclass
class Lobby:
    """The seats of one room and the rules for changing them."""

    game: str
    min_seats: int
    max_seats: int
    bot_levels: tuple[str, ...]
    seats: list[SeatInfo] = field(default_factory=list)
    host: int = 0
    phase: str = LOBBY
    tickets: dict[str, float] = field(default_factory=dict)  # digest -> expiry (wall clock)
    knocks: dict[int, str] = field(default_factory=dict)  # request id -> name
    next_request: int = 1
    spent: dict[str, tuple[str, int]] = field(default_factory=dict)  # ticket digest -> (join key digest, seat)

    # joining ---------------------------------------------------------------------------------
    def _sit(self, name: str) -> tuple[int, str]:
        if self.phase != LOBBY:
            raise LobbyError(r.STARTED())
        if len(self.seats) >= self.max_seats:
            raise LobbyError(r.TABLE_FULL())
        token = new_secret()
        self.seats.append(SeatInfo(self._unique(name), token=digest(token)))
        return len(self.seats) - 1, token

    def _unique(self, name: str) -> str:
        """`name`, or "name 2", "name 3" … when someone at the table already has it (each row tells who)."""
        taken = {s.name.casefold() for s in self.seats}
        n = 1
        out = name
        while out.casefold() in taken:
            n += 1
            out = f"{name[:NAME_MAX - len(str(n)) - 1]} {n}"
        return out

    def open_room(self, name: str) -> tuple[int, str]:
        """The host's own seat and token."""
        seat, token = self._sit(name)
        self.host = seat
        return seat, token

    def issue_ticket(self, by: int, wall: float) -> str:
        """A single-use invite ticket (the host's)."""
        self._host_only(by)
        ticket = new_secret()
        _trim(self.tickets, MAX_TICKETS - 1, lambda expiry: expiry <= wall)
        self.tickets[digest(ticket)] = wall + TICKET_SECONDS
        return ticket

    def join_with_ticket(self, ticket: str, name: str, wall: float, key: str | None = None) -> tuple[int, str]:
        """Spend a ticket for a seat and a fresh token. The same join sent again with the same
        client-chosen `key` (its answer was lost with the link) gets the same seat and a new token."""
        spent = digest(ticket)
        if self.tickets.get(spent, 0.0) <= wall:
            again = self.spent.get(spent)
            if key is not None and again is not None and again[0] == digest(key):
                return again[1], self._new_token(again[1])
            raise LobbyError(r.INVITE_USED())
        seat, token = self._sit(name)
        del self.tickets[spent]
        if key is not None:
            _trim(self.spent, MAX_TICKETS - 1, lambda _: False)
            self.spent[spent] = (digest(key), seat)
        return seat, token

    def _new_token(self, seat: int) -> str:
        info = self.seats[seat]
        if info.bot is not None:
            raise LobbyError(r.BOT_SEAT())
        token = new_secret()
        info.token = digest(token)
        return token

    def _seat_with(self, key: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.token == key and s.bot is None), None)

    def knock(self, name: str) -> int:
        """A newcomer with only the room code asks the host; returns the request id."""
        if self.phase != LOBBY:
            raise LobbyError(r.STARTED())
        if len(self.seats) >= self.max_seats:
            raise LobbyError(r.TABLE_FULL())
        if len(self.knocks) >= MAX_KNOCKS:
            raise LobbyError(r.TOO_MANY_KNOCKING())
        request = self.next_request
        self.next_request += 1
        self.knocks[request] = name
        return request

    def admit(self, by: int, request: int, accept: bool) -> tuple[int, str] | None:
        """The host's answer to a knock: a seat and token, or None when turned away."""
        self._host_only(by)
        name = self.knocks.pop(request, None)
        if name is None:
            raise LobbyError(r.NO_REQUEST())
        return self._sit(name) if accept else None

    def seat_of(self, token: str) -> int:
        """The seat a token belongs to."""
        seat = self._seat_with(digest(token))
        if seat is None:
            raise LobbyError(r.BAD_TOKEN())
        return seat

    # lobby marks -------------------------------------------------------------------------------
    def _host_only(self, by: int) -> None:
        if by != self.host:
            raise LobbyError(r.HOST_ONLY())

    def set_ready(self, seat: int, ready: bool) -> None:
        """A guest's ready mark (the host is ready by starting)."""
        if self.phase != LOBBY:
            raise LobbyError(r.STARTED())
        self.seats[seat].ready = ready

    def add_bot(self, by: int, level: str) -> int:
        """The host seats a bot; returns its seat."""
        self._host_only(by)
        if level not in self.bot_levels:
            raise LobbyError(r.BOT_LEVELS(levels=",".join(self.bot_levels)))
        if self.phase != LOBBY:
            raise LobbyError(r.BOTS_IN_LOBBY())
        if len(self.seats) >= self.max_seats:
            raise LobbyError(r.TABLE_FULL())
        self.seats.append(SeatInfo(names.free_bot_name([s.name for s in self.seats]), bot=level))
        return len(self.seats) - 1

    def why_not_start(self, by: int) -> Refusal | None:
        """None when `by` may start the match now, else why not."""
        if by != self.host:
            return r.HOST_ONLY()
        if self.phase != LOBBY:
            return r.STARTED()
        if not self.min_seats <= len(self.seats) <= self.max_seats:
            return r.SEATS_NEEDED(least=self.min_seats, most=self.max_seats)
        waiting = [s.name for i, s in enumerate(self.seats) if i != by and s.bot is None and not s.ready]
        if waiting:
            return r.WAITING_READY(names=", ".join(waiting))
        return None

    def start(self, by: int) -> None:
        """Begin the match (raises with the refusal when not allowed)."""
        refusal = self.why_not_start(by)
        if refusal is not None:
            raise LobbyError(refusal)
        self.phase = PLAYING
        self.knocks.clear()

    def back_to_lobby(self) -> None:
        """A rematch: same seats, ready marks cleared."""
        self.phase = LOBBY
        for seat in self.seats:
            seat.ready = False

    # presence ----------------------------------------------------------------------------------
    def leave(self, seat: int) -> None:
        """A person leaves: in the lobby their seat goes (the next person hosts); in a match it is away."""
        if self.phase != LOBBY:
            self.seats[seat].presence = AWAY
            return
        del self.seats[seat]
        self.spent = {t: (k, s - (s > seat)) for t, (k, s) in self.spent.items() if s != seat}
        people = [i for i, s in enumerate(self.seats) if s.bot is None]
        if seat == self.host:
            self.host = next((i for i in people if i >= seat), people[0] if people else 0)
        elif seat < self.host:
            self.host -= 1

    def empty(self) -> bool:
        """True when no person is left in the room."""
        return not any(s.bot is None for s in self.seats)

    def set_presence(self, seat: int, presence: str, now: float) -> None:
        """Online, reconnecting or away (with the moment the seat went away)."""
        info = self.seats[seat]
        info.presence = presence
        info.away_since = None if presence == ONLINE else (info.away_since or now)

    def replace_with_bot(self, seat: int, level: str) -> None:
        """A bot takes over a seat for the rest of the room's life (its token stops working)."""
        if level not in self.bot_levels:
            raise LobbyError(r.BOT_LEVELS(levels=",".join(self.bot_levels)))
        info = self.seats[seat]
        info.bot, info.token, info.away_since = level, None, None

    def public(self, viewer: int | None) -> dict[str, Any]:
        """The lobby as `viewer` sees it (knocks only for the host)."""
        out: dict[str, Any] = {"game": self.game, "host": self.host, "phase": self.phase,
                               "seats": [s.public() for s in self.seats]}
        if viewer == self.host:
            out["knocks"] = [{"request": r, "name": n} for r, n in self.knocks.items()]
        return out

    # persistence -------------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """JSON-ready (digests only; presence is not kept: after a restart everyone is away)."""
        # the four kept fields read directly: asdict deep-copied every field (a tenth of a relay's CPU at play)
        seats = [{"name": s.name, "bot": s.bot, "token": s.token, "ready": s.ready} for s in self.seats]
        return {"game": self.game, "seats": seats, "host": self.host, "phase": self.phase,
                "tickets": dict(self.tickets), "spent": {t: list(v) for t, v in self.spent.items()}}

    @classmethod
    def from_record(cls, data: dict[str, Any], min_seats: int, max_seats: int,
                    bot_levels: tuple[str, ...]) -> Lobby:
        """Inverse of to_record."""
        seats = [SeatInfo(str(s["name"]), s.get("bot"), s.get("token"), bool(s.get("ready"))) for s in data["seats"]]
        lobby = cls(str(data["game"]), min_seats, max_seats, bot_levels, seats, int(data["host"]),
                    str(data["phase"]), {str(k): float(v) for k, v in data.get("tickets", {}).items()})
        lobby.spent = {str(t): (str(k), int(s)) for t, (k, s) in data.get("spent", {}).items()}
        return lobby
