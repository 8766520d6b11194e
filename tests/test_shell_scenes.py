"""Headless tests that drive the real app with synthetic mouse, touch and keys."""

from __future__ import annotations

import json

import pygame

from game.scenes.help import HelpScene
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.settings import SettingsScene
from game.services.settings import settings_path
from game.shell import catalog
from tests.conftest import make_player


def test_title_is_first_and_has_its_buttons(player):
    assert player.top.name == "title"
    assert {"howto", "settings", "quit"} <= set(player.top.buttons)


def test_quit_button_ends_the_loop(player):
    player.press_button(player.top.buttons["quit"])
    assert not player.app.running


def test_settings_button_opens_settings_and_back_returns(player):
    player.press_button(player.top.buttons["settings"])
    player.frames(30)
    assert isinstance(player.top, SettingsScene)
    player.press_button(player.top.back)
    player.frames(30)
    assert player.top.name == "title"


def test_a_settings_toggle_is_saved_to_disk(player):
    player.app.stack.push(SettingsScene(player.app))
    player.frames(2)
    player.press_button(player.top.toggles["reduced_motion"])
    assert player.app.settings.reduced_motion is True
    saved = json.loads(settings_path().read_text())
    assert saved["reduced_motion"] is True
    player.press_button(player.top.toggles["mute"])
    assert player.app.audio.mute is True


def test_bot_speed_cycles(player):
    player.app.stack.push(SettingsScene(player.app))
    player.frames(2)
    player.press_button(player.top.speed)
    assert player.app.settings.bot_speed == "fast"


def test_how_to_play_pages_forward_and_close(player):
    player.press_button(player.top.buttons["howto"])
    help_scene = player.top
    assert isinstance(help_scene, HelpScene)
    player.press_button(help_scene.next)
    assert help_scene.index == 1
    player.key(pygame.K_RIGHT)
    assert help_scene.index == 2
    player.press_button(help_scene.close)
    assert player.top.name == "title"


def test_escape_leaves_an_overlay(player):
    player.app.stack.push(HelpScene.how_to_play(player.app))
    player.frames(1)
    player.key(pygame.K_ESCAPE)
    assert player.top.name == "title"


def test_seat_setup_changes_seats_and_levels(player):
    player.app.stack.push(SeatSetupScene(player.app, catalog.entry("swap-meet")))
    player.frames(2)
    setup = player.top
    if setup.game is None:  # rules not built in this checkout
        return
    before = setup.count
    player.press_button(setup.more)
    assert player.top.count == min(before + 1, setup.max_seats)
    player.press_button(setup.seat_buttons[1].person)
    assert setup.people[1] is True
    assert setup.config().seats[1].bot is None


def test_touch_tap_on_a_widget_is_handled_once(player):
    """A finger on a button presses it via SDL's emulated mouse; the table never sees the finger."""
    seen = []
    title = player.top
    original = title.handle_pointer
    title.handle_pointer = lambda pe: seen.append(pe) or original(pe)
    player.tap_finger(title.buttons["howto"].rect.center)
    assert isinstance(player.top, HelpScene)
    assert seen == []


def test_every_tap_on_next_turns_a_page_while_another_finger_rests_on_the_glass(player):
    """SDL emulates the mouse for the first finger only: taps by later fingers used to be lost."""
    help_scene = HelpScene.for_game(player.app, catalog.entry("swap-meet"))
    player.app.stack.push(help_scene)
    player.frames(2)
    player.finger(pygame.FINGERDOWN, (100, 100), finger_id=0)  # someone's finger stays down
    player.frames(1)
    for i in range(10):
        player.tap_finger(help_scene.next.rect.center, finger_id=1 + i)
    assert help_scene.index == 10
    player.finger(pygame.FINGERUP, (100, 100), finger_id=0)
    player.frames(2)


def test_one_finger_tap_turns_one_page_not_two(player):
    """The emulated mouse click of the first finger and the finger itself press a button once."""
    help_scene = HelpScene.how_to_play(player.app)
    player.app.stack.push(help_scene)
    player.frames(2)
    for _ in range(3):
        player.tap_finger(help_scene.next.rect.center, finger_id=0)
    assert help_scene.index == 3


