"""The table interface: the trust boundary between a match and the screens.

A table scene only ever talks to a `Table`. It gives, for the seats that sit at this device, the
current view, the events since the scene last asked (already redacted for the seat asking), the
legal actions, why an action is not allowed, the match clock, and `act`. Nothing else crosses: no
rules state, no raw events, no replay from the seed. `LocalTable` (game/match/local.py) is a door
onto a `Referee` (rules/referee.py) in this process; `RemoteTable` (game/match/remote.py) speaks to
the relay, whose rooms are doors onto the same referee. The scenes cannot tell which, and need not
probe: everything a scene may ask is below (tests/test_table_conformance.py holds both to it).

Holding bots while a scene animates: `poll(bots=False)`. Locally no bot move lands (the clock and
the rules' own timers still run) until a poll without the hold. Online the bots play on the relay,
so the table keeps the server's updates buffered instead (view, events, whose turn, outcome stay as
they were) and releases them in order at the first poll without the hold, or at once when one of
them answers this device's own move (a person's move never waits on an animation). Either way the
scene sees no other seat's move while it holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.match.refusals import NOBODY_AWAY
from rules.contract import Event, Outcome, SeatConfig
from rules.errors import IllegalAction
from rules.refusal import Refusal


@dataclass(frozen=True)
class GameInfo:
    """The public facts about a game a table plays (no rules functions)."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    realtime: bool
    bot_levels: tuple[str, ...]

    @classmethod
    def of(cls, game: Any) -> GameInfo:
        """The facts of a rules `GAME` object."""
        return cls(game.name, game.title, game.min_seats, game.max_seats, game.realtime, tuple(game.bot_levels))


class NotYourSeat(PermissionError):
    """A scene asked for a seat that does not sit at this device."""


class NobodyAway:
    """The away part of a `Table` at which nobody can be away (one device, a replay): nobody is
    away, nothing is to decide, and handing a seat to a bot or claiming is refused with `away_refusal`."""

    away_refusal: Refusal = NOBODY_AWAY()

    def away(self) -> dict[int, float]:
        """Nobody is away."""
        return {}

    def away_choices(self, seat: int) -> tuple[str, ...]:
        """Nothing to decide about away seats."""
        return ()

    def replace_with_bot(self, seat: int) -> None:
        """Refused: nobody is away."""
        raise IllegalAction(self.away_refusal)

    def claim(self) -> None:
        """Refused: nobody is away."""
        raise IllegalAction(self.away_refusal)


class Table(Protocol):
    """What a table scene may know and do."""

    info: GameInfo
    seats: tuple[SeatConfig, ...]  # names, and which seats are bots (public)
    options: Mapping[str, Any]  # the match options (public)
    here: tuple[int, ...]  # the seats people play at this device
    can_pause: bool  # local play stops the match clock; an online table never does
    guided: bool  # a guided match's table (a lesson): no undo, no rematch, no help offer of the lesson
    read_only: bool  # a replay: nothing may be played, so no screen may ask anyone to act
    speed: float  # the bots' beat as a share of normal (the player's bot speed; online always 1.0)

    def now(self) -> float:
        """Match seconds (for a remote table: the server's, estimated from its last word)."""

    def view(self, seat: int | None) -> Any:
        """What `seat` may know; None is the public view. Raises NotYourSeat for a seat not here."""

    def legal(self, seat: int) -> Sequence[Any]:
        """The actions `seat` may take now."""

    def reason(self, seat: int, action: Any) -> Refusal | None:
        """None when `action` is allowed now, else why not (a code the scene words with game/text)."""

    def act(self, seat: int, action: Any) -> None:
        """Hand over a move. Raises IllegalAction with the refusal when it is refused at once;
        a later refusal (an online race) arrives through `take_refusals`."""

    def pending(self, seat: int) -> list[Any]:
        """Moves `seat` handed over that are not answered yet (online a contested move shows as
        pending until the server's answer; on one device a move is answered at once: empty)."""

    def undo_reason(self, seat: int) -> Refusal | None:
        """None when `seat` may take back its last move now, else why not (a refusal): a move
        can be taken back while it revealed nothing and nobody acted since (rules/undo.py)."""

    def can_undo(self, seat: int) -> bool:
        """True when `seat` may take back its last move now (local play only; online never)."""

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last move: the table is as before it (raises IllegalAction when not allowed).
        Events already taken are not taken back: a scene re-reads the view after an undo."""

    def waiting(self) -> tuple[int, ...]:
        """Seats the match waits for now (public: whose turn it is); empty once it is over."""

    def poll(self, bots: bool = True) -> None:
        """Let time pass and take in what happened (local: ticks and bot moves; remote: the network
        inbox). `bots=False` holds every other seat's move while the scene animates (see the module
        docstring). Call once a frame; never blocks."""

    def take_events(self, viewer: int | None) -> list[Event]:
        """Events since `viewer` last asked, redacted for `viewer`."""

    def history(self, viewer: int | None, start: int = 0) -> list[Event]:
        """Every event of the match so far from index `start`, as `viewer` may see it (logs, recaps)."""

    def take_refusals(self) -> list[tuple[int, Refusal]]:
        """(seat, refusal) for moves refused after `act` returned."""

    def take_notices(self) -> list[str]:
        """Messages for the player that happened out of sight (a failed autosave, a lost link)."""

    def outcome(self) -> Outcome | None:
        """The result once the match is over."""

    def is_bot(self, seat: int) -> bool:
        """True for a seat a bot plays."""

    def thinking(self, seat: int) -> bool:
        """True while a bot (or an online opponent) is known to be deciding for `seat`."""

    @property
    def paused(self) -> bool:
        """True while the match clock stands still."""

    def pause(self, why: str) -> None:
        """Stop the match clock for a reason (several reasons may hold it); no-op unless `can_pause`."""

    def resume(self, why: str) -> None:
        """Drop one reason to stand still; the clock runs again when none is left."""

    def leave_note(self) -> str:
        """What leaving means for this match, in words for the player."""

    def forget_if_unplayed(self) -> None:
        """Leaving a match nobody has moved in (for a lesson): it leaves no saved copy behind."""

    def away(self) -> dict[int, float]:
        """People whose link is down: seat -> seconds this device has seen them gone (one device: none)."""

    def away_choices(self, seat: int) -> tuple[str, ...]:
        """What this device may do about away `seat` now: "bot" (hand the seat to a bot) and "claim"
        (end the match as the winner), once the game's grace period is over."""

    def replace_with_bot(self, seat: int) -> None:
        """Hand away `seat` to a bot for the rest of the match (raises IllegalAction when not allowed)."""

    def claim(self) -> None:
        """Claim the match while everyone else is away (raises IllegalAction when not allowed)."""

    def rematch(self) -> Table | None:
        """A new match with the same seats: locally a new deal at once; None when the next match
        begins in a lobby first (online, the same room)."""

    def close(self) -> None:
        """Stop background work (bot thread, network thread)."""
