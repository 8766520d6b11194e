"""Golden playouts as text: whole seeded matches of every game, one line per move, in tests/golden/.

tests/test_golden.py plays each match again and compares its text with the file, so a failing diff
shows the first move that changed. Regenerate the files only after a deliberate rules or bot change,
and read the diff before committing it:

    python -m tests.golden.regen --write

A file holds a header (game, seed, seats, how the moves were chosen), then per move a line
`t=12.3 seat 1: <move> | legal N #digest | views #digest` followed by its events (`  > kind {data}`,
the secret part and who may see it after `secret`), events that time alone produced (`t=… tick`),
and at the end the outcome and every seat's final view as JSON. The digests are short SHA-256
prefixes of the full legal list and of every seat's view after the move: a change to either shows
on the move where it happened.

Random playouts pick uniformly among legal moves with a seeded rng, as each game's golden test
always has (Night Market: the first waiting seat, the rng seeded seed*31+7; the others: a random
waiting seat, the rng seeded `seed`; Swap Meet moves its clock 0.25-1.25 s before each pick);
bot matches are rules/driver.py's `play_match`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.contract import AnyGame, Event, MatchConfig, SeatConfig
from rules.driver import play_match, seat_config
from rules.registry import get_game
from rules.rng import Rng

FOLDER = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Playout:
    """One pinned match: `levels` for a bot match, else a random playout of `seats` seats."""

    game: str
    seed: int
    seats: int
    levels: tuple[str, ...] = ()
    people: bool = False  # random playouts seated as people (P0, P1…) instead of easy bots
    first_waiting: bool = False  # random playouts: the first waiting seat moves (else a random one)
    rng_seed: int | None = None  # the random playout's rng (default: `seed`)

    @property
    def file(self) -> Path:
        """Where its text lives."""
        how = "-".join(self.levels) if self.levels else f"random-{self.seats}"
        return FOLDER / f"{self.game}-{how}-{self.seed}.txt"


PLAYOUTS = (
    *(Playout("night-market", seed, 2, first_waiting=True, rng_seed=seed * 31 + 7)
      for seed in (1, 2, 7, 31, 4242, 987654)),
    Playout("night-market", 5, 2, ("easy", "normal")),
    Playout("night-market", 6, 2, ("normal", "easy")),
    *(Playout("stamp-swap", seed, n, people=True) for seed, n in ((1, 2), (7, 3), (42, 4), (1234, 5))),
    Playout("stamp-swap", 5, 3, ("normal", "easy", "normal")),
    Playout("stamp-swap", 9, 2, ("easy", "normal")),
    *(Playout("swap-meet", seed, n) for seed, n in ((1, 4), (2, 4), (7, 3), (11, 6))),
    Playout("swap-meet", 3, 4, ("normal",) * 4),
    Playout("swap-meet", 5, 3, ("easy", "normal", "easy")),
)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _digest(value: Any) -> str:
    return hashlib.sha256(_json(value).encode()).hexdigest()[:8]


def event_line(event: Event) -> str:
    """`  > kind seat N {data} secret {…} to [seats]`."""
    who = "" if event.seat is None else f" seat {event.seat}"
    secret = f" secret {_json(dict(event.secret))} to {list(event.visible_to)}" if event.secret else ""
    return f"  > {event.kind}{who} {_json(dict(event.data))}{secret}"


class Transcript:
    """The game, with its setup, moves and events written down as they happen (bots and playouts alike)."""

    def __init__(self, game: AnyGame, playout: Playout) -> None:
        self.game, self.seats = game, playout.seats
        how = f"bots {' '.join(playout.levels)}" if playout.levels else "random moves"
        self.lines = [f"# {game.name} seed {playout.seed}, {playout.seats} seats, {how}"]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def _events(self, events: list[Event]) -> None:
        self.lines += [event_line(e) for e in events]

    def new_match(self, seed: int, config: MatchConfig, now: float = 0.0) -> tuple[Any, list[Event]]:
        state, events = self.game.new_match(seed, config, now)
        self.lines.append("setup")
        self._events(events)
        return state, events

    def tick(self, state: Any, now: float) -> tuple[Any, list[Event]]:
        state, events = self.game.tick(state, now)
        if events:
            self.lines.append(f"t={now:g} tick")
            self._events(events)
        return state, events

    def apply(self, state: Any, seat: int, action: Any, now: float = 0.0) -> tuple[Any, list[Event]]:
        legal = [self.game.action_to_json(a) for a in self.game.legal_actions(state, seat, now)]
        after, events = self.game.apply(state, seat, action, now)
        views = [self.game.view_to_json(self.game.view(after, v)) for v in [*range(self.seats), None]]
        self.lines.append(f"t={now:g} seat {seat}: {self.game.action_to_text(action)} | legal {len(legal)} "
                          f"#{_digest(legal)} | views #{_digest(views)}")
        self._events(events)
        return after, events

    def end(self, state: Any) -> str:
        """The whole text: the moves, then the outcome and every final view."""
        out = self.game.outcome(state)
        assert out is not None
        lines = [*self.lines, f"outcome winners {list(out.winners)} scores {list(out.scores)} {out.reason.value}: "
                 f"{out.detail}"]
        lines += [f"view {v}: {_json(self.game.view_to_json(self.game.view(state, v)))}"
                  for v in [*range(self.seats), None]]
        return "\n".join(lines) + "\n"


def _random_moves(t: Transcript, p: Playout) -> Any:
    """Uniformly random legal moves, as each game's golden test has always chosen them."""
    people = MatchConfig(tuple(SeatConfig(f"P{i}") for i in range(p.seats)))
    state, _ = t.new_match(p.seed, people if p.people else seat_config(["easy"] * p.seats), now=0.0)
    rng, now = Rng.seeded(p.seed if p.rng_seed is None else p.rng_seed), 0.0
    while t.outcome(state) is None:
        if t.realtime:
            step, rng = rng.random()
            now += 0.25 + step
            state, _ = t.tick(state, now)
            if t.outcome(state) is not None:
                break
        seat = t.waiting(state)[0]
        if not p.first_waiting:
            seat, rng = rng.choice(t.waiting(state))
        legal = t.legal_actions(state, seat, now)
        if not legal:
            continue
        action, rng = rng.choice(legal)
        state, _ = t.apply(state, seat, action, now)
    return state


def text(p: Playout) -> str:
    """The playout's transcript, as its file should hold it."""
    t = Transcript(get_game(p.game), p)
    state = play_match(t, p.seed, p.levels).final_state if p.levels else _random_moves(t, p)  # type: ignore[arg-type]
    return t.end(state)


def main(argv: list[str]) -> int:
    """Check every file (exit 1 when one differs) or, with --write, write them all."""
    stale = [p for p in PLAYOUTS if not p.file.exists() or p.file.read_text(encoding="utf-8") != text(p)]
    for p in stale:
        print(("wrote " if "--write" in argv else "differs: ") + str(p.file.relative_to(FOLDER.parents[1])))
        if "--write" in argv:
            p.file.write_text(text(p), encoding="utf-8")
    return 1 if stale and "--write" not in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
