"""No message to a seat carries more than that seat may know, in random matches of every game.

The room is driven directly (the same code the server runs; the network tests cover the wire).
After every step, every message queued for a seat must be exactly the rules' own per-seat facts:
its view, the public view, its legal moves (for a game that lists them from a seat's view, none:
the view makes them), and events as `GAME.redact` gives them to it. No
event reaches a seat with a secret part, and lobby pictures carry no tokens or tickets.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.relay import lobby as lb
from game.relay.rooms import Room
from rules.registry import get_game

UPDATE_KEYS = {"type", "match", "version", "seat", "now", "view", "public", "legal", "waiting", "from",
               "events", "public_events", "outcome", "answer"}


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def seated_room(game_name: str, players: int, seed: int, clock: FakeClock) -> Room:
    game = get_game(game_name)
    lobby = lb.Lobby(game.name, game.min_seats, game.max_seats, tuple(game.bot_levels))
    host, _ = lobby.open_room("P1")
    for i in range(1, players):
        seat, _ = lobby.join_with_ticket(lobby.issue_ticket(host, 0.0), f"P{i + 1}", 1.0)
        lobby.set_ready(seat, True)
    room = Room("K7MP9Q", game, lobby, seed, None, 1.0, clock)
    watch_updates(room)
    for seat in range(players):
        room.connected(seat)
    room.start(host)
    return room


def check_update(room: Room, seat: int, msg: dict) -> None:
    """The update just built for `seat` holds only the rules' facts for that seat, at this state."""
    game, state = room.game, room.state
    assert set(msg) <= UPDATE_KEYS and msg["seat"] == seat
    assert msg["view"] == game.view_to_json(game.view(state, seat))
    assert msg["public"] == game.view_to_json(game.view(state, None))
    legal = game.legal_actions(state, seat, room.now()) if room.playing else []
    moves = [game.action_to_json(a) for a in legal]
    if seat != room.lobby.host:  # a guest is not offered the host's own moves (Swap Meet's Next round)
        moves = [m for m in moves if m.get("type") not in room.policy.host_only]
    if hasattr(game, "legal_from_view") and room.playing:  # protocol 4: no list, the seat makes it
        assert "legal" not in msg
        assert [game.action_to_json(a) for a in game.legal_from_view(game.view(state, seat))] == moves
    else:
        assert msg["legal"] == moves
    raw = room.history[msg["from"]:]
    assert msg["events"] == [game.redact(e, seat).to_json() for e in raw]
    assert msg["public_events"] == [game.redact(e, None).to_json() for e in raw]
    for event, sent in zip(raw, msg["events"], strict=True):
        assert "secret" not in sent and "visible_to" not in sent
        if seat not in event.visible_to:
            assert not set(event.secret) & set(sent["data"])


def watch_updates(room: Room) -> None:
    """Check every update at the moment the room builds it."""
    build = room.update

    def checked(seat: int, answer: int | None) -> dict:
        msg = build(seat, answer)
        check_update(room, seat, msg)
        return msg

    room.update = checked  # type: ignore[method-assign]


def check_lobby_messages(room: Room) -> None:
    for seat, msg in room.out:
        assert "token" not in msg and "tickets" not in msg and "ticket" not in msg
        if msg["type"] == "lobby":
            assert all(set(s) == {"name", "bot", "ready", "presence", "latency_ms"} for s in msg["seats"])
            assert ("knocks" in msg) == (seat == room.lobby.host)
    room.out.clear()


def random_match(game_name: str, players: int, seed: int, rnd: random.Random, steps: int) -> None:
    clock = FakeClock()
    room = seated_room(game_name, players, seed, clock)
    game = room.game
    check_lobby_messages(room)
    seq = 0
    for _ in range(steps):
        if room.outcome() is not None:
            break
        clock.t += rnd.uniform(0.0, 4.0) if game.realtime else 0.0
        room.tick()
        check_lobby_messages(room)
        if rnd.random() < 0.1:  # a seat drops and comes back: its whole history is sent again
            seat = rnd.randrange(players)
            room.disconnected(seat)
            room.connected(seat)
        waiting = list(game.waiting(room.state)) if room.playing else []
        if not waiting:
            continue
        seat = rnd.choice(waiting)
        legal = game.legal_actions(room.state, seat, room.now())
        if legal:
            seq += 1
            room.act(seat, seq, game.action_to_json(rnd.choice(list(legal))))
        check_lobby_messages(room)


SETTINGS = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 2**31), rnd=st.randoms(use_true_random=False))
def test_night_market_messages_carry_only_the_seats_own_view(seed, rnd):
    random_match("night-market", 2, seed, rnd, 60)


@SETTINGS
@given(seed=st.integers(0, 2**31), players=st.integers(3, 6), rnd=st.randoms(use_true_random=False))
def test_swap_meet_messages_carry_only_the_seats_own_view(seed, players, rnd):
    random_match("swap-meet", players, seed, rnd, 40)


@SETTINGS
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), rnd=st.randoms(use_true_random=False))
def test_stamp_swap_messages_carry_only_the_seats_own_view(seed, players, rnd):
    random_match("stamp-swap", players, seed, rnd, 60)
