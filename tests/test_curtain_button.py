"""The pass-and-play curtain's ready button fits its label at every window size and for long names."""

from __future__ import annotations

import pygame
import pytest

from game.draw.ui import label_fits
from game.scenes.curtain import PANEL, CurtainScene
from tests.conftest import make_player


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_ready_button_fits_its_label(size):
    p = make_player(size=size)
    try:
        for name in ("Player 1", "Player 12", "Bartholomew the Magnificent of the Night Market"):
            curtain = CurtainScene(p.app, name, ["Basil sold 2 Pearls."], lambda: None)
            p.app.stack.push(curtain)
            p.frames(2)
            ready = curtain.ready
            assert label_fits(ready), (name, ready.text, ready.rect)
            assert PANEL.contains(ready.rect) and ready.rect.centerx == PANEL.centerx
            p.app.stack.pop()
        assert "Player 1" in CurtainScene(p.app, "Player 1", [], lambda: None).ready.text
    finally:
        pygame.quit()


def test_a_long_recap_line_is_drawn_smaller_rather_than_past_the_panel():
    p = make_player(size=(1280, 720))
    try:
        long = "Basil took Ann's Pile B with Red Ship 1x3, Gilt Tower, a face-down stamp and the first-player token"
        curtain = CurtainScene(p.app, "Ann", ["Basil sold 2 Pearls.", long], lambda: None)
        assert curtain._line_size("Basil sold 2 Pearls.") == 28
        size = curtain._line_size(long)
        assert size < 28
        assert PANEL.x + 100 + p.app.text.render("· " + long, size).get_width() <= PANEL.right - 80 or size == 20
    finally:
        pygame.quit()


def test_the_ready_button_looks_whole_in_its_very_first_frame():
    """Widened for its label, it is drawn rounded and bordered at once (not square and bare for a frame)."""
    p = make_player(size=(1920, 1080))
    try:
        curtain = CurtainScene(p.app, "Player 2", ["Player 1: Took a Pearl."], lambda: None)
        p.app.stack.push(curtain)
        p.frames(1)
        area = curtain.ready.rect.inflate(8, 8)
        assert curtain.ready.rect.w > 520  # the label asked for more than the least width
        first = pygame.image.tobytes(p.app.display.canvas.subsurface(area), "RGB")
        p.frames(30)
        assert pygame.image.tobytes(p.app.display.canvas.subsurface(area), "RGB") == first
    finally:
        pygame.quit()
