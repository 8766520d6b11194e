"""One conformance test for every registered game, the way OpenSpiel runs one random simulation
over all its games: a fourth game gets all of this by registering in rules/registry.py (its
`hidden.py` gives the two secret hooks, `perturb` and `secrets`: tests/support.py).

Per game, seeded random playouts check at every step:
- every waiting seat has legal actions;
- sampled legal actions pass check() and apply; stale and out-of-turn probes are either legal
  (and apply) or refused by check() with the same reason apply raises;
- every sampled legal action round-trips through JSON and the text form;
- views (each seat in turn and the spectator) and every raw and redacted event round-trip
  through JSON exactly; redacted events carry no secret part and no hidden card or contract;
- changing everything a seat may not know never changes that seat's view JSON;
and after each playout, replay from seed + log is exact and the same seed plays the same match.
Hypothesis then throws arbitrary and almost-right JSON at action_from_json, view_from_json and
Event.from_json: only MalformedAction / MalformedData may come back.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.contract import Event, Game
from rules.errors import IllegalAction, MalformedAction, MalformedData
from rules.refusal import DECLARED, Refusal
from rules.registry import GAME_MODULES, get_game
from tests.support import PERTURB, SECRETS, Step, config, playout, replayed

NAMES = list(GAME_MODULES)
SEEDS = (1, 2)
MAX_STEPS = 500  # whole matches: Night Market ~100 moves, Stamp Swap ~120, Swap Meet ~360 steps
SAMPLE = 8  # legal actions per step taken through check, apply and JSON


def wire(value: Any) -> Any:
    """What arrives at the other end of a JSON connection."""
    return json.loads(json.dumps(value, allow_nan=False))


@dataclass
class Tally:
    """What one playout saw, to prove the checks had something to check."""

    refused: int = 0
    secret_events: int = 0
    log: list[tuple[float, int, Any]] = field(default_factory=list)
    after_last_action: Any = None


def sample(legal: Any) -> list[Any]:
    """A spread of legal actions (all of them when there are few)."""
    return list(legal[:: max(1, len(legal) // SAMPLE)])


def probe(game: Game, state: Any, seat: int, action: Any, now: float) -> bool:
    """check() is None exactly when apply succeeds, and a refusal is a declared code that apply raises
    unchanged; True if refused."""
    refusal = game.check(state, seat, action, now)
    if refusal is None:
        game.apply(state, seat, action, now)
        return False
    assert isinstance(refusal, Refusal) and DECLARED[refusal.code] == refusal.params.keys()
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, action, now)
    assert refused.value.refusal == refusal
    return True


def check_actions(game: Game, step: Step, stale: list[Any], seats: int, tally: Tally) -> None:
    state, now = step.before, step.now
    for seat in game.waiting(state):
        assert game.legal_actions(state, seat, now), f"seat {seat} waits with nothing to do"
    if step.seat is None:
        return
    for action in sample(step.legal):
        assert game.action_from_json(wire(game.action_to_json(action))) == action
        assert game.action_from_text(game.action_to_text(action)) == action
        assert game.check(state, step.seat, action, now) is None
        game.apply(state, step.seat, action, now)
    probes = [(step.seat, a) for a in stale] + [(s, a) for s in range(seats) if s != step.seat
                                                for a in sample(step.legal)[:2]]
    tally.refused += sum(probe(game, state, seat, action, now) for seat, action in probes)


def check_events(game: Game, step: Step, seats: int, tally: Tally) -> None:
    for event in step.events:
        assert Event.from_json(wire(event.to_json())) == event
        tally.secret_events += bool(event.secret)
    for viewer in [*range(seats), None]:
        # Hidden before and after the step: whatever the step revealed on purpose is not a leak.
        hidden = SECRETS[game.name](step.before, viewer) & SECRETS[game.name](step.state, viewer)
        for event in step.events:
            shown = game.redact(event, viewer)
            assert not shown.secret and not shown.visible_to
            if viewer not in event.visible_to:
                assert not shown.data.keys() & event.secret.keys()
            text = json.dumps(shown.to_json())
            assert Event.from_json(json.loads(text)) == shown
            assert not [h for h in hidden if h in text], f"seat {viewer} learns a secret from {event.kind}"


def check_view(game: Game, state: Any, viewer: int | None) -> None:
    view = game.view(state, viewer)
    data = game.view_to_json(view)
    assert game.view_from_json(wire(data)) == view
    assert game.view_to_json(game.view(PERTURB[game.name](state, viewer), viewer)) == data, (
        f"seat {viewer}'s view changed with what it may not know"
    )


def play_and_check(game: Game, seed: int) -> Tally:
    """One checked playout; returns its log and the state after its last action."""
    cfg, tally, stale = config(game), Tally(), []
    seats = len(cfg.seats)
    viewers = [*range(seats), None]
    for n, step in enumerate(playout(game, seed, cfg, MAX_STEPS)):
        check_actions(game, step, stale, seats, tally)
        check_events(game, step, seats, tally)
        check_view(game, step.state, viewers[n % len(viewers)])  # every seat in turn, cheap enough
        if step.action is not None:
            tally.log.append((step.now, step.seat, game.action_to_json(step.action)))
            tally.after_last_action = step.state
            stale = sample(step.legal)[:3]
    return tally


def plain_run(game: Game, seed: int) -> tuple[list[tuple[float, int | None, Any]], Any]:
    steps = list(playout(game, seed, config(game), MAX_STEPS))
    return [(s.now, s.seat, s.action) for s in steps], steps[-1].state


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_every_game_keeps_the_contract_over_random_playouts(name: str, seed: int) -> None:
    game = get_game(name)
    assert name in PERTURB and name in SECRETS, "give this game a hidden.py with perturb and secrets"
    tally = play_and_check(game, seed)
    assert tally.log and tally.refused, "the playout exercised moves and refusals"
    assert replayed(game, seed, config(game), tally.log).state == tally.after_last_action
    assert plain_run(game, seed) == plain_run(game, seed)
    assert tally.secret_events, "the redaction rule was exercised, not just declared"


# Hypothesis: arbitrary JSON, and real wire data with one part replaced by arbitrary JSON.

SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-(10**40), 10**40)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
           | st.sampled_from(["", "-", "()", "1/2", "hidden-3", "crate", "take", "0", "-0"]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=6)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=6), max_leaves=25)
ODD = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Samples:
    actions: list[Any]
    views: list[Any]
    events: list[Any]


@functools.cache
def samples(name: str) -> Samples:
    """Real wire data from the start of a playout."""
    game, out = get_game(name), Samples([], [], [])
    cfg = config(game)
    viewers = [*range(len(cfg.seats)), None]
    for n, step in enumerate(playout(game, 3, cfg, 40)):
        out.actions.extend(game.action_to_json(a) for a in sample(step.legal))
        out.views.append(game.view_to_json(game.view(step.state, viewers[n % len(viewers)])))
        out.events.extend(e.to_json() for e in step.events)
    return out


@functools.cache
def text_words(name: str) -> list[str]:
    """The words of the real actions' text forms (made once, not per example)."""
    game = get_game(name)
    forms = [game.action_to_text(game.action_from_json(a)) for a in samples(name).actions]
    return sorted({w for f in forms for w in f.split()})


