"""Golden playouts as text: whole seeded matches of every game, one line per move, in tests/golden/.

tests/test_golden.py plays each match again and compares its text with the file, so a failing diff
shows the first move that changed. Regenerate the files only after a deliberate rules or bot change,
and read the diff before committing it:

    python -m tests.golden.regen --write

A file is the match's record in its text form (rules/record.py: `MatchRecord.from_text` reads it
back) under a comment naming how the moves were chosen, with notes indented under each entry: after
a move `legal N #digest | views #digest` and its events (`> kind {data}`, the secret part and who may
see it after `secret`); after the referee's `tick` the events time alone produced; and after the
outcome every seat's final view as JSON. The digests are short SHA-256 prefixes of the full legal
list and of every seat's view after the move: a change to either shows on the move where it happened.

Random playouts pick uniformly among legal moves with a seeded rng, as each game's golden test
always has (Night Market: the first waiting seat, the rng seeded seed*31+7; the others: a random
waiting seat, the rng seeded `seed`; Swap Meet moves its clock 0.25-1.25 s before each pick);
bot matches are rules/driver.py's `play_match`. Every move goes through the referee, which writes
the record.
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
from rules.record import MatchRecord
from rules.referee import Referee
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
    """The game, with its setup, moves and events noted as they happen (bots and playouts alike).

    The referee logs one entry per `apply` and per `tick` that made events, in that order, so
    `notes[i]` belongs to the record's entry i (`setup`: before the first).
    """

    def __init__(self, game: AnyGame, playout: Playout) -> None:
        self.game, self.seats = game, playout.seats
        how = f"bots {' '.join(playout.levels)}" if playout.levels else "random moves"
        self.comment = f"# {game.name} seed {playout.seed}, {playout.seats} seats, {how}"
        self.setup: list[str] = []
        self.notes: list[list[str]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def new_match(self, seed: int, config: MatchConfig, now: float = 0.0) -> tuple[Any, list[Event]]:
        state, events = self.game.new_match(seed, config, now)
        self.setup = ["setup", *map(event_line, events)]
        return state, events

    def tick(self, state: Any, now: float) -> tuple[Any, list[Event]]:
        state, events = self.game.tick(state, now)
        if events:
            self.notes.append([event_line(e) for e in events])
        return state, events

    def apply(self, state: Any, seat: int, action: Any, now: float = 0.0) -> tuple[Any, list[Event]]:
        legal = [self.game.action_to_json(a) for a in self.game.legal_actions(state, seat, now)]
        after, events = self.game.apply(state, seat, action, now)
        views = [self.game.view_to_json(self.game.view(after, v)) for v in [*range(self.seats), None]]
        self.notes.append([f"legal {len(legal)} #{_digest(legal)} | views #{_digest(views)}",
                           *map(event_line, events)])
        return after, events

    def end(self, record: MatchRecord, state: Any) -> str:
        """The whole text: the record with its notes, then every final view."""
        assert len(self.notes) == len(record.entries), "a note for every entry"
        notes = {-1: self.setup, **dict(enumerate(self.notes))}
        views = [f"  view {v}: {_json(self.game.view_to_json(self.game.view(state, v)))}"
                 for v in [*range(self.seats), None]]
        return "\n".join([self.comment, record.to_text(notes).rstrip("\n"), *views]) + "\n"


def _random_moves(t: Transcript, p: Playout) -> Referee:
    """Uniformly random legal moves, as each game's golden test has always chosen them."""
    people = MatchConfig(tuple(SeatConfig(f"P{i}") for i in range(p.seats)))
    referee = Referee(t, people if p.people else seat_config(["easy"] * p.seats), p.seed)  # type: ignore[arg-type]
    rng, now = Rng.seeded(p.seed if p.rng_seed is None else p.rng_seed), 0.0
    while referee.outcome() is None:
        if t.realtime:
            step, rng = rng.random()
            now += 0.25 + step
            referee.tick(now)
            if referee.outcome() is not None:
                break
        seat = referee.waiting()[0]
        if not p.first_waiting:
            seat, rng = rng.choice(referee.waiting())
        legal = referee.legal(seat, now)
        if not legal:
            continue
        action, rng = rng.choice(legal)
        referee.act(seat, action, now)
    return referee


def text(p: Playout) -> str:
    """The playout's transcript, as its file should hold it."""
    t = Transcript(get_game(p.game), p)
    if p.levels:
        played = play_match(t, p.seed, p.levels)  # type: ignore[arg-type]
        return t.end(played.record, played.final_state)
    referee = _random_moves(t, p)
    return t.end(referee.record(), referee.state)


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
