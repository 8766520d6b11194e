"""The Stamp Swap GAME object: the shared contract over the phase modules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.contract import Bot, EndReason, Event, MatchConfig, Outcome, redact_secret
from rules.errors import IllegalAction, MalformedAction
from rules.stamp_swap import collect, show, swap, wire
from rules.stamp_swap.actions import (
    ACTIONS,
    Action,
    ChooseContest,
    Place,
    Prepare,
    Take,
    TakePile,
    TakeToken,
    action_from_json,
    action_to_json,
)
from rules.stamp_swap.bots import make_bot
from rules.stamp_swap.setup import new_state, setup_day
from rules.stamp_swap.stamps import MAX_PLAYERS, MIN_PLAYERS
from rules.stamp_swap.state import Phase, State, filled, waiting
from rules.stamp_swap.view import view

Checker = Callable[[State, int, Any], "str | None"]
Applier = Callable[[State, int, Any], "tuple[State, list[Event]]"]

HANDLERS: dict[type, tuple[Checker, Applier]] = {
    Take: (collect.check, collect.apply),
    TakeToken: (collect.check, collect.apply),
    Prepare: (swap.check_prepare, swap.apply_prepare),
    TakePile: (swap.check_choose, swap.apply_choose),
    Place: (show.check, show.apply),
    ChooseContest: (show.check, show.apply),
}
LEGAL: dict[Phase, Callable[[State, int], Sequence[Action]]] = {
    Phase.COLLECT: collect.legal,
    Phase.SWAP_PREP: swap.legal_prepare,
    Phase.SWAP_CHOOSE: swap.legal_choose,
    Phase.SHOW: show.legal,
    Phase.OVER: lambda state, seat: [],
}


class StampSwap:
    """Collect, Swap and Show over three days, then the Final Show."""

    name = "stamp-swap"
    title = "Stamp Swap"
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    realtime = False
    bot_levels = ("easy", "normal")

    def new_match(self, seed: int, config: MatchConfig, now: float = 0.0) -> tuple[State, list[Event]]:
        """Friday's pool set up, and its day_start event."""
        players = len(config.seats)
        if not self.min_seats <= players <= self.max_seats:
            raise ValueError(f"Stamp Swap needs {self.min_seats} to {self.max_seats} seats, not {players}")
        return setup_day(new_state(seed, players))

    def waiting(self, state: State) -> tuple[int, ...]:
        """Seats that may act now."""
        return waiting(state)

    def legal_actions(self, state: State, seat: int, now: float = 0.0) -> Sequence[Action]:
        """Every action `seat` may take now."""
        if seat not in waiting(state):
            return []
        return LEGAL[state.phase](state, seat)

    def check(self, state: State, seat: int, action: Any, now: float = 0.0) -> str | None:
        """None when allowed, else the reason."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            return "that is not a Stamp Swap action"
        malformed = ACTIONS.problem(action)  # a 0.5 column or an unknown key never reaches a phase
        if malformed is not None:
            return malformed
        if type(seat) is not int or not 0 <= seat < state.players:
            return "no such seat"
        if state.phase is Phase.OVER:
            return "the match is over"
        return handler[0](state, seat, action)

    def apply(self, state: State, seat: int, action: Any, now: float = 0.0) -> tuple[State, list[Event]]:
        """New state and events; raises IllegalAction when not allowed."""
        reason = self.check(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return HANDLERS[type(action)][1](state, seat, action)

    def tick(self, state: State, now: float) -> tuple[State, list[Event]]:
        """Turn-based: time changes nothing."""
        return state, []

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Only what `seat` may know."""
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it."""
        return redact_secret(event, seat)

    def view_to_json(self, view: dict[str, Any]) -> dict[str, Any]:
        """The JSON-ready form of a view."""
        return wire.view_to_json(view)

    def view_from_json(self, data: Any) -> dict[str, Any]:
        """Inverse of view_to_json; raises MalformedData on anything else."""
        return wire.view_from_json(data)

    def action_to_text(self, action: Any) -> str:
        """The short text form of an action ("place red-bird-1 0 2")."""
        return ACTIONS.to_text(action)

    def action_from_text(self, text: Any) -> Action:
        """Inverse of action_to_text; raises MalformedAction."""
        return ACTIONS.from_text(text)

    def outcome(self, state: State) -> Outcome | None:
        """Most points wins; a tie goes to more album cells filled, else it is shared."""
        if state.phase is not Phase.OVER:
            return None
        scores = tuple(float(s.score) for s in state.seats)
        best = max(scores)
        tied = [i for i, s in enumerate(scores) if s == best]
        most = max(len(filled(state, i)) for i in tied)
        winners = tuple(i for i in tied if len(filled(state, i)) == most)
        detail = "tie broken by album cells filled" if len(tied) > len(winners) else ""
        return Outcome(winners, scores, EndReason.FINAL_SHOW, detail)

    def action_to_json(self, action: Any) -> Any:
        """A JSON-ready form of an action."""
        return action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        """Inverse of action_to_json; raises MalformedAction on garbage."""
        return action_from_json(data)

    def make_bot(self, level: str, seat: int, seed: int) -> Bot:
        """A bot for `seat` at `level`."""
        if level not in self.bot_levels:
            raise MalformedAction(f"unknown bot level {level!r}; choose one of {', '.join(self.bot_levels)}")
        return make_bot(level, seat, seed)
