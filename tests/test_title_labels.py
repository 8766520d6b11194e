"""The title screen keeps every label inside its button and every game name inside its tile, at any size."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.draw.ui import LABEL_PAD, label_fits
from game.scenes.title import TILE_W, TitleScene
from game.services import saves
from game.shell import catalog
from rules.contract import MatchConfig
from rules.record import MatchRecord
from tests.conftest import make_player

LONG_NAMES = {"night-market": "The Grand Night Market of the Lanterns", "swap-meet": "Swap Meet",
              "stamp-swap": "Stamp Swap Collectors' Extravaganza"}


@pytest.fixture(autouse=True)
def every_game_paused(monkeypatch):
    """A paused match of every game, so each tile carries its Continue button."""
    found = [saves.Save(MatchRecord(e.name, 1, 1, MatchConfig(())), saved_at=1.0) for e in catalog.entries()]
    monkeypatch.setattr(saves, "paused", lambda: (found, []))
    yield
    pygame.quit()


def labels_fit(scene: TitleScene) -> list[str]:
    """The labels that do not fit their button (empty when all do)."""
    made = [*scene.continues, *scene.buttons.values()]
    return [b.text for b in made if b.font.size(b.text)[0] + 2 * LABEL_PAD > b.rect.w]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_title_button_label_fits_its_button(size):
    player = make_player(size=size)
    scene = player.top
    assert isinstance(scene, TitleScene) and len(scene.continues) == len(catalog.entries())
    assert labels_fit(scene) == []
    assert all(b.text.startswith("Continue") for b in scene.continues)
    rects = [b.rect for b in scene.buttons.values()]
    assert all(a.right + 20 <= b.left for a, b in zip(rects, rects[1:]))  # a row, none overlapping


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_long_game_names_fit_their_tile_and_their_continue_button(monkeypatch, size):
    long = tuple(dataclasses.replace(e, title=LONG_NAMES[e.name]) for e in catalog.entries())
    monkeypatch.setattr(catalog, "entries", lambda: long)
    drawn: list[tuple[str, pygame.Rect]] = []
    player = make_player(size=size)
    text = player.app.text
    real = text.draw

    def spy(target, words, pos, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(target, words, pos, size, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(text, "draw", spy)
    scene = player.top
    scene.draw_scene(player.app.display.canvas)
    assert labels_fit(scene) == []
    for tile in scene.tiles:
        parts = [(w, r) for w, r in drawn if w and w in tile.entry.title and tile.rect.collidepoint(r.center)]
        assert " ".join(w for w, _ in parts) == tile.entry.title  # all of it, on one line or two
        assert all(r.w <= TILE_W and tile.rect.left <= r.left and r.right <= tile.rect.right for _, r in parts)


def test_the_title_keeps_a_back_to_room_button_inside_the_row(monkeypatch):
    from game.online import rejoin

    rejoin.remember(rejoin.HeldSeat("ws://127.0.0.1:9/ws", "ABCDEF", "t" * 32, "swap-meet"))
    scene = make_player(size=(1280, 720)).top
    assert "rejoin" in scene.buttons and labels_fit(scene) == []
    rects = [b.rect for b in scene.buttons.values()]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert min(r.left for r in rects) >= 0 and max(r.right for r in rects) <= 1920


def test_the_help_screens_resume_guided_match_label_fits(monkeypatch):
    import game.tutorial.lesson as lesson
    from game.scenes.help import HelpScene

    monkeypatch.setattr(lesson, "has_place", lambda game: True)
    player = make_player(size=(1280, 720))
    help_scene = HelpScene.for_game(player.app, catalog.entry("stamp-swap"))
    assert help_scene.guided is not None and help_scene.guided.text.startswith("Resume")
    assert label_fits(help_scene.guided)
