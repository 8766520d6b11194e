"""Applying a Night Market move: the new state and the events that happened, in order.

When a round ends, `apply` scores it (round_ended) and, unless the match is over, deals the next
round at once (round_started, dealt) with the loser to start: the table never waits on a
"next round" action, and the screen plays the round-end ceremony from the events.
"""

from __future__ import annotations

from dataclasses import replace

from rules.contract import Event
from rules.errors import IllegalAction
from rules.night_market.actions import Action, Exchange, Sell, Take, TakePorters
from rules.night_market.data import (
    BONUS_SIZES,
    CARD_KIND,
    EMPTY_PILES_TO_END,
    GOOD_INDEX,
    MARKET_SIZE,
    NAMES,
    PORTER,
    a_or_an,
    bonus_size,
    plural,
)
from rules.night_market.legal import check
from rules.night_market.outcome import match_winner, score_round
from rules.night_market.state import BonusToken, State, card_list, deal_round

Step = tuple[State, list[Event], str | None]


def _set(pair: tuple, seat: int, value: object) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _refill(state: State) -> tuple[State, list[Event], str | None]:
    need = MARKET_SIZE - len(state.market)
    if need == 0:
        return state, [], None
    if len(state.deck) < need:
        return state, [], "deck"
    drawn = state.deck[:need]
    state = replace(state, market=state.market + drawn, deck=state.deck[need:])
    return state, [Event("refilled", None, {"cards": card_list(drawn), "deck": len(state.deck)})], None


def _without(cards: tuple[int, ...], gone: tuple[int, ...] | set[int]) -> tuple[int, ...]:
    return tuple(c for c in cards if c not in gone)


def _log(state: State, line: str) -> State:
    return replace(state, log=state.log + (line,))


def _take(state: State, seat: int, action: Take) -> Step:
    card = action.card
    state = replace(
        state,
        market=_without(state.market, (card,)),
        hands=_set(state.hands, seat, state.hands[seat] + (card,)),
        known=_set(state.known, seat, state.known[seat] | {card}),
    )
    state = _log(state, f"{state.names[seat]} took {a_or_an(NAMES[CARD_KIND[card]])}.")
    events = [Event("took", seat, {"card": [card, CARD_KIND[card]]})]
    state, more, end = _refill(state)
    return state, events + more, end


def _names(cards: tuple[int, ...]) -> str:
    return ", ".join(NAMES[CARD_KIND[c]] for c in cards)


def _exchange(state: State, seat: int, action: Exchange) -> Step:
    team = state.porters[seat]
    paid = team[len(team) - action.porters :] if action.porters else ()
    hand = _without(state.hands[seat], set(action.give)) + action.take
    known = (state.known[seat] - set(action.give)) | set(action.take)
    state = replace(
        state,
        market=_without(state.market, set(action.take)) + action.give + paid,
        hands=_set(state.hands, seat, hand),
        porters=_set(state.porters, seat, team[: len(team) - action.porters]),
        known=_set(state.known, seat, known),
    )
    parts = [_names(action.give)] if action.give else []
    parts += [f"{len(paid)} {plural(PORTER, len(paid))}"] if paid else []
    gave = ", ".join(parts)
    state = _log(state, f"{state.names[seat]} exchanged {gave} for {_names(action.take)}.")
    data = {"took": card_list(action.take), "gave": card_list(action.give), "porters": list(paid)}
    return state, [Event("exchanged", seat, data)], None


def _take_porters(state: State, seat: int, action: TakePorters) -> Step:
    taken = tuple(c for c in state.market if CARD_KIND[c] == PORTER)
    state = replace(
        state,
        market=_without(state.market, set(taken)),
        porters=_set(state.porters, seat, state.porters[seat] + taken),
    )
    state = _log(state, f"{state.names[seat]} took {len(taken)} {plural(PORTER, len(taken))}.")
    events = [Event("took_porters", seat, {"cards": list(taken)})]
    state, more, end = _refill(state)
    return state, events + more, end


def _draw_bonus(state: State, seat: int, count: int) -> tuple[State, dict | None]:
    size = bonus_size(count)
    if size is None:
        return state, None
    index = BONUS_SIZES.index(size)
    pile = state.bonus[index]
    if not pile:
        return state, None
    token = BonusToken(state.next_bonus_id, size, pile[0])
    bonus = state.bonus[:index] + (pile[1:],) + state.bonus[index + 1 :]
    taken = _set(state.bonus_taken, seat, state.bonus_taken[seat] + (token,))
    state = replace(state, bonus=bonus, bonus_taken=taken, next_bonus_id=token.id + 1)
    return state, {"id": token.id, "size": size}


def _sell(state: State, seat: int, action: Sell) -> Step:
    cards = action.cards
    kind = CARD_KIND[cards[0]]
    index = GOOD_INDEX[kind]
    pile = state.coins[index]
    got = pile[: len(cards)]
    state = replace(
        state,
        hands=_set(state.hands, seat, _without(state.hands[seat], set(cards))),
        known=_set(state.known, seat, state.known[seat] - set(cards)),
        coins=state.coins[:index] + (pile[len(got) :],) + state.coins[index + 1 :],
        coins_taken=_set(state.coins_taken, seat, state.coins_taken[seat] + got),
        sold=state.sold + cards,
    )
    state, token = _draw_bonus(state, seat, len(cards))
    extra = " + a bonus token" if token else ""
    state = _log(state, f"{state.names[seat]} sold {len(cards)} {NAMES[kind]} for {sum(got)} coins{extra}.")
    data = {"kind": kind, "cards": card_list(cards), "coins": list(got), "bonus": token}
    empty = sum(1 for p in state.coins if not p)
    return state, [Event("sold", seat, data)], ("coins" if empty >= EMPTY_PILES_TO_END else None)


_HANDLERS = {Take: _take, Exchange: _exchange, TakePorters: _take_porters, Sell: _sell}


def _round_end_data(state: State) -> dict:
    s = state.last_round
    assert s is not None
    tokens = [[[t.id, t.size, t.value] for t in state.bonus_taken[seat]] for seat in (0, 1)]
    return {
        "round": s.round_no,
        "reason": s.reason,
        "coins": list(s.coins),
        "bonus": tokens,
        "porters": list(s.porters),
        "porter_token": s.porter_token,
        "totals": list(s.totals),
        "winner": s.winner,
        "tiebreak": s.tiebreak,
        "seals": list(state.seals),
    }


def end_round(state: State, reason: str) -> tuple[State, list[Event]]:
    """Score the round, award the seal, then deal the next round or end the match."""
    summary = score_round(state, reason)
    seals = _set(state.seals, summary.winner, state.seals[summary.winner] + 1)
    line = f"{state.names[summary.winner]} wins the seal, {summary.totals[0]}–{summary.totals[1]}."
    state = _log(replace(state, seals=seals, last_round=summary), line)
    events = [Event("round_ended", None, _round_end_data(state))]
    winner = match_winner(seals)
    if winner is not None:
        events.append(Event("match_ended", None, {"winner": winner, "seals": list(seals)}))
        return replace(state, over=True), events
    fresh, dealt = deal_round(state.names, state.rng, state.round_no + 1, 1 - summary.winner, seals)
    return replace(fresh, last_round=summary), events + dealt


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The state after `seat` plays `action`; raises IllegalAction with the reason if not allowed."""
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    state, events, end = _HANDLERS[type(action)](state, seat, action)  # type: ignore[operator]
    if end is not None:
        state, more = end_round(state, end)
        return state, events + more
    return replace(state, turn=1 - seat), events
