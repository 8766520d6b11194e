"""A full State rebuilt from one seat's view, with what the view hides drawn at random.

The Hard bot searches on such states. Everything the seat cannot know is sampled afresh: the
ids behind face-down keys it has not viewed, the supplies (from the cards it has not seen, in
the counts the view shows), the event deck, and the reserves and splits of seats that are
already ready while the seat still splits (those seats are put back to splitting, so the search
lets them decide as a Normal bot would). Nothing else of the real state is read.
"""

from __future__ import annotations

from typing import Any

from rules.rng import Rng
from rules.stamp_swap.cards import ATTENDEE_IDS, EVENTS, SUPPLY_KINDS
from rules.stamp_swap.stamps import COMMON_IDS, FOREVER_IDS, RARE_IDS
from rules.stamp_swap.state import HIDDEN_PREFIX, Phase, Placement, SeatState, State

KIND_IDS = dict(zip(SUPPLY_KINDS, (COMMON_IDS, FOREVER_IDS, RARE_IDS, ATTENDEE_IDS), strict=True))
# Face-down items are drawn from the common supply first, forever stamps only once it runs dry,
# so unknown ones are sampled from unseen commons first (in that order, never shuffled together).
HIDDEN_KINDS = ("common", "forever")


def _keys(items: list[dict[str, Any]] | None) -> tuple[str, ...]:
    return tuple(i["key"] for i in items or ())


def _seat_items(s: dict[str, Any]) -> list[dict[str, Any]]:
    out = [*s["dc"], *s["holding"], *s["pending"], *s["album"], *s["attendees"]]
    out += [s["reserve"]] if s["reserve"] else []
    return out + [i for p in s["piles"] or () for i in p]


def visible_items(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every item the view shows (known or not)."""
    return [*view["pool"], *(i for s in view["seats"] for i in _seat_items(s))]


def _seat(view: dict[str, Any], i: int) -> SeatState:
    s = view["seats"][i]
    me = i == view["seat"]
    redo = view["phase"] == Phase.SWAP_PREP.value and not view["seats"][view["seat"]]["ready"] and not me
    face_down = {x["key"] for x in _seat_items(s) if x.get("face_down")}
    viewed = frozenset(view["me"]["viewed"]) if me else frozenset(k for k in _keys(s["dc"]) if k in face_down)
    piles = tuple(_keys(p) for p in s["piles"]) if s["piles"] else ()
    return SeatState(
        dc=_keys(s["dc"]),
        reserve=None if redo or not s["reserve"] else s["reserve"]["key"],
        piles=() if redo else piles,
        ready=False if redo else s["ready"],
        offered=False if redo else s["offered"],
        chosen=s["chosen"],
        holding=_keys(s["holding"]),
        pending=_keys(s["pending"]),
        album=tuple(Placement(a["key"], a["row"], a["col"]) for a in s["album"]),
        attendees=_keys(s["attendees"]),
        tickets=tuple(s["tickets"]),
        show_done=s["show_done"],
        score=s["score"],
        viewed=viewed,
    )


def _hidden(view: dict[str, Any], unseen: list[str]) -> tuple[tuple[str, ...], frozenset[str]]:
    """Ids behind hidden-N (sampled where unknown), and the keys already revealed to all."""
    items = [i for i in visible_items(view) if i["key"].startswith(HIDDEN_PREFIX)]
    known = {i["key"]: i["id"] for i in items if i.get("known")}
    revealed = frozenset(i["key"] for i in items if i.get("known") and not i.get("face_down"))
    top = max((int(k[len(HIDDEN_PREFIX) :]) for k in (*known, *(i["key"] for i in items))), default=-1)
    pick = iter(unseen)
    ids = tuple(known.get(f"{HIDDEN_PREFIX}{n}") or next(pick) for n in range(top + 1))
    return ids, revealed


def _supply(view: dict[str, Any], seen: set[str], rng: Rng) -> tuple[tuple[tuple[str, ...], ...], Rng]:
    out = []
    for kind in SUPPLY_KINDS:
        rest = [c for c in KIND_IDS[kind] if c not in seen]
        cards, rng = rng.shuffle(rest)
        out.append(cards[: view["supply_left"][kind]])
    return tuple(out), rng


def _events(view: dict[str, Any], rng: Rng) -> tuple[tuple[str, ...], tuple[str, ...], Rng]:
    """A deck of the right size from the events not on the table (past tops are not in a view)."""
    splay = tuple(e["id"] for e in view["events"])
    rest, rng = rng.shuffle([e.id for e in EVENTS if e.id not in splay])
    size = len(EVENTS) - len(splay) - view["day"]
    return splay, rest[:size], rng


def determinize(view: dict[str, Any], rng: Rng) -> State:
    """One full state consistent with `view` (a seat's own view, not a spectator's)."""
    seen = {i["id"] for i in visible_items(view) if i.get("known")}
    unseen: list[str] = []
    for kind in HIDDEN_KINDS:
        cards, rng = rng.shuffle([c for c in KIND_IDS[kind] if c not in seen])
        unseen += cards
    hidden, revealed = _hidden(view, unseen)
    supply, rng = _supply(view, seen | set(hidden), rng)
    splay, deck, rng = _events(view, rng)
    players = view["players"]
    turn = view["turn"]
    return State(
        players=players,
        rng=rng,
        day=view["day"],
        phase=Phase(view["phase"]),
        seats=tuple(_seat(view, i) for i in range(players)),
        first_player=view["first_player"],
        token_holder=view["token"]["holder"],
        turn=turn,
        last_taker=None if turn is None else (turn - 1) % players,
        pool=_keys(view["pool"]),
        supply=supply,
        event_deck=deck,
        splay=splay,
        event_discard=(),
        contests=tuple(c["id"] for c in view["contests"]),
        finale=view["finale"]["id"],
        hidden=hidden,
        revealed=revealed,
        discard=(),
    )
