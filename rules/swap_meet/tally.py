"""Resource counts as 4-tuples in RESOURCES order: cheap to hash, add and compare, which the
inference does for every hypothesis at every decision."""

from __future__ import annotations

from rules.swap_meet.data import RESOURCES

Counts = tuple[int, int, int, int]  # per type in RESOURCES order


def counts_of(counts: dict[str, int]) -> Counts:
    return (counts[RESOURCES[0]], counts[RESOURCES[1]], counts[RESOURCES[2]], counts[RESOURCES[3]])


def as_dict(counts: Counts) -> dict[str, int]:
    return dict(zip(RESOURCES, counts, strict=True))


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def delta(kind: str, n: int) -> Counts:
    return counts_of({k: n if k == kind else 0 for k in RESOURCES})
