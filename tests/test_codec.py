"""The one codec: strict decoding, declared bounds, the text form, and the bad actions of issue 8."""

from __future__ import annotations

import doctest
import importlib
from dataclasses import dataclass
from fractions import Fraction

import pytest

from rules import codec
from rules.contract import MatchConfig, SeatConfig
from rules.errors import MalformedAction, MalformedData
from rules.night_market import GAME as NIGHT_MARKET
from rules.night_market.actions import Exchange, Take
from rules.refusal import NO_SUCH_SEAT, NOT_A_MOVE
from rules.stamp_swap import GAME as STAMP_SWAP
from rules.stamp_swap.actions import Place
from rules.swap_meet import GAME as SWAP_MEET

ACTION_MODULES = ["rules.night_market.actions", "rules.swap_meet.actions", "rules.stamp_swap.actions"]


@pytest.mark.parametrize("name", ACTION_MODULES)
def test_the_action_doctests_hold(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted and not result.failed


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ({"type": "take", "card": "3"}, "expected int"),
        ({"type": "take", "card": True}, "expected int"),
        ({"type": "take", "card": -1}, "outside 0..54"),
        ({"type": "take", "card": 55}, "outside 0..54"),
        ({"type": "take", "card": 10**40}, "outside 0..54"),
        ({"type": "take", "card": 3.0}, "expected int"),
        ({"type": "exchange", "take": [1, 1], "give": [], "porters": 2}, "repeats"),
        ({"type": "exchange", "take": [1, 2], "give": [], "porters": -1}, "outside"),
        ({"type": "sell", "cards": list(range(1_000_000))}, "length 1000000"),
        ({"type": "take", "card": 3, "extra": 1}, "unknown fields"),
        ({"type": "take"}, "missing fields"),
        ({"type": ["take"]}, "unknown type"),
    ],
)
def test_night_market_refuses_what_no_move_could_hold(data, why):
    with pytest.raises(MalformedAction, match=why):
        NIGHT_MARKET.action_from_json(data)


@pytest.mark.parametrize(
    "data",
    [
        {"type": []},
        {"type": {"a": 1}},
        {"type": "swap", "target": "1", "give": "crate", "offer": 1},
        {"type": "open_offer", "kind": "gold", "count": 1},
        {"type": "open_offer", "kind": "crate", "count": 0},
        {"type": "peek", "target": 6},
    ],
)
def test_swap_meet_refuses_garbage_with_malformed_action_only(data):
    with pytest.raises(MalformedAction):
        SWAP_MEET.action_from_json(data)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "place", "item": "red-bird-1", "row": None, "col": 0},
        {"type": "place", "item": "red-bird-1", "row": 0, "col": 0.5},
        {"type": "place", "item": "red-bird-1", "row": 4, "col": 0},
        {"type": "place", "item": "no-such-stamp", "row": 0, "col": 0},
        {"type": "take_pile", "owner": "1", "pile": 0},
        {"type": "take", "item": "hidden-99999"},
        {"type": "prepare", "reserve": 3, "pile_a": ["red-bird-1"], "pile_b": ["red-bird-2"]},
        {"type": "contest", "contest": "finale-full"},
    ],
)
def test_stamp_swap_refuses_odd_coordinates_owners_and_keys(data):
    with pytest.raises(MalformedAction):
        STAMP_SWAP.action_from_json(data)


def test_stamp_swap_check_answers_a_reason_for_unrepresentable_values():
    state, _ = STAMP_SWAP.new_match(1, MatchConfig(tuple(SeatConfig(f"p{i}") for i in range(3))))
    for action in (Place("red-bird-1", 0.5, 0), Place("red-bird-1", None, 0), Place(7, 0, 0)):  # type: ignore[arg-type]
        assert STAMP_SWAP.check(state, 0, action) == NOT_A_MOVE()


def test_the_text_form_round_trips_and_refuses_junk():
    from rules.night_market.actions import ACTIONS

    for action in (Take(4), Exchange((1, 2), (), 2), Exchange((1, 2, 3), (9,), 2)):
        assert ACTIONS.from_text(ACTIONS.to_text(action)) == action
    for text in ("", "take", "take x", "take 1 2", "exchange 1,1 () 2", 5, "x" * 500):
        with pytest.raises(MalformedAction):
            ACTIONS.from_text(text)


@dataclass(frozen=True)
class Sample:
    ratio: Fraction
    by_seat: dict[int, str]
    when: float | None = None


def test_fractions_int_keys_and_floats_round_trip_exactly_and_strictly():
    value = Sample(Fraction(7, 2), {0: "a", 3: "b"}, 2.5)
    data = codec.encode(Sample, value)
    assert data == {"ratio": "7/2", "by_seat": {"0": "a", "3": "b"}, "when": 2.5}
    assert codec.decode(Sample, data) == value
    for bad in ({**data, "ratio": "14/4"}, {**data, "by_seat": {"01": "a"}}, {**data, "when": 2},
                {**data, "when": float("nan")}):
        with pytest.raises(MalformedData):
            codec.decode(Sample, bad)


def test_plain_json_data_refuses_what_json_cannot_hold():
    assert codec.json_data({"a": (1, [2.5, None])}) == {"a": [1, [2.5, None]]}
    deep: list = []
    for _ in range(100):
        deep = [deep]
    for bad in ({1: "int key"}, {"x": {1, 2}}, float("inf"), deep, Fraction(1, 3)):
        with pytest.raises(MalformedData):
            codec.json_data(bad)


def test_stamp_swap_check_answers_for_a_seat_that_is_not_a_seat():
    state, _ = STAMP_SWAP.new_match(1, MatchConfig(tuple(SeatConfig(f"p{i}") for i in range(3))))
    action = STAMP_SWAP.legal_actions(state, STAMP_SWAP.waiting(state)[0])[0]
    for seat in ("0", None, 1.0, -1, 3):
        assert STAMP_SWAP.check(state, seat, action) == NO_SUCH_SEAT()  # type: ignore[arg-type]


def test_a_swap_meet_view_counts_its_own_resources():
    state, _ = SWAP_MEET.new_match(4, MatchConfig(tuple(SeatConfig(f"p{i}") for i in range(4))))
    view = SWAP_MEET.view(state, 1)
    assert view.counts() == state.stalls[1].counts()
    assert set(SWAP_MEET.view(state, None).counts().values()) == {0}


def test_a_view_phase_must_be_a_phase_of_the_game():
    from rules.stamp_swap.state import Phase as StampPhase
    from rules.swap_meet.state import Phase as SwapPhase

    for game, phases in ((SWAP_MEET, SwapPhase), (STAMP_SWAP, StampPhase)):
        state, _ = game.new_match(2, MatchConfig(tuple(SeatConfig(f"p{i}") for i in range(3))))
        data = game.view_to_json(game.view(state, 0))
        for phase in phases:
            view = game.view_from_json({**data, "phase": phase.value})
            assert (view["phase"] if isinstance(view, dict) else view.phase) == phase.value
        with pytest.raises(MalformedData):
            game.view_from_json({**data, "phase": "lunch"})


def test_a_night_market_view_names_only_real_cards():
    state, _ = NIGHT_MARKET.new_match(2, MatchConfig((SeatConfig("a"), SeatConfig("b"))))
    data = NIGHT_MARKET.view_to_json(NIGHT_MARKET.view(state, 0))
    for bad in ([55, "pearl"], [0, "gold"], [True, "pearl"]):
        with pytest.raises(MalformedData):
            NIGHT_MARKET.view_from_json({**data, "market": [bad]})
