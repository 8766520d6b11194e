"""Swap Meet inference: rivals' dealt hands and contracts weighed from one seat's view and notes."""

from __future__ import annotations

import math
from dataclasses import replace
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_swap_meet_props import config

from rules.driver import play_match
from rules.rng import Rng
from rules.swap_meet import GAME
from rules.swap_meet.actions import Crash, HostileTakeover, OpenOffer, Swap, TaxAudit
from rules.swap_meet.bot import inference, normal
from rules.swap_meet.bot.inference import DEALT_HANDS, EVIDENCE, RESTLESS, belief, cards, draw, draw_cards, fits, weigh
from rules.swap_meet.bot.notes import Notes
from rules.swap_meet.bot.search import sample_world
from rules.swap_meet.data import ACTION_CARDS, CONTRACTS_BY_NAME, DEAL_MAX_OF_TYPE, HAND_SIZE, RESOURCES
from rules.swap_meet.scenario import scenario
from rules.swap_meet.state import Phase
from tests.support import PERTURB, moves


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
    for now, seat, action in moves(record)[:upto]:
        ticked, _ = GAME.tick(state, now)
        if ticked.phase is not Phase.TRADING or ticked.round_no != 1:
            break
        after, _ = GAME.apply(ticked, seat, action, now)
        if after.phase is not Phase.TRADING:
            break
        state = after
        notes = notes.seen(GAME.view(state, 0))
    return state, notes, dealt


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), upto=st.integers(0, 40))
def test_the_truth_is_never_ruled_out_and_normal_rivals_never_lose_weight(seed, upto):
    state, notes, dealt = _watched_round(seed, upto)
    if state.phase is not Phase.TRADING:
        return
    view = GAME.view(state, 0)
    for seat in (1, 2, 3):
        truth = (dealt[seat], state.stalls[seat].contract)
        assert {(d, c): w for d, c, w in weigh(view, notes, seat).options}.get(truth, 0.0) > 0
        # a Normal trader made every listing and swap its own plan called for, the best swap of
        # those it had seen: no evidence against it (unless it is exact right now: it would cash
        # out on its next wake-up). Only odds may count against it, never proof: the time it
        # stayed still (a Normal trader does let wake-ups pass) and which card an audit drew.
        with mock.patch.object(inference, "RESTLESS", 0.0), mock.patch.object(inference, "_audits", lambda *_: 1.0):
            weights = {(d, c): w for d, c, w in weigh(view, notes, seat).options}
        exact = state.stalls[seat].tally() == CONTRACTS_BY_NAME[truth[1]].needs()
        if any(s == seat for s, _ in notes.disturbed):
            continue  # a takeover moved a card unseen: the truth may lose weight
        assert weights[truth] == pytest.approx((EVIDENCE if exact else 1.0) / len(fits(dealt[seat])))


def test_a_listing_is_weighed_against_the_table_its_lister_read_before_its_move_landed():
    # a bot decides from the table at the start of its beat and its listing lands 1-2 s later
    # (rules/referee.py): seat 2 read seat 1's rack offer up at an even market and listed its sacks;
    # seat 3's swap for the racks landed in between, so the table that shows the listing would have
    # had a Normal trader list its coins
    hands = [{"crate": 2, "sack": 2, "coin": 2, "rack": 2, "tax_audit": 1},
             {"crate": 1, "sack": 2, "coin": 2, "rack": 3, "hostile_takeover": 1},
             {"crate": 1, "sack": 2, "coin": 4, "rack": 1, "market_crash": 1},
             {"crate": 4, "coin": 2, "rack": 2, "market_crash": 1}]
    state = scenario(hands, ["Harbour Pair", "Dockside Haul", "Three Stalls", "Stall Row"])
    notes = Notes().seen(GAME.view(state, 0))
    for seat, action, now in ((1, OpenOffer("rack", 3), 7.8), (3, Swap(1, "crate", 1), 11.8),
                              (2, OpenOffer("sack", 2), 12.5)):
        state, _ = GAME.apply(state, seat, action, now)
        notes = notes.seen(GAME.view(state, 0))
    truth = ((1, 2, 4, 1), "Three Stalls")
    assert not normal.lists_offer(*truth, notes.sightings[-1])  # as the table showed it at 12.5 s
    with mock.patch.object(inference, "RESTLESS", 0.0):
        weights = {(d, c): w for d, c, w in weigh(GAME.view(state, 0), notes, 2).options}
    assert weights[truth] == pytest.approx(1.0 / len(fits(truth[0])))


def _offer_left_untaken(seconds: float):
    """Seat 0 lists 2 sacks, seat 1 two racks; nobody moves for `seconds` while seat 0 looks on."""
    state = scenario([{"crate": 4, "sack": 4}, {"coin": 4, "rack": 4}, {"crate": 4, "coin": 4}],
                     ["Harbour Pair", "Mill Pair", "Grain Hoard"])
    notes = Notes().seen(GAME.view(state, 0))
    state, _ = GAME.apply(state, 0, OpenOffer("sack", 2), 5.5)
    state, _ = GAME.apply(state, 1, OpenOffer("rack", 2), 5.6)
    now = 5.5
    while now < seconds:
        state, _ = GAME.tick(state, now)
        notes = notes.seen(GAME.view(state, 0))
        now += 1.5
    return GAME.view(state, 0), notes


