"""Golden Night Market playouts: whole seeded matches pinned by a hash of everything they produced.

Pinned before the rules were made faster, so any change to states, events, views or the order of
legal actions shows up here. Each step feeds the legal action list, the chosen move, the events
(JSON, dealt hands aside) and every seat's view into the hash; the final state's repr closes it.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from rules.driver import play_match, seat_config
from rules.night_market import GAME
from rules.rng import Rng

RANDOM_GOLDEN = {
    1: "524fb538d4b01d6ce71ba3872beb3fcc22bfda1872d3c30d382d005fcdd15d55",
    2: "0638e5490f74d74563d2620160f6a76d5a47617cd16228e0de1ab30436e1ae42",
    7: "d74aa1b3e28ba5fa1ab7baa91eba5726e2dd91bf7fa5b0fae9682fd18232312f",
    31: "957c239ba7470fd4e96c7df09f0058e21abd105c5b548b37825824bfb6a21544",
    4242: "bc13f0331d6d6d3832d9600c5aeaff38700a112f61c999cf897b5d8610b00363",
    987654: "b785cdf6ddb1f80ba29cb63e709edf77aea4a7bbde4abf94d3d542acf90790e0",
}
BOTS_GOLDEN = {
    ("easy", "normal", 5): "cb63d6033820efa834439fe14955034f9ef10eac37faf34f448deeaa0ef555fc",
    ("normal", "easy", 6): "477c0d814883a7f475f7f1cbfe07903711a3e8553fa62c44683e97549c9cb7cb",
}


def _feed(digest: hashlib._Hash, *parts: object) -> None:
    for part in parts:
        digest.update(repr(part).encode())
        digest.update(b"\x00")


def _events_json(events: list) -> str:
    # A dealt event's cards are left out: the state and view hashes cover the dealt hands, and the
    # event's wire form (public count, secret cards) is owned by the codec work, not the rules.
    shown = [[e.kind, e.seat, None if e.kind == "dealt" else dict(e.data)] for e in events]
    return json.dumps(shown, sort_keys=True)


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
