"""Table mode (several people on one touch screen) and the Swap Meet lobby, headless.
(The monkeys that play whole matches in table mode are in test_swap_meet_scene_monkey.py.)"""

from __future__ import annotations

import pygame
import pytest

from game.scenes.swap_meet.lobby import SwapMeetLobby
from game.scenes.swap_meet.scene import SwapMeetScene
from game.shell import catalog
from rules.swap_meet.actions import Crash, OpenOffer
from rules.swap_meet.scenario import scenario
from tests.conftest import make_player
from tests.test_swap_meet_scene import HANDS, spot, start


@pytest.fixture(autouse=True)
def unthreaded(monkeypatch):
    """Bots think on the caller's thread: deterministic tests."""


def card_spot(scene, region: int, kind: str):  # type: ignore[no-untyped-def]
    """Where an unlifted card of `kind` is in a seat's (turned) panel."""
    return spot(scene.regions[region], lambda i: i[:3] == ("card", kind, "more"))


def tab_spot(scene, region: int):  # type: ignore[no-untyped-def]
    """Where a seat's peek tab is."""
    return spot(scene.regions[region], lambda i: i == ("peektab",))


def test_table_mode_gives_each_person_a_turned_region_and_hides_private_cards():
    p, scene = start(humans=3, hands=HANDS)
    assert scene.table_mode and [r.angle for r in scene.regions] == [0, 0, 180]
    assert all(r.model.masked for r in scene.regions)
    assert all(not r.model.hint.startswith("Tap") for r in scene.regions)
    region = scene.regions[0]
    p.tap_finger(region.to_canvas(region.panel.card_rects["crate"].center), finger_id=3)
    assert scene.sel[0].kind is None  # face down: a tap on a hidden card does nothing
    pygame.quit()


def test_two_fingers_trade_in_two_seats_at_once():
    p, scene = start(humans=3, hands=HANDS)
    down, up = pygame.FINGERDOWN, pygame.FINGERUP
    p.finger(down, tab_spot(scene, 0), 1)
    p.finger(down, tab_spot(scene, 1), 2)
    p.frames(2)
    assert not scene.regions[0].model.masked and not scene.regions[1].model.masked
    assert scene.regions[2].model.masked  # nobody holds the third seat's tab
    a, b = card_spot(scene, 0, "crate"), card_spot(scene, 1, "sack")
    p.finger(down, a, 3)
    p.finger(down, b, 4)
    p.frames(1)
    p.finger(up, a, 3)
    p.finger(up, b, 4)
    p.frames(2)
    assert (scene.sel[0].kind, scene.sel[0].count) == ("crate", 1)
    assert (scene.sel[1].kind, scene.sel[1].count) == ("sack", 1)
    p.tap_finger(card_spot(scene, 0, "crate"), 5)
    p.tap_finger(card_spot(scene, 1, "sack"), 6)
    p.tap_finger(spot(scene.regions[0], lambda i: i == ("button", "open")), 5)
    p.tap_finger(spot(scene.regions[1], lambda i: i == ("button", "open")), 6)
    offers = scene.table.view(None).offers
    assert (offers[0].kind, offers[0].count) == ("crate", 2) and (offers[1].kind, offers[1].count) == ("sack", 2)
    p.finger(up, tab_spot(scene, 0), 1)
    p.finger(up, tab_spot(scene, 1), 2)
    p.frames(260)  # the grace after letting go runs out
    assert scene.regions[0].model.masked and scene.regions[1].model.masked
    pygame.quit()


def test_a_pointer_acts_only_in_the_seat_where_it_was_pressed():
    p, scene = start(humans=3, hands=HANDS)
    for r in scene.regions:
        r.reveal_until = 1e9
    scene.refresh()
    p.finger(pygame.FINGERDOWN, card_spot(scene, 0, "crate"), 7)
    p.frames(1)
    p.finger(pygame.FINGERUP, card_spot(scene, 1, "sack"), 7)  # lifted over another seat
    p.frames(2)
    assert scene.sel[1].kind is None
    pygame.quit()


