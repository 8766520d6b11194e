"""A bot holds its reply for a short, visible grace while the person's fresh move can be taken back:
the Undo button shows a draining bar, a click on it in that time takes the move back, and anything
else the person does (a tap on the table) ends the grace so the bot replies."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.undo import GRACE, GraceBar
from tests.test_undo_scenes import _night_market, _to_a_silent_move


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def _moved(p):  # type: ignore[no-untyped-def]
    """A table where the person (seat 0) just made a move that revealed nothing; the view before it."""
    p_, scene = p
    move = _to_a_silent_move(p_, scene)
    p_.frames(30)
    before = scene.table.view(0)
    scene.play(move)
    p_.frames(1)
    return scene, before


def test_the_bot_waits_out_the_grace_and_a_click_on_undo_near_its_end_takes_the_move_back():
    p, scene = _night_market()
    scene, before = _moved((p, scene))
    grace = scene.undo_control.grace
    assert isinstance(grace, GraceBar) and grace in scene.movers
    button = scene.undo_control.button
    assert button is not None and button.visible and grace.full.top >= button.rect.bottom  # under it
    widths, said = [], set()
    while scene.undo_control.holding() and grace.left(scene.table.now()) > 0.25:  # nearly the whole grace
        p.frames(1)
        widths.append(grace.share())
        said.add(scene.line if scene.turn_shown is not None else "")  # once the move has landed
        assert scene.table.can_undo(0) and scene.table.view(None).turn == 1  # the Rival has not replied
        assert len(widths) < GRACE * 60
    assert said - {""} == {"Basil waits a moment: you can still undo your move."} and scene.thinking is None
    assert widths == sorted(widths, reverse=True) and widths[0] > 0.9 and widths[-1] < 0.15  # it drains
    assert scene.undo_control.holding()
    p.press_button(scene.undo_control.button, settle=60)
    assert scene.table.view(0) == before and scene.view == before
    assert scene.undo_control.button is None and scene.undo_control.grace is None and grace not in scene.movers


def test_after_the_grace_the_bar_is_gone_and_the_bot_replies():
    p, scene = _night_market()
    scene, _ = _moved((p, scene))
    grace = scene.undo_control.grace
    p.frames(int(GRACE * 60) + 2)
    assert scene.undo_control.grace is None and grace not in scene.movers
    assert scene.line == "Basil is choosing a move..."
    for _ in range(600):
        if not scene.table.can_undo(0):
            break
        p.frames(1)
    assert scene.table.view(None).turn == 0 and scene.undo_control.button is None  # the Rival replied


def test_a_tap_on_the_table_ends_the_grace_at_once():
    p, scene = _night_market()
    scene, _ = _moved((p, scene))
    assert scene.undo_control.holding()
    p.click((960, 700))  # between the market and the hand: the person has moved on
    assert scene.undo_control.grace is None and not scene.undo_control.holding()
    assert scene.undo_control.button is not None  # Undo itself stays until the Rival replies
