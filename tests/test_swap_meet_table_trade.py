"""Table mode: your cards stay face up while you hold a pick, so they never hide mid-trade."""

from __future__ import annotations

import pygame

from rules.swap_meet.actions import OpenOffer
from tests.test_swap_meet_scene import HANDS, start
from tests.test_swap_meet_scene_table import card_spot, tab_spot


def test_cards_stay_up_while_a_pick_waits_for_an_offer_and_hide_once_it_is_dropped():
    p, scene = start(humans=2, seats=4, hands=HANDS)
    p.tap_finger(tab_spot(scene, 0), finger_id=4)  # a look: the cards show
    p.frames(2)
    p.tap_finger(card_spot(scene, 0, "crate"), finger_id=5)
    p.tap_finger(card_spot(scene, 0, "crate"), finger_id=6)  # two Crates picked, looking for a 2-card offer
    p.frames(2)
    assert scene.sel[0].count == 2 and not scene.regions[0].model.masked
    p.frames(100, dt=0.1)  # ten seconds of reading the other rows
    scene.table.scripted(2, OpenOffer("rack", 2))
    p.frames(4)
    region = scene.regions[0]
    assert not region.model.masked, "the cards hid in the middle of a trade"
    assert any(i == ("swap", 2) for _, i in region.panel.hits)  # Swap on the new offer is there to tap
    scene.sel[0].clear()  # the pick dropped (a swap made, or let go): the usual grace holds
    scene.refresh(region)
    p.frames(60, dt=0.1)
    assert region.model.masked
    pygame.quit()
