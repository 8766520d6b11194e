"""Share codes (rules/sharecode.py): a finished match as one short checked code; any string either
opens a valid replay or is refused with a reason, never a traceback."""

from __future__ import annotations

import functools
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contract import MatchConfig, SeatConfig
from rules.driver import play_match
from rules.record import MatchRecord
from rules.referee import Referee
from rules.registry import get_game
from rules.sharecode import ALPHABET, PREFIX, BadCode, _base32, decode, encode

MATCHES = {"night-market": ("easy", 2), "swap-meet": ("easy", 3), "stamp-swap": ("easy", 3)}


@functools.cache
def _played(name: str, seed: int = 3) -> MatchRecord:
    level, seats = MATCHES[name]
    return play_match(get_game(name), seed, [level] * seats).record


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_a_code_opens_the_same_match(name):
    record = _played(name)
    code = encode(record)
    assert code.startswith(PREFIX) and set(code[len(PREFIX):]) <= set(ALPHABET) and len(code) < 600
    back = decode(code)
    assert back.outcome == record.outcome and back.config == record.config and back.seed == record.seed
    assert [(e.seat, e.action) for e in back.entries] == [(e.seat, e.action) for e in record.entries]
    assert all(abs(a.now - b.now) <= 0.005 for a, b in zip(back.entries, record.entries, strict=True))
    assert decode(" ".join(code[i:i + 5] for i in range(0, len(code), 5)).lower()) == back  # forgiving reading


def test_a_claimed_match_with_person_names_opens_with_its_words():
    game = get_game("night-market")
    referee = Referee(game, MatchConfig((SeatConfig("Ana"), SeatConfig("Bö"))), 9)
    seat = referee.waiting()[0]
    referee.act(seat, referee.legal(seat, 2.5)[0], 2.5)
    referee.claim(1 - seat, 80.0)
    back = decode(encode(referee.record()))
    assert back.outcome == referee.outcome() and back.config == referee.config


@pytest.mark.parametrize(("code", "reason"), [
    ("", "starts with MH1"),
    ("hello world", "starts with MH1"),
    ("MH1", "checksum"),
    ("MH1UUUU", "not a letter"),
    ("MH1" + "7" * 50_000, "far too long"),
])
def test_a_code_that_is_not_one_is_refused_in_one_line(code, reason):
    with pytest.raises(BadCode, match=reason) as caught:
        decode(code)
    assert "\n" not in caught.value.reason


def test_a_changed_letter_is_caught_by_the_checksum():
    code = encode(_played("night-market"))
    for at in (len(PREFIX), len(code) // 2, len(code) - 1):
        other = ALPHABET[(ALPHABET.index(code[at]) + 1) % 32]
        with pytest.raises(BadCode, match="checksum|last letter"):
            decode(code[:at] + other + code[at + 1:])


def test_a_code_of_other_rules_or_another_game_says_so():
    with pytest.raises(BadCode, match="rules version"):
        decode(_wrap(bytes([0, 9, 3, 0, 0, 0, 0])))
    with pytest.raises(BadCode, match="a game this Market Hall does not have"):
        decode(_wrap(bytes([42, 1, 3, 0, 0, 0, 0])))


def _wrap(body: bytes) -> str:
    """A code around any bytes, with a right checksum: what a forged or foreign code looks like."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(body) + packer.flush()
    return PREFIX + _base32(data + zlib.crc32(data).to_bytes(4, "big"))


def _opens_or_says_why(code: str) -> None:
    try:
        record = decode(code)
    except BadCode as exc:
        assert exc.reason and "\n" not in exc.reason
        return
    assert Referee.from_record(record).outcome() == record.outcome


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80))
def test_any_string_opens_a_replay_or_is_refused_with_a_reason(text):
    _opens_or_says_why(text)
    _opens_or_says_why(PREFIX + text)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=120))
def test_any_checked_bytes_open_a_replay_or_are_refused_with_a_reason(body):
    _opens_or_says_why(_wrap(body))
    _opens_or_says_why(_wrap(bytes([0, 1]) + body))  # a Night Market code of these rules: deeper in


@settings(max_examples=10, deadline=None)  # each one replays a whole match
@given(st.integers(0, 10_000), st.integers(0, 255))
def test_a_real_code_with_one_byte_changed_behind_a_right_checksum_opens_or_is_refused(at, value):
    body = bytearray(zlib.decompress(_code_bytes(encode(_played("night-market"))), -15))
    body[at % len(body)] = value
    _opens_or_says_why(_wrap(bytes(body)))


def _code_bytes(code: str) -> bytes:
    from rules.sharecode import _unbase32

    return _unbase32(code[len(PREFIX):])[:-4]
