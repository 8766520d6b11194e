"""The Swap Meet hand is stable and literal: one fixed slot per resource type whose card and + lift one
card of that type and whose − drops one, by mouse and by finger; a slot never moves when another seat's
trade, a Tax Audit or a Hostile Takeover changes the hand, even under a finger that is down."""

from __future__ import annotations

import pygame
import pytest

from rules.swap_meet.actions import HostileTakeover, OpenOffer, Swap
from rules.swap_meet.data import RESOURCES
from tests.test_swap_meet_scene import start

HANDS = [{"crate": 2, "sack": 3, "coin": 1, "rack": 2},
         {"sack": 4, "coin": 2, "rack": 2, "hostile_takeover": 1},
         {"coin": 4, "rack": 4},
         {"rack": 3, "crate": 3, "sack": 2}]


def zones(region) -> dict[tuple, pygame.Rect]:  # type: ignore[no-untyped-def]
    """Every hand zone of a panel by its intent."""
    return {intent: rect.copy() for rect, intent in region.panel.hits if intent[0] == "card"}


def press(p, logical, finger: bool) -> None:  # type: ignore[no-untyped-def]
    """Put a mouse button or a finger down."""
    if finger:
        p.finger(pygame.FINGERDOWN, logical, 0)
    else:
        pos = p.window_pos(logical)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    p.frames(1)


def release(p, logical, finger: bool) -> None:  # type: ignore[no-untyped-def]
    """Lift it again."""
    if finger:
        p.finger(pygame.FINGERUP, logical, 0)
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p.window_pos(logical), button=1))
    p.frames(3)


def tap(p, scene, intent: tuple, finger: bool) -> None:  # type: ignore[no-untyped-def]
    """A whole tap on the zone with this intent."""
    region = scene.regions[0]
    spot = region.to_canvas(zones(region)[intent].center)
    press(p, spot, finger)
    release(p, spot, finger)


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "touch"])
def test_each_plus_minus_and_card_does_exactly_what_it_says(finger):
    p, scene = start(hands=HANDS)
    sel = scene.sel[0]
    for kind in RESOURCES:
        held = HANDS[0][kind]
        for n in range(1, held + 1):
            tap(p, scene, ("card", kind, "more" if n % 2 else "face"), finger)
            assert (sel.kind, sel.count) == (kind, n)
        tap(p, scene, ("card", kind, "more"), finger)  # all picked: nothing more to lift
        assert (sel.kind, sel.count) == (kind, held)
        for n in range(held - 1, -1, -1):
            tap(p, scene, ("card", kind, "less"), finger)
            assert sel.count == n and sel.kind == (kind if n else None)
    pygame.quit()


