"""The Stamp Swap GAME object: the shared contract over the phase modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from rules.config import require_config, require_level
from rules.contract import Bot, EndReason, Event, MatchConfig, Outcome, redact_secret
from rules.errors import IllegalAction
from rules.refusal import NOT_A_MOVE, Refusal, declare
from rules.rng import Rng
from rules.stamp_swap import collect, legality, show, swap, wire
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
from rules.stamp_swap.bot.hard import HardBot
from rules.stamp_swap.bot.levels import LEVEL_NOTES, make_bot
from rules.stamp_swap.setup import new_state, setup_day
from rules.stamp_swap.stamps import MAX_PLAYERS, MIN_PLAYERS
from rules.stamp_swap.state import Phase, State, filled, waiting
from rules.stamp_swap.undo import why_final as _why_final
from rules.stamp_swap.view import view

MOST_POINTS = declare("stamp-swap.most_points")  # an outcome's detail
MOST_CELLS = declare("stamp-swap.most_cells")  # a tie on points broken by album cells filled

Applier = Callable[[State, int, Any], "tuple[State, list[Event]]"]

APPLIERS: dict[type, Applier] = {
    Take: collect.apply,
    TakeToken: collect.apply,
    Prepare: swap.apply_prepare,
    TakePile: swap.apply_choose,
    Place: show.apply,
    ChooseContest: show.apply,
}
LEGAL: dict[Phase, Callable[[State, int], Sequence[Action]]] = {
    Phase.COLLECT: collect.legal,
    Phase.SWAP_PREP: swap.legal_prepare,
    Phase.SWAP_CHOOSE: swap.legal_choose,
    Phase.SHOW: show.legal,
    Phase.OVER: lambda state, seat: [],
}


def _malformed(action: Any) -> Refusal | None:
    """A Stamp Swap action class holding values no action could (a 0.5 column, an unknown key) is
    not a move at all."""
    return NOT_A_MOVE() if type(action) in APPLIERS and ACTIONS.problem(action) else None


class StampSwap:
    """Collect, Swap and Show over three days, then the Final Show."""

    name = "stamp-swap"
    title = "Stamp Swap"
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    realtime = False
    rules_version = 1  # bump on any change that makes an old record replay differently
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    level_notes: Mapping[str, str] = LEVEL_NOTES

    def new_match(self, seed: int, config: MatchConfig, now: float = 0.0) -> tuple[State, list[Event]]:
        """Friday's pool set up, and its day_start event."""
        require_config(self, config, {})
        return setup_day(new_state(seed, len(config.seats)))

    def waiting(self, state: State) -> tuple[int, ...]:
        """Seats that may act now."""
        return waiting(state)

    def legal_actions(self, state: State, seat: int, now: float = 0.0) -> Sequence[Action]:
        """Every action `seat` may take now."""
        if seat not in waiting(state):
            return []
        return LEGAL[state.phase](state, seat)

    def check(self, state: State, seat: int, action: Any, now: float = 0.0) -> Refusal | None:
        """None when allowed, else the refusal."""
        return _malformed(action) or legality.check(state, seat, action)

    def why_not(self, view: dict[str, Any], action: Any, now: float = 0.0) -> Refusal | None:
        """The same answer as `check`, from the seat's own view alone (what a remote client holds)."""
        return _malformed(action) or legality.why_not(view, action)

    def apply(self, state: State, seat: int, action: Any, now: float = 0.0) -> tuple[State, list[Event]]:
        """New state and events; raises IllegalAction when not allowed."""
        refusal = self.check(state, seat, action)
        if refusal is not None:
            raise IllegalAction(refusal)
        return APPLIERS[type(action)](state, seat, action)

    def tick(self, state: State, now: float) -> tuple[State, list[Event]]:
        """Turn-based: time changes nothing."""
        return state, []

    def why_final(self, before: State, seat: int, action: Any, after: State, events: Sequence[Event]) -> Refusal | None:
        """None when the move revealed nothing (rules/undo.py), else what it revealed."""
        return _why_final(before, seat, action, after, events)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Only what `seat` may know."""
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it."""
        return redact_secret(event, seat)

    def view_to_json(self, view: dict[str, Any], checked: bool = True) -> dict[str, Any]:
        """The JSON-ready form of a view (checked=False: trusted, the rules made it)."""
        return wire.view_to_json(view, checked)

    def view_from_json(self, data: Any) -> dict[str, Any]:
        """Inverse of view_to_json; raises MalformedData on anything else."""
        return wire.view_from_json(data)

    def action_to_text(self, action: Any) -> str:
        """The short text form of an action ("place red-bird-1 0 2")."""
        return ACTIONS.to_text(action)

    def action_from_text(self, text: Any) -> Action:
        """Inverse of action_to_text; raises MalformedAction."""
        return cast(Action, ACTIONS.from_text(text))

    def outcome(self, state: State) -> Outcome | None:
        """Most points wins; a tie goes to more album cells filled, else it is shared."""
        if state.phase is not Phase.OVER:
            return None
        scores = tuple(float(s.score) for s in state.seats)
        best = max(scores)
        tied = [i for i, s in enumerate(scores) if s == best]
        most = max(len(filled(state, i)) for i in tied)
        winners = tuple(i for i in tied if len(filled(state, i)) == most)
        said = MOST_CELLS() if len(tied) > len(winners) else MOST_POINTS()
        return Outcome.said(winners, scores, EndReason.ROUNDS_COMPLETE, said)

    def action_to_json(self, action: Any, checked: bool = True) -> Any:
        """A JSON-ready form of an action (checked=False: trusted, the rules made it)."""
        return action_to_json(action, checked)

    def action_from_json(self, data: Any) -> Action:
        """Inverse of action_to_json; raises MalformedAction on garbage."""
        return action_from_json(data)

    def make_bot(self, level: str, seat: int, seed: int) -> Bot[Any, Any]:
        """A bot for `seat` at `level`; UnknownBotLevel for a level the game does not have."""
        require_level(self, level)
        if level == "hard":
            return HardBot(seat, Rng.seeded(seed))
        return make_bot(level, seat, seed)
