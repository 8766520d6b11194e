"""Last Counter, a dummy fourth game for tests/test_fourth_game.py: two seats take 1-3 counters in turn.

Whoever takes the last counter wins. Each seat is dealt a secret tip (1-3) that only it sees and
that is added to its score at the end, so the redaction rule has something to hide. It implements
rules/contract.py's `Game` and nothing more, in the smallest way that keeps the contract.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.config import one_of, require_config, require_level
from rules.contract import EndReason, Event, MatchConfig, Outcome, redact_secret
from rules.errors import IllegalAction, MalformedAction, MalformedData
from rules.refusal import MATCH_OVER, Refusal, declare
from rules.rng import Rng

NAME = "last-counter"
TEXT = re.compile(r"take ([123])")


@dataclass(frozen=True)
class Take:
    """Take `n` counters (1, 2 or 3) from the pile."""

    n: int


@dataclass(frozen=True)
class State:
    counters: int
    turn: int
    tips: tuple[int, int]
    winner: int | None = None


@dataclass(frozen=True)
class View:
    seat: int | None
    counters: int
    turn: int
    tip: int | None  # this seat's own tip; None for a spectator
    winner: int | None


# A game declares its own refusal codes; the client words them from its catalogue (a code it has no
# words for, like these, gets the catalogue's fallback sentence).
NOT_YOUR_TURN = declare("last-counter.not_your_turn")
ONLY_LEFT = declare("last-counter.only_left", "counters")


def _refusal(counters: int, turn: int, winner: int | None, seat: int | None, action: Take) -> Refusal | None:
    if winner is not None:
        return MATCH_OVER()
    if seat != turn:
        return NOT_YOUR_TURN()
    if action.n > counters:
        return ONLY_LEFT(counters=counters)
    return None


def _int(data: Any, lo: int, hi: int, none: bool = False) -> Any:
    if data is None and none:
        return None
    if isinstance(data, bool) or not isinstance(data, int) or not lo <= data <= hi:
        raise MalformedData(f"expected a whole number from {lo} to {hi}, not {data!r}")
    return data


class _Bot:
    """Leaves a multiple of four when it can, else takes one."""

    def __init__(self, seat: int, level: str) -> None:
        self.seat, self.level = seat, level

    def choose(self, view: View, legal: Sequence[Take], now: float = 0.0) -> Take | None:
        """The winning take when there is one."""
        return next((a for a in legal if (view.counters - a.n) % 4 == 0), legal[0] if legal else None)

    def wake_after(self, view: View, now: float) -> float:
        """A turn-based bot never waits for time."""
        return 0.0


class LastCounter:
    """The GAME object."""

    name, title, min_seats, max_seats, realtime = NAME, "Last Counter", 2, 2, False
    rules_version = 1
    bot_levels = ("easy",)
    level_notes = {"easy": "leaves a multiple of four when it can"}

    def new_match(self, seed: int, config: MatchConfig, now: float = 0.0) -> tuple[State, list[Event]]:
        """A pile of 9-15 counters and a secret tip for each seat; option first_seat (autoplay alternates it)."""
        require_config(self, config, {"first_seat": one_of(0, 1)})
        rng = Rng.seeded(seed)
        counters, rng = rng.randint(9, 15)
        first, rng = rng.randint(1, 3)
        second, rng = rng.randint(1, 3)
        events = [Event("tip", s, {}, {"tip": t}, (s,)) for s, t in enumerate((first, second))]
        return State(counters, config.options.get("first_seat", 0), (first, second)), events

    def waiting(self, state: State) -> tuple[int, ...]:
        """The seat whose turn it is, until the end."""
        return () if state.winner is not None else (state.turn,)

    def legal_actions(self, state: State, seat: int, now: float = 0.0) -> list[Take]:
        """Take 1 to 3, never more than there are."""
        if self.check(state, seat, Take(1), now):
            return []
        return [Take(n) for n in range(1, min(3, state.counters) + 1)]

    def check(self, state: State, seat: int, action: Take, now: float = 0.0) -> Refusal | None:
        """None when allowed, else why not."""
        return _refusal(state.counters, state.turn, state.winner, seat, action)

    def why_not(self, view: View, action: Take, now: float = 0.0) -> Refusal | None:
        """check() from the view alone."""
        return _refusal(view.counters, view.turn, view.winner, view.seat, action)

    def apply(self, state: State, seat: int, action: Take, now: float = 0.0) -> tuple[State, list[Event]]:
        """Counters leave the pile; the last one wins."""
        reason = self.check(state, seat, action, now)
        if reason:
            raise IllegalAction(reason)
        left = state.counters - action.n
        winner = seat if left == 0 else None
        events = [Event("took", seat, {"n": action.n, "left": left})] + ([Event("won", seat)] if left == 0 else [])
        return State(left, 1 - seat, state.tips, winner), events

    def tick(self, state: State, now: float) -> tuple[State, list[Event]]:
        """Turn-based: time changes nothing."""
        return state, []

    def view(self, state: State, seat: int | None) -> View:
        """Everything but the other seat's tip."""
        return View(seat, state.counters, state.turn, None if seat is None else state.tips[seat], state.winner)

    def redact(self, event: Event, seat: int | None) -> Event:
        """The one redaction rule."""
        return redact_secret(event, seat)

    def view_to_json(self, view: View, checked: bool = True) -> Any:
        """A JSON object of the view's fields (it has no checks to skip)."""
        return {"seat": view.seat, "counters": view.counters, "turn": view.turn, "tip": view.tip, "winner": view.winner}

    def view_from_json(self, data: Any) -> View:
        """Inverse of view_to_json; MalformedData on anything else."""
        if not isinstance(data, dict) or set(data) != {"seat", "counters", "turn", "tip", "winner"}:
            raise MalformedData("not a Last Counter view")
        return View(_int(data["seat"], 0, 1, True), _int(data["counters"], 0, 15), _int(data["turn"], 0, 1),
                    _int(data["tip"], 1, 3, True), _int(data["winner"], 0, 1, True))

    def outcome(self, state: State) -> Outcome | None:
        """Ten for the last counter, plus each seat's tip."""
        if state.winner is None:
            return None
        scores = tuple(float(10 * (s == state.winner) + state.tips[s]) for s in (0, 1))
        return Outcome((state.winner,), scores, EndReason.TARGET_REACHED, "took the last counter")

    def action_to_json(self, action: Take, checked: bool = True) -> Any:
        """{"type": "take", "n": N} (it has no checks to skip)."""
        return {"type": "take", "n": action.n}

    def action_from_json(self, data: Any) -> Take:
        """Inverse of action_to_json; MalformedAction on anything else."""
        if not isinstance(data, dict) or data.keys() != {"type", "n"} or data["type"] != "take":
            raise MalformedAction("not a take")
        try:
            return Take(_int(data["n"], 1, 3))
        except MalformedData as exc:
            raise MalformedAction(str(exc)) from None

    def action_to_text(self, action: Take) -> str:
        """'take N'."""
        return f"take {action.n}"

    def action_from_text(self, text: Any) -> Take:
        """Inverse of action_to_text; MalformedAction on anything else."""
        found = TEXT.fullmatch(text) if isinstance(text, str) else None
        if found is None:
            raise MalformedAction(f"not a take: {text!r}")
        return Take(int(found.group(1)))

    def make_bot(self, level: str, seat: int, seed: int) -> _Bot:
        """The one bot level."""
        require_level(self, level)
        return _Bot(seat, level)


GAME = LastCounter()
