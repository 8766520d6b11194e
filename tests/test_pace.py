"""Pace: the animation speed every animation reads through one place, and bot moves shown at once."""

from __future__ import annotations

import pytest

from game.draw.anim import Animator, Tween, linear, time_scale
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.settings import SettingsScene
from game.services import settings as settings_mod
from rules.contract import MatchConfig, SeatConfig
from tests.support import wait_until


class Box:
    x = 0.0


def _frames_to_finish(speed: float) -> int:
    box, anim, frames = Box(), Animator(time_scale(False, speed)), 0
    anim.add(Tween(box, "x", 10.0, 0.6, linear))
    while anim.busy:
        anim.update(1 / 60)
        frames += 1
    assert box.x == 10.0
    return frames


def test_a_tween_takes_half_as_long_at_2x_and_twice_as_long_at_half_speed():
    assert _frames_to_finish(1.0) == 36
    assert _frames_to_finish(2.0) == 18
    assert _frames_to_finish(0.5) == 72
    assert time_scale(True, 2.0) == pytest.approx(0.125)  # reduced motion stacks with it


def test_the_settings_rows_set_and_keep_the_animation_speed_and_skip(player):
    player.app.stack.push(SettingsScene(player.app))
    player.frames(2)
    scene = player.top
    two = next(b for b, s in scene.pace.speeds.items() if s == 2.0)
    player.press_button(two)
    player.press_button(scene.pace.skip)
    assert player.app.settings.animation_speed == 2.0 and player.app.settings.skip_bot_moves
    assert scene.anim.speed == 0.5 and scene.anim.skip_bots  # every scene's animator reads it at once
    assert "#toggle_on" in two.object_ids and scene.pace.skip.text == "On"
    kept, problem = settings_mod.load()
    assert problem is None and kept.animation_speed == 2.0 and kept.skip_bot_moves


def test_a_damaged_animation_speed_is_refused_for_the_default():
    settings, refused = settings_mod.from_json({"animation_speed": 3, "skip_bot_moves": "yes"})
    assert refused == ["animation_speed", "skip_bot_moves"] and settings.animation_speed == 1.0


@pytest.mark.parametrize("skip", [True, False])
def test_a_bot_move_with_skip_lands_with_no_animation_frames(player, skip):
    p = player
    p.app.update_settings(seen_briefings=("night-market",), skip_bot_moves=skip, bot_speed="fast",
                          reduced_motion=True, animation_speed=2.0)  # a quick deal: the bot moves first
    scene = NightMarketScene.new(p.app, MatchConfig((SeatConfig("Basil", "easy"), SeatConfig("Ada"))), 11)
    p.app.stack.reset(scene)
    busy_after: list[bool] = []
    absorb = scene.absorb

    def watched(events):  # type: ignore[no-untyped-def]
        absorb(events)
        if scene.by_bot(events):
            busy_after.append(scene.anim.busy)  # what the frame drawn next shows: still flying or landed
    scene.absorb = watched  # type: ignore[method-assign]
    wait_until(lambda: busy_after, "the bot's first move", p.frames)
    assert busy_after == [not skip]
