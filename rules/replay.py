"""Rebuild a match from its seed, its config and its action log (saves, replays, network)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.contract import AnyGame, Event, MatchConfig, SeatConfig
from rules.errors import IllegalAction, MalformedAction


def config_to_json(config: MatchConfig) -> dict[str, Any]:
    """A JSON-ready match config."""
    return {"seats": [{"name": s.name, "bot": s.bot} for s in config.seats], "options": dict(config.options)}


def config_from_json(data: Any) -> MatchConfig:
    """Inverse of config_to_json; raises MalformedAction on garbage."""
    try:
        seats = tuple(SeatConfig(str(s["name"]), None if s.get("bot") is None else str(s["bot"]))
                      for s in data["seats"])
        return MatchConfig(seats, dict(data.get("options", {})))
    except (KeyError, TypeError, AttributeError) as exc:
        raise MalformedAction(f"bad match config: {exc}") from exc


def replay_with_events(game: AnyGame, seed: int, config: MatchConfig,
                       log: Iterable[tuple[float, int, Any]]) -> tuple[Any, list[Event]]:
    """The state after the log and every raw event in order: setup, then each tick's and apply's.

    Raw means unredacted: callers redact per seat (a table rebuilding each seat's history on resume).
    """
    state, events = game.new_match(seed, config, now=0.0)
    for now, seat, action_json in log:
        action = game.action_from_json(action_json)
        state, ticked = game.tick(state, now)
        events += ticked
        reason = game.check(state, seat, action, now)
        if reason is not None:
            raise IllegalAction(f"replay diverged: {reason}")
        state, applied = game.apply(state, seat, action, now)
        events += applied
    return state, events


def replay(game: AnyGame, seed: int, config: MatchConfig,
           log: Iterable[tuple[float, int, Any]]) -> Any:
    """The state after applying every (now, seat, action_json) in order, ticking time first."""
    return replay_with_events(game, seed, config, log)[0]
