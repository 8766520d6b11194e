"""rules.swap_meet.preview: what a move will do, from the mover's view alone, against what the
rules then do (scenarios placed directly, moves applied by the rules)."""

from __future__ import annotations

import pytest

from rules.swap_meet import GAME
from rules.swap_meet.actions import Crash, HostileTakeover, OpenOffer, Peek, Swap, TaxAudit
from rules.swap_meet.preview import preview, takeover_target
from rules.swap_meet.scenario import scenario

HANDS = [{"crate": 3, "sack": 3, "coin": 1, "rack": 1, "market_crash": 1, "tax_audit": 1, "hostile_takeover": 1},
         {"sack": 4, "coin": 2, "rack": 2},
         {"coin": 4, "rack": 4},
         {"rack": 3, "crate": 3, "sack": 2}]


def test_a_crash_previews_the_meter_the_rules_then_set():
    state = scenario(HANDS, market={"coin": 1})
    pv = preview(GAME.view(state, 0), Crash("coin"))
    after, _ = GAME.apply(state, 0, Crash("coin"), 1.0)
    assert pv.meters == (("coin", 1.0, 0.5),) and GAME.view(after, 0).market["coin"] == 0.5


@pytest.mark.parametrize("seed", range(6))
def test_an_audit_previews_who_loses_and_which_of_your_types_can_go(seed):
    state = scenario(HANDS, seed=seed)
    state, _ = GAME.apply(state, 1, OpenOffer("sack", 4), 0.5)
    state, _ = GAME.apply(state, 1, OpenOffer("coin", 2), 0.6)  # Basil keeps sacks and racks loose
    pv = preview(GAME.view(state, 0), TaxAudit())
    _, events = GAME.apply(state, 0, TaxAudit(), 1.0)
    lost = {e.seat: e.data["kind"] for e in events if e.kind == "audit_discard"}
    assert {x.seat for x in pv.losses} == set(lost)
    mine = next(x for x in pv.losses if x.seat == 0)
    assert lost[0] in mine.kinds and set(mine.kinds) == {"crate", "sack", "coin", "rack"}
    assert all(not x.kinds for x in pv.losses if x.seat != 0)  # a rival's hand is not the mover's to know


def test_a_takeover_names_the_seat_the_rules_rob():
    state = scenario(HANDS, totals=[0, 30, 45, 45])
    pv = preview(GAME.view(state, 0), HostileTakeover())
    _, events = GAME.apply(state, 0, HostileTakeover(), 1.0)
    robbed = next(e for e in events if e.kind == "takeover").data["target"]
    assert takeover_target(GAME.view(state, 0)) == robbed == 2  # a tie on 45: more resources, then clockwise
    assert [x.seat for x in pv.losses] == [robbed] and pv.gainer == 0


def test_a_peek_previews_whose_contract_shows():
    hands = [dict(HANDS[0], inside_trading=1)] + HANDS[1:]
    assert preview(GAME.view(scenario(hands), 0), Peek(2)).reveals == 2


def test_a_swap_that_leaves_a_rival_pure_warns_of_the_slam_the_rules_then_lock():
    hands = [{"sack": 5, "crate": 3}, {"coin": 3, "rack": 2, "crate": 1},
             {"sack": 4, "coin": 4}, {"sack": 4, "rack": 4}]
    s, _ = GAME.apply(scenario(hands), 1, OpenOffer("coin", 3), 0.1)
    s, _ = GAME.apply(s, 2, Swap(1, "sack", GAME.view(s, 2).offers[1].id), 0.2)  # Basil gets 3 sacks
    s, _ = GAME.apply(s, 1, OpenOffer("rack", 2), 0.3)
    s, _ = GAME.apply(s, 3, Swap(1, "sack", GAME.view(s, 3).offers[1].id), 0.4)  # 2 more: 5 sacks, 1 crate
    s, _ = GAME.apply(s, 1, OpenOffer("crate", 1), 0.5)
    swap = Swap(1, "sack", GAME.view(s, 0).offers[1].id)
    pv = preview(GAME.view(s, 0), swap)
    assert pv.slam_risk == (1, "sack")
    assert pv.meters == (("crate", 1.0, 1.05), ("sack", 1.25, 1.3))
    after, events = GAME.apply(s, 0, swap, 1.0)
    assert any(e.kind == "slam" and e.seat == 1 for e in events)


def test_an_ordinary_swap_warns_of_nothing():
    s, _ = GAME.apply(scenario(HANDS), 1, OpenOffer("coin", 2), 0.1)
    assert preview(GAME.view(s, 0), Swap(1, "sack", GAME.view(s, 0).offers[1].id)).slam_risk is None


def test_one_unknown_card_is_still_a_slam_risk_as_in_the_playtest():
    """Dune held 4 Crates it had publicly taken and one dealt card; a Crate for its Coin slammed it."""
    hands = [{"crate": 3, "sack": 5}, {"rack": 2, "sack": 4, "coin": 2}, {"crate": 2, "rack": 4, "coin": 2},
             {"crate": 1, "sack": 2, "rack": 2, "coin": 1}]
    s, _ = GAME.apply(scenario(hands), 3, OpenOffer("sack", 2), 0.1)
    s, _ = GAME.apply(s, 0, Swap(3, "crate", GAME.view(s, 0).offers[3].id), 0.2)  # Dune gets 2 Crates
    s, _ = GAME.apply(s, 3, OpenOffer("rack", 2), 0.3)
    s, _ = GAME.apply(s, 2, Swap(3, "crate", GAME.view(s, 2).offers[3].id), 0.4)  # and 2 more
    s, _ = GAME.apply(s, 3, OpenOffer("coin", 1), 0.5)
    swap = Swap(3, "crate", GAME.view(s, 0).offers[3].id)
    assert preview(GAME.view(s, 0), swap).slam_risk == (3, "crate")
    _, events = GAME.apply(s, 0, swap, 1.0)
    assert any(e.kind == "slam" and e.seat == 3 for e in events)
