"""The F3 frame meter sits in a corner clear of titles and buttons on every screen it is opened over."""

from __future__ import annotations

import pygame
import pytest

from game.draw.ui import button
from game.scenes.help import HelpScene
from game.scenes.night_market.overlays import MenuScene
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.settings import SettingsScene
from game.shell.display import LOGICAL_H
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import make_player


def widgets(player) -> list[pygame.Rect]:  # type: ignore[no-untyped-def]
    return player.app._widget_rects()


def open_table(app) -> None:  # type: ignore[no-untyped-def]
    app.update_settings(seen_briefings=("night-market",))
    app.stack.reset(NightMarketScene.new(app, MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "easy"))), 3))


def select_porters(app) -> None:  # type: ignore[no-untyped-def]
    open_table(app)
    scene = app.stack.top
    scene.tap_market(next(c for c, k in scene.view.market if k == "porter"))  # Take and Clear buttons appear


SCREENS = {
    "title": lambda app: None,
    "settings": lambda app: app.stack.push(SettingsScene(app)),
    "how_to_play": lambda app: app.stack.push(HelpScene.how_to_play(app)),
    "night_market": open_table,
    "night_market_selection": select_porters,
    "night_market_menu": lambda app: (open_table(app), app.stack.push(MenuScene(app, {"quit": lambda: None}))),
}


@pytest.mark.slow
@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_meter_covers_no_button_and_stays_below_the_titles(screen, size):
    player = make_player(size=size)
    SCREENS[screen](player.app)
    player.frames(30)
    player.key(pygame.K_F3)
    player.frames(3)
    meter = player.app.meter
    assert meter.visible and (widgets(player) or screen == "night_market")
    assert meter.rect.collidelist(widgets(player)) < 0
    assert meter.rect.top > LOGICAL_H - 60  # a bottom corner: every screen's title is at its top
    pygame.quit()


def test_a_button_in_its_corner_sends_the_meter_to_the_next_corner_and_the_screen_redraws():
    player = make_player()
    player.key(pygame.K_F3)
    player.frames(2)
    meter = player.app.meter
    first = meter.rect.copy()
    scene = player.top
    redraws: list[int] = []
    invalidate = player.app.invalidate_all
    player.app.invalidate_all = lambda: (redraws.append(1), invalidate())
    button(scene.ui, first.inflate(20, 20), "In the way")
    player.frames(2)
    assert meter.rect != first and meter.rect.collidelist(widgets(player)) < 0
    assert redraws == [1]  # once, to repaint the corner it left
    pygame.quit()
