"""Help pages and how-to cards worded from catalogue keys each time they are read, so a game's help
follows the language in use (a screen that opens after the language changed reads the new one)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

from game.text import tr


@dataclass(frozen=True)
class Pages(Sequence[tuple[str, str]]):
    """(heading, body) pairs: `pairs` holds (heading key, body key), worded with the same `params`."""

    pairs: tuple[tuple[str, str], ...]
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, pairs: Sequence[tuple[str, str]], params: Mapping[str, Any]) -> Pages:
        """Pages from key pairs and the numbers their words read."""
        return cls(tuple(pairs), tuple(params.items()))

    def _word(self, pair: tuple[str, str]) -> tuple[str, str]:
        params = dict(self.params)
        return tr(pair[0], **params), tr(pair[1], **params)

    @overload
    def __getitem__(self, index: int) -> tuple[str, str]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[str, str]]: ...

    def __getitem__(self, index: int | slice) -> tuple[str, str] | Sequence[tuple[str, str]]:
        if isinstance(index, slice):
            return [self._word(p) for p in self.pairs[index]]
        return self._word(self.pairs[index])

    def __len__(self) -> int:
        return len(self.pairs)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return (self._word(p) for p in self.pairs)


@dataclass(frozen=True)
class Lines:
    """A list worded when it is formatted (a Pages parameter): one row per (key, params), joined by `sep`
    (or by the words of the key `sep_key`: " or ", " oder ")."""

    rows: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
    sep: str = "\n"
    sep_key: str = ""

    @classmethod
    def of(cls, rows: Sequence[tuple[str, Mapping[str, Any]]], sep: str = "\n", sep_key: str = "") -> Lines:
        """Lines from (key, params) rows."""
        return cls(tuple((key, tuple(params.items())) for key, params in rows), sep, sep_key)

    def __str__(self) -> str:
        sep = tr(self.sep_key) if self.sep_key else self.sep
        return sep.join(tr(key, **dict(params)) for key, params in self.rows)
