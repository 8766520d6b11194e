"""Match start, round setup, round transition and the Final Show."""

from __future__ import annotations

from rules.contract import Event
from rules.rng import Rng
from rules.stamp_swap.cards import (
    ATTENDEE_IDS,
    CONTEST_BY_ID,
    CONTEST_KINDS,
    CONTESTS,
    EVENT_BY_ID,
    EVENTS,
    FINALE_AWARDS,
    FINALES,
    FOREVER_AWARDS,
    SUPPLY_KINDS,
    SYMBOL_SUPPLY,
    SYMBOLS,
)
from rules.stamp_swap.counters import count, rank_awards
from rules.stamp_swap.stamps import COMMON_IDS, DAYS, FOREVER_IDS, RARE_IDS
from rules.stamp_swap.state import (
    HIDDEN_PREFIX,
    Phase,
    SeatState,
    State,
    collection,
    evolve,
    knows,
    spec_id,
)

Result = tuple[State, list[Event]]


def new_state(seed: int, players: int) -> State:
    """Shuffle supplies, draw the four contests and the finale, pick Friday's first player."""
    rng = Rng.seeded(seed)
    supply = []
    for ids in (COMMON_IDS, FOREVER_IDS, RARE_IDS, ATTENDEE_IDS):
        shuffled, rng = rng.shuffle(ids)
        supply.append(shuffled)
    contests = []
    for kind in CONTEST_KINDS:
        card, rng = rng.choice([c.id for c in CONTESTS if c.kind == kind])
        contests.append(card)
    finale, rng = rng.choice([f.id for f in FINALES])
    first, rng = rng.randint(0, players - 1)
    return State(
        players=players,
        rng=rng,
        day=0,
        phase=Phase.COLLECT,
        seats=tuple(SeatState() for _ in range(players)),
        first_player=first,
        token_holder=first,
        turn=None,
        last_taker=None,
        pool=(),
        supply=tuple(supply),
        event_deck=tuple(e.id for e in EVENTS),
        splay=(),
        event_discard=(),
        contests=tuple(contests),
        finale=finale,
        hidden=(),
        revealed=frozenset(),
        discard=(),
    )


def _draw(state: State, symbol: str) -> tuple[State, str | None]:
    """One pool item for a symbol; face-down symbols give a stamp a hidden key."""
    supply = list(state.supply)
    for kind in SYMBOL_SUPPLY[symbol]:
        index = SUPPLY_KINDS.index(kind)
        if not supply[index]:
            continue
        card, supply[index] = supply[index][0], supply[index][1:]
        state = evolve(state, supply=tuple(supply))
        face_down = symbol == "hidden" and kind != "attendee"
        if face_down and not _all_face_up(state):
            key = f"{HIDDEN_PREFIX}{len(state.hidden)}"
            return evolve(state, hidden=(*state.hidden, card)), key
        return state, card
    return state, None


def _all_face_up(state: State) -> bool:
    return bool(dict(EVENT_BY_ID[state.splay[0]].rules).get("all_face_up"))


def setup_day(state: State) -> Result:
    """Reveal one event per player, build the pool from the visible symbols, token into the pool."""
    deck, rng = state.rng.shuffle(state.event_deck)
    splay, deck = deck[: state.players], deck[state.players :]
    state = evolve(state, rng=rng, event_deck=deck, splay=splay, pool=())
    pool: list[str] = []
    for event_id in splay:
        for letter in EVENT_BY_ID[event_id].symbols:
            state, key = _draw(state, SYMBOLS[letter])
            if key is not None:
                pool.append(key)
    first = state.token_holder if state.token_holder is not None else state.first_player
    state = evolve(
        state,
        pool=tuple(pool),
        phase=Phase.COLLECT,
        first_player=first,
        token_holder=None,
        turn=first,
        last_taker=None,
    )
    items = [k if knows(state, None, k) else None for k in pool]
    data = {
        "day": state.day,
        "day_name": DAYS[state.day],
        "splay": list(splay),
        "pool": list(pool),
        "face_up": [k for k in items if k],
        "first_player": first,
    }
    return state, [Event("day_start", None, data)]


def end_day(state: State) -> Result:
    """Discard the top event and the leftover pool, return the other events, advance the day."""
    seats = tuple(
        evolve(s, ready=False, offered=False, chosen=False, show_done=False, piles=()) for s in state.seats
    )
    state = evolve(
        state,
        seats=seats,
        discard=(*state.discard, *state.pool),
        pool=(),
        event_discard=(*state.event_discard, state.splay[0]),
        event_deck=(*state.event_deck, *state.splay[1:]),
        splay=(),
        day=state.day + 1,
        turn=None,
    )
    events = [Event("day_end", None, {"day": state.day - 1})]
    if state.day >= len(DAYS):
        state, more = final_show(state)
        return state, events + more
    state, more = setup_day(state)
    return state, events + more


def final_breakdown(state: State) -> list[dict[str, int]]:
    """Final Show points per seat: album values, forever majority, finale contest."""
    cols = [collection(state, s) for s in range(state.players)]
    places = max(1, state.players - 1)
    forever = rank_awards([count(("forever", None), c) for c in cols], FOREVER_AWARDS[:places])
    finale = CONTEST_BY_ID[state.finale]
    finale_pts = rank_awards([count(finale.counter, c) for c in cols], FINALE_AWARDS[:places])
    return [
        {"album": sum(st.value for st in c.stamps), "forever": fv, "finale": fp}
        for c, fv, fp in zip(cols, forever, finale_pts, strict=False)
    ]


def final_show(state: State) -> Result:
    """Score the Final Show and end the match."""
    parts = final_breakdown(state)
    seats = tuple(
        evolve(s, score=s.score + sum(p.values())) for s, p in zip(state.seats, parts, strict=False)
    )
    final = tuple(tuple(p.items()) for p in parts)
    state = evolve(state, seats=seats, phase=Phase.OVER, final=final, turn=None)
    data = {"breakdown": parts, "scores": [s.score for s in seats], "finale": state.finale}
    return state, [Event("final_show", None, data)]


def all_keys(state: State) -> list[str]:
    """Every card id anywhere in the match (for conservation checks)."""
    zones: list[str] = [*state.pool, *state.discard, *(k for sup in state.supply for k in sup)]
    for s in state.seats:
        zones += [
            *s.dc,
            *([s.reserve] if s.reserve else []),
            *(k for p in s.piles for k in p),
            *s.holding,
            *s.pending,
            *(p.key for p in s.album),
            *s.attendees,
        ]
    return [spec_id(state, k) for k in zones]
