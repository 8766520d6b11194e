"""Any JSON value in any field of any client message is refused with a declared code (never a
sentence), never a crash."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.relay.protocol import CLIENT_MESSAGES, ProtocolError, decode_client
from rules.refusal import DECLARED
from tests.online_helpers import WAIT, Raw, code, legal, raw_match, running_server, ws_url

BASE: dict[str, dict[str, Any]] = {
    "create": {"game": "night-market", "name": "Ana"}, "join": {"room": "ABCDEF", "name": "Ana"},
    "resume": {"room": "ABCDEF", "token": "t" * 32}, "invite": {}, "admit": {"request": 1, "accept": True},
    "ready": {"ready": True}, "add_bot": {"level": "easy"}, "start": {}, "act": {"seq": 1, "action": {}},
    "sync": {}, "replace_with_bot": {"seat": 1}, "claim": {}, "rematch": {}, "leave": {},
    "status": {"rooms": [["ABCDEF", "t" * 32]]},
}
assert set(BASE) == set(CLIENT_MESSAGES)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


@st.composite
def frames(draw: Any) -> dict[str, Any]:
    """A well-formed message of some type with one field (its own, the envelope's or an extra)
    replaced by an arbitrary JSON value."""
    kind = draw(st.sampled_from(sorted(BASE)))
    msg = {"v": 4, "type": kind, **BASE[kind]}
    name = draw(st.sampled_from(["v", "type", "extra", *CLIENT_MESSAGES[kind]]))
    msg[name] = draw(JSON)
    return msg


@settings(max_examples=400, deadline=None)
@given(frames())
def test_decode_client_accepts_a_schema_message_or_refuses_with_a_code(msg):
    try:
        checked = decode_client(json.dumps(msg))
    except ProtocolError as exc:
        assert DECLARED[exc.refusal.code] == exc.refusal.params.keys()
        return
    kind = checked["type"]
    assert kind in CLIENT_MESSAGES and set(checked) <= {"v", "type", *CLIENT_MESSAGES[kind]}
    for field, (check, _) in CLIENT_MESSAGES[kind].items():
        assert field not in checked or check(checked[field])


def _until_answer(client: Raw, seq: int) -> list[dict[str, Any]]:
    """Messages up to and including the answer to move `seq`."""
    seen = []
    while True:
        msg = json.loads(client.ws.recv(timeout=WAIT))
        seen.append(msg)
        if (msg["type"] == "refused" and msg["seq"] == seq) or msg.get("answer") == seq:
            return seen


def _generated(count: int) -> list[dict[str, Any]]:
    """`count` generated frames, drawn before any connection exists: a websocket's keepalive pings
    draw on the `random` module from their own thread, which Hypothesis would see as a strategy
    using `random` (a deprecation warning) if they ran beside its draws."""
    made: list[dict[str, Any]] = []

    @settings(max_examples=count, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(frames())
    def collect(msg: dict[str, Any]) -> None:
        made.append(msg)

    collect()
    return made


def test_generated_fields_over_a_live_connection_are_refused_and_the_match_goes_on():
    messages = _generated(40)
    with running_server() as server:
        (host, guest), (first, _) = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 0})
        sentinel = [2**31]

        def check(msg: dict[str, Any]) -> None:
            text = json.dumps(msg)
            try:
                decode_client(text)
                schema_ok = True
            except ProtocolError:
                schema_ok = False
            if schema_ok and msg["type"] in ("leave", "sync"):
                return  # a well-formed leave really leaves; a sync is answered with the view
            guest.ws.send(text)
            sentinel[0] -= 1  # then a move out of turn: refused by number, so the link still works
            guest.send("act", seq=sentinel[0], action=legal(first)[0])
            replies = _until_answer(guest, sentinel[0])
            if not schema_ok:
                assert any(r["type"] == "error" and r["code"] in DECLARED for r in replies), text
            elif msg["type"] == "act":
                assert any(r.get("seq") == msg["seq"] or r.get("answer") == msg["seq"] for r in replies), text
            assert not any("reason" in r for r in replies), text  # codes only: the client words them

        assert len(messages) >= 20  # Hypothesis may stop early when it has seen every distinct frame
        for msg in messages:
            check(msg)
        host.send("act", seq=1, action=legal(first)[0])
        assert host.expect("update", answer=1)["version"] == first["version"] + 1
        guest.ws.send('{"v": 4, "type": ["act"]}')
        assert code(guest.expect("error")) == "relay.unknown_type"
