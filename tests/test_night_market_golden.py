"""Golden Night Market playouts: whole seeded matches pinned by a hash of everything they produced.

Pinned before the rules were made faster, so any change to states, events, views or the order of
legal actions shows up here. Each step feeds the legal action list, the chosen move, the events
(JSON) and every seat's view into the hash; the final state's repr closes it.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from rules.driver import play_match, seat_config
from rules.night_market import GAME
from rules.rng import Rng

RANDOM_GOLDEN = {
    1: "564ce071611660574f2f8320bf885b448987c9950750d8bf7d749f642c1028ae",
    2: "d3eff391f3f227a3c4d1a095e33b1ca13dd4f9fe358e512043d6a3eb8b4d469b",
    7: "41f7c89f7a692ec790980277ec730fb59682ec2731977da0a38414310a1a574b",
    31: "45c9705eefd05a9958e5e012449dd24f3442338facc2b8f8f0c7099c289c969c",
    4242: "24ef138f8c899aab733287e226feae31256e4de8485403cfa765ddb1c4fb7cba",
    987654: "b2e5a19351f31ef30385fa605296cb0e169ca8ca8c330b5f791c59f1582f9ac3",
}
BOTS_GOLDEN = {
    ("easy", "normal", 5): "322e7d6774885f45c410494c91a3f47c1f7fd71448e992da7677eb9b0b391cd4",
    ("normal", "easy", 6): "996fe67786a485056183cbaa521866b79f1bf12cf8d4e476b07700e23e4694f0",
}


def _feed(digest: hashlib._Hash, *parts: object) -> None:
    for part in parts:
        digest.update(repr(part).encode())
        digest.update(b"\x00")


def _events_json(events: list) -> str:
    return json.dumps([e.to_json() for e in events], sort_keys=True)


def random_playout_digest(seed: int) -> str:
    """Uniform random legal moves from `seed`, every step hashed."""
    state, events = GAME.new_match(seed, seat_config(["easy", "easy"]))
    digest = hashlib.sha256()
    _feed(digest, _events_json(events))
    rng = Rng.seeded(seed * 31 + 7)
    while GAME.outcome(state) is None:
        seat = GAME.waiting(state)[0]
        legal = list(GAME.legal_actions(state, seat))
        action, rng = rng.choice(legal)
        state, events = GAME.apply(state, seat, action)
        views = [GAME.view(state, viewer) for viewer in (0, 1, None)]
        _feed(digest, legal, action, _events_json(events), *views)
    _feed(digest, state)
    return digest.hexdigest()


def bot_match_digest(first: str, second: str, seed: int) -> str:
    """A bot-played match: its events and the final state, hashed."""
    digest = hashlib.sha256()
    record = play_match(GAME, seed, (first, second), on_event=lambda e: _feed(digest, _events_json([e])))
    _feed(digest, record.log, record.final_state)
    return digest.hexdigest()


@pytest.mark.parametrize("seed", sorted(RANDOM_GOLDEN))
def test_random_playout_matches_its_golden_hash(seed):
    assert random_playout_digest(seed) == RANDOM_GOLDEN[seed]


@pytest.mark.parametrize("key", sorted(BOTS_GOLDEN))
def test_easy_and_normal_matches_match_their_golden_hash(key):
    assert bot_match_digest(*key) == BOTS_GOLDEN[key]
