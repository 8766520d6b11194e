"""Swap Meet in words for the seat at this device (game/scenes/describe.py): from its view and its
redacted events only, so rival hands and contracts never appear (a peeked contract is this seat's own
knowledge and is told). In table mode nobody's hand is told: the device is every seat's."""

from __future__ import annotations

from collections.abc import Sequence

from game.match.table import Table
from game.scenes.describe import LAST_MOVES, Section
from game.scenes.swap_meet.model import ACTION_NAME, RES_NAME, clock_text, contract_name, decimal, of_kind, points
from game.scenes.swap_meet.story import feed_line
from game.text import tr
from rules.swap_meet.data import ROUNDS


def describe(table: Table, viewer: int | None, names: Sequence[str]) -> list[Section]:
    """The market and offers, your hand and contract, scores, the round clock and the last moves."""
    view = table.view(viewer)
    prices = ", ".join(f"{RES_NAME[k]} {decimal(m)}×" for k, m in view.market.items())
    offers = [tr("sm.describe.offer", line=tr("sm.feed.offer", name=names[o.seat], what=of_kind(o.count, o.kind)))
              for o in view.offers if o is not None]
    sections = [Section(tr("sm.describe.market"), (tr("sm.describe.prices", prices=prices),
                                                    *(offers or [tr("sm.describe.no_offers")])))]
    if viewer is not None:
        resources = ", ".join(of_kind(n, k) for k, n in view.counts().items() if n) or tr("sm.describe.no_resources")
        cards = [ACTION_NAME[k] for _, k in view.hand if k in ACTION_NAME]
        recipe = ", ".join(of_kind(n, k) for k, n in view.recipe)
        held = tr("sm.describe.held_and", held=resources, cards=", ".join(cards)) if cards else resources
        mine = [tr("sm.describe.line", line=held),
                tr("sm.describe.contract", contract=contract_name(view.contract), recipe=recipe,
                   base=view.contract_base) if view.contract else tr("sm.describe.no_contract")]
        mine += [tr("sm.describe.peeked", name=str(names[s]), contract=contract_name(c))
                 for s, c in view.peeked.items()]
        sections.append(Section(tr("sm.describe.hand"), tuple(mine)))
    scores = tuple(tr("sm.describe.score", name=str(names[s]), points=points(view.totals[s]), count=view.hand_sizes[s])
                   for s in range(view.seats))
    sections.append(Section(tr("sm.describe.scores"), scores))
    sections.append(Section(tr("sm.describe.turn"), (_clock(table, view),)))
    said = [w if w.endswith((".", "!", "?")) else tr("sm.describe.line", line=w)
            for w in (feed_line(e, list(names)) for e in table.history(viewer)) if w]
    sections.append(Section(tr("sm.describe.last"), tuple(said[-LAST_MOVES:]) or (tr("sm.describe.nothing"),)))
    return sections


def _clock(table: Table, view) -> str:  # type: ignore[no-untyped-def]
    """No turns: the round, and how long is left on its clock."""
    if view.phase == "finished":
        return tr("sm.describe.over")
    if view.phase == "locked":
        return tr("sm.describe.locked", round=view.round_no, rounds=ROUNDS)
    left = max(0.0, view.deadline - table.now())
    return tr("sm.describe.clock", round=view.round_no, rounds=ROUNDS, left=clock_text(left))
