"""Stamp Swap playtest fixes: bots with visible beats, the pile chain one choice at a time, the
summary over the Show's table, light-and-drop by one point, placement and contest previews."""

from __future__ import annotations

import pygame
import pytest

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.scenes.stamp_swap.layout import ALBUM, CELL, PENDING, fit_at, fit_centre, fit_mark
from game.scenes.stamp_swap.motion import FloatText
from rules.stamp_swap import GAME
from rules.stamp_swap.actions import TakePile
from rules.stamp_swap.bot.levels import BEAT, make_bot
from rules.stamp_swap.bot.value import contest_preview
from rules.stamp_swap.show import show_points
from tests.conftest import make_player
from tests.support import config, playout
from tests.test_stamp_swap_helpers import PLAIN, choose_state, show_state
from tests.test_stamp_swap_scene import _stamp, centre_of, mouse_drag, seats, settle, start


@pytest.fixture
def p():
    """A headless player who has already read the briefing."""
    player = make_player()
    player.app.update_settings(seen_briefings=("stamp-swap",))
    yield player
    pygame.quit()


class Clock:
    """A hand-moved time source."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_every_bot_level_waits_a_visible_beat_before_each_decision():
    state, _ = GAME.new_match(4, config(GAME, 3))
    for level in GAME.bot_levels:
        bot = GAME.make_bot(level, 0, 1)
        assert bot.wake_after(GAME.view(state, 0), 0.0) == BEAT["collect"] >= 0.8
    assert make_bot("easy", 0, 1).wake_after(GAME.view(show_state(2, [(), ()]), 0), 0.0) > BEAT["show"]


def test_the_local_table_holds_a_bot_move_for_its_beat_times_the_bot_speed():
    clock = Clock()
    cfg = seats("normal", "easy")
    for speed, factor in (("normal", 1.0), ("slow", 1.6)):
        table = LocalTable(GAME, cfg, 4, MatchClock(clock), bot_threads=False, autosave=False, bot_speed=speed)
        clock.t = 0.0
        table.poll()
        first = table.waiting()[0]
        clock.t = BEAT["collect"] * factor - 0.05
        table.poll()
        assert not table.log and table.thinking(first)
        clock.t = BEAT["collect"] * factor + 0.01
        table.poll()
        assert [entry.seat for entry in table.log] == [first]


def test_bots_due_together_land_one_per_poll():
    clock = Clock()
    table = LocalTable(GAME, seats("easy", "easy", "easy"), 4, MatchClock(clock), bot_threads=False,
                       autosave=False)
    table.load_position(show_state(3, [(PLAIN[0],), (PLAIN[1],), (PLAIN[2],)]))
    table.poll()
    clock.t = 10.0
    for n in (1, 2, 3):
        table.poll()
        assert len(table.log) == n


def test_the_pile_chain_plays_one_choice_at_a_time_and_says_why_a_seat_keeps_both(p):
    scene = start(p, seats(None, "easy", "easy"), state=choose_state(3, token=1))
    scene.table.scripted(1, TakePile(0, 0))  # Basil takes Ann's Pile A: Ann chooses next
    p.frames(1, dt=0.1)
    assert scene.acting and "took Ann's Pile A" in " ".join(scene.notes)
    p.frames(30, dt=0.1)
    p.tap_finger(scene.lay.offers[(1, 1)].center)  # Ann takes Basil's B; Cobalt has nothing left to take
    assert "took Basil's Pile B" in (scene.caption or "") and scene.v["phase"] == "swap_choose"
    assert not scene.acting and scene.queue
    for _ in range(100):
        if "keeps both" in (scene.caption or ""):
            break
        p.frames(1, dt=0.05)
    assert "Cobalt keeps both of their own piles: no other player's pile was left" in scene.caption
    assert scene.v["phase"] == "swap_choose" and scene.beat_seat == 2
    for _ in range(200):
        if scene.v["phase"] == "show" and not scene.queue:
            break
        p.frames(1, dt=0.05)
    assert scene.v["phase"] == "show"
    assert "Cobalt kept both own piles (none other was left)" in scene.day_swaps
    assert scene.swap_notes[0] == ["gave A to Basil", "took Basil's B"]


def test_each_bot_pile_choice_is_pointed_at_then_moves_one_at_a_time(p):
    scene = start(p, seats(None, "easy", "easy", "easy"), state=choose_state(4, token=1))
    scene.table.speed = 1.0
    scene.table.scripted(1, TakePile(2, 0))  # Basil takes Cobalt's A, then Cobalt takes Dune's B
    scene.table.scripted(2, TakePile(3, 1))
    seen: list[tuple[tuple[int, int], int, bool, bool]] = []
    for _ in range(300):
        moment = scene.moment
        if moment and "pile" in moment and (not seen or seen[-1][0] != moment["pile"]):
            offered = moment["pile"] in scene.lay.offers  # still on offer while it is pointed at
            first_moved = bool(scene.v["seats"][1]["holding"])
            seen.append((moment["pile"], moment["taker"], offered, first_moved))
            assert scene.busy and scene.caption and scene.caption.endswith("…")
        if scene.acting:
            break
        p.frames(1, dt=0.05)
    assert seen[:2] == [((2, 0), 1, True, False), ((3, 1), 2, True, True)]
    assert len(seen) == 3 and seen[2][1:] == (3, True, True)  # Dune's own bot choice waited for both


def test_a_new_day_opens_with_its_banner_for_a_moment(p):
    scene = start(p, seats(None, "easy"), state=show_state(2, [(), ()]))
    scene.table.speed = 1.0
    settle(p, scene, lambda: scene.acting)
    p.click(scene.lay.contests[next(c for c in scene.lay.contests if c.startswith("pick:"))].center)
    settle(p, scene, lambda: scene.summary is not None)
    p.press_button(scene.controls.next)
    assert scene.moment == {"day": "Saturday", "items": len(scene.table.view(None)["pool"])}
    assert scene.busy
    p.frames(50, dt=0.05)
    assert scene.moment is None


def test_a_bot_placement_flies_into_its_seat_small_album(p):
    scene = start(p, seats(None, "easy"), state=show_state(2, [(PLAIN[0], PLAIN[1]), (PLAIN[2],)]))
    scene.table.speed = 1.0  # real beats: the placement stays on show for a while
    for _ in range(200):
        if scene.v["seats"][1]["album"]:
            break
        p.frames(1)
    assert scene.v["seats"][1]["album"] and scene.beat_seat == 1
    assert "Basil placed" in (scene.caption or "")
    assert any(getattr(m, "key", None) == PLAIN[2] for m in scene.movers)  # in flight to the panel


def test_the_day_summary_opens_over_the_show_that_ended(p):
    scene = start(p, seats(None, "easy"), state=show_state(2, [(), ()]))
    p.click(next(r for cid, r in scene.lay.contests.items() if cid.startswith("pick:")).center)
    for _ in range(200):
        if scene.summary is not None:
            break
        p.frames(1, dt=0.1)
    assert scene.summary is not None
    assert scene.v["phase"] == "show" and scene.v["day"] == 0 and scene.table.view(0)["day"] == 1
    assert all(s["show_done"] for s in scene.v["seats"])
    p.press_button(scene.controls.next)
    assert scene.v["phase"] == "collect" and scene.v["day"] == 1


@pytest.mark.parametrize("shape", [(1, 1), (1, 2), (2, 1), (2, 2), (1, 3)])
def test_every_lit_square_is_where_a_drop_lands(shape):
    rows, cols = shape
    fits = [(r, c) for r in range(4 - rows + 1) for c in range(5 - cols + 1)]
    for r, c in fits:
        mark = fit_mark(r, c, rows, cols)
        for point in (mark.center, mark.topleft, (mark.right - 1, mark.bottom - 1)):
            assert fit_at(point, fits, rows, cols) == (r, c)
    assert fit_at((ALBUM.x - CELL, ALBUM.y - CELL), fits, rows, cols) is None


def test_a_drag_dropped_on_the_corner_of_a_lit_square_places_there(p):
    key = _stamp(2, 1)
    scene = start(p, seats(None, "easy"), state=show_state(2, [(key,), (_stamp(1, 2),)]))
    mark = fit_mark(1, 3, 2, 1)
    mouse_drag(p, centre_of(scene, key), (mark.x + 4, mark.y + 4))
    album = scene.v["seats"][0]["album"]
    assert [(a["row"], a["col"]) for a in album] == [(1, 3)]


def test_placing_says_the_stamp_scores_at_the_final_show(p):
    key = _stamp(1, 1)
    scene = start(p, seats(None, "easy"), state=show_state(2, [(key, _stamp(1, 2)), (_stamp(2, 1),)]))
    p.click(centre_of(scene, key))
    words, _ = scene.prompt()
    assert "at the Final Show, not now" in words
    p.click(fit_centre(0, 0, 1, 1))
    labels = [m for m in scene.movers if isinstance(m, FloatText)]
    assert scene.v["seats"][0]["album"] and labels and scene.v["seats"][0]["score"] == 0


def test_pending_stamps_sit_inside_the_to_place_box(p):
    pending = (_stamp(1, 1), *PLAIN[:8])
    scene = start(p, seats(None, "easy"), state=show_state(2, [pending, ()]))
    rects = [q.rect for q in scene.lay.items if q.zone == "pending"]
    assert len(rects) == 9 and all(PENDING.inflate(-6, -6).contains(r) for r in rects)


def test_contest_previews_match_the_show_scoring():
    checked = 0
    for step in playout(GAME, 5, config(GAME, 3), 400):
        if step.state.phase.value != "show":
            continue
        for seat in range(3):
            preview = contest_preview(GAME.view(step.state, seat), seat)
            for cid in step.state.contests:
                assert preview[cid][1] == show_points(step.state, seat, cid)["contest"]
                checked += 1
    assert checked > 100


def test_contest_cards_show_what_they_score_now(p):
    scene = start(p, seats(None, "easy"), state=show_state(2, [(), ()]))
    assert scene.acting and any(cid.startswith("pick:") for cid in scene.lay.contests)
    shown: list[str] = []
    real = scene.app.text.draw

    def spy(surf, words, *a, **kw):  # type: ignore[no-untyped-def]
        shown.append(words)
        return real(surf, words, *a, **kw)

    scene.app.text.draw = spy
    scene.paint_static(pygame.Surface((1920, 1080)))
    assert sum(1 for w in shown if w.startswith("Now ")) == 4
    assert sum(1 for w in shown if " would score " in w) == 4  # what the next count pays, not a list of tiers


def test_every_specialist_has_its_own_picture():
    from game.services.paths import sprites_dir
    from rules.stamp_swap.cards import SPECIALISTS

    files = [sprites_dir() / f"spec_{c.id}.svg" for c in SPECIALISTS]
    assert all(f.exists() for f in files)
    assert len({f.read_text() for f in files}) == len(SPECIALISTS)


def test_every_exhibitor_has_its_own_picture_on_the_table(p):
    from game.services.paths import sprites_dir
    from rules.stamp_swap.cards import EXHIBITORS

    files = [sprites_dir() / f"exhibitor_{c.id}.svg" for c in EXHIBITORS]
    assert all(f.exists() for f in files)
    assert len({f.read_text() for f in files}) == len(EXHIBITORS)
    scene = start(p, seats(None, "easy"))
    tiles = [scene.art.tile({"key": c.id, "id": c.id, "known": True, "kind": "exhibitor", "name": c.name,
                             "text": c.text}, 40) for c in EXHIBITORS]
    assert len({pygame.image.tobytes(t, "RGBA") for t in tiles}) == len(EXHIBITORS)


def test_specialist_tiles_differ_on_the_table(p):
    from rules.stamp_swap.cards import SPECIALISTS

    scene = start(p, seats(None, "easy"))
    tiles = [scene.art.tile({"key": c.id, "id": c.id, "known": True, "kind": "specialist", "name": c.name,
                             "text": c.text}, 40) for c in SPECIALISTS]
    assert len({pygame.image.tobytes(t, "RGBA") for t in tiles}) == len(SPECIALISTS)


def test_a_batch_is_cut_at_each_pile_choice_and_every_stage_but_the_last_folds():
    from game.scenes.stamp_swap.beats import stages
    from rules.contract import Event

    batch = [Event("pile_taken", 0, {"owner": 1, "pile": 0, "items": ["a"], "returned": ["b"]}),
             Event("revealed", 0, {"stamps": {"a": "x"}}), Event("kept_both", 2, {}),
             Event("phase", None, {"phase": "show"}), Event("placed", 1, {"item": "b", "row": 0, "col": 0})]
    cut = stages(batch, batch)
    assert [[e.kind for e in s.public] for s in cut] == [["pile_taken", "revealed"], ["kept_both"],
                                                         ["phase", "placed"]]
    assert [s.fold for s in cut] == [True, True, False]
    assert [e.kind for e in cut[2].mine] == ["revealed", "phase", "placed"]  # flipped on the real view
    assert cut[0].seconds(1.6) == pytest.approx(1.6 * cut[0].seconds(1.0)) and cut[1].seconds(1.0) >= 2.0


def test_the_words_say_why_a_stamp_scores_nothing_now_or_less_than_its_face():
    from game.scenes.stamp_swap.story import discard_reason, placing_note

    view = {"events": [{"id": "ev-quiet", "name": "Spring Clean"}]}
    assert placing_note({"name": "Grey Ship", "value": 0}, ["Ink and Ash"]) == (
        "Grey Ship scores 0 (cancelled) at the Final Show, not now; it counts now for Ink and Ash")
    assert "\u22121 (faded) at the Final Show" in placing_note({"name": "Old Bird", "value": -1}, [])
    assert discard_reason(-2, 0, view) == " (Tweezers: free)"
    assert discard_reason(3, 6, view) == " (Spring Clean: +6)" and discard_reason(3, 3, view) == ""
    amnesty = {"events": [{"id": "ev-amnesty", "name": "Amnesty"}]}
    assert discard_reason(-2, 0, amnesty) == " (Amnesty: free)"  # today's event, not Tweezers nobody held


def test_a_silent_stage_never_holds_up_the_ones_behind_it(p):
    from game.scenes.stamp_swap.beats import Stage
    from rules.contract import Event

    scene = start(p, seats(None, "easy"))
    quiet, loud = Event("viewed", 0, {"items": []}), Event("day_start", None, {"day_name": "Friday", "pool": []})
    scene.queue = [Stage([quiet], [quiet]), Stage([loud], [loud])]
    scene.beat_left = 0.0
    p.frames(3)
    assert not scene.queue


def test_a_bots_album_count_takes_in_a_placement_once_its_stamp_lands(p):
    scene = start(p, seats(None, "easy"), state=show_state(2, [(PLAIN[0], PLAIN[1]), (PLAIN[2],)]))
    scene.table.speed = 1.0
    said: list[str] = []
    draw = p.app.text.draw

    def spy(surface, words, *a, **k):  # type: ignore[no-untyped-def]
        said.append(words)
        return draw(surface, words, *a, **k)

    for _ in range(200):
        if scene.v["seats"][1]["album"] and PLAIN[2] in scene.hidden:
            break
        p.frames(1)
    assert PLAIN[2] in scene.hidden  # in flight to Basil's panel
    p.app.text.draw = spy
    scene.paint_static(pygame.Surface((1920, 1080)))
    assert said.count("album 0/20") == 2  # Basil's stamp has not landed: his album still shows none
    for _ in range(120):
        p.frames(1)
        if PLAIN[2] not in scene.hidden:
            break
    said.clear()
    scene.paint_static(pygame.Surface((1920, 1080)))
    assert "album 0/20" in said and any(w.startswith("album ") and w != "album 0/20" for w in said)


@pytest.mark.parametrize("words", [
    "Ann, your turn: tap a pool item (or the token) to choose, again to take",
    "Red Bird (2 wide × 1 tall) scores -2 (faded) at the Final Show, not now; it counts now for Red Letter Day "
    "and Ink and Ash"])
def test_the_prompt_line_keeps_inside_its_panel_however_long(words):
    from types import SimpleNamespace

    from game.scenes.stamp_swap.layout import HEAD
    from game.scenes.stamp_swap.paint import paint_head

    p = make_player()
    drawn: list[pygame.Rect] = []
    draw = p.app.text.draw
    p.app.text.draw = lambda *a, **k: drawn.append(draw(*a, **k)) or drawn[-1]  # type: ignore[method-assign]
    scene = SimpleNamespace(app=p.app, prompt=lambda: (words, (255, 255, 255)),
                            undo_control=SimpleNamespace(clear_of=lambda rect: rect))
    paint_head(scene, pygame.Surface((1920, 1080)))  # type: ignore[arg-type]
    assert drawn and all(HEAD.contains(r) for r in drawn), (HEAD, drawn)
    assert all(r.height >= 18 for r in drawn)  # still readable: two lines rather than a smaller font
    pygame.quit()
