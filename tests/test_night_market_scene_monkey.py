"""Monkey test on the Night Market table: thousands of random taps, drags and keys, several fingers."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.night_market.scene import NightMarketScene
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import make_player
from tests.test_monkey_shell import monkey


@pytest.mark.parametrize("people", [1, 2])
def test_monkey_survives_the_night_market_table(monkeypatch, people):
    player = make_player(size=(1280, 720))
    player.app.update_settings(seen_briefings=("night-market",), bot_speed="fast")
    seats = (SeatConfig("Ada"), SeatConfig("Bo") if people == 2 else SeatConfig("Basil", "easy"))
    player.app.stack.reset(NightMarketScene.new(player.app, MatchConfig(seats), 20 + people))
    player.frames(2)
    monkey(player, seed=people * 101, events=3000)
    assert player.app.stack.top is not None
    pygame.quit()
