"""One table-driven JSON codec for the rules' frozen values: actions, views and their parts.

Why: each game had its own hand-written decoder, each loose in its own way (a 0.5 album column
got through, a million-id list was accepted). Here the type annotations are the table. A value
is encoded by its declared type and decoded back strictly: a wrong type is refused, never
coerced (bool is not an int, 1 is not a float, a string is not a list). Bounds sit beside the
type with `Annotated` (`Range`, `Size`, `Unique`, `OneOf`), so each game states what no legal
action could hold from its own data constants.

Actions add a "type" tag and a text form on top of this (rules/tagged.py).

Trusted encoding (`checked=False`): a value the rules themselves just made (the relay's own views)
is encoded by the same table without the checks that exist to refuse hostile data (bounds, exact
types, uniqueness, one-of): most of a view's cost was those checks. It writes the same JSON for
any value that would pass them; decoding is always strict.

Wire forms: int, str, bool, finite float and None as themselves; tuple and list as JSON arrays;
dict as an object (int keys as decimal text); Fraction as "n/d" text; a str-valued Enum as its
value; a dataclass or TypedDict as an object of its fields; `Any` as plain JSON data.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import operator
import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.errors import MalformedData

MAX_DEPTH = 32  # plain JSON data (`Any`, event data) nested deeper than this is refused
INT_TEXT = re.compile(r"0|-?[1-9][0-9]{0,30}")  # canonical decimal only: one text per number
_FRACTION_TEXT = re.compile(r"0|-?[1-9][0-9]{0,30}(/[1-9][0-9]{0,30})?")


@dataclass(frozen=True)
class Range:
    """An int bound, both ends included."""

    lo: int
    hi: int


@dataclass(frozen=True)
class Size:
    """A length bound for a tuple, list or str, both ends included."""

    lo: int
    hi: int


@dataclass(frozen=True)
class Unique:
    """No element of the sequence appears twice."""


@dataclass(frozen=True)
class OneOf:
    """The value is one of these (item keys, resource names)."""

    values: frozenset[Any]


class _Bad(Exception):
    """Internal: why a value does not fit its type; `where` is the path to it."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(where, why)
        self.where, self.why = where, why

    def inside(self, outer: str) -> _Bad:
        """The same complaint, its path prefixed by where the container sits."""
        return _Bad(outer + self.where, self.why)

    def __str__(self) -> str:
        return f"{self.where or 'value'}: {self.why}"


Encode = Callable[[Any, str], Any]
Decode = Callable[[Any, str], Any]
Trusted = Callable[[Any], Any]


@dataclass(frozen=True)
class _Codec:
    enc: Encode
    dec: Decode
    raw: Trusted  # the trusted encoder: no checks (see the module note)
    same: bool = False  # a trusted value is its own JSON form (int, str, bool, None, literals)


def _same(value: Any) -> Any:
    return value


def encode(tp: Any, value: Any, where: str = "", checked: bool = True) -> Any:
    """The JSON-ready form of `value` as type `tp`; MalformedData (naming `where`) when it is not one.
    checked=False: `value` comes from the rules, not the wire; the checks are skipped (same JSON)."""
    codec = _codec(tp)
    if not checked:
        return codec.raw(value)
    try:
        return codec.enc(value, where)
    except _Bad as exc:
        raise MalformedData(str(exc)) from None


def trusted(tp: Any) -> Callable[[Any], Any]:
    """The trusted encoder of `tp` itself (encode(tp, v, checked=False) without the look-up), for a
    caller that encodes many values of one type."""
    return _codec(tp).raw


def trusted_tagged(cls: type, name: str) -> Callable[[Any], dict[str, Any]]:
    """The trusted encoder of dataclass `cls` as {"type": name, ...its fields} (rules/tagged.py),
    made in one dict: the relay encodes dozens of legal actions a move this way."""
    hints = typing.get_type_hints(cls, include_extras=True)
    plan = [(f.name, _codec(hints[f.name])) for f in dataclasses.fields(cls)]
    raws = [(field, None if c.same else c.raw) for field, c in plan]

    def make(value: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"type": name}
        for field, raw in raws:
            part = getattr(value, field)
            out[field] = part if raw is None else raw(part)
        return out

    return make


