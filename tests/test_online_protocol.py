"""The wire format: schema, size and rate checks; room codes, invite links, secrets."""

from __future__ import annotations

import json

import pytest

from game.relay import refusals as r
from game.relay.protocol import (
    CODE_ALPHABET,
    MAX_MESSAGE,
    ProtocolError,
    RateLimit,
    decode_client,
    digest,
    encode,
    invite_link,
    new_code,
    new_secret,
    normalise_code,
    parse_invite,
    websocket_url,
)


def test_a_well_formed_action_passes():
    msg = decode_client(encode("act", seq=3, action={"type": "pull"}))
    assert msg["seq"] == 3 and msg["action"] == {"type": "pull"}


@pytest.mark.parametrize("raw, why", [
    ("not json", r.NOT_JSON()),
    ("[1, 2]", r.NOT_OBJECT()),
    ('{"v": 4, "type": "create", "game": "swap-meet", "name": "x", "options": {"timer": NaN}}', r.NOT_JSON()),
    ('{"v": 4, "type": "act", "seq": Infinity, "action": {}}', r.NOT_JSON()),
    ('{"v": 1, "type": "act"}', r.VERSION(speaks=4)),  # an app from before `act` lost its version
    ('{"v": 4, "type": "teleport"}', r.UNKNOWN_TYPE()),
    ('{"v": 4, "type": "act", "seq": 1}', r.MISSING_FIELD(type="act", field="action")),
    ('{"v": 4, "type": "act", "seq": -1, "action": {}}', r.BAD_FIELD(type="act", field="seq")),
    ('{"v": 4, "type": "act", "seq": true, "action": {}}', r.BAD_FIELD(type="act", field="seq")),
    ('{"v": 4, "type": "act", "seq": 1.5, "action": {}}', r.BAD_FIELD(type="act", field="seq")),
    ('{"v": 4, "type": "ready", "ready": "yes"}', r.BAD_FIELD(type="ready", field="ready")),
    ('{"v": 4, "type": "sync", "seat": 1}', r.UNKNOWN_FIELD(field="seat")),
    ('{"v": 4, "type": "join", "room": "IO0I1L", "name": "x"}', r.BAD_FIELD(type="join", field="room")),
    ('{"v": 4, "type": "create", "game": "swap-meet", "name": ""}', r.BAD_FIELD(type="create", field="name")),
    ('{"v": 4, "type": "create", "game": "swap-meet", "name": "x", "options": {"a": [1]}}',
     r.BAD_FIELD(type="create", field="options")),
])
def test_malformed_messages_are_refused_with_a_code(raw, why):
    with pytest.raises(ProtocolError) as err:
        decode_client(raw)
    assert err.value.refusal == why


def test_size_and_depth_limits():
    with pytest.raises(ProtocolError) as err:
        decode_client(" " * (MAX_MESSAGE + 1))
    assert err.value.refusal == r.TOO_BIG(limit=MAX_MESSAGE)
    deep = "[" * 5000 + "]" * 5000  # under the size limit, deeper than the parser allows
    with pytest.raises(ProtocolError):
        decode_client(deep)


def test_room_codes_avoid_look_alikes():
    code = new_code(lambda c: False)
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set("01IOL") & set(CODE_ALPHABET)
    assert normalise_code(" abc-def ") == "ABCDEF"  # any case; spaces and dashes ignored
    assert normalise_code("k7m p9q") == "K7MP9Q"
    assert normalise_code("k7m-p9") is None  # too short
    assert normalise_code("k7mp9q2") is None  # too long
    assert normalise_code("K7MP9O") is None  # O is not in the alphabet
    taken = {"AAAAAA"}
    assert new_code(lambda c: c in taken) != "AAAAAA"


def test_invite_links_round_trip():
    ticket = new_secret()
    link = invite_link("http://192.168.1.5:8765", "K7MP9Q", ticket)
    assert link == f"http://192.168.1.5:8765/j/K7MP9Q#{ticket}"
    invite = parse_invite(link)
    assert invite is not None
    assert (invite.server, invite.room, invite.ticket) == ("ws://192.168.1.5:8765/ws", "K7MP9Q", ticket)
    assert parse_invite("k7mp9q").server is None  # a bare code: the host will be asked
    assert parse_invite("https://relay.example/j/K7MP9Q#t").server == "wss://relay.example/ws"
    assert websocket_url("https://relay.example/") == "wss://relay.example/ws"
    for junk in ("", "hello", "ftp://x/j/K7MP9Q", "http://x/j/NOPE", "http:///j/K7MP9Q"):
        assert parse_invite(junk) is None


def test_secrets_are_kept_as_digests():
    a, b = new_secret(), new_secret()
    assert a != b and len(a) >= 32
    assert digest(a) == digest(a) != digest(b) and a not in digest(a)


def test_rate_limit_refuses_a_flood_then_recovers():
    t = [0.0]
    limit = RateLimit(rate=10, burst=5, clock=lambda: t[0])
    assert [limit.allow() for _ in range(7)] == [True] * 5 + [False] * 2
    t[0] += 0.5  # five tokens back
    assert sum(limit.allow() for _ in range(10)) == 5
    assert limit.refused == 7


def test_refusals_are_forgiven_over_time_and_byte_budgets_go_into_debt():
    t = [0.0]
    limit = RateLimit(rate=1, burst=2, clock=lambda: t[0], forgive=0.5)
    assert [limit.allow() for _ in range(6)] == [True] * 2 + [False] * 4
    t[0] += 4.0  # two refusals forgotten, and four tokens' worth of time (capped at the burst)
    assert limit.allow() and limit.refused == 2
    t[0] += 100.0
    limit.refill()
    assert limit.refused == 0
    budget = RateLimit(rate=100, burst=1000, clock=lambda: t[0])
    budget.spend(1500)
    assert budget.tokens == -500 and budget.wait() == 5.0
    t[0] += 5.0
    assert budget.wait() == 0.0


def test_encode_is_compact_json():
    assert json.loads(encode("ready", ready=True)) == {"v": 4, "type": "ready", "ready": True}
