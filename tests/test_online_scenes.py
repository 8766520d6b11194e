"""The online screens driven headless against a live server on 127.0.0.1: host a room from the
title's Play online, a friend joins with the invite link, the host starts, and the game's own
table scene plays the whole match over a RemoteTable. Every loop is bounded in count and time."""

from __future__ import annotations

import time

import pygame
import pytest

from game.match.remote import RemoteRoom
from game.online.client import NetClient
from game.relay.protocol import parse_invite
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.online import OnlineLobbyScene, OnlineScene
from rules.night_market.bot.levels import make_bot
from tests.conftest import Player, make_player
from tests.online_helpers import live_frame
from tests.support import WAIT

FAST = {"ping_interval": 0.5, "ping_timeout": 0.5, "close_timeout": 0.5}


@pytest.fixture
def p():
    player = make_player(size=(1280, 720), extra={"hosting": {"bind": "127.0.0.1"}})
    player.app.update_settings(seen_briefings=("night-market", "swap-meet", "stamp-swap"))
    yield player
    # as quitting the app does (App.run), and as leaving the room would: this app's links close and
    # the server it hosts stops (left running they would ping for the rest of the session)
    for scene in player.app.stack.scenes:
        if isinstance(getattr(scene, "room", None), RemoteRoom):
            scene.room.close()
    player.app.stack.reset(player.app.title())  # a match scene closes its table as it goes
    player.app.stop_hosting()
    pygame.quit()


def pump(p: Player, until, guest: RemoteRoom | None = None, seconds: float = WAIT) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, f"timed out: top={p.top.name}, toasts={list(p.app.toasts.queue)}"
        live_frame(p)
        if guest is not None:
            guest.poll()
        time.sleep(0.005)


def host_a_room(p: Player, game: str) -> OnlineLobbyScene:
    p.app.stack.reset(OnlineScene(p.app, game))
    p.frames(2)
    p.press_button(p.top.host, settle=2)
    pump(p, lambda: isinstance(p.top, OnlineLobbyScene) and p.top.room.invite is not None and p.app._fade is None)
    return p.top


def friend_joins(lobby: OnlineLobbyScene) -> RemoteRoom:
    invite = parse_invite(lobby.room.invite["link"])
    assert invite is not None and invite.server is not None and invite.ticket
    hello = {"type": "join", "room": invite.room, "name": "Friend", "ticket": invite.ticket}
    return RemoteRoom(NetClient(invite.server, hello, **FAST).start())


@pytest.mark.slow
def test_host_a_night_market_room_a_friend_joins_by_link_and_they_play_a_whole_match(p):
    lobby = host_a_room(p, "night-market")
    assert lobby.hosting is not None and "Hosting on this computer" in lobby.hosting.describe()[0]
    guest = friend_joins(lobby)
    try:
        pump(p, lambda: guest.seat is not None, guest)
        guest.ready(True)
        pump(p, lambda: len(lobby.room.lobby["seats"]) == 2 and lobby.room.lobby["seats"][1]["ready"], guest)
        start = next(b for b, (key, _) in lobby.buttons.items() if key == "start")
        p.press_button(start, settle=2)
        pump(p, lambda: isinstance(p.top, NightMarketScene), guest)
        scene = p.top
        assert scene.table.here == (0,) and not scene.table.can_pause
        with pytest.raises(PermissionError):
            scene.table.view(1)  # the friend's hand never reaches this device
        bots = {0: make_bot("easy", 0, 1), 1: make_bot("easy", 1, 2)}
        p.app.loop.max_steps = 30  # every fixed step of the match is run; only the drawing between them is skipped
        play_to_the_end(p, scene, guest, bots)
        assert scene.table.outcome() is not None and guest.table.outcome() == scene.table.outcome()
    finally:
        guest.close()


def play_to_the_end(p: Player, scene: NightMarketScene, guest: RemoteRoom, bots: dict) -> None:  # type: ignore[type-arg]
    deadline = time.monotonic() + 4 * WAIT  # a whole match of three rounds, each move drawn (~15 s quiet)
    moves = 0
    while scene.table.outcome() is None:
        assert time.monotonic() < deadline and moves < 400, f"no end of the match after {moves} moves"
        top = p.top
        if isinstance(top, Ceremony):
            top._skip()
            p.frames(2)
            if top.match_winner is None:
                top.on_button(next(b for b, key in top.buttons.items() if key == "next"))
            p.frames(2)
        for table, seat in ((scene.table, 0), (guest.table, 1)):
            if table is not None and table.waiting() == (seat,) and not table.pending(seat) and table.legal(seat):
                table.act(seat, bots[seat].choose(table.view(seat), table.legal(seat)))
                moves += 1
        p.frames(1, dt=0.5)  # half a second of animation per drawn frame: the relay's answers come in real time
        guest.poll()
        time.sleep(0.003)
    pump(p, lambda: scene.table.outcome() is not None and guest.table.outcome() is not None, guest)


def test_a_bad_invite_is_explained_and_nothing_connects(p):
    p.app.stack.reset(OnlineScene(p.app))
    p.frames(2)
    p.top.entry.set_text("not a link")
    p.press_button(p.top.join, settle=2)
    assert "neither an invite link nor" in p.top.problem and isinstance(p.top, OnlineScene)


def test_a_room_code_alone_without_a_relay_says_what_to_do(p):
    p.app.stack.reset(OnlineScene(p.app))
    p.frames(2)
    p.top.entry.set_text("ABCDEF")
    p.press_button(p.top.join, settle=2)
    assert "needs a relay" in p.top.problem


def test_leaving_the_lobby_stops_the_embedded_server(p):
    lobby = host_a_room(p, "stamp-swap")
    hosting = lobby.hosting
    leave = next(b for b, (key, _) in lobby.buttons.items() if key == "leave")
    p.press_button(leave, settle=40)
    assert p.top.name == "title" and hosting.embedded is None


def test_the_invite_copied_toast_lies_in_the_rooms_free_band_clear_of_its_words(p):
    lobby = host_a_room(p, "night-market")
    copy = next(b for b, (key, _) in lobby.buttons.items() if key == "copy")
    p.press_button(copy, settle=2)
    assert p.app.toasts.current is not None and "copied" in p.app.toasts.current
    lane = lobby.toast_lane()
    assert lane is not None
    toast = p.app.toasts.draw(pygame.Surface((1920, 1080)), lane)[0]
    seats_end = 180 + 150 + len(lobby.room.lobby["seats"]) * 78  # PANEL.y + first row + rows
    hosting_top = 180 + 740 - 86  # the "Hosting on this computer" line
    assert seats_end <= toast.top and toast.bottom <= hosting_top