def test_two_taps_pick_two_and_another_type_starts_over_at_one():
    p, scene = start(hands=HANDS)
    for _ in range(2):
        tap(p, scene, ("card", "rack", "face"), False)
    assert (scene.sel[0].kind, scene.sel[0].count) == ("rack", 2)
    assert scene.regions[0].model.sel == ("rack", 2)
    tap(p, scene, ("card", "sack", "more"), True)
    assert (scene.sel[0].kind, scene.sel[0].count) == ("sack", 1)
    pygame.quit()


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "touch"])
def test_slots_stand_still_under_a_press_while_a_rival_swaps_with_you(finger):
    p, scene = start(hands=HANDS)
    scene.table.act(0, OpenOffer("crate", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    region = scene.regions[0]
    before = zones(region)
    aim = region.to_canvas(before[("card", "rack", "more")].center)
    press(p, aim, finger)
    offer = scene.table.view(0).offers[0]
    scene.table.scripted(1, Swap(0, "sack", offer.id))  # both your Crates leave, two Sacks arrive
    p.frames(20)
    after = zones(region)
    assert scene.table.view(0).counts()["crate"] == 0 and scene.table.view(0).counts()["sack"] == 5
    assert not any(intent[1] == "crate" for intent in after)  # the emptied slot keeps its place, empty
    assert all(after[i] == before[i] for i in after)  # nothing else moved
    release(p, aim, finger)
    assert (scene.sel[0].kind, scene.sel[0].count) == ("rack", 1)  # what was under the finger lifted
    pygame.quit()


def test_a_takeover_arrival_fills_its_own_slot_and_moves_nothing():
    hands = [{"sack": 3, "rack": 2}] + HANDS[1:]
    p, scene = start(hands=hands)
    region = scene.regions[0]
    before, slots = zones(region), dict(region.panel.card_rects)
    scene.table.scripted(1, HostileTakeover())  # Basil takes a card from a rival
    p.frames(20)
    scene.refresh()
    after = zones(region)
    assert region.panel.card_rects == slots  # every type's slot sits where it always sits
    assert all(after[i] == before[i] for i in set(before) & set(after))
    pygame.quit()


def test_a_rivals_offer_is_not_repeated_over_its_row_and_a_refusal_speaks_in_the_hint_line():
    p, scene = start(hands=HANDS)
    scene.table.scripted(1, OpenOffer("sack", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    p.frames(2)
    assert not any(getattr(m, "key", ("",))[0] == "label" for m in scene.movers)  # the row says "offers 2 Sacks"
    assert scene.feed[-1] == "Basil offers 2 Sacks"
    tap(p, scene, ("card", "coin", "face"), False)
    tap(p, scene, ("card", "coin", "more"), False)  # only one Coin held
    assert scene.regions[0].model.alert == ("Your only Coin is picked: − drops one.", True)
    assert not p.app.toasts.queue  # no toast over the cards and the buttons
    p.frames(int(2.6 * 60))
    assert scene.regions[0].model.alert is None
    pygame.quit()


def test_a_rivals_news_floats_only_in_its_rows_free_lane():
    p, scene = start(hands=HANDS)
    scene.table.scripted(1, OpenOffer("sack", 4))
    scene.on_events(scene.table.take_events(scene.viewer))
    place = scene.label_place(1)
    assert place is not None
    lane = place[1]
    row = scene.regions[0].panel.rival_rects[1].move(scene.regions[0].rect.topleft)
    assert row.contains(lane) and lane.x > row.x + 600  # right of the name, the score and the offer
    scene.news(1, "Basil plays Hostile Takeover", offer=False)
    p.frames(5)
    labels = [m for m in scene.movers if getattr(m, "key", ("",))[0] == "label"]
    assert labels and all(lane.contains(m.face.get_rect(center=m.pos)) for m in labels)
    pygame.quit()


def test_swapped_cards_land_in_their_own_slot_and_beside_the_rivals_words_never_on_them():
    p, scene = start(hands=HANDS)
    scene.table.act(0, OpenOffer("crate", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    offer = scene.table.view(0).offers[0]
    scene.table.scripted(1, Swap(0, "sack", offer.id))  # two Sacks fly to you, your two Crates to Basil
    p.frames(49)  # every card has landed, none has faded away yet
    region = scene.regions[0]
    flying = [m for m in scene.movers if getattr(m, "key", ("",))[0] == "fly"]
    assert len(flying) == 4
    sack_slot = region.panel.card_rects["sack"].move(region.rect.topleft)
    row = region.panel.rival_rects[1].move(region.rect.topleft)
    words = p.app.text.font(26, False).size(f"{rival_total(scene, 1):g} pts · 10 cards")[0]
    for card in flying:
        box = card.image().get_rect(center=card.pos)
        if box.centery > row.bottom:  # a Sack, into your Sack slot
            assert box.center == sack_slot.center
        else:  # a Crate, on Basil's row between its score and its counter
            assert row.contains(box)
            assert box.left >= row.x + 310 + words and box.right <= row.x + 600
    pygame.quit()


def rival_total(scene, seat: int) -> float:  # type: ignore[no-untyped-def]
    """A rival's points as its row shows them."""
    return next(r.total for r in scene.regions[0].model.rivals if r.seat == seat)


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "touch"])
def test_a_tap_on_a_rivals_stall_beside_its_buttons_says_why_there_is_no_swap(finger):
    p, scene = start(hands=HANDS)
    region = scene.regions[0]
    tap(p, scene, ("card", "coin", "more"), finger)
    row = region.panel.rival_rects[3]  # Dune: no offer, so no Swap button
    spot = region.to_canvas((row.x + 700, row.centery))
    press(p, spot, finger)
    release(p, spot, finger)
    assert region.model.alert == ("Dune has no offer now: wait for one, or open your own.", True)
    scene.table.scripted(1, OpenOffer("sack", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    p.frames(40)
    row = region.panel.rival_rects[1]
    spot = region.to_canvas((row.x + 1300, row.centery))  # beside Basil's buttons, on its stall
    press(p, spot, finger)
    release(p, spot, finger)
    assert region.model.alert == ("Basil offers 2 Sacks: pick 2 of another type to swap.", True)
    assert scene.sel[0].count == 1 and scene.table.view(0).counts()["coin"] == 1  # nothing was spent
    pygame.quit()


def test_with_five_rivals_a_finger_on_a_short_rows_edge_still_hits_its_swap():
    six = HANDS + [{"crate": 3, "coin": 3, "rack": 2}, {"sack": 3, "coin": 3, "rack": 2}]
    p, scene = start(seats=6, hands=six)
    region = scene.regions[0]
    scene.table.scripted(1, OpenOffer("sack", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    tap(p, scene, ("card", "crate", "more"), True)
    tap(p, scene, ("card", "crate", "more"), True)
    p.frames(40)  # the Swap has stood still long enough to take a tap
    row = region.panel.rival_rects[1]
    swap = next(rect for rect, i in region.panel.hits if i == ("swap", 1))
    assert row.h < 60 and swap.h == row.h  # the zone spans the short row, not only the drawn button
    edge = region.to_canvas((swap.centerx, row.y + 3))  # above the drawn button, inside the row
    press(p, edge, True)
    release(p, edge, True)
    assert scene.table.view(0).counts()["sack"] == 5  # 2 Crates went for Basil's 2 Sacks
    pygame.quit()
