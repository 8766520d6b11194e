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


def _over(scene, colour: tuple[int, int, int]) -> pygame.Surface:  # type: ignore[no-untyped-def]
    canvas = pygame.Surface((1920, 1080))
    canvas.fill(colour)
    for y in range(0, 1080, 40):  # lines of "text" beneath
        pygame.draw.line(canvas, (255, 255, 255) if colour == (0, 0, 0) else (0, 0, 0), (0, y), (1920, y), 6)
    scene.draw(canvas, True)
    return canvas


@pytest.mark.slow
def test_nothing_beneath_a_modal_shows_through_its_sheet_and_the_rest_is_strongly_dimmed(app):
    for scene, rect in _modals(app):
        on_white, on_black = _over(scene, (255, 255, 255)), _over(scene, (0, 0, 0))
        inside = rect.inflate(-64, -64)
        a = pygame.image.tobytes(on_white.subsurface(inside), "RGB")
        b = pygame.image.tobytes(on_black.subsurface(inside), "RGB")
        assert a == b, f"{scene.name}: what lies beneath shows through the sheet"
        outside = on_white.get_at((8, 8))
        assert max(outside[:3]) <= 255 - MODAL_DIM + 1, f"{scene.name}: the screen around is not dimmed enough"


def test_a_confirmation_sheet_is_wide_enough_for_its_words(app):
    title = "Replace your paused Night Market match?"
    lines = ["A Night Market match is paused (saved just now).",
             "Starting a new one replaces it; your other games stay paused."]
    confirm = ConfirmScene(app, title, lines, [("Start new", lambda: None, "#danger"), ("Keep it", lambda: None, None)])
    words = [app.text.font(confirm.title_size, True).size(title)[0], *(app.text.font(30).size(x)[0] for x in lines)]
    assert max(words) + 2 * 40 <= confirm.rect.w <= 1920
    assert all(confirm.rect.contains(b.rect) for b in confirm.choices)
