"""Stamp Swap at a glance: the token tile shows today's value, stamps to place are drawn at their real
proportions, and the Show's rows never overlap whatever a seat holds."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.scenes.stamp_swap.art import shape_words
from game.scenes.stamp_swap.centre import banner_rect, reserve_rule
from game.scenes.stamp_swap.input import token_lines
from game.scenes.stamp_swap.layout import (
    ALBUM,
    ATTENDEE_MIN,
    PENDING,
    TRAY,
    attendee_row,
    fit_centre,
    pack_tray,
)
from rules.stamp_swap import GAME
from rules.stamp_swap.cards import ATTENDEE_IDS
from tests.conftest import make_player
from tests.test_stamp_swap_helpers import PLAIN, fresh, prep_state, show_state, with_splay
from tests.test_stamp_swap_scene import _stamp, mouse_drag, seats, start


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


def test_stamps_to_place_are_drawn_at_their_real_proportions_and_keep_their_places(p):
    shapes = [(1, 3), (3, 1), (2, 2), (1, 1), (1, 2)]
    keys = [_stamp(r, c, avoid=()) for r, c in shapes]
    scene = start(p, seats(None, "easy"), state=show_state(2, [tuple(keys), ()]))
    rects = [scene.lay.rect_of(k) for k in keys]
    cell = rects[3].w  # the 1x1
    assert all(r.size == (c * cell, rw * cell) for r, (rw, c) in zip(rects, shapes))
    assert cell >= 44 and all(TRAY.contains(r) for r in rects)
    tall, wide = scene.art.shape(scene._lookup(keys[1]), cell), scene.lay.rect_of(keys[0])
    assert tall.get_size() == (cell, 3 * cell) and wide.w == 3 * wide.h
    mouse_drag(p, rects[2].center, fit_centre(0, 0, 2, 2))  # the 2x2 goes into the album
    assert keys[2] not in [i["key"] for i in scene.v["seats"][0]["pending"]]
    assert [scene.lay.rect_of(k) for k in keys[:2] + keys[3:]] == rects[:2] + rects[3:]  # nothing slid over


def test_a_stamps_shape_is_worded_width_first():
    item = {"known": True, "kind": "stamp", "rows": 1, "cols": 3}
    assert shape_words(item) == ", 3 wide \u00d7 1 tall"
    assert "1 wide \u00d7 3 tall" in shape_words({**item, "rows": 3, "cols": 1})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1)]), min_size=1, max_size=9))
def test_the_tray_holds_any_stamps_without_overlap_inside_its_box(shapes):
    """Nine at most: a reserve, a returned pile and a taken pile of four each."""
    placed = pack_tray(TRAY, {f"k{i}": s for i, s in enumerate(shapes)})
    rects = list(placed.values())
    cells = {r.w // c for r, (_, c) in zip(rects, shapes)}
    assert len(cells) == 1 and all(TRAY.contains(r) for r in rects)  # never under the discard banner
    assert not TRAY.colliderect(banner_rect()) and PENDING.contains(banner_rect())
    assert all(r.size == (c * min(cells), rw * min(cells)) for r, (rw, c) in zip(rects, shapes))
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("count", range(1, 15))
def test_attendee_cards_never_reach_under_the_tray_whatever_their_number(count):
    row = pygame.Rect(ALBUM.x, ALBUM.bottom + 48, PENDING.x - 16 - ALBUM.x, 94)
    rects = attendee_row(row, count)
    assert rects and all(row.contains(r) and r.w >= ATTENDEE_MIN and r.right < PENDING.x for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert len(rects) == count or rects[-1].right + 50 <= row.right  # room for "+N"


def test_seven_attendees_sit_left_of_the_tray_and_its_notes(p):
    state = show_state(2, [(_stamp(1, 2),), ()])
    people = tuple(ATTENDEE_IDS[:7])
    state = replace(state, seats=(replace(state.seats[0], attendees=people), state.seats[1]))
    scene = start(p, seats(None, "easy"), state=state)
    tiles = [pl.rect for pl in scene.lay.items if pl.zone == "attendee"]
    assert len(tiles) == 7 and max(r.right for r in tiles) < PENDING.x


def test_the_reserve_note_follows_todays_rule():
    state = replace(prep_state(2, 0), splay=("ev-open", *fresh(2).splay[1:]))
    assert reserve_rule(GAME.view(state, 0)) == "Rare stamps may be reserved today."
    assert reserve_rule(GAME.view(prep_state(2, 0), 0)) == "Rare stamps cannot be reserved."
    hinge = prep_state(2, 0, [("hinge", *PLAIN[:5]), PLAIN[6:12]])
    assert "Hinge Maker" in reserve_rule(GAME.view(hinge, 0))


def test_tall_and_wide_stamps_nest_so_the_tray_draws_them_large():
    placed = pack_tray(TRAY, {"one": (1, 1), "tall": (3, 1), "wide": (1, 3), "tall2": (3, 1)})
    assert placed["one"].w >= 56 and placed["wide"].size == (3 * placed["one"].w, placed["one"].w)


def test_points_floating_up_at_one_place_stack_instead_of_covering_each_other(p):
    from game.scenes.stamp_swap.motion import FloatText, float_text
    from game.shell.display import LOGICAL_H

    scene = start(p, seats(None, "easy"))
    for value in (2, 1, 3):  # three placements scored in one beat, all at the album's middle
        float_text(scene, f"+{value} at the Final Show", (520, 330), (255, 200, 80), 30)
    rising = [m.rect for m in scene.movers if isinstance(m, FloatText)]
    assert len(rising) == 3 and all(r.bottom <= LOGICAL_H for r in rising)
    assert not any(a.colliderect(b) for i, a in enumerate(rising) for b in rising[i + 1:])
    p.frames(20)  # they rise at one speed, so they stay apart while they fade
    moved = [m.rect for m in scene.movers if isinstance(m, FloatText)]
    assert not any(a.colliderect(b) for i, a in enumerate(moved) for b in moved[i + 1:])
