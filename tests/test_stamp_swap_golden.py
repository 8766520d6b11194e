"""Golden playouts: whole seeded Stamp Swap matches pinned by a hash of everything they produce.

Pinned before the rules were optimised, so a faster engine must give the same match: the same
legal action lists in the same order, the same events, the same views. Run this file as a script
to print the hashes again (only after a deliberate rules change).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from test_stamp_swap_helpers import config

from rules.driver import play_match
from rules.rng import Rng
from rules.stamp_swap import GAME

# (seed, players) -> sha256 of the playout's transcript. Re-pinned once, when main's wire work
# changed the view and event JSON: main b708599 with the original rules gives these same hashes.
RANDOM_GOLDEN = {
    (1, 2): "04cbd1e107ee6059854608ee95c3c68a6ac8d605999180f4e5ad909a8785fff4",
    (7, 3): "5853daeefa3228b55ae5850431f672647f614c5e54a8e8e1dfc2c9c5af7afc18",
    (42, 4): "e63f8ec119ac31abbc2bdaeb84abda0935ff9f6f3683db41e2946466b867c79b",
    (1234, 5): "b93e8d37970213478d92a11edee6bb888f5b9270b3fa3bd6ee6c0a204d429983",
}
BOT_GOLDEN = {
    (5, ("normal", "easy", "normal")): "509c60bbc27e6318021a16e29a2a5e0a1cb0a099554e6f6ef66c456f7d235ea8",
    (9, ("easy", "normal")): "46bd5f043b0a3036ba5892cf3606a4ca979f6595737c9198c8d42c20ccaec0ec",
}


def _digest(parts: list[Any]) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def random_transcript(seed: int, players: int) -> list[Any]:
    """Legal lists, picks, events and the acting seat's view at every step, then every final view."""
    state, events = GAME.new_match(seed, config(players))
    rng = Rng.seeded(seed)
    out: list[Any] = [[e.to_json() for e in events]]
    while GAME.outcome(state) is None:
        seat, rng = rng.choice(GAME.waiting(state))
        legal = GAME.legal_actions(state, seat)
        action, rng = rng.choice(legal)
        out.append([seat, [GAME.action_to_json(a) for a in legal], GAME.view(state, seat)])
        state, events = GAME.apply(state, seat, action)
        out.append([e.to_json() for e in events])
    out.append([GAME.view(state, s) for s in [*range(players), None]])
    return out


def bot_transcript(seed: int, levels: tuple[str, ...]) -> list[Any]:
    """Every event and action of a bot-played match, then every final view."""
    seen: list[Any] = []
    record = play_match(GAME, seed, list(levels), on_event=lambda e: seen.append(e.to_json()))
    state = record.final_state
    log = [[seat, GAME.action_to_json(a)] for _, seat, a in record.log]
    return [seen, log, [GAME.view(state, s) for s in [*range(len(levels)), None]]]


def test_random_playouts_match_the_golden_hashes():
    for (seed, players), expected in RANDOM_GOLDEN.items():
        assert _digest(random_transcript(seed, players)) == expected, (seed, players)


def test_bot_matches_match_the_golden_hashes():
    for (seed, levels), expected in BOT_GOLDEN.items():
        assert _digest(bot_transcript(seed, levels)) == expected, (seed, levels)


if __name__ == "__main__":
    for seed, players in RANDOM_GOLDEN:
        print((seed, players), _digest(random_transcript(seed, players)))
    for seed, levels in BOT_GOLDEN:
        print((seed, levels), _digest(bot_transcript(seed, levels)))
