"""Swap Meet's jargon is explained where it appears: the stall's Bank words, a market meter under
the mouse, a summary row's "banked" or "slammed"."""

from __future__ import annotations

import pygame

from game.scenes.swap_meet.glossary import GLOSSARY, terms_in
from tests.test_swap_meet_news import HANDS
from tests.test_swap_meet_scene import start, tap, to_the_summary


def test_terms_are_found_in_their_forms():
    assert terms_in("You banked 3 Crates: 30; +10 for locking") == ["bank", "lock"]
    assert terms_in("Basil slammed 6 Racks") == ["slam"]


def test_a_tap_on_the_bank_words_says_bank_then_pin():
    p, scene = start(hands=HANDS)
    tap(p, scene, ("term", "bank"))
    assert scene.regions[0].model.alert == (GLOSSARY["bank"], False)
    tap(p, scene, ("term", "bank"))
    assert scene.regions[0].model.alert == (GLOSSARY["pin"], False)
    pygame.quit()


def test_the_mouse_resting_on_a_market_meter_says_what_heat_is():
    p, scene = start(hands=HANDS)
    pos = scene.market.cells["coin"].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p.window_pos(pos), rel=(1, 1), buttons=(0, 0, 0)))
    p.frames(2)
    assert scene.regions[0].model.alert == (GLOSSARY["heat"], False)
    pygame.quit()


def test_a_tap_on_a_summary_row_says_its_jargon():
    p, scene = start(hands=HANDS, round_seconds=60)
    p.clock.advance(61)
    summary = to_the_summary(p)
    p.frames(1)
    box, words = summary.rows[0]
    assert "banked" in words
    p.click(box.center)
    assert summary.term_line == GLOSSARY["bank"]
    pygame.quit()
