"""The round summary waits for the people at the device: no countdown alone against bots, and
each person's own Next in table mode; the guided match never deals a round by itself."""

from __future__ import annotations

import pygame

from game.scenes.swap_meet.summary import SummaryOverlay
from tests.test_swap_meet_scene import HANDS, start


def said_on(p) -> list[str]:  # type: ignore[no-untyped-def]
    """Every string the top scene draws in one frame."""
    said: list[str] = []
    draw = p.app.text.draw
    p.app.text.draw = lambda canvas, words, *a, **k: (said.append(words), draw(canvas, words, *a, **k))[1]
    p.top.draw_scene(pygame.Surface((1920, 1080)))
    p.app.text.draw = draw
    return said


def lock_round(p, scene) -> SummaryOverlay:  # type: ignore[no-untyped-def]
    """Run the round clock out and wait for the summary's table (bounded: fails saying so)."""
    p.clock.advance(scene.view.deadline - scene.table.now() + 1)
    for _ in range(600):
        p.frames(1)
        if isinstance(p.top, SummaryOverlay) and p.top.stage == "summary":
            return p.top
        if isinstance(p.top, SummaryOverlay):
            p.click((960, 100))  # a tap cuts the lock moment short
    raise AssertionError("the round summary never showed its score table")


def test_alone_against_bots_the_summary_stays_however_long_and_one_next_deals():
    p, scene = start(hands=HANDS, round_seconds=60)
    summary = lock_round(p, scene)
    for _ in range(5):  # ten minutes of the real loop's clock
        p.clock.advance(120)
        p.frames(1)
    assert p.top is summary and scene.table.view(0).round_no == 1
    said = said_on(p)
    assert not any(w.startswith("Next round in") for w in said), said
    assert scene.next_round_in() is None
    p.press_button(summary.buttons["next"])
    assert scene.table.view(0).round_no == 2 and p.top is scene
    assert not scene.table.paused  # the clock runs again for the new round
    pygame.quit()


def test_in_table_mode_each_person_presses_next_and_the_summary_says_who_is_left():
    p, scene = start(humans=2, seats=4, hands=HANDS, round_seconds=60)
    summary = lock_round(p, scene)
    assert "next" not in summary.buttons and {"next:0", "next:1"} <= set(summary.buttons)
    p.clock.advance(600)
    p.frames(2)
    assert p.top is summary
    p.press_button(summary.buttons["next:1"])
    assert scene.table.view(0).round_no == 1 and p.top is summary
    assert any(w == "Waiting for Player 1" for w in said_on(p))
    assert not summary.buttons["next:1"].is_enabled
    p.tap_finger(summary.buttons["next:0"].rect.center)  # a finger works as well as a mouse
    p.frames(3)
    assert scene.table.view(0).round_no == 2 and p.top is scene
    pygame.quit()
