"""Headless Stamp Swap table tests: collect, split, choose, place, discard, contests, curtain, saves."""

from __future__ import annotations

import pygame
import pytest

from game.draw.palette import MINT
from game.scenes.confirm import ConfirmScene
from game.scenes.curtain import CurtainScene
from game.scenes.help import HelpScene
from game.scenes.stamp_swap.centre import SUMMARY
from game.scenes.stamp_swap.final import PANEL as FINAL_PANEL
from game.scenes.stamp_swap.final import FinalShowScene, ranked
from game.scenes.stamp_swap.layout import ALBUM, CELL
from game.scenes.stamp_swap.scene import StampSwapScene
from game.services import saves
from rules.contract import MatchConfig, SeatConfig
from rules.stamp_swap.actions import Prepare
from rules.stamp_swap.stamps import STAMPS
from rules.stamp_swap.state import Placement
from tests.conftest import Player, make_player
from tests.test_stamp_swap_helpers import GAME, PLAIN, RARE, choose_state, prep_state, show_state


@pytest.fixture(autouse=True)
def unthreaded(monkeypatch):
    """Bots think inline so every test is deterministic."""


@pytest.fixture
def p():
    """A headless player who has already read the briefing."""
    player = make_player()
    player.app.update_settings(seen_briefings=("stamp-swap",))
    yield player
    pygame.quit()


def seats(*bots: str | None) -> MatchConfig:
    """Seat 0 named Ann, then the others; None = a person."""
    names = ("Ann", "Basil", "Cobalt", "Dune", "Ember")
    return MatchConfig(tuple(SeatConfig(names[i], b) for i, b in enumerate(bots)))


def start(p: Player, config: MatchConfig, seed: int = 3, state=None) -> StampSwapScene:  # type: ignore[no-untyped-def]
    """Put a table on the stack (optionally from a position built directly) and settle."""
    scene = StampSwapScene.new(p.app, config, seed)
    scene.table.speed = 0.05
    if state is not None:
        scene.table.load_position(state)
    p.app.stack.replace(scene)
    p.frames(3)
    return scene


def settle(p: Player, scene: StampSwapScene, until, limit: int = 600) -> None:  # type: ignore[no-untyped-def]
    """Run frames (bots move) until a condition holds."""
    for _ in range(limit):
        if until():
            return
        p.frames(1, dt=0.1)
    raise AssertionError("the table never got there")


