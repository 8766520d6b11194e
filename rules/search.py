"""One search for every game's Hard bot: sampled worlds, common random numbers, halving.

The algorithm is kept apart from the games (OpenSpiel's way): a game supplies two hooks, and the
search knows nothing else of it.
- `sample(view, rng)`: a full world consistent with what one seat can see (information-set
  sampling); the search never touches a true state.
- `simulate(world, action, noise)`: play `action` in `world` and return its value to the
  searching seat (a rollout, an evaluation, or both), drawing randomness only from `noise`.

Each round draws fresh worlds and plays every surviving candidate in each of them with the same
noise (common random numbers: candidates differ by their move, not their luck), then keeps the
better half (sequential halving; or one round, every candidate in the same worlds). The budget
is a count of simulations, never a clock, so a seed gives the same decision on any machine.
`halving` yields the leader after every round, so a caller may stop early and still hold the
best move found so far (anytime).

Numbered worlds are the other way to draw them: world w comes from `rng.fork(w)`, so world 3 is
the same world in every call with that rng. `evaluate` plays candidates in a range of numbered
worlds, `best_mean` keeps the best of one round (Stamp Swap), and `screened` rolls every
candidate out in a few worlds, then the default and the best others in the rest, the pick being
the default unless another beats it in the same worlds by a bar of standard errors (`paired_best`;
Swap Meet, whose rollouts are noisy).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.rng import Rng

V = TypeVar("V")  # a seat's view
W = TypeVar("W")  # a sampled world (a full state)
A = TypeVar("A")  # an action


@dataclass(frozen=True)
class Leader(Generic[A]):
    """The best candidate after a round: its move, mean value and how many worlds it was tried in."""

    action: A
    mean: float
    worlds: int
    simulations: int


@dataclass(frozen=True)
class Budget:
    """How much one decision may search: candidates kept (the caller's best first), simulations
    in all, and whether to halve. Without halving every candidate plays the same
    simulations // candidates worlds (one round)."""

    candidates: int
    simulations: int
    halve: bool = True


def rounds_for(candidates: int, halve: bool = True) -> int:
    """Rounds until one candidate is left when halving (at least one round)."""
    return max(1, math.ceil(math.log2(candidates))) if halve and candidates > 1 else 1


def halving(
    view: V,
    candidates: Sequence[A],
    sample: Callable[[V, Rng], tuple[W, Rng]],
    simulate: Callable[[W, A, Rng], float],
    budget: Budget,
    rng: Rng,
) -> Iterator[tuple[Leader[A], Rng]]:
    """Sequential halving over `candidates` within the budget; the leader after each round.

    The budget is split evenly between rounds; in a round every survivor is tried in the same
    fresh worlds (at least one, so a budget below the candidate count is overspent, not
    ignored). Ties keep the earlier candidate (callers list their best guess first).
    """
    alive = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    tried = [0] * len(candidates)
    rounds = rounds_for(len(candidates), budget.halve)
    per_round = budget.simulations // rounds
    spent = 0
    for _ in range(rounds):
        worlds = max(1, per_round // (len(alive) if budget.halve else budget.candidates))
        for _ in range(worlds):
            world, rng = sample(view, rng)
            noise, rng = rng.fork(3), rng.fork(4)
            for i in alive:
                totals[i] += simulate(world, candidates[i], noise)
                tried[i] += 1
        spent += worlds * len(alive)
        alive.sort(key=lambda i: (-totals[i] / tried[i], i))
        top = alive[0]
        yield Leader(candidates[top], totals[top] / tried[top], tried[top], spent), rng
        alive = sorted(alive[: (len(alive) + 1) // 2])


def best_move(
    view: V,
    candidates: Sequence[A],
    sample: Callable[[V, Rng], tuple[W, Rng]],
    simulate: Callable[[W, A, Rng], float],
    budget: Budget,
    rng: Rng,
) -> tuple[A, Rng]:
    """The candidate the search ends on, of the budget's first few (a lone one is not searched)."""
    kept = candidates[: budget.candidates]
    if len(kept) == 1:
        return kept[0], rng
    *_, (leader, rng) = halving(view, kept, sample, simulate, budget, rng)
    return leader.action, rng


def evaluate(
    view: V,
    candidates: Sequence[A],
    sample_at: Callable[[V, Rng], W],
    simulate: Callable[[W, A], float],
    worlds: Iterable[int],
    rng: Rng,
) -> list[list[float]]:
    """Per candidate, its value in each numbered world (world w drawn from `rng.fork(w)`, the
    same world for every candidate and in every call)."""
    values: list[list[float]] = [[] for _ in candidates]
    for w in worlds:
        world = sample_at(view, rng.fork(w))
        for row, action in zip(values, candidates, strict=True):
            row.append(simulate(world, action))
    return values


def best_mean(values: Sequence[Sequence[float]]) -> int:
    """The candidate with the highest total over the same worlds (ties keep the earlier one)."""
    totals = [sum(row) for row in values]
    return totals.index(max(totals))


def screened(
    view: V,
    candidates: Sequence[A],
    sample_at: Callable[[V, Rng], W],
    simulate: Callable[[W, A], float],
    rng: Rng,
    screen: int,
    worlds: int,
    finalists: int,
) -> tuple[list[int], list[list[float]]]:
    """Every candidate in worlds 0..screen-1, then the default (index 0) and the best
    `finalists - 1` others by mean in worlds screen..worlds-1: the close calls get the most
    worlds for the same work. Returns the finalists' indices and their values in every world."""
    first = evaluate(view, candidates, sample_at, simulate, range(screen), rng)
    means = [sum(row) / len(row) for row in first]
    keep = [0, *sorted(range(1, len(candidates)), key=lambda i: -means[i])[: finalists - 1]]
    more = evaluate(view, [candidates[i] for i in keep], sample_at, simulate, range(screen, worlds), rng)
    return keep, [first[i] + row for i, row in zip(keep, more, strict=True)]


def paired_best(values: Sequence[Sequence[float]], confidence: float) -> int:
    """The default (index 0) unless another candidate beats it in the same worlds by `confidence`
    standard errors of the paired difference (the best such by mean): with noisy simulations a
    bare argmax mostly follows the dice."""
    pick, pick_mean = 0, 0.0
    base = values[0]
    n = len(base)
    for i, row in enumerate(values[1:], start=1):
        diffs = [a - b for a, b in zip(row, base, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if mean > pick_mean and mean > confidence * math.sqrt(var / n):
            pick, pick_mean = i, mean
    return pick


def raced(
    view: V,
    candidates: Sequence[A],
    sample_at: Callable[[V, Rng], W],
    simulate: Callable[[W, A], float],
    rng: Rng,
    screen: int,
    worlds: int,
    finalists: int,
    chunk: int,
) -> tuple[list[int], list[list[float]]]:
    """`screened`, but the finalists race the default `chunk` worlds at a time: a challenger
    drops out once it is no better than the default on average in the worlds so far (then
    `paired_best` could not pick it), and the race ends when none is left. Returns the default
    and the challengers still in the race, with their values in the same worlds."""
    first = evaluate(view, candidates, sample_at, simulate, range(screen), rng)
    means = [sum(row) / len(row) for row in first]
    keep = [0, *sorted(range(1, len(candidates)), key=lambda i: -means[i])[: finalists - 1]]
    values = {i: list(first[i]) for i in keep}
    done = screen
    while True:
        keep = [0, *(i for i in keep[1:] if sum(values[i]) > sum(values[0]))]
        if len(keep) == 1 or done >= worlds:
            return keep, [values[i] for i in keep]
        more = evaluate(view, [candidates[i] for i in keep], sample_at, simulate,
                        range(done, min(worlds, done + chunk)), rng)
        for i, row in zip(keep, more, strict=True):
            values[i] += row
        done = min(worlds, done + chunk)
