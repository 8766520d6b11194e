"""The lobby's rules on their own: tickets, knocks, ready marks, host hand-over, records."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.relay import lobby as lb
from game.relay import refusals as r
from game.relay.lobby import Lobby, LobbyError
from game.relay.store import FileStore, MemoryStore


def swap_meet_lobby() -> Lobby:
    return Lobby("swap-meet", 3, 6, ("easy", "normal", "hard"))


def test_a_ticket_is_single_use_and_becomes_a_seat_token():
    lobby = swap_meet_lobby()
    host, host_token = lobby.open_room("Ana")
    ticket = lobby.issue_ticket(host, wall=100.0)
    seat, token = lobby.join_with_ticket(ticket, "Ben", wall=101.0)
    assert seat == 1 and lobby.seat_of(token) == 1 and lobby.seat_of(host_token) == 0
    with pytest.raises(LobbyError, match="relay.invite_used"):
        lobby.join_with_ticket(ticket, "Cat", wall=102.0)
    with pytest.raises(LobbyError, match="relay.bad_token"):
        lobby.seat_of("forged-token")
    assert ticket not in json.dumps(lobby.to_record()) and token not in json.dumps(lobby.to_record())


def test_an_expired_ticket_is_refused():
    lobby = swap_meet_lobby()
    ticket = lobby.issue_ticket(lobby.open_room("Ana")[0], wall=0.0)
    with pytest.raises(LobbyError, match="relay.invite_used"):
        lobby.join_with_ticket(ticket, "Ben", wall=lb.TICKET_SECONDS + 1)


def test_only_the_host_invites_adds_bots_and_starts():
    lobby = swap_meet_lobby()
    host, _ = lobby.open_room("Ana")
    guest, _ = lobby.join_with_ticket(lobby.issue_ticket(host, 0.0), "Ben", 1.0)
    for act in (lambda: lobby.issue_ticket(guest, 0.0), lambda: lobby.add_bot(guest, "easy")):
        with pytest.raises(LobbyError, match="relay.host_only"):
            act()
    assert lobby.why_not_start(guest) == r.HOST_ONLY()
    with pytest.raises(LobbyError, match="relay.bot_levels"):
        lobby.add_bot(host, "godlike")


def test_guests_ready_host_starts():
    lobby = swap_meet_lobby()
    host, _ = lobby.open_room("Ana")
    guest, _ = lobby.join_with_ticket(lobby.issue_ticket(host, 0.0), "Ben", 1.0)
    assert lobby.why_not_start(host) == r.SEATS_NEEDED(least=3, most=6)
    lobby.add_bot(host, "normal")
    assert lobby.why_not_start(host) == r.WAITING_READY(names="Ben")
    lobby.set_ready(guest, True)
    lobby.start(host)
    assert lobby.phase == lb.PLAYING
    with pytest.raises(LobbyError, match="relay.started"):
        lobby.join_with_ticket(lobby.issue_ticket(host, 0.0), "Cat", 1.0)
    lobby.back_to_lobby()  # a rematch keeps the seats and asks for ready again
    assert [s.name for s in lobby.seats][:2] == ["Ana", "Ben"] and not lobby.seats[guest].ready


def test_a_code_alone_knocks_and_the_host_decides():
    lobby = swap_meet_lobby()
    host, _ = lobby.open_room("Ana")
    request = lobby.knock("Ben")
    assert lobby.public(host)["knocks"] == [{"request": request, "name": "Ben"}]
    assert "knocks" not in lobby.public(None)
    assert lobby.admit(host, request, accept=False) is None
    with pytest.raises(LobbyError, match="relay.no_request"):
        lobby.admit(host, request, accept=True)
    seat, token = lobby.admit(host, lobby.knock("Cat"), accept=True) or (None, None)
    assert seat == 1 and lobby.seat_of(token) == 1


def test_when_the_host_leaves_a_lobby_the_next_person_hosts():
    lobby = swap_meet_lobby()
    host, _ = lobby.open_room("Ana")
    lobby.add_bot(host, "easy")
    lobby.join_with_ticket(lobby.issue_ticket(host, 0.0), "Ben", 1.0)
    lobby.leave(host)
    assert [s.name for s in lobby.seats] == ["Aster", "Ben"] and lobby.host == 1
    lobby.leave(1)
    assert lobby.empty()


def test_a_full_table_refuses_newcomers():
    lobby = Lobby("night-market", 2, 2, ("easy", "normal", "hard"))
    host, _ = lobby.open_room("Ana")
    lobby.add_bot(host, "hard")
    with pytest.raises(LobbyError, match="relay.table_full"):
        lobby.knock("Ben")


def test_presence_and_bot_hand_over():
    lobby = swap_meet_lobby()
    host, _ = lobby.open_room("Ana")
    guest, token = lobby.join_with_ticket(lobby.issue_ticket(host, 0.0), "Ben", 1.0)
    lobby.set_presence(guest, lb.RECONNECTING, now=5.0)
    assert lobby.public(None)["seats"][guest]["presence"] == "reconnecting"
    assert lobby.seats[guest].away_since == 5.0
    lobby.replace_with_bot(guest, "normal")
    with pytest.raises(LobbyError):
        lobby.seat_of(token)  # the bot has the seat now; the old token opens nothing
    assert lobby.public(None)["seats"][guest]["presence"] == "online"


def test_records_round_trip_through_both_stores(tmp_path):
    lobby = swap_meet_lobby()
    host, token = lobby.open_room("Ana")
    lobby.add_bot(host, "hard")
    record = {"code": "K7MP9Q", "lobby": lobby.to_record()}
    for store in (MemoryStore(), FileStore(tmp_path)):
        asyncio.run(store.save("K7MP9Q", record))
        assert asyncio.run(store.exists("K7MP9Q"))
        (back,) = asyncio.run(store.load_all())
        again = Lobby.from_record(back["lobby"], 3, 6, ("easy", "normal", "hard"))
        assert again.seat_of(token) == 0 and again.seats[1].bot == "hard"
        asyncio.run(store.delete("K7MP9Q"))
        assert asyncio.run(store.load_all()) == [] and not asyncio.run(store.exists("K7MP9Q"))


def test_the_file_store_sets_a_broken_file_aside_and_refuses_paths(tmp_path):
    store = FileStore(tmp_path)
    (store.folder / "ABCDEF.json").write_text("{broken", encoding="utf-8")
    assert asyncio.run(store.load_all()) == []
    assert (store.folder / "ABCDEF.bad").exists()
    with pytest.raises(ValueError):
        asyncio.run(store.save("../../etc", {}))


def test_a_join_sent_again_with_its_key_gets_the_same_seat_and_a_fresh_token():
    lobby = swap_meet_lobby()
    ticket = lobby.issue_ticket(lobby.open_room("Ana")[0], wall=0.0)
    key = "c" * 32  # the client's name for this join: the answer to its first join may be lost with the link
    seat, first = lobby.join_with_ticket(ticket, "Ben", 1.0, key=key)
    again, second = lobby.join_with_ticket(ticket, "Ben", 2.0, key=key)
    assert seat == again == 1 and first != second and len(second) >= 32
    assert lobby.seat_of(second) == 1
    with pytest.raises(LobbyError, match="relay.bad_token"):
        lobby.seat_of(first)  # the lost answer's token no longer opens the seat
    with pytest.raises(LobbyError, match="relay.invite_used"):
        lobby.join_with_ticket(ticket, "Eve", 2.0, key="e" * 32)
    assert len(lobby.seats) == 2


def test_bots_the_relay_seats_take_names_no_seat_has_and_no_language_needs():
    """The relay names a bot as the seat setup does ("Basil", not "Easy bot 2": English a German
    player would read); the lobby words the level beside it."""
    from rules import names

    lobby = swap_meet_lobby()
    host, _ = lobby.open_room("aster")
    for level in ("easy", "hard", "normal"):
        lobby.add_bot(host, level)
    assert [s.name for s in lobby.seats] == ["aster", "Basil", "Cobalt", "Dune"]
    assert [s.bot for s in lobby.seats] == [None, "easy", "hard", "normal"]
    assert names.free_bot_name(list(names.BOT_NAMES)) == "Aster 7" and names.valid("Aster 7")