def mutate(value: Any, data: st.DataObject) -> Any:
    """`value` with one part (maybe the whole) replaced, dropped or joined by arbitrary JSON."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        how = data.draw(st.sampled_from(["deeper", "drop", "add"]))
        if how == "drop":
            return {k: v for k, v in value.items() if k != key}
        if how == "add":
            return {**value, data.draw(st.text(max_size=8)): data.draw(JSON)}
        return {**value, key: mutate(value[key], data)}
    if isinstance(value, list) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        return [*value[:i], mutate(value[i], data), *value[i + 1:]]
    return data.draw(JSON)


def odd_json(pool: list[Any], data: st.DataObject) -> Any:
    if not pool or data.draw(st.booleans()):
        return data.draw(JSON)
    return mutate(data.draw(st.sampled_from(pool)), data)


@pytest.mark.parametrize("name", NAMES)
@ODD
@given(data=st.data())
def test_any_json_is_an_action_or_malformed(name: str, data: st.DataObject) -> None:
    game = get_game(name)
    value = odd_json(samples(name).actions, data)
    try:
        action = game.action_from_json(value)
    except MalformedAction:
        return
    assert game.action_from_json(wire(game.action_to_json(action))) == action


@pytest.mark.parametrize("name", NAMES)
@ODD
@given(data=st.data())
def test_any_text_is_an_action_or_malformed(name: str, data: st.DataObject) -> None:
    game = get_game(name)
    words = st.sampled_from(text_words(name) or ["-"])
    text = data.draw(st.text(max_size=40) | st.lists(words, max_size=6).map(" ".join))
    try:
        action = game.action_from_text(text)
    except MalformedAction:
        return
    assert game.action_from_text(game.action_to_text(action)) == action


@pytest.mark.parametrize("name", NAMES)
@ODD
@given(data=st.data())
def test_any_json_is_a_view_or_malformed(name: str, data: st.DataObject) -> None:
    game = get_game(name)
    value = odd_json(samples(name).views, data)
    try:
        view = game.view_from_json(value)
    except MalformedData:
        return
    assert game.view_from_json(wire(game.view_to_json(view))) == view


@pytest.mark.parametrize("name", NAMES)
@ODD
@given(data=st.data())
def test_any_json_is_an_event_or_malformed(name: str, data: st.DataObject) -> None:
    value = odd_json(samples(name).events, data)
    try:
        event = Event.from_json(value)
    except MalformedData:
        return
    assert Event.from_json(wire(event.to_json())) == event
