"""Golden playouts: whole seeded Swap Meet matches pinned by a hash of every event and the final views.

These guard the speed work: a faster rules engine must give the same match for the same seed and
moves. Random playouts pick uniformly from `legal_actions`, so the order of that list is pinned too.
Regenerate the hashes (print `playout_digest(...)`) only when a rule deliberately changes; the bot
pins use Easy and Normal only (they are the yardstick the Hard Rival is measured against), so
they change only when those levels do. Pinned after the offer and Tax Audit rules followed the seed,
and again when main's events gained their secret part (the same games: legal lists, logs and
summaries were compared before and after), and when views gained the public audit discards
(`audited`; with that field left out of the views every old pin still matched). The bot pins were
pinned again when the default summary wait grew from 8 to 20 s (the summary waits to be read): round 1
of each match is move for move the same, later rounds deal 12 s later and the bots' timed play differs.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from test_swap_meet_props import config

from rules.contract import Event
from rules.driver import play_match, seat_config
from rules.rng import Rng
from rules.swap_meet import GAME
from rules.swap_meet.actions import (
    CashOut,
    Crash,
    HostileTakeover,
    NextRound,
    OpenOffer,
    Peek,
    PinBank,
    Pull,
    Swap,
    TaxAudit,
)
from rules.swap_meet.data import HAND_SIZE, RESOURCES
from rules.swap_meet.state import State


def _digest_events(sha: Any, events: list[Event]) -> None:
    for event in events:
        sha.update(repr((event.kind, event.seat, sorted(event.data.items()), sorted(event.secret.items()),
                         event.visible_to)).encode())


def _digest_views(sha: Any, state: State) -> None:
    for seat in [None, *range(state.seats)]:
        sha.update(repr(GAME.view(state, seat)).encode())


def playout_digest(seed: int, seats: int = 4) -> str:
    """Uniformly random legal moves at random times (the bench's playout), hashed."""
    sha = hashlib.sha256()
    state, events = GAME.new_match(seed, seat_config(["easy"] * seats), now=0.0)
    _digest_events(sha, events)
    rng, now = Rng.seeded(seed), 0.0
    while GAME.outcome(state) is None:
        step, rng = rng.random()
        now += 0.25 + step
        state, events = GAME.tick(state, now)
        _digest_events(sha, events)
        if GAME.outcome(state) is not None:
            break
        seat, rng = rng.choice(GAME.waiting(state))
        legal = GAME.legal_actions(state, seat, now)
        sha.update(repr(legal).encode())
        if not legal:
            continue
        action, rng = rng.choice(legal)
        state, events = GAME.apply(state, seat, action, now)
        _digest_events(sha, events)
    _digest_views(sha, state)
    return sha.hexdigest()[:16]


def bot_digest(seed: int, levels: list[str]) -> str:
    """A whole bot match (bots read views, so views are pinned too), hashed."""
    sha = hashlib.sha256()
    record = play_match(GAME, seed, levels, on_event=lambda e: _digest_events(sha, [e]))
    sha.update(repr(record.log).encode())
    _digest_views(sha, record.final_state)
    return sha.hexdigest()[:16]


RANDOM_PINS = {
    (1, 4): "d1ce88306b55d8c8",
    (2, 4): "0bd63fc5d339470b",
    (7, 3): "3813183ee252908c",
    (11, 6): "c80664bee663d224",
}
BOT_PINS = {
    (3, ("normal", "normal", "normal", "normal")): "2c3b123bdf966572",
    (5, ("easy", "normal", "easy")): "8083b3f96a3ef0e8",
}


@pytest.mark.parametrize(("seed", "seats"), sorted(RANDOM_PINS))
def test_random_playout_matches_its_pin(seed: int, seats: int) -> None:
    assert playout_digest(seed, seats) == RANDOM_PINS[seed, seats]


@pytest.mark.parametrize(("seed", "levels"), sorted(BOT_PINS))
def test_bot_match_matches_its_pin(seed: int, levels: tuple[str, ...]) -> None:
    assert bot_digest(seed, list(levels)) == BOT_PINS[seed, levels]


def _candidates(state: State, seat: int) -> list[Any]:
    """Every action shape a seat could send, legal or not."""
    out: list[Any] = [Pull(), CashOut(), TaxAudit(), HostileTakeover(), NextRound()]
    for kind in RESOURCES:
        out += [OpenOffer(kind, n) for n in range(1, HAND_SIZE + 2)]
        out.append(Crash(kind))
        if kind != state.stalls[seat].pin:  # re-pinning the pinned type is allowed but never listed
            out.append(PinBank(kind))
    for other in range(state.seats):
        out.append(Peek(other))
        offer = state.stalls[other].offer
        if offer is not None:
            out += [Swap(other, kind, offer.id) for kind in RESOURCES]
    return out


@pytest.mark.parametrize("seed", [4, 9])
def test_legal_actions_are_exactly_what_check_allows(seed: int) -> None:
    # legal_actions is built directly for speed; it must agree with check() action by action
    record = play_match(GAME, seed, ["normal", "hard", "easy", "normal"], {"summary_seconds": 0})
    state, _ = GAME.new_match(seed, config(4, summary_seconds=0))
    for now, actor, action in record.log:
        state, _ = GAME.tick(state, now)
        for seat in range(state.seats):
            legal = GAME.legal_actions(state, seat, now)
            allowed = [a for a in _candidates(state, seat) if GAME.check(state, seat, a, now) is None]
            assert sorted(map(repr, legal)) == sorted(map(repr, allowed))
            assert len(set(legal)) == len(legal)
        state, _ = GAME.apply(state, actor, action, now)
