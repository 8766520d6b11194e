"""One finished or running match as one value: the record every door writes and reads.

In the spirit of python-chess's PGN game: the game and the rules version it was played under, the
seed, the config, the entries (one per move, plus the referee's own: a tick that ended a round or
the match, a claim) and the outcome. Seed + config + entries rebuild the match exactly
(`Referee.from_record` in rules/referee.py, the one replay loop); local saves, the relay store,
autoplay, the golden files and share codes (rules/sharecode.py) all hold this value.

Two forms: JSON (`to_json`/`from_json`, strict through rules/codec.py) for files and the wire, and
text (`to_text`/`from_text`), one line per entry with each action's text form, for people and the
golden files. A record of a game or a rules version this build does not have is refused with
`UnknownRules` before anything is replayed (`require_rules`), never replayed into a divergence.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from rules.codec import decode, encode, json_data
from rules.contract import AnyGame, MatchConfig, Outcome, SeatConfig
from rules.errors import MalformedData
from rules.registry import GameUnavailable, get_game

FORMAT = 1  # the record's own layout (not the rules version)
TICK: dict[str, Any] = {"type": "tick"}  # the referee's entry: time alone changed the match here


def claim_action(by: int) -> dict[str, Any]:
    """The referee's entry for a claim: the seat left at the table takes the match."""
    return {"type": "claim", "by": by}


class UnknownRules(ValueError):
    """A record this build cannot replay: an unknown game, or a rules version it does not have."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Entry:
    """One line of a match: a seat's move, or the referee's own (`seat` None: a tick or a claim).

    `action` is JSON data (the game's action JSON, or TICK / claim_action); `seq` is the mover's
    message number online, so a resend after a relay restart is still recognised.
    """

    now: float
    seat: int | None
    action: Any
    seq: int | None = None

    def to_json(self) -> list[Any]:
        """`[now, seat, action]`, with `seq` as a fourth item when there is one."""
        out = [self.now, self.seat, json_data(self.action)]
        return out if self.seq is None else [*out, self.seq]

    @classmethod
    def from_json(cls, data: Any) -> Entry:
        """Inverse of to_json; MalformedData on anything else."""
        if isinstance(data, list) and len(data) == 4:
            now, seat, action, seq = decode(tuple[float, int | None, Any, int | None], data)
            return _entry(now, seat, action, seq)
        now, seat, action = decode(tuple[float, int | None, Any], data)
        return _entry(now, seat, action, None)


def _entry(now: float, seat: int | None, action: Any, seq: int | None) -> Entry:
    if now < 0 or (seat is not None and seat < 0):
        raise MalformedData(f"an entry at {now} for seat {seat} cannot be")
    return Entry(now, seat, action, seq)


@dataclass(frozen=True)
class _ConfigWire:
    seats: tuple[SeatConfig, ...]
    options: dict[str, Any] = field(default_factory=dict)


def config_to_json(config: MatchConfig) -> dict[str, Any]:
    """A JSON-ready match config."""
    return cast(dict[str, Any], encode(_ConfigWire, _ConfigWire(config.seats, dict(config.options))))


def config_from_json(data: Any) -> MatchConfig:
    """Inverse of config_to_json; MalformedData on anything else."""
    wire = cast(_ConfigWire, decode(_ConfigWire, data))
    return MatchConfig(wire.seats, wire.options)


@dataclass(frozen=True)
class _Wire:
    """The declared JSON shape of a record, for the codec (entries are decoded one by one)."""

    format: int
    game: str
    rules_version: int
    seed: int
    config: _ConfigWire
    entries: list[Any]
    outcome: Outcome | None = None


@dataclass(frozen=True)
class MatchRecord:
    """A whole match: everything needed to replay it, and how it ended (None while it runs)."""

    game: str
    rules_version: int
    seed: int
    config: MatchConfig
    entries: tuple[Entry, ...] = ()
    outcome: Outcome | None = None

    @property
    def moves(self) -> tuple[Entry, ...]:
        """The seats' entries alone (the referee's ticks and claims left out)."""
        return tuple(e for e in self.entries if e.seat is not None)

    def to_json(self) -> dict[str, Any]:
        """The JSON-ready record."""
        config = _ConfigWire(self.config.seats, dict(self.config.options))
        wire = _Wire(FORMAT, self.game, self.rules_version, self.seed, config, [], self.outcome)
        return {**cast(dict[str, Any], encode(_Wire, wire)), "entries": [e.to_json() for e in self.entries]}

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Inverse of to_json; MalformedData on any other JSON value."""
        wire = cast(_Wire, decode(_Wire, data))
        if wire.format != FORMAT:
            raise MalformedData(f"record format {wire.format} is not {FORMAT}")
        entries = tuple(Entry.from_json(e) for e in wire.entries)
        _in_order(entries)
        config = MatchConfig(wire.config.seats, wire.config.options)
        return cls(wire.game, wire.rules_version, wire.seed, config, entries, wire.outcome)

    def to_text(self, notes: Mapping[int, Sequence[str]] | None = None) -> str:
        """The text form, a line per entry; `notes[i]` are indented lines written after entry i
        (`notes[-1]`: after the header), which `from_text` skips (the golden files' events)."""
        game, notes = require_rules(self), notes or {}
        lines = [f"game {self.game}", f"rules_version {self.rules_version}", f"seed {self.seed}",
                 f"seats {_dumps([encode(SeatConfig, s) for s in self.config.seats])}",
                 f"options {_dumps(dict(self.config.options))}"]
        lines += _notes(notes, -1)
        for i, entry in enumerate(self.entries):
            lines.append(_entry_line(game, entry))
            lines += _notes(notes, i)
        if self.outcome is not None:
            lines.append(f"outcome {_dumps(encode(Outcome, self.outcome))}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> MatchRecord:
        """Inverse of to_text; MalformedData (naming the line) on anything else, UnknownRules for
        a game or rules version this build does not have."""
        lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith((" ", "#"))]
        head = dict(_header(ln) for ln in lines[:5])
        if list(head) != ["game", "rules_version", "seed", "seats", "options"]:
            raise MalformedData("a record's text starts with game, rules_version, seed, seats and options")
        game_name = _expect(head["game"], str)
        version, seed = _expect(head["rules_version"], int), _expect(head["seed"], int)
        bare = cls(game_name, version, seed, MatchConfig(()))
        game = require_rules(bare)
        seats = cast(tuple[SeatConfig, ...], decode(tuple[SeatConfig, ...], head["seats"]))
        options = cast(dict[str, Any], decode(dict[str, Any], head["options"]))
        body, outcome = lines[5:], None
        if body and body[-1].startswith("outcome "):
            outcome = cast(Outcome, decode(Outcome, _loads(body.pop()[len("outcome "):])))
        entries = tuple(_parse_entry(game, ln) for ln in body)
        _in_order(entries)
        return cls(game_name, version, seed, MatchConfig(seats, options), entries, outcome)


