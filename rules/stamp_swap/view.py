"""What one seat may know (`view`); events are redacted by the contract's one rule (`redact_secret`).

Face-down stamps appear as {"key": "hidden-N", "known": False} to every seat that has not viewed
them. While seats reserve and split, nobody sees another seat's reserve or piles (only that it is
ready, and its six items in key order); once everyone is ready reserves and piles are public,
face-down contents still hidden until revealed.
"""

from __future__ import annotations

from typing import Any

from rules.stamp_swap.cards import CONTEST_BY_ID, EVENT_BY_ID, EXHIBITOR_BY_ID, SPECIALIST_BY_ID, SUPPLY_KINDS
from rules.stamp_swap.show import spots
from rules.stamp_swap.stamps import ALBUM_COLS, ALBUM_ROWS, DAYS, STAMPS, Stamp
from rules.stamp_swap.state import Phase, SeatState, State, is_face_down, spec_id, waiting
from rules.stamp_swap.swap import reservable


def _fields(stamp: Stamp) -> dict[str, Any]:
    return {
        "kind": "stamp",
        "name": stamp.name,
        "colour": stamp.colour,
        "theme": stamp.theme,
        "rows": stamp.rows,
        "cols": stamp.cols,
        "value": stamp.value,
        "rare": stamp.rare,
        "forever": stamp.forever,
        "condition": stamp.condition,
    }


# What a known item shows besides its key, per card id, worked out once: the Hard bot's rollouts
# build a view for every move and each view shows every item on the table.
_SHOWN: dict[str, dict[str, Any]] = {
    **{sid: _fields(stamp) for sid, stamp in STAMPS.items()},
    **{sid: {"kind": "specialist", "name": c.name, "text": c.text} for sid, c in SPECIALIST_BY_ID.items()},
    **{sid: {"kind": "exhibitor", "name": c.name, "text": c.text} for sid, c in EXHIBITOR_BY_ID.items()
       if sid not in SPECIALIST_BY_ID},
}


def item_view(state: State, seat: int | None, key: str) -> dict[str, Any]:
    """One item as `seat` may see it."""
    face_down = is_face_down(state, key)
    if face_down and (seat is None or key not in state.seats[seat].viewed):
        return {"key": key, "kind": "stamp", "face_down": True, "known": False}
    sid = spec_id(state, key)
    return {"key": key, "id": sid, "face_down": face_down, "known": True, **_SHOWN[sid]}


def _items(state: State, seat: int | None, keys: tuple[str, ...] | list[str]) -> list[dict[str, Any]]:
    return [item_view(state, seat, k) for k in keys]


def _grid(state: State, s: SeatState) -> list[list[str | None]]:
    grid: list[list[str | None]] = [[None] * ALBUM_COLS for _ in range(ALBUM_ROWS)]
    for p in s.album:
        stamp = STAMPS[spec_id(state, p.key)]
        for r in range(stamp.rows):
            for c in range(stamp.cols):
                grid[p.row + r][p.col + c] = p.key
    return grid


def _swap_zones(state: State, viewer: int | None, i: int, s: SeatState) -> dict[str, Any]:
    secret = state.phase is Phase.SWAP_PREP and viewer != i
    if secret and s.ready:
        keys = sorted([*([s.reserve] if s.reserve else []), *(k for p in s.piles for k in p)])
        return {"dc": _items(state, viewer, keys), "reserve": None, "piles": None}
    reserve = item_view(state, viewer, s.reserve) if s.reserve else None
    piles = [_items(state, viewer, p) for p in s.piles] if s.piles else None
    return {"dc": _items(state, viewer, s.dc), "reserve": reserve, "piles": piles}


def _seat_view(state: State, viewer: int | None, i: int) -> dict[str, Any]:
    s = state.seats[i]
    out: dict[str, Any] = {
        "seat": i,
        "score": s.score,
        "has_token": state.token_holder == i,
        "ready": s.ready,
        "offered": s.offered,
        "chosen": s.chosen,
        "show_done": s.show_done,
        "holding": _items(state, viewer, s.holding),
        "pending": _items(state, viewer, s.pending),
        "album": [{**item_view(state, viewer, p.key), "row": p.row, "col": p.col} for p in s.album],
        "grid": _grid(state, s),
        "attendees": _items(state, viewer, s.attendees),
        "tickets": list(s.tickets),
    }
    out.update(_swap_zones(state, viewer, i, s))
    return out


def _contest_view(state: State, cid: str) -> dict[str, Any]:
    c = CONTEST_BY_ID[cid]
    tickets = [i for i, s in enumerate(state.seats) if cid in s.tickets]
    return {
        "id": c.id,
        "name": c.name,
        "kind": c.kind,
        "text": c.text,
        "counter": list(c.counter),
        "tiers": list(c.tiers),
        "tickets": tickets,
    }


def _own(state: State, seat: int) -> dict[str, Any]:
    s = state.seats[seat]
    fits = (
        {k: [list(rc) for rc in spots(state, seat, k)] for k in s.pending}
        if state.phase is Phase.SHOW
        else {}
    )
    prep = state.phase is Phase.SWAP_PREP and not s.ready
    return {"fits": fits, "reservable": reservable(state, seat) if prep else [], "viewed": sorted(s.viewed)}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Only what `seat` may know (None: a spectator)."""
    out: dict[str, Any] = {
        "seat": seat,
        "players": state.players,
        "day": state.day,
        "day_name": DAYS[min(state.day, len(DAYS) - 1)],
        "phase": state.phase.value,
        "over": state.phase is Phase.OVER,
        "first_player": state.first_player,
        "token": {"holder": state.token_holder, "in_pool": state.token_holder is None},
        "turn": state.turn,
        "waiting": list(waiting(state)),
        "events": [
            {
                "id": e,
                "name": EVENT_BY_ID[e].name,
                "symbols": EVENT_BY_ID[e].symbols,
                "instruction": EVENT_BY_ID[e].instruction,
                "top": i == 0,
            }
            for i, e in enumerate(state.splay)
        ],
        "instruction": EVENT_BY_ID[state.splay[0]].instruction if state.splay else "",
        "pool": _items(state, seat, state.pool),
        "contests": [_contest_view(state, c) for c in state.contests],
        "finale": _contest_view(state, state.finale),
        "album_size": [ALBUM_ROWS, ALBUM_COLS],
        "supply_left": {k: len(v) for k, v in zip(SUPPLY_KINDS, state.supply, strict=False)},
        "seats": [_seat_view(state, seat, i) for i in range(state.players)],
        "final": [dict(f) for f in state.final],
    }
    out["me"] = _own(state, seat) if seat is not None else None
    return out
