"""A game's actions as one tagged family: {"type": name, ...fields} in JSON, and a short text form.

The fields go through rules/codec.py, so decoding is as strict as its types and bounds; this
module only adds the tag and the text form (python-chess's uci()/from_uci in spirit).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from rules.codec import INT_TEXT, decode, encode, trusted_tagged
from rules.errors import MalformedAction, MalformedData


class Tagged:
    """A closed family of dataclasses told apart by a "type" name: one game's actions.

    JSON form: {"type": name, field: value, ...}. Text form (python-chess's uci() in spirit):
    the name, then every field in order, space separated; a tuple is comma separated ("()"
    when empty) and None is "-".
    """

    def __init__(self, game: str, types_by_name: Mapping[str, type]) -> None:
        self.game = game
        self.types = dict(types_by_name)
        self.names = {cls: name for name, cls in self.types.items()}
        self._trusted: dict[type, Callable[[Any], dict[str, Any]]] = {}  # by type, made on first use

    def _bad(self, why: str) -> MalformedAction:
        return MalformedAction(f"not a {self.game} action: {why}")

    def to_json(self, action: Any, checked: bool = True) -> dict[str, Any]:
        """{"type": name, ...fields}; MalformedAction when it is not a well-formed action
        (checked=False: the rules made it, its bounds are not checked again: rules/codec.py)."""
        if not checked and type(action) in self._trusted:  # the relay's hot path: dozens per move
            return self._trusted[type(action)](action)
        name = self.names.get(type(action))
        if name is None:
            raise self._bad(type(action).__name__)
        if not checked:
            make = self._trusted[type(action)] = trusted_tagged(type(action), name)
            return make(action)
        try:
            return {"type": name, **encode(type(action), action, name)}
        except MalformedData as exc:
            raise self._bad(str(exc)) from None

    def from_json(self, data: Any) -> Any:
        """The action `data` is the JSON form of; MalformedAction for any other JSON value."""
        if type(data) is not dict:
            raise self._bad(f"expected an object, got {type(data).__name__}")
        name = data.get("type")
        if type(name) is not str or name not in self.types:
            raise self._bad(f"unknown type {str(name)[:40]!r}")
        fields = {k: v for k, v in data.items() if k != "type"}
        try:
            return decode(self.types[name], fields, name)
        except MalformedData as exc:
            raise self._bad(str(exc)) from None

    def problem(self, action: Any) -> str | None:
        """None for a well-formed action, else why it is not one (for check())."""
        try:
            self.to_json(action)
        except MalformedAction as exc:
            return str(exc)
        return None

    def to_text(self, action: Any) -> str:
        """The short text form: name and fields in order."""
        data = self.to_json(action)
        return " ".join([data.pop("type"), *(_token(v) for v in data.values())])

    def from_text(self, text: Any) -> Any:
        """Inverse of to_text; MalformedAction on anything else."""
        if type(text) is not str or len(text) > 400:
            raise self._bad("expected a short line of text")
        name, *tokens = text.split() or [""]
        cls = self.types.get(name)
        if cls is None:
            raise self._bad(f"unknown type {name[:40]!r}")
        fields, hints = _text_fields(cls)
        if len(tokens) != len(fields):
            raise self._bad(f"{name} takes {len(fields)} fields, got {len(tokens)}")
        data = {f: _untoken(t, hints[f]) for f, t in zip(fields, tokens, strict=True)}
        return self.from_json({"type": name, **data})


@functools.cache
def _text_fields(cls: type) -> tuple[list[str], dict[str, Any]]:
    """An action type's field names in order and their declared types (read once per type: resolving
    the hints compiles their strings, a tenth of a conformance playout when done per action)."""
    return [f.name for f in dataclasses.fields(cls)], typing.get_type_hints(cls, include_extras=True)


def _token(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return ",".join(_token(v) for v in value) or "()"
    text = str(value)
    if type(value) is not int and (not text or text in ("-", "()") or re.search(r"[\s,]", text)):
        raise MalformedAction(f"{text!r} has no text form")
    return text


def _untoken(token: str, tp: Any) -> Any:
    """The JSON value a token stands for, read by the field's declared type."""
    tp = _bare(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        if token == "-":
            return None
        tp = _bare(next(a for a in typing.get_args(tp) if a is not type(None)))
    if typing.get_origin(tp) is tuple:
        item = typing.get_args(tp)[0]
        return [] if token == "()" else [_untoken(t, item) for t in token.split(",")]
    if tp is int and INT_TEXT.fullmatch(token):
        return int(token)
    return token


def _bare(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp
