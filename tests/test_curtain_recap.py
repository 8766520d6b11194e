"""The pass-and-play curtain's "Since your last turn" says what the others did, never the reader's own moves."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.curtain import CurtainScene
from game.scenes.match import Recap
from game.scenes.night_market.scene import NightMarketScene
from rules.contract import Event, MatchConfig, SeatConfig
from rules.night_market.bot.levels import make_bot
from tests.conftest import make_player
from tests.test_stamp_swap_scene import seats, start, take


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


class _History:
    """A table that only has a public history."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def history(self, viewer):  # type: ignore[no-untyped-def]
        return list(self.events)


def test_recap_skips_the_seats_own_moves_and_starts_after_its_last_one():
    table = _History()
    recap = Recap(table, lambda e: f"{'Ada' if e.seat == 0 else 'Bo'} {e.kind}" if e.seat is not None else e.kind)
    recap.seen_all((0, 1))
    table.events += [Event("took", 0), Event("sold", 1), Event("round_started")]
    assert recap.since(0) == ["Bo sold", "round_started"]  # Ada's own take is not told back to her
    assert recap.since(1) == ["round_started"]  # only what came after Bo's own last move
    table.events.append(Event("took", 0))
    assert recap.since(0) == []
    assert recap.since(1) == ["round_started", "Ada took"]
    recap.seen(1)
    assert recap.since(1) == []


def test_night_market_pass_and_play_curtain_lists_only_the_other_players_moves():
    p = make_player(size=(1280, 720))
    p.app.update_settings(seen_briefings=("night-market",))
    scene = NightMarketScene.new(p.app, MatchConfig((SeatConfig("Ada"), SeatConfig("Bo"))), 11, autosave=False)
    p.app.stack.reset(scene)
    p.frames(60)
    curtains = 0
    for _ in range(400):
        top = p.top
        if isinstance(top, CurtainScene):
            other = scene.names[1 - scene.table.view(None).turn]
            reader = top.player
            assert top.recap or curtains == 0, "after the first turn the curtain says what happened"
            assert all(not line.startswith(f"{reader}:") for line in top.recap), top.recap
            assert curtains == 0 or any(line.startswith(f"{other}:") for line in top.recap), top.recap
            curtains += 1
            if curtains == 5:
                return
            p.press_button(top.ready, settle=30)
        elif top is scene and scene.view.turn == scene.viewer and not scene.anim.busy:
            action = make_bot("easy", scene.viewer, 11).choose(scene.view, scene.table.legal(scene.viewer))
            scene.play(action)
            p.frames(5)
        else:
            p.frames(5)
    raise AssertionError(f"only {curtains} curtains")


def test_stamp_swap_curtain_back_to_the_first_person_tells_only_the_seconds_take():
    p = make_player(size=(1280, 720))
    p.app.update_settings(seen_briefings=("stamp-swap",))
    scene = start(p, seats(None, None))
    first = scene._target()
    p.press_button(p.top.ready)
    take(p, scene, scene.v["pool"][0]["key"])
    p.frames(60)
    assert isinstance(p.top, CurtainScene)
    p.press_button(p.top.ready)
    take(p, scene, scene.v["pool"][0]["key"])
    p.frames(60)
    assert isinstance(p.top, CurtainScene) and p.top.player == scene.names[first]
    mine, theirs = scene.names[first], scene.names[1 - first]
    assert any(line.startswith(f"{theirs} took") for line in p.top.recap), p.top.recap
    assert not any(line.startswith(f"{mine} ") for line in p.top.recap), p.top.recap
