"""Modals are opaque sheets over a strongly dimmed screen: whatever lies beneath them (a white page
or a black one) leaves no trace inside the sheet, and the screen around it goes dark."""

from __future__ import annotations

import pygame
import pytest

from game.draw.widgets import MODAL_DIM
from game.kiosk.idle import StillPlayingScene
from game.kiosk.initials import InitialsScene
from game.kiosk.operator import NoPinScene, PinGuard, PinPadScene
from game.scenes.confirm import ConfirmScene
from game.scenes.help import PANEL as HELP_PANEL
from game.scenes.help import HelpScene
from game.scenes.night_market.ceremony import PANEL as CEREMONY_PANEL
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.overlays import GameInfoScene, InfoPanel, MenuScene
from game.shell import catalog
from tests.conftest import make_player


@pytest.fixture(scope="module")
def app():
    player = make_player(size=(1280, 720))
    yield player.app
    pygame.quit()


def _modals(app):  # type: ignore[no-untyped-def]
    guard = PinGuard(lambda: "1234", lambda: 3, lambda: 30.0, lambda: 0.0)
    confirm = ConfirmScene(app, "Leave the match?", ["It is saved."], [("Leave", lambda: None, "#danger"),
                                                                       ("Stay", lambda: None, None)])
    pin = PinPadScene(app, guard, lambda: None)
    initials = InitialsScene(app, "Night Market", 54, lambda words: None)
    still = StillPlayingScene(app, 20.0, None, lambda: None)
    return [(confirm, confirm.rect), (HelpScene.for_game(app, catalog.entry("night-market")), HELP_PANEL),
            (pin, pin.rect), (NoPinScene(app), NoPinScene(app).rect), (initials, initials.rect),
            (still, still.rect)] + _night_market_modals(app)


def _night_market_modals(app):  # type: ignore[no-untyped-def]
    """Night Market's own panels and its round-end ceremony: the same sheet as every modal."""
    info = InfoPanel(app, "Pearl coins", ["Top coin 7", "5 left"])
    menu = MenuScene(app, {})
    game_info = GameInfoScene(app, [("Deck", "40 cards")], ["Round 1 begins."])
    data = {"round": 1, "reason": "coins", "coins": [40, 30], "bonus": [[], []], "porters": [3, 1],
            "porter_token": 0, "totals": [45, 30], "winner": 0, "tiebreak": None, "seals": [1, 0]}
    ceremony = Ceremony(app, data, ("Ada", "Basil"), (0, 1), {0: (0, 200, 200), 1: (230, 100, 170)}, None,
                        lambda: None, lambda: None, lambda: None)
    return [(info, info.rect), (menu, menu.RECT), (game_info, game_info.RECT), (ceremony, CEREMONY_PANEL)]


def _over(draw, colour: tuple[int, int, int]) -> pygame.Surface:  # type: ignore[no-untyped-def]
    canvas = pygame.Surface((1920, 1080))
    canvas.fill(colour)
    for y in range(0, 1080, 40):  # lines of "text" beneath
        pygame.draw.line(canvas, (255, 255, 255) if colour == (0, 0, 0) else (0, 0, 0), (0, y), (1920, y), 6)
    draw(canvas)
    return canvas


def _assert_sheet(name: str, rect: pygame.Rect, draw) -> None:  # type: ignore[no-untyped-def]
    """`draw(canvas)` over a white and over a black page: the same inside `rect`, dark around it."""
    on_white, on_black = _over(draw, (255, 255, 255)), _over(draw, (0, 0, 0))
    inside = rect.inflate(-64, -64)
    a = pygame.image.tobytes(on_white.subsurface(inside), "RGB")
    b = pygame.image.tobytes(on_black.subsurface(inside), "RGB")
    assert a == b, f"{name}: what lies beneath shows through the sheet"
    outside = on_white.get_at((8, 8))
    assert max(outside[:3]) <= 255 - MODAL_DIM + 1, f"{name}: the screen around is not dimmed enough"


@pytest.mark.slow
def test_nothing_beneath_a_modal_shows_through_its_sheet_and_the_rest_is_strongly_dimmed(app):
    for scene, rect in _modals(app):
        _assert_sheet(scene.name, rect, lambda canvas, scene=scene: scene.draw(canvas, True))


def test_swap_meets_round_summary_and_pause_box_are_the_same_sheet():
    from game.scenes.swap_meet.summary import PANEL as SWAP_PANEL
    from game.scenes.swap_meet.summary import PauseOverlay, SummaryOverlay
    from tests.test_swap_meet_scene import HANDS
    from tests.test_swap_meet_scene import start as swap_meet

    p, floor = swap_meet(hands=HANDS, round_seconds=60)
    p.clock.advance(61)  # the round clock runs out: the lock moment, then the summary
    p.frames(130)
    summary = p.top
    assert isinstance(summary, SummaryOverlay) and summary.stage == "summary"
    _assert_sheet("swap meet summary", SWAP_PANEL, lambda canvas: summary.draw(canvas, True))
    pause = PauseOverlay(p.app, floor)
    _assert_sheet("swap meet pause", pause.box, lambda canvas: pause.draw(canvas, True))


def test_stamp_swaps_day_summary_and_details_are_the_same_sheet():
    from game.scenes.stamp_swap.centre import DETAILS, SUMMARY, paint_details, paint_summary
    from game.scenes.stamp_swap.scene import StampSwapScene
    from rules.contract import MatchConfig, SeatConfig

    p = make_player(size=(1280, 720))
    p.app.update_settings(seen_briefings=("stamp-swap",))
    config = MatchConfig((SeatConfig("Ann"), SeatConfig("Basil", "easy"), SeatConfig("Cobalt", "easy")))
    scene = StampSwapScene.new(p.app, config, 3, autosave=False)
    p.app.stack.reset(scene)
    p.frames(3)
    scene.day_rows = [(0, "Ann", {"exhibitors": 6, "contest": 4}, "most blue: 1st"),
                      (1, "Basil", {"exhibitors": 3, "token": 2}, "most blue: 2nd")]
    scene.day_swaps = ["Ann took Basil's B"]
    scene._open_summary()  # what the scene does when a day's Show has been told
    assert scene.summary is not None
    _assert_sheet("stamp swap summary", SUMMARY, lambda canvas: paint_summary(scene, canvas))
    scene.summary = None
    scene.details = {"lines": ["The first-player token", "Whoever holds it chooses first."]}
    _assert_sheet("stamp swap details", DETAILS, lambda canvas: paint_details(scene, canvas))


def test_a_confirmation_sheet_is_wide_enough_for_its_words(app):
    title = "Replace your paused Night Market match?"
    lines = ["A Night Market match is paused (saved just now).",
             "Starting a new one replaces it; your other games stay paused."]
    confirm = ConfirmScene(app, title, lines, [("Start new", lambda: None, "#danger"), ("Keep it", lambda: None, None)])
    words = [app.text.font(confirm.title_size, True).size(title)[0], *(app.text.font(30).size(x)[0] for x in lines)]
    assert max(words) + 2 * 40 <= confirm.rect.w <= 1920
    assert all(confirm.rect.contains(b.rect) for b in confirm.choices)
