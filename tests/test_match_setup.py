"""The match-setup contract of every game: `new_match` returns its setup events and refuses a bad
config with BadConfig, `make_bot` refuses an unknown level, a replayed record gives every raw event."""

from __future__ import annotations

import json

import pytest

from rules.contract import Event, MatchConfig, SeatConfig
from rules.driver import play_match, seat_config
from rules.errors import BadConfig, UnknownBotLevel
from rules.record import MatchRecord
from rules.referee import Referee
from rules.registry import GAME_MODULES, get_game

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
def test_a_replayed_record_has_the_setup_tick_and_apply_events_in_order(name: str) -> None:
    game = get_game(name)
    levels = [game.bot_levels[0]] * SEATS[name]
    played: list[Event] = []
    match = play_match(game, 11, levels, on_event=played.append)
    record = MatchRecord.from_json(json.loads(json.dumps(match.record.to_json())))
    again = Referee.from_record(record)  # a time-ended match ends on its recorded tick: no extra tick
    assert again.state == match.final_state and again.outcome() == match.outcome
    assert again.events[: len(SETUP_KINDS[name])] == game.new_match(11, seat_config(levels))[1]
    assert again.events == played


@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_a_wrong_seat_count_is_a_bad_config_in_plain_words(name: str) -> None:
    game = get_game(name)
    for count in (game.min_seats - 1, game.max_seats + 1):
        with pytest.raises(BadConfig, match=f"{game.title} is for .* players, not {count}"):
            game.new_match(1, seat_config(["easy"] * count))


@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_an_unknown_option_is_a_bad_config(name: str) -> None:
    game = get_game(name)
    config = MatchConfig(seat_config(["easy"] * game.min_seats).seats, {"turbo": 1})
    with pytest.raises(BadConfig, match=f"{game.title} has no option 'turbo'"):
        game.new_match(1, config)


@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_an_unknown_bot_level_is_refused_the_same_way_by_make_bot_and_new_match(name: str) -> None:
    game = get_game(name)
    with pytest.raises(UnknownBotLevel, match=f"{game.title} has no bot level 'grandmaster'; choose "):
        game.make_bot("grandmaster", 0, 1)
    seats = (SeatConfig("Ada"), *(SeatConfig(f"Bot {i}", "grandmaster") for i in range(1, game.min_seats)))
    with pytest.raises(UnknownBotLevel):
        game.new_match(1, MatchConfig(seats))
    assert issubclass(UnknownBotLevel, BadConfig) and issubclass(BadConfig, ValueError)


@pytest.mark.parametrize("bad", [2, -1, True, "1", 0.5, 1.0, None])
def test_night_market_first_seat_must_be_0_or_1(bad: object) -> None:
    game = get_game("night-market")
    with pytest.raises(BadConfig, match="first_seat must be 0 or 1"):
        game.new_match(1, MatchConfig(seat_config(["easy", "easy"]).seats, {"first_seat": bad}))
