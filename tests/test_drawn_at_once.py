"""Every button is drawn the frame it appears, with no pointer motion (a touch screen moves none):
a plain pygame-gui button, one shown or relabelled between frames, a table's away strip with its
buttons, and the online lobby's Let in / Turn away after a knock."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.draw.ui import button, resize
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.online import OnlineLobbyScene
from game.shell.scene import Scene
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import Player, make_player

BACKDROP = (40, 90, 60)


@pytest.fixture
def p():
    player = make_player(size=(1280, 720))
    player.app.display.shown = True  # these tests read the window itself, which the dummy driver never shows
    player.app.update_settings(seen_briefings=("night-market", "swap-meet", "stamp-swap"))
    yield player
    pygame.quit()


def quiet(p: Player) -> None:
    """Let every scene settle: no input for longer than any redraw after input lasts."""
    p.frames(80)
    assert not any(s.is_dirty() for s in p.app.stack.visible())


def drawn(p: Player, rect: pygame.Rect) -> bool:
    """True when the window shows, inside `rect` (logical), something unlike what lies around it."""
    screen = pygame.display.get_surface()
    assert screen is not None
    window = p.app.display.to_window(rect.inflate(-16, -16))
    around = screen.get_at(p.app.display.to_window(rect.inflate(40, 40)).topleft)
    return any(max(abs(a - b) for a, b in zip(screen.get_at((x, y))[:3], around[:3], strict=True)) > 24
               for x in range(window.x, window.right, 3) for y in range(window.y, window.bottom, 3))


class Plain(Scene):
    """A flat backdrop; a button appears when `later` is set, as a network message would make it."""

    name = "plain"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.later: Any = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.later is not None:
            self.later, make = None, self.later
            make()

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(BACKDROP)


def test_a_button_made_between_frames_is_drawn_in_its_first_frame(p):
    scene = Plain(p.app)
    p.app.stack.reset(scene)
    quiet(p)
    rect = pygame.Rect(700, 500, 420, 90)
    made: list[Any] = []
    scene.later = lambda: made.append(button(scene.ui, rect, "Let in", "#primary"))
    p.frames(1)
    assert made and drawn(p, rect)


def test_a_button_shown_or_relabelled_between_frames_is_redrawn_without_input(p):
    scene = Plain(p.app)
    p.app.stack.reset(scene)
    rect = pygame.Rect(700, 500, 420, 90)
    b = button(scene.ui, rect, "Wait")
    b.hide()
    quiet(p)
    assert not drawn(p, rect)
    scene.later = b.show
    p.frames(1)
    assert drawn(p, rect)
    quiet(p)
    before = pygame.display.get_surface().subsurface(p.app.display.to_window(rect)).copy()
    scene.later = lambda: b.set_text("Go on")
    p.frames(2)  # pygame-gui paints a new label in its next update
    after = pygame.display.get_surface().subsurface(p.app.display.to_window(rect))
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")


def test_a_button_resized_between_frames_is_whole_in_its_first_frame(p):
    """`ui.resize` (title, help, curtain) rebuilds at once: the next frame equals a settled one."""
    scene = Plain(p.app)
    p.app.stack.reset(scene)
    made = button(scene.ui, (700, 500, 300, 90), "Resume guided match  ›", "#primary")
    quiet(p)
    wide = pygame.Rect(640, 500, 520, 90)
    scene.later = lambda: resize(made, wide.size, wide.topleft)
    p.frames(1)
    area = p.app.display.to_window(wide.inflate(8, 8))
    first = pygame.image.tobytes(pygame.display.get_surface().subsurface(area), "RGB")
    quiet(p)
    assert pygame.image.tobytes(pygame.display.get_surface().subsurface(area), "RGB") == first


def test_the_away_strip_and_its_buttons_show_the_frame_the_table_reports_someone_away(p, monkeypatch):
    scene = NightMarketScene.new(p.app, MatchConfig((SeatConfig("Ada"), SeatConfig("Bo", "easy"))), 11)
    p.app.stack.reset(scene)
    p.frames(90)
    quiet(p)
    away: dict[int, float] = {}
    monkeypatch.setattr(scene.table, "away", lambda: away)
    monkeypatch.setattr(scene.table, "away_choices", lambda seat: ("bot", "claim"))
    away[1] = 75.0
    p.frames(1)
    assert len(scene.away_bar.buttons) == 2
    for element in scene.away_bar.buttons:
        assert drawn(p, pygame.Rect(element.rect))


class KnockedRoom:
    """A hosted room as the lobby sees it, with a guest knocking once `knock()` is called."""

    def __init__(self) -> None:
        self.seat, self.code, self.is_host, self.knocking, self.table = 0, "ABCD", True, None, None
        self.link, self.errors = "open", []
        self.invite = {"link": "http://127.0.0.1:1/j/ABCD#t"}
        self.client = type("Client", (), {"token": None, "url": "ws://127.0.0.1:1", "unreachable": False})()
        seat = {"name": "Host", "bot": None, "ready": True, "presence": "here", "latency_ms": None}
        self.lobby: dict[str, Any] = {"game": "night-market", "host": 0, "seats": [seat], "knocks": []}

    def knock(self) -> None:
        self.lobby = {**self.lobby, "knocks": [{"request": 7, "name": "Ben"}]}

    def poll(self) -> None:
        """Nothing to read: the test changes the room itself."""

    def take_notices(self) -> list[str]:
        return []

    def new_invite(self) -> None:
        """The invite is already there."""


def test_let_in_and_turn_away_are_drawn_the_frame_after_a_knock(p):
    room = KnockedRoom()
    p.app.stack.reset(OnlineLobbyScene(p.app, room, None))  # type: ignore[arg-type]
    quiet(p)
    room.knock()
    p.frames(1)
    lobby = p.top
    answers = [b for b, (key, _) in lobby.buttons.items() if key == "admit"]
    assert sorted(b.text for b in answers) == ["Let in", "Turn away"]
    for element in answers:
        assert drawn(p, pygame.Rect(element.rect))
