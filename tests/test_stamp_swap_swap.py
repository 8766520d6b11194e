"""Stamp Swap's Swap phase: reserve and split at once, then the pile-choosing chain (2 to 5 players)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_stamp_swap_helpers import PLAIN, RARE, choose_state, pile, prep_state, split_all

from rules.errors import IllegalAction
from rules.refusal import NOT_A_MOVE
from rules.stamp_swap import GAME
from rules.stamp_swap import legality as L_
from rules.stamp_swap.actions import Prepare, TakePile
from rules.stamp_swap.state import Phase


def holdings(state, seat):
    """Everything a seat has after the Swap (stamps wait to be placed, attendees joined)."""
    s = state.seats[seat]
    return set(s.pending) | set(s.attendees) | set(s.holding)


def test_everyone_reserves_and_splits_at_once():
    state = prep_state(3, token=0)
    assert GAME.waiting(state) == (0, 1, 2)
    dc = state.seats[1].dc
    state, _ = GAME.apply(state, 1, Prepare(dc[0], dc[1:2], dc[2:]))
    assert GAME.waiting(state) == (0, 2)
    assert state.phase is Phase.SWAP_PREP


def test_rare_stamps_cannot_be_reserved():
    dcs = [(RARE[0], *PLAIN[:5]), PLAIN[5:11]]
    state = prep_state(2, token=0, dcs=dcs)
    refusal = GAME.check(state, 0, Prepare(RARE[0], PLAIN[:2], PLAIN[2:5]))
    assert refusal == L_.RARE_RESERVE()
    assert all(a.reserve != RARE[0] for a in GAME.legal_actions(state, 0))


def test_hinge_maker_in_daily_collection_lets_you_reserve_a_rare():
    dcs = [(RARE[0], "hinge", *PLAIN[:4]), PLAIN[5:11]]
    state = prep_state(2, token=0, dcs=dcs)
    assert GAME.check(state, 0, Prepare(RARE[0], ("hinge",), PLAIN[:4])) is None


def test_each_pile_needs_an_item_and_piles_hold_exactly_the_rest():
    state = prep_state(2, token=0)
    dc = state.seats[0].dc
    assert GAME.check(state, 0, Prepare(dc[0], (), dc[1:])) == L_.PILE_EMPTY()
    assert GAME.check(state, 0, Prepare(dc[0], dc[1:2], dc[2:5])) == L_.PILES_MISMATCH()
    assert GAME.check(state, 0, Prepare(None, dc[:2], dc[2:])) == L_.MUST_RESERVE()


def test_opponent_piles_hidden_until_everyone_is_ready():
    state = prep_state(2, token=0)
    dc = state.seats[0].dc
    state, _ = GAME.apply(state, 0, Prepare(dc[0], dc[1:2], dc[2:]))
    other = GAME.view(state, 1)["seats"][0]
    assert other["ready"] and other["piles"] is None and other["reserve"] is None
    state = split_all(state)
    assert GAME.view(state, 1)["seats"][0]["piles"] is not None


def test_two_players_chain():
    state = choose_state(2, token=0)
    assert state.phase is Phase.SWAP_CHOOSE and GAME.waiting(state) == (0,)
    taken, other = pile(state, 1, 0), pile(state, 1, 1)
    mine = state.seats[0].piles
    state, _ = GAME.apply(state, 0, TakePile(1, 0))
    assert GAME.waiting(state) == (1,)  # the opponent who lost a pile chooses next
    assert [a.owner for a in GAME.legal_actions(state, 1)] == [0, 0]
    state, _ = GAME.apply(state, 1, TakePile(0, 1))
    assert state.phase is Phase.SHOW
    assert set(taken) | set(mine[0]) <= holdings(state, 0)
    assert set(other) | set(mine[1]) <= holdings(state, 1)


def test_three_players_pass_counter_clockwise_then_keep_both():
    state = choose_state(3, token=0)
    own2 = state.seats[2].piles
    state, _ = GAME.apply(state, 0, TakePile(1, 0))
    state, events = GAME.apply(state, 1, TakePile(0, 0))
    # seat 0 already chose: pass counter-clockwise from 0 -> seat 2, who has no opponent pile left
    assert state.phase is Phase.SHOW
    assert any(e.kind == "kept_both" and e.seat == 2 for e in events)
    assert set(own2[0]) | set(own2[1]) <= holdings(state, 2)


def test_three_players_full_chain():
    state = choose_state(3, token=0)
    state, _ = GAME.apply(state, 0, TakePile(2, 1))
    assert GAME.waiting(state) == (2,)
    state, _ = GAME.apply(state, 2, TakePile(1, 0))
    assert GAME.waiting(state) == (1,)
    state, events = GAME.apply(state, 1, TakePile(0, 0))
    assert state.phase is Phase.SHOW and not any(e.kind == "kept_both" for e in events)


def test_four_players_pass_goes_counter_clockwise():
    state = choose_state(4, token=0)
    state, _ = GAME.apply(state, 0, TakePile(2, 0))
    state, _ = GAME.apply(state, 2, TakePile(0, 0))
    assert GAME.waiting(state) == (3,)  # counter-clockwise from seat 0 is seat 3, not seat 1
    state, _ = GAME.apply(state, 3, TakePile(1, 0))
    assert GAME.waiting(state) == (1,)
    state, _ = GAME.apply(state, 1, TakePile(3, 1))
    assert state.phase is Phase.SHOW


def test_five_players_chain_from_a_later_token_holder():
    state = choose_state(5, token=2)
    assert GAME.waiting(state) == (2,)
    for seat, owner in ((2, 4), (4, 2), (1, 0), (0, 3), (3, 1)):
        assert GAME.waiting(state) == (seat,)
        state, _ = GAME.apply(state, seat, TakePile(owner, 0))
    assert state.phase is Phase.SHOW


def test_five_players_keep_both():
    state = choose_state(5, token=0)
    own3 = state.seats[3].piles
    for seat, owner in ((0, 1), (1, 0), (4, 2), (2, 4)):
        assert GAME.waiting(state) == (seat,)
        state, events = GAME.apply(state, seat, TakePile(owner, 0))
    assert any(e.kind == "kept_both" and e.seat == 3 for e in events)
    assert set(own3[0]) | set(own3[1]) <= holdings(state, 3)


def test_reserve_stays_with_its_owner():
    state = choose_state(2, token=0)
    reserves = [s.reserve for s in state.seats]
    state, _ = GAME.apply(state, 0, TakePile(1, 0))
    state, _ = GAME.apply(state, 1, TakePile(0, 0))
    assert reserves[0] in holdings(state, 0) and reserves[1] in holdings(state, 1)


@pytest.mark.parametrize(
    ("seat", "action", "refusal"),
    [(1, TakePile(0, 0), L_.NOT_YOUR_CHOICE()), (0, TakePile(0, 0), L_.OWN_PILE()), (0, TakePile(1, 2), NOT_A_MOVE())],
)
def test_bad_pile_choices_are_refused(seat, action, refusal):
    state = choose_state(2, token=0)
    assert GAME.check(state, seat, action) == refusal
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, action)


def test_cannot_take_from_a_player_whose_piles_are_gone():
    state = choose_state(3, token=0)
    state, _ = GAME.apply(state, 0, TakePile(1, 0))
    assert GAME.check(state, 1, TakePile(1, 0)) is not None
    state, _ = GAME.apply(state, 1, TakePile(2, 0))
    assert GAME.check(state, 2, TakePile(1, 1)) == L_.NO_PILES()


def test_face_down_stamps_revealed_when_the_chooser_completes():
    state = prep_state(2, token=0)
    state = replace(state, hidden=(PLAIN[20],))
    dcs = [(*state.seats[0].dc[:5], "hidden-0"), state.seats[1].dc]
    state = replace(state, seats=(replace(state.seats[0], dc=dcs[0], viewed=frozenset({"hidden-0"})),
                                  state.seats[1]))
    state = split_all(state)
    assert "hidden-0" in pile(state, 0, 1)
    view1 = GAME.view(state, 1)
    assert not [i for i in view1["seats"][0]["piles"][1] if i["key"] == "hidden-0"][0]["known"]
    state, _ = GAME.apply(state, 0, TakePile(1, 0))
    assert "hidden-0" not in state.revealed  # still on offer in seat 0's pile
    state, events = GAME.apply(state, 1, TakePile(0, 1))
    assert "hidden-0" in state.revealed  # seat 1 completed its choice holding it
    assert any(e.kind == "revealed" and e.seat == 1 for e in events)


def test_courier_triggers_for_both_owners_when_its_pile_is_taken():
    dcs = [PLAIN[:6], (PLAIN[6], "courier", *PLAIN[7:11])]
    state = split_all(prep_state(2, token=0, dcs=dcs))
    assert "courier" in pile(state, 1, 0)
    state, events = GAME.apply(state, 0, TakePile(1, 0))
    assert [s.score for s in state.seats] == [2, 2]
    assert any(e.kind == "specialist" and e.data["card"] == "courier" for e in events)


def test_insurer_pays_its_former_owner():
    dcs = [PLAIN[:6], (PLAIN[6], "insurer", *PLAIN[7:11])]
    state = split_all(prep_state(2, token=0, dcs=dcs))
    state, _ = GAME.apply(state, 0, TakePile(1, 0))
    assert [s.score for s in state.seats] == [0, 3]


def test_scout_views_face_down_stamps_on_offer():
    state = prep_state(2, token=0)
    state = replace(state, hidden=(PLAIN[20],))
    seat1 = replace(state.seats[1], dc=(*state.seats[1].dc[:5], "hidden-0"), viewed=frozenset({"hidden-0"}))
    seat0 = replace(state.seats[0], dc=(*state.seats[0].dc[:5], "scout"))
    state = split_all(replace(state, seats=(seat0, seat1)))
    assert "hidden-0" in state.seats[0].viewed


def test_returned_pile_of_a_player_who_already_chose_is_revealed():
    state = prep_state(3, token=0)
    state = replace(state, hidden=(PLAIN[20],))
    seat0 = replace(state.seats[0], dc=(*state.seats[0].dc[:5], "hidden-0"), viewed=frozenset({"hidden-0"}))
    state = split_all(replace(state, seats=(seat0, *state.seats[1:])))
    state, _ = GAME.apply(state, 0, TakePile(2, 0))
    state, _ = GAME.apply(state, 2, TakePile(1, 0))
    state, events = GAME.apply(state, 1, TakePile(0, 0))  # seat 0 gets pile 1 back after choosing
    assert "hidden-0" in state.revealed and state.phase is Phase.SHOW
