"""What a kiosk visitor meets: short how-to cards with a picture, a "Tap to play" banner that keeps
off the demo's rows, and a title without Play online or Settings (the operator's menu keeps them)."""

from __future__ import annotations

import pygame
import pytest

from game.kiosk.attract import BANNER, demo_config, howto_card
from game.kiosk.config import KioskConfig
from game.scenes.swap_meet.layout import SOLO_PANEL
from game.scenes.swap_meet.scene import SwapMeetScene
from game.shell import catalog
from tests import test_kiosk as base
from tests.conftest import make_player

kiosk, kiosk_file = base.kiosk, base.kiosk_file  # the same fixtures as the kiosk tests


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def test_every_how_to_card_is_short_has_a_picture_and_fits():
    p = make_player()
    for entry in catalog.entries():
        assert len(entry.cards) >= 2, entry.name
        for page in range(len(entry.cards)):
            card = howto_card(p.app, entry.name, page)
            lines, fits = card.placed()
            assert card.picture is not None and fits, (entry.name, page)
            assert len([line for line in lines if line[1] == 44]) <= 3  # a sentence or two, never a page of rules


def test_the_swap_meet_demo_keeps_its_rows_off_the_banner():
    p = make_player()
    p.app.update_settings(seen_briefings=("swap-meet",))
    scene = SwapMeetScene.new(p.app, demo_config("swap-meet", KioskConfig(seats={"swap-meet": 6})), 3, autosave=False)
    p.app.stack.reset(scene)
    p.frames(2)
    rows = [r.move(SOLO_PANEL.topleft) for r in scene.floor.rival_rects.values()]
    assert len(rows) == 6 and any(r.colliderect(BANNER) for r in rows)  # without the kiosk the floor is all rows
    scene.keep_clear_of(BANNER)
    p.frames(2)
    rows = [r.move(SOLO_PANEL.topleft) for r in scene.floor.rival_rects.values()]
    assert len(rows) == 6 and not any(r.colliderect(BANNER) for r in rows)
    assert all(a.bottom <= b.y for a, b in zip(sorted(rows, key=lambda r: r.y), sorted(rows, key=lambda r: r.y)[1:]))


def test_the_attract_loop_gives_its_demo_the_banner_to_keep_clear(kiosk):
    a = kiosk.app.kiosk.attract
    base.idle(kiosk, 7)
    assert a.active and kiosk.top.keep_clear is not None and kiosk.top.keep_clear.contains(BANNER)


def _labels(scene) -> list[str]:  # type: ignore[no-untyped-def]
    return [b.text for b in scene.ui.get_sprite_group().sprites() if hasattr(b, "text") and b.visible]


def test_the_kiosk_title_offers_visitors_no_online_play_or_settings(kiosk):
    labels = _labels(kiosk.top)
    assert "How to play" in labels and "Play online" not in labels and "Settings" not in labels


def test_the_operator_menu_keeps_play_online_and_settings(kiosk):
    kiosk.app.kiosk.open_menu()  # what the right PIN opens (the gesture and the pad: test_kiosk_operator.py)
    kiosk.frames(2)
    menu = kiosk.top
    assert {"Play online", "Settings"} <= set(_labels(menu))
    settings = next(b for b, a in menu.actions.items() if a[0] == "settings")
    kiosk.press_button(settings)
    assert kiosk.top.name == "settings"
    kiosk.key(pygame.K_ESCAPE)
    _wait_for(kiosk, "kiosk_menu")
    online = next(b for b, a in menu.actions.items() if a[0] == "online")
    kiosk.press_button(online)
    _wait_for(kiosk, "online")


def _wait_for(p, name: str) -> None:  # type: ignore[no-untyped-def]
    """Frames until `name` is the top scene and no fade runs (bounded: 600 frames)."""
    for _ in range(600):
        if p.top.name == name and p.app._fade is None:
            return
        p.frames(1, dt=0.1)  # a fade is over in a few frames
    raise AssertionError(f"waited for the {name} screen; the top is {p.top.name}")


def test_a_visitors_typed_name_is_forgotten_when_they_go(kiosk):
    kiosk.app.update_settings(player_names=("Mira",))
    kiosk.app.kiosk.reset_visitor()
    assert kiosk.app.settings.player_names == ()
