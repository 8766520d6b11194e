"""Links that break, stall and repeat; clients that race and cheat. The match goes on."""

from __future__ import annotations

import json
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed

from game.match.remote import RemoteRoom
from game.online.client import NetClient
from game.tools.online_autoplay import SeatPlayer, SeatRun, drive_seat, seat_clients
from rules.driver import play_match
from rules.registry import get_game
from tests.netproxy import NetProxy
from tests.online_helpers import FAST, WAIT, Raw, code, legal, open_room, raw_match, running_server, said, ws_url

CLIENT = {**FAST, "open_timeout": 1.0}


def play_through(url: str, seed: int, during=None) -> tuple[list[RemoteRoom], dict]:  # type: ignore[no-untyped-def]
    """A Night Market match of two bot clients at `url`; `during(rooms)` runs while they play."""
    game = get_game("night-market")
    deadline = time.monotonic() + WAIT
    rooms = seat_clients(url, game.name, ["Bot 1", "Bot 2"], deadline, seed, {"first_seat": 0}, **CLIENT)
    runs = [SeatRun(), SeatRun()]
    threads = [threading.Thread(target=drive_seat, args=(room, SeatPlayer(game, "normal", seed), deadline, runs[s]),
                                daemon=True)
               for s, room in enumerate(rooms)]
    for t in threads:
        t.start()
    if during is not None:
        during(rooms)
    for t in threads:
        t.join(35)
    assert all(r.error is None for r in runs)
    outcome = rooms[0].table.outcome() if rooms[0].table else None
    for room in rooms:
        room.close()
    assert outcome is not None
    return rooms, {"winner": list(outcome.winners), "scores": list(outcome.scores)}


def local_result(seed: int) -> dict:
    record = play_match(get_game("night-market"), seed, ["normal", "normal"], {"first_seat": 0})
    return {"winner": list(record.outcome.winners), "scores": list(record.outcome.scores)}


def wait_for(test, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"timed out: {what}"
        time.sleep(0.02)


@pytest.mark.slow
def test_a_cut_link_reconnects_to_the_same_seat_and_the_match_is_unchanged():
    with running_server() as server:
        proxy = NetProxy(server.config.port)
        try:
            def cut_twice(rooms: list[RemoteRoom]) -> None:
                for version in (30, 70):
                    wait_for(lambda v=version: rooms[1].table.version >= v or rooms[1].table.outcome(), WAIT, "moves")
                    proxy.cut()
            rooms, result = play_through(proxy.url, 11, cut_twice)
        finally:
            proxy.close()
    assert result == local_result(11)
    assert [room.seat for room in rooms] == [0, 1]
    notices = rooms[1].take_notices()
    assert "Connection lost" in notices and "Back online" in notices


def test_duplicated_frames_are_applied_once():
    with running_server() as server:
        proxy = NetProxy(server.config.port)

        def duplicate(rooms: list[RemoteRoom]) -> None:
            proxy.duplicate = True  # every move from here on reaches the server twice

        try:
            _, result = play_through(proxy.url, 12, duplicate)
        finally:
            proxy.close()
    assert proxy.duplicated > 20 and result == local_result(12)


def test_a_resent_action_is_answered_again_not_applied_twice():
    with running_server() as server:
        (host, guest), (first, _) = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 0})
        move = legal(first)[0]
        for _ in range(2):
            host.send("act", seq=1, action=move)
        answers = [host.expect("update", answer=1) for _ in range(2)]
        assert answers[0]["version"] == answers[1]["version"] == first["version"] + 1
        host.send("sync")
        assert host.expect("update")["version"] == first["version"] + 1


