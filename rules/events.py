"""Events the rules build on their hot paths, without `Event`'s normalisation walk.

`Event.__post_init__` turns every tuple into a list and checks every value is JSON data; that
walk cost about a third of applying a Night Market move. The rules' own move events are built
from fresh lists, ints and strings, so the walk changes nothing for them: `plain_event` fills the
fields directly and gives the very value `Event(kind, seat, data)` would
(tests/test_night_market_fast_rules.py and tests/test_stamp_swap_rules.py check that on whole
playouts). Anything built from outside data keeps using `Event`.
"""

from __future__ import annotations

from typing import Any

from rules.contract import Event

_new = object.__new__
_set = object.__setattr__


def plain_event(
    kind: str,
    seat: int | None,
    data: dict[str, Any],
    secret: dict[str, Any] | None = None,
    visible_to: tuple[int, ...] = (),
) -> Event:
    """`Event(kind, seat, data, secret, visible_to)` for `data` and `secret` already plain JSON data
    (lists, never tuples; text keys; no key in both) that nothing else holds on to."""
    event = _new(Event)
    fields = {"kind": kind, "seat": seat, "data": data, "secret": secret or {}, "visible_to": visible_to}
    _set(event, "__dict__", fields)
    return event
