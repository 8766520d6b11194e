"""No prose crosses the wire: every refusal the relay can send is a declared code with parameters.

Statically, over game/relay/: refusal messages are built in one place (refusals.py: `refused`,
`error`), nothing else builds a `refused`/`error`/`turned_away` dict or a `reason` field (but the
one version refusal for an older client, which can show nothing else), and no refusal is made from a
string. On the wire: an older client is told to update in words it can show; this client words a
refusal, and an older relay's refusal, itself.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from game.relay import refusals as r
from game.relay.protocol import PROTOCOL_VERSION, ProtocolError, decode_client, decode_server, encode, encode_for_older
from game.text import refusal_of, say
from rules.refusal import DECLARED, Code
from tests.online_helpers import Raw, code, running_server, ws_url

RELAY = Path(__file__).resolve().parent.parent / "game" / "relay"
REFUSAL_KINDS = {"refused", "error", "turned_away"}
# calls whose refusal argument must be a code, never text
TAKES_A_REFUSAL = {"LobbyError", "ProtocolError", "refused", "error", "_refuse", "_refuse_backlog", "goodbye"}


def _trees() -> dict[str, ast.Module]:
    return {path.name: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(RELAY.glob("*.py"))}


def _enclosing_functions(tree: ast.Module) -> dict[ast.AST, str]:
    owner: dict[ast.AST, str] = {}
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                owner.setdefault(node, fn.name)
    return owner


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def test_refusal_messages_are_built_only_by_the_relays_one_refusal_path() -> None:
    found = []
    for name, tree in _trees().items():
        owner = _enclosing_functions(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Dict):
                continue
            keys = {k.value: v for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            kind = keys.get("type")
            if isinstance(kind, ast.Constant) and kind.value in REFUSAL_KINDS:
                found.append((name, owner.get(node), "type"))
            if "reason" in keys:
                found.append((name, owner.get(node), "reason"))
    assert sorted(found, key=str) == [
        ("policy.py", "outcome_json", "reason"),  # the outcome's EndReason value, not words
        ("protocol.py", "decode_server", "type"),  # the client turning an older relay's error into a code
        ("protocol.py", "encode_for_older", "reason"),  # the one sentence, for a client that knows no codes
        ("protocol.py", "encode_for_older", "type"),
        ("refusals.py", "refused", "type"),
    ]


def test_no_refusal_is_made_from_a_string() -> None:
    texts = []
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("refused", "error") and not (isinstance(func, ast.Attribute)
                                                       and getattr(func.value, "id", "") == "r"):
                continue  # log.error and the like; r.error(refusal, "turned_away") names a kind second
            if called in TAKES_A_REFUSAL:
                first = node.args[:1] if called == "error" else node.args
                texts += [(name, node.lineno) for arg in first if _is_text(arg)]
    assert texts == []


def test_an_older_client_is_told_to_update_in_words_it_can_show() -> None:
    with running_server() as server:
        old = Raw(ws_url(server))
        old.ws.send(json.dumps({"v": PROTOCOL_VERSION - 1, "type": "create", "game": "night-market", "name": "Ana"}))
        answer = json.loads(old.ws.recv(timeout=60.0))
        assert answer["v"] == PROTOCOL_VERSION - 1 and answer["type"] == "error"  # its own envelope
        assert "update Market Hall" in answer["reason"] and answer["code"] == r.VERSION.code
        current = Raw(ws_url(server))
        current.ws.send(json.dumps({"v": PROTOCOL_VERSION + 1, "type": "create", "game": "night-market",
                                    "name": "Ana"}))
        newer = current.expect("error")  # a newer client reads codes: no sentence for it
        assert code(newer) == r.VERSION.code and newer["params"] == {"speaks": PROTOCOL_VERSION}


@pytest.mark.parametrize("hello", [{"type": "create", "game": "night-market", "name": "Ana"},
                                   {"type": "resume", "room": "ABCDEF", "token": "t" * 32},
                                   {"type": "act", "seq": 1, "action": {"type": "take_porters"}}])
def test_a_protocol_3_app_which_reads_legal_lists_is_refused_in_its_own_protocol_in_words_it_can_show(hello):
    """Protocol 4 left Night Market's legal lists out of updates: an app of protocol 3 would find no
    moves, so the relay answers its every message (hello or move) in protocol 3, with the code that
    app words itself (its catalogue has relay.version) and a sentence, then lets it go (hub.py)."""
    assert PROTOCOL_VERSION == 4
    with pytest.raises(ProtocolError) as refused:
        decode_client(json.dumps({"v": 3, **hello}))
    assert refused.value.legacy == 3
    answer = json.loads(encode_for_older(refused.value))
    assert answer["v"] == 3 and answer["type"] == "error"  # what a protocol-3 app accepts from a relay
    assert answer["reason"] == "this relay speaks protocol 4: update Market Hall on both ends"
    assert say(refusal_of(answer)) == "This server speaks protocol 4: update Market Hall on both ends."


def test_this_client_words_the_relays_codes_and_an_older_relays_refusal() -> None:
    sent = json.loads(encode("refused", seq=4, **r.TABLE_FULL().to_json(), version=-1))
    assert set(sent) == {"v", "type", "seq", "code", "params", "version"}
    assert say(refusal_of(sent)) == "The table is full."
    older = decode_server(json.dumps({"v": PROTOCOL_VERSION - 1, "type": "error", "reason": "speaks protocol 2"}))
    assert say(refusal_of(older)) == \
        f"This server speaks protocol {PROTOCOL_VERSION - 1}: update Market Hall on both ends."


def test_every_relay_code_is_declared_with_its_parameters() -> None:
    codes = {name: value for name, value in vars(r).items() if isinstance(value, Code)}
    assert len(codes) > 40
    for value in codes.values():
        assert value.code.startswith("relay.") and DECLARED[value.code] == value.params


def test_the_online_room_words_the_relays_errors_on_this_device() -> None:
    from game.match.remote import RemoteRoom

    room = object.__new__(RemoteRoom)  # its message handling needs no connection
    room.errors, room._notices = [], []
    room._dispatch({"type": "error", **r.HOST_ONLY().to_json()})
    room._dispatch({"type": "turned_away", **r.TURNED_AWAY().to_json()})
    assert room.errors == ["Only the host can do that.", "The host did not let you in."]
    assert room.take_notices() == room.errors