@functools.cache
def trusted_beside(cls: type) -> Callable[[Any, Any, dict[str, Any]], dict[str, Any]]:
    """The trusted encoder of dataclass `cls` for a value made beside `base` (another value of
    `cls`) whose trusted JSON is `base_json`: a field holding the very object `base` holds takes
    its JSON from `base_json` instead of being walked again (a seat's view beside the public
    view). The same JSON as encode(cls, value, checked=False); the parts are shared, not copied."""
    hints = typing.get_type_hints(cls, include_extras=True)
    plan = [(f.name, _codec(hints[f.name])) for f in dataclasses.fields(cls)]
    raws = [(name, None if c.same else c.raw) for name, c in plan]

    def encode_beside(value: Any, base: Any, base_json: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, raw in raws:
            field = getattr(value, name)
            if raw is None:
                out[name] = field
            elif field is getattr(base, name):
                out[name] = base_json[name]
            else:
                out[name] = raw(field)
        return out

    return encode_beside


def decode(tp: Any, data: Any, where: str = "") -> Any:
    """The value of type `tp` that `data` is the JSON form of; MalformedData on anything else."""
    try:
        return _codec(tp).dec(data, where)
    except _Bad as exc:
        raise MalformedData(str(exc)) from None


def json_data(value: Any) -> Any:
    """Plain JSON data (tuples become lists); MalformedData for anything JSON cannot hold."""
    try:
        return _plain(value, "", 0)
    except _Bad as exc:
        raise MalformedData(str(exc)) from None


def _name(value: Any) -> str:
    return type(value).__name__


_ATOMS = (type(None), bool, int, str)


def _plain(value: Any, where: str, depth: int) -> Any:
    # Hot: every event passes through here, so the path is only spelled out on the way to an error.
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is float:
        return _finite(value, where)
    if depth >= MAX_DEPTH:
        raise _Bad(where, "nested too deeply")
    if kind is list or kind is tuple:
        try:
            return [_plain(v, "", depth + 1) for v in value]
        except _Bad as exc:
            raise exc.inside(f"{where}[]") from None
    if isinstance(value, Mapping):
        return _plain_object(value, where, depth)
    raise _Bad(where, f"{_name(value)} is not JSON data")


def _plain_object(value: Mapping[Any, Any], where: str, depth: int) -> dict[str, Any]:
    out = {}
    for k, v in value.items():
        if type(k) is not str:
            raise _Bad(where, f"object keys must be text, not {_name(k)}")
        try:
            out[k] = _plain(v, "", depth + 1)
        except _Bad as exc:
            raise exc.inside(f"{where}.{k}") from None
    return out


def _finite(value: float, where: str) -> float:
    if not math.isfinite(value):
        raise _Bad(where, "numbers must be finite")
    return value


def _expect(data: Any, kind: type, where: str) -> None:
    if type(data) is not kind:
        raise _Bad(where, f"expected {kind.__name__}, got {_name(data)}")


def _scalar(kind: type) -> _Codec:
    def check(data: Any, where: str) -> Any:
        if type(data) is not kind:  # _expect, inlined: the codec's hottest line
            _expect(data, kind, where)
        return data

    return _Codec(check, check, _same, True)


def _float() -> _Codec:
    def enc(value: Any, where: str) -> float:
        if type(value) is int:  # an int where a float is declared is exact: write it as a float
            value = float(value)
        _expect(value, float, where)
        return _finite(value, where)

    def dec(data: Any, where: str) -> float:
        _expect(data, float, where)
        return _finite(data, where)

    return _Codec(enc, dec, float)


def _fraction() -> _Codec:
    def enc(value: Any, where: str) -> str:
        _expect(value, Fraction, where)
        return str(value)

    def dec(data: Any, where: str) -> Fraction:
        _expect(data, str, where)
        if not _FRACTION_TEXT.fullmatch(data):
            raise _Bad(where, f"{data[:40]!r} is not a fraction")
        top, _, bottom = data.partition("/")
        n, d = int(top), int(bottom or 1)
        if (bottom and d == 1) or math.gcd(n, d) != 1:
            raise _Bad(where, f"{data[:40]!r} is not in lowest terms")
        return Fraction(n, d)

    return _Codec(enc, dec, str)


def _none() -> _Codec:
    def check(data: Any, where: str) -> None:
        if data is not None:
            raise _Bad(where, f"expected null, got {_name(data)}")

    return _Codec(check, check, _same, True)


def _any() -> _Codec:
    return _Codec(lambda v, w: _plain(v, w, 0), lambda d, w: _plain(d, w, 0), json_data)


def _enum(cls: type[enum.Enum]) -> _Codec:
    def enc(value: Any, where: str) -> Any:
        if type(value) is not cls:
            raise _Bad(where, f"expected {cls.__name__}, got {_name(value)}")
        return value.value

    def dec(data: Any, where: str) -> Any:
        _expect(data, str, where)
        member = cls._value2member_map_.get(data)
        if member is None:
            raise _Bad(where, f"{data[:40]!r} is not a {cls.__name__}")
        return member

    return _Codec(enc, dec, operator.attrgetter("value"))


def _literal(choices: tuple[Any, ...]) -> _Codec:
    def check(data: Any, where: str) -> Any:
        if not any(type(data) is type(c) and data == c for c in choices):
            raise _Bad(where, f"expected one of {choices}")
        return data

    return _Codec(check, check, _same, True)


def _union(options: tuple[Any, ...]) -> _Codec:
    codecs = [_codec(t) for t in options]

    def first(pick: Callable[[_Codec], Encode], value: Any, where: str) -> Any:
        reasons = []
        for c in codecs:
            try:
                return pick(c)(value, where)
            except _Bad as exc:
                reasons.append(str(exc))
        raise _Bad(where, "fits none of: " + "; ".join(reasons))

    enc = lambda v, w: first(lambda c: c.enc, v, w)  # noqa: E731
    if all(c.same for c in codecs):
        return _Codec(enc, lambda d, w: first(lambda c: c.dec, d, w), _same, True)
    return _Codec(enc, lambda d, w: first(lambda c: c.dec, d, w), _trusted_union(options, codecs, enc))


def _trusted_union(options: tuple[Any, ...], codecs: list[_Codec], enc: Encode) -> Trusted:
    """Picks the option by the value's own type (a trusted value fits the first option of its type),
    when no two options share a type; otherwise the checked way (the first option that fits)."""
    kinds = [_kinds(t) for t in options]
    flat = [k for ks in kinds for k in ks]
    if any(not ks for ks in kinds) or len(set(flat)) != len(flat):
        return lambda v: enc(v, "")
    by_type = {k: c.raw for ks, c in zip(kinds, codecs) for k in ks}
    return lambda v: by_type[type(v)](v)


def _kinds(tp: Any) -> tuple[type, ...]:
    """The Python types a value of `tp` may have at its top (empty: not known, e.g. `Any`)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        return _kinds(args[0])
    if origin in (typing.Union, types.UnionType):
        return tuple(k for a in args for k in _kinds(a)) if all(_kinds(a) for a in args) else ()
    if origin is typing.Literal:
        return tuple(dict.fromkeys(type(a) for a in args))
    if origin in (tuple, list, dict):
        return (origin,)
    if tp is float:
        return (float, int)
    if tp is None or tp is type(None):
        return (type(None),)
    if typing.is_typeddict(tp):
        return (dict,)
    return (tp,) if isinstance(tp, type) and tp is not Any else ()


def _sequence(item: Any, out: type) -> _Codec:
    codec = _codec(item)

    def enc(value: Any, where: str) -> list[Any]:
        _expect(value, out, where)
        try:
            return [codec.enc(v, "") for v in value]
        except _Bad:  # again, naming the path (paths cost a string per item: only made when needed)
            return [codec.enc(v, f"{where}[{i}]") for i, v in enumerate(value)]

    def dec(data: Any, where: str) -> Any:
        _expect(data, list, where)
        try:
            return out(codec.dec(v, "") for v in data)
        except _Bad:
            return out(codec.dec(v, f"{where}[{i}]") for i, v in enumerate(data))

    raw = codec.raw
    return _Codec(enc, dec, list if codec.same else lambda v: list(map(raw, v)))


def _fixed(items: tuple[Any, ...]) -> _Codec:
    codecs = [_codec(t) for t in items]
    encs, decs = [c.enc for c in codecs], [c.dec for c in codecs]

    def walk(steps: list[Encode], value: Any, where: str, kind: type) -> list[Any]:
        _expect(value, kind, where)
        if len(value) != len(steps):
            raise _Bad(where, f"expected {len(steps)} items, got {len(value)}")
        try:
            return [step(v, "") for step, v in zip(steps, value)]
        except _Bad:  # again, naming the path
            return [step(v, f"{where}[{i}]") for i, (step, v) in enumerate(zip(steps, value))]

    def enc(value: Any, where: str) -> list[Any]:
        if type(value) is tuple and len(value) == len(encs):  # the common case, without a path
            try:
                return [step(v, "") for step, v in zip(encs, value)]
            except _Bad:
                pass
        return walk(encs, value, where, tuple)  # says what does not fit, and where

    raws = [c.raw for c in codecs]
    trusted = list if all(c.same for c in codecs) else lambda v: [r(x) for r, x in zip(raws, v)]
    return _Codec(enc, lambda d, w: tuple(walk(decs, d, w, list)), trusted)


def _key(kind: Any) -> _Codec:
    if kind is str:
        return _scalar(str)  # trusted: the key as it is
    if kind is not int:
        raise TypeError(f"dict keys must be str or int, not {kind!r}")

    def dec(data: Any, where: str) -> int:
        _expect(data, str, where)
        if not INT_TEXT.fullmatch(data):
            raise _Bad(where, f"{data[:40]!r} is not a whole-number key")
        return int(data)

    def enc(value: Any, where: str) -> str:
        _expect(value, int, where)
        return str(value)

    return _Codec(enc, dec, str)


def _mapping(key: Any, item: Any) -> _Codec:
    keys, values = _key(key), _codec(item)

    def enc(value: Any, where: str) -> dict[str, Any]:
        _expect(value, dict, where)
        try:
            return {keys.enc(k, where): values.enc(v, "") for k, v in value.items()}
        except _Bad:
            return {keys.enc(k, where): values.enc(v, f"{where}.{k}") for k, v in value.items()}

    def dec(data: Any, where: str) -> dict[Any, Any]:
        _expect(data, dict, where)
        try:
            return {keys.dec(k, where): values.dec(v, "") for k, v in data.items()}
        except _Bad:
            return {keys.dec(k, where): values.dec(v, f"{where}.{k}") for k, v in data.items()}

    key, raw = keys.raw, values.raw
    if keys.same and values.same:
        return _Codec(enc, dec, dict)
    return _Codec(enc, dec, lambda v: {key(k): raw(x) for k, x in v.items()})


def _fields_of(fields: Mapping[str, Any], required: frozenset[str], build: Callable[..., Any],
               get: Callable[[Any, str], Any], is_value: Callable[[Any], bool], label: str) -> _Codec:
    """An object whose keys are exactly `fields` (keys not in `required` may be left out)."""
    codecs = {name: _codec(tp) for name, tp in fields.items()}
    encs = [(name, c.enc) for name, c in codecs.items()]

    def enc(value: Any, where: str) -> dict[str, Any]:
        if not is_value(value):
            raise _Bad(where, f"expected {label}, got {_name(value)}")
        if not isinstance(value, dict):  # a dataclass has every field
            try:
                return {name: enc(get(value, name), "") for name, enc in encs}
            except _Bad:
                pass  # again below, naming the path
        else:
            _keys_fit(value, codecs, required, where)
        try:
            return {name: c.enc(get(value, name), "") for name, c in codecs.items()
                    if not isinstance(value, dict) or name in value}
        except _Bad:
            return {name: c.enc(get(value, name), f"{where}.{name}") for name, c in codecs.items()
                    if not isinstance(value, dict) or name in value}

    def dec(data: Any, where: str) -> Any:
        _expect(data, dict, where)
        _keys_fit(data, codecs, required, where)
        try:
            fields = {k: codecs[k].dec(v, "") for k, v in data.items()}
        except _Bad:
            fields = {k: codecs[k].dec(v, f"{where}.{k}") for k, v in data.items()}
        return build(**fields)

    return _Codec(enc, dec, _trusted_fields(codecs, get is getattr))


def _trusted_fields(codecs: Mapping[str, _Codec], attributes: bool) -> Trusted:
    """An object's fields without checks: a dataclass's by attribute, a TypedDict's keys it has."""
    names = list(codecs)
    raws = [None if c.same else c.raw for c in codecs.values()]
    if not attributes:
        plan = list(zip(names, raws))
        return lambda v: {n: v[n] if r is None else r(v[n]) for n, r in plan if n in v}
    if not names:
        return lambda v: {}
    if len(names) == 1:
        name, one = names[0], raws[0]
        return lambda v: {name: getattr(v, name) if one is None else one(getattr(v, name))}
    getter = operator.attrgetter(*names)
    convert = [(i, r) for i, r in enumerate(raws) if r is not None]  # the rest are their own JSON

    def trusted(value: Any) -> dict[str, Any]:
        fields = list(getter(value))
        for i, raw in convert:
            fields[i] = raw(fields[i])
        return dict(zip(names, fields))

    return trusted


def _keys_fit(data: dict[Any, Any], known: Mapping[str, Any], required: frozenset[str], where: str) -> None:
    unknown = [k for k in data if k not in known]
    if unknown:
        raise _Bad(where, f"unknown fields {sorted(map(str, unknown))[:5]}")
    missing = sorted(required - data.keys())
    if missing:
        raise _Bad(where, f"missing fields {missing}")


def _dataclass(cls: type) -> _Codec:
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = dataclasses.fields(cls)
    required = frozenset(f.name for f in fields if f.default is dataclasses.MISSING
                         and f.default_factory is dataclasses.MISSING)
    return _fields_of({f.name: hints[f.name] for f in fields}, required, cls, getattr,
                      lambda v: type(v) is cls, cls.__name__)


def _typeddict(cls: type) -> _Codec:
    hints = typing.get_type_hints(cls)
    return _fields_of(hints, frozenset(typing.cast(Any, cls).__required_keys__), dict, lambda v, k: v[k],
                      lambda v: type(v) is dict, cls.__name__)


def _annotated(base: Any, marks: tuple[Any, ...]) -> _Codec:
    codec = _codec(base)
    checks = [_mark(m) for m in marks]

    encode, only = codec.enc, checks[0] if len(checks) == 1 else None

    def enc(value: Any, where: str) -> Any:
        out = encode(value, where)
        if only is not None:
            only(value, where)
            return out
        for check in checks:
            check(value, where)
        return out

    def dec(data: Any, where: str) -> Any:
        for check in checks:  # bounds first: a million-id list is refused before it is walked
            check(data, where)
        return codec.dec(data, where)

    return _Codec(enc, dec, codec.raw, codec.same)  # trusted: the marks are what it skips


def _mark(mark: Any) -> Callable[[Any, str], None]:
    if isinstance(mark, Range):
        return lambda v, w: _in_range(mark, v, w)
    if isinstance(mark, Size):
        return lambda v, w: _sized(mark, v, w)
    if isinstance(mark, Unique):
        return _unique
    if isinstance(mark, OneOf):
        return lambda v, w: _one_of(mark, v, w)
    raise TypeError(f"unknown codec mark {mark!r}")


def _in_range(mark: Range, value: Any, where: str) -> None:
    if type(value) is int and not mark.lo <= value <= mark.hi:
        raise _Bad(where, f"{str(value)[:40]} is outside {mark.lo}..{mark.hi}")


def _sized(mark: Size, value: Any, where: str) -> None:
    if isinstance(value, (list, tuple, str)) and not mark.lo <= len(value) <= mark.hi:
        raise _Bad(where, f"length {len(value)} is outside {mark.lo}..{mark.hi}")


def _unique(value: Any, where: str) -> None:
    if isinstance(value, (list, tuple)):
        hashable = [v for v in value if type(v) in (int, str)]
        if len(set(hashable)) != len(hashable):
            raise _Bad(where, "repeats an item")


def _one_of(mark: OneOf, value: Any, where: str) -> None:
    if type(value) in (int, str) and value not in mark.values:
        raise _Bad(where, f"{str(value)[:40]!r} names nothing in this game")


@functools.cache
def _codec(tp: Any) -> _Codec:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        return _annotated(args[0], tuple(tp.__metadata__))
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    if origin is typing.Literal:
        return _literal(args)
    if origin is tuple:
        return _sequence(args[0], tuple) if len(args) == 2 and args[1] is Ellipsis else _fixed(args)
    if origin is list:
        return _sequence(args[0], list)
    if origin is dict:
        return _mapping(*args)
    return _plain_type(tp)


def _plain_type(tp: Any) -> _Codec:
    if tp in (int, str, bool):
        return _scalar(tp)
    simple: dict[Any, Callable[[], _Codec]] = {
        float: _float, Fraction: _fraction, type(None): _none, None: _none, Any: _any,
    }
    if tp in simple:
        return simple[tp]()
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum(tp)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass(tp)
    if typing.is_typeddict(tp):
        return _typeddict(tp)
    raise TypeError(f"the codec has no wire form for {tp!r}")
