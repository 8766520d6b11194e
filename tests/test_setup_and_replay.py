"""Every game's `new_match` returns its setup events; `replay_with_events` returns every raw event."""

from __future__ import annotations

import json

import pytest

from rules.contract import Event
from rules.driver import play_match, seat_config
from rules.registry import GAME_MODULES, get_game
from rules.replay import replay, replay_with_events

SEATS = {"night-market": 2, "swap-meet": 3, "stamp-swap": 3}
SETUP_KINDS = {
    "night-market": ["round_started", "dealt", "dealt"],
    "swap-meet": ["round_start"],
    "stamp-swap": ["day_start"],
}


@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_new_match_returns_the_state_and_its_setup_events(name: str) -> None:
    game = get_game(name)
    state, events = game.new_match(3, seat_config(["easy"] * SEATS[name]))
    assert [e.kind for e in events] == SETUP_KINDS[name]
    assert game.waiting(state)
    again, _ = game.new_match(3, seat_config(["easy"] * SEATS[name]))
    assert again == state


@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_replay_with_events_returns_setup_tick_and_apply_events_in_order(name: str) -> None:
    game = get_game(name)
    levels = [game.bot_levels[0]] * SEATS[name]
    played: list[Event] = []
    record = play_match(game, 11, levels, on_event=played.append)
    log = [(now, seat, json.loads(json.dumps(game.action_to_json(a)))) for now, seat, a in record.log]
    state, events = replay_with_events(game, 11, seat_config(levels), log)
    assert state == record.final_state == replay(game, 11, seat_config(levels), log)
    assert events[: len(SETUP_KINDS[name])] == game.new_match(11, seat_config(levels))[1]
    assert events == played[: len(events)]
