"""The composition root (game/compose.py) decides what an app is made of; the app knows its layers only
by their shape (game/shell/layers.py) and imports no feature."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from game.compose import compose_app
from game.scenes.title import TitleScene
from game.shell.app import AppOptions
from game.shell.loop import FakeClock

SHELL = Path(__file__).resolve().parent.parent / "game" / "shell"
FEATURES = ("game.kiosk", "game.tutorial", "game.scenes", "game.compose")  # the catalogue still names setup scenes
FEATURELESS = ("app.py", "layers.py", "scene.py", "targets.py", "focus.py", "pointer.py", "display.py")


class Recorder:
    """A layer that notes what reaches it."""

    def __init__(self, name: str, first: bool, stays: bool, takes: int | None = None) -> None:
        self.name, self.first, self.veils, self.stays, self.takes = name, first, False, stays, takes
        self.seen: list[int] = []
        self.steps = 0

    def intercept(self, event: pygame.event.Event) -> bool:
        self.seen.append(event.type)
        return event.type == self.takes

    def update(self, dt: float) -> None:
        self.steps += 1

    def draw(self, canvas: pygame.Surface, dirty: list[pygame.Rect] | None) -> list[pygame.Rect] | None:
        return dirty

    def crashed(self, where: str) -> bool:
        return self.stays


def imported(path: Path) -> set[str]:
    """Every module a file imports, at any level (inside functions and under TYPE_CHECKING too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("name", FEATURELESS)
def test_the_app_and_its_parts_import_no_feature(name):
    assert not {m for m in imported(SHELL / name) if m.startswith(FEATURES)}


def test_layers_see_input_in_their_order_step_and_go_after_a_crash_unless_they_stay():
    clock = FakeClock()
    app = compose_app(AppOptions(size=(640, 360), mute=True, pace=False), clock=clock)
    assert isinstance(app.stack.top, TitleScene) and app.layers == []
    guard = Recorder("guard", first=True, stays=True, takes=pygame.QUIT)
    over = Recorder("over", first=False, stays=False)
    app.add_layer(over)
    app.add_layer(guard)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F3, mod=0, unicode="", scancode=0))
    clock.advance(0.05)
    app.frame()
    assert app.running  # the guard took the close request before the app saw it
    assert pygame.QUIT not in over.seen and pygame.KEYDOWN not in over.seen  # F3 is the app's own key
    assert [t for t in guard.seen if t in (pygame.QUIT, pygame.KEYDOWN)] == [pygame.QUIT, pygame.KEYDOWN]
    assert app.meter.visible
    assert guard.steps > 0 and over.steps > 0 and app.layer("over") is over
    app._crashed(RuntimeError("a scene fell over"))
    assert app.layers == [guard]
    pygame.quit()
