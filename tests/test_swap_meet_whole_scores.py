"""Scores are whole numbers wherever a player reads them (the rules keep exact fractions)."""

from __future__ import annotations

import re
from fractions import Fraction

import pygame

from game.scenes.swap_meet.model import points, score_sentence
from rules.swap_meet.scenario import scenario
from rules.swap_meet.state import StallScore
from rules.words import whole
from tests.test_swap_meet_news import HANDS
from tests.test_swap_meet_scene import start, to_the_summary


def test_whole_rounds_halves_up_and_points_says_it_plain():
    assert [whole(x) for x in (161.8, 96.5, 96.4, -2.5, 0)] == [162, 97, 96, -2, 0]
    assert points(Fraction(809, 5)) == "162"


def test_a_contract_score_sentence_reads_whole_points():
    row = StallScore(0, "contract", Fraction(9680, 100), None, 8, Fraction(11, 10), 0, 88, 0, "Dockside Haul")
    assert score_sentence(row, "Basil").endswith("base 88 × 1.10 market = 97")


def test_the_summary_and_the_market_draw_no_fractional_score():
    p, scene = start(hands=HANDS, round_seconds=60)
    heated = {"crate": Fraction(23, 20), "sack": Fraction(23, 20), "rack": Fraction(21, 20)}  # 3 × 1.15 × 10 = 34.5
    scene.table.load_position(scenario(HANDS, now=scene.table.now(), round_seconds=60, market=heated))
    scene.on_events([])
    p.frames(2)
    scene.market.paint(pygame.Surface((1920, 1080)))
    assert scene.market.preview["crate"] == 9.5  # exact in the rules: 34.5 less 5 per extra card
    p.clock.advance(61)
    to_the_summary(p, at=(960, 100))
    said: list[str] = []
    draw = p.app.text.draw
    p.app.text.draw = lambda canvas, words, *a, **k: (said.append(words), draw(canvas, words, *a, **k))[1]
    p.top.draw_scene(pygame.Surface((1920, 1080)))
    scene.market.paint(pygame.Surface((1920, 1080)))
    cells = [w for w in said if re.fullmatch(r"[+\-−]?\d+(\.\d+)?", w)]  # score cells, not "1." places
    assert cells and all("." not in w for w in cells), cells
    pygame.quit()
