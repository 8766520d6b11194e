"""Every message a Night Market seat receives from the relay, byte for byte, for two seeded
matches: the relay's encoding work may be cut (bench --part relay-move) but never what goes on
the wire. The digests were taken from the relay before its per-change text reuse (7bb1c00), and
taken again on purpose for protocol 4 (branch relaymove): each message is the same but for its
"v" (4) and, while the match plays, no "legal" list (the seat lists its moves from its view);
checked message by message against 20c2956's over three seeded matches (1,114 messages). Taken
again on purpose on 2026-12-06, when a seat's events came to be spliced from their kept texts (the
"events" field now follows "public") and a public view came to be written in one piece (the fields
a seat's view has of its own first): all 1,114 messages of seeds 1-3 equal 9af6be6's as JSON."""

from __future__ import annotations

import hashlib
import json
import random

from game.relay.protocol import encode
from game.tools import bench_relay

# seed -> (moves, sha256 of every seat's messages, in order, as the hub writes them)
EXPECTED = {
    1: (138, "b4cc23ef52233a7c1bc1daf1347ed1caae332724303ce25484e5789a4b76374b"),
    2: (144, "01f16c067fb2441b9e91826f7ef19ccb861cff575f38fe1c275fbb819ca411ae"),
}


def _played(seed: int) -> tuple[int, str]:
    """One whole match of random legal moves (bench_relay's room), every message hashed per seat."""
    room, rng, latest, moves = bench_relay._room(seed), random.Random(seed), {}, 0
    digest = {0: hashlib.sha256(), 1: hashlib.sha256()}

    def send() -> None:
        for seat, msg in room.out:
            kind = msg.pop("type")
            text = encode(kind, **msg)
            if kind == "update":
                latest[seat] = json.loads(text)
            digest[seat].update(text.encode() + b"\n")
        room.out.clear()

    send()
    while room.outcome() is None:
        seat = room.game.waiting(room.state)[0]
        moves += 1
        room.act(seat, moves, rng.choice(bench_relay.moves(room.game, latest[seat])))
        send()
    return moves, hashlib.sha256(digest[0].digest() + digest[1].digest()).hexdigest()


def test_every_seat_receives_exactly_the_bytes_it_did():
    assert {seed: _played(seed) for seed in EXPECTED} == EXPECTED
