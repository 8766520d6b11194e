"""Scoring a Night Market round and the match outcome.

Seal tie-break, where the seed is silent: when totals, bonus-token counts and coin-token counts
are all equal, the seal goes to the merchant who did NOT start the round (the starter had the
extra tempo of the first move).
"""

from __future__ import annotations

from rules.contract import EndReason, Outcome
from rules.night_market.data import PORTER_TOKEN, SEALS_TO_WIN
from rules.night_market.state import RoundSummary, State
from rules.refusal import declare

WON = declare("night-market.won", "name", "won", "lost")  # an outcome's detail: seals won and lost


def porter_token_winner(porters: tuple[int, int]) -> int | None:
    """The seat with more porters, None on a tie."""
    if porters[0] == porters[1]:
        return None
    return 0 if porters[0] > porters[1] else 1


def _seal(keys: list[tuple[str, tuple[int, int]]], starter: int) -> tuple[int, str]:
    for name, (a, b) in keys:
        if a != b:
            return (0 if a > b else 1), name
    return 1 - starter, "non-starter"


def score_round(state: State, reason: str) -> RoundSummary:
    """Totals, porter token and the seal for the round in `state`."""
    coins = (sum(state.coins_taken[0]), sum(state.coins_taken[1]))
    bonus = tuple(tuple(t.value for t in state.bonus_taken[s]) for s in (0, 1))
    porters = (len(state.porters[0]), len(state.porters[1]))
    token = porter_token_winner(porters)
    totals = tuple(
        coins[s] + sum(bonus[s]) + (PORTER_TOKEN if token == s else 0) for s in (0, 1)
    )
    keys = [
        ("total", (totals[0], totals[1])),
        ("bonus tokens", (len(bonus[0]), len(bonus[1]))),
        ("coin tokens", (len(state.coins_taken[0]), len(state.coins_taken[1]))),
    ]
    winner, tiebreak = _seal(keys, state.starter)
    return RoundSummary(
        round_no=state.round_no,
        coins=coins,
        coin_tokens=(len(state.coins_taken[0]), len(state.coins_taken[1])),
        bonus_values=(bonus[0], bonus[1]),
        porters=porters,
        porter_token=token,
        totals=(totals[0], totals[1]),
        winner=winner,
        tiebreak=tiebreak,
        starter=state.starter,
        reason=reason,
    )


def match_winner(seals: tuple[int, int]) -> int | None:
    """The seat with enough seals, if any."""
    for seat, count in enumerate(seals):
        if count >= SEALS_TO_WIN:
            return seat
    return None


def outcome(state: State) -> Outcome | None:
    """The match outcome once someone holds two seals."""
    if not state.over:
        return None
    winner = match_winner(state.seals)
    assert winner is not None
    said = WON(name=state.names[winner], won=state.seals[winner], lost=state.seals[1 - winner])
    return Outcome.said((winner,), (float(state.seals[0]), float(state.seals[1])), EndReason.TARGET_REACHED, said)
