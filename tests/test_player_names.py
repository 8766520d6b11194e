"""Players' names: typed in the seat setup (kept per device), shown on every game's table, in the match
config the referee records, sent to the relay when hosting or joining, and checked by the relay."""

from __future__ import annotations

import time

import pygame
import pytest

from game.relay.lobby import Lobby
from game.relay.protocol import ProtocolError, decode_client
from game.scenes.match import MatchScene
from game.scenes.online import OnlineLobbyScene, OnlineScene
from game.shell import catalog
from rules import names
from tests.conftest import Player, make_player


@pytest.fixture
def p():
    player = make_player(extra={"hosting": {"bind": "127.0.0.1"}})
    player.app.update_settings(seen_briefings=("night-market", "swap-meet", "stamp-swap"))
    yield player
    pygame.quit()


def _type(p: Player, field, words: str) -> None:  # type: ignore[no-untyped-def]
    """Click into a text field, clear it with Backspace, type `words` key by key."""
    p.click(field.rect.center)
    for _ in range(len(field.get_text()) + 1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
        p.frames(1)
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        p.frames(1)


def _wait(p: Player, until, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 60
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited 60 s for {what}; top={p.top.name}, toasts={list(p.app.toasts.queue)}")
        p.frames(1, dt=0.1)  # a fade is over in a few frames
        time.sleep(0.002)


def test_a_name_is_short_one_line_and_made_of_letters():
    assert names.valid("Mira") and names.valid("Jean-Luc O'Neil"[:16]) and names.valid("Zoë") and names.valid("Bot 1")
    for bad in ("", " Mira", "Mira  Bo", "x" * 17, "<b>Mira</b>", "Mi\u202era", "Mi\nra", "...", 7):
        assert not names.valid(bad), bad
    assert names.or_default("  Ann   Lee ", "Player 1") == "Ann Lee"
    assert names.or_default("<>", "Player 1") == "Player 1" and names.or_default("", "Player 2") == "Player 2"


@pytest.mark.parametrize("game", ["night-market", "swap-meet", "stamp-swap"])
def test_a_typed_name_plays_on_the_table_and_in_the_recorded_config_and_is_kept(p, game):
    setup = catalog.entry(game).setup_scene(p.app)
    p.app.stack.push(setup)
    p.frames(2)
    field = setup.name_fields[0]
    assert field.get_text() == "" and field.showing_hint()  # blank: the default "Player 1" is the hint
    _type(p, field, "Mira")
    p.click(setup.start.rect.center)
    _wait(p, lambda: isinstance(p.top, MatchScene) or isinstance(p.app.stack.scenes[0], MatchScene), "the table")
    table = next(s for s in p.app.stack.scenes if isinstance(s, MatchScene))
    assert table.names[0] in ("Mira", "You") and table.table.seats[0].name == "Mira"  # Swap Meet says "You" alone
    assert table.table.referee.config.seats[0].name == "Mira"  # what the match record keeps
    assert p.app.settings.player_names == ("Mira",)
    again = catalog.entry(game).setup_scene(p.app)  # the next setup on this device remembers it
    assert again.config().seats[0].name == "Mira"


def test_a_blank_name_is_player_1(p):
    setup = catalog.entry("stamp-swap").setup_scene(p.app)
    p.app.stack.push(setup)
    p.frames(2)
    _type(p, setup.name_fields[0], "   ")
    assert setup.config().seats[0].name == "Player 1"
    assert len(setup.name_fields[0].get_text()) <= names.NAME_MAX


def test_the_name_field_takes_no_more_than_the_limit(p):
    setup = catalog.entry("night-market").setup_scene(p.app)
    p.app.stack.push(setup)
    p.frames(2)
    _type(p, setup.name_fields[0], "Maximilianus Augustus")
    assert setup.config().seats[0].name == "Maximilianus Augustus"[:names.NAME_MAX]


def test_hosting_sends_the_typed_name_to_the_relay(p):
    p.app.stack.reset(OnlineScene(p.app, "stamp-swap"))
    p.frames(2)
    _type(p, p.top.name_field, "Mira")
    p.press_button(p.top.host, settle=2)
    _wait(p, lambda: isinstance(p.top, OnlineLobbyScene) and p.top.room.lobby is not None, "the room's lobby")
    assert p.top.room.lobby["seats"][0]["name"] == "Mira"
    assert p.app.settings.player_names == ("Mira",)


def test_the_relay_refuses_bad_names_and_tells_same_names_apart():
    for bad in ("", "x" * 17, "<script>", "Mi\u202eRA", " Ann"):
        with pytest.raises(ProtocolError):
            decode_client(f'{{"v": 4, "type": "create", "game": "swap-meet", "name": {bad!r}}}'.replace("'", '"'))
    assert decode_client('{"v": 4, "type": "create", "game": "swap-meet", "name": "Zoë"}')["name"] == "Zoë"
    lobby = Lobby("swap-meet", 3, 6, ("easy",))
    lobby.open_room("Sam")
    lobby.join_with_ticket(lobby.issue_ticket(0, 0.0), "Sam", 1.0)
    lobby.join_with_ticket(lobby.issue_ticket(0, 0.0), "sam", 1.0)
    assert [s.name for s in lobby.seats] == ["Sam", "Sam 2", "sam 3"]
