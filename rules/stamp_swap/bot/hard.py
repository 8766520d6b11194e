"""The Hard Stamp Swap bot: Normal's judgement as a shortlist, then search on sampled tables.

For each decision the Normal evaluation ranks the legal actions and keeps the best few. The bot
then draws several full tables consistent with its own view (sample.determinize) and, on each,
plays every shortlisted action followed by Normal bots for every seat to the end of the day's
Show. A candidate's worth is its seat's day-end standing against the rivals, averaged over the
same sampled tables for every candidate (common random numbers: the candidates are compared on
identical worlds, so the comparison is sharper than the noise of any single world): the shared
search's numbered worlds and one round (rules/search.py). Everything is counted in iterations,
never in time, so a seed always gives the same choice.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import search
from rules.contract import Event
from rules.rng import Rng
from rules.stamp_swap.actions import ChooseContest, Place, Prepare, Take, TakePile, TakeToken
from rules.stamp_swap.bot.levels import StampBot, items_by_key, visible_beat
from rules.stamp_swap.bot.sample import determinize
from rules.stamp_swap.bot.value import Table, read_table, token_value
from rules.stamp_swap.collect import apply as collect_apply
from rules.stamp_swap.collect import legal as collect_legal
from rules.stamp_swap.setup import final_breakdown
from rules.stamp_swap.show import apply as show_apply
from rules.stamp_swap.show import legal as show_legal
from rules.stamp_swap.state import Phase, State, waiting
from rules.stamp_swap.swap import apply_choose, apply_prepare, legal_choose, legal_prepare
from rules.stamp_swap.view import view as seat_view

APPLY: dict[type, Callable[[State, int, Any], tuple[State, list[Event]]]] = {
    Take: collect_apply,
    TakeToken: collect_apply,
    Prepare: apply_prepare,
    TakePile: apply_choose,
    Place: show_apply,
    ChooseContest: show_apply,
}
LEGAL: dict[Phase, Callable[[State, int], Sequence[Any]]] = {
    Phase.COLLECT: collect_legal,
    Phase.SWAP_PREP: legal_prepare,
    Phase.SWAP_CHOOSE: legal_choose,
    Phase.SHOW: show_legal,
}

# Smaller searches for 4+ seats keep think time low; the runs behind the sizes: docs/bots.md.
SHORTLIST = {2: 4, 3: 4}  # candidates kept from Normal's ranking, by seats; 3 for larger tables
# Sampled tables per decision, shared by every candidate; 2 for 4+ seats. Two seats: one table
# (a quarter of the CPU) won 38 of 40 against Normal on fresh seeds, as 4 did before (docs/bots.md).
WORLDS = {2: 1, 3: 4}
RIVAL_MIX = 0.5  # with 3+ seats: weight of the best rival's standing against the rivals' mean


def standing(state: State, seat: int) -> float:
    """Points so far plus what the album, forever and finale would give if the match ended now."""
    parts = final_breakdown(state)
    values = [s.score + sum(p.values()) for s, p in zip(state.seats, parts, strict=True)]
    mine = values[seat]
    rivals = [v for i, v in enumerate(values) if i != seat]
    if len(rivals) == 1:
        return mine - rivals[0]
    return mine - (RIVAL_MIX * max(rivals) + (1 - RIVAL_MIX) * statistics.fmean(rivals))


def rollout(state: State, policies: Sequence[StampBot]) -> State:
    """Normal bots play every seat until the day's Show is over (or the match ends)."""
    day = state.day
    while state.day == day and state.phase is not Phase.OVER:
        seat = waiting(state)[0]
        legal = LEGAL[state.phase](state, seat)
        action = policies[seat].choose(seat_view(state, seat), legal)
        state, _ = APPLY[type(action)](state, seat, action)
    return state


@dataclass
class HardBot:
    """Searches its own view; `rng` only draws the sampled tables."""

    seat: int
    rng: Rng
    level: str = "hard"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], now: float = 0.0) -> Any | None:
        """Pick one of the legal actions."""
        if not legal:
            return None
        candidates = self.shortlist(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        policies = [StampBot(s, "normal", self.rng) for s in range(view["players"])]

        def simulate(world: State, action: Any) -> float:
            after, _ = APPLY[type(action)](world, self.seat, action)
            return standing(rollout(after, policies), self.seat)

        worlds = range(WORLDS.get(view["players"], 2))
        values = search.evaluate(view, candidates, determinize, simulate, worlds, self.rng)
        return candidates[search.best_mean(values)]

    def wake_after(self, view: Any, now: float) -> float:
        """Turn-based, but with Normal's visible beat before each move (its search runs meanwhile)."""
        return visible_beat(view)

    def shortlist(self, view: dict[str, Any], legal: Sequence[Any]) -> list[Any]:
        """The best few legal actions by Normal's evaluation, best first (ties keep legal order)."""
        normal = StampBot(self.seat, "normal", self.rng)
        normal.items = items_by_key(view)
        table = read_table(view)
        scores = _scores(normal, view, table, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order[: SHORTLIST.get(view["players"], 3)]]


def _scores(normal: StampBot, view: dict[str, Any], table: Table, legal: Sequence[Any]) -> list[float]:
    first = legal[0]
    if isinstance(first, (Take, TakeToken)):
        return [token_value(view) if isinstance(a, TakeToken) else normal.mine(table, [a.item]) for a in legal]
    if isinstance(first, Prepare):
        return normal.prepare_scores(table, legal)
    if isinstance(first, TakePile):
        piles = view["seats"]
        return [normal.mine(table, [i["key"] for i in piles[a.owner]["piles"][a.pile]]) for a in legal]
    if isinstance(first, Place):
        return [normal.place_score(view, table, a) for a in legal]
    return [0.0] * len(legal)  # every contest is searched
