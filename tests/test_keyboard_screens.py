"""The menu screens by keyboard alone: History, Play online and the dialogs walk their buttons and text
entries with the same focus ring as the tables (game/shell/focus.py); while a text entry has the cursor
the keys are its own (arrows move the cursor), Tab goes on, Escape leaves the entry, Enter submits."""

from __future__ import annotations

import pygame
import pytest

from game.kiosk.idle import StillPlayingScene
from game.scenes.history import HistoryScene
from game.scenes.online import OnlineScene
from game.scenes.title import TitleScene
from game.shell.targets import typing_in
from tests.conftest import Player, make_player
from tests.test_keyboard_tables import tab_to


@pytest.fixture(autouse=True)
def quit_pygame():  # type: ignore[no-untyped-def]
    yield
    pygame.quit()


def type_text(p: Player, text: str) -> None:
    """Typing as SDL delivers it: a TEXTINPUT event per character."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    p.frames(2)


def history(p: Player) -> HistoryScene:
    """From the title to History by keys alone."""
    tab_to(p, p.top, "button:History")
    p.key(pygame.K_RETURN)
    for _ in range(30):  # the title changes screens through a short fade
        if isinstance(p.top, HistoryScene):
            return p.top
        p.frames(1)
    raise AssertionError(f"History did not open by keys: {type(p.top).__name__} is on top")


def test_history_by_keys_a_share_code_typed_and_entered_is_answered_and_escape_steps_back_out():
    p = make_player()
    scene = history(p)
    tab_to(p, scene, "entry:Paste a share code")
    p.key(pygame.K_RETURN)  # the cursor goes into the entry
    assert typing_in(scene.ui) is scene.code
    type_text(p, "NOT-A-CODE")
    p.key(pygame.K_LEFT)  # a key of the entry's: the cursor moves, the ring stays
    assert scene.focused().name == "entry:Paste a share code" and scene.code.get_text() == "NOT-A-CODE"
    p.key(pygame.K_RETURN)  # Enter submits as Open does
    assert scene.code_line, "Enter in the share code answered nothing"
    p.key(pygame.K_ESCAPE)  # out of the entry, still on History
    assert typing_in(scene.ui) is None and p.top is scene
    p.key(pygame.K_ESCAPE)
    assert isinstance(p.top, TitleScene)


def test_space_puts_the_cursor_in_an_entry_without_typing_a_space_and_tab_goes_on():
    p = make_player()
    scene = history(p)
    tab_to(p, scene, "entry:Paste a share code")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" "))  # SDL's text for that Space
    p.frames(2)
    assert typing_in(scene.ui) is scene.code and scene.code.get_text() == ""
    type_text(p, "ab c")
    assert scene.code.get_text() == "ab c"  # a space typed after is typed
    p.key(pygame.K_TAB)
    assert typing_in(scene.ui) is None and scene.focused().name == "button:Open"


def test_play_online_by_keys_enter_in_the_invite_entry_tries_to_join():
    p = make_player()
    p.app.stack.push(OnlineScene(p.app))
    p.frames(2)
    scene = p.top
    tab_to(p, scene, "entry:invite link or room code")
    p.key(pygame.K_RETURN)
    type_text(p, "hello")
    p.key(pygame.K_RETURN)
    assert "neither an invite link nor" in scene.problem


def test_a_kiosk_prompt_is_answered_by_keys():
    p = make_player()
    answered = []

    class Table:
        def pause(self, why: str) -> None:
            pass

        def resume(self, why: str) -> None:
            answered.append("resumed")

    p.app.stack.push(StillPlayingScene(p.app, 20.0, Table(), lambda: answered.append("timed out")))
    p.frames(2)
    tab_to(p, p.top, "button:Yes, keep playing")
    p.key(pygame.K_RETURN)
    assert not isinstance(p.top, StillPlayingScene) and answered == ["resumed"]
