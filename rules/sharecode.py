"""A match as one short text code anyone can open: `encode(record)` and `decode(code)`.

What a replay needs, packed: the game (its place in CODE_GAMES), the rules version, the seed, the
seats (level and name), the options, and per entry one small number for who (the referee's tick or
claim, else the mover's place among the seats waiting first), the time since the entry before in
centiseconds, and the move's place in `legal_actions` at that moment. Numbers are varints; the
bytes are deflated, followed by a CRC-32, and written in Crockford's base32 after the prefix `MH1`
(no I, L, O or U; reading one in is forgiving: lower case, O for 0, I and L for 1, spaces and dashes
are all taken). The outcome is not stored: `decode` replays the match and reports the one it
reaches, so a code is checked move by move on the way in.

A code keeps no message numbers (`seq`), and times to the centisecond; when that rounding would
change a real-time match (a move a hair before a deadline), the times are kept exactly instead
(8 bytes each), so every code replays to its record's outcome. Whatever goes wrong on the way in
is one `BadCode` with a reason for a person, never another exception.
"""

from __future__ import annotations

import json
import struct
import zlib
from typing import Any

from rules.contract import MatchConfig, SeatConfig
from rules.errors import BadConfig, IllegalAction, MalformedData
from rules.record import TICK, Entry, MatchRecord, UnknownRules, claim_action, require_rules
from rules.referee import Referee

PREFIX = "MH1"
CODE_GAMES = ("night-market", "swap-meet", "stamp-swap")  # a code's game number: only ever appended to
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
_READ = {**{c: i for i, c in enumerate(ALPHABET)}, "O": 0, "I": 1, "L": 1}
CENTI = 100  # time steps per second in the compact form
MAX_CODE = 40_000  # characters: longer is not a code (a long match is a few thousand)
MAX_BYTES = 1 << 20  # inflated bytes a code may hold
MAX_ENTRIES = 50_000
TICK_HEAD, CLAIM_HEAD, SEAT_HEAD = 0, 1, 2  # an entry's first number; SEAT_HEAD + k: the k-th seat in order


class BadCode(ValueError):
    """A code that opens no match here; `reason` says why, in words for a person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def encode(record: MatchRecord) -> str:
    """The share code of `record` (raises UnknownRules for rules this build does not have and
    IllegalAction for a record that does not replay)."""
    body, outcome = _pack(record, exact=False), Referee.from_record(record).outcome()
    if not _same(_unpack(body), record, outcome):
        body = _pack(record, exact=True)  # centiseconds would change this real-time match
    return _text(body)


def decode(code: str) -> MatchRecord:
    """The record a code holds, replayed and checked; BadCode (with a reason) for anything else."""
    try:
        return _unpack(_bytes(code))
    except BadCode:
        raise
    except UnknownRules as exc:
        raise BadCode(exc.reason) from None
    except IllegalAction as exc:
        raise BadCode(f"its moves do not fit this game ({exc.refusal.params.get('why', exc.refusal.code)})") from None
    except (MalformedData, BadConfig, ValueError, KeyError, IndexError, TypeError, OverflowError,
            RecursionError, UnicodeDecodeError, zlib.error) as exc:
        raise BadCode(f"it is damaged ({type(exc).__name__})") from None


# packing --------------------------------------------------------------------------------------
def _same(decoded: MatchRecord, record: MatchRecord, outcome: Any) -> bool:
    """The code gives back the record's match: its entries (to the centisecond) and its outcome."""
    return decoded.outcome == outcome and [(e.seat, e.action) for e in decoded.entries] == \
        [(e.seat, e.action) for e in record.entries]


def _pack(record: MatchRecord, *, exact: bool) -> bytes:
    game = require_rules(record)
    if record.game not in CODE_GAMES:
        raise UnknownRules(f"{record.game} matches have no share code")
    out = bytearray()
    _ints(out, CODE_GAMES.index(record.game), record.rules_version, record.seed, int(exact), len(record.config.seats))
    for seat in record.config.seats:
        _ints(out, 0 if seat.bot is None else 1 + game.bot_levels.index(seat.bot))
        _blob(out, seat.name.encode())
    options = dict(record.config.options)
    _blob(out, json.dumps(options, sort_keys=True, separators=(",", ":")).encode() if options else b"")
    _ints(out, len(record.entries))
    referee, last = Referee(game, record.config, record.seed), 0.0
    for entry in record.entries:
        _entry(out, referee, entry, last, exact)
        referee.replay([entry])
        last = entry.now
    return bytes(out)


def _entry(out: bytearray, referee: Referee, entry: Entry, last: float, exact: bool) -> None:
    if entry.seat is None:
        claim = entry.action != TICK
        _ints(out, CLAIM_HEAD if claim else TICK_HEAD)
        _time(out, entry.now, last, exact)
        if claim:
            _ints(out, entry.action["by"])
        return
    referee.tick(entry.now)
    _ints(out, SEAT_HEAD + _seat_order(referee).index(entry.seat))
    _time(out, entry.now, last, exact)
    legal = referee.legal(entry.seat, entry.now)
    action = referee.game.action_from_json(entry.action)
    if action in legal:
        _ints(out, legal.index(action))
    else:  # a move its own legal list does not name: kept as text
        _ints(out, len(legal))
        _blob(out, referee.game.action_to_text(action).encode())


