"""The layout check: its recorder and rules on small synthetic screens, and the walk over real screens."""

from __future__ import annotations

import json

import pygame
import pytest

from game.cli import main
from game.draw.layout_record import GUI_ROOM, Mark, RecordingSurface, gui_room, judge, marks_of, recording, widget_marks
from game.draw.text import Text
from game.draw.ui import button
from game.draw.widgets import panel
from game.tools.layout_walk import run_walk
from tests.conftest import make_player


@pytest.fixture
def canvas():  # type: ignore[no-untyped-def]
    """A recording 1920×1080 canvas with a Text that reports its labels."""
    pygame.init()  # an earlier test may have quit pygame
    pygame.display.set_mode((64, 64))
    with recording():
        yield RecordingSurface((1920, 1080)), Text()


def kinds(marks: list[Mark]) -> list[str]:
    return [p.kind for p in judge(marks)]


def test_two_texts_drawn_on_each_other_are_an_overlap(canvas):
    surf, text = canvas
    text.draw(surf, "Basil offers 2 Crate", (400, 300), 30)
    text.draw(surf, "offers 2 Crate", (420, 305), 30)
    problems = judge(marks_of(surf))
    assert [p.kind for p in problems] == ["overlap"]
    assert {m.words for m in problems[0].marks} == {"Basil offers 2 Crate", "offers 2 Crate"}


def test_lines_of_a_paragraph_and_texts_side_by_side_do_not_overlap(canvas):
    surf, text = canvas
    for i, line in enumerate(("first line of words", "second line of words", "third")):
        text.draw(surf, line, (100, 100 + 34 * i), 30)  # Noto's line box is ~41 px: rects touch, ink does not
    left = text.draw(surf, "Name", (100, 400), 30)
    text.draw(surf, "12 pts", (left.right + 4, 400), 30)
    assert kinds(marks_of(surf)) == []


def test_a_text_running_out_of_its_panel_is_clipped(canvas):
    surf, text = canvas
    panel(surf, pygame.Rect(100, 100, 200, 60))
    text.draw(surf, "far too long for this little panel", (110, 110), 30)
    problems = judge(marks_of(surf))
    assert [(p.kind, p.why) for p in problems] == [("clipped", "runs out of its box")]


def test_a_text_cut_by_the_surface_it_was_drawn_on_is_clipped_where_that_surface_lands(canvas):
    surf, text = canvas
    plate = pygame.Surface((120, 40), pygame.SRCALPHA)  # a RecordingSurface while recording
    plate.fill((40, 30, 20, 255))
    text.draw(plate, "a label wider than its plate", (6, 4), 28)
    surf.blit(plate, (500, 500))
    problems = judge(marks_of(surf))
    assert [(p.kind, p.why) for p in problems] == [("clipped", "runs out of the surface it is drawn on")]
    assert problems[0].marks[0].rect.topleft == (506, 504)


def test_a_clipped_text_hidden_later_under_an_opaque_panel_is_not_reported(canvas):
    surf, text = canvas
    panel(surf, pygame.Rect(100, 100, 200, 60))
    text.draw(surf, "far too long for this little panel", (110, 110), 30)
    panel(surf, pygame.Rect(50, 50, 800, 300), fill=(20, 16, 12, 255))
    assert kinds(marks_of(surf)) == []


def test_a_label_on_its_own_button_or_card_is_not_a_problem(canvas):
    surf, text = canvas
    card = pygame.Surface((140, 200), pygame.SRCALPHA)
    card.fill((200, 180, 150, 255))
    text.draw(card, "Crate", (70, 190), 26, anchor="midbottom")
    surf.blit(card, (300, 300))
    pygame.draw.rect(surf, (200, 160, 60), pygame.Rect(600, 300, 220, 66), border_radius=14)
    text.draw(surf, "Next ›", (710, 333), 30, anchor="center", shadow=True)
    assert kinds(marks_of(surf)) == []


def test_a_text_under_an_opaque_modal_or_a_strong_dim_is_not_live(canvas):
    surf, text = canvas
    text.draw(surf, "the table's own words", (400, 400), 30)
    panel(surf, pygame.Rect(300, 300, 800, 300), fill=(20, 16, 12, 255))
    text.draw(surf, "the dialog's words", (400, 400), 30)
    text.draw(surf, "a hint line", (1200, 900), 30)
    surf.fill((90, 90, 90), special_flags=pygame.BLEND_RGB_MULT)  # App.darken under a summary
    text.draw(surf, "Round summary", (1200, 905), 30)
    assert kinds(marks_of(surf)) == []


def test_a_box_laid_over_part_of_a_live_text_is_reported(canvas):
    surf, text = canvas
    text.draw(surf, "Tap cards to select: one type", (24, 903), 30)
    pygame.draw.rect(surf, (60, 48, 36), pygame.Rect(200, 900, 250, 49), border_radius=12)  # a toast's plate
    assert kinds(marks_of(surf)) == ["covered"]


