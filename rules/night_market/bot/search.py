"""The Hard Rival: determinized Monte Carlo over the hidden cards.

From the view alone it samples worlds consistent with what it can see — the opponent's hidden
hand and the deck order (drawn from the unseen cards, whose kinds follow from the public deck
composition) and the bonus values — then plays each short-listed move in every world and rolls
a few moves out (the opponent's reply by Normal's judgement, then a fast greedy policy) before
judging the position by the lead it leaves (`position_value`): shorter rollouts are cheaper and
less noisy than playing the round to its end. The search itself (fresh worlds per round, common random
numbers, halving the short list to one move) is the shared one in rules/search.py. It never
touches the true state.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

from rules.night_market.actions import Action, Sell, Take, TakePorters
from rules.night_market.apply import look_ahead
from rules.night_market.bot.heuristics import (
    FEED_WEIGHT,
    PORTER_VALUE,
    Held,
    Piles,
    hand_potential,
    normal_score,
    porter_value,
    potential_with,
    sale_value,
)
from rules.night_market.data import (
    BONUS_SIZES,
    BONUS_VALUES,
    CARD_COUNT,
    CARD_KIND,
    GOOD_INDEX,
    GOODS,
    HAND_LIMIT,
    PORTER,
    PORTER_TOKEN,
    PRECIOUS,
)
from rules.night_market.state import BonusToken, State
from rules.night_market.view import View
from rules.rng import Rng
from rules.search import Budget, best_move

# How many worlds and moves, and the strength they give: docs/bots.md (Night Market Hard).
# Hard's search: the 8 best moves by normal_score, each rolled out HORIZON moves in the same 32
# worlds and the position then judged (until December 2026: 64 worlds, each to the round's end).
BUDGET = Budget(candidates=8, simulations=32 * 8, halve=False)
# A smaller search, the best 4 halved over 72 rollouts, for the fast tests (with rollouts to the
# round's end it fell short of the strength asked: docs/bots.md).
QUICK = Budget(candidates=4, simulations=72)
EPSILON = 0.1  # chance a rollout move is noisy (half of it a random take)
JUDGED_PLIES = 2  # rollout moves, from the opponent's reply on, that follow Normal's judgement
MARGIN_WEIGHT = 0.02  # a round's value per coin of margin, on top of 1 for the seal
HORIZON: int | None = 6  # rollout moves before the position is judged (None: the round's end)
EVAL_SCALE = 5.0  # coins of lead per unit of log-odds of the seal, judging a round in progress


def _visible_ids(view: View) -> set[int]:
    ids = {c for c, _ in view.market} | {c for c, _ in view.sold}
    for s in view.seats:
        ids |= {c for c, _ in s.hand_known} | set(s.porters)
    return ids


Taken = tuple[tuple[BonusToken, ...], tuple[BonusToken, ...]]


def _sample_bonus(view: View, rng: Rng) -> tuple[Taken, tuple[tuple[int, ...], ...], Rng]:
    taken: list[list[BonusToken]] = [[], []]
    piles = []
    left = dict(view.bonus_piles)
    for size in BONUS_SIZES:
        values, rng = rng.shuffle(BONUS_VALUES[size])
        pos = 0
        for seat, s in enumerate(view.seats):
            for token_id, token_size in s.bonus_tokens:
                if token_size == size:
                    taken[seat].append(BonusToken(token_id, size, values[pos]))
                    pos += 1
        piles.append(values[pos : pos + left[size]])
    return (tuple(taken[0]), tuple(taken[1])), tuple(piles), rng


def sample_world(view: View, rng: Rng) -> tuple[State, Rng]:
    """A full state consistent with `view`: hidden cards and bonus values drawn at random."""
    me = view.seat or 0
    opp = view.seats[1 - me]
    visible = _visible_ids(view)
    unseen = [i for i in range(CARD_COUNT) if i not in visible]
    # Dealt porters go straight to the team, so hidden hand cards are always goods.
    goods, rng = rng.shuffle([i for i in unseen if CARD_KIND[i] != PORTER])
    hidden = opp.hand_count - len(opp.hand_known)
    opp_hand = tuple(c for c, _ in opp.hand_known) + goods[:hidden]
    deck, rng = rng.shuffle(goods[hidden:] + tuple(i for i in unseen if CARD_KIND[i] == PORTER))
    deck = deck[: view.deck_count]
    hands: list[tuple[int, ...]] = [(), ()]
    hands[me], hands[1 - me] = tuple(c for c, _ in view.hand), opp_hand
    bonus_taken, bonus_piles, rng = _sample_bonus(view, rng)
    known = frozenset(c for c, _ in opp.hand_known)
    token_ids = [t for s in view.seats for t, _ in s.bonus_tokens]
    state = State(
        names=(view.seats[0].name, view.seats[1].name),
        rng=rng.fork(1),
        round_no=view.round_no,
        starter=view.starter,
        turn=view.turn,
        seals=(view.seats[0].seals, view.seats[1].seals),
        deck=deck,
        market=tuple(c for c, _ in view.market),
        hands=(hands[0], hands[1]),
        porters=(view.seats[0].porters, view.seats[1].porters),
        known=(known, frozenset()) if me == 1 else (frozenset(), known),
        coins=tuple(pile for _, pile in view.coins),
        bonus=bonus_piles,
        coins_taken=(view.seats[0].coins_taken, view.seats[1].coins_taken),
        bonus_taken=bonus_taken,
        sold=tuple(c for c, _ in view.sold),
        next_bonus_id=max(token_ids, default=-1) + 1,
        log=(),
        last_round=None,
        over=False,
    )
    return state, rng.fork(2)


def _kinds(cards: tuple[int, ...]) -> dict[str, int]:
    """Cards per kind, in the order the kinds first appear (a Counter's order, for less)."""
    out: dict[str, int] = {}
    for c in cards:
        kind = CARD_KIND[c]
        out[kind] = out.get(kind, 0) + 1
    return out


def _rollout_sell(state: State, hand: dict[str, int], seat: int) -> Action | None:
    full = len(state.hands[seat]) >= HAND_LIMIT
    bonus_left: dict[int, int] | None = None  # built only when some sale is eager
    best, best_value = None, 0.0
    for kind, count in hand.items():
        precious = kind in PRECIOUS
        if count < (2 if precious else 1) or not (count >= 3 or precious or full):
            continue
        if bonus_left is None:
            bonus_left = {size: len(p) for size, p in zip(BONUS_SIZES, state.bonus, strict=True)}
        value = sale_value(kind, count, state.coins[GOOD_INDEX[kind]], bonus_left)
        if value > best_value:
            best, best_value = kind, value
    if best is None:
        return None
    return Sell(tuple([c for c in state.hands[seat] if CARD_KIND[c] == best]))


def rollout_move(state: State, rng: Rng) -> tuple[Action, Rng]:
    """The fast policy inside rollouts: greedy sells and takes with a little noise."""
    seat = state.turn
    cards = state.hands[seat]
    hand = _kinds(cards)
    x, rng = rng.random()
    if x > EPSILON:
        sell = _rollout_sell(state, hand, seat)
        if sell is not None:
            return sell, rng
    goods = [c for c in state.market if CARD_KIND[c] != PORTER]
    if goods and len(cards) < HAND_LIMIT:
        if x < EPSILON / 2:
            return rng.choice([Take(c) for c in goods])
        best, best_appeal = goods[0], -math.inf
        for card in goods:  # the first good of the highest appeal: top coin plus 1.5 per one held
            kind = CARD_KIND[card]
            pile = state.coins[GOOD_INDEX[kind]]
            appeal = (pile[0] if pile else 0) + 1.5 * hand.get(kind, 0)
            if appeal > best_appeal:
                best, best_appeal = card, appeal
        return Take(best), rng
    if len(goods) < len(state.market):
        return TakePorters(), rng
    kind = max((k for k in GOODS if hand.get(k, 0) >= (2 if k in PRECIOUS else 1)), key=lambda k: hand[k])
    return Sell(tuple([c for c in cards if CARD_KIND[c] == kind])), rng


def _feeder(opp_hand: Counter[str], piles: Piles, bonus: dict[int, int],
            held: Held | None = None) -> Callable[[list[str]], float]:
    """`best_take_for` against one opponent hand and one set of piles, each kind's appeal worked
    out once (a Normal-like move asks it of up to a dozen markets that share them)."""
    held = held if held is not None else Held(piles, bonus)
    before = potential_with(opp_hand, None, piles, bonus, held)
    appeal: dict[str, float] = {}

    def feed(market: list[str]) -> float:
        best = PORTER_VALUE * market.count(PORTER)
        for kind in set(market):
            if kind != PORTER:
                if kind not in appeal:
                    appeal[kind] = potential_with(opp_hand, kind, piles, bonus, held) - before
                best = max(best, appeal[kind])
        return best

    return feed


def normal_like_move(state: State) -> Action:
    """The Normal Rival's judgement of takes, porters and whole-kind sells, from a sampled state.

    Exchanges are left out: scoring them is most of Normal's cost and it rarely prefers one. Used
    for the first replies of each rollout, where the opponent (a Normal-like player) matters most.
    """
    seat = state.turn
    hand = Counter([CARD_KIND[c] for c in state.hands[seat]])
    market = [CARD_KIND[c] for c in state.market]
    piles = {kind: state.coins[i] for i, kind in enumerate(GOODS)}
    bonus = {size: len(p) for size, p in zip(BONUS_SIZES, state.bonus, strict=True)}
    opp = 1 - seat
    opp_hand = Counter([CARD_KIND[c] for c in state.hands[opp] if c in state.known[opp]])
    opp_porters = len(state.porters[opp])
    held = Held(piles, bonus)
    feed = _feeder(opp_hand, piles, bonus, held)
    mine = len(state.porters[seat])
    best: Action | None = None
    best_score = -1e9
    if len(state.hands[seat]) < HAND_LIMIT:
        for kind in dict.fromkeys(market):
            if kind == PORTER:
                continue
            rest = list(market)
            rest.remove(kind)
            score = potential_with(hand, kind, piles, bonus, held) + porter_value(mine, opp_porters)
            score -= FEED_WEIGHT * feed(rest)
            if score > best_score:
                best, best_score = Take(state.market[market.index(kind)]), score
    if PORTER in market:
        rest = [k for k in market if k != PORTER]
        score = _judged(hand, mine + market.count(PORTER), 0.0, piles, bonus, opp_porters, feed(rest), held)
        if score > best_score:
            best, best_score = TakePorters(), score
    for kind, count in hand.items():
        if count < (2 if kind in PRECIOUS else 1):
            continue
        banked = sale_value(kind, count, piles[kind], bonus)
        left = dict(piles)
        left[kind] = piles[kind][count:]
        shrunk = Counter(hand)
        shrunk[kind] = 0
        score = _judged(shrunk, mine, banked, left, bonus, opp_porters, _feeder(opp_hand, left, bonus)(market))
        if score > best_score:
            best = Sell(tuple(c for c in state.hands[seat] if CARD_KIND[c] == kind))
            best_score = score
    assert best is not None  # a hand of HAND_LIMIT goods can always sell
    return best


def _judged(hand: Counter[str], porters: int, banked: float, piles: Piles, bonus: dict[int, int],
            opp_porters: int, feed: float, held: Held | None = None) -> float:
    """`normal_score`'s sum for a position after a move (the refill unknown, as Normal sees it)."""
    held_value = potential_with(hand, None, piles, bonus, held)
    return banked + held_value + porter_value(porters, opp_porters) - FEED_WEIGHT * feed


def rollout(state: State, me: int, rng: Rng, horizon: int | None = None) -> tuple[float, Rng]:
    """Play the round out (or `horizon` moves, then judge the position); 1 for my seal, 0
    otherwise, nudged by the margin.

    The first JUDGED_PLIES moves follow Normal's judgement, the rest the fast greedy policy.
    """
    ply = 0
    while not state.over:  # look_ahead leaves a finished round over
        if horizon is not None and ply >= horizon:
            return position_value(state, me), rng
        if ply < JUDGED_PLIES:
            action = normal_like_move(state)
        else:
            action, rng = rollout_move(state, rng)
        ply += 1
        state = look_ahead(state, state.turn, action)
    return round_value(state, me), rng


def _worth(state: State, seat: int, bonus: dict[int, int], piles: Piles) -> float:
    """Coins and bonus tokens banked plus what the hand is likely to fetch (Normal's estimate)."""
    banked = sum(state.coins_taken[seat]) + sum(t.value for t in state.bonus_taken[seat])
    return banked + hand_potential(_kinds(state.hands[seat]), piles, bonus)  # type: ignore[arg-type]


def position_value(state: State, me: int) -> float:
    """A round in progress as `me` sees it, on the scale of `round_value`: the chance of the seal
    from the lead in banked coins, held goods and the Porter token (logistic, EVAL_SCALE coins
    of lead per unit of log-odds), nudged by that lead as a finished round is by its margin."""
    piles = {kind: state.coins[i] for i, kind in enumerate(GOODS)}
    bonus = {size: len(p) for size, p in zip(BONUS_SIZES, state.bonus, strict=True)}
    lead = _worth(state, me, bonus, piles) - _worth(state, 1 - me, bonus, piles)
    mine, theirs = len(state.porters[me]), len(state.porters[1 - me])
    lead += PORTER_TOKEN * ((mine > theirs) - (theirs > mine))
    return 1.0 / (1.0 + math.exp(-lead / EVAL_SCALE)) + MARGIN_WEIGHT * lead


def round_value(state: State, me: int) -> float:
    """A finished round as `me` sees it: 1 for my seal, 0 otherwise, nudged by the coin margin."""
    summary = state.last_round
    assert summary is not None
    margin = summary.totals[me] - summary.totals[1 - me]
    return (1.0 if summary.winner == me else 0.0) + MARGIN_WEIGHT * margin


def shortlist(view: View, legal: Sequence[Action]) -> list[Action]:
    """Every legal move, the most promising first by the Normal estimate."""
    return sorted(legal, key=lambda a: normal_score(view, a), reverse=True)


def simulate(world: State, action: Action, noise: Rng) -> float:
    """`action` played in `world` by the seat to move, the round rolled out: its value to that seat."""
    me = world.turn
    after = look_ahead(world, me, action)
    if after.over:
        return round_value(after, me)
    value, _ = rollout(after, me, noise, HORIZON)
    return value


def hard_choice(view: View, legal: Sequence[Action], rng: Rng, budget: Budget = BUDGET) -> tuple[Action, Rng]:
    """The short-listed move the shared search (rules/search.py) ends on, over sampled worlds."""
    return best_move(view, shortlist(view, legal), sample_world, simulate, budget, rng)