def test_a_blackholed_link_is_noticed_and_the_seat_comes_back():
    with running_server() as server:
        host, joined, invite = open_room(ws_url(server), "stamp-swap", "Ana")
        proxy = NetProxy(server.config.port)
        hello = {"type": "join", "room": joined["room"], "name": "Ben", "ticket": invite["ticket"]}
        guest = RemoteRoom(NetClient(proxy.url, hello, **CLIENT).start())
        try:
            host.until("lobby", lambda m: len(m["seats"]) == 2 and m["seats"][1]["presence"] == "online")
            proxy.blackhole = True  # the keepalive (pings 0.5 s apart, 0.5 s to answer) notices
            lobby = host.until("lobby", lambda m: m["seats"][1]["presence"] != "online", timeout=WAIT)
            assert lobby["seats"][1]["presence"] in ("reconnecting", "away")
            proxy.blackhole = False
            host.until("lobby", lambda m: m["seats"][1]["presence"] == "online", timeout=WAIT)  # backoff: up to 8 s
            deadline = time.monotonic() + 60  # the guest's own welcome may land a moment after the host hears
            while guest.seat is None and time.monotonic() < deadline:
                guest.poll()
                time.sleep(0.02)
            assert guest.seat == 1
        finally:
            guest.close()
            proxy.close()


def test_two_clients_racing_for_one_offer_give_one_winner_and_one_reason():
    with running_server() as server:
        clients, firsts = raw_match(ws_url(server), "swap-meet", 3)
        offer = next(a for a in firsts[0]["legal"] if a["type"] == "open_offer" and a["count"] == 1)
        clients[0].send("act", seq=1, action=offer)
        clients[0].expect("update", answer=1)
        swaps = []
        for client in clients[1:]:
            update = client.until("update", lambda m: any(a["type"] == "swap" and a["target"] == 0
                                                          for a in m["legal"]))
            swaps.append(next(a for a in update["legal"] if a["type"] == "swap" and a["target"] == 0))
        for client, swap in zip(clients[1:], swaps, strict=True):
            client.send("act", seq=1, action=swap)
        outcomes = []
        for client in clients[1:]:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                msg = _answer(client)
                if msg is not None:
                    outcomes.append(msg)
                    break
        kinds = sorted(m["type"] for m in outcomes)
        assert kinds == ["refused", "update"]
        assert code(next(m for m in outcomes if m["type"] == "refused")) == "swap-meet.offer_gone"


def _answer(client: Raw) -> dict | None:
    msg = json.loads(client.ws.recv(timeout=WAIT))
    if msg["type"] == "refused" or (msg["type"] == "update" and msg.get("answer") == 1):
        return msg
    return None


def test_a_hostile_client_is_refused_and_the_match_goes_on():
    with running_server() as server:
        (host, guest), (first, _) = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 0})
        guest.ws.send("\x00garbage")
        assert code(guest.expect("error")) == "relay.not_json"
        guest.send("act", seq=1, action=legal(first)[0])  # the host's move, out of turn
        assert code(guest.expect("refused", seq=1)) == "night-market.not_your_turn"
        guest.ws.send('{"v": 4, "type": "act", "seq": 2, "action": {}, "seat": 0}')
        assert code(guest.expect("error")) == "relay.unknown_field"  # no way to name another seat
        guest.ws.send('{"v": 4, "type": "sync", "seat": 0}')
        assert code(guest.expect("error")) == "relay.unknown_field"  # no peeking at another view
        for seq, junk in enumerate(({"type": []}, {"type": "take", "card": 10**40}, [1] * 3000, "x", None), 3):
            guest.send("act", seq=seq, action=junk)
            assert said(guest.expect("refused", seq=seq))
        for kind, fields in (("start", {}), ("add_bot", {"level": "easy"}), ("claim", {})):
            guest.send(kind, **fields)
            assert said(guest.expect("error"))
        intruder = Raw(ws_url(server))
        intruder.send("resume", room=first_room(host), token="A" * 32)
        assert code(intruder.expect("error")) == "relay.bad_token"
        guest.ws.send("[" + " " * 20000 + "]")
        with pytest.raises(ConnectionClosed):
            guest.expect("never")
        host.send("act", seq=1, action=legal(first)[0])
        assert host.expect("update", answer=1)["version"] == first["version"] + 1


def first_room(client: Raw) -> str:
    return next(m["room"] for m in client.seen if m["type"] == "joined")
