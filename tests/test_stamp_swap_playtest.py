"""Stamp Swap fixes from playing whole matches by mouse: toasts in a lane of their own, the album
beside the split and the pile choices, a press held before a drag."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.draw.layout_record import judge, recording
from game.scenes.stamp_swap import story
from game.scenes.stamp_swap.layout import HEAD, fit_centre
from game.scenes.stamp_swap.left import finale_pays, fit, outlook, outlooks, shortest_fit
from game.tools.layout_walk import record_frame
from rules.events import plain_event
from rules.stamp_swap.cards import CONTESTS, FINALES, SPECIALISTS
from rules.stamp_swap.state import Placement
from tests.conftest import make_player
from tests.test_stamp_swap_helpers import choose_state, prep_state, show_state
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


def _album_of(scene) -> list[str]:  # type: ignore[no-untyped-def]
    """The keys of my album's stamps drawn in the centre (not the seat panel's minis)."""
    return [q.key for q in scene.lay.items if q.zone == "album" and scene.lay.zones["myalbum"].contains(q.rect)]


def test_my_album_is_shown_to_plan_by_while_splitting_and_choosing_piles(p):
    first = _stamp(1, 2)
    album = [(Placement(first, 0, 0),), (), ()]
    state = prep_state(3, 1)
    scene = start(p, seats(None, "easy", "easy"), state=replace(state, seats=_with_album(state, album)))
    assert "tray" in scene.lay.zones and _album_of(scene) == [first]
    box = scene.lay.zones["albumbox"]
    assert not any(box.colliderect(scene.lay.zones[z]) for z in ("tray", "reserve", "a", "b"))
    p.click(scene.controls.auto.rect.center)
    p.click(scene.controls.ready.rect.center)
    assert scene.v["phase"] == "swap_choose" or scene.v["seats"][0]["ready"]
    assert _album_of(scene) == [first]
    rows = [r for z, r in scene.lay.zones.items() if z.startswith("row")]
    assert rows and not any(scene.lay.zones["albumbox"].colliderect(r) for r in rows)


def _with_album(state, albums):  # type: ignore[no-untyped-def]
    return tuple(replace(seat, album=a) for seat, a in zip(state.seats, albums))


def test_every_contest_and_finale_rule_fits_its_card_in_one_line_at_a_readable_size(p):
    scene = start(p, seats(None, "easy"))
    width = next(iter(scene.lay.contests.values())).w - 28
    for words in [c.text for c in (*CONTESTS, *FINALES)] + list(finale_pays()):
        size = fit(scene, words, 22, width)
        assert size >= 20 and p.app.text.font(size).size(words)[0] <= width, words
    line, _ = outlook(scene, scene.v["contests"][0])
    assert " scores " in line or "(the top)" in line


def test_a_tap_on_a_reserve_while_choosing_piles_says_what_can_be_taken(p):
    scene = start(p, seats(None, "easy"), state=choose_state(2, 0))
    assert scene.acting and scene.v["phase"] == "swap_choose"
    reserve = scene.v["seats"][1]["reserve"]["key"]
    p.click(centre_of(scene, reserve))
    assert "tap a lit Pile A or B" in (p.app.toasts.current or "")
    assert scene.v["phase"] == "swap_choose" and scene.acting


def test_stamps_to_place_keep_their_places_as_others_are_placed(p):
    first, second, third = _stamp(1, 1), _stamp(1, 2), _stamp(2, 1)
    scene = start(p, seats(None, "easy"), state=show_state(2, [(first, second, third), ()]))
    before = {k: tuple(centre_of(scene, k)) for k in (second, third)}
    p.click(centre_of(scene, first))
    p.click(fit_centre(0, 0, 1, 1))
    assert [a["key"] for a in scene.v["seats"][0]["album"]] == [first]
    assert {k: tuple(centre_of(scene, k)) for k in (second, third)} == before
    p.click(before[second])  # a second tap where the next stamp was chooses that stamp
    assert scene.selected == second


def test_a_long_contest_outlook_is_shortened_until_it_fits(p, monkeypatch):
    scene = start(p, seats(None, "easy"))
    width = next(iter(scene.lay.contests.values())).w - 28
    contest = {**scene.v["contests"][0], "counter": ["value_le", 0], "tickets": []}
    monkeypatch.setattr("game.scenes.stamp_swap.left.contest_preview", lambda v, s: {contest["id"]: (0, 0)})
    monkeypatch.setattr("game.scenes.stamp_swap.left.next_tier", lambda v, c, n: (1, 2))
    tries, _ = outlooks(scene, contest)
    assert tries[0] == "You: 0 stamps worth 0 or less, 0 now · 1 scores 2"
    size, words = shortest_fit(scene, tries, width)
    assert p.app.text.font(size, True).size(words)[0] <= width and size >= 20
    assert words.startswith("0 stamps worth 0 or less") and words.endswith("1: 2")


def test_points_from_an_event_or_a_specialist_are_told_by_name():
    names = ["Ann", "Basil"]
    early = story.line(plain_event("points", 0, {"points": 1, "source": "ev-early"}), names, lambda k: None)
    assert early is not None and "Early Bird" in early and "ev-" not in early
    spec = SPECIALISTS[0]
    words = story.line(plain_event("points", 1, {"points": 2, "source": spec.id}), names, lambda k: None)
    assert words is not None and spec.name in words


def test_a_mouse_held_still_before_dragging_still_places_the_stamp(p):
    key = _stamp(1, 1)
    scene = start(p, seats(None, "easy"), state=show_state(2, [(key, _stamp(1, 2)), ()]))
    a, b = p.window_pos(centre_of(scene, key)), p.window_pos(fit_centre(2, 2, 1, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    p.frames(60)  # a second held still: longer than a long press
    assert scene.details is None and scene.hover is not None and scene.hover["key"] == key
    for k in range(1, 7):
        pos = (a[0] + (b[0] - a[0]) * k // 6, a[1] + (b[1] - a[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        p.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    p.frames(3)
    assert [(i["key"], i["row"], i["col"]) for i in scene.v["seats"][0]["album"]] == [(key, 2, 2)]


def test_a_table_seen_from_no_seat_lists_each_contests_points_in_a_line_that_fits(p):
    scene = start(p, seats(None, "easy"))
    width = next(iter(scene.lay.contests.values())).w - 28
    scene.viewer = None  # the table seen from no seat
    tries, _ = outlooks(scene, {**scene.v["contests"][0], "tiers": [0, 2, 4, 7, 10, 13]})
    assert tries[0] == "Scores 2 for 1, 4 for 2, 7 for 3, 10 for 4, 13 for 5+"
    size, words = shortest_fit(scene, tries, width)
    assert p.app.text.font(size, True).size(words)[0] <= width and size >= 21
    assert words == "Scores 2, 4, 7, 10, 13 for 1, 2, 3, 4, 5+"


def test_a_three_way_lead_on_the_finale_is_counted_not_named_so_it_fits_its_card(p, monkeypatch):
    scene = start(p, seats(None, "easy", "easy"))
    monkeypatch.setattr("game.scenes.stamp_swap.left.finale_counts", lambda v: [1] * len(scene.names))
    tries, _ = outlooks(scene, scene.v["finale"])
    assert "3 tied at 1" in tries[0]
    width = scene.lay.contests[scene.v["finale"]["id"]].w - 28
    size, words = shortest_fit(scene, tries, width)
    assert p.app.text.font(size, True).size(words)[0] <= width
