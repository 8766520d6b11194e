"""Swap Meet playtest findings (issue 11), headless: buttons that hold still under a finger, card
spending only from a press that saw the button, labels and feed in step with the cards, bank pin
previews and warnings, peeked recipes, over-count flags, marked offers, stalls and grammar."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.swap_meet.model import over_recipe, pin_warning
from game.scenes.swap_meet.panel import OFFER_GREEN
from game.scenes.swap_meet.scene import REACTION, SwapMeetScene
from game.scenes.swap_meet.stall import AWNINGS, CANVAS, awning_colour
from game.scenes.swap_meet.story import feed_line
from game.scenes.swap_meet.summary import SummaryOverlay
from game.text.persons import people
from rules.contract import Event
from rules.swap_meet.actions import OpenOffer, Peek, Pull
from rules.swap_meet.data import CONTRACTS_BY_NAME
from rules.swap_meet.scenario import scenario
from tests.test_swap_meet_scene import HANDS, spot, start, tap, tap_card

PEEKER = [{"crate": 2, "sack": 3, "coin": 2, "rack": 1, "inside_trading": 1},
          {"sack": 4, "coin": 2, "rack": 2}, {"coin": 4, "rack": 4}, {"rack": 3, "crate": 3, "sack": 2}]
CONTRACTS = ["Counting House", "Rack Yard", "Full Market", "Grain Hoard"]


def rival(scene, seat: int):  # type: ignore[no-untyped-def]
    """One opponent's row model in the one-person layout."""
    return next(r for r in scene.regions[0].model.rivals if r.seat == seat)


def zone(scene, intent: tuple) -> pygame.Rect:  # type: ignore[no-untyped-def]
    """The upright panel rectangle of a hit zone."""
    return next(rect for rect, i in scene.regions[0].panel.hits if i == intent)


def play_it(p) -> None:  # type: ignore[no-untyped-def]
    """Confirm an action card's preview sheet."""
    p.press_button(next(b for b in p.top.choices if b.text == "Play it"))


def toasts(p) -> list[str]:  # type: ignore[no-untyped-def]
    """What was said: app toasts and the floor's hint-line alerts."""
    floor = next(s for s in p.app.stack.scenes if isinstance(s, SwapMeetScene))
    return [item[0] for item in p.app.toasts.queue] + [words for words, _, _ in floor.alerts.values()]


def test_peek_keeps_its_place_whether_or_not_a_swap_button_sits_beside_it():
    p, scene = start(hands=PEEKER)
    before = zone(scene, ("peek", 1)).copy()
    assert not rival(scene, 1).can_swap
    scene.table.scripted(1, OpenOffer("sack", 1))
    scene.on_events(scene.table.take_events(scene.viewer))
    tap_card(p, scene, "crate")
    assert rival(scene, 1).can_swap
    assert zone(scene, ("peek", 1)) == before  # a Swap that comes never pushes Peek under the finger
    swap = zone(scene, ("swap", 1))
    assert swap.x > before.right and not swap.colliderect(before)
    pygame.quit()


def test_a_peek_that_just_appeared_under_the_finger_spends_nothing_until_tapped_again():
    p, scene = start(hands=HANDS)
    assert not any(i[0] == "peek" for _, i in scene.regions[0].panel.hits)
    scene.table.load_position(scenario(PEEKER, contracts=CONTRACTS, now=scene.table.now()))
    scene.on_events([])  # Inside Trading arrives: Peek buttons appear this very moment
    tap(p, scene, ("peek", 1))
    assert scene.table.view(0).peeked == {}
    assert any("just appeared" in t for t in toasts(p))
    p.frames(int(REACTION * 60) + 2)
    tap(p, scene, ("peek", 1))
    play_it(p)
    assert scene.table.view(0).peeked == {1: "Rack Yard"}
    pygame.quit()


def test_a_tap_pressed_where_no_button_was_never_becomes_the_button_that_appears():
    p, scene = start(hands=HANDS)
    scene.table.load_position(scenario(PEEKER, contracts=CONTRACTS, now=scene.table.now()))
    scene.on_events([])
    p.frames(int(REACTION * 60) + 2)
    where = spot(scene.regions[0], lambda i: i == ("peek", 2))
    scene.table.load_position(scenario(HANDS, now=scene.table.now()))  # no Inside Trading: no Peek
    scene.on_events([])
    p.finger(pygame.FINGERDOWN, where, 4)
    p.frames(1)
    scene.table.load_position(scenario(PEEKER, contracts=CONTRACTS, now=scene.table.now()))
    scene.on_events([])  # Peek comes back under the finger during the press
    p.frames(40)
    p.finger(pygame.FINGERUP, where, 4)
    p.frames(2)
    assert scene.table.view(0).peeked == {}
    pygame.quit()


