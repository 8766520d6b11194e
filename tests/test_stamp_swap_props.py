"""Property tests over random Stamp Swap matches: conservation, album integrity, tickets, no leaks, replay."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from test_stamp_swap_helpers import config

from rules.driver import play_match
from rules.errors import IllegalAction
from rules.stamp_swap import GAME
from rules.stamp_swap.actions import Place, Take, TakePile
from rules.stamp_swap.cards import ATTENDEE_IDS
from rules.stamp_swap.setup import all_keys
from rules.stamp_swap.stamps import STAMPS
from rules.stamp_swap.state import HIDDEN_PREFIX, Phase, filled, knows, spec_id

EVERY_CARD = Counter([*STAMPS, *ATTENDEE_IDS])


def _secret_ids(state, seat):
    """Card ids behind face-down keys this seat does not know."""
    return {spec_id(state, f"{HIDDEN_PREFIX}{i}") for i in range(len(state.hidden))
            if not knows(state, seat, f"{HIDDEN_PREFIX}{i}")}


def _assert_no_leak(state, events):
    for seat in [*range(state.players), None]:
        secrets = _secret_ids(state, seat)
        text = json.dumps(GAME.view(state, seat))
        text += json.dumps([GAME.redact(e, seat).to_json() for e in events])
        for card in secrets:
            assert f'"{card}"' not in text, (seat, card)


def _assert_album_ok(before, after):
    for b, a in zip(before.seats, after.seats, strict=True):
        assert a.album[: len(b.album)] == b.album  # placed stamps never move
    for seat, s in enumerate(after.seats):
        area = sum(STAMPS[spec_id(after, p.key)].area for p in s.album)
        assert len(filled(after, seat)) == area  # no overlap


def _illegal_probe(state, seat, rnd):
    probes = [Take("nowhere"), TakePile(seat, 0), Place("nowhere", 0, 0)]
    action = rnd.choice(probes)
    reason = GAME.check(state, seat, action)
    assert isinstance(reason, str) and reason
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as exc:
        assert exc.reason == reason
    else:
        raise AssertionError("illegal action applied")


def _random_match(seed, players, deep=True):
    rnd = random.Random(seed)
    state, _ = GAME.new_match(seed, config(players))
    log = []
    while GAME.outcome(state) is None:
        waiting = GAME.waiting(state)
        assert waiting
        seat = rnd.choice(waiting)
        legal = GAME.legal_actions(state, seat)
        assert legal
        action = rnd.choice(list(legal))
        assert GAME.check(state, seat, action) is None
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action
        new, events = GAME.apply(state, seat, action)
        log.append((seat, action))
        assert Counter(all_keys(new)) == EVERY_CARD
        _assert_album_ok(state, new)
        if deep:
            _assert_no_leak(new, events)
            _illegal_probe(new, GAME.waiting(new)[0], rnd) if GAME.waiting(new) else None
        state = new
    return state, log


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_random_matches_keep_every_invariant(seed, players):
    state, log = _random_match(seed, players)
    assert state.phase is Phase.OVER
    for s in state.seats:
        assert len(s.tickets) == 3 and len(set(s.tickets)) == 3  # three tickets spent, all different
        assert not s.pending and not s.holding and not s.dc
    replay, _ = GAME.new_match(seed, config(players))
    for seat, action in log:
        replay, _ = GAME.apply(replay, seat, action)
    assert replay == state


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_same_seed_same_match_and_tickets(seed, players):
    a, _ = _random_match(seed, players, deep=False)
    b, _ = _random_match(seed, players, deep=False)
    assert a == b
    assert all(len(s.tickets) == 3 for s in a.seats)


def test_bots_finish_matches_at_every_table_size():
    for players in (2, 3, 4, 5):
        for levels in (["normal"] * players, ["easy"] * players, ["normal"] + ["easy"] * (players - 1)):
            record = play_match(GAME, players * 31, levels)
            assert record.outcome is not None and len(record.outcome.scores) == players
            assert all(len(s.tickets) == 3 for s in record.final_state.seats)


def test_bot_replay_is_exact():
    record = play_match(GAME, 77, ["normal", "easy", "normal"])
    state, _ = GAME.new_match(77, config(3))
    for _, seat, action in record.log:
        state, _ = GAME.apply(state, seat, action)
    assert state == record.final_state
