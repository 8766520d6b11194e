"""Swap Meet: one test per rule sentence of the seed and issue 4 (scenarios placed directly)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.contract import MatchConfig, SeatConfig
from rules.errors import BadConfig, IllegalAction, MalformedAction
from rules.swap_meet import GAME
from rules.swap_meet import check as K_
from rules.swap_meet.actions import (
    CashOut,
    Crash,
    HostileTakeover,
    NextRound,
    OpenOffer,
    Peek,
    PinBank,
    Pull,
    Swap,
    TaxAudit,
)
from rules.swap_meet.data import RESOURCES
from rules.swap_meet.scenario import scenario
from rules.swap_meet.state import Phase

C, S, K, R = "crate", "sack", "coin", "rack"
MIXED = {C: 2, S: 2, K: 2, R: 2}


def table(*hands, **kw):
    """A 3–4 seat round from hands; contracts default to the first rows of the table."""
    return scenario(list(hands), **kw)


def do(state, seat, action, now=1.0):
    return GAME.apply(state, seat, action, now)


def refused(state, seat, action, now=1.0):
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action, now)
    return err.value.refusal


def counts(state, seat):
    return state.stalls[seat].counts()


def test_game_object():
    assert (GAME.name, GAME.title, GAME.min_seats, GAME.max_seats) == ("swap-meet", "Swap Meet", 3, 6)
    assert GAME.realtime and len(GAME.bot_levels) >= 2


def test_four_resources():
    assert RESOURCES == ("crate", "sack", "coin", "rack")


def test_offer_stays_in_hand_and_is_public():
    state, events = do(table(MIXED, MIXED, MIXED), 0, OpenOffer(C, 2))
    assert counts(state, 0)[C] == 2
    assert events[0].kind == "offer_open"
    other = GAME.view(state, 1)
    assert other.offers[0].kind == C and other.offers[0].count == 2


def test_offer_is_one_to_n_cards_of_one_type():
    # the seed: "Offers must be 1–N cards of the same type" — up to every card you hold of it
    state = table({C: 5, S: 3}, MIXED, MIXED)
    assert refused(state, 0, OpenOffer(C, 0)) == K_.OFFER_EMPTY()
    assert refused(state, 0, OpenOffer(C, 6)) == K_.SHORT(count=6, kind="crate")
    assert refused(state, 0, OpenOffer(R, 1)) == K_.SHORT(count=1, kind="rack")
    assert refused(state, 0, OpenOffer("gold", 1)) == K_.NO_SUCH_RESOURCE()
    offers = [a for a in GAME.legal_actions(state, 0, 1.0) if isinstance(a, OpenOffer)]
    assert offers == [OpenOffer(C, n) for n in range(1, 6)] + [OpenOffer(S, n) for n in range(1, 4)]
    listed, _ = do(state, 0, OpenOffer(C, 5))
    assert listed.stalls[0].offer.count == 5 and GAME.view(listed, 1).offers[0].count == 5


def test_an_offer_of_three_is_swapped_for_three_of_another_type():
    state, _ = do(table({C: 5, S: 3}, {K: 3, R: 5}, MIXED), 0, OpenOffer(C, 3))
    offer = state.stalls[0].offer.id
    assert refused(state, 2, Swap(0, K, offer)) == K_.NEED(count=3, kind="coin")
    swapped, events = do(state, 1, Swap(0, K, offer))
    assert counts(swapped, 0) == {C: 2, S: 3, K: 3, R: 0}
    assert counts(swapped, 1) == {C: 3, S: 0, K: 0, R: 5}
    assert swapped.market[RESOURCES.index(C)] == Fraction(115, 100)  # +0.05 per card, both types
    assert [e.kind for e in events] == ["swap"]


def test_pull_takes_the_offer_down():
    state, _ = do(table(MIXED, MIXED, MIXED), 0, OpenOffer(C, 1))
    state, events = do(state, 0, Pull())
    assert state.stalls[0].offer is None and events[0].kind == "offer_pulled"
    assert refused(state, 0, Pull()) == K_.NO_OFFER()


def test_swap_same_count_of_a_different_type_executes_at_once():
    state, _ = do(table(MIXED, {C: 1, S: 4, K: 3}, MIXED), 0, OpenOffer(C, 2))
    offer = state.stalls[0].offer.id
    assert refused(state, 1, Swap(0, C, offer)) == K_.SAME_KIND(kind="crate")
    assert refused(state, 1, Swap(0, R, offer)) == K_.NEED(count=2, kind="rack")
    state, events = do(state, 1, Swap(0, S, offer))
    assert counts(state, 0) == {C: 0, S: 4, K: 2, R: 2}
    assert counts(state, 1) == {C: 3, S: 2, K: 3, R: 0}
    assert state.stalls[0].offer is None and events[0].kind == "swap"


def test_racing_swaps_first_wins_second_is_told_the_offer_is_gone():
    state, _ = do(table(MIXED, {S: 4, K: 4}, {S: 4, R: 4}), 0, OpenOffer(C, 2))
    offer = state.stalls[0].offer.id
    first, _ = do(state, 1, Swap(0, S, offer), now=5.0)
    assert refused(first, 2, Swap(0, R, offer), now=5.0) == K_.OFFER_GONE()
    assert counts(first, 2) == {C: 0, S: 4, K: 0, R: 4}
    ids = sorted(c.id for st in first.stalls for c in st.hand)
    assert ids == sorted(c.id for st in state.stalls for c in st.hand)


def test_a_replaced_offer_is_gone_too():
    state, _ = do(table(MIXED, {S: 4, K: 4}, MIXED), 0, OpenOffer(C, 2))
    old = state.stalls[0].offer.id
    state, _ = do(state, 0, OpenOffer(C, 1))
    assert refused(state, 1, Swap(0, S, old)) == K_.OFFER_GONE()


def test_swapper_gives_loose_cards_before_its_own_offer():
    state, _ = do(table(MIXED, {S: 4, K: 4}, MIXED), 1, OpenOffer(K, 2))
    own = state.stalls[1].offer
    state, _ = do(state, 0, OpenOffer(C, 2))
    state, events = do(state, 1, Swap(0, K, state.stalls[0].offer.id))
    assert state.stalls[1].offer == own
    assert not set(events[0].data["give_ids"]) & set(own.card_ids)


def test_giving_offered_cards_shrinks_the_givers_offer():
    state, _ = do(table(MIXED, {S: 6, K: 2}, MIXED), 1, OpenOffer(K, 2))
    state, _ = do(state, 0, OpenOffer(C, 2))
    state, events = do(state, 1, Swap(0, K, state.stalls[0].offer.id))
    assert state.stalls[1].offer is None and "offer_cancelled" in [e.kind for e in events]


def test_cash_out_only_on_exact_match_action_cards_do_not_block():
    dock = ["Dockside Haul", "Full Market", "Full Market"]
    extra = table({C: 5, S: 2, R: 1}, MIXED, MIXED, contracts=dock)
    assert refused(extra, 0, CashOut()) == K_.NOT_EXACT()
    exact = table({C: 5, S: 3, "tax_audit": 1}, MIXED, MIXED, contracts=dock)
    state, events = do(exact, 0, CashOut())
    assert state.phase is Phase.LOCKED and state.summaries[0].how == "cash"
    assert state.summaries[0].locker == 0 and state.summaries[0].stalls[0].score == 88 + 10


def test_slam_locks_automatically_when_the_hand_becomes_pure():
    state, _ = do(table({C: 7, S: 1, "market_crash": 1}, {C: 1, K: 7}, MIXED), 1, OpenOffer(C, 1))
    state, events = do(state, 0, Swap(1, S, state.stalls[1].offer.id))
    assert [e.kind for e in events][-2:] == ["slam", "round_locked"]
    summary = state.summaries[0]
    assert summary.how == "slam" and summary.locker == 0
    assert summary.stalls[0].score == 8 * Fraction(21, 20) * 10 + 10



def test_offerer_made_pure_by_a_swap_locks_with_the_bonus():
    state, _ = do(table({C: 7, S: 1}, {C: 4, K: 4}, MIXED), 0, OpenOffer(S, 1))
    state, events = do(state, 1, Swap(0, C, state.stalls[0].offer.id))
    assert state.summaries[0].locker == 0 and state.summaries[0].how == "slam"


def test_one_foreign_resource_blocks_a_slam_action_cards_do_not():
    state, _ = do(table({C: 6, S: 1, "tax_audit": 1}, MIXED, MIXED), 0, PinBank(C))
    assert state.phase is Phase.TRADING
    state, _ = do(table({C: 8, "tax_audit": 1}, MIXED, MIXED), 0, PinBank(C))
    assert state.phase is Phase.LOCKED


def test_slam_needs_at_least_six():
    five = table({C: 5}, MIXED, MIXED)
    assert do(five, 0, PinBank(C))[0].phase is Phase.TRADING
    six = table({C: 6}, MIXED, MIXED)
    assert do(six, 0, PinBank(C))[0].phase is Phase.LOCKED


def test_timer_locks_at_exactly_the_deadline_even_on_a_late_tick():
    state = table(MIXED, MIXED, MIXED, round_seconds=60)
    same, events = GAME.tick(state, 59.99)
    assert same.phase is Phase.TRADING and not events
    late, events = GAME.tick(state, 61.7)
    assert late.phase is Phase.LOCKED and late.lock_time == 60.0
    assert late.summaries[0].how == "timer" and late.summaries[0].locker is None
    assert all(s.locker_bonus == 0 for s in late.summaries[0].stalls)


def test_actions_at_or_after_the_deadline_are_refused_even_before_a_tick():
    state = table(MIXED, MIXED, MIXED, round_seconds=60)
    assert refused(state, 0, OpenOffer(C, 1), now=60.0) == K_.ROUND_OVER()
    do(state, 0, OpenOffer(C, 1), now=59.999)


def test_round_seconds_option_is_60_to_180():
    seats = tuple(SeatConfig(f"p{i}") for i in range(4))
    state, _ = GAME.new_match(1, MatchConfig(seats, {"round_seconds": 120}), now=3.0)
    assert state.deadline == 123.0
    for bad in (59, 181, float("nan"), "90", True, None):
        with pytest.raises(BadConfig, match="round_seconds"):
            GAME.new_match(1, MatchConfig(seats, {"round_seconds": bad}))
    with pytest.raises(BadConfig, match="Swap Meet is for 3 to 6 players, not 2"):
        GAME.new_match(1, MatchConfig(seats[:2]))


def test_every_stall_scores_and_three_rounds_most_points_wins():
    seats = tuple(SeatConfig(f"p{i}") for i in range(3))
    state, _ = GAME.new_match(4, MatchConfig(seats, {"summary_seconds": 5}))
    for round_no in (1, 2, 3):
        assert state.round_no == round_no
        state, _ = GAME.tick(state, state.deadline)
        assert len(state.summaries[-1].stalls) == 3
        if round_no < 3:
            assert GAME.outcome(state) is None
            state, _ = GAME.tick(state, state.lock_time + 5)
    outcome = GAME.outcome(state)
    totals = [sum(float(r.stalls[s].score) for r in state.summaries) for s in range(3)]
    assert list(outcome.scores) == pytest.approx(totals)
    assert set(outcome.winners) == {s for s in range(3) if totals[s] == max(totals)}


def test_next_round_skips_the_summary_and_tick_advances_on_schedule():
    state, _ = GAME.tick(table(MIXED, MIXED, MIXED, round_seconds=60), 60.0)
    assert GAME.legal_actions(state, 2, 61.0) == [NextRound()]
    assert refused(state, 0, OpenOffer(C, 1), now=61.0) == K_.ROUND_OVER()
    skipped, _ = do(state, 2, NextRound(), now=61.0)
    assert skipped.round_no == 2 and skipped.deadline == 121.0
    waited, _ = GAME.tick(state, 60.0 + state.summary_seconds + 3.0)
    assert waited.round_no == 2 and waited.round_start == 60.0 + state.summary_seconds
    assert refused(skipped, 0, NextRound(), now=62.0) == K_.ROUND_RUNNING()


def test_trade_heats_both_resources_per_card_capped_at_three():
    state, _ = do(table(MIXED, MIXED, MIXED, market={C: Fraction(59, 20)}), 0, OpenOffer(C, 2))
    state, _ = do(state, 1, Swap(0, S, state.stalls[0].offer.id))
    assert state.mult(C) == 3 and state.mult(S) == Fraction(11, 10)
    assert state.mult(K) == 1 and state.mult(R) == 1


def test_market_crash_halves_with_floor_and_needs_the_card():
    state = table({**MIXED, "market_crash": 1}, MIXED, MIXED, market={S: Fraction(3, 10)})
    assert refused(state, 1, Crash(C)) == K_.NO_CARD(card="market_crash")
    crashed, _ = do(state, 0, Crash(C))
    assert crashed.mult(C) == Fraction(1, 2)
    assert not any(c.kind == "market_crash" for c in crashed.stalls[0].hand)
    assert refused(crashed, 0, Crash(C)) == K_.NO_CARD(card="market_crash")
    floored, _ = do(state, 0, Crash(S))
    assert floored.mult(S) == Fraction(1, 4)


def test_bank_pin_is_private_and_defaults_to_the_type_held_most():
    state = table({C: 3, S: 3, K: 2}, MIXED, MIXED, market={S: Fraction(6, 5)})
    assert GAME.view(state, 0).bank == S  # tie 3/3 goes to the higher multiplier
    tied = table({C: 3, S: 3, K: 2}, MIXED, MIXED)
    assert GAME.view(tied, 0).bank == C  # then table order
    pinned, events = do(state, 0, PinBank(K))
    assert GAME.view(pinned, 0).pin == K and GAME.view(pinned, 0).bank == K
    assert GAME.view(pinned, 1).pin is None and GAME.view(pinned, 1).bank == S
    assert "kind" not in GAME.redact(events[0], 1).data and GAME.redact(events[0], 0).data["kind"] == K


def test_peek_shows_the_contract_to_the_peeker_alone():
    state = table({**MIXED, "inside_trading": 1}, MIXED, MIXED)
    assert refused(state, 1, Peek(2)) == K_.NO_CARD(card="inside_trading")
    assert refused(state, 0, Peek(0)) == K_.OWN_STALL()
    peeked, events = do(state, 0, Peek(2))
    assert GAME.view(peeked, 0).peeked == {2: state.stalls[2].contract}
    assert GAME.view(peeked, 1).peeked == {}
    peek = [e for e in events if e.kind == "peek"][0]
    assert "contract" not in GAME.redact(peek, 1).data and GAME.redact(peek, 0).data["contract"]


def test_tax_audit_everyone_discards_one_loose_resource_the_auditor_too():
    # the seed: "everyone discards one random loose resource" — the auditor is not spared
    state = table({C: 7, S: 1, "tax_audit": 1}, {S: 2, K: 6}, {R: 2, C: 6})
    state, _ = do(state, 2, OpenOffer(R, 2))
    audited, events = do(state, 0, TaxAudit())
    assert [sum(counts(audited, s).values()) for s in range(3)] == [7, 7, 7]
    assert counts(audited, 2)[R] == 2  # offered cards are not loose
    assert len(audited.discards) == 4  # the card itself plus three resources
    assert [e.seat for e in events if e.kind == "audit_discard"] == [0, 1, 2]  # the auditor first


def test_an_audit_that_leaves_the_auditor_pure_locks_for_the_auditor():
    state, _ = do(table({C: 6, S: 1, "tax_audit": 1}, MIXED, MIXED), 0, OpenOffer(C, 6))
    audited, _ = do(state, 0, TaxAudit())  # the Sack is the auditor's only loose resource
    assert audited.summaries[0].locker == 0 and audited.summaries[0].how == "slam"


def test_tax_audit_skips_a_seat_with_no_loose_resource():
    state = table({C: 6, S: 2, "tax_audit": 1}, {S: 2, "market_crash": 1}, MIXED)
    state, _ = do(state, 1, OpenOffer(S, 2))
    audited, _ = do(state, 0, TaxAudit())
    assert counts(audited, 1)[S] == 2
    assert sum(counts(audited, 0).values()) == 7


def test_hostile_takeover_steals_from_the_current_high_score():
    state = table({C: 7, S: 1, "hostile_takeover": 1}, MIXED, MIXED, MIXED, totals=[50, 10, 40, 40])
    taken, events = do(state, 0, HostileTakeover())
    assert sum(counts(taken, 0).values()) == 9
    assert sum(counts(taken, 2).values()) == 7  # seats 2 and 3 tie on 40: more resources, then clockwise
    fresh = table({C: 7, S: 1, "hostile_takeover": 1}, MIXED, MIXED, {C: 5, S: 4}, totals=[0, 0, 0, 0])
    taken2, _ = do(fresh, 0, HostileTakeover())
    assert sum(counts(taken2, 3).values()) == 8
    stolen = [e for e in events if e.kind == "takeover"][0]
    assert "kind" not in GAME.redact(stolen, 1).data and "kind" in GAME.redact(stolen, 2).data


def test_takeover_shrinks_or_cancels_the_victims_offer():
    state = table({C: 7, S: 1, "hostile_takeover": 1}, {S: 1}, {K: 1})
    state, _ = do(state, 1, OpenOffer(S, 1))
    taken, events = do(state, 0, HostileTakeover())
    assert taken.stalls[1].offer is None and "offer_cancelled" in [e.kind for e in events]


def test_action_buttons_only_while_held():
    state = table(MIXED, MIXED, MIXED)
    kinds = {type(a) for a in GAME.legal_actions(state, 0, 1.0)}
    assert not kinds & {Crash, Peek, TaxAudit, HostileTakeover, CashOut}
    held = table({**MIXED, "market_crash": 1, "inside_trading": 1, "tax_audit": 1, "hostile_takeover": 1},
                 MIXED, MIXED)
    kinds = {type(a) for a in GAME.legal_actions(held, 0, 1.0)}
    assert {Crash, Peek, TaxAudit, HostileTakeover} <= kinds


def test_action_json_round_trip_and_garbage():
    for action in (OpenOffer(C, 2), Pull(), Swap(1, S, 7), CashOut(), PinBank(K), Crash(R), Peek(2),
                   TaxAudit(), HostileTakeover(), NextRound()):
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
    for bad in ({"type": "swap", "target": "1", "give": S, "offer": 1}, {"type": "nope"}, [], None,
                {"type": "pull", "extra": 1}):
        with pytest.raises(MalformedAction):
            GAME.action_from_json(bad)


def test_view_holds_what_the_table_screen_needs():
    state, _ = do(table({**MIXED, "market_crash": 1}, MIXED, MIXED), 0, OpenOffer(C, 2))
    state, _ = do(state, 1, Swap(0, S, state.stalls[0].offer.id), now=2.0)
    v = GAME.view(state, 1)
    assert len(v.hand) == 8 and all(isinstance(i, int) for i, _ in v.hand)
    assert v.contract == state.stalls[1].contract and v.recipe
    assert v.hand_sizes == (9, 8, 8) and v.deadline == 90.0 and v.round_no == 1
    assert [t for t, _ in v.history] == [0.0, 2.0, 2.0] and v.history[-1][1][S] == 1.1
    assert v.totals == (0.0, 0.0, 0.0) and v.summaries == () and v.final == ()


@pytest.mark.parametrize("card,action", [("market_crash", Crash(S)), ("inside_trading", Peek(1)),
                                         ("tax_audit", TaxAudit()), ("hostile_takeover", HostileTakeover())])
def test_action_cards_are_consumed_when_used(card, action):
    state, events = do(table({**MIXED, card: 1}, MIXED, MIXED), 0, action)
    assert not any(c.kind == card for c in state.stalls[0].hand)
    assert any(c.kind == card for c in state.discards) and events[0].kind == "action_played"


def test_when_one_swap_makes_two_hands_pure_the_actor_locks():
    state, _ = do(table({C: 7, S: 1}, {S: 7, C: 1}, MIXED), 0, OpenOffer(S, 1))
    state, _ = do(state, 1, Swap(0, C, state.stalls[0].offer.id))
    assert state.summaries[0].locker == 1
    assert state.summaries[0].stalls[0].path == "bank" and state.summaries[0].stalls[0].score == 84


def test_an_audit_that_leaves_a_hand_pure_locks_for_that_hand():
    state = table({**MIXED, "tax_audit": 1}, {C: 7, S: 1}, MIXED, seed=1)  # seed 1 draws the Sack
    state, _ = do(state, 1, OpenOffer(C, 2))
    audited, _ = do(state, 0, TaxAudit())
    assert audited.stalls[1].counts() == {C: 7, S: 0, K: 0, R: 0}
    assert audited.summaries[0].locker == 1 and audited.summaries[0].how == "slam"


def test_a_contract_is_peeked_once():
    state = table({**MIXED, "inside_trading": 2}, MIXED, MIXED)
    state, _ = do(state, 0, Peek(1))
    assert refused(state, 0, Peek(1)) == K_.KNOWN_CONTRACT()


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_every_deal_is_a_fresh_far_start(seats):
    from collections import Counter

    from rules.swap_meet.data import CONTRACTS_BY_NAME, DEAL_MAX_OF_TYPE, DEAL_MIN_MISSING, HAND_SIZE

    for seed in range(40):
        state, _ = GAME.new_match(seed, MatchConfig(tuple(SeatConfig(f"p{i}") for i in range(seats))))
        assert all(m == 1 for m in state.market)
        assert len({s.contract for s in state.stalls}) == seats  # a different contract each
        for stall in state.stalls:
            held = Counter(c.kind for c in stall.resources())
            assert sum(held.values()) == HAND_SIZE and len(stall.actions()) == 1
            assert max(held.values()) <= DEAL_MAX_OF_TYPE  # never pure, never near a slam
            need = CONTRACTS_BY_NAME[stall.contract].recipe
            assert sum(max(0, n - held[k]) for k, n in need) >= DEAL_MIN_MISSING  # never near a cash out