def test_a_rival_that_stays_still_past_an_offer_it_would_take_is_unlikely_to_want_it():
    view, notes = _offer_left_untaken(16.0)  # seat 1's racks are not yet surely stale to it
    still = weigh(view, notes, 1)
    with mock.patch.object(inference, "RESTLESS", 0.0):
        base = {(d, c): w for d, c, w in weigh(view, notes, 1).options}
    market = tuple(view.market[k] for k in RESOURCES)
    wants = calm = 0
    for dealt, contract, w in still.options:
        gain = normal.best_gain(dealt, contract, market, (("sack", 2),))
        ratio = w / base[(dealt, contract)]
        if gain > normal.NORMAL.min_gain:  # it would have swapped for our sacks
            wants += 1
            assert ratio <= math.exp(-RESTLESS * 6)  # still from 8.1 s (sacks seen) to 16 s
        elif not normal.would_move(dealt, contract, market, (("sack", 2),), ("rack", 2), (0, 1, 0, 0),
                                     (0, 0, 0, 0), (False,), False):
            calm += 1  # its rack offer is what it lists, and it stays up: nothing to hold against it
            assert ratio == 1.0
    assert wants > 100 and calm > 5


def test_a_normal_trader_moves_when_it_would_swap_list_or_relist():
    market = (1.0, 1.0, 1.0, 1.0)
    hand = (0, 0, 4, 4)  # coin, rack
    kw = {"glut": (1, 0, 0, 0), "wants": (0, 0, 0, 0), "stale": (False,), "played": False}
    for contract in ("Mill Pair", "Harbour Pair", "Grain Hoard"):
        spare = normal.spare_of(hand, contract, market)
        listed = next((k, n) for k, n in zip(RESOURCES, spare, strict=True) if n)
        assert normal.would_move(hand, contract, market, (), None, **kw)  # nothing listed yet
        assert normal.would_move(hand, contract, market, (), (listed[0], listed[1] + 1), **kw)
        # what it lists and nothing worth a swap: it waits, whatever it sees of no use to it
        useless = tuple((k, 1) for k in RESOURCES if normal.best_gain(
            hand, contract, market, ((k, 1),)) <= normal.NORMAL.min_gain)
        if normal.offer_picks(spare, kw["glut"], kw["wants"], False, None) == {listed[0]}:
            assert not normal.would_move(hand, contract, market, useless, listed, **kw)


def test_an_audit_leaves_every_rivals_counts_known():
    hands = [{"crate": 4, "sack": 4}, {"coin": 4, "rack": 4, "tax_audit": 1}, {"crate": 4, "coin": 4}]
    state = scenario(hands, ["Harbour Pair", "Mill Pair", "Grain Hoard"])
    notes = Notes().seen(GAME.view(state, 0))
    state, _ = GAME.apply(state, 1, TaxAudit(), 20.0)
    view = GAME.view(state, 0)
    notes = notes.seen(view)
    assert [a.seat for a in view.audited] == [1, 2, 0]  # the auditor first, every discard public
    assert notes.disturbed == ()
    for seat in (1, 2):
        rival = weigh(view, notes, seat)
        assert rival.unseen == 0
        truth = _counts(state.stalls[seat])
        assert any(rival.holds(d) == truth and w > 0 for d, _, w in rival.options)
        assert all(min(rival.holds(d)) >= 0 for d, _, _ in rival.options)


def test_a_takeover_that_robs_us_leaves_the_thiefs_counts_known():
    hands = [{"crate": 4, "sack": 4}, {"coin": 4, "rack": 4, "hostile_takeover": 1}, {"crate": 4, "coin": 4}]
    state = scenario(hands, ["Harbour Pair", "Mill Pair", "Grain Hoard"], totals=[30, 0, 0])
    notes = Notes().seen(GAME.view(state, 0))
    state, _ = GAME.apply(state, 1, HostileTakeover(), 20.0)
    view = GAME.view(state, 0)
    notes = notes.seen(view)
    stolen = next(k for k in RESOURCES if _counts(state.stalls[1])[RESOURCES.index(k)] == 1)
    assert [(x.seat, x.kind, x.n) for x in notes.taken] == [(0, stolen, -1), (1, stolen, 1)]
    assert notes.disturbed == ()
    rival = weigh(view, notes, 1)
    assert rival.unseen == 0
    assert any(rival.holds(d) == _counts(state.stalls[1]) and w > 0 for d, _, w in rival.options)


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
    # a rival with no hypothesis left in one world is skipped there (draw's caller falls back): rare
    assert tries >= 0.95 * 3 * 60 * 3 and hits / tries > 0.25, (tries, hits)


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
    # the weights kept between draws give every draw what a fresh belief gives it
    assert b.weights and all(draw(b, Rng.seeded(s)) == draw(replace(b, weights={}), Rng.seeded(s)) for s in range(5))


