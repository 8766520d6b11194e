"""The title, Settings and a Night Market table laid out in German and French at both window sizes
with no text overflowing its box (the layout check of game/draw/layout_record.py), and a language
switched in Settings by real clicks re-words the title."""

from __future__ import annotations

import pytest

from game import text
from game.draw.layout_record import judge, recording
from game.scenes.night_market import layout as L
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.tools.layout_walk import record_frame
from game.tutorial.lesson import open_lesson
from rules.contract import MatchConfig, SeatConfig
from rules.night_market.data import BONUS_SIZES, GOODS
from tests.conftest import make_player

ROUND_END = {"round": 1, "reason": "market", "coins": [40, 35], "bonus": [[[1, 3, 2], [2, 4, 5]], [[3, 5, 9]]],
             "porters": [4, 4], "porter_token": None, "totals": [47, 44], "winner": 0, "tiebreak": None,
             "seals": [2, 0]}


pytestmark = pytest.mark.usefixtures("english_after")


def _until(p, done, what: str, frames: int = 600) -> None:  # type: ignore[no-untyped-def]
    """Frames of the fake clock until `done()` (a fade takes a few); fails saying what never came."""
    for _ in range(frames):
        if done():
            return
        p.frames(1)
    raise AssertionError(f"never came: {what}")


def _problems(app) -> list[str]:  # type: ignore[no-untyped-def]
    marks = record_frame(app)
    found = [f"{p.kind}: {p.why} {[m.words for m in p.marks]}" for p in judge(marks)]
    if isinstance(app.stack.top, NightMarketScene):  # the piles' see-through panels are no box to the check
        piles = [*map(L.coin_pile_rect, range(len(GOODS))), *map(L.bonus_pile_rect, range(len(BONUS_SIZES)))]
        found += [f"{m.words!r} runs out of its pile" for m in marks if m.kind == "text"
                  for pile in piles if pile.collidepoint(m.rect.center) and not pile.contains(m.rect)]
    return found


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_title_settings_and_a_night_market_table_fit_in_german_and_french(lang: str, size: tuple[int, int]) -> None:
    with recording():
        p = make_player(size, extra={"lang": lang})
        assert text.language() == lang and isinstance(p.top, TitleScene)
        assert _problems(p.app) == [], "title"
        p.app.stack.push(SettingsScene(p.app))  # no fade (the clicks are the next test's)
        p.frames(1)
        assert _problems(p.app) == [], "settings"
        p.app.update_settings(seen_briefings=("night-market",))
        seats = (SeatConfig("Ada"), SeatConfig("Basil", "hard"))
        scene = NightMarketScene.new(p.app, MatchConfig(seats), 11)
        p.app.stack.reset(scene)
        p.frames(2)
        scene.anim.finish_all()  # the deal lands at once
        porters = next((c for c, k in scene.view.market if k == "porter"), None)
        scene.tap_market(porters if porters is not None else scene.view.market[0][0])  # a line and buttons
        p.frames(3)
        assert _problems(p.app) == [], "Night Market table"
        scene.open_menu()
        p.frames(2)
        assert _problems(p.app) == [], "Night Market menu"
        for winner in (None, 0):  # a round's end, then the match's
            end = Ceremony(p.app, dict(ROUND_END), scene.names, (0, 1), {0: L.ME_COLOUR, 1: L.OTHER_COLOUR}, winner,
                           lambda: None, lambda: None, lambda: None)
            p.app.stack.push(end)
            end.on_back()  # a tap skips to the end of the reveal
            p.frames(2)
            assert _problems(p.app) == [], f"Night Market round end (match winner {winner})"


def test_switching_the_language_in_settings_by_clicks_rewords_the_title() -> None:
    p = make_player(extra={"lang": "en"})
    assert p.top.buttons["settings"].text == "Settings"
    p.press_button(p.top.buttons["settings"])
    _until(p, lambda: isinstance(p.top, SettingsScene) and not p.app.fading, "Settings after the fade")
    p.press_button(p.top.language)  # English › Deutsch
    assert text.language() == "de" and p.app.settings.language == "de"
    assert p.top.language.text.startswith("Deutsch")
    p.press_button(p.top.back)
    _until(p, lambda: isinstance(p.top, TitleScene), "the title again")
    labels = {b.text for b in p.top.buttons.values()}
    assert {"Einstellungen", "Spielanleitung", "Beenden"} <= labels


def test_a_guided_match_speaks_the_players_language_and_so_does_the_title_after_it() -> None:
    p = make_player(extra={"lang": "de"})
    open_lesson(p.app, "night-market", resume=False)  # its steps name buttons by keys, not by words
    p.frames(2)
    assert text.language() == "de" and p.top.role_of(p.top.viewer) == "Du"
    p.app.stack.reset(TitleScene(p.app))
    p.frames(3)
    assert text.language() == "de" and p.top.buttons["settings"].text == "Einstellungen"
