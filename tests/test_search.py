"""The shared search (rules/search.py) on a toy game: budget, halving, common numbers, seeds."""

from __future__ import annotations

from rules.rng import Rng
from rules.search import (
    Budget,
    best_mean,
    best_move,
    evaluate,
    halving,
    paired_best,
    raced,
    rounds_for,
    screened,
)

# A toy game: the view is a list of arm means, a world is a shift every arm shares (the luck of
# the deal), and a simulation is the arm's mean plus the world's shift plus noise.
ARMS = (0.40, 0.55, 0.50, 0.10, 0.52, 0.30)


def sample(view: tuple[float, ...], rng: Rng) -> tuple[float, Rng]:
    shift, rng = rng.random()
    return shift - 0.5, rng


def search(budget: Budget, calls: list[tuple[float, int]], seed: int):
    return halving(ARMS, range(len(ARMS)), sample, counting_simulator(calls), budget, Rng.seeded(seed))


def counting_simulator(calls: list[tuple[float, int]]):
    def simulate(world: float, arm: int, noise: Rng) -> float:
        calls.append((world, arm))
        x, _ = noise.random()
        return ARMS[arm] + world + 0.1 * (x - 0.5)

    return simulate


def test_the_budget_is_a_count_of_simulations_never_exceeded():
    calls: list[tuple[float, int]] = []
    best_move(ARMS, range(len(ARMS)), sample, counting_simulator(calls), Budget(8, 90), Rng.seeded(1))
    assert 0 < len(calls) <= 90


def test_every_survivor_is_tried_in_the_same_worlds():
    calls: list[tuple[float, int]] = []
    best_move(ARMS, range(len(ARMS)), sample, counting_simulator(calls), Budget(8, 90), Rng.seeded(2))
    worlds_of = {arm: [w for w, a in calls if a == arm] for arm in range(len(ARMS))}
    first_round = set(worlds_of[3])  # arm 3 is the worst: it only plays the first round
    assert all(first_round <= set(ws) for ws in worlds_of.values())


def test_halving_finds_the_best_arm_and_reports_after_each_round():
    leaders = [lead for lead, _ in search(Budget(8, 120), [], 3)]
    assert len(leaders) == rounds_for(len(ARMS)) == 3
    assert [lead.simulations for lead in leaders] == sorted(lead.simulations for lead in leaders)
    assert leaders[-1].action == 1 and leaders[-1].worlds > leaders[0].worlds


def test_same_seed_same_choice_and_rng():
    runs = [best_move(ARMS, range(6), sample, counting_simulator([]), Budget(8, 60), Rng.seeded(9)) for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_lone_candidate_is_not_searched():
    calls: list[tuple[float, int]] = []
    rng = Rng.seeded(4)
    assert best_move(ARMS, [5], sample, counting_simulator(calls), Budget(8, 60), rng) == (5, rng)
    assert calls == []


def test_without_halving_every_candidate_plays_the_same_worlds_once_through():
    calls: list[tuple[float, int]] = []
    leaders = list(search(Budget(6, 60, halve=False), calls, 5))
    assert len(leaders) == 1 and leaders[0][0].worlds == 10 and len(calls) == 60
    assert all(sorted(w for w, a in calls if a == arm) == sorted(w for w, a in calls if a == 0) for arm in range(6))


def _at(view: tuple[float, ...], rng: Rng) -> float:
    shift, _ = rng.random()
    return shift - 0.5


def _value(world: float, arm: int) -> float:
    return ARMS[arm] + world


def test_a_numbered_world_is_the_same_in_every_evaluation():
    rng = Rng.seeded(6)
    whole = evaluate(ARMS, range(3), _at, _value, range(4), rng)
    parts = [evaluate(ARMS, range(3), _at, _value, worlds, rng) for worlds in (range(2), range(2, 4))]
    assert whole == [a + b for a, b in zip(*parts, strict=True)]
    assert best_mean(whole) == 1 and best_mean([[1.0], [1.0]]) == 0  # ties keep the earlier


def test_the_screen_gives_the_finalists_every_world_and_the_rest_only_the_first():
    keep, values = screened(ARMS, range(6), _at, _value, Rng.seeded(7), screen=2, worlds=5, finalists=3)
    assert keep == [0, 1, 4]  # the default, then the two best others by mean
    assert all(len(row) == 5 for row in values)


def test_the_default_stays_unless_another_beats_it_by_the_bar():
    assert paired_best([[0.5, 0.5, 0.5], [0.51, 0.49, 0.52]], 1.0) == 0  # ahead, inside the noise
    assert paired_best([[0.5, 0.4, 0.6], [0.6, 0.5, 0.7], [0.55, 0.45, 0.65]], 1.0) == 1



def test_the_race_ends_once_no_finalist_is_ahead_of_the_default():
    calls: list[int] = []

    def simulator(arms: tuple[float, ...]):
        def value(world: float, arm: int) -> float:
            calls.append(arm)
            return arms[arm] + world

        return value

    keep, values = raced(ARMS, range(6), _at, simulator(ARMS), Rng.seeded(7), screen=2, worlds=10, finalists=3,
                         chunk=2)
    assert keep == [0, 1, 4] and all(len(row) == 10 for row in values)  # both finalists beat arm 0 in every world
    assert values == screened(ARMS, range(6), _at, _value, Rng.seeded(7), screen=2, worlds=10, finalists=3)[1]
    calls.clear()
    best_first = (0.6, *ARMS[1:])
    keep, values = raced(best_first, range(6), _at, simulator(best_first), Rng.seeded(7), screen=2, worlds=10,
                         finalists=3, chunk=2)
    assert keep == [0] and len(values[0]) == 2 and len(calls) == 12  # the screen alone: 6 arms in 2 worlds