def test_racing_swaps_on_one_offer_first_wins_the_second_is_told_it_is_gone():
    p, scene = start(humans=3, hands=HANDS)
    for r in scene.regions:
        r.reveal_until = 1e9
    scene.table.load_position(scenario([{"crate": 4, "sack": 4}, {"sack": 4, "coin": 4}, {"rack": 4, "coin": 4},
                                    {"crate": 4, "rack": 4}], now=scene.table.now()))
    scene.table.act(0, OpenOffer("crate", 1))
    scene.on_events(scene.table.take_events(scene.viewer))
    for seat, kind in ((1, "sack"), (2, "rack")):
        p.tap_finger(card_spot(scene, seat, kind), 10 + seat)
    a = spot(scene.regions[1], lambda i: i == ("swap", 0))
    b = spot(scene.regions[2], lambda i: i == ("swap", 0))
    p.finger(pygame.FINGERDOWN, a, 21)
    p.finger(pygame.FINGERDOWN, b, 22)
    p.frames(1)
    p.finger(pygame.FINGERUP, a, 21)
    p.finger(pygame.FINGERUP, b, 22)
    p.frames(2)
    assert list(scene.table.view(None).hand_sizes) == [8, 8, 8, 8] and len(scene.table.view(None).trades) == 1
    assert any("offer is gone" in words for words, _, _ in scene.alerts.values())
    pygame.quit()


@pytest.mark.slow
def test_lobby_add_bot_ready_and_start_trading_by_the_host():
    p = make_player()
    p.app.update_settings(seen_briefings=("swap-meet",))
    p.app.stack.push(catalog.entry("swap-meet").setup_scene(p.app))
    p.frames(2)
    lobby = p.top
    assert isinstance(lobby, SwapMeetLobby)
    while lobby.count > 3:
        p.press_button(lobby.fewer)
    assert lobby.start.is_enabled and not lobby.seat_buttons[0].bot.is_enabled  # the host is a person
    p.press_button(lobby.seat_buttons[2].person)
    assert not lobby.start.is_enabled and "Player 2" in lobby.waiting_for()
    p.press_button(next(b for b, seat in lobby.ready_buttons.items() if seat == 2))
    assert lobby.start.is_enabled
    p.press_button(lobby.option_buttons["round_seconds"])
    assert lobby.round_seconds == 105
    p.press_button(lobby.start)
    p.frames(40)
    scene = p.top
    assert isinstance(scene, SwapMeetScene) and scene.table_mode
    assert [s.bot for s in scene.table.seats] == [None, "easy", None]  # a first match starts on Easy
    assert scene.table.options["round_seconds"] == 105
    pygame.quit()


@pytest.mark.slow
def test_the_title_tile_leads_to_the_lobby():
    p = make_player()
    tile = next(t for t in p.top.tiles if t.game == "swap-meet")
    p.click(tile.rect.center)
    p.frames(40)
    assert isinstance(p.top, SwapMeetLobby)
    pygame.quit()


def test_the_lobby_says_what_each_bot_level_does_under_even_six_seats():
    from game.scenes.seat_setup import NOTE_H, NOTES_PAD, PANEL
    from rules.swap_meet import GAME

    p = make_player()
    p.app.stack.push(catalog.entry("swap-meet").setup_scene(p.app))
    p.frames(2)
    lobby = p.top
    while lobby.count < GAME.max_seats:
        p.press_button(lobby.more)
    said: list[str] = []
    draw = p.app.text.draw
    p.app.text.draw = lambda canvas, words, *a, **k: (said.append(words), draw(canvas, words, *a, **k))[1]
    lobby.draw_scene(pygame.Surface((1920, 1080)))
    for level, note in GAME.level_notes.items():
        assert level.capitalize() in said and note in said
    notes_top = PANEL.bottom - NOTES_PAD - NOTE_H * len(lobby.notes())
    assert max(b.rect.bottom for row in lobby.seat_buttons for b in (row.person, row.bot, row.level) if b) <= notes_top
    pygame.quit()


def test_a_narrow_table_mode_panel_keeps_its_pins_clear_of_the_peek_tab_and_its_hint_on_one_line():
    six = HANDS + [{"crate": 3, "coin": 3, "rack": 2}, {"sack": 3, "coin": 3, "rack": 2}]
    p, scene = start(humans=6, seats=6, hands=six)
    region = scene.regions[0]
    assert region.upright == (640, 460)  # one of three seats along the bottom
    p.tap_finger(tab_spot(scene, 0), finger_id=2)  # cards shown for a few seconds
    p.frames(2)
    tab = next(rect for rect, i in region.panel.hits if i == ("peektab",))
    pins = {i[1]: rect for rect, i in region.panel.hits if i[0] == "pin"}
    assert len(pins) == 4 and not any(rect.colliderect(tab) for rect in pins.values())
    p.tap_finger(spot(region, lambda i: i == ("pin", "rack")), finger_id=3)
    assert scene.table.view(0).bank == "rack"  # the pin a finger aimed at took the tap
    hint = region.model.hint
    size = region.panel.fitting(hint, 20, region.upright[0] - 28, least=16)
    assert p.app.text.font(size).size(hint)[0] <= region.upright[0] - 28  # one line, clear of the buttons
    pygame.quit()


