"""No text on a screen that did not come from the catalogue (game/tools/catalogue_check.py): each
screen below is drawn with the marked pseudo-language, and a drawn text with a letter the catalogue
did not give fails, names aside (seat names, the game names, the languages' own names).

A screen is one line: (name, step), where the step takes the app there (each runs after the one
before it, in one app) and returns the names players gave that the screen shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.draw.ui import HintEntry, button
from game.kiosk.attract import DEMO_NAMES
from game.kiosk.idle import StillPlayingScene
from game.kiosk.initials import InitialsScene
from game.kiosk.operator import NoPinScene
from game.scenes.help import HelpScene
from game.scenes.history import HistoryScene
from game.scenes.howto import HowToPlayScene
from game.scenes.night_market import layout as L
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.online import OnlineScene
from game.scenes.settings import SettingsScene
from game.scenes.swap_meet.scene import SwapMeetScene
from game.shell import catalog
from game.text import marked
from game.tools.catalogue_check import checking, untranslated, walk
from rules.contract import MatchConfig, SeatConfig
from rules.swap_meet.actions import OpenOffer, TaxAudit
from rules.swap_meet.scenario import scenario
from tests import test_kiosk as base
from tests import test_language_stamp_swap as ss_lang
from tests import test_language_swap_meet as sm_lang
from tests.conftest import Player, make_player
from tests.test_language_screens import ROUND_END
from tests.test_stamp_swap_helpers import show_state

kiosk_file = base.kiosk_file
Step = Callable[[Player], tuple[str, ...]]
SEATS = ("Ada", "Basil")
INITIALS = tuple(name[0] for name in SEATS)  # Stamp Swap's seat badges


def _settings(p: Player) -> tuple[str, ...]:
    p.app.stack.push(SettingsScene(p.app))
    p.frames(1)
    return ()


def _night_market_turn(p: Player) -> tuple[str, ...]:
    p.app.update_settings(seen_briefings=("night-market",))
    scene = NightMarketScene.new(p.app, MatchConfig((SeatConfig(SEATS[0]), SeatConfig(SEATS[1], "hard"))), 11)
    p.app.stack.reset(scene)
    p.frames(2)
    scene.anim.finish_all()  # the deal lands at once
    porters = next((c for c, k in scene.view.market if k == "porter"), None)
    scene.tap_market(porters if porters is not None else scene.view.market[0][0])  # a line and buttons
    p.frames(3)
    return SEATS


def _night_market_round_end(p: Player) -> tuple[str, ...]:
    scene = p.top
    end = Ceremony(p.app, dict(ROUND_END), scene.names, (0, 1), {0: L.ME_COLOUR, 1: L.OTHER_COLOUR}, None,
                   lambda: None, lambda: None, lambda: None)
    p.app.stack.push(end)
    end.on_back()  # a tap skips to the end of the reveal
    p.frames(2)
    return SEATS


SCREENS: list[tuple[str, Step]] = [
    ("title", lambda p: ()),
    ("Settings", _settings),
    ("Night Market, a turn", _night_market_turn),
    ("Night Market, a round's end", _night_market_round_end),
]


def _attract(p: Player) -> tuple[str, ...]:
    p.app.kiosk.start_attract()  # a demo table under the banner and its language chips
    p.frames(2)
    return DEMO_NAMES


def _next_card(p: Player) -> tuple[str, ...]:
    p.app.kiosk.attract._next()  # the how-to card, then the scores card
    p.frames(1)
    return ()


def _still_playing(p: Player) -> tuple[str, ...]:
    p.app.kiosk.leave_attract()
    scene = base.visitor_match(p)
    p.app.stack.push(StillPlayingScene(p.app, 20.0, scene.table, lambda: None))
    p.frames(1)
    return scene.names


def _initials(p: Player) -> tuple[str, ...]:
    p.app.stack.pop()
    names = tuple(p.top.names)  # the match's, under the dialog
    p.app.stack.push(InitialsScene(p.app, "Night Market", 57, lambda initials: None))
    p.frames(1)
    return (*names, "A")  # and the letters chosen so far


def _pin_pad(p: Player) -> tuple[str, ...]:
    p.app.kiosk.end_session()
    p.app.kiosk.open_operator()
    p.frames(1)
    return ()


def _push(make: Callable[[Player], object]) -> Step:
    def step(p: Player) -> tuple[str, ...]:
        make(p)
        p.frames(1)
        return ()
    return step


KIOSK_SCREENS: list[tuple[str, Step]] = [
    ("attract: a demo under the banner", _attract),
    ("attract: a how-to card", _next_card),
    ("attract: today's best", _next_card),
    ("Still playing?", _still_playing),
    ("initials for the board", _initials),
    ("PIN pad", _pin_pad),
    ("no PIN set", _push(lambda p: p.app.stack.push(NoPinScene(p.app)))),
    ("operator menu", _push(lambda p: p.app.kiosk.open_menu())),
    ("touch test", _push(lambda p: p.app.kiosk.open_touch_test())),
]


@pytest.fixture(autouse=True)
def _quit():  # type: ignore[no-untyped-def]
    yield
    pygame.quit()


def test_the_marked_catalogue_marks_every_letter_and_keeps_fields() -> None:
    assert marked.mark_template("Sell {count:#card} {{x}}") == "Ⓢⓔⓛⓛ {count:#card} {{ⓧ}}"
    assert marked.letters_left(marked.mark("Größe 3 · Français!")) == ""
    assert marked.letters_left("Ⓢⓔⓛⓛ Skip") == "Skip"


def test_the_title_settings_and_a_night_market_table_draw_only_catalogue_words() -> None:
    with checking():
        p = make_player()
        assert walk(p.app, SCREENS, p) == {}
        p.app.toast("Words from no catalogue")  # the check sees our renderer's texts and pygame-gui's
        button(p.top.ui, (100, 100, 400, 80), "Nor these", tool_tip="Nor a tip")
        HintEntry(pygame.Rect(100, 300, 400, 64), p.top.ui, "Nor this hint")
        p.frames(1)
        assert set(untranslated(p.app, SEATS)) == {"Words from no catalogue", "Nor these", "Nor a tip", "Nor this hint"}


def test_the_kiosk_screens_draw_only_catalogue_words(kiosk_file) -> None:  # type: ignore[no-untyped-def]
    with checking():
        p = make_player(kiosk=True, extra={"kiosk_config": kiosk_file(languages=["de", "fr"])})
        assert walk(p.app, KIOSK_SCREENS, p) == {}


def _stamp_swap(p: Player) -> tuple[str, ...]:
    """A Stamp Swap Collect with a pool item chosen (its words and Take shown)."""
    p.app.update_settings(seen_briefings=("stamp-swap",))
    scene = ss_lang._table(p)
    ss_lang._until_acting(p, scene)
    p.tap_finger(scene.lay.rect_of(scene.v["pool"][0]["key"]).center)
    p.frames(2)
    return (*SEATS, *INITIALS, *_printed_names(scene.v))


def _stamp_swap_show(p: Player) -> tuple[str, ...]:
    scene = ss_lang._table(p, show_state(2, [(), ()]))
    return (*SEATS, *INITIALS, *_printed_names(scene.v))


def _printed_names(view: dict[str, Any]) -> list[str]:
    """Stamp Swap's card and rare-stamp names: printed on the cards, kept as printed in every language."""
    found: list[str] = []
    def visit(node: Any) -> None:
        if isinstance(node, dict):
            found.extend(str(node[k]) for k in ("name", "title") if isinstance(node.get(k), str))
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)
    visit(view)
    return found