def require_rules(record: MatchRecord) -> AnyGame:
    """The game a record was played under; UnknownRules when this build does not have its rules."""
    try:
        game = get_game(record.game)
    except GameUnavailable as exc:
        raise UnknownRules(f"this Market Hall does not have the game {record.game!r} ({exc})") from None
    if record.rules_version != game.rules_version:
        raise UnknownRules(f"this match was played under {game.title} rules version {record.rules_version}; "
                           f"this Market Hall has version {game.rules_version}, so it cannot be replayed here")
    return game


def _in_order(entries: Sequence[Entry]) -> None:
    for i, (a, b) in enumerate(zip(entries, entries[1:]), 1):
        if b.now < a.now:
            raise MalformedData(f"entry {i} goes back in time ({b.now} after {a.now})")


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise MalformedData(f"not JSON: {text[:40]!r}") from None


def _expect(value: Any, kind: type) -> Any:
    if type(value) is not kind:
        raise MalformedData(f"expected {kind.__name__}, got {value!r:.40}")
    return value


def _header(line: str) -> tuple[str, Any]:
    key, _, value = line.partition(" ")
    if key == "game":
        return key, value
    return key, _loads(value)


def _notes(notes: Mapping[int, Sequence[str]], i: int) -> list[str]:
    return [line if line.startswith(" ") else "  " + line for line in notes.get(i, ())]


def _entry_line(game: AnyGame, entry: Entry) -> str:
    if entry.seat is None:
        words = " ".join(str(v) for k, v in entry.action.items() if k != "type")
        return f"t={entry.now!r} referee: {entry.action['type']}{' ' + words if words else ''}"
    seq = "" if entry.seq is None else f" #{entry.seq}"
    return f"t={entry.now!r} seat {entry.seat}{seq}: {game.action_to_text(game.action_from_json(entry.action))}"


def _parse_entry(game: AnyGame, line: str) -> Entry:
    where, sep, move = line.partition(": ")
    words = where.split()
    if not sep or not words or not words[0].startswith("t="):
        raise MalformedData(f"not an entry: {line[:60]!r}")
    try:
        now = float(words[0][2:])
    except ValueError:
        raise MalformedData(f"not a time: {words[0][:40]!r}") from None
    if not math.isfinite(now):
        raise MalformedData(f"not a time: {words[0][:40]!r}")
    if words[1:] == ["referee"]:
        return _entry(now, None, _referee_action(move), None)
    if len(words) not in (3, 4) or words[1] != "seat" or not _digits(words[2]):
        raise MalformedData(f"not an entry: {line[:60]!r}")
    seq = None
    if len(words) == 4:
        if not words[3].startswith("#") or not _digits(words[3][1:]):
            raise MalformedData(f"not a message number: {words[3][:40]!r}")
        seq = int(words[3][1:])
    return _entry(now, int(words[2]), game.action_to_json(game.action_from_text(move)), seq)


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) < 19


def _referee_action(text: str) -> dict[str, Any]:
    words = text.split()
    if words == ["tick"]:
        return dict(TICK)
    if len(words) == 2 and words[0] == "claim" and _digits(words[1]):
        return claim_action(int(words[1]))
    raise MalformedData(f"not a referee entry: {text[:40]!r}")
