"""Every message a Night Market seat receives from the relay, byte for byte, for two seeded
matches: the relay's encoding work may be cut (bench --part relay-move) but never what goes on
the wire. The digests were taken from the relay before its per-change text reuse (7bb1c00)."""

from __future__ import annotations

import hashlib
import random

from game.relay.protocol import encode
from game.tools import bench_relay

# seed -> (moves, sha256 of every seat's messages, in order, as the hub writes them)
EXPECTED = {
    1: (138, "ca0b35a96d94e88c14fa4f76aadcd3a51b22745727f1cce441e656f697aae73a"),
    2: (144, "d606514bd2f615a2540edc40bd5b1743af12eea65a991d2492623fef60363e55"),
}


def _played(seed: int) -> tuple[int, str]:
    """One whole match of random legal moves (bench_relay's room), every message hashed per seat."""
    room, rng, legal, moves = bench_relay._room(seed), random.Random(seed), {}, 0
    digest = {0: hashlib.sha256(), 1: hashlib.sha256()}

    def send() -> None:
        for seat, msg in room.out:
            if msg["type"] == "update":
                legal[seat] = msg["legal"]
            digest[seat].update(encode(msg.pop("type"), **msg).encode() + b"\n")
        room.out.clear()

    send()
    while room.outcome() is None:
        seat = room.game.waiting(room.state)[0]
        moves += 1
        room.act(seat, moves, rng.choice(legal[seat]))
        send()
    return moves, hashlib.sha256(digest[0].digest() + digest[1].digest()).hexdigest()


def test_every_seat_receives_exactly_the_bytes_it_did():
    assert {seed: _played(seed) for seed in EXPECTED} == EXPECTED
