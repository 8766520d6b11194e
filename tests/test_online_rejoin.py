"""Getting back into an online room after the app itself went away: the kept seat on disk, a guest
whose app restarts (the title's "Back to room", and the same invite link again), a host whose app
restarts (its rooms served again on the same port, the guests' reconnects find them), and a host
who quits (the guests are told, not left retrying). Real loopback sockets; every loop bounded."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.match.remote import RemoteRoom
from game.online import rejoin
from game.online.client import NetClient
from game.relay.protocol import parse_invite
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.online import OnlineLobbyScene, join_room
from game.scenes.title import TitleScene
from game.services import paths
from tests.online_helpers import FAST, open_room, running_server, ws_url
from tests.test_online_table_scenes import app_player, host_room, lobby_button, pump

SEAT = rejoin.HeldSeat("ws://127.0.0.1:9/ws", "ABCDEF", "t" * 32, "night-market", None)


# the kept seat --------------------------------------------------------------------------------
def test_a_kept_seat_round_trips_and_is_forgotten_only_for_its_room():
    assert rejoin.recall() is None
    rejoin.remember(SEAT)
    held = rejoin.recall()
    assert held is not None and (held.room, held.token, held.game) == ("ABCDEF", "t" * 32, "night-market")
    rejoin.forget("GHJKLM")
    assert rejoin.recall() is not None
    rejoin.forget("ABCDEF")
    assert rejoin.recall() is None


def test_an_old_seat_is_dropped_and_a_damaged_file_is_set_aside():
    rejoin.remember(SEAT)
    assert rejoin.recall(now=time.time() + rejoin.MAX_AGE + 60) is None
    assert rejoin.recall() is None  # dropped, not merely hidden
    path = paths.data_dir() / rejoin.FILE
    for junk in ("{not json", json.dumps({"server": "http://x", "room": "ABCDEF"}), json.dumps([1, 2])):
        path.write_text(junk)
        assert rejoin.recall() is None
        assert not path.exists() and any(paths.data_dir().glob(rejoin.FILE + ".corrupt-*"))


def test_the_title_offers_the_kept_room():
    rejoin.remember(SEAT)
    player = app_player()
    try:
        title = player.top
        assert isinstance(title, TitleScene)
        assert "Back to room ABCDEF" in title.buttons["rejoin"].text
    finally:
        pygame.quit()


# a guest whose app restarts -------------------------------------------------------------------
def test_a_guest_whose_app_restarts_takes_its_seat_back_from_the_title_and_from_the_same_link():
    with running_server() as server:
        host, _joined, invite = open_room(ws_url(server), "night-market", seed=5)
        link = invite["link"]
        first = app_player()
        try:
            inv = parse_invite(link)
            join_room(first.app, inv.server, inv.room, inv.ticket)
            pump(first, lambda: isinstance(first.top, OnlineLobbyScene) and first.top.room.seat is not None)
            seat = first.top.room.seat
            pump(first, lambda: rejoin.recall() is not None)
        finally:
            first.top.room.client.close()  # the app dies: no leave is sent
            pygame.quit()
        held = rejoin.recall()
        assert held is not None and held.room == parse_invite(link).room and held.hosted_port is None

        second = app_player()  # the restarted app
        try:
            title = second.top
            second.press_button(title.buttons["rejoin"], settle=2)
            pump(second, lambda: isinstance(second.top, OnlineLobbyScene) and second.top.room.seat is not None)
            assert second.top.room.seat == seat and not second.top.room.errors
            second.top.room.client.close()
        finally:
            pygame.quit()

        third = app_player()  # and the same invite link once more: the spent ticket is not needed
        try:
            inv = parse_invite(link)
            join_room(third.app, inv.server, inv.room, inv.ticket)
            pump(third, lambda: isinstance(third.top, OnlineLobbyScene) and third.top.room.seat is not None)
            assert third.top.room.seat == seat and not third.top.room.errors
            pump(third, lambda: third.app._fade is None)
            pressed = lobby_button(third.top, "leave")
            third.press_button(pressed, settle=2)
            pump(third, lambda: isinstance(third.top, TitleScene))
            assert rejoin.recall() is None and "rejoin" not in third.top.buttons  # left for good
        finally:
            pygame.quit()
        host.close()


def test_a_seat_the_server_no_longer_knows_is_forgotten_with_its_reason():
    with running_server() as server:
        rejoin.remember(rejoin.HeldSeat(ws_url(server), "ABCDEF", "u" * 32, "night-market"))
        player = app_player()
        try:
            player.press_button(player.top.buttons["rejoin"], settle=2)
            pump(player, lambda: isinstance(player.top, OnlineLobbyScene) and bool(player.top.room.errors))
            pump(player, lambda: rejoin.recall() is None)
            assert "No room" in player.top.room.errors[-1]
            player.top.room.client.close()
        finally:
            pygame.quit()


# a host whose app restarts or quits -----------------------------------------------------------
def _guest(lobby: OnlineLobbyScene) -> RemoteRoom:
    invite = parse_invite(lobby.room.invite["link"])
    hello = {"type": "join", "room": invite.room, "name": "Friend", "ticket": invite.ticket}
    return RemoteRoom(NetClient(invite.server, hello, **FAST).start())


def _start_night_market(p, lobby: OnlineLobbyScene, guest: RemoteRoom) -> NightMarketScene:
    pump(p, lambda: guest.seat is not None, (guest,))
    guest.ready(True)
    pump(p, lambda: len(lobby.room.lobby["seats"]) == 2 and lobby.room.lobby["seats"][1]["ready"], (guest,))
    p.press_button(lobby_button(lobby, "start"), settle=2)
    pump(p, lambda: isinstance(p.top, NightMarketScene) and guest.table is not None, (guest,))
    return p.top


def test_a_host_whose_app_restarts_serves_the_room_again_and_the_guest_comes_back_by_itself():
    p = app_player()
    guest = None
    try:
        lobby = host_room(p, "night-market")
        port = lobby.hosting.port
        guest = _guest(lobby)
        scene = _start_night_market(p, lobby, guest)
        version = guest.table.version
        held = rejoin.recall()
        assert held is not None and held.hosted_port == port
        p.app.hosting.embedded.stop()  # the host's app dies: no goodbye, the room is on disk
        p.app.hosting = None
        assert scene.table is not None
        pump(p, lambda: guest.link in ("lost", "reconnecting"), (guest,))
    finally:
        pygame.quit()

    again = app_player()  # the host starts the app again
    try:
        again.press_button(again.top.buttons["rejoin"], settle=2)
        pump(again, lambda: isinstance(again.top, NightMarketScene), (guest,))
        assert again.app.hosting.port == port and again.top.table.here == (0,)
        pump(again, lambda: guest.link == "online" and guest.table.version >= version, (guest,))
        assert guest.seat == 1 and guest.table.outcome() is None
    finally:
        if guest is not None:
            guest.close()
        again.app.stop_hosting()
        pygame.quit()


def test_a_host_who_quits_tells_the_guests_and_they_stop_retrying():
    p = app_player()
    guest = None
    try:
        lobby = host_room(p, "night-market")
        guest = _guest(lobby)
        _start_night_market(p, lobby, guest)
        p.app.stop_hosting()  # what App.run does when the host quits
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and guest.client._reader.is_alive():
            guest.poll()
            time.sleep(0.02)
        guest.poll()
        assert any("host closed" in e for e in guest.errors)
        assert not guest.client._reader.is_alive()  # closed for good: no endless reconnecting
    finally:
        if guest is not None:
            guest.close()
        pygame.quit()


def test_a_taken_port_is_said_at_once():
    import socket

    from game.online.hosting import start_hosting

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        with pytest.raises(OSError):  # not the RuntimeError of a start that timed out
            start_hosting("", bind="127.0.0.1", port=sock.getsockname()[1])


# a friend's rematch reaches a seat still at the final screen ----------------------------------
class _Quiet:
    """A client that sends nothing anywhere (the room's requests are not under test here)."""

    token = None
    url = "ws://127.0.0.1:9/ws"

    def send(self, kind: str, **fields) -> None:
        pass


class _Finished:
    def outcome(self) -> object:
        return object()


def test_someone_elses_rematch_is_told_to_a_seat_at_the_final_screen_and_our_own_is_not():
    from game.text import tr

    room = RemoteRoom(_Quiet())  # type: ignore[arg-type]
    room._dispatch({"type": "joined", "seat": 1, "room": "ABCDEF"})
    room._dispatch({"type": "lobby", "game": "night-market", "host": 0, "phase": "playing", "seats": []})
    room.table = _Finished()  # type: ignore[assignment]
    room._dispatch({"type": "lobby", "game": "night-market", "host": 0, "phase": "over", "seats": []})
    assert room.take_notices() == []
    room._dispatch({"type": "lobby", "game": "night-market", "host": 0, "phase": "lobby", "seats": []})
    assert room.take_notices() == [tr("notice.rematch")]
    room._dispatch({"type": "lobby", "game": "night-market", "host": 0, "phase": "lobby", "seats": []})
    assert room.take_notices() == []  # said once
    room.lobby["phase"], room.table = "over", None  # our own Rematch drops the table before the answer
    room._dispatch({"type": "lobby", "game": "night-market", "host": 0, "phase": "lobby", "seats": []})
    assert room.take_notices() == []


def test_link_and_rematch_notices_are_worded_in_the_language_in_use() -> None:
    """A room's toasts come from the catalogue: a German player reads "Wieder online", not "Back online"."""
    from game import text

    try:
        text.use("de")
        room = RemoteRoom(_Quiet())  # type: ignore[arg-type]
        for state in ("online", "lost", "reconnecting", "online", "closed"):  # the first "online" is no news
            room._dispatch({"type": "link", "state": state})
        assert room.take_notices() == ["Verbindung verloren", "Verbinde neu…", "Wieder online", "Vom Server getrennt"]
    finally:
        text.use("en")
