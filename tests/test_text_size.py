"""Text size (issue 35): one factor scales every font (Text's and the pygame-gui theme's); screens lay
out for the bigger words (the layout check of game/draw/layout_record.py is the judge); the setting is
chosen by clicks in Settings, kept in settings.json, refused when damaged, and given by --text-size."""

from __future__ import annotations

import json

import pygame
import pytest

from game.cli import build_parser
from game.draw import text as text_mod
from game.draw.text import Text, text_size, use_text_size
from game.draw.ui import THEME_FILE, theme_at_size
from game.scenes.night_market import layout as L
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.services import settings as settings_mod
from game.services.settings import settings_path
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import make_player
from tests.test_language_screens import _problems, _until


@pytest.fixture(autouse=True)
def normal_size_after():  # type: ignore[no-untyped-def]
    yield
    use_text_size(100)  # the text size is the process's: the next test starts at 100 %
    pygame.quit()


def test_one_factor_scales_every_font_and_a_label_shrinks_no_smaller_than_at_100_percent() -> None:
    pygame.font.init()
    text = Text()
    at_100 = text.font(30).get_height()
    use_text_size(150)
    assert text.font(30).get_height() > 1.4 * at_100
    assert text.render("Ada", 30).get_height() == text.font(30).get_height()  # the cache keys the drawn size
    assert text.fitting("a sentence far too long for so little room", 30, 40, least=20) == 14  # 14 × 1.5 = 21 px
    with pytest.raises(ValueError):
        use_text_size(175)


def test_the_theme_given_to_pygame_gui_has_every_font_size_scaled() -> None:
    with open(THEME_FILE, encoding="utf-8") as f:
        plain = json.load(f)
    grown = theme_at_size(THEME_FILE, 150)
    sizes = [(key, int(block["font"]["size"])) for key, block in plain.items() if "font" in block]
    assert sizes and all(int(grown[key]["font"]["size"]) == round(size * 1.5) for key, size in sizes)


def test_title_settings_and_a_night_market_table_at_150_percent_have_no_layout_problem_at_1280x720() -> None:
    from game.draw.layout_record import recording

    with recording():
        p = make_player((1280, 720), extra={"text_size": 150})
        assert text_size() == 150 and isinstance(p.top, TitleScene)
        assert _problems(p.app) == [], "title"
        p.app.stack.push(SettingsScene(p.app))
        p.frames(1)
        scene = p.top
        for page in range(len(scene.rows.pages)):  # every page of the main panel
            assert _problems(p.app) == [], f"settings page {page + 1}"
            nxt = next((b for b, step in scene.rows.pager.items() if step == 1), None)
            if nxt is not None and nxt.is_enabled:
                p.press_button(nxt)
        p.app.update_settings(seen_briefings=("night-market",))
        table = NightMarketScene.new(p.app, MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "hard"))), 11)
        p.app.stack.reset(table)
        p.frames(2)
        table.anim.finish_all()  # the deal lands at once
        table.tap_market(table.view.market[0][0])  # the selection line and the move buttons
        p.frames(3)
        assert _problems(p.app) == [], "Night Market table"
        assert L.CHIPS[0].h > 136 and L.MARKET_Y > 512  # laid out for the bigger words


def _size_button(p, percent: int):  # type: ignore[no-untyped-def]
    """The text-size choice `percent`, its page of the pace panel turned to first."""
    scene = p.top
    made = next(b for b, size in scene.pace.sizes.items() if size == percent)
    for _ in range(len(scene.pace.rows.pages)):
        if made.visible:
            return made
        p.press_button(next(b for b, step in scene.pace.rows.pager.items() if step == 1))
    raise AssertionError(f"the {percent} % button is on no page")


def test_choosing_150_in_settings_by_clicks_applies_at_once_and_is_kept_after_a_restart() -> None:
    p = make_player()
    p.app.stack.push(SettingsScene(p.app))
    p.frames(2)
    before = p.top.back.font.size("Ag")[1] if p.top.back.font else 0
    p.press_button(_size_button(p, 150))
    p.frames(1)
    assert text_size() == 150 and p.app.settings.text_size == 150
    assert isinstance(p.top, SettingsScene) and "#toggle_on" in _size_button(p, 150).object_ids
    assert p.top.back.font is not None and p.top.back.font.size("Ag")[1] > 1.25 * before  # made anew, bigger
    assert json.loads(settings_path().read_text())["text_size"] == 150
    p.press_button(p.top.back)
    _until(p, lambda: isinstance(p.top, TitleScene), "the title again")
    label = p.top.buttons["settings"]
    assert label.font is not None and label.font.size("Ag")[1] > 1.25 * before  # the title took it on its return
    use_text_size(100)
    again = make_player()  # a restart: the same settings file
    assert text_size() == 150 and again.app.settings.text_size == 150


def test_a_damaged_text_size_is_refused_and_the_file_set_aside() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"text_size": 175, "volume": 0.5}))
    settings, problem = settings_mod.load()
    assert settings.text_size == 100 and settings.volume == 0.5
    assert problem is not None and "text size" in problem
    assert list(path.parent.glob("settings.json.corrupt-*"))
    assert settings_mod.from_json({"text_size": "150"})[1] == ["text_size"]
    assert settings_mod.from_json({"text_size": True})[1] == ["text_size"]


def test_text_size_on_the_command_line_is_for_this_run_only() -> None:
    args = build_parser().parse_args(["play", "night-market", "--text-size", "125"])
    assert args.text_size == 125
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--text-size", "120"])
    p = make_player(extra={"text_size": 125})
    assert text_size() == 125 and p.app.settings.text_size == 100
    assert text_mod.scaled(40) == 50


def test_history_online_and_how_to_play_at_150_percent_in_german_have_no_layout_problem_at_1280x720() -> None:
    from game import text
    from game.draw.layout_record import recording
    from game.scenes import history as history_scene
    from game.scenes.history import HistoryScene
    from game.scenes.howto import HowToPlayScene
    from game.scenes.online import OnlineScene
    from game.services import history
    from tests.test_history import _with_person

    history.keep(_with_person("swap-meet", "Anastasia"), (0,), now=20.0)  # a row too long for its button
    try:
        with recording():
            p = make_player((1280, 720), extra={"lang": "de", "text_size": 150})
            p.app.stack.reset(HistoryScene(p.app))
            p.frames(1)
            assert _problems(p.app) == [], "History"
            assert history_scene.rows_per_page() < history_scene.ROWS and len(p.top.rows) == 1  # fewer, taller rows
            p.app.stack.reset(OnlineScene(p.app))
            p.frames(1)
            assert _problems(p.app) == [], "Online"
            howto = HowToPlayScene(p.app)
            p.app.stack.reset(howto)
            for page in range(len(howto.pages)):
                howto.index = page
                howto._show()
                p.frames(1)
                assert _problems(p.app) == [], f"How to play, page {page + 1}"
    finally:
        text.use("en")
