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

# (seed, players) -> sha256 of the playout's transcript
RANDOM_GOLDEN = {
    (1, 2): "db34e8e218725fd38bf300a4c48405843c8e34340983302e7a3bc2ac13794d96",
    (7, 3): "7f988c52072369caa8499d6c0ce6a9ad8d612bdc1248c39f649e728eed0f5424",
    (42, 4): "622c1695e5af94e47961e3b7118580e81b11ea12692aff16898ed65259298e1e",
    (1234, 5): "3d4494a18df2f1151d6227fde006bf700140dd5f77e73e1397cf893afeddd1e8",
}
BOT_GOLDEN = {
    (5, ("normal", "easy", "normal")): "bef898132a69238e7563ab8b48357e13fa569beeac85a52a5170745d67925be4",
    (9, ("easy", "normal")): "9add199a0f664c3f44ba23de89d01b07ff540030ce41222884e156afd680672c",
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