@pytest.mark.parametrize("humans", [2])
def test_in_table_mode_a_bots_news_floats_in_the_free_middle_never_on_the_clock_feed_or_market(humans):
    hands = HANDS[:humans] + [{"rack": 3, "crate": 3, "sack": 2, "market_crash": 1}] + HANDS[humans + 1:]
    p, scene = start(humans=humans, hands=hands)
    bot = humans
    scene.table.scripted(bot, Crash("coin"))
    scene.on_events(scene.table.take_events(scene.viewer))
    p.frames(5)
    labels = [m for m in scene.movers if getattr(m, "key", ("",))[0] == "label"]
    lane = scene.centre_lane()
    assert labels and lane is not None
    taken = [scene.countdown.rect, scene._feed_rect(), scene.market.rect] + [r.rect for r in scene.regions] + \
        [b.rect for b in (scene.help_b, scene.pause_b, scene.leave_b)]
    for label in labels:
        box = label.face.get_rect(center=label.pos)
        assert lane.contains(box) and not any(box.colliderect(r) for r in taken)
    pygame.quit()


@pytest.mark.parametrize("humans", [3, 4, 5, 6])
def test_every_target_a_person_taps_in_table_mode_is_fingertip_sized(humans):
    hands = [dict(HANDS[0], tax_audit=1, hostile_takeover=1, inside_trading=1), HANDS[1], HANDS[2], HANDS[3],
             {"crate": 3, "coin": 3, "rack": 2}, {"sack": 3, "coin": 3, "rack": 2}]
    seats = max(4, humans)
    p, scene = start(humans=humans, seats=seats, hands=hands[:seats])
    for i in range(humans):
        p.tap_finger(tab_spot(scene, i), finger_id=10 + i)  # cards shown: every button and card drawn
    p.frames(2)
    p.tap_finger(card_spot(scene, 0, "crate"), finger_id=30)  # a pick: Open offer and Swap light up
    p.frames(2)
    for region in scene.regions:
        assert not region.model.masked
        sizes = [min(rect.w, rect.h) for rect, intent in region.panel.hits]
        assert len(sizes) >= seats + 5 and min(sizes) >= 64, (region.seat, min(sizes))
        screen = pygame.Rect(0, 0, 1920, 1080)
        assert screen.contains(region.rect) and region.rect.collidelist([r.rect for r in scene.regions
                                                                         if r is not region]) == -1
    for b in (scene.help_b, scene.pause_b, scene.leave_b):
        assert min(b.rect.size) >= 64 and b.rect.collidelist([r.rect for r in scene.regions]) == -1
    assert scene.sel[0].kind == "crate"  # the finger on the card lifted it
    pygame.quit()


def test_with_several_people_each_bot_says_its_latest_move_in_its_own_lane_of_the_strip():
    hands = HANDS[:3] + [{"rack": 3, "crate": 3, "sack": 2, "market_crash": 1}]
    p, scene = start(humans=3, hands=hands)
    said: list[tuple[str, tuple[int, int]]] = []
    draw = p.app.text.draw
    p.app.text.draw = lambda canvas, words, pos, *a, **k: (said.append((words, pos)), draw(canvas, words, pos, *a,
                                                                                               **k))[1]
    scene.table.scripted(3, Crash("coin"))
    scene.on_events(scene.table.take_events(scene.viewer))
    p.frames(90)
    scene.invalidate()
    p.frames(2)
    column = scene._feed_rect()
    lane = [(w, pos) for w, pos in said if w in ("Basil", "crashed Coin to 0.50×")]
    assert {w for w, _ in lane} == {"Basil", "crashed Coin to 0.50×"}, said
    assert all(column.collidepoint(pos) for _, pos in lane), lane
    assert scene.latest[3][0] and not any(m for m in scene.movers if getattr(m, "key", ("",))[0] == "label")
    taken = [scene.countdown.rect, scene.market.rect] + [r.rect for r in scene.regions] + \
        [b.rect for b in (scene.help_b, scene.pause_b, scene.leave_b)]
    assert column.collidelist(taken) == -1
    pygame.quit()
