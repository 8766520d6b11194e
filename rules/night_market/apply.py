"""Applying a Night Market move: the new state and the events that happened, in order.

When a round ends, `apply` scores it (round_ended) and, unless the match is over, deals the next
round at once (round_started, dealt) with the loser to start: the table never waits on a
"next round" action, and the screen plays the round-end ceremony from the events.
`look_ahead` is the same move for the Hard Rival's rollouts, without what only a table reads
(events, log lines, the next deal): a third of a rollout's cost went to those.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.contract import Event
from rules.errors import IllegalAction
from rules.events import plain_event
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
    counted,
    plural,
)
from rules.night_market.legal import check
from rules.night_market.outcome import match_winner, score_round
from rules.night_market.state import BonusToken, State, card_list, deal_round, evolve, evolved

Changes = dict[str, Any]
Step = tuple[Changes, list[Event], str | None]  # fields to change, events, why the round ends


def _set(pair: tuple[Any, ...], seat: int, value: object) -> tuple[Any, Any]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _refill(market: tuple[int, ...], deck: tuple[int, ...], loud: bool) -> tuple[Changes, list[Event], str | None]:
    """Market and deck after refilling; the round ends ("deck") when the deck is too short."""
    need = MARKET_SIZE - len(market)
    if need == 0:
        return {"market": market}, [], None
    if len(deck) < need:
        return {"market": market}, [], "deck"
    drawn, deck = deck[:need], deck[need:]
    events = [plain_event("refilled", None, {"cards": card_list(drawn), "deck": len(deck)})] if loud else []
    return {"market": market + drawn, "deck": deck}, events, None


def _without(cards: tuple[int, ...], gone: tuple[int, ...] | set[int]) -> tuple[int, ...]:
    return tuple([c for c in cards if c not in gone])


def _take(state: State, seat: int, action: Take, loud: bool = True) -> Step:
    card = action.card
    changes, more, end = _refill(_without(state.market, (card,)), state.deck, loud)
    changes["hands"] = _set(state.hands, seat, state.hands[seat] + (card,))
    changes["known"] = _set(state.known, seat, state.known[seat] | {card})
    if not loud:
        return changes, [], end
    changes["log"] = state.log + (f"{state.names[seat]} took {a_or_an(NAMES[CARD_KIND[card]])}.",)
    return changes, [plain_event("took", seat, {"card": [card, CARD_KIND[card]]}), *more], end


def _names(cards: tuple[int, ...]) -> str:
    return ", ".join([NAMES[CARD_KIND[c]] for c in cards])


def _exchange(state: State, seat: int, action: Exchange, loud: bool = True) -> Step:
    team = state.porters[seat]
    paid = team[len(team) - action.porters :] if action.porters else ()
    give, take = set(action.give), set(action.take)
    changes = {
        "market": _without(state.market, take) + action.give + paid,
        "hands": _set(state.hands, seat, _without(state.hands[seat], give) + action.take),
        "porters": _set(state.porters, seat, team[: len(team) - action.porters]),
        "known": _set(state.known, seat, (state.known[seat] - give) | take),
    }
    if not loud:
        return changes, [], None
    parts = [_names(action.give)] if action.give else []
    parts += [f"{len(paid)} {plural(PORTER, len(paid))}"] if paid else []
    changes["log"] = state.log + (f"{state.names[seat]} exchanged {', '.join(parts)} for {_names(action.take)}.",)
    data = {"took": card_list(action.take), "gave": card_list(action.give), "porters": list(paid)}
    return changes, [plain_event("exchanged", seat, data)], None


def _take_porters(state: State, seat: int, action: TakePorters, loud: bool = True) -> Step:
    taken = tuple([c for c in state.market if CARD_KIND[c] == PORTER])
    changes, more, end = _refill(_without(state.market, set(taken)), state.deck, loud)
    changes["porters"] = _set(state.porters, seat, state.porters[seat] + taken)
    if not loud:
        return changes, [], end
    changes["log"] = state.log + (f"{state.names[seat]} took {len(taken)} {plural(PORTER, len(taken))}.",)
    return changes, [plain_event("took_porters", seat, {"cards": list(taken)}), *more], end


def _draw_bonus(state: State, seat: int, count: int) -> tuple[Changes, dict[str, Any] | None]:
    """The bonus pile and tokens after a sale of `count`, and the event's token (None: no token)."""
    size = bonus_size(count)
    if size is None:
        return {}, None
    index = BONUS_SIZES.index(size)
    pile = state.bonus[index]
    if not pile:
        return {}, None
    token = BonusToken(state.next_bonus_id, size, pile[0])
    changes = {
        "bonus": state.bonus[:index] + (pile[1:],) + state.bonus[index + 1 :],
        "bonus_taken": _set(state.bonus_taken, seat, state.bonus_taken[seat] + (token,)),
        "next_bonus_id": token.id + 1,
    }
    return changes, {"id": token.id, "size": size}