def test_worlds_drawn_from_a_belief_match_everything_the_seat_can_see():
    state, notes, _ = _watched_round(21, 30)
    view = GAME.view(state, 0)
    b = belief(view, notes)
    for salt in range(5):
        seen = GAME.view(sample_world(view, Rng.seeded(salt), b), 0)
        for field in ("hand", "contract", "offers", "hand_sizes", "resource_counts", "market", "trades",
                      "audited", "totals", "deadline", "exact"):
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


_FOUR = ["Harbour Pair", "Mill Pair", "Grain Hoard", "Coin Vault"]


def _rivals_cards(state, notes, salts=40):
    """Every action card the worlds drawn from seat 0's belief give each rival."""
    view = GAME.view(state, 0)
    b = belief(view, notes)
    out: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    for salt in range(salts):
        world = sample_world(view, Rng.seeded(salt), b)
        for seat in out:
            out[seat] |= {c.kind for c in world.stalls[seat].hand if not c.is_resource}
    return out


def test_a_played_audit_never_comes_back_in_a_world():
    # one Tax Audit in a 4-seat deck: once rival 1 played it, nobody can hold it (worlds drawn from
    # the unseen cards alone gave a rival the played audit in 15% of worlds just after an audit)
    hands = [{"crate": 4, "sack": 4, "market_crash": 1}, {"coin": 4, "rack": 4, "tax_audit": 1},
             {"crate": 4, "coin": 4, "inside_trading": 1}, {"sack": 4, "rack": 4, "hostile_takeover": 1}]
    state = scenario(hands, _FOUR)
    notes = Notes().seen(GAME.view(state, 0))
    state, _ = GAME.apply(state, 1, TaxAudit(), 20.0)
    notes = notes.seen(GAME.view(state, 0))
    held = _rivals_cards(state, notes)
    assert held[1] == set() and all("tax_audit" not in kinds for kinds in held.values())
    assert held[2] | held[3] <= {"market_crash", "inside_trading", "hostile_takeover"}


def test_our_own_played_card_never_goes_to_a_rival():
    hands = [{"crate": 4, "sack": 4, "tax_audit": 1}, {"coin": 4, "rack": 4, "market_crash": 1},
             {"crate": 4, "coin": 4, "inside_trading": 1}, {"sack": 4, "rack": 4, "hostile_takeover": 1}]
    state = scenario(hands, _FOUR)
    notes = Notes().seen(GAME.view(state, 0))
    assert notes.card == "tax_audit"
    state, _ = GAME.apply(state, 0, TaxAudit(), 20.0)
    notes = notes.seen(GAME.view(state, 0))
    assert all("tax_audit" not in kinds for kinds in _rivals_cards(state, notes).values())


def test_a_crash_seen_in_the_market_leaves_one_crash_for_the_rivals():
    hands = [{"crate": 4, "sack": 4, "tax_audit": 1}, {"coin": 4, "rack": 4, "market_crash": 1},
             {"crate": 4, "coin": 4, "inside_trading": 1}, {"sack": 4, "rack": 4, "hostile_takeover": 1}]
    state = scenario(hands, _FOUR)
    notes = Notes().seen(GAME.view(state, 0))
    state, _ = GAME.apply(state, 1, Crash("sack"), 25.0)
    notes = notes.seen(GAME.view(state, 0))
    left = dict(zip(ACTION_CARDS, cards(GAME.view(state, 0), notes).left, strict=True))
    assert left == {"market_crash": 1, "inside_trading": 2, "tax_audit": 0, "hostile_takeover": 1}


def test_a_rival_listing_while_it_holds_its_card_holds_no_card_it_would_have_played_first():
    # a Normal trader peeks before anything else, audits after 15 s and crashes after 20 s: a
    # listing at 22 s leaves only the takeover (the card it plays once short of 8 resources)
    hands = [{"crate": 4, "sack": 4, "market_crash": 1}, {"coin": 4, "rack": 4, "hostile_takeover": 1},
             {"crate": 4, "coin": 4, "inside_trading": 1}, {"sack": 4, "rack": 4, "tax_audit": 1}]
    state = scenario(hands, _FOUR)
    notes = Notes().seen(GAME.view(state.evolve(clock=21.0), 0))
    state, _ = GAME.apply(state, 1, OpenOffer("rack", 2), 22.0)
    notes = notes.seen(GAME.view(state, 0))
    fit = dict(cards(GAME.view(state, 0), notes).fit)[1]
    assert fit == tuple(1.0 if kind == "hostile_takeover" else EVIDENCE for kind in ACTION_CARDS)
    drawn = [draw_cards(cards(GAME.view(state, 0), notes), Rng.seeded(salt))[0][1] for salt in range(200)]
    assert drawn.count("hostile_takeover") > 150
