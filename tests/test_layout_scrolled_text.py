"""A long pygame-gui text box (Game info's full log) wraps left of its scroll bar: the layout
check marks its text there, so the bar is not reported as covering the words."""

from __future__ import annotations

import pygame

from game.draw.layout_record import judge, widget_marks
from game.scenes.night_market.overlays import GameInfoScene


def test_a_scrolled_log_is_not_covered_by_its_own_scroll_bar(player):
    info = GameInfoScene(player.app, [("Market", "")], [f"Basil offers {n} Crates" for n in range(80)])
    player.app.stack.push(info)
    player.frames(3)
    bar = info.log_box.scroll_bar
    assert bar is not None and bar.visible  # long enough to scroll
    marks = widget_marks(info.ui)
    text = next(m for m in marks if m.kind == "text")
    assert text.rect.right <= bar.rect.x
    assert not [p for p in judge(marks) if p.kind == "covered"]
    pygame.quit()
