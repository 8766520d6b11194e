"""Help pages show pictures of the real cards: every game has some, and each fits its band."""

from __future__ import annotations

import pytest

from game.compose import compose_app
from game.draw.helpart import BAND
from game.scenes.help import BELOW_ART, BODY, HelpScene
from game.shell import catalog
from game.shell.app import AppOptions
from game.shell.loop import FakeClock


@pytest.fixture
def app():
    return compose_app(AppOptions(size=(1280, 720), mute=True, pace=False), clock=FakeClock())


@pytest.mark.parametrize("entry", catalog.entries(), ids=lambda e: e.name)
def test_every_game_has_pictures_that_fit_above_the_text(app, entry):
    pictures = {h: entry.help_picture(app, h) for h, _ in entry.help_pages}
    drawn = [p for p in pictures.values() if p is not None]
    assert len(drawn) >= 2, f"{entry.name}: pictures on {len(drawn)} pages"
    assert all(p.get_size() == BAND for p in drawn)
    assert all(p.get_bounding_rect().w > 200 for p in drawn)  # something is drawn, not a blank band


@pytest.mark.parametrize("entry", catalog.entries(), ids=lambda e: e.name)
def test_the_text_makes_room_only_on_pages_with_a_picture(app, entry):
    scene = HelpScene.for_game(app, entry)
    app.stack.push(scene)
    for i, (heading, _) in enumerate(entry.help_pages):
        scene.index = i
        scene._show()
        app.frame()
        box = BELOW_ART if entry.help_picture(app, heading) is not None else BODY
        assert scene.body.rect.topleft == box.topleft, heading


def test_a_broken_picture_leaves_the_page_readable(app, monkeypatch):
    entry = catalog.entry("night-market")
    monkeypatch.setattr("game.scenes.night_market.helpart.card_face", lambda *a: 1 / 0)
    assert entry.help_picture(app, "How to play") is None


def test_night_market_pictures_follow_the_language_of_the_headings(app):
    from game import text

    entry = catalog.entry("night-market")
    try:
        text.use("it")
        headings = [h for h, _ in entry.help_pages]
        assert headings[0] == "Come si gioca"
        assert [entry.help_picture(app, h) is not None for h in headings] == [True, True, True, False]
    finally:
        text.use("en")


@pytest.mark.parametrize("name", ["stamp-swap", "swap-meet"])
def test_every_picture_finds_its_page_in_german(app, name):
    from game import text

    entry = catalog.entry(name)
    english = [entry.help_picture(app, h) is not None for h, _ in entry.help_pages]
    try:
        text.use("de")
        german = [entry.help_picture(app, h) is not None for h, _ in entry.help_pages]
        cards = [entry.help_picture(app, h) is not None for h, _ in entry.cards]
    finally:
        text.use("en")
    assert german == english and sum(german) >= 2
    assert all(cards)  # How to play and the kiosk show a card's page picture