def _swap_meet(p: Player) -> tuple[str, ...]:
    p.app.update_settings(seen_briefings=("swap-meet",))
    seats = (SeatConfig("Ada"), *(SeatConfig(name, "normal") for name in ("Basil", "Cobalt", "Dune")))
    scene = SwapMeetScene.new(p.app, MatchConfig(seats, {"round_seconds": 60}), 3)
    p.app.stack.reset(scene)
    scene.table.bots = {}  # the bots hold still: the step plays their moves
    scene.table.load_position(scenario(sm_lang.HANDS, now=scene.table.now(), round_seconds=60))
    scene.on_events([])
    scene.table.scripted(2, OpenOffer("coin", 2))
    scene.table.scripted(1, TaxAudit())
    p.frames(3)
    scene.anim.finish_all()
    p.frames(2)
    return ("Ada", "Basil", "Cobalt", "Dune")


def _alone(make: Callable[[Player], Any]) -> Step:
    def step(p: Player) -> tuple[str, ...]:
        scene = make(p)
        p.app.stack.reset(scene)
        p.frames(1)
        config = getattr(scene, "config", None)  # a seat setup shows the seats' names (the bots' too)
        return tuple(seat.name for seat in config().seats) if config else ()
    return step


def _first_offer(p: Player) -> tuple[str, ...]:
    p.app.update_settings(seen_briefings=())
    scene = NightMarketScene.new(p.app, MatchConfig((SeatConfig(SEATS[0]), SeatConfig(SEATS[1], "easy"))), 11)
    p.app.stack.reset(scene)  # a first Night Market: "New to Night Market?" comes over it
    p.frames(2)
    return SEATS


def _leave(p: Player) -> tuple[str, ...]:
    p.top.on_back()  # Just play
    p.top.leave()  # the match pauses under "Leave this match?"
    p.frames(1)
    return SEATS


def _setup(game: str) -> Callable[[Player], Any]:
    def make(p: Player) -> Any:
        entry = catalog.entry(game)
        assert entry is not None
        return entry.setup_scene(p.app)
    return make


TABLES_AND_SHELL: list[tuple[str, Step]] = [
    ("Stamp Swap, Collect", _stamp_swap),
    ("Stamp Swap, the Show", _stamp_swap_show),
    ("Swap Meet, mid-round", _swap_meet),
    ("Swap Meet's seat setup", _alone(_setup("swap-meet"))),
    ("Stamp Swap's seat setup", _alone(_setup("stamp-swap"))),
    ("History", _alone(lambda p: HistoryScene(p.app))),
    ("Online", _alone(lambda p: OnlineScene(p.app))),
    ("New to Night Market?", _first_offer),
    ("Leave this match?", _leave),
    ("How to play", _alone(lambda p: HowToPlayScene(p.app))),
    ("Stamp Swap's help", lambda p: _help(p, "stamp-swap")),
    ("Swap Meet's help", lambda p: _help(p, "swap-meet")),
]


def _help(p: Player, game: str) -> tuple[str, ...]:
    """A game's help pages (the page the step opens on); Stamp Swap's printed card names, a word at a
    time (a long one wraps across lines)."""
    entry = catalog.entry(game)
    assert entry is not None
    p.app.stack.reset(HelpScene(p.app, entry.title, list(entry.help_pages)))
    p.frames(1)
    from rules.stamp_swap.cards import CONTESTS, EVENTS, EXHIBITORS, FINALES, SPECIALISTS
    cards = (*CONTESTS, *EVENTS, *EXHIBITORS, *FINALES, *SPECIALISTS)
    return tuple(word for card in cards for word in card.name.split()) if game == "stamp-swap" else ()


def test_the_other_tables_and_the_shell_around_them_draw_only_catalogue_words() -> None:
    with checking():
        p = make_player()
        assert walk(p.app, TABLES_AND_SHELL, p) == {}