def _sell(state: State, seat: int, action: Sell, loud: bool = True) -> Step:
    cards = action.cards
    kind = CARD_KIND[cards[0]]
    index = GOOD_INDEX[kind]
    pile = state.coins[index]
    got = pile[: len(cards)]
    sold = set(cards)
    coins = state.coins[:index] + (pile[len(got) :],) + state.coins[index + 1 :]
    changes, token = _draw_bonus(state, seat, len(cards))
    changes.update(
        hands=_set(state.hands, seat, _without(state.hands[seat], sold)),
        known=_set(state.known, seat, state.known[seat] - sold),
        coins=coins,
        coins_taken=_set(state.coins_taken, seat, state.coins_taken[seat] + got),
        sold=state.sold + cards,
    )
    end = "coins" if coins.count(()) >= EMPTY_PILES_TO_END else None
    if not loud:
        return changes, [], end
    extra = " + a bonus token" if token else ""
    line = f"{state.names[seat]} sold {len(cards)} {plural(kind, len(cards))} for {counted(sum(got), 'coin')}{extra}."
    changes["log"] = state.log + (line,)
    data = {"kind": kind, "cards": card_list(cards), "coins": list(got), "bonus": token}
    return changes, [plain_event("sold", seat, data)], end


Handler = Callable[[State, int, Any, bool], Step]
_HANDLERS: dict[type, Handler] = {Take: _take, Exchange: _exchange, TakePorters: _take_porters, Sell: _sell}


def _round_end_data(state: State) -> dict[str, Any]:
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
    state = evolve(state, seals=seals, last_round=summary, log=state.log + (line,))
    events = [plain_event("round_ended", None, _round_end_data(state))]
    winner = match_winner(seals)
    if winner is not None:
        events.append(plain_event("match_ended", None, {"winner": winner, "seals": list(seals)}))
        return evolve(state, over=True), events
    fresh, dealt = deal_round(state.names, state.rng, state.round_no + 1, 1 - summary.winner, seals)
    return evolve(fresh, last_round=summary), events + dealt


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The state after `seat` plays `action`; raises IllegalAction with the reason if not allowed."""
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    return apply_legal(state, seat, action)


def apply_legal(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """`apply` for a move known to be legal (one of `legal_actions(state, seat)`): no re-check.

    For the rules' own look-ahead (the Hard Rival's rollouts); anything from outside goes
    through `apply`.
    """
    changes, events, end = _HANDLERS[type(action)](state, seat, action, True)
    if end is not None:
        state, more = end_round(evolved(state, changes), end)
        return state, events + more
    changes["turn"] = 1 - seat
    return evolved(state, changes), events


def look_ahead(state: State, seat: int, action: Action) -> State:
    """`apply_legal` for the Hard Rival's rollouts, which read the state alone and stop at the
    round's end: no events and no log line, and a move that ends the round scores it
    (`last_round`) and leaves the state `over` instead of dealing the next one. Every other field
    is what `apply_legal` gives."""
    changes, _, end = _HANDLERS[type(action)](state, seat, action, False)
    if end is None:
        changes["turn"] = 1 - seat
        return evolved(state, changes)
    state = evolved(state, changes)
    return evolve(state, last_round=score_round(state, end), over=True)
