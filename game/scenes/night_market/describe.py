"""Night Market in words for the seat at this device (game/scenes/describe.py): from its view and
its redacted events only, so the opponent's hidden cards and the bonus values never appear."""

from __future__ import annotations

from collections.abc import Sequence

from game.match.table import Table
from game.scenes.describe import Section, last_moves
from game.scenes.night_market.story import line
from game.text.persons import whose
from rules.night_market.data import NAMES, counted, kinds_words


def describe(table: Table, viewer: int | None, names: Sequence[str]) -> list[Section]:
    """The market, your hand, scores, whose turn and the last moves."""
    view = table.view(viewer)
    piles = ", ".join(f"{NAMES[kind]} {values[0]} ({len(values)} left)" for kind, values in view.coins if values)
    market = (f"Cards: {kinds_words(k for _, k in view.market)}.", f"{counted(view.deck_count, 'card')} in the deck.",
              f"Top coins: {piles or 'none left'}.")
    sections = [Section("Market", market)]
    if viewer is not None:
        mine = view.seats[viewer]
        hand = kinds_words(k for _, k in view.hand) or "no goods"
        sections.append(Section("Your hand", (f"{hand}; {counted(len(mine.porters), 'porter')}.",)))
    scores = tuple(f"{names[i]}: {counted(s.coins, 'coin')} this round, {counted(len(s.bonus_tokens), 'bonus token')}, "
                   f"{counted(s.seals, 'seal')}; {counted(s.hand_count, 'card')} in hand, "
                   f"{counted(len(s.porters), 'porter')}." for i, s in enumerate(view.seats))
    sections.append(Section("Scores", scores))
    if view.over:
        turn = f"The match is over: {names[view.winner]} won." if view.winner is not None else "The match is over."
    else:
        you = " (you)" if view.turn == viewer else ""
        turn = f"Round {view.round_no}: {whose(names[view.turn])} turn{you}."
    sections.append(Section("Turn", (turn,)))
    sections.append(last_moves([line(e, (names[0], names[1])) for e in table.history(viewer)]))
    return sections
