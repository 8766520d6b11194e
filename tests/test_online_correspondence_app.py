"""Correspondence on the device: many kept seats (the old one-seat file converted once), the
title's list of rooms from one status message, opening a room onto the table with a recap built
from this seat's own events only (the conformance test's leak check), and the finished match kept
in History."""

from __future__ import annotations

import json
import queue
from typing import Any

import pygame

from game.match.remote import RemoteRoom
from game.online import rejoin
from game.relay.correspondence import DAY
from game.scenes.online import move_clock_line
from game.scenes.recap import RecapSheet
from game.scenes.title import TitleScene
from game.services import paths
from tests.online_helpers import ManualClock, Raw, advance, legal, ws_url
from tests.support import SECRETS
from tests.test_online_correspondence import corr_match, relay
from tests.test_online_table_scenes import app_player, pump

OLD = {"server": "ws://127.0.0.1:9/ws", "room": "ABCDEF", "token": "t" * 32, "game": "night-market",
       "hosted_port": None, "saved_at": 0.0}  # online-seat.json as the one-seat versions wrote it


def test_the_old_one_seat_file_converts_once_and_a_damaged_one_is_set_aside():
    old = paths.data_dir() / rejoin.OLD_FILE
    old.write_text(json.dumps({**OLD, "saved_at": 1e12}))
    rejoin.remember(rejoin.HeldSeat("ws://127.0.0.1:9/ws", "GHJKMN", "u" * 32, "stamp-swap", days=3))
    assert not old.exists() and {s.room for s in rejoin.held()} == {"ABCDEF", "GHJKMN"}
    assert rejoin.recall().room == "ABCDEF" and [s.room for s in rejoin.correspondence()] == ["GHJKMN"]
    rejoin.saw("GHJKMN", 12)
    assert rejoin.find("GHJKMN").seen == 12 and rejoin.find("GHJKMN").days == 3
    old.write_text("{not json")
    assert [s.room for s in rejoin.held()] == ["GHJKMN", "ABCDEF"]  # nothing else is lost
    assert not old.exists() and any(paths.data_dir().glob(rejoin.OLD_FILE + ".corrupt-*"))


def _moves(clients: list[Raw], count: int) -> dict[str, object]:
    """`count` moves by whoever is to move (first legal move); the last update seat 0 was sent."""
    latest, seq = [c.expect("update") for c in clients], 100
    for _ in range(count):
        seat, seq = latest[0]["waiting"][0], seq + 1
        clients[seat].send("act", seq=seq, action=legal(latest[seat])[0])
        latest = [c.until("update", lambda m, v=latest[i]["version"]: m["version"] > v) for i, c in enumerate(clients)]
    return latest[0]


def test_the_title_lists_the_rooms_and_opens_one_with_a_recap_of_this_seats_own_events():
    clock = ManualClock()
    with relay(None, clock) as server:
        url = ws_url(server)
        theirs, tokens_a, room_a = corr_match(url, options={"first_seat": 0})
        assert _moves(theirs, 3)["waiting"] == [1]  # Ana, Ben1 (us, seat 1), Ana: our move
        wait, tokens_b, room_b = corr_match(url, "stamp-swap", days=7, players=2)
        _moves(wait, 1)  # in B someone moved: a different seat may be to move now
        rejoin.remember(rejoin.HeldSeat(url, room_b, tokens_b[1], "stamp-swap", days=7))
        rejoin.remember(rejoin.HeldSeat(url, room_a, tokens_a[1], "night-market", days=1, seen=3))
        advance(server, 3 * 3600)
        player = app_player()
        try:
            title = player.top
            assert isinstance(title, TitleScene) and title.status is not None
            status = title.status
            pump(player, lambda: status.done and not status.changed.is_set())  # answered, and the title redrawn
            first, second = title._ordered()
            assert first.room == room_a and title._room_line(first)[0] == "Your turn · 21 h left"
            assert second.room == room_b and "left" in title._room_line(second)[0]
            button = next(b for b, s in title.room_buttons.items() if s.room == room_a)
            assert "Night Market · Ana" in button.text
            player.press_button(button, settle=2)  # a real click on the listed room
            pump(player, lambda: isinstance(player.top, RecapSheet))
            recap = player.top
            assert recap.clock == "Your move · 21 h left" and recap.told
            assert rejoin.find(room_a).seen > 3
            player.press_button(recap.close, settle=2)
            assert player.top.name != "recap"
            table = player.top.table
            state = server.hub.rooms[room_a].room.state  # type: ignore[union-attr]
            hidden = SECRETS["night-market"](state, 1)  # the conformance test's leak check, on what the recap read
            told = [json.dumps(e.to_json()) for e in table.history(1)[3:]]
            assert told and not [s for s in hidden for text in told if s in text]
            table.close()
        finally:
            pygame.quit()
            for client in theirs + wait:
                client.close()



def test_every_room_can_be_opened_from_the_title_a_page_at_a_time():
    codes = [f"GHJKM{c}" for c in "2345678"]  # seven rooms: more than fit, so pages of four
    for code in codes:
        rejoin.remember(rejoin.HeldSeat("ws://127.0.0.1:9/ws", code, "t" * 32, "night-market", days=3))
    player = app_player()
    try:
        title = player.top
        assert isinstance(title, TitleScene) and title.status is not None
        pump(player, lambda: title.status.done)
        seen: list[str] = []
        for page in range(2):
            title = player.top
            rooms = {s.room for s in title.room_buttons.values()}
            assert len(rooms) == (4 if page == 0 else 3)
            seen += sorted(rooms)
            back, ahead = title.page_buttons
            assert back.is_enabled == (page == 1) and ahead.is_enabled == (page == 0)
            if page == 0:
                player.press_button(ahead, settle=2)  # a real click on ›
        assert sorted(seen) == sorted(codes) and title.room_page == 1
        player.press_button(next(iter(title.page_buttons)), settle=2)
        assert player.top.room_page == 0
    finally:
        pygame.quit()



class _Wire:
    """A RemoteRoom's client with no network: what the table sends is kept."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.token = None

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))


def test_a_late_seat_shows_on_the_remote_table_with_bot_and_claim():
    clock = ManualClock()
    with relay(None, clock) as server:
        clients, _, _ = corr_match(ws_url(server), options={"first_seat": 0})
        lobby = clients[1].until("lobby", lambda m: m["phase"] == "playing")
        fresh = clients[1].expect("update")
        advance(server, DAY + 3600)
        clients[1].send("sync")
        late = clients[1].expect("update")
        for client in clients:
            client.close()
    wire = _Wire()
    room = RemoteRoom(wire, clock=lambda: 0.0)  # type: ignore[arg-type]
    for msg in ({"type": "joined", "room": lobby["room"], "seat": 1, "game": "night-market", "seq": 0}, lobby, fresh):
        room._dispatch(msg)
    table = room.table
    assert table is not None and table.days == 1 and table.away() == {}
    assert table.move_clocks() == {0: DAY} and table.away_choices(0) == ()
    room._dispatch(late)
    assert table.away() == {0: 3600} and table.away_choices(0) == ("bot", "claim")
    assert move_clock_line(table) == "Ana to move · late by 1 h"
    table.claim()
    assert wire.sent[-1] == ("claim", {})
