"""Swap Meet property tests over random real-time games with random timings.

Conservation, market bounds, offers, scores and racing swaps; replay, JSON forms and leaks are
checked for every game in test_contract.py.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contract import MatchConfig, SeatConfig
from rules.errors import IllegalAction
from rules.swap_meet import GAME
from rules.swap_meet.actions import Crash, OpenOffer, Peek, PinBank, Swap
from rules.swap_meet.bot.rival import RivalBot
from rules.swap_meet.bot.search import Budget
from rules.swap_meet.check import OFFER_GONE, OWN_STALL
from rules.swap_meet.data import CONTRACTS_BY_NAME, RESOURCES, deck_kinds
from rules.swap_meet.state import Phase

FAST = settings(max_examples=40, deadline=None)
STEP = st.tuples(
    st.sampled_from([0.0, 0.0, 0.3, 1.0, 2.5, 7.0, 30.0]),  # 0: same instant (races)
    st.integers(0, 5),
    st.integers(0, 10_000),
    st.sampled_from(["act", "act", "act", "act", "tick", "stale", "junk"]),
)


def config(seats: int, **options) -> MatchConfig:
    return MatchConfig(tuple(SeatConfig(f"p{i}") for i in range(seats)), options)


def check_conservation(state) -> None:
    cards = [c for s in state.stalls for c in s.hand] + list(state.set_aside) + list(state.discards)
    assert sorted(c.id for c in cards) == list(range(len(deck_kinds(state.seats))))
    assert Counter(c.kind for c in cards) == Counter(deck_kinds(state.seats))


def check_market(state) -> None:
    for _, mults in state.history:
        assert all(Fraction(1, 4) <= m <= 3 for m in mults)


def check_offers(state) -> None:
    for stall in state.stalls:
        if stall.offer is not None:
            held = {c.id: c.kind for c in stall.hand}
            assert 1 <= stall.offer.count == len(set(stall.offer.card_ids))
            assert all(held.get(i) == stall.offer.kind for i in stall.offer.card_ids)


def expected_score(seat, stall, market, locker, how) -> Fraction:
    """The seed's formulas written out independently of rules.swap_meet.scoring."""
    m = dict(zip(RESOURCES, market, strict=True))
    counts = Counter(c.kind for c in stall.hand if c.kind in RESOURCES)
    contract = CONTRACTS_BY_NAME[stall.contract]
    avg = sum(m[k] for k, _ in contract.recipe) / len(contract.recipe)
    bonus = 10 if seat == locker else 0
    if (seat == locker and how == "cash") or (seat != locker and counts == Counter(dict(contract.recipe))):
        return contract.base * avg + bonus
    if seat == locker:
        kind = next(iter(counts))
    elif stall.pin:
        kind = stall.pin
    else:
        kind = max(RESOURCES, key=lambda k: (counts[k], m[k], -RESOURCES.index(k)))
    extras = sum(counts.values()) - counts[kind]
    return counts[kind] * m[kind] * 10 - 5 * extras + bonus


def check_scores(state) -> None:
    summary = state.summaries[-1]
    for seat, stall in enumerate(state.stalls):
        want = expected_score(seat, stall, state.market, summary.locker, summary.how)
        assert summary.stalls[seat].score == want


def junk_action(state, seat, pick):
    kinds = RESOURCES + ("gold",)
    options = [OpenOffer(kinds[pick % 5], pick % 4), Swap(pick % 7 - 1, kinds[pick % 5], pick % 9),
               Crash(kinds[pick % 5]), Peek(pick % 7 - 1), PinBank(kinds[pick % 5])]
    return options[pick % len(options)]


