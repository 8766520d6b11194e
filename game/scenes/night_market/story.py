"""Night Market's words, in the player's language (game/text): what a selection would do, the
buttons' labels, and events for the log, the recap and the merchants' chips.

Only redacted events are turned into words, so nothing here can say more than the seat may know.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, cast

from game.text import tr
from rules.contract import Event
from rules.night_market.actions import Action, Exchange, Sell, Take, TakePorters
from rules.night_market.data import CARD_KIND, PORTER, bonus_size
from rules.night_market.view import View

MOVES = ("took", "exchanged", "took_porters", "sold")


def kinds_words(kinds: Iterable[str]) -> str:
    """'2 Silks, Pearl' for some card kinds, grouped in the order they first appear."""
    counts = Counter(kinds)
    return ", ".join(tr("nm.kinds", count=n, kind=k) if n > 1 else tr("nm.kind", kind=k) for k, n in counts.items())


def kinds_text(cards: list[list[Any]]) -> str:
    """'2 Silks, Pearl' for a list of [id, kind]."""
    return kinds_words(kind for _, kind in cards)


def porters(count: int) -> str:
    """'1 Porter', '3 Porters'."""
    return tr("nm.kinds", count=count, kind=PORTER)


def label(view: View, action: Action) -> str:
    """A move's button."""
    if isinstance(action, Take):
        return tr("nm.button.take", kind=CARD_KIND[action.card])
    if isinstance(action, TakePorters):
        return tr("nm.button.porters", count=sum(1 for _, k in view.market if k == PORTER), kind=PORTER)
    if isinstance(action, Sell):
        return tr("nm.button.sell", count=len(action.cards), kind=CARD_KIND[action.cards[0]])
    assert isinstance(action, Exchange)
    return tr("nm.button.exchange", count=len(action.take))


def describe(view: View, action: Action, fill: int = 0) -> str:
    """What `action` would do, in a short sentence (and how many porters fill an exchange)."""
    if isinstance(action, Take):
        return tr("nm.does.take", kind=CARD_KIND[action.card])
    if isinstance(action, TakePorters):
        return tr("nm.does.porters", count=sum(1 for _, kind in view.market if kind == PORTER), kind=PORTER)
    if isinstance(action, Sell):
        kind = CARD_KIND[action.cards[0]]
        coins = sum(dict(view.coins)[kind][: len(action.cards)])
        size = bonus_size(len(action.cards))
        bonus = size is not None and dict(view.bonus_piles)[size]
        return tr("nm.does.sell_bonus" if bonus else "nm.does.sell", count=len(action.cards), kind=kind, coins=coins)
    assert isinstance(action, Exchange)
    parts = [kinds_words(CARD_KIND[c] for c in action.give)] if action.give else []
    parts += [porters(action.porters)] if action.porters else []
    does = tr("nm.does.exchange", gave=", ".join(parts), took=kinds_words(CARD_KIND[c] for c in action.take))
    if not fill:
        return does
    return tr("nm.does.fill_one", does=does) if fill == 1 else tr("nm.does.fill", does=does, fill=fill)


def prompt(market: bool, added_porters: int) -> str:
    """What to do with nothing (or only porters) chosen."""
    return tr("nm.prompt.porters") if added_porters and not market else tr("nm.prompt")


def blurbs(event: Event) -> tuple[str, ...]:
    """What a move did, without the mover's name (for the merchant's chip): the full words first, then
    shorter forms that still say what was taken, for a chip too narrow for the full ones."""
    d = event.data
    if event.kind == "took":
        return (tr("nm.took", kind=d["card"][1]),)
    if event.kind == "took_porters":
        return (tr("nm.took_porters", count=len(d["cards"]), kind=PORTER),)
    if event.kind == "exchanged":
        gave = [kinds_text(d["gave"])] if d["gave"] else []
        if d["porters"]:
            gave.append(porters(len(d["porters"])))
        took = kinds_text(d["took"])
        given = len(d["gave"]) + len(d["porters"])
        return (tr("nm.swapped", gave=", ".join(gave), took=took), tr("nm.gave", count=given, took=took),
                tr("nm.gave_short", count=given, got=len(d["took"])))
    if event.kind == "sold":
        key = "nm.sold_bonus" if d["bonus"] else "nm.sold"
        return (tr(key, count=len(d["cards"]), kind=d["kind"], coins=sum(d["coins"])),)
    return ("",)


def blurb(event: Event) -> str:
    """The full words for a move (the log and the merchant's details)."""
    return blurbs(event)[0]


def line(event: Event, names: tuple[str, str]) -> str | None:
    """The log line for an event (None for events the log does not mention)."""
    d = event.data
    if event.kind in MOVES:
        return tr("nm.log.move", name=names[cast(int, event.seat)], what=blurb(event))
    if event.kind == "round_started":
        return tr("nm.log.round_begins", round=d["round"], name=names[d["starter"]])
    if event.kind == "round_ended":
        t = d["totals"]
        why = "coins" if d["reason"] == "coins" else "market"
        return tr(f"nm.log.round_ends.{why}", round=d["round"], name=names[d["winner"]], a=t[0], b=t[1])
    if event.kind == "match_ended":
        s = d["seals"]
        return tr("nm.log.match", name=names[d["winner"]], a=max(s), b=min(s))
    return None
