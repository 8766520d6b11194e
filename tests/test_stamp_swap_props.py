"""Property tests over random Stamp Swap matches: conservation, album integrity, tickets, bot matches.

Replay, JSON forms, check/apply agreement and leaks are checked for every game in test_contract.py.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from test_stamp_swap_helpers import config

from rules.driver import play_match
from rules.stamp_swap import GAME
from rules.stamp_swap.cards import ATTENDEE_IDS
from rules.stamp_swap.setup import all_keys
from rules.stamp_swap.stamps import STAMPS
from rules.stamp_swap.state import Phase, filled, spec_id
from tests.support import moves

EVERY_CARD = Counter([*STAMPS, *ATTENDEE_IDS])


def _assert_album_ok(before, after):
    for b, a in zip(before.seats, after.seats, strict=True):
        assert a.album[: len(b.album)] == b.album  # placed stamps never move
    for seat, s in enumerate(after.seats):
        area = sum(STAMPS[spec_id(after, p.key)].area for p in s.album)
        assert len(filled(after, seat)) == area  # no overlap


def _random_match(seed, players):
    rnd = random.Random(seed)
    state, _ = GAME.new_match(seed, config(players))
    while GAME.outcome(state) is None:
        waiting = GAME.waiting(state)
        assert waiting
        seat = rnd.choice(waiting)
        legal = GAME.legal_actions(state, seat)
        assert legal
        action = rnd.choice(list(legal))
        new, _ = GAME.apply(state, seat, action)
        assert Counter(all_keys(new)) == EVERY_CARD
        _assert_album_ok(state, new)
        state = new
    return state


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_random_matches_keep_every_invariant(seed, players):
    state = _random_match(seed, players)
    assert state.phase is Phase.OVER
    for s in state.seats:
        assert len(s.tickets) == 3 and len(set(s.tickets)) == 3  # three tickets spent, all different
        assert not s.pending and not s.holding and not s.dc


def test_bots_finish_matches_at_every_table_size():
    for players in (2, 3, 4, 5):
        for levels in (["normal"] * players, ["easy"] * players, ["normal"] + ["easy"] * (players - 1)):
            record = play_match(GAME, players * 31, levels)
            assert record.outcome is not None and len(record.outcome.scores) == players
            assert all(len(s.tickets) == 3 for s in record.final_state.seats)


def test_bot_replay_is_exact():
    record = play_match(GAME, 77, ["normal", "easy", "normal"])
    state, _ = GAME.new_match(77, config(3))
    for _, seat, action in moves(record):
        state, _ = GAME.apply(state, seat, action)
    assert state == record.final_state
