"""Which moves can be taken back, per game (rules/undo.py, rules/*/undo.py): one rule per kind of move,
checked on whole seeded playouts, plus the log-level rule (only the last move, only by its maker)."""

from __future__ import annotations

import pytest

from game.text import say
from rules.contract import Event, MatchConfig, SeatConfig
from rules.night_market.actions import Exchange, Sell, Take, TakePorters
from rules.record import Entry
from rules.refusal import Refusal
from rules.registry import get_game
from rules.stamp_swap.actions import Prepare
from rules.stamp_swap.actions import Take as StampTake
from rules.stamp_swap.state import Phase, is_face_down
from rules.undo import CHANCE, NOT_LAST, NOT_OFFERED, NOTHING, REVEALED, revealing, undo_refusal, why_final
from tests.support import playout


def _config(n: int) -> MatchConfig:
    return MatchConfig(tuple(SeatConfig(f"P{i}") for i in range(n)))


def _words(final: Refusal | None) -> str | None:
    """What the Undo line says (game/text's English), so these tests read as the player does."""
    return None if final is None else say(final)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_night_market_exchange_and_a_sale_within_the_round_can_be_taken_back_a_take_cannot(seed):
    game = get_game("night-market")
    seen: set[str] = set()
    for step in playout(game, seed, _config(2), 400):
        if step.action is None:
            continue
        final = _words(why_final(game, step.before, step.seat, step.action, step.state, step.events))
        ended = step.state.over or step.state.round_no != step.before.round_no
        if ended:
            assert final == "It ended the round."
        elif isinstance(step.action, (Take, TakePorters)):
            assert final == "New cards came from the deck."  # the market is refilled face up
        else:
            assert isinstance(step.action, (Exchange, Sell))
            assert final is None  # a sale's bonus token stays face down for everyone
        seen.add(type(step.action).__name__ + ("-end" if ended else ""))
    assert {"Take", "Exchange", "Sell"} <= seen


def _stamp_expect(game, step) -> str | None:
    """What the Stamp Swap rule must say, from the state before and after (not from the event list)."""
    a, before, after, seat = step.action, step.before, step.state, step.seat
    saw = any(after.seats[i].viewed != before.seats[i].viewed for i in range(before.players))
    if after.phase is Phase.OVER:
        return "It ended the match."
    if after.day != before.day:
        return "It ended the day."
    if isinstance(a, Prepare) and after.phase is not Phase.SWAP_PREP:
        return "Everyone's piles were shown."
    if after.revealed != before.revealed:
        return "Face-down stamps were turned up."
    if saw:
        mine = after.seats[seat].viewed != before.seats[seat].viewed
        return "You saw a face-down stamp." if mine else "A face-down stamp was seen."
    return None


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("players", [2, 3])
def test_stamp_swap_moves_that_show_nothing_hidden_can_be_taken_back(seed, players):
    game = get_game("stamp-swap")
    kinds: dict[str, set[str | None]] = {}
    for step in playout(game, seed, _config(players), 600):
        if step.action is None:
            continue
        final = _words(why_final(game, step.before, step.seat, step.action, step.state, step.events))
        assert final == _stamp_expect(game, step), (step.action, [e.kind for e in step.events])
        kinds.setdefault(type(step.action).__name__, set()).add(final)
    assert None in kinds["Place"] and None in kinds["Prepare"] and "Everyone's piles were shown." in kinds["Prepare"]
    assert "It ended the day." in kinds["ChooseContest"] and None in kinds["ChooseContest"]


def test_stamp_swap_taking_a_face_down_stamp_is_final_a_face_up_one_is_not():
    game = get_game("stamp-swap")
    found = set()
    for step in playout(game, 4, _config(3), 60):
        if isinstance(step.action, StampTake) and step.before.phase is Phase.COLLECT:
            hidden = is_face_down(step.before, step.action.item) \
                and step.action.item not in step.before.seats[step.seat].viewed
            final = _words(why_final(game, step.before, step.seat, step.action, step.state, step.events))
            if hidden:
                assert final == "You saw a face-down stamp."
            found.add(hidden)
    assert found == {True, False}


def test_a_game_without_undo_and_a_move_that_used_chance():
    swap_meet = get_game("swap-meet")
    assert why_final(swap_meet, None, 0, None, None, []) == NOT_OFFERED()
    game = get_game("night-market")
    state, _ = game.new_match(1, _config(2))
    rolled = type(state)(**{**state.__dict__, "rng": state.rng.fork(5)})
    assert why_final(game, state, 0, None, state, []) is None
    assert why_final(game, state, 0, None, rolled, []) == CHANCE()  # whatever the events say


def test_only_the_last_move_and_only_by_its_maker():
    game = get_game("night-market")
    log = [Entry(0.0, 0, {}), Entry(1.0, 1, {})]
    assert undo_refusal(game, [], 0, None) == NOTHING()
    assert undo_refusal(game, log, 1, None) is None
    assert undo_refusal(game, log, 1, CHANCE()) == CHANCE()
    assert undo_refusal(game, log, 0, None) == NOT_LAST()
    assert undo_refusal(game, log[:1], 1, None) == NOTHING()  # seat 1 never moved
    assert undo_refusal(get_game("swap-meet"), log, 1, None) == NOT_OFFERED()
    assert undo_refusal(game, [*log, Entry(2.0, None, {"type": "claim", "by": 0})], 1, None) == NOT_LAST()


def test_an_event_kind_nobody_listed_is_final():
    events = [Event("placed", 0), Event("something_new", 0)]
    assert revealing(events, frozenset({"placed"}), {}) == REVEALED()
    assert revealing(events[:1], frozenset({"placed"}), {}) is None

