"""The Swap Meet GAME object: the shared Game API over this package's functions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules.codec import decode, encode
from rules.config import number_between, one_of, require_config, require_level
from rules.contract import EndReason, Event, Game, MatchConfig, Outcome, redact_secret
from rules.refusal import Refusal, declare
from rules.swap_meet import actions, apply, check, rounds
from rules.swap_meet import view as views
from rules.swap_meet.actions import Action
from rules.swap_meet.bot.levels import LEVEL_NOTES
from rules.swap_meet.data import (
    MAX_SEATS,
    MIN_SEATS,
    PACES,
    RELAXED_BOTS,
    ROUND_SECONDS_RANGE,
    ROUNDS,
    SUMMARY_SECONDS_RANGE,
)
from rules.swap_meet.state import Phase, State

OPTIONS = {
    "round_seconds": number_between(*ROUND_SECONDS_RANGE),
    "summary_seconds": number_between(*SUMMARY_SECONDS_RANGE),
    "pace": one_of(*PACES),
}

MOST_POINTS = declare("swap-meet.most_points", "rounds")  # an outcome's detail


class SwapMeet:
    """Real-time trading for 3 to 6 seats; every `now` is match-clock seconds."""

    name = "swap-meet"
    title = "Swap Meet"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    realtime = True
    rules_version = 1  # bump on any change that makes an old record replay differently
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    level_notes: Mapping[str, str] = LEVEL_NOTES

    def new_match(self, seed: int, config: MatchConfig, now: float = 0.0) -> tuple[State, list[Event]]:
        """Round 1 dealt with its timer starting at `now`, and its round_start event."""
        require_config(self, config, OPTIONS)
        return rounds.new_match(seed, config, now)

    def waiting(self, state: State) -> tuple[int, ...]:
        """Every seat while trading or showing a summary; nobody once finished."""
        return () if state.phase is Phase.FINISHED else tuple(range(state.seats))

    def legal_actions(self, state: State, seat: int, now: float = 0.0) -> Sequence[Any]:
        """Every action `seat` may take at `now`."""
        return check.legal_actions(state, seat, now)

    def check(self, state: State, seat: int, action: Any, now: float = 0.0) -> Refusal | None:
        """None when allowed, else the refusal."""
        return check.check(state, seat, action, now)

    def why_not(self, view: views.SeatView, action: Any, now: float = 0.0) -> Refusal | None:
        """The same answer as `check` at `now`, from the seat's own view alone (what a remote client holds)."""
        return check.why_not(view, action, now)

    def apply(self, state: State, seat: int, action: Any, now: float = 0.0) -> tuple[State, list[Event]]:
        """Apply at `now`; IllegalAction with the reason when refused."""
        return apply.apply(state, seat, action, now)

    def tick(self, state: State, now: float) -> tuple[State, list[Event]]:
        """Lock the round at its deadline; start the next one after the summary."""
        return rounds.tick(state, now)

    def view(self, state: State, seat: int | None) -> views.SeatView:
        """Only what `seat` may know."""
        return views.view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it."""
        return redact_secret(event, seat)

    def view_to_json(self, view: views.SeatView, checked: bool = True) -> dict[str, Any]:
        """The JSON-ready form of a view (checked=False: trusted, the rules made it)."""
        return cast(dict[str, Any], encode(views.SeatView, view, checked=checked))

    def view_from_json(self, data: Any) -> views.SeatView:
        """Inverse of view_to_json; raises MalformedData on anything else."""
        return cast(views.SeatView, decode(views.SeatView, data))

    def action_to_text(self, action: Any) -> str:
        """The short text form of an action ("swap 2 sack 17")."""
        return actions.ACTIONS.to_text(action)

    def action_from_text(self, text: Any) -> Any:
        """Inverse of action_to_text; raises MalformedAction."""
        return actions.ACTIONS.from_text(text)

    def outcome(self, state: State) -> Outcome | None:
        """Totals after round 3; winners are all seats tied on the top total."""
        if state.phase is not Phase.FINISHED:
            return None
        best = max(state.totals)
        winners = tuple(s for s in range(state.seats) if state.totals[s] == best)
        said = MOST_POINTS(rounds=ROUNDS)
        return Outcome.said(winners, tuple(float(x) for x in state.totals), EndReason.ROUNDS_COMPLETE, said)

    def action_to_json(self, action: Any, checked: bool = True) -> Any:
        """JSON form of an action (checked=False: trusted, the rules made it)."""
        return actions.action_to_json(action, checked)

    def action_from_json(self, data: Any) -> Any:
        """Action from its JSON form."""
        return actions.action_from_json(data)

    def bot_pace(self, config: MatchConfig) -> float:
        """How much longer the bots' reaction times are in this match: relaxed rounds slow them."""
        return RELAXED_BOTS if rounds.relaxed(config) else 1.0

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        """A bot for `seat` at `level`; UnknownBotLevel for a level the game does not have."""
        from rules.swap_meet.bot.levels import TraderBot
        from rules.swap_meet.bot.rival import RivalBot

        require_level(self, level)
        return RivalBot(level, seat, seed) if level == "hard" else TraderBot(level, seat, seed)


GAME: Game[State, Action, views.SeatView] = SwapMeet()
