"""Swap Meet in words for the seat at this device (game/scenes/describe.py): from its view and its
redacted events only, so rival hands and contracts never appear (a peeked contract is this seat's own
knowledge and is told). In table mode nobody's hand is told: the device is every seat's."""

from __future__ import annotations

from collections.abc import Sequence

from game.match.table import Table
from game.scenes.describe import Section, last_moves
from game.scenes.swap_meet.model import RES_NAME, clock_text, of_kind, points
from game.scenes.swap_meet.story import feed_line
from game.text.persons import verb, whose
from rules.swap_meet.data import ACTION_TITLES, ROUNDS


def describe(table: Table, viewer: int | None, names: Sequence[str]) -> list[Section]:
    """The market and offers, your hand and contract, scores, the round clock and the last moves."""
    view = table.view(viewer)
    prices = ", ".join(f"{RES_NAME[k]} {m:.2f}×" for k, m in view.market.items())
    offers = [f"{names[o.seat]} {verb(names[o.seat], 'offers', 'offer')} {of_kind(o.count, o.kind)}."
              for o in view.offers if o is not None]
    sections = [Section("Market", (f"Prices: {prices}.", *(offers or ["No offers are open."])))]
    if viewer is not None:
        resources = ", ".join(of_kind(n, k) for k, n in view.counts().items() if n) or "no resources"
        cards = [ACTION_TITLES[k] for _, k in view.hand if k in ACTION_TITLES]
        recipe = ", ".join(of_kind(n, k) for k, n in view.recipe)
        mine = [f"{resources}{' and ' + ', '.join(cards) if cards else ''}.",
                f"Contract {view.contract} ({recipe}, worth {view.contract_base})." if view.contract else
                "No contract yet."]
        mine += [f"{whose(names[s]).capitalize()} contract is {c} (you peeked)." for s, c in view.peeked.items()]
        sections.append(Section("Your hand", tuple(mine)))
    scores = tuple(f"{names[s]}: {points(view.totals[s])} points; {of_kind(view.hand_sizes[s], 'card')} "
                   "in hand." for s in range(view.seats))
    sections.append(Section("Scores", scores))
    sections.append(Section("Turn", (_clock(table, view),)))
    sections.append(last_moves([feed_line(e, list(names)) for e in table.history(viewer)]))
    return sections


def _clock(table: Table, view) -> str:  # type: ignore[no-untyped-def]
    """No turns: the round, and how long is left on its clock."""
    if view.phase == "finished":
        return "The match is over."
    if view.phase == "locked":
        return f"Round {view.round_no} of {ROUNDS} is locked; the next one deals soon."
    left = max(0.0, view.deadline - table.now())
    return f"Round {view.round_no} of {ROUNDS}: everyone trades at once, {clock_text(left)} left."
