"""The client's shell in German and French: seat setup (with Swap Meet's Relaxed rounds), the
first-play offer and the leave dialog, History and the Online screen laid out at both window sizes
with no text overflowing its box (the layout check of game/draw/layout_record.py); a warning from
the services worded in the language chosen after it was made."""

from __future__ import annotations

import pytest

from game import text
from game.draw.layout_record import recording
from game.scenes.confirm import ConfirmScene
from game.scenes.history import HistoryScene
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.online import OnlineScene
from game.services.settings import load, settings_path
from game.shell import catalog
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import layout_problems, make_player

pytestmark = pytest.mark.usefixtures("english_after")




def _shown(p, scene, what: str) -> None:  # type: ignore[no-untyped-def]
    """`scene` alone on the stack, drawn, and laid out without a problem."""
    p.app.stack.reset(scene)
    p.frames(1)
    assert layout_problems(p.app) == [], what


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_seat_setup_dialogs_history_and_online_fit_in_german_and_french(lang: str, size: tuple[int, int]) -> None:
    with recording():
        p = make_player(size, extra={"lang": lang})
        swap_meet, stamp_swap = catalog.entry("swap-meet"), catalog.entry("stamp-swap")
        assert swap_meet is not None and stamp_swap is not None
        setup = swap_meet.setup_scene(p.app)
        setup.options["pace"] = "relaxed"
        setup._build()
        _shown(p, setup, "Swap Meet's seat setup")
        relaxed = text.tr("setup.option.pace.relaxed")
        assert relaxed != "Relaxed" and any(b.text.startswith(relaxed) for b in setup.option_buttons.values())
        _shown(p, stamp_swap.setup_scene(p.app), "Stamp Swap's seat setup (bots and their notes)")
        _shown(p, HistoryScene(p.app), "History")
        _shown(p, OnlineScene(p.app), "Online")
        scene = NightMarketScene.new(p.app, MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "easy"))), 11)
        p.app.stack.reset(scene)  # a first Night Market here: "New to Night Market?" comes over it
        p.frames(2)
        assert isinstance(p.top, ConfirmScene) and p.top.title == text.tr("offer.heading", game="Night Market")
        assert layout_problems(p.app) == [], "the first-play offer"
        p.top.on_back()  # Just play
        scene.leave()  # the match pauses under "Leave this match?"
        p.frames(1)
        assert isinstance(p.top, ConfirmScene) and p.top.title == text.tr("leave.heading")
        assert layout_problems(p.app) == [], "the leave dialog"


def test_a_damaged_settings_file_is_reported_in_the_language_chosen_after_reading_it() -> None:
    settings_path().write_text("{ not json", encoding="utf-8")
    _, warning = load()  # read before the language is chosen (it is one of the settings)
    assert warning is not None and warning.startswith("Your settings file could not be used (it is not valid JSON")
    text.use("de")
    shown = warning.words()
    assert shown.startswith("Deine Einstellungsdatei war nicht nutzbar (sie ist kein gültiges JSON")
    assert "beiseitegelegt" in shown
