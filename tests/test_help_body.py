"""The help text is drawn by our own renderer: bold runs, wrapping, scrolling, and no big surfaces."""

from __future__ import annotations

import pygame

from game.scenes.help import HelpScene, layout
from game.shell import catalog


def test_bold_runs_keep_their_spaces_and_glued_punctuation(player):
    text = player.app.text
    [line] = layout(text, "<b>Tap</b> a card. <b>Couch play</b>: fun", 2000)
    assert [(words, bold) for _, words, bold in line] == [
        ("Tap", True), ("a card.", False), ("Couch play", True), (": fun", False)]
    colon = line[3][0]
    assert colon == line[2][0] + text.font(28, True).size("Couch play")[0]  # no space before the colon
    assert line[1][0] > line[0][0] + text.font(28, True).size("Tap")[0]  # a space after "Tap"


def test_lines_wrap_inside_the_width_and_newlines_break(player):
    text = player.app.text
    lines = layout(text, "one two three four five six seven\nnext", 200)
    assert len(lines) > 2 and [w for _, w, _ in lines[-1]] == ["next"]
    for line in lines:
        x, words, bold = line[-1]
        assert x + text.font(28, bold).size(words)[0] <= 200


def test_a_long_page_scrolls_with_the_bar_and_the_wheel(player):
    scene = HelpScene.for_game(player.app, catalog.entry("night-market"))
    player.app.stack.push(scene)
    player.frames(3)
    body = scene.body
    assert body.bar is not None and body.offset() == 0
    before = player.app.display.canvas.copy()
    player.press_button(body.bar.bottom_button, settle=30)
    assert body.offset() > 0
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(player.app.display.canvas, "RGB")
    shown = body.offset()
    assert body.wheel(scene.body.rect.center, -3)
    player.frames(30)
    assert body.offset() > shown
    assert not body.wheel((5, 5), 3)  # outside the box the wheel is not the text's


def test_a_short_page_has_no_bar_and_help_keeps_no_box_sized_surfaces(player):
    scene = HelpScene.how_to_play(player.app)
    player.app.stack.push(scene)
    player.frames(3)
    assert scene.body.bar is None
    widgets = sum(s.image.get_width() * s.image.get_height() * 4 for s in scene.ui.get_sprite_group().sprites()
                  if getattr(s, "image", None) is not None)
    assert widgets < 1_000_000  # buttons only: a UITextBox alone kept ~8 MB here


def test_a_prompt_over_help_over_a_table_keeps_no_canvas_snapshot(player):
    from game.scenes.confirm import ConfirmScene
    from game.scenes.swap_meet.summary import PauseOverlay
    from game.shell.scene import Scene

    class Table(Scene):
        keeps_layer = True  # like a table scene: redrawn from its own layer

    class Prompt(Scene):
        opaque = False

    app = player.app
    app.stack.reset(Table(app))
    app.stack.push(HelpScene.how_to_play(app))
    app.stack.push(Prompt(app))
    player.frames(3)
    assert app.stack._under is None  # help redraws under it (~3 ms) instead of an 8 MB copy
    app.stack.pop()
    app.stack.pop()
    app.stack.push(ConfirmScene(app, "Leave?", ["The match is saved."], [("Stay", lambda: None, "#primary")]))
    app.stack.push(Prompt(app))
    player.frames(3)
    assert app.stack._under is None  # a confirm under a prompt too
    app.stack.pop()
    app.stack.pop()
    app.stack.push(PauseOverlay(app, None))  # Swap Meet's pause under a confirm under the prompt
    app.stack.push(ConfirmScene(app, "Leave?", ["The match is saved."], [("Stay", lambda: None, "#primary")]))
    app.stack.push(Prompt(app))
    player.frames(3)
    assert app.stack._under is None  # the 8-hour soak's highest stack: table, pause, confirm, prompt
