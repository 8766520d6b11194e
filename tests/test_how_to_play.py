"""The title's How to play: a picture per game, links to that game's rules pages and guided match,
and only promises every table keeps (no "hold a card", no developer keys)."""

from __future__ import annotations

import pygame
import pytest

from game.draw.ui import label_fits
from game.scenes.help import HelpScene
from game.scenes.howto import HowToPlayScene
from game.shell import catalog
from tests.conftest import make_player


@pytest.fixture
def p():
    player = make_player()
    yield player
    pygame.quit()


def _open(p) -> HowToPlayScene:  # type: ignore[no-untyped-def]
    p.press_button(p.top.buttons["howto"])
    scene = p.top
    assert isinstance(scene, HowToPlayScene)
    return scene


def test_every_game_page_has_a_picture_fits_and_offers_its_rules_and_guided_match(p):
    scene = _open(p)
    titles = [e.title for e in catalog.entries()]
    assert scene.picture is None and not scene.rules_link.visible  # the welcome: words only
    for title in titles:
        p.tap_finger(scene.next.rect.center)
        assert scene.heading == title and scene.picture is not None
        assert scene.rules_link.visible and scene.guided_link.visible
        assert scene.body.bar is None  # the page fits: no scrolling for a game's short story
        assert scene.rules_link.rect.clip(scene.guided_link.rect).size == (0, 0)


def test_rules_opens_that_games_help_pages_and_closing_returns_to_how_to_play(p):
    scene = _open(p)
    p.click(scene.next.rect.center)
    p.click(scene.next.rect.center)  # Swap Meet's page
    p.click(scene.rules_link.rect.center)
    rules = p.top
    assert isinstance(rules, HelpScene) and rules.title == "Swap Meet" and rules.pages == list(
        catalog.entry("swap-meet").help_pages)
    p.key(pygame.K_ESCAPE)
    assert p.top is scene and scene.heading == "Swap Meet"


def test_guided_match_opens_that_games_lesson(p):
    scene = _open(p)
    for _ in range(3):
        p.key(pygame.K_RIGHT)
    assert scene.heading == "Stamp Swap"
    p.tap_finger(scene.guided_link.rect.center)
    for _ in range(600):  # bounded: the fade to the table
        if getattr(p.top, "GAME", None) == "stamp-swap" or getattr(p.app.stack.scenes[0], "GAME", None) == "stamp-swap":
            break
        p.frames(1)
    else:
        raise AssertionError(f"waited for the Stamp Swap guided match; the stack is {p.app.stack.scenes}")


def test_how_to_play_promises_only_what_works():
    from game.scenes.help_text import TOGETHER, WELCOME

    words = " ".join(body for _, body in (*WELCOME, *TOGETHER)).lower()
    assert "hold" not in words and "f3" not in words and "meter" not in words


def test_how_to_play_reads_in_german_and_every_page_fits(p):
    from game import text

    try:
        text.use("de")
        scene = HowToPlayScene(p.app)
        p.app.stack.push(scene)
        headings, fits = [], []
        for i in range(len(scene.pages)):
            scene.index = i
            scene._show()
            p.frames(1)
            headings.append(scene.heading)
            fits.append(scene.body.bar is None)
        buttons = scene.prev.text, scene.next.text, scene.rules_link.text
        guided_fits = label_fits(scene.guided_link)  # "Geführte Partie ›" grows its button
    finally:
        text.use("en")
    assert headings[0] == "Willkommen in der Market Hall" and headings[-1] == "Gemeinsam spielen"
    assert all(fits), dict(zip(headings, fits, strict=True))  # no page scrolls, the welcome neither
    assert buttons == ("‹ Zurück", "Fertig", "Regeln ›") and guided_fits