def test_a_ghost_mouse_click_right_after_a_finger_lifts_presses_nothing(player):
    """Some touch screens send a second, non-touch click for one tap: it must not press Next again."""
    help_scene = HelpScene.how_to_play(player.app)
    player.app.stack.push(help_scene)
    player.frames(2)
    centre = help_scene.next.rect.center
    player.finger(pygame.FINGERDOWN, centre, finger_id=0)
    player.frames(1)
    player.finger(pygame.FINGERUP, centre, finger_id=0)
    player.click(centre)  # the ghost, at once and at the same spot
    assert help_scene.index == 1
    player.frames(30)
    player.click(centre)  # a real click later counts
    assert help_scene.index == 2


def test_touch_tap_on_the_table_becomes_one_tap(player):
    seen = []
    title = player.top
    title.handle_pointer = lambda pe: seen.append(pe.kind) or False
    player.tap_finger((960, 700))
    assert seen.count("tap") == 1 and seen.count("press") == 1


def test_pointer_maps_through_the_letterbox():
    p = make_player(size=(1000, 800))  # taller than 16:9: bars top and bottom
    d = p.app.display
    assert d.viewport.w == 1000 and d.viewport.y > 0
    seen = []
    p.top.handle_pointer = lambda pe: seen.append(pe) or True
    p.click((480.0, 270.0))
    tap = next(e for e in seen if e.kind == "tap")
    assert abs(tap.pos[0] - 480) < 2 and abs(tap.pos[1] - 270) < 2
    pygame.quit()


def test_two_fingers_are_independent_pointers(player):
    seen = []
    player.top.handle_pointer = lambda pe: seen.append(pe) or True
    player.finger(pygame.FINGERDOWN, (300, 500), finger_id=0)
    player.finger(pygame.FINGERDOWN, (1500, 500), finger_id=1)
    player.frames(1)
    player.finger(pygame.FINGERMOTION, (1700, 700), finger_id=1)
    player.finger(pygame.FINGERUP, (300, 500), finger_id=0)
    player.finger(pygame.FINGERUP, (1700, 700), finger_id=1)
    player.frames(1)
    kinds = {(e.pid[2], e.kind) for e in seen}
    assert (0, "tap") in kinds and (1, "drag_end") in kinds and (1, "tap") not in kinds


def test_long_press_fires_once(player):
    seen = []
    player.top.handle_pointer = lambda pe: seen.append(pe.kind) or True
    pos = player.window_pos((800, 900))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    player.frames(60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    player.frames(1)
    assert seen.count("long_press") == 1 and "tap" not in seen


def test_tapping_an_unbuilt_game_explains_itself(player):
    tile = next((t for t in player.top.tiles if not t.playable), None)
    if tile is None:
        return
    player.click(tile.rect.center)
    assert "being built" in (player.app.toasts.current or "")


def test_tapping_a_playable_game_opens_its_seat_setup(player):
    tile = next((t for t in player.top.tiles if t.playable), None)
    if tile is None:
        return
    player.click(tile.rect.center)
    player.frames(40)
    assert isinstance(player.top, SeatSetupScene) and player.top.game_name == tile.game


def test_f3_toggles_the_frame_meter(player):
    player.key(pygame.K_F3)
    assert player.app.meter.visible
    player.frames(5)
    med, p99 = player.app.meter.stats()
    assert p99 >= med > 0


def test_kiosk_has_no_quit_ignores_escape_and_returns_to_the_title_when_idle():
    p = make_player(kiosk=True)
    assert "quit" not in p.top.buttons
    p.key(pygame.K_ESCAPE)
    assert p.app.running
    p.app.stack.push(SettingsScene(p.app))
    p.frames(2)
    for _ in range(130):
        p.frames(1, dt=1.0)
    p.frames(30)
    assert p.top.name == "title"
    pygame.quit()
