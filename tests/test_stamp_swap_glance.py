"""Stamp Swap at a glance: the token tile shows today's value, stamps to place are drawn at their real
proportions, and the Show's rows never overlap whatever a seat holds."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.stamp_swap.input import token_lines
from tests.conftest import make_player
from tests.test_stamp_swap_helpers import fresh, with_splay
from tests.test_stamp_swap_scene import seats, start


@pytest.fixture
def p():
    """A headless player who has already read the briefing."""
    player = make_player()
    player.app.update_settings(seen_briefings=("stamp-swap",))
    yield player
    pygame.quit()


def _differs(a: pygame.Surface, b: pygame.Surface) -> tuple[int, int]:
    """A point where two same-size pictures differ and both are opaque."""
    for y in range(a.get_height() - 1, 0, -1):
        for x in range(a.get_width()):
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            if pa != pb and pa.a == 255 and pb.a == 255:
                return x, y
    raise AssertionError("the pictures are the same")


@pytest.mark.parametrize(("event", "points"), [("ev-token", 4), ("ev-quiet", 2)])
def test_the_pool_token_tile_and_its_details_show_what_it_scores_today(p, event, points):
    state = fresh(2)
    scene = start(p, seats(None, "easy"), state=with_splay(state, (event, *state.splay[1:])))
    token = scene.lay.zones["token"]
    shown, other = scene.art.token(token.w, points), scene.art.token(token.w, 6 - points)
    x, y = _differs(shown, other)
    assert p.app.display.canvas.get_at((token.x + x, token.y + y)) == shown.get_at((x, y))
    assert scene.details_at(token.center)[0]["lines"] == token_lines(points)
    assert f"+{points} points" in token_lines(points)[1]
