"""Night Market: two merchants trade at a night bazaar; first to 2 seals wins.

`GAME` is the rules object every Market Hall tool uses (see rules/contract.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules.codec import decode, encode, trusted_beside
from rules.config import one_of, require_config, require_level
from rules.contract import Bot, Event, Game, MatchConfig, Outcome, redact_secret
from rules.night_market import actions as _actions
from rules.night_market.actions import Action
from rules.night_market.apply import apply as _apply
from rules.night_market.bot.levels import LEVEL_NOTES
from rules.night_market.bot.levels import make_bot as _make_bot
from rules.night_market.legal import check as _check
from rules.night_market.legal import legal_actions as _legal
from rules.night_market.legal import legal_from_view as _legal_from_view
from rules.night_market.legal import why_not as _why_not
from rules.night_market.moves import build_hand_tables
from rules.night_market.outcome import outcome as _outcome
from rules.night_market.state import State, new_match, stack_reason
from rules.night_market.undo import why_final as _why_final
from rules.night_market.view import View, view, view_beside
from rules.refusal import Refusal

# first_seat: who starts round 1; stack: kinds dealt first in round 1 (a guided match's deal; a list,
# which online rooms' options cannot hold)
OPTIONS = {"first_seat": one_of(0, 1), "stack": stack_reason}


class NightMarket:
    """The Night Market rules behind the shared Game protocol."""

    name = "night-market"
    title = "Night Market"
    min_seats = 2
    max_seats = 2
    realtime = False
    rules_version = 1  # bump on any change that makes an old record replay differently
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    level_notes: Mapping[str, str] = LEVEL_NOTES

    def new_match(self, seed: int, config: MatchConfig, now: float = 0.0) -> tuple[State, list[Event]]:
        """Round 1 and its setup events (round_started, dealt); seat names come from the config."""
        require_config(self, config, OPTIONS)
        build_hand_tables()  # at the table's opening, not at a rare hand hours later (moves.py)
        names = (config.seats[0].name, config.seats[1].name)
        options = config.options
        return new_match(names, seed, options.get("first_seat", 0), tuple(options.get("stack", ())))

    def waiting(self, state: State) -> tuple[int, ...]:
        """The seat to move (none once the match is over)."""
        return () if state.over else (state.turn,)

    def legal_actions(self, state: State, seat: int, now: float = 0.0) -> Sequence[Any]:
        """Every distinct move `seat` may make now."""
        return _legal(state, seat)

    def legal_from_view(self, view: View, now: float = 0.0) -> Sequence[Any]:
        """`legal_actions` for the view's own seat, from its view alone (rules/contract.py
        LegalFromView: the relay sends no legal list, the client makes it)."""
        return _legal_from_view(view)

    def check(self, state: State, seat: int, action: Any, now: float = 0.0) -> Refusal | None:
        """None when allowed, else the refusal."""
        return _check(state, seat, action)

    def why_not(self, view: View, action: Any, now: float = 0.0) -> Refusal | None:
        """The same answer as `check`, from the seat's own view alone (what a remote client holds)."""
        return _why_not(view, action)

    def apply(self, state: State, seat: int, action: Any, now: float = 0.0) -> tuple[State, list[Event]]:
        """New state and events; raises IllegalAction when not allowed."""
        return _apply(state, seat, action)

    def tick(self, state: State, now: float) -> tuple[State, list[Event]]:
        """Turn-based: time changes nothing."""
        return state, []

    def why_final(self, before: State, seat: int, action: Any, after: State, events: Sequence[Event]) -> Refusal | None:
        """None when the move revealed nothing (rules/undo.py), else what it revealed."""
        return _why_final(before, seat, action, after, events)

    def view(self, state: State, seat: int | None) -> View:
        """Only what `seat` may know."""
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it (another seat's dealt hand is a count)."""
        return redact_secret(event, seat)

    def view_to_json(self, view: View, checked: bool = True) -> dict[str, Any]:
        """The JSON-ready form of a view (checked=False: trusted, the rules made it)."""
        return cast(dict[str, Any], encode(View, view, checked=checked))

    def view_json_beside(self, state: State, seat: int, public: View, public_json: dict[str, Any]) -> dict[str, Any]:
        """view_to_json(view(state, seat), checked=False), made beside the public view of the same
        state and its JSON: what every seat sees alike is `public_json`'s own parts (the relay)."""
        return trusted_beside(View)(view_beside(state, seat, public), public, public_json)

    def view_from_json(self, data: Any) -> View:
        """Inverse of view_to_json; raises MalformedData on anything else."""
        return cast(View, decode(View, data))

    def action_to_text(self, action: Any) -> str:
        """The short text form of an action ("exchange 3,7 12 1")."""
        return _actions.ACTIONS.to_text(action)

    def action_from_text(self, text: Any) -> Any:
        """Inverse of action_to_text; raises MalformedAction."""
        return _actions.ACTIONS.from_text(text)

    def outcome(self, state: State) -> Outcome | None:
        """Seals per seat once the match is over."""
        return _outcome(state)

    def action_to_json(self, action: Any, checked: bool = True) -> Any:
        """JSON form of an action (checked=False: trusted, the rules made it)."""
        return _actions.action_to_json(action, checked)

    def action_from_json(self, data: Any) -> Any:
        """Action from its JSON form; raises MalformedAction."""
        return _actions.action_from_json(data)

    def make_bot(self, level: str, seat: int, seed: int) -> Bot[Any, Any]:
        """A Rival at `level` ("easy", "normal", "hard"); UnknownBotLevel for any other."""
        require_level(self, level)
        return _make_bot(level, seat, seed)


GAME: Game[State, Action, View] = NightMarket()

__all__ = ["GAME", "NightMarket"]
