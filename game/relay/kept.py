"""A live room's match history kept as JSON text, which CPython's cyclic collector does not walk.

A full collection walks every tracked object, and a busy relay's heap was mostly its rooms' events
and log entries (rules/ objects: a dataclass, its dicts and lists; ~490 of a Night Market room's
~770 tracked objects 40 moves in, docs/relay.md "Collection pauses"). Text (str) is never tracked,
so the referee keeps them here (rules/referee.py `Kept`): each event as the text each viewer is
sent, each log entry as its record line. They are decoded only when something asks for the objects
(a finished record, a rollback, tests); what each seat is sent is made from the texts.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import Any, Generic, TypeVar, overload

from game.relay.protocol import dumps
from rules.contract import AnyGame, Event
from rules.record import Entry

T = TypeVar("T")
K = TypeVar("K")


class _Texts(ABC, Generic[T, K]):
    """A list of `T` kept as `K` (text, or a tuple of texts): encoded as it is appended, decoded as it is read."""

    def __init__(self) -> None:
        self._kept: list[K] = []

    @abstractmethod
    def _encode(self, item: T) -> K: ...

    @abstractmethod
    def _decode(self, kept: K) -> T: ...

    def __len__(self) -> int:
        return len(self._kept)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._decode(k) for k in self._kept[index]]
        return self._decode(self._kept[index])

    def __iter__(self) -> Iterator[T]:
        return (self._decode(k) for k in self._kept)

    def append(self, item: T) -> None:
        self._kept.append(self._encode(item))

    def extend(self, items: Iterable[T]) -> None:
        self._kept.extend(self._encode(item) for item in items)

    def clear(self) -> None:
        self._kept.clear()


class EventTexts(_Texts[Event, "str | tuple[str, ...]"]):
    """A match's events: each as its own JSON text when every viewer sees it whole (most events), else
    a tuple of texts (the raw event's, then the public viewer's, then each seat's, equal ones shared)."""

    def __init__(self, game: AnyGame, seats: int) -> None:
        super().__init__()
        self._game, self._viewers = game, (None, *range(seats))

    def _encode(self, event: Event) -> str | tuple[str, ...]:
        raw = dumps(event.to_json())
        redact = self._game.redact
        seen = [redact(event, viewer) for viewer in self._viewers]
        if seen.count(event) == len(seen):  # each viewer sees it whole (`count` tries `is` first)
            return raw
        views = [raw if e is event else dumps(e.to_json()) for e in seen]
        if views.count(raw) == len(views):
            return raw
        shared: dict[str, str] = {}
        return (raw, *(shared.setdefault(v, v) for v in views))

    def _decode(self, kept: str | tuple[str, ...]) -> Event:
        return Event.from_json(json.loads(kept if type(kept) is str else kept[0]))

    def texts(self, viewer: int | None, start: int = 0) -> list[str]:
        """The events from index `start` as `viewer` (None: the public) is sent them, each as JSON text."""
        at = 1 if viewer is None else viewer + 2
        return [k if type(k) is str else k[at] for k in self._kept[start:]]


class EntryTexts(_Texts[Entry, str]):
    """A match's log: each entry as its record line's JSON text (`[now, seat, action, seq?]`)."""

    def _encode(self, entry: Entry) -> str:
        return _line(entry)

    def _decode(self, text: str) -> Entry:
        return _entry(text)

    def json(self, start: int = 0) -> list[list[Any]]:
        """The entries from index `start` as JSON data (what the store appends)."""
        return [json.loads(text) for text in self._kept[start:]]


def _line(entry: Entry) -> str:
    """`Entry.to_json`'s text, written without its copy of the action (the rules made it: JSON data,
    and tuples are written as the lists that copy would make)."""
    out = [entry.now, entry.seat, entry.action]
    return dumps(out if entry.seq is None else [*out, entry.seq])


def _entry(text: str) -> Entry:
    """The entry again (it was written by `append`: no need for Entry.from_json's checks)."""
    data = json.loads(text)
    return Entry(data[0], data[1], data[2], data[3] if len(data) == 4 else None)
