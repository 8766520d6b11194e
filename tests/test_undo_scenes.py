"""Undo at the Night Market and Stamp Swap tables, driven by real synthetic mouse, touch and key events:
the button appears by itself once a move can be taken back, a click or a tap restores the earlier
screen, Ctrl+Z says why not when the move revealed something, and the pass-the-device curtain lets
the mover take the move back before the next person sees anything."""

from __future__ import annotations

import pygame
import pytest

from game.match.clock import MatchClock
from game.match.guided import GuidedTable
from game.match.refusals import GUIDED_NO_UNDO
from game.scenes.curtain import CurtainScene
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.stamp_swap.scene import StampSwapScene
from game.scenes.undo import UndoCurtain
from game.shell.loop import FakeClock
from rules.contract import MatchConfig, SeatConfig
from rules.night_market.actions import Exchange, Sell, Take
from rules.registry import get_game
from rules.rng import Rng
from rules.stamp_swap.actions import Take as StampTake
from tests.conftest import make_player


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def _night_market(people: int = 1, seed: int = 11):  # type: ignore[no-untyped-def]
    p = make_player(size=(1280, 720))
    p.app.update_settings(seen_briefings=("night-market",))
    seats = (SeatConfig("Ada"), SeatConfig("Bo") if people == 2 else SeatConfig("Basil", "easy"))
    scene = NightMarketScene.new(p.app, MatchConfig(seats), seed, autosave=False)
    p.app.stack.reset(scene)
    p.frames(90)
    return p, scene


def _settle(p, scene, frames: int = 900) -> None:  # type: ignore[no-untyped-def]
    for _ in range(frames):
        if scene.view.turn == scene.viewer and not scene.anim.busy and p.top is scene and scene.turn_shown is not None:
            return
        p.frames(1)
    raise AssertionError("the table never came back to the viewer")


def _to_a_silent_move(p, scene):  # type: ignore[no-untyped-def]
    """Play takes until the viewer may exchange or sell (a move that reveals nothing); that move."""
    rng = Rng.seeded(5)
    for _ in range(40):
        _settle(p, scene)
        legal = scene.table.legal(scene.viewer)
        silent = [a for a in legal if isinstance(a, (Exchange, Sell))]
        if silent:
            return silent[0]
        action, rng = rng.choice([a for a in legal if isinstance(a, Take)] or list(legal))
        scene.play(action)
    raise AssertionError("no exchange or sale came up")


def test_night_market_undo_button_appears_by_itself_and_a_click_restores_the_screen():
    p, scene = _night_market()
    move = _to_a_silent_move(p, scene)
    p.frames(30)
    before_view, before_log = scene.view, list(scene.log_lines)
    before = p.app.display.canvas.copy()
    assert scene.undo_control.button is None  # the last move at the table is the Rival's
    scene.play(move)
    p.frames(1)  # no pointer motion: the button is there in the next frame
    assert scene.undo_control.button is not None and scene.undo_control.button.visible
    p.press_button(scene.undo_control.button, settle=60)
    assert scene.view == before_view and scene.log_lines == before_log
    assert scene.table.view(0) == before_view and scene.undo_control.button is None
    assert pygame.image.tobytes(p.app.display.canvas, "RGB") == pygame.image.tobytes(before, "RGB")


def test_night_market_ctrl_z_after_a_take_says_why_not_on_the_selection_line_and_changes_nothing():
    p, scene = _night_market()
    _settle(p, scene)
    take = next(a for a in scene.table.legal(0) if isinstance(a, Take))
    scene.play(take)
    p.frames(2)
    assert scene.undo_control.button is None
    view = scene.table.view(0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    p.frames(2)
    assert scene.line == "Can't undo. New cards came from the deck." and scene.line_is_problem
    assert p.app.toasts.current is None  # the selection line says it: no toast over the hand's card names
    assert scene.table.view(0) == view


def _ctrl(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))


def test_undo_remapped_to_u_answers_ctrl_u_and_no_longer_ctrl_z():
    p, scene = _night_market()
    p.app.update_settings(keys=("undo=u",))
    _settle(p, scene)
    scene.play(next(a for a in scene.table.legal(0) if isinstance(a, Take)))
    p.frames(2)
    _ctrl(pygame.K_z)
    p.frames(2)
    assert not scene.line_is_problem, "Ctrl+Z still asked for an undo after the remap"
    _ctrl(pygame.K_u)
    p.frames(2)
    assert scene.line == "Can't undo. New cards came from the deck." and scene.line_is_problem


