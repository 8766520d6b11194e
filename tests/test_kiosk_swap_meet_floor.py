"""The kiosk's Swap Meet demo shows a living floor: every bot's stall as a row, offers on their
counters, swaps floating in the taker's row; and no kiosk name is also a good, resource or stamp."""

from __future__ import annotations

import pygame
import pytest

from game.kiosk.attract import DEMO_NAMES, demo_config
from game.kiosk.config import KioskConfig
from game.scenes.swap_meet.scene import SwapMeetScene
from rules.errors import IllegalAction
from rules.night_market.data import GOODS, PORTER
from rules.stamp_swap.stamps import COLOURS, THEMES
from rules.swap_meet.actions import OpenOffer, Swap
from rules.swap_meet.data import RESOURCES
from tests.conftest import make_player


def try_act(scene, seat: int, action) -> bool:  # type: ignore[no-untyped-def]
    """A bot's move as the test scripts it; False when the rules refuse it."""
    try:
        scene.table.scripted(seat, action)
    except IllegalAction:
        return False
    return True


def test_no_kiosk_bot_is_named_after_a_good_a_resource_or_a_stamp():
    things = {w.lower() for w in (*GOODS, PORTER, *RESOURCES, *COLOURS, *THEMES)}
    assert not [n for n in DEMO_NAMES if n.lower() in things or n.lower().rstrip("s") in things]


@pytest.mark.slow
def test_the_demo_lays_out_every_stall_and_shows_offers_and_swaps():
    p = make_player()
    p.app.update_settings(seen_briefings=("swap-meet",))
    scene = SwapMeetScene.new(p.app, demo_config("swap-meet", KioskConfig()), 3, autosave=False)
    p.app.stack.reset(scene)
    scene.table.bots = {}
    p.frames(2)
    assert scene.floor is not None and not scene.regions
    assert set(scene.floor.rival_rects) == set(range(scene.view.seats))
    rows = sorted(scene.floor.rival_rects.values(), key=lambda r: r.y)
    assert all(a.bottom <= b.y for a, b in zip(rows, rows[1:]))  # one row each, none on another
    kind = next(k for k in RESOURCES if try_act(scene, 1, OpenOffer(k, 1)))
    p.frames(2)
    assert scene.floor_rows[1].offer == (kind, 1)
    offer = scene.table.view(None).offers[1].id
    assert any(try_act(scene, 2, Swap(1, k, offer)) for k in RESOURCES if k != kind)
    p.frames(3)
    assert any(getattr(m, "key", ("",))[0] == "fly" for m in scene.movers)  # cards fly between the rows
    assert any(getattr(m, "key", ("",))[0] == "label" for m in scene.movers)
    p.frames(60)
    assert scene.table.view(None).market[kind] > 1 and scene.market.shown[kind] > 1  # the market heats
    pygame.quit()