def _seat_order(referee: Referee) -> list[int]:
    waiting = list(referee.waiting())
    return waiting + [s for s in range(len(referee.config.seats)) if s not in waiting]


def _time(out: bytearray, now: float, last: float, exact: bool) -> None:
    if exact:
        out += struct.pack(">d", now)
    else:
        _ints(out, max(0, round(now * CENTI) - round(last * CENTI)))


def _ints(out: bytearray, *values: int) -> None:
    for value in values:
        if value < 0:
            raise ValueError("a share code holds no negative number")
        while value >= 0x80:
            out.append(value & 0x7F | 0x80)
            value >>= 7
        out.append(value)


def _blob(out: bytearray, data: bytes) -> None:
    _ints(out, len(data))
    out += data


# unpacking ------------------------------------------------------------------------------------
class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def number(self, limit: int = 1 << 63) -> int:
        value, shift = 0, 0
        while True:
            if self.at >= len(self.data) or shift > 63:
                raise BadCode("it is cut short")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                break
        if value >= limit:
            raise BadCode("it holds a number out of range")
        return value

    def blob(self, limit: int) -> bytes:
        size = self.number(limit + 1)
        if self.at + size > len(self.data):
            raise BadCode("it is cut short")
        self.at += size
        return self.data[self.at - size:self.at]

    def double(self) -> float:
        if self.at + 8 > len(self.data):
            raise BadCode("it is cut short")
        self.at += 8
        return float(struct.unpack(">d", self.data[self.at - 8:self.at])[0])


def _unpack(data: bytes) -> MatchRecord:
    r = _Reader(data)
    number = r.number()
    if number >= len(CODE_GAMES):
        raise BadCode("it is a match of a game this Market Hall does not have")
    name, version, seed, exact, count = CODE_GAMES[number], r.number(1 << 31), r.number(), r.number(2), r.number(64)
    game = require_rules(MatchRecord(name, version, seed, MatchConfig(())))
    levels = (None, *game.bot_levels)
    seats = tuple(_seat(r, levels) for _ in range(count))
    raw = r.blob(4096)
    options = json.loads(raw.decode()) if raw else {}
    if not isinstance(options, dict):
        raise BadCode("its options are damaged")
    config = MatchConfig(seats, options)
    referee, now = Referee(game, config, seed), 0.0
    for _ in range(r.number(MAX_ENTRIES)):
        now = _next(r, referee, now, bool(exact))
    if r.at != len(data):
        raise BadCode("it has bytes after its last move")
    return referee.record()


def _seat(r: _Reader, levels: tuple[str | None, ...]) -> SeatConfig:
    level = levels[r.number(len(levels))]
    return SeatConfig(r.blob(256).decode(), level)


def _next(r: _Reader, referee: Referee, last: float, exact: bool) -> float:
    head = r.number(SEAT_HEAD + len(referee.config.seats))
    now = r.double() if exact else (round(last * CENTI) + r.number(1 << 40)) / CENTI
    if now < last or now != now:
        raise BadCode("its times go backwards")
    if head == TICK_HEAD:
        referee.replay([Entry(now, None, dict(TICK))])
    elif head == CLAIM_HEAD:
        referee.replay([Entry(now, None, claim_action(r.number(len(referee.config.seats))))])
    else:
        referee.tick(now)
        seat = _seat_order(referee)[head - SEAT_HEAD]
        legal = referee.legal(seat, now)
        index = r.number(len(legal) + 1)
        game = referee.game
        action = legal[index] if index < len(legal) else game.action_from_text(r.blob(1024).decode())
        referee.replay([Entry(now, seat, game.action_to_json(action))])
    return now


# text -----------------------------------------------------------------------------------------
def _text(body: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(body) + packer.flush()
    data += zlib.crc32(data).to_bytes(4, "big")
    return PREFIX + _base32(data)


def _bytes(code: str) -> bytes:
    if not isinstance(code, str):
        raise BadCode("a share code is text")
    text = "".join(code.split()).replace("-", "").upper()
    if len(text) > MAX_CODE:
        raise BadCode("it is far too long to be a match code")
    if not text.startswith(PREFIX):
        raise BadCode(f"a Market Hall match code starts with {PREFIX}")
    data = _unbase32(text[len(PREFIX):])
    if len(data) < 5 or zlib.crc32(data[:-4]).to_bytes(4, "big") != data[-4:]:
        raise BadCode("its checksum does not match: a character is wrong or missing")
    unpacker = zlib.decompressobj(-15)
    body = unpacker.decompress(data[:-4], MAX_BYTES)
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise BadCode("it is damaged")
    return body


def _base32(data: bytes) -> str:
    number, bits = int.from_bytes(data, "big"), len(data) * 8
    digits = -(-bits // 5)
    number <<= digits * 5 - bits
    return "".join(ALPHABET[(number >> (5 * i)) & 31] for i in reversed(range(digits)))


def _unbase32(text: str) -> bytes:
    try:
        values = [_READ[c] for c in text]
    except KeyError as exc:
        raise BadCode(f"{exc.args[0]!r} is not a letter of a match code") from None
    number = 0
    for value in values:
        number = number << 5 | value
    size, spare = divmod(len(values) * 5, 8)
    if number & ((1 << spare) - 1):
        raise BadCode("its last letter is wrong")
    return (number >> spare).to_bytes(size, "big")

