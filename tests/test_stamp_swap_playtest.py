"""Stamp Swap fixes from playing whole matches by mouse: toasts in a lane of their own, the album
beside the split and the pile choices, a press held before a drag."""

from __future__ import annotations

import pygame
import pytest

from game.layout_record import judge, recording
from game.layout_walk import record_frame
from game.scenes.stamp_swap.layout import HEAD, fit_centre
from rules.stamp_swap.state import Placement
from tests.conftest import make_player
from tests.test_stamp_swap_helpers import show_state
from tests.test_stamp_swap_scene import _stamp, centre_of, mouse_drag, seats, start


@pytest.fixture
def p():
    """A headless player who has already read the briefing."""
    player = make_player()
    player.app.update_settings(seen_briefings=("stamp-swap",))
    yield player
    pygame.quit()


def test_a_refused_drop_explains_itself_on_the_prompt_line_over_no_other_text():
    with recording():
        player = make_player()
        player.app.update_settings(seen_briefings=("stamp-swap",))
        try:
            key, first = _stamp(1, 1), _stamp(1, 1, avoid=(_stamp(1, 1),))
            state = show_state(2, [(key, _stamp(2, 1)), ()], album=[(Placement(first, 0, 0),), ()])
            scene = start(player, seats(None, "easy"), state=state)
            mouse_drag(player, centre_of(scene, key), fit_centre(0, 0, 1, 1))  # onto the stamp already there
            assert "does not fit" in (player.app.toasts.current or "")
            marks = record_frame(player.app)
            problems = judge(marks)
        finally:
            pygame.quit()
    toast = [m for m in marks if m.kind == "text" and "does not fit" in m.words]
    assert toast and HEAD.contains(toast[0].rect)
    assert not [m for m in marks if m.kind == "text" and m.words == scene.prompt()[0]]  # the prompt gave way
    assert problems == []
