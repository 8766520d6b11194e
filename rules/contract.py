"""The one API every Market Hall game exposes (see STYLE.md, "One API for all three games").

A game module provides a `GAME` object satisfying `Game`. States are frozen values; `apply`
returns a new state plus the events that happened, in order. Real time only enters through the
explicit `now` arguments (seconds on whatever clock the caller keeps); turn-based games ignore it.
Screens, bots and replays only ever see `view(state, seat)` and `redact(event, seat)`; both have
one JSON form made by rules/codec.py (`view_to_json`, `Event.to_json`) for saves and the network.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from rules.codec import decode, json_data
from rules.errors import MalformedData
from rules.refusal import Refusal

Seat = int


@dataclass(frozen=True)
class Event:
    """Something that happened. `seat` is who did it (None for the game itself).

    `secret` is the part only the seats in `visible_to` may see (a dealt hand, a pin, a viewed
    stamp); `redact_secret` is the one rule that applies it. Event data is plain JSON data in
    memory as on the wire (lists, never tuples; text keys), so `from_json(to_json(e)) == e`.
    """

    kind: str
    seat: Seat | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    visible_to: tuple[Seat, ...] = ()

    def __post_init__(self) -> None:
        # One normalisation for every game, here rather than at each of the many event sites.
        object.__setattr__(self, "data", json_data(self.data))
        object.__setattr__(self, "secret", json_data(self.secret))
        object.__setattr__(self, "visible_to", tuple(self.visible_to))
        if self.data.keys() & self.secret.keys():
            raise ValueError(f"{self.kind}: a key is both public and secret")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; the secret part and its seats appear only when there is one."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}
        if self.secret or self.visible_to:
            out.update(secret=dict(self.secret), visible_to=list(self.visible_to))
        return out

    @classmethod
    def from_json(cls, data: Any) -> Event:
        """Inverse of to_json; MalformedData on any other JSON value."""
        return cast(_EventWire, decode(_EventWire, data)).event()


@dataclass(frozen=True)
class _EventWire:
    """The declared wire shape of an Event, for the codec."""

    kind: str
    seat: Seat | None
    data: dict[str, Any]
    secret: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[Seat, ...] = ()

    def event(self) -> Event:
        try:
            return Event(self.kind, self.seat, self.data, self.secret, self.visible_to)
        except ValueError as exc:
            raise MalformedData(str(exc)) from None


def redact_secret(event: Event, seat: Seat | None) -> Event:
    """The event as `seat` may see it: data plus the secret for a seat in visible_to, else data alone."""
    if not event.secret and not event.visible_to:
        return event  # nothing to hide, and events are immutable: it is its own redaction
    data = {**event.data, **event.secret} if seat is not None and seat in event.visible_to else event.data
    return Event(event.kind, event.seat, data)


class EndReason(enum.Enum):
    """Why a match ended, in terms no single game owns (the game's own terms are `Outcome.detail`)."""

    TARGET_REACHED = "target_reached"  # a seat reached the winning target (Night Market: 2 seals)
    ROUNDS_COMPLETE = "rounds_complete"  # every round was played; most points wins
    ABANDONED = "abandoned"  # the match was stopped before its end


@dataclass(frozen=True)
class Outcome:
    """The end of a match: winners (more than one only on a true tie), scores per seat.

    `detail` says it in the game's own terms as a declared code with `params` (rules/refusal.py; the
    client words it, e.g. "night-market.won" {name, won, lost}), never a sentence. A record kept
    before codes holds the old English text there, with no params: it still opens (`result`).
    """

    winners: tuple[Seat, ...]
    scores: tuple[float, ...]
    reason: EndReason
    detail: str = ""
    params: dict[str, int | str] = field(default_factory=dict)

    @classmethod
    def said(cls, winners: tuple[Seat, ...], scores: tuple[float, ...], reason: EndReason,
             detail: Refusal) -> Outcome:
        """An outcome whose detail is a declared code (`declare(...)(**params)`)."""
        return cls(winners, scores, reason, detail.code, dict(detail.params))

    def result(self) -> tuple[tuple[Seat, ...], tuple[float, ...], EndReason]:
        """What a replay must reach (the detail is how it is said, not what happened)."""
        return self.winners, self.scores, self.reason


@dataclass(frozen=True)
class SeatConfig:
    """Who sits where: `bot` is None for a person, else a bot level name."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class MatchConfig:
    """Everything needed to start a match besides the seed."""

    seats: tuple[SeatConfig, ...]
    options: Mapping[str, Any] = field(default_factory=dict)


S = TypeVar("S")  # a game's state
A = TypeVar("A")  # a game's action
V = TypeVar("V")  # a game's view of one seat
ViewIn = TypeVar("ViewIn", contravariant=True)  # a bot only reads views
StateIn = TypeVar("StateIn", contravariant=True)  # read only (ViewsBeside)


class Bot(Protocol[ViewIn, A]):
    """A bot decides from a view and the legal actions only — never the full state."""

    seat: Seat
    level: str

    def choose(self, view: ViewIn, legal: Sequence[A], now: float = 0.0) -> A | None:
        """The action to take, or None to wait (real-time games)."""

    def wake_after(self, view: ViewIn, now: float) -> float:
        """Seconds of simulated or real time before this bot wants to decide again."""


class Game(Protocol[S, A, V]):
    """What every game module's `GAME` object offers, over its state, action and view types."""

    name: str  # "night-market", "swap-meet", "stamp-swap"
    title: str
    min_seats: int
    max_seats: int
    realtime: bool
    rules_version: int  # which rules a record was played under (rules/record.py refuses any other)
    bot_levels: tuple[str, ...]
    level_notes: Mapping[str, str]  # one plain line per bot level: what that level does

    def new_match(self, seed: int, config: MatchConfig, now: float = 0.0) -> tuple[S, list[Event]]:
        """The starting state of a match and the events its setup produced (possibly none).

        Raises BadConfig (wrong seat count, unknown or bad option) or UnknownBotLevel.
        """

    def waiting(self, state: S) -> tuple[Seat, ...]:
        """Seats that may act now (several for simultaneous or real-time phases)."""

    def legal_actions(self, state: S, seat: Seat, now: float = 0.0) -> Sequence[A]:
        """Every action `seat` may take now (may be large; bots use it)."""

    def check(self, state: S, seat: Seat, action: A, now: float = 0.0) -> Refusal | None:
        """None when `action` is allowed, else why not as a code with parameters (rules/refusal.py):
        the client words it, so no sentence is made on the rules' side of the trust boundary."""

    def why_not(self, view: V, action: A, now: float = 0.0) -> Refusal | None:
        """`check`'s answer for the view's own seat, computed from that view alone.

        An online client holds only its view, yet needs button hints and refusal texts; and legality
        that needed more than the seat knows would leak a secret. So for every seat that may act,
        `why_not(view(state, seat), a, now) == check(state, seat, a, now)`.
        """

    def apply(self, state: S, seat: Seat, action: A, now: float = 0.0) -> tuple[S, list[Event]]:
        """New state and events; raises IllegalAction with the refusal when not allowed."""

    def tick(self, state: S, now: float) -> tuple[S, list[Event]]:
        """Let time pass (real-time games lock rounds here); turn-based games return no events."""

    def view(self, state: S, seat: Seat | None) -> V:
        """Only what `seat` may know (None: a spectator who sees public information only)."""

    def redact(self, event: Event, seat: Seat | None) -> Event:
        """The event as `seat` may see it (every game so far: `redact_secret`)."""

    def view_to_json(self, view: V, checked: bool = True) -> Any:
        """The JSON-ready form of a view (checked=False: a view the rules just made, encoded without
        the checks that refuse hostile data; the same JSON, see rules/codec.py)."""

    def view_from_json(self, data: Any) -> V:
        """Inverse of view_to_json; raises MalformedData on anything else."""

    def outcome(self, state: S) -> Outcome | None:
        """The outcome once the match is over, else None."""

    def action_to_json(self, action: A, checked: bool = True) -> Any:
        """A JSON-ready form of an action (checked=False: one the rules listed as legal, trusted)."""

    def action_from_json(self, data: Any) -> A:
        """Inverse of action_to_json; raises MalformedAction on garbage."""

    def action_to_text(self, action: A) -> str:
        """A short text form of an action, for logs and golden files."""

    def action_from_text(self, text: Any) -> A:
        """Inverse of action_to_text; raises MalformedAction on anything else."""

    def make_bot(self, level: str, seat: Seat, seed: int) -> Bot[V, A]:
        """A bot for `seat` at `level` with its own seeded rng; raises UnknownBotLevel."""


class Undoable(Protocol):
    """An optional capability of a turn-based game: which moves can be taken back (rules/undo.py).

    Night Market and Stamp Swap offer it; a game without `why_final` offers no undo.
    """

    def why_final(self, before: Any, seat: Seat, action: Any, after: Any, events: Sequence[Event]) -> Refusal | None:
        """None when `seat`'s `action` from `before` (giving `after` and `events`) revealed nothing
        hidden to anyone and used no chance, else what it revealed, as a refusal."""


class Paced(Protocol):
    """An optional capability: a match whose config slows its bots (Swap Meet's relaxed rounds).

    The referee multiplies every bot beat by `bot_pace(config)`; a game without it paces at 1.
    """

    def bot_pace(self, config: MatchConfig) -> float:
        """The factor on the bots' reaction times in a match of `config` (1.0: as the levels say)."""


class ViewsBeside(Protocol[StateIn, ViewIn]):
    """A game whose seats' views can be made beside its public view (optional: the relay uses it
    when a game offers it, for the same JSON with less work per change)."""

    def view_json_beside(self, state: StateIn, seat: Seat, public: ViewIn,
                         public_json: dict[str, Any]) -> dict[str, Any]:
        """view_to_json(view(state, seat), checked=False), sharing `public_json`'s parts (the JSON
        of `public`, view(state, None)) wherever the seat sees what everyone sees."""


class LegalFromView(Protocol[ViewIn]):
    """A game whose mover's legal actions follow from the mover's own view (optional: the relay then
    sends no legal list, and a client lists the moves from the view it was sent)."""

    def legal_from_view(self, view: ViewIn, now: float = 0.0) -> Sequence[Any]:
        """legal_actions(state, seat, now) for the view's own seat, in the same order, from
        `view(state, seat)` alone (a spectator's view: none). Needing no more than the seat knows,
        it tells the seat nothing new."""


AnyGame = Game[Any, Any, Any]  # what game-agnostic tools (driver, replay, registry) hold
