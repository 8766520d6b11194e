"""Action cards explain themselves on the floor: a tap on the card says what it does; its button
first shows the preview (a sheet for one person, the hint line and a second tap in table mode),
and what the preview said is what the rules then do."""

from __future__ import annotations

import pygame

from game.scenes.confirm import ConfirmScene
from game.scenes.swap_meet.preview import ACTION_LINE
from tests.test_swap_meet_scene import start, tap

HANDS = [{"crate": 3, "sack": 3, "coin": 1, "rack": 1, "market_crash": 1, "tax_audit": 1, "hostile_takeover": 1},
         {"sack": 4, "coin": 2, "rack": 2},
         {"coin": 4, "rack": 4},
         {"rack": 3, "crate": 3, "sack": 2}]


def choice(sheet: ConfirmScene, label: str):  # type: ignore[no-untyped-def]
    return next(b for b in sheet.choices if b.text == label)


def test_a_crash_shows_its_meter_move_before_it_is_played_and_the_rules_then_make_it():
    p, scene = start(hands=HANDS)
    tap(p, scene, ("button", "crash:coin"))
    sheet = p.top
    assert isinstance(sheet, ConfirmScene) and sheet.title == "Market Crash on Coin?"
    assert sheet.lines == [ACTION_LINE["market_crash"], "Coin market: 1.00× now, 0.50× after"]
    assert scene.table.view(0).market["coin"] == 1.0  # not played yet
    p.press_button(choice(sheet, "Play it"))
    assert p.top is scene and scene.table.view(0).market["coin"] == 0.5
    pygame.quit()


def test_an_audit_previews_every_loss_and_cancel_plays_nothing():
    p, scene = start(hands=HANDS)
    tap(p, scene, ("button", "audit"))
    sheet = p.top
    assert isinstance(sheet, ConfirmScene)
    assert "You lose 1 random card: Crate or Sack or Coin or Rack." in sheet.lines
    assert "Basil, Cobalt and Dune each lose 1 random card." in sheet.lines
    p.press_button(choice(sheet, "Cancel"))
    assert p.top is scene and sum(scene.table.view(0).counts().values()) == 8
    tap(p, scene, ("button", "audit"))
    p.press_button(choice(p.top, "Play it"))
    assert sum(scene.table.view(0).counts().values()) == 7 and scene.table.view(0).resource_counts[1:] == (7, 7, 7)
    pygame.quit()


def test_a_tap_on_an_action_card_says_what_it_does():
    p, scene = start(hands=HANDS)
    tap(p, scene, ("info", "tax_audit"))
    assert scene.regions[0].model.alert == (ACTION_LINE["tax_audit"], False)
    assert p.top is scene
    pygame.quit()


def test_in_table_mode_the_preview_is_in_the_hint_line_and_a_second_tap_plays_it():
    hands = [HANDS[0], dict(HANDS[1], hostile_takeover=1)] + HANDS[2:]
    p, scene = start(humans=2, hands=hands)
    for region in scene.regions:  # each person holds the peek tab: cards face up
        region.reveal_until = scene.time + 60
    scene.refresh()
    p.frames(40)
    tap(p, scene, ("button", "takeover"), region=1)
    alert = scene.regions[1].model.alert
    assert alert is not None and "loses 1 random resource to Player 2" in alert[0] and "Tap again" in alert[0]
    assert scene.table.view(1).counts() == {"sack": 4, "coin": 2, "rack": 2, "crate": 0}
    tap(p, scene, ("button", "takeover"), region=1)
    assert sum(scene.table.view(1).counts().values()) == 9
    pygame.quit()
