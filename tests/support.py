"""Shared test support for every registered game: seeded playouts and per-game secret perturbations.

A playout picks uniformly among legal actions with its own seeded rng; real-time games run on a
simulated clock (each step moves it on by 0.25-1.25 s and ticks first), as rules/driver.py does.
Two per-game hooks serve the conformance test, read from each game's `rules/<game>/hidden.py`
through the registry. `PERTURB[name]` gives a state in which everything `viewer` may not know
has been changed, so that seat's view JSON must not change. `SECRETS[name]` names JSON text that
would give a hidden thing away (a hidden card's id, a rival's contract), which must not appear in
that seat's redacted events.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from rules.contract import Event, Game, MatchConfig, SeatConfig
from rules.driver import BotMatch
from rules.record import Entry
from rules.referee import Referee
from rules.registry import GAME_MODULES, get_game
from rules.rng import Rng

WAIT = 60.0  # the least any wait in a test allows (CI runs on a busy 2-core machine); it ends at once when met


def wait_until(test: Callable[[], object], what: str, step: Callable[[], object] | None = None,
               seconds: float = WAIT) -> None:
    """Call `step` (a 5 ms sleep by default) until `test()` holds; after `seconds` fail saying `what` was awaited."""
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, f"waited {seconds:.0f} s for {what}"
        if step is None:
            time.sleep(0.005)
        else:
            step()


def seats_for(game: Game) -> int:
    """A table size every game accepts and that has more than one other seat where possible."""
    return min(game.max_seats, max(game.min_seats, 3))


def config(game: Game, seats: int | None = None) -> MatchConfig:
    """Person seats only (bots play through the playout, not through the config)."""
    n = seats_for(game) if seats is None else seats
    return MatchConfig(tuple(SeatConfig(f"P{i}") for i in range(n)))


def replayed(game: Game, seed: int, cfg: MatchConfig, log: Sequence[tuple[float, int, Any]]) -> Referee:
    """The referee after a log of (now, seat, action_json) moves (the one replay loop)."""
    referee = Referee(cast(Any, game), cfg, seed)
    referee.replay([Entry(now, seat, action) for now, seat, action in log])
    return referee


def moves(played: BotMatch) -> list[tuple[float, int, Any]]:
    """A bot match's moves as (now, seat, action), the referee's own entries left out."""
    game = get_game(played.record.game)
    return [(e.now, cast(int, e.seat), game.action_from_json(e.action)) for e in played.record.moves]


def start(game: Game, seed: int, cfg: MatchConfig) -> tuple[Any, list[Event]]:
    """A new match and its setup events."""
    state, events = game.new_match(seed, cfg, now=0.0)
    return state, list(events)


@dataclass(frozen=True)
class Step:
    """One step of a playout: `action` by `seat` at `now` took `before` to `state`."""

    before: Any
    seat: int | None
    action: Any
    now: float
    legal: Sequence[Any]
    state: Any
    events: list[Event]


def playout(game: Game, seed: int, cfg: MatchConfig, max_steps: int) -> Iterator[Step]:
    """Uniformly random legal play from `seed` until the match ends or `max_steps` steps."""
    state, events = start(game, seed, cfg)
    yield Step(state, None, None, 0.0, (), state, events)
    rng, now = Rng.seeded(seed ^ 0xC0FFEE), 0.0
    for _ in range(max_steps):
        if game.outcome(state) is not None:
            return
        events = []
        if game.realtime:
            step, rng = rng.random()
            now += 0.25 + step
            state, events = game.tick(state, now)
        before, seat, action, legal = state, None, None, ()
        if game.waiting(state):
            seat, rng = rng.choice(game.waiting(state))
            legal = game.legal_actions(state, seat, now)
            action, rng = rng.choice(legal) if legal else (None, rng)
        if action is not None:
            state, more = game.apply(state, seat, action, now)
            events = [*events, *more]
        yield Step(before, seat, action, now, legal, state, events)


class _Hook(Mapping[str, Callable[[Any, "int | None"], Any]]):
    """A per-game hook read from the game's own `hidden` module (rules/<game>/hidden.py), by registry name."""

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def __getitem__(self, name: str) -> Callable[[Any, int | None], Any]:
        if name not in GAME_MODULES:
            raise KeyError(name)
        try:
            module = importlib.import_module(f"{GAME_MODULES[name]}.hidden")
        except ModuleNotFoundError as exc:
            raise KeyError(name) from exc
        return cast(Callable[[Any, "int | None"], Any], getattr(module, self.attr))

    def __iter__(self) -> Iterator[str]:
        return iter([name for name in GAME_MODULES if name in self])

    def __len__(self) -> int:
        return len(list(iter(self)))

    def __contains__(self, name: object) -> bool:
        try:
            self[str(name)]
        except (KeyError, AttributeError):
            return False
        return True


PERTURB = _Hook("perturb")
SECRETS = _Hook("secrets")
