"""Swap Meet inference: rivals' dealt hands and contracts weighed from one seat's view and notes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_swap_meet_props import config

from rules.driver import play_match
from rules.rng import Rng
from rules.swap_meet import GAME
from rules.swap_meet.data import CONTRACTS_BY_NAME, DEAL_MAX_OF_TYPE, HAND_SIZE, RESOURCES
from rules.swap_meet.inference import DEALT_HANDS, EVIDENCE, Notes, belief, draw, fits, weigh
from rules.swap_meet.search import sample_world
from rules.swap_meet.state import Phase
from tests.support import PERTURB


def _counts(stall) -> tuple[int, ...]:
    tally = stall.tally()
    return tuple(tally[k] for k in RESOURCES)


def test_the_dealt_hands_are_every_hand_the_deal_rules_allow():
    assert len(DEALT_HANDS) == len(set(DEALT_HANDS)) == 85
    assert all(sum(h) == HAND_SIZE and max(h) <= DEAL_MAX_OF_TYPE for h in DEALT_HANDS)
    for seed in range(30):  # every real deal is among them, its contract among those that fit it
        state, _ = GAME.new_match(seed, config(4))
        for stall in state.stalls:
            assert _counts(stall) in DEALT_HANDS
            assert stall.contract in fits(_counts(stall))


def _watched_round(seed: int, upto: int):
    """Four Normal bots play; seat 0 looks at the table after every action, as a bot would.
    Returns the state after `upto` actions of round 1, seat 0's notes and every seat's deal."""
    record = play_match(GAME, seed, ["normal"] * 4, {"summary_seconds": 0})
    state, _ = GAME.new_match(seed, config(4, summary_seconds=0))
    dealt = [_counts(s) for s in state.stalls]
    notes = Notes().seen(GAME.view(state, 0))
    for now, seat, action in record.log[:upto]:
        ticked, _ = GAME.tick(state, now)
        if ticked.phase is not Phase.TRADING or ticked.round_no != 1:
            break
        after, _ = GAME.apply(ticked, seat, action, now)
        if after.phase is not Phase.TRADING:
            break
        state = after
        notes = notes.seen(GAME.view(state, 0))
    return state, notes, dealt


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), upto=st.integers(0, 40))
def test_the_truth_is_never_ruled_out_and_normal_rivals_never_lose_weight(seed, upto):
    state, notes, dealt = _watched_round(seed, upto)
    if state.phase is not Phase.TRADING:
        return
    view = GAME.view(state, 0)
    for seat in (1, 2, 3):
        rival = weigh(view, notes, seat)
        truth = (dealt[seat], state.stalls[seat].contract)
        weights = {(d, c): w for d, c, w in rival.options}
        assert weights.get(truth, 0.0) > 0
        # a Normal trader made every listing and swap its own plan called for: no evidence against
        # it (unless it is exact right now: it would cash out on its next wake-up)
        exact = state.stalls[seat].tally() == CONTRACTS_BY_NAME[truth[1]].needs()
        if any(s == seat for s, _ in notes.disturbed):
            continue  # an audit or takeover moved a card unseen: the truth may lose weight
        assert weights[truth] == pytest.approx((EVIDENCE if exact else 1.0) / len(fits(dealt[seat])))


def test_listings_and_trades_narrow_the_contracts_down():
    # a world drawn at random from the unseen contracts names a rival's true one 1 time in 11; the
    # deal rules and the listings and trades seen make it far likelier (about 4 in 10 measured)
    hits = tries = 0
    for seed in (21, 22, 23):
        state, notes, _ = _watched_round(seed, 30)
        view = GAME.view(state, 0)
        b = belief(view, notes)
        for salt in range(60):
            drawn, _, _ = draw(b, Rng.seeded(salt))
            for seat, (_, contract) in drawn.items():
                hits += contract == state.stalls[seat].contract
                tries += 1
    assert tries == 3 * 60 * 3 and hits / tries > 0.25


def test_a_peeked_contract_is_the_only_one_left_for_that_rival():
    state, notes, _ = _watched_round(5, 10)
    peeked = state.stalls[0].evolve(peeked=(2,))
    state = state.with_stall(0, peeked)
    rival = weigh(GAME.view(state, 0), notes, 2)
    assert {c for _, c, w in rival.options if w > 0} == {state.stalls[2].contract}


def test_draws_give_distinct_contracts_and_never_more_cards_than_the_pool_holds():
    state, notes, _ = _watched_round(8, 20)
    view = GAME.view(state, 0)
    b = belief(view, notes)
    for salt in range(20):
        drawn, pool, _ = draw(b, Rng.seeded(salt))
        assert len(drawn) == 3
        contracts = [c for _, c in drawn.values()] + [view.contract]
        assert len(set(contracts)) == 4
        assert min(pool) >= 0 and sum(pool) == sum(b.pool) - 3 * HAND_SIZE
        for hand, contract in drawn.values():
            assert contract in CONTRACTS_BY_NAME and contract in fits(hand)


def test_worlds_drawn_from_a_belief_match_everything_the_seat_can_see():
    state, notes, _ = _watched_round(21, 30)
    view = GAME.view(state, 0)
    b = belief(view, notes)
    for salt in range(5):
        seen = GAME.view(sample_world(view, Rng.seeded(salt), b), 0)
        for field in ("hand", "contract", "offers", "hand_sizes", "resource_counts", "market", "trades",
                      "totals", "deadline", "exact"):
            assert getattr(seen, field) == getattr(view, field), field


def test_the_belief_reads_no_secret():
    state, notes, _ = _watched_round(13, 25)
    hidden = PERTURB[GAME.name](state, 0)
    assert GAME.view(hidden, 0) == GAME.view(state, 0)
    assert belief(GAME.view(hidden, 0), notes) == belief(GAME.view(state, 0), notes)


def test_notes_start_afresh_every_round():
    state, notes, _ = _watched_round(3, 15)
    later = state.evolve(round_no=2)
    fresh = notes.seen(GAME.view(later, 0))
    assert fresh.round_no == 2 and fresh.sightings == tuple(
        s for s in fresh.sightings if s.t >= later.round_start)
    assert all(s.seat != 0 for s in notes.sightings)
