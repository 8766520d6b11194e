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
    1: "bbe2ff6ce90be3eefef7d970e0a9e6f96a8d8b7f2e8155efd80a6ec312c6e9d5",
    2: "4996829cb131f7260b9be7ebf943ece54fd57915af276fac9154c65eb27e7100",
    7: "c7ecbba49d0fecbe2b9b4c8e4c5f7e8565a5ade3930ccd7a84b9bbdec2f4eb96",
    31: "5cfa98eaf7db970097de178b1a3b7bf8b1c71aaf0a0fcceaf682eab148457e20",
    4242: "7b39c74f416b4c9cf9f06929d4f8464f595e1935e83ae6fb21f07625f156b7c2",
    987654: "d178b659701b4ffcf4f13172cefd4cd5b1d976512b1e7f5896257063aa0fd078",
}
BOTS_GOLDEN = {
    ("easy", "normal", 5): "758d28f60524bafb5afa4a949b09149720caa49efcd4c740c81ac5a866c3bc17",
    ("normal", "easy", 6): "a79daa7b772d21c7d78ed6dce92069315668dbaf47fccf6879c41e95daae0ff4",
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
