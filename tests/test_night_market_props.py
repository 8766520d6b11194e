"""Night Market property tests over many seeded random matches: conservation, refusals, hidden counts.

Replay, JSON forms, check/apply agreement and leaks are checked for every game in test_contract.py.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contract import MatchConfig, SeatConfig
from rules.night_market import GAME
from rules.night_market.actions import Exchange, Sell, Take
from rules.night_market.data import BONUS_VALUES, CARD_KIND, COIN_TOKEN_COUNT
from rules.night_market.state import State
from rules.refusal import DECLARED, Refusal
from rules.rng import Rng

CONFIG = MatchConfig((SeatConfig("Ada"), SeatConfig("Rival")))
SETTINGS = settings(max_examples=12, deadline=None)


def random_match(seed: int, visit=None) -> tuple[State, list]:
    """Play a whole match with uniformly random legal moves; `visit` sees every step."""
    state, events = GAME.new_match(seed, CONFIG)
    rng, log = Rng.seeded(seed ^ 0x5EED), []
    while GAME.outcome(state) is None:
        seat = GAME.waiting(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal, "legal actions never empty before the end"
        action, rng = rng.choice(legal)
        before = state
        state, events = GAME.apply(state, seat, action)
        log.append((seat, action))
        if visit:
            visit(before, seat, action, legal, state, events)
    return state, log


def check_conservation(state: State) -> None:
    zones = [state.deck, state.market, state.sold, *state.hands, *state.porters]
    cards = [c for zone in zones for c in zone]
    assert sorted(cards) == list(range(55))
    coins = sum(len(p) for p in state.coins) + sum(len(t) for t in state.coins_taken)
    assert coins == COIN_TOKEN_COUNT == 38
    bonus = sum(len(p) for p in state.bonus) + sum(len(t) for t in state.bonus_taken)
    assert bonus == sum(len(v) for v in BONUS_VALUES.values())


@SETTINGS
@given(st.integers(0, 10**9))
def test_cards_coins_and_bonus_tokens_are_conserved(seed):
    random_match(seed, lambda b, s, a, legal, state, ev: check_conservation(state))


def mutations(state: State, seat: int) -> list:
    """Nearby moves that are often illegal."""
    hand, market = state.hands[seat], state.market
    out = [Take(c) for c in range(55) if c not in market][:3]
    out += [Sell(hand[:1]), Sell(hand), Exchange(market[:1], hand[:1], 0), Exchange(market[:3], hand[:1], 0)]
    out += [Exchange(market[:2], (), 3), Take(market[0])]
    return out


@SETTINGS
@given(st.integers(0, 10**9))
def test_illegal_actions_are_refused_with_a_declared_code(seed):
    def visit(before, seat, action, legal, state, events):
        legal_set = set(legal)
        for move in mutations(before, seat):
            reason = GAME.check(before, seat, move)
            if move in legal_set:
                assert reason is None
            elif reason is not None:
                assert isinstance(reason, Refusal) and DECLARED[reason.code] == reason.params.keys()

    random_match(seed, visit)


@SETTINGS
@given(st.integers(0, 10**9))
def test_unseen_counts_are_exactly_the_cards_a_seat_cannot_see(seed):
    """Bots sample hidden cards from `unseen`; leaks are the conformance test's (tests/test_contract.py)."""

    def visit(before, seat, action, legal, state, events):
        for viewer in (0, 1, None):
            hidden = sum(1 for s in (0, 1) if s != viewer for c in state.hands[s] if c not in state.known[s])
            assert sum(n for _, n in GAME.view(state, viewer).unseen) == len(state.deck) + hidden

    random_match(seed, visit)


def test_views_hide_bonus_values_until_round_end():
    state, _ = GAME.new_match(3, CONFIG)
    rng = Rng.seeded(9)
    while not any(state.bonus_taken):
        legal = GAME.legal_actions(state, state.turn)
        sells = [a for a in legal if isinstance(a, Sell) and len(a.cards) >= 3]
        action, rng = (sells[0], rng) if sells else rng.choice(legal)
        state, _ = GAME.apply(state, state.turn, action)
    owner = 0 if state.bonus_taken[0] else 1
    view = GAME.view(state, owner)
    assert view.seats[owner].bonus_tokens == tuple((t.id, t.size) for t in state.bonus_taken[owner])
    assert all(CARD_KIND[c] != "porter" for c in state.hands[owner])
