"""The match record (rules/record.py): one value that round-trips as JSON and as text and rebuilds
every match of every game to its recorded outcome and final views, with no tick added."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contract import EndReason, MatchConfig, Outcome, SeatConfig
from rules.driver import play_match
from rules.errors import IllegalAction, MalformedData
from rules.record import TICK, Entry, MatchRecord, UnknownRules, claim_action, config_from_json, config_to_json
from rules.referee import DIVERGED, Referee
from rules.registry import GAME_MODULES, get_game
from tests.support import seats_for


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_a_bot_match_record_round_trips_and_rebuilds_its_outcome_and_every_final_view(name, seed):
    game = get_game(name)
    played = play_match(game, seed, [game.bot_levels[0]] * seats_for(game))
    record = played.record
    assert record.outcome is not None and record.rules_version == game.rules_version
    assert MatchRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    assert MatchRecord.from_text(record.to_text()) == record
    again = Referee.from_record(record)
    assert again.outcome() == record.outcome and again.log == list(record.entries)
    for seat in (*range(len(record.config.seats)), None):
        assert again.view(seat) == game.view(played.final_state, seat)


def test_time_ended_swap_meet_matches_end_on_their_recorded_tick():
    """The review's experiment (Appendix B): seeds that ended by the clock now rebuild whole."""
    game = get_game("swap-meet")
    for seed in (1, 4):  # under the referee's pacing these two end by the clock
        record = play_match(game, seed, ["easy"] * 4).record
        assert record.entries[-1].seat is None and record.entries[-1].action == TICK
        assert Referee.from_record(record).outcome() == record.outcome


def _night_market(seed: int = 4) -> Referee:
    game = get_game("night-market")
    return Referee(game, MatchConfig((SeatConfig("Ana"), SeatConfig("Ben"))), seed)


def test_a_claim_is_an_entry_and_restores_with_the_live_scores_and_words():
    referee = _night_market()
    seat = referee.waiting()[0]
    referee.act(seat, referee.legal(seat, 1.0)[0], 1.0)
    referee.claim(0, 70.0)
    live = referee.outcome()
    assert live == Outcome((0,), (1.0, 0.0), EndReason.ABANDONED, "claimed", {"name": "Ana"})
    assert referee.log[-1] == Entry(70.0, None, claim_action(0))
    record = MatchRecord.from_text(referee.record().to_text())
    assert Referee.from_record(record).outcome() == live
    with pytest.raises(IllegalAction, match="match_over"):
        referee.claim(1, 71.0)


def test_a_record_kept_before_outcomes_were_codes_still_opens() -> None:
    referee = _night_market()
    referee.claim(1, 5.0)
    text = referee.record().to_text()
    old = text.replace('"detail":"claimed","params":{"name":"Ben"}', '"detail":"claimed by Ben"')
    assert old != text  # the old form: English words and no params
    record = MatchRecord.from_text(old)
    assert record.outcome is not None and record.outcome.detail == "claimed by Ben" and record.outcome.params == {}
    assert Referee.from_record(record).outcome() == referee.outcome()  # the same result, said as a code


def test_a_record_of_other_rules_is_refused_before_anything_is_replayed():
    record = _night_market().record()
    newer = dataclasses.replace(record, rules_version=record.rules_version + 1)
    with pytest.raises(UnknownRules, match="rules version 2; this Market Hall has version 1"):
        Referee.from_record(newer)
    with pytest.raises(UnknownRules, match="rules version 2"):
        MatchRecord.from_text(record.to_text().replace("rules_version 1", "rules_version 2"))
    with pytest.raises(UnknownRules, match="does not have the game 'chess'"):
        Referee.from_record(dataclasses.replace(record, game="chess"))


def test_entries_that_no_longer_fit_or_an_outcome_not_reached_are_divergences():
    referee = _night_market()
    seat = referee.waiting()[0]
    move = referee.legal(seat, 0.0)[0]
    referee.act(seat, move, 0.0)
    record = referee.record()
    twice = dataclasses.replace(record, entries=record.entries * 2)
    with pytest.raises(IllegalAction) as diverged:
        Referee.from_record(twice)
    assert diverged.value.refusal.code == DIVERGED.code
    claimed = Outcome((1,), (0.0, 1.0), EndReason.ABANDONED, "claimed by Ben")
    with pytest.raises(IllegalAction) as diverged:
        Referee.from_record(dataclasses.replace(record, outcome=claimed))
    assert diverged.value.refusal == DIVERGED(why="outcome")
    with pytest.raises(IllegalAction) as diverged:
        Referee.from_record(dataclasses.replace(record, entries=(Entry(1.0, None, dict(TICK)),)))
    assert diverged.value.refusal == DIVERGED(why="tick")


BAD_JSON = [
    ("seed", True), ("seed", 1.5), ("rules_version", "1"), ("game", None), ("format", 9),
    ("entries", [[0, 0, {}]]), ("entries", [[1.0, 0, {}], [0.5, 0, {}]]), ("entries", [[0.0, -1, {}]]),
    ("entries", [[0.0, 0, {}, 1, 2]]), ("extra", 1), ("outcome", {"winners": [0]}),
]


@pytest.mark.parametrize(("key", "value"), BAD_JSON, ids=[f"{k}={v!r}" for k, v in BAD_JSON])
def test_from_json_is_strict(key, value):
    good = _night_market().record().to_json()
    with pytest.raises(MalformedData):
        MatchRecord.from_json({**good, key: value})


@pytest.mark.parametrize("text", [
    "", "game night-market\n", "game night-market\nrules_version 1\nseed 1\nseats []\noptions {}\nt=x seat 0: take",
    "game night-market\nrules_version 1\nseed 1\nseats []\noptions {}\nt=1.0 seat 0: no such move",
    "game night-market\nrules_version 1\nseed 1\nseats []\noptions {}\nt=1.0 referee: shrug",
    "game night-market\nrules_version 1\nseed 1\nseats []\noptions {}\nt=nan seat 0: take_porters",
    "game night-market\nrules_version 1\nseed one\nseats []\noptions {}\n",
])
def test_from_text_refuses_what_is_not_a_record(text):
    with pytest.raises(MalformedData):
        MatchRecord.from_text(text)


def test_the_text_names_each_entry_and_its_notes_are_skipped():
    referee = _night_market()
    seat = referee.waiting()[0]
    referee.act(seat, referee.legal(seat, 0.0)[0], 0.5, 3)
    referee.claim(seat, 9.0)
    text = referee.record().to_text({0: ["> a note"], -1: ["setup"]})
    assert f"t=0.5 seat {seat} #3: " in text and f"t=9.0 referee: claim {seat}" in text and "  > a note" in text
    assert MatchRecord.from_text(text) == referee.record()


def test_a_config_round_trips_and_garbage_is_refused():
    config = MatchConfig((SeatConfig("Ana"), SeatConfig("Bot 2", "easy")), {"first_seat": 1})
    assert config_from_json(json.loads(json.dumps(config_to_json(config)))) == config
    for bad in (None, {"seats": "x"}, {"seats": [{"name": 3}]}, {"seats": [], "colour": "red"}):
        with pytest.raises(MalformedData):
            config_from_json(bad)