def two_crates_for_bots_two_sacks():
    """A table where seat 1 offers two Sacks and you have picked two Crates to counter with."""
    p, scene = start(hands=HANDS)
    scene.table.scripted(1, OpenOffer("sack", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    tap_card(p, scene, "crate")
    tap_card(p, scene, "crate")
    return p, scene


def test_a_swap_press_keeps_the_offer_it_saw_and_refuses_a_different_one():
    p, scene = two_crates_for_bots_two_sacks()
    where = spot(scene.regions[0], lambda i: i == ("swap", 1))
    p.finger(pygame.FINGERDOWN, where, 3)
    p.frames(1)
    scene.table.scripted(1, Pull())
    scene.table.scripted(1, OpenOffer("rack", 2))  # same count, another type, while the finger is down
    scene.on_events(scene.table.take_events(scene.viewer))
    p.finger(pygame.FINGERUP, where, 3)
    p.frames(2)
    assert scene.table.view(0).trades == ()
    assert any("offer changed" in t for t in toasts(p))
    pygame.quit()


def test_two_labels_at_one_stall_take_turns_and_stay_inside_its_row():
    p, scene = start(hands=PEEKER)
    scene.table.load_position(scenario([PEEKER[1], PEEKER[0], PEEKER[2], PEEKER[3]], contracts=CONTRACTS,
                                       now=scene.table.now()))
    scene.on_events([])
    scene.table.scripted(1, Peek(0))  # "Basil plays Inside Trading" and "Basil peeked at your contract"
    scene.on_events(scene.table.take_events(scene.viewer))
    _, row, _ = scene.label_place(1)
    assert row is not None
    seen_at_once = 0
    for _ in range(200):
        labels = [m for m in scene.movers if getattr(m, "key", ("",))[0] == "label"]
        seen_at_once = max(seen_at_once, len(labels))
        for label in labels:
            r = label.face.get_rect(center=(round(label.pos[0]), round(label.pos[1])))
            assert row.contains(r), (r, row)
        p.frames(1)
    assert seen_at_once == 1
    pygame.quit()


def test_the_feed_names_a_swap_when_its_cards_land_not_before():
    p, scene = start(hands=HANDS)
    scene.table.scripted(1, OpenOffer("sack", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    tap_card(p, scene, "crate")
    tap_card(p, scene, "crate")
    tap(p, scene, ("swap", 1), )
    assert not any("swapped" in line for line in scene.feed)
    p.frames(60)
    assert any(line.endswith("swapped 2 Crates for Basil's 2 Sacks") for line in scene.feed)
    pygame.quit()


def test_a_slam_by_swap_shows_its_cards_landing_before_the_summary():
    hands = [{"crate": 7, "sack": 1}, {"crate": 3, "coin": 3, "rack": 2}, {"coin": 4, "rack": 4},
             {"rack": 3, "sack": 3, "coin": 2}]
    p, scene = start(hands=hands)
    scene.table.scripted(1, OpenOffer("crate", 1))
    scene.on_events(scene.table.take_events(scene.viewer))
    tap_card(p, scene, "sack")
    tap(p, scene, ("swap", 1))
    assert scene.table.view(0).phase == "locked"
    assert not isinstance(p.top, SummaryOverlay)  # the swapped cards are still in the air
    p.frames(60)
    assert isinstance(p.top, SummaryOverlay)
    pygame.quit()


def test_a_summary_that_would_open_over_the_next_round_does_not():
    p, scene = start(hands=HANDS)
    scene._summary_if_still(0, scene.view.round_no + 1)
    assert p.top is scene and scene.summary is None
    pygame.quit()


def test_the_market_previews_each_bank_and_warns_before_a_losing_pin():
    p, scene = start(hands=HANDS)  # seat 0 holds 3 crate, 3 sack, 1 coin, 1 rack
    view = scene.table.view(0)
    assert scene.market.preview == {k: view.bank_points(k) for k in view.market}
    assert scene.market.preview["crate"] == 3 * 10 - 5 * 5
    assert dict(scene.regions[0].model.bank_points)["sack"] == 5
    scene.table.load_position(scenario([{"crate": 4, "sack": 4}] + HANDS[1:], now=scene.table.now()))
    scene.on_events([])
    assert scene.market.preview["rack"] == -40 and scene.market.held["rack"] == 0
    p.click(scene.market.cells["rack"].center)
    assert scene.table.view(0).pin is None
    assert any("banking it scores -40" in t for t in toasts(p))
    p.click(scene.market.cells["rack"].center)  # asked and answered: pin it anyway
    assert scene.table.view(0).pin == "rack"
    p.click(scene.market.cells["sack"].center)  # a type you hold pins at once
    assert scene.table.view(0).pin == "sack"
    pygame.quit()


def test_a_warned_pin_needs_its_second_tap_soon_and_on_the_same_type():
    assert pin_warning(5.0, 1, "rack") is None
    assert "You hold no Rack" in (pin_warning(-40.0, 0, "rack") or "")
    p, scene = start(hands=[{"crate": 4, "sack": 4}] + HANDS[1:])
    p.click(scene.market.cells["rack"].center)
    p.click(scene.market.cells["coin"].center)  # another type: warned again, nothing pinned
    assert scene.table.view(0).pin is None
    p.frames(300)  # the warning runs out
    p.click(scene.market.cells["coin"].center)
    assert scene.table.view(0).pin is None
    pygame.quit()


def test_peek_shows_the_contract_recipe_in_the_row():
    p, scene = start(hands=PEEKER)
    scene.table.load_position(scenario(PEEKER, contracts=CONTRACTS, now=scene.table.now()))
    scene.on_events([])
    p.frames(int(REACTION * 60) + 2)
    tap(p, scene, ("peek", 1))
    play_it(p)
    row = rival(scene, 1)
    assert row.peeked == "Rack Yard" and row.peeked_recipe == CONTRACTS_BY_NAME["Rack Yard"].recipe
    pygame.quit()


def test_cards_beyond_the_recipe_are_flagged():
    recipe = CONTRACTS_BY_NAME["Counting House"].recipe  # 4 coin, 2 sack, 2 crate
    assert over_recipe({"coin": 4, "sack": 3, "crate": 1}, recipe) == {"sack": 1}
    assert over_recipe({"coin": 2, "sack": 2, "crate": 2, "rack": 2}, recipe) == {"rack": 2}
    assert over_recipe({"coin": 4, "sack": 2, "crate": 2}, recipe) == {}


def test_offered_cards_are_marked_on_the_cards_not_above_them():
    p, scene = start(hands=HANDS)
    scene.table.act(0, OpenOffer("crate", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    panel = scene.regions[0].panel
    stack = panel.card_rects["crate"]
    band_y = stack.y + int(stack.h * 0.6) + 4
    assert panel.surface is not None
    assert tuple(panel.surface.get_at((stack.x + 10, band_y)))[:3] == OFFER_GREEN
    above = [tuple(panel.surface.get_at((x, y)))[:3] for x in range(stack.x, stack.right, 4)
             for y in range(stack.y - 40, stack.y - 22)]
    assert OFFER_GREEN not in above  # no badge over the header line any more
    pygame.quit()


def test_each_stall_has_an_awning_in_its_seat_colour():
    p, scene = start(hands=HANDS)
    panel = scene.regions[0].panel
    assert panel.surface is not None
    for seat, row in panel.rival_rects.items():
        colours = {tuple(panel.surface.get_at((x, row.y + 11)))[:3] for x in range(row.x + 20, row.x + 200, 3)}
        assert awning_colour(seat) in colours and CANVAS in colours
    assert len(set(AWNINGS)) == len(AWNINGS)
    pygame.quit()


@pytest.mark.parametrize(("kind", "data", "words"), [
    ("offer_open", {"count": 2, "kind": "crate"}, "You offer 2 Crates"),
    ("offer_pulled", {}, "You pulled your offer"),
    ("peek", {"target": 1}, "You peeked at Basil's contract"),
    ("action_played", {"card": "tax_audit"}, "You play Tax Audit"),
    ("audit_discard", {"kind": "sack"}, "Tax audit: you discard a Sack"),
])
def test_the_viewers_own_seat_gets_plain_english(kind, data, words):
    names = people(["Mira", "Basil"], 0)  # the viewer's own seat, addressed as you
    assert feed_line(Event(kind, 0, data), names) == words
    assert feed_line(Event("peek", 1, {"target": 0}), names) == "Basil peeked at your contract"
    assert feed_line(Event("offer_open", 1, {"count": 1, "kind": "sack"}), names) == "Basil offers 1 Sack"


@pytest.mark.parametrize("humans", [2, 3, 4, 6])
def test_the_table_feed_is_never_under_the_market_strip(humans):
    p, scene = start(humans=humans, seats=max(humans + 1, 3) if humans < 6 else 6)
    assert not scene._feed_rect().colliderect(scene.market.rect)
    assert scene.centre.contains(scene.market.rect)
    pygame.quit()


def test_a_stall_counts_swapped_cards_when_they_land_not_when_the_swap_arrives():
    p, scene = two_crates_for_bots_two_sacks()
    tap(p, scene, ("swap", 1))
    counts = dict(scene.regions[0].model.counts)
    assert dict(scene.table.view(0).counts())["sack"] == 5
    assert counts["sack"] == 3 and counts["crate"] == 1  # the Crates left; the Sacks are still flying
    p.frames(90)
    assert dict(scene.regions[0].model.counts)["sack"] == 5 and not scene.flying
    pygame.quit()
