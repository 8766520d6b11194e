"""An empty text entry shows its placeholder as a hint (dim, italic), and what someone types in the
normal look, so nobody takes the hint for a value: the online join field and the settings' server field."""

from __future__ import annotations

import pygame
import pytest

from game.draw.ui import HINT, HintEntry
from game.scenes.online import OnlineScene
from game.scenes.settings import SettingsScene
from tests.conftest import make_player


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def _looks(entry: HintEntry) -> tuple[pygame.Color, bool]:
    return pygame.Color(entry.text_colour), bool(entry.font.italic)


def _type(p, words: str) -> None:  # type: ignore[no-untyped-def]
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        p.frames(1)


def test_the_join_field_shows_a_dim_italic_hint_until_someone_types():
    p = make_player()
    scene = OnlineScene(p.app)
    p.app.stack.reset(scene)
    p.frames(3)
    entry = scene.entry
    hint_colour, hint_italic = _looks(entry)
    assert entry.showing_hint() and HINT in entry.object_ids and hint_italic
    p.click(entry.rect.center)  # focused: the hint goes, the typed look comes
    _type(p, "ABCD")
    assert entry.get_text() == "ABCD" and not entry.showing_hint()
    typed_colour, typed_italic = _looks(entry)
    assert not typed_italic and HINT not in entry.object_ids
    assert sum(hint_colour[:3]) < sum(typed_colour[:3]) - 150  # the hint is clearly dimmer than a value


def test_the_settings_server_field_hints_when_empty_and_not_when_set():
    p = make_player()
    p.app.update_settings(online_server="")
    scene = SettingsScene(p.app)
    p.app.stack.push(scene)
    p.frames(3)
    assert scene.server.showing_hint() and _looks(scene.server)[1]
    scene.server.set_text("https://relay.example:8765")
    p.frames(1)
    assert not scene.server.showing_hint() and not _looks(scene.server)[1]
    scene.server.set_text("")
    p.frames(1)
    assert scene.server.showing_hint() and _looks(scene.server)[1]


def _typed_over(p, entry: HintEntry, words: str) -> None:  # type: ignore[no-untyped-def]
    """Click into the entry, check its face lost the hint, type, check the face shows just the words."""
    p.click(entry.rect.center)
    assert entry.is_focused and entry.shown_text() == "", f"focused and empty, the face says {entry.shown_text()!r}"
    _type(p, words)
    assert entry.get_text() == words and entry.shown_text() == words, entry.shown_text()
    entry.rebuild()  # a later rebuild (hover, theme) draws from the face's text
    assert entry.shown_text() == words


def test_typing_in_the_join_field_replaces_the_placeholder():
    p = make_player()
    scene = OnlineScene(p.app)
    p.app.stack.reset(scene)
    p.frames(3)
    assert scene.entry.shown_text() == "invite link or room code"
    _typed_over(p, scene.entry, "Y5B2RY")


def test_typing_in_the_settings_server_field_replaces_the_placeholder():
    p = make_player()
    p.app.update_settings(online_server="")
    scene = SettingsScene(p.app)
    p.app.stack.push(scene)
    p.frames(3)
    assert scene.server.showing_hint() and scene.server.shown_text()
    _typed_over(p, scene.server, "relay.example")
