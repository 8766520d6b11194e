"""The pass-and-play curtain's ready button fits its label at every window size and for long names."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.curtain import PANEL, CurtainScene
from game.ui import label_fits
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
