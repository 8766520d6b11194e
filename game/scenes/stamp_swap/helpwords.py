"""The parameters of Stamp Swap's help pages (stamp-swap-help.po): the rules' numbers, and the lists
of cards, colours, days and places as Lines, worded when a page is read.

Card names are printed (rules/stamp_swap/cards.py); their rules are the table's words (`ss.card.<id>`).
"""

from __future__ import annotations

from typing import Any

from game.text.pages import Lines
from rules.stamp_swap.cards import (
    CONTEST_KINDS,
    CONTESTS,
    EVENTS,
    EXHIBITORS,
    FINALE_AWARDS,
    FINALES,
    FOREVER_AWARDS,
    SPECIALISTS,
    SYMBOLS,
)
from rules.stamp_swap.help import NUMBERS, RARE_RESERVE_DAYS, RARE_RESERVERS
from rules.stamp_swap.stamps import COLOURS, COMMON_SHAPES, DAYS, RARES, THEMES


def _keys(keys: list[str], sep: str = ", ") -> Lines:
    return Lines.of([(key, {}) for key in keys], sep)


def _names(names: tuple[str, ...]) -> Lines:
    return Lines.of([("ssh.name", {"name": n}) for n in names], sep_key="ssh.or")


def _places(awards: tuple[int, ...]) -> Lines:
    return Lines.of([(f"ssh.place.{i}", {"points": p}) for i, p in enumerate(awards)], ", ")


def _rule(card: Any) -> Lines:
    """A card's rule in the table's own words (stamp-swap.po's `ss.card.<id>`), worded when read."""
    return _keys([f"ss.card.{card.id}"])


def _cards(cards: Any) -> Lines:
    return Lines.of([("ssh.row.card", {"name": c.name, "text": _rule(c)}) for c in cards])


LAST_DAY = _keys([f"ssh.day.{DAYS[-1].lower()}"])
WORDS: dict[str, Any] = {
    **NUMBERS,
    "days": _keys([f"ssh.day.{d.lower()}" for d in DAYS]),
    "last": LAST_DAY,
    "rare_rule": Lines.of([("ssh.rare_rule", {"cards": _names(RARE_RESERVERS), "events": _names(RARE_RESERVE_DAYS)})]),
    "colours": _keys([f"ssh.colour.{c}" for c in COLOURS]),
    "themes": _keys([f"ssh.theme.{t}" for t in THEMES]),
    "shapes": Lines.of([("ssh.shape", {"rows": r, "cols": c}) for r, c in COMMON_SHAPES], ", "),
    "rares": Lines.of([("ssh.rare", {"name": n, "rows": r, "cols": c, "value": v}) for _, n, r, c, v in RARES], ", "),
    "symbols": Lines.of([(f"ssh.symbol.{kind}", {"letter": letter}) for letter, kind in SYMBOLS.items()], ", "),
    "events": Lines.of([("ssh.row.event", {"name": e.name, "symbols": e.symbols, "text": _rule(e)})
                        for e in EVENTS]),
    "specialists": _cards(SPECIALISTS),
    "exhibitors": _cards(EXHIBITORS),
    "kinds_count": len(CONTEST_KINDS),
    "kinds": _keys([f"ssh.kind.{k}" for k in CONTEST_KINDS]),
    "contests": Lines.of([("ssh.row.contest", {"name": c.name, "kind": _keys([f"ssh.kind.{c.kind}"]), "text": _rule(c),
                                               "tiers": "/".join(map(str, c.tiers))}) for c in CONTESTS]),
    "forever_places": _places(FOREVER_AWARDS),
    "finale_places": _places(FINALE_AWARDS),
    "finales": Lines.of([("ssh.row.card", {"name": f.name, "text": _rule(f)}) for f in FINALES], " "),
}