def test_a_box_whose_lower_edge_lies_over_a_texts_ink_is_reported(canvas):
    """The box is judged whole (Italian at 150 %: a grown "Aiuto" hid the top of the track's "40",
    which a box less a fifth of its height top and bottom missed)."""
    surf, text = canvas
    drawn = text.draw(surf, "40", (600, 200), 30)
    ink_top = drawn.y + drawn.h // 5
    pygame.draw.rect(surf, (60, 48, 36), pygame.Rect(drawn.x - 20, ink_top - 50, 140, 58))  # 8 px into the ink
    assert kinds(marks_of(surf)) == ["covered"]


def test_a_button_partly_off_screen_is_reported_and_one_on_screen_is_not(canvas):
    marks = [Mark("button", pygame.Rect(1800, 1000, 200, 60), "Next"),
             Mark("button", pygame.Rect(10, 10, 200, 60), "Ok")]
    problems = judge(marks)
    assert [(p.kind, p.marks[0].words) for p in problems] == [("offscreen", "Next")]


def test_pygame_gui_buttons_report_their_rect_and_a_label_too_long_for_them():
    p = make_player()
    ui = p.app.stack.top.ui
    for sprite in list(ui.get_sprite_group().sprites()):
        if sprite is not ui.get_root_container():
            sprite.kill()
    button(ui, pygame.Rect(100, 100, 300, 70), "Fits")
    button(ui, pygame.Rect(100, 200, 90, 70), "I'm Player 1 — show my cards")
    marks = widget_marks(ui)
    assert [m.words for m in marks if m.kind == "button"] == ["Fits", "I'm Player 1 — show my cards"]
    problems = judge(marks)
    assert [(p.kind, p.marks[0].words) for p in problems] == [("clipped", "I'm Player 1 — show my cards")]


def test_a_label_inside_its_button_but_short_of_pygame_guis_room_each_side_is_clipped():
    """pygame-gui keeps 12 px each side of a label: with less it draws the words from the left, cut."""
    p = make_player()
    ui = p.app.stack.top.ui
    for sprite in list(ui.get_sprite_group().sprites()):
        if sprite is not ui.get_root_container():
            sprite.kill()
    short, roomy = button(ui, pygame.Rect(100, 100, 300, 70), "Todos los juegos"), \
        button(ui, pygame.Rect(100, 300, 300, 70), "Todos los juegos")
    words = short.font.size(short.text)[0]
    short.set_dimensions((words + 2 * GUI_ROOM - 2, 70))
    roomy.set_dimensions((words + 2 * GUI_ROOM, 70))
    assert gui_room(short) == GUI_ROOM
    problems = judge(widget_marks(ui))
    assert [(p.kind, p.marks[0].rect.centery) for p in problems] == [("clipped", short.rect.centery)]
    assert "cut by pygame-gui" in problems[0].why


def test_the_recorder_is_gone_after_recording():
    with recording():
        assert pygame.Surface is RecordingSurface and Text.recorder is not None
    assert pygame.Surface is not RecordingSurface and Text.recorder is None
    assert RecordingSurface.recorder is None


# The walk over real screens. Scenes lay out one logical 1920×1080 canvas whatever the window's size
# (game/shell/display.py), so the suite walks each part once: every step of the three guided matches
# at 1280×720, the monkeys' matches at 1920×1080 and the kiosk's demos at 1280×720, one test per part
# so workers share them. `market-hall screens --check` walks every part at both sizes.
CLEAN_GUIDED = ("night-market", "stamp-swap", "swap-meet")
REST_OF_THE_WALK = [((1920, 1080), "monkey"), ((1280, 720), "kiosk")]


@pytest.mark.slow
def test_every_step_of_the_three_guided_matches_has_no_layout_problem():
    """0 problems on every step of the three guided matches at 1280×720."""
    walk = run_walk(sizes=((1280, 720),), games=CLEAN_GUIDED, parts=("guided",))
    line = json.loads(walk.line())
    assert set(line) == {"screens", "rects", "problems"}
    assert line["screens"] >= 30 and line["rects"] > 20 * line["screens"]
    assert line["problems"] == []


@pytest.mark.slow
@pytest.mark.parametrize(("size", "part"), REST_OF_THE_WALK,
                         ids=[f"{w}x{h}-{part}" for (w, h), part in REST_OF_THE_WALK])
def test_the_rest_of_the_screens_walk_has_no_layout_problem(size, part):
    """0 problems on every screen the monkeys and the kiosk demos reach."""
    walk = run_walk(sizes=(size,), parts=(part,))
    line = json.loads(walk.line())
    assert line["screens"] >= 5 and line["problems"] == [], line["problems"][:3]


def test_screens_check_is_a_command_that_hands_its_folder_to_the_walk(monkeypatch, tmp_path):
    seen: dict[str, object] = {}
    monkeypatch.setattr("game.tools.layout_walk.main",
                        lambda out, text_size, lang: seen.update(out=out, text_size=text_size, lang=lang) or 0)
    assert main(["screens", "--check", "--out", str(tmp_path)]) == 0
    assert seen == {"out": str(tmp_path), "text_size": None, "lang": None}
    assert main(["screens", "--check", "--lang", "de", "--text-size", "150"]) == 0  # the walk at a size, in a language
    assert seen == {"out": None, "text_size": 150, "lang": "de"}