def run(seed, seats, steps):
    state, _ = GAME.new_match(seed, config(seats, round_seconds=60, summary_seconds=3))
    log, now, seen_locks, stale = [], 0.0, 0, []
    for dt, seat_raw, pick, kind in steps:
        now += dt
        seat = seat_raw % seats
        if kind == "tick":
            state, events = GAME.tick(state, now)
            log.append(("tick", now))
        else:
            if kind == "act":
                legal = GAME.legal_actions(state, seat, now)
                if state.phase is not Phase.FINISHED and now < state.deadline:
                    assert legal
                eager = [a for a in legal if not isinstance(a, (PinBank, OpenOffer))]
                pool = eager if eager and pick % 3 else legal
                action = pool[pick % len(pool)] if pool else None
                stale = legal or stale
            elif kind == "stale":
                action = stale[pick % len(stale)] if stale else None
            else:
                action = junk_action(state, seat, pick)
            if action is None:
                continue
            reason = GAME.check(state, seat, action, now)
            if reason is None:
                state, events = GAME.apply(state, seat, action, now)
                log.append(("act", now, seat, action))
            else:
                assert kind != "act"
                with pytest.raises(IllegalAction) as err:
                    GAME.apply(state, seat, action, now)
                assert err.value.refusal == reason
                continue
        check_conservation(state)
        check_market(state)
        check_offers(state)
        if len(state.summaries) > seen_locks:
            seen_locks = len(state.summaries)
            if state.summaries[-1].round_no == state.round_no:
                check_scores(state)
    return state, log


@FAST
@given(st.integers(0, 2**32), st.integers(3, 6), st.lists(STEP, min_size=5, max_size=80))
def test_random_realtime_games_keep_every_invariant(seed, seats, steps):
    run(seed, seats, steps)  # conservation, market bounds, offers, scores and refusals at every step


@FAST
@given(st.integers(0, 2**32), st.integers(3, 6), st.lists(st.integers(0, 5), min_size=2, max_size=6),
       st.integers(0, 100))
def test_racing_swaps_on_one_offer_exactly_one_wins(seed, seats, order, pick):
    state, _ = GAME.new_match(seed, config(seats))
    offerer = pick % seats
    state, _ = GAME.apply(state, offerer, OpenOffer(*next(
        (k, 1) for k in RESOURCES if state.stalls[offerer].counts()[k])), 1.0)
    wins = 0
    for raw in order:
        seat = raw % seats
        tries = [a for a in GAME.legal_actions(state, seat, 2.0) if isinstance(a, Swap) and a.target == offerer]
        offer = state.stalls[offerer].offer
        if offer is None:
            attempt = Swap(offerer, RESOURCES[pick % 4], 1)
            assert GAME.check(state, seat, attempt, 2.0) in (OFFER_GONE(), OWN_STALL())
            continue
        if tries:
            before = state
            state, _ = GAME.apply(state, seat, tries[pick % len(tries)], 2.0)
            wins += 1
            assert before.stalls[offerer].offer is not None
        check_conservation(state)
    assert wins <= 1


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.integers(3, 6), st.lists(st.floats(0.0, 3.0), min_size=50, max_size=50))
def test_bot_games_with_random_timings_keep_every_invariant(seed, seats, delays):
    levels = GAME.bot_levels
    bots = [GAME.make_bot(levels[i % len(levels)], i, seed + i) for i in range(seats)]
    # Hard searches with a small budget here: the same code path, and whole matches at 3-6 seats
    # with a decision at every step stay quick (its strength is measured by autoplay, not here)
    small = Budget(worlds=2, candidates=3, screen=1, finalists=2, horizon=10.0, confidence=0.5)
    bots = [RivalBot("hard", i, seed + i, budget=small) if isinstance(b, RivalBot) else b
            for i, b in enumerate(bots)]
    state, _ = GAME.new_match(seed, config(seats, summary_seconds=2))
    now, locks, step = 0.0, 0, 0
    while state.phase is not Phase.FINISHED:
        now += 0.1 + delays[step % len(delays)] / seats
        seat = step % seats
        step += 1
        state, events = GAME.tick(state, now)
        action = bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat, now), now)
        if action is not None and GAME.check(state, seat, action, now) is None:
            state, more = GAME.apply(state, seat, action, now)
            events += more
        check_conservation(state)
        check_market(state)
        check_offers(state)
        if len(state.summaries) > locks:
            locks = len(state.summaries)
            check_scores(state)
    assert len(state.summaries) == 3


def test_a_full_match_by_random_play_ends_with_three_summaries():
    state, _ = run(11, 4, [(7.0, i, i * 37, "act") for i in range(200)] + [(400.0, 0, 0, "tick")])
    assert state.phase is Phase.FINISHED and len(state.summaries) == 3
    assert GAME.outcome(state).scores == tuple(float(t) for t in state.totals)