def mouse_drag(p: Player, a: tuple[float, float], b: tuple[float, float]) -> None:
    """Press, move in steps, release."""
    wa, wb = p.window_pos(a), p.window_pos(b)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wa, button=1))
    p.frames(1)
    for k in range(1, 7):
        pos = (wa[0] + (wb[0] - wa[0]) * k // 6, wa[1] + (wb[1] - wa[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        p.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wb, button=1))
    p.frames(3)


def finger_drag(p: Player, a: tuple[float, float], b: tuple[float, float], fid: int = 0) -> None:
    """The same drag with one finger."""
    p.finger(pygame.FINGERDOWN, a, fid)
    p.frames(1)
    for k in range(1, 7):
        p.finger(pygame.FINGERMOTION, (a[0] + (b[0] - a[0]) * k / 6, a[1] + (b[1] - a[1]) * k / 6), fid)
        p.frames(1)
    p.finger(pygame.FINGERUP, b, fid)
    p.frames(3)


def centre_of(scene: StampSwapScene, key: str) -> tuple[int, int]:
    """Where an item is drawn now."""
    rect = scene.lay.rect_of(key)
    assert rect is not None, key
    return rect.center


def take(p: Player, scene: StampSwapScene, key: str) -> None:
    """Choose a pool item with one click and take it with a second."""
    p.click(centre_of(scene, key))
    p.click(centre_of(scene, key))


def test_collect_a_tap_chooses_and_a_second_tap_or_take_confirms(p):
    scene = start(p, seats(None, "easy"))
    settle(p, scene, lambda: scene.acting)
    first, other = scene.v["pool"][0]["key"], scene.v["pool"][1]["key"]
    p.click(centre_of(scene, first))
    assert scene.selected == first and not scene.v["seats"][0]["dc"] and scene.controls.take.visible
    p.click(centre_of(scene, other))  # a change of mind: nothing is taken
    assert scene.selected == other and not scene.v["seats"][0]["dc"]
    p.click(centre_of(scene, other))
    assert [i["key"] for i in scene.v["seats"][0]["dc"]] == [other] and not scene.controls.take.visible
    settle(p, scene, lambda: scene.acting)
    second = scene.v["pool"][-1]["key"]
    p.tap_finger(centre_of(scene, second))
    assert scene.selected == second and len(scene.v["seats"][0]["dc"]) == 1
    p.tap_finger(scene.controls.take.rect.center)
    assert [i["key"] for i in scene.v["seats"][0]["dc"]][-1] == second


def test_the_token_is_chosen_then_taken_like_an_item(p):
    scene = start(p, seats(None, "easy"))
    settle(p, scene, lambda: scene.acting)
    token = scene.lay.zones["token"].center
    p.click(token)
    assert scene.selected == "token" and scene.v["token"]["in_pool"]
    p.press_button(scene.controls.take)
    assert scene.v["seats"][0]["has_token"]


def test_hovering_the_mouse_shows_details_and_a_long_press_shows_them_for_touch(p):
    scene = start(p, seats(None, "easy"))
    settle(p, scene, lambda: scene.acting)
    item = scene.v["pool"][0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p.window_pos(centre_of(scene, item["key"])),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    p.frames(2)
    assert scene.hover is not None and scene.hover["key"] == item["key"] and scene.details is None
    contest = scene.lay.contests[scene.v["contests"][0]["id"]]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p.window_pos(contest.center), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    p.frames(2)
    assert scene.hover is not None and scene.hover["lines"][0] == scene.v["contests"][0]["name"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p.window_pos((960, 1075)), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    p.frames(2)
    assert scene.hover is None
    p.finger(pygame.FINGERDOWN, centre_of(scene, item["key"]))
    p.frames(60)
    p.finger(pygame.FINGERUP, centre_of(scene, item["key"]))
    p.frames(3)
    assert scene.details is not None and scene.details["key"] == item["key"]
    assert not scene.v["seats"][0]["dc"] and scene.hover is None  # looking takes nothing


def test_a_pool_item_dragged_into_the_daily_collection_is_taken(p):
    scene = start(p, seats(None, "easy"))
    settle(p, scene, lambda: scene.acting)
    key = scene.v["pool"][2]["key"]
    finger_drag(p, centre_of(scene, key), scene.lay.zones["space3"].center, fid=2)
    assert key in [i["key"] for i in scene.v["seats"][0]["dc"]]


def test_split_with_mouse_and_finger_drags_then_ready(p):
    scene = start(p, seats(None, "easy"), state=prep_state(2, token=0))
    assert "tray" in scene.lay.zones and scene.acting
    dc = [i["key"] for i in scene.v["seats"][0]["dc"]]
    mouse_drag(p, centre_of(scene, dc[0]), scene.lay.zones["reserve"].center)
    finger_drag(p, centre_of(scene, dc[1]), scene.lay.zones["a"].center, fid=0)
    finger_drag(p, centre_of(scene, dc[2]), scene.lay.zones["b"].center, fid=3)
    for key, zone in zip(dc[3:], ("a", "b", "a")):
        mouse_drag(p, centre_of(scene, key), scene.lay.zones[zone].center)
    assert scene.split == {dc[0]: "reserve", dc[1]: "a", dc[2]: "b", dc[3]: "a", dc[4]: "b", dc[5]: "a"}
    p.press_button(scene.controls.ready)
    me = scene.v["seats"][0]
    assert me["ready"] and me["reserve"]["key"] == dc[0]
    assert [i["key"] for i in me["piles"][0]] == [dc[1], dc[3], dc[5]]


def test_tap_an_item_then_a_box_also_splits(p):
    scene = start(p, seats(None, "easy"), state=prep_state(2, token=0))
    key = scene.v["seats"][0]["dc"][4]["key"]
    p.click(centre_of(scene, key))
    assert scene.selected == key
    p.click(scene.lay.zones["b"].center)
    assert scene.split[key] == "b"


@pytest.mark.slow
def test_quick_split_keeps_manual_placements_and_fills_only_the_rest(p):
    scene = start(p, seats(None, "easy"), state=prep_state(2, token=0))
    dc = [i["key"] for i in scene.v["seats"][0]["dc"]]
    mouse_drag(p, centre_of(scene, dc[3]), scene.lay.zones["reserve"].center)
    mouse_drag(p, centre_of(scene, dc[0]), scene.lay.zones["b"].center)
    mouse_drag(p, centre_of(scene, dc[1]), scene.lay.zones["b"].center)
    p.press_button(scene.controls.auto)
    assert scene.split[dc[3]] == "reserve" and scene.split[dc[0]] == scene.split[dc[1]] == "b"
    assert sorted(scene.split) == sorted(dc) and sorted(scene.split.values()).count("a") == 3
    p.press_button(scene.controls.ready)
    assert scene.v["seats"][0]["ready"]


def test_quick_split_after_everything_went_into_one_pile_moves_only_what_ready_needs(p):
    scene = start(p, seats(None, "easy"), state=prep_state(2, token=0))
    dc = [i["key"] for i in scene.v["seats"][0]["dc"]]
    scene.split = dict.fromkeys(dc, "a")
    p.press_button(scene.controls.auto)
    zones = [scene.split[k] for k in dc]
    assert zones.count("reserve") == 1 and zones.count("b") == 1 and zones.count("a") == 4
    p.press_button(scene.controls.ready)
    assert scene.v["seats"][0]["ready"]


def test_a_rare_stamp_refuses_the_reserve_with_the_reason(p):
    dcs = [(RARE[0], *PLAIN[:5]), PLAIN[6:12]]
    scene = start(p, seats(None, "easy"), state=prep_state(2, token=0, dcs=dcs))
    mouse_drag(p, centre_of(scene, RARE[0]), scene.lay.zones["reserve"].center)
    assert RARE[0] not in scene.split
    assert any("rare stamps cannot be reserved" in m[0].lower() for m in p.app.toasts.queue)


def test_choose_a_pile_by_tapping_it_and_reveals_animate(p):
    scene = start(p, seats(None, "easy"), state=choose_state(2, token=0))
    assert scene.v["phase"] == "swap_choose" and scene.acting
    taken = [i["key"] for i in scene.v["seats"][1]["piles"][1]]
    before = scene.lay.rect_of(taken[0])
    p.tap_finger(scene.lay.offers[(1, 1)].center)
    assert scene.v["seats"][0]["chosen"] or scene.v["phase"] == "show"
    assert any(type(m).__name__ == "Sprite" for m in scene.movers) and scene.lay.rect_of(taken[0]) != before
    settle(p, scene, lambda: scene.v["phase"] == "show")
    me = scene.v["seats"][0]
    assert set(taken) <= {i["key"] for i in [*me["pending"], *me["attendees"], *me["album"]]}


def _stamp(rows: int, cols: int, value: int | None = None, avoid: tuple = ()) -> str:
    return next(s.id for s in STAMPS.values() if s.rows == rows and s.cols == cols and not s.rare
                and s.id not in avoid and (value is None or s.value == value))


def test_place_a_stamp_by_dragging_it_onto_a_lit_spot(p):
    key = _stamp(1, 2)
    scene = start(p, seats(None, "easy"), state=show_state(2, [(key,), (_stamp(2, 1),)]))
    assert "album" in scene.lay.zones and scene.acting
    fits = scene.v["me"]["fits"][key]
    assert [1, 2] in fits
    target = (ALBUM.x + 2 * CELL + CELL, ALBUM.y + 1 * CELL + CELL // 2)
    mouse_drag(p, centre_of(scene, key), target)
    album = scene.v["seats"][0]["album"]
    assert [(a["key"], a["row"], a["col"]) for a in album] == [(key, 1, 2)]


def test_dragging_lights_every_fit_and_a_bad_drop_changes_nothing(p):
    key = _stamp(2, 2)
    scene = start(p, seats(None, "easy"), state=show_state(2, [(key,), (_stamp(2, 1),)]))
    start_pos = centre_of(scene, key)
    p.finger(pygame.FINGERDOWN, start_pos, 1)
    p.frames(1)
    p.finger(pygame.FINGERMOTION, (ALBUM.x + CELL, ALBUM.y + CELL), 1)
    p.frames(2)
    glow = [m for m in scene.movers if type(m).__name__ == "FitGlow"]
    assert glow and next(iter(scene.drags.values())).hover == (0, 0)
    p.finger(pygame.FINGERMOTION, (ALBUM.right + 300, ALBUM.bottom + 200), 1)
    p.frames(1)
    p.finger(pygame.FINGERUP, (ALBUM.right + 300, ALBUM.bottom + 200), 1)
    p.frames(3)
    assert scene.v["seats"][0]["album"] == [] and not scene.drags
    assert not [m for m in scene.movers if type(m).__name__ == "FitGlow"]


def _discard_position():
    used: list[str] = []

    def pick(r: int, c: int, v: int | None = None) -> str:
        k = _stamp(r, c, v, tuple(used))
        used.append(k)
        return k

    album = [Placement(pick(2, 2), 0, 2), Placement(pick(2, 1), 0, 4), Placement(pick(2, 2), 2, 0),
             Placement(pick(2, 2), 2, 2), Placement(pick(2, 1), 2, 4)]
    bad = pick(2, 2, -2)
    fore = next(s.id for s in STAMPS.values() if s.forever)
    return show_state(2, [(fore, bad), (pick(1, 2),)], [album, []]), fore, bad


def test_a_stamp_that_no_longer_fits_is_discarded_for_its_value_with_a_clear_moment(p):
    state, fore, bad = _discard_position()
    scene = start(p, seats(None, "easy"), state=state)
    p.click((ALBUM.x + CELL // 2, ALBUM.y + CELL // 2))  # nothing selected: nothing happens
    p.click(centre_of(scene, fore))
    p.click((ALBUM.x + CELL // 2, ALBUM.y + CELL // 2))
    assert scene.v["seats"][0]["score"] == -2
    assert scene.banners[0][1] == "\u22122 points"
    assert "Does not fit" not in scene.notes[-1] and "discarded for \u22122" in scene.notes[-1]
    p.frames(90)
    assert bad not in [i["key"] for i in scene.v["seats"][0]["pending"]]


def test_choose_a_contest_then_the_day_summary_and_the_next_day(p):
    scene = start(p, seats(None, "easy"), state=show_state(2, [(), ()]))
    picks = [cid for cid in scene.lay.contests if cid.startswith("pick:")]
    assert len(picks) == 4
    p.click(scene.lay.contests[picks[1]].center)
    assert picks[1][5:] in scene.v["seats"][0]["tickets"]
    settle(p, scene, lambda: scene.summary is not None)
    assert scene.controls.next.visible
    p.press_button(scene.controls.next)
    assert scene.summary is None and scene.v["phase"] == "collect" and scene.v["day"] == 1


def test_the_show_summary_is_centred_below_the_top_bar_in_sentences_and_next_is_drawn_unprompted(p):
    scene = start(p, seats(None, "easy"), state=show_state(2, [(), ()]))
    scene.table.speed = 1.0
    settle(p, scene, lambda: scene.acting)
    p.click(scene.lay.contests[next(c for c in scene.lay.contests if c.startswith("pick:"))].center)
    settle(p, scene, lambda: scene.summary is not None)
    p.frames(40, dt=0.1)  # everything settles; no pointer motion since the click
    button = scene.controls.next
    assert p.app.display.canvas.get_at(button.rect.center) == button.image.get_at((button.rect.w // 2,
                                                                                 button.rect.h // 2))
    assert SUMMARY.centerx == 960 and SUMMARY.y >= 88 and SUMMARY.contains(button.rect)
    day = next(d for d in scene.summary[1] if d.seat == 0)
    assert day.sentences()[0].startswith("At the Show: contest ") and day.total == scene.v["seats"][0]["score"]


def test_the_curtain_comes_between_two_people(p):
    scene = start(p, seats(None, None))
    assert isinstance(p.top, CurtainScene)
    first = scene._target()
    p.press_button(p.top.ready)
    assert p.top is scene and scene.viewer == first and scene.acting
    key = scene.v["pool"][0]["key"]
    take(p, scene, key)
    assert p.top is scene and scene.viewer == first and not scene.acting  # my take lands first, then the curtain
    assert any(getattr(m, "key", None) == key for m in scene.movers)
    p.frames(60)
    assert isinstance(p.top, CurtainScene) and scene.viewer is None
    p.press_button(p.top.ready)
    assert scene.viewer == 1 - first


def test_from_save_resumes_the_match(p):
    scene = start(p, seats(None, "easy", "normal"))
    settle(p, scene, lambda: scene.acting)
    take(p, scene, scene.v["pool"][0]["key"])
    settle(p, scene, lambda: scene.acting)
    before = scene.table.view(0)
    save, problem = saves.load("stamp-swap")
    assert problem is None and save is not None
    again = StampSwapScene.from_save(p.app, save)
    p.app.stack.replace(again)
    p.frames(3)
    assert again.table.view(0) == before and again.viewer == 0


def test_first_play_offers_the_guided_match_or_the_rules_once_only():
    player = make_player()
    scene = start(player, seats(None, "easy"))
    offer = player.top
    assert isinstance(offer, ConfirmScene) and offer.title == "New to Stamp Swap?"
    assert "stamp-swap" in player.app.settings.seen_briefings and scene.table.paused
    player.press_button(next(b for b in offer.choices if b.text == "Read the rules"))
    assert isinstance(player.top, HelpScene) and player.top.guided is not None  # the lesson stays one tap away
    player.app.stack.pop()
    again = start(player, seats(None, "easy"))
    assert player.top is again and not again.table.paused
    pygame.quit()


@pytest.mark.slow
def test_bots_play_a_whole_match_to_the_final_show_and_rematch(p):
    scene = start(p, seats("easy", "normal", "easy"), seed=9)
    before, days = [0, 0, 0], 0
    for _ in range(4000):
        if isinstance(p.top, FinalShowScene):
            break
        if scene.summary is not None:  # each day's summary adds up to every seat's score change that day
            now = [s["score"] for s in scene.v["seats"]]
            assert [d.total for d in scene.summary[1]] == [a - b for a, b in zip(now, before)]
            before, days = now, days + 1
            scene.close_summary()
        p.frames(1, dt=0.2)
    assert days == 3
    p.frames(30)
    final = p.top
    assert isinstance(final, FinalShowScene) and final.winners()
    p.press_button(final.rematch)
    p.frames(30)
    assert isinstance(p.top, StampSwapScene) and p.top is not scene



def test_a_skipped_pile_choice_is_said_on_the_table_when_it_happens(p):
    """Three players: both bots take each other's piles, so the person's choice is passed over; the table says why."""
    state = prep_state(3, token=0)
    for seat in (0, 1):
        dc = state.seats[seat].dc
        state, _ = GAME.apply(state, seat, Prepare(dc[0], dc[1:3], dc[3:]))
    scene = start(p, seats("easy", "easy", None), state=state)
    p.press_button(scene.controls.auto)
    p.press_button(scene.controls.ready)
    said = lambda: [m[0] for m in p.app.toasts.queue if "skipped" in m[0]]  # noqa: E731
    settle(p, scene, lambda: bool(said()))
    assert scene.summary is None  # said on the table, not only in the day's summary
    words = said()[0]
    assert words.startswith("Your pile choice is skipped")  # the one person at the device
    assert "Ann took Basil's" in words and "Basil took Ann's" in words
    assert "You keep both of your own piles" in words
    assert p.app.toasts.current == words  # the one on screen now


def test_a_pile_choice_that_is_not_skipped_says_nothing_of_the_kind(p):
    scene = start(p, seats(None, "easy"), state=choose_state(2, token=0))
    p.tap_finger(scene.lay.offers[(1, 1)].center)
    settle(p, scene, lambda: scene.v["phase"] == "show")
    assert not [m for m in p.app.toasts.queue if "skipped" in m[0]]


def _final_view(totals: list[int], cells: list[int]) -> dict:
    """A Final Show's public view: each seat's total and how many album cells it filled."""
    seats_ = [{"seat": i, "score": t, "grid": [[f"s{i}-{k}" if k < c else None for k in range(20)]]}
              for i, (t, c) in enumerate(zip(totals, cells))]
    final = [{"album": t // 2, "forever": 0, "finale": 3} for t in totals]
    return {"seats": seats_, "final": final, "finale": {"name": "Grand Finale", "text": "most stamps"}}


def test_the_final_show_lists_collectors_by_place_and_marks_your_row(p):
    table = StampSwapScene.new(p.app, seats("easy", None, "easy", "easy"), 3).table
    view = _final_view([18, 31, 31, 12], [9, 12, 14, 3])  # Basil and Cobalt tie on points: cells decide
    final = FinalShowScene(p.app, view, None, table, lambda: None)
    p.app.stack.replace(final)
    p.frames(5)
    assert [(r["seat"], r["place"]) for r in final.rows] == [(2, 1), (1, 2), (0, 3), (3, 4)]
    assert final.mine(1) and not final.mine(2) and final._name(1) == "Basil (you)"
    assert final.winners() == [2]
    row_h = min(120, (FINAL_PANEL.h - 160) // 4)
    edge = (FINAL_PANEL.x + 21, FINAL_PANEL.y + 90 + row_h + 30)  # the left edge of row 2 (Basil's), mid-height
    assert tuple(p.app.display.canvas.get_at(edge))[:3] == MINT
    p.tap_finger(final.title.rect.center)  # the screen still answers a finger
    for _ in range(600):  # bounded: the fade to the title
        if p.top.name == "title":
            break
        p.frames(1, dt=0.1)
    assert p.top.name == "title", f"waited for the title after ‹ Title; the top is {p.top.name}"


def test_a_true_tie_shares_a_place():
    rows = [{"seat": s, "total": t, "cells": c} for s, (t, c) in enumerate([(20, 5), (20, 5), (25, 1)])]
    assert [(r["seat"], r["place"]) for r in ranked(rows)] == [(2, 1), (0, 2), (1, 2)]