@pytest.mark.slow
def test_night_market_pass_and_play_curtain_offers_the_mover_an_undo():
    p, scene = _night_market(people=2)
    p.top._go()  # Ada takes the device
    p.frames(60)
    move = _to_a_silent_move(p, scene)
    while isinstance(p.top, CurtainScene):
        p.top._go()
        p.frames(60)
        move = _to_a_silent_move(p, scene)
    mover, before = scene.viewer, scene.view
    scene.play(move)
    for _ in range(200):
        p.frames(1)
        if isinstance(p.top, CurtainScene):
            break
    assert isinstance(p.top, UndoCurtain) and p.top.take_back.text == f"Undo {scene.names[mover]}'s move"
    p.press_button(p.top.take_back, settle=60)
    assert p.top is scene and scene.viewer == mover and scene.view == before


def _stamp_swap():  # type: ignore[no-untyped-def]
    p = make_player(size=(1280, 720))
    p.app.update_settings(seen_briefings=("stamp-swap",))
    seats = (SeatConfig("Ada"), SeatConfig("Basil", "easy"), SeatConfig("Cy", "easy"))
    scene = StampSwapScene.new(p.app, MatchConfig(seats), 11, autosave=False)
    p.app.stack.reset(scene)
    p.frames(60)
    return p, scene


def test_stamp_swap_a_finger_tap_on_undo_puts_the_item_back_in_the_pool():
    p, scene = _stamp_swap()
    for _ in range(600):
        if scene.acting and not scene.busy:
            break
        p.frames(1)
    before = scene.table.view(0)
    face_up = next(a for a in scene.table.legal(0) if isinstance(a, StampTake) and not a.item.startswith("hidden-"))
    assert scene.act(face_up)
    p.frames(1)
    assert scene.undo_control.button is not None and scene.undo_control.button.visible
    p.tap_finger(scene.undo_control.button.rect.center)
    p.frames(30)
    assert scene.table.view(0) == before and scene.v == before and scene.acting
    assert face_up.item in [i["key"] for i in scene.v["pool"]] and scene.undo_control.button is None


def test_night_market_undo_button_is_alive_in_every_frame_undo_is_possible():
    """The table rebuilds its move buttons when a move lands; the Undo button must never be dead between frames."""
    p, scene = _night_market()
    scene.play(_to_a_silent_move(p, scene))
    alive = 0
    for _ in range(120):
        p.frames(1)
        button = scene.undo_control.button
        if scene.table.can_undo(0):
            assert button is not None and button.alive()
            alive += 1
        else:
            assert button is None
    assert alive > 10


def test_stamp_swap_pass_and_play_the_mover_takes_back_a_move_from_the_curtain():
    p = make_player(size=(1280, 720))
    p.app.update_settings(seen_briefings=("stamp-swap",))
    scene = StampSwapScene.new(p.app, MatchConfig((SeatConfig("Ada"), SeatConfig("Bo"))), 11, autosave=False)
    p.app.stack.reset(scene)
    for _ in range(300):
        if isinstance(p.top, CurtainScene):
            p.top._go()
        if scene.acting and not scene.busy and p.top is scene:
            break
        p.frames(1)
    mover, before = scene.viewer, scene.table.view(scene.viewer)
    face_up = next(a for a in scene.table.legal(mover) if isinstance(a, StampTake) and not a.item.startswith("hidden-"))
    assert scene.act(face_up)
    for _ in range(300):
        p.frames(1)
        if isinstance(p.top, CurtainScene):
            break
    assert isinstance(p.top, UndoCurtain) and scene.viewer is None  # nothing private shows behind it
    p.press_button(p.top.take_back, settle=30)
    assert p.top is scene and scene.viewer == mover and scene.acting
    assert scene.table.view(mover) == before and scene.v == before


def test_a_guided_match_offers_no_undo():
    table = GuidedTable(get_game("night-market"), MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "easy"))), 3,
                        MatchClock(FakeClock()), bot_threads=False)
    assert table.undo_reason(0) == GUIDED_NO_UNDO() and not table.can_undo(0)
