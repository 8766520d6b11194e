"""The left column in words: the day's events (what they put in the pool) and the contest cards
(what each counts and what the shown seat would score with it now)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import BRASS, CREAM, GOLD, MUTED
from game.scenes.stamp_swap.layout import EVENTS, Layout
from game.scenes.stamp_swap.words import and_list, card_text, counted
from game.text import tr
from rules.stamp_swap.bot.value import contest_preview, finale_counts, next_tier

if TYPE_CHECKING:
    from game.scenes.stamp_swap.scene import StampSwapScene

INK_DARK = (40, 28, 16)
PAYS_KEYS = ("ss.finale.pays", "ss.finale.pays_short")  # every seat scores the finale at the Final Show
# A counter's count in words, by the catalogue's count table (or its own template for a counter with an argument).
COUNT_NOUNS = {"forever": "ss_forever", "rare": "ss_rare", "value_eq": "ss_cancelled", "value_lt": "ss_faded",
               "value_le": "ss_worth0", "attendees": "ss_attendee", "full_rows": "ss_full_row",
               "filled_cells": "ss_filled_cell", "distinct_colours": "ss_colour", "distinct_themes": "ss_theme"}


def finale_pays() -> tuple[str, ...]:
    """What the finale pays, long then short."""
    return tuple(tr(k) for k in PAYS_KEYS)


def symbols_in_words(symbols: str) -> str:
    """'3 stamps, 1 face-down stamp, 2 attendees' for an event's (or several events') pool symbols."""
    tally = Counter(symbols)
    return ", ".join(counted(tally[s], f"ss_sym_{s}") for s in "SHFRA" if tally[s])


def counted_as(counter: list[Any] | tuple[Any, ...], n: int) -> str:
    """'3 purple stamps' for a contest's counter and a count."""
    name, arg = counter
    if name in COUNT_NOUNS:
        return counted(n, COUNT_NOUNS[name])
    return tr(f"ss.counter.{name}", n=n, a=arg, w="stamp")


def outlook(scene: StampSwapScene, contest: dict[str, Any]) -> tuple[str, bool]:
    """What the shown seat would score with this contest now, and whether that is worth gold."""
    tries, good = outlooks(scene, contest)
    return tries[0], good


def outlooks(scene: StampSwapScene, contest: dict[str, Any]) -> tuple[list[str], bool]:
    """The outlook line, then its shorter forms (shortest last), and whether it is worth gold."""
    v, seat = scene.v, scene.viewer
    if contest["kind"] == "finale":
        counts = finale_counts(v)
        best = max(counts) if counts else 0
        tied = [scene.names[i] for i, c in enumerate(counts) if c == best and best > 0]
        leaders = and_list(tied) if len(tied) <= 2 else tr("ss.finale.tied", n=len(tied))  # three names never fit
        lead = tr("ss.finale.most", leaders=leaders, best=best) if tied else tr("ss.finale.nobody")
        if seat is None:
            return [lead[:1].upper() + lead[1:]], False
        count = counted_as(contest["counter"], counts[seat])
        return [tr("ss.outlook.finale_you", count=count, lead=lead), _cap(tr("ss.outlook.finale_plain", count=count,
                                                                              lead=lead))], counts[seat] == best > 0
    if seat is not None and seat in contest["tickets"]:
        return [tr("ss.outlook.scored")], False
    if seat is None:
        last = len(contest["tiers"]) - 1
        pairs = [(str(p), f"{n}{'+' if n == last else ''}") for n, p in enumerate(contest["tiers"]) if n]
        steps = ", ".join(tr("ss.outlook.step", p=p, n=n) for p, n in pairs)
        short = tr("ss.outlook.scores_short", points=", ".join(p for p, _ in pairs),
                   counts=", ".join(n for _, n in pairs))
        return [tr("ss.outlook.scores", steps=steps), short], False
    n, now = contest_preview(v, seat)[contest["id"]]
    ahead = next_tier(v, contest, n)
    count = counted_as(contest["counter"], n)
    tries = []
    for key in ("ss.outlook.more", "ss.outlook.more_short"):  # the next count and its points
        more = tr(key, n=ahead[0], p=ahead[1]) if ahead else tr("ss.outlook.top")
        tries += [tr("ss.outlook.you", count=count, now=now, more=more),
                  _cap(tr("ss.outlook.plain", count=count, now=now, more=more))]
    return [tries[0], tries[1], tries[3]], now > 0


def _cap(words: str) -> str:
    """The first letter up (names keep their capitals)."""
    return words[:1].upper() + words[1:]


def fit(scene: StampSwapScene, words: str, size: int, width: int, bold: bool = False) -> int:
    """The largest size down to 20 at which one line fits the width."""
    while size > 20 and scene.app.text.font(size, bold).size(words)[0] > width:
        size -= 1
    return size


def paint_contests(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    """Four contests and the finale: what each counts, your count and score now, and the tickets."""
    from game.scenes.stamp_swap.paint import panel, seat_disc

    v, text = scene.v, scene.app.text
    choosing = "choose" in lay.zones
    for contest in [*v["contests"], v["finale"]]:
        rect = lay.contests[contest["id"]]
        finale = contest["kind"] == "finale"
        mine = scene.viewer is not None and scene.viewer in contest["tickets"]
        edge = GOLD if (choosing and not finale and not mine) else ((200, 120, 200) if finale else BRASS)
        panel(surf, rect, radius=14, edge=edge, width=3)
        text.draw(surf, contest["name"], (rect.x + 14, rect.y + 6), 26, GOLD, bold=True)
        if finale:  # what the finale pays, beside its name: the rule below keeps to one readable line
            room = rect.w - 48 - text.font(26, True).size(contest["name"])[0]
            options = finale_pays()
            pays = next((w for w in options if text.font(20).size(w)[0] <= room), options[-1])
            text.draw(surf, pays, (rect.right - 14, rect.y + 10), fit(scene, pays, 22, room), MUTED, anchor="topright")
        for k, seat in enumerate(contest["tickets"]):
            tx = rect.right - 24 - k * 34
            ticket = scene.app.assets.image("ticket", (32, 32))
            surf.blit(ticket, ticket.get_rect(center=(tx, rect.y + 22)))
            seat_disc(scene, surf, seat, (tx, rect.y + 22), 11)
        words = card_text(contest)
        text.draw(surf, words, (rect.x + 14, rect.y + 40), fit(scene, words, 22, rect.w - 28), CREAM)
        tries, good = outlooks(scene, contest)
        size, line = shortest_fit(scene, tries, rect.w - 28)
        text.draw(surf, line, (rect.x + 14, rect.y + 72), size, GOLD if good else MUTED, bold=True)


def shortest_fit(scene: StampSwapScene, tries: list[str], width: int) -> tuple[int, str]:
    """The outlook line at 21 or more, its shorter forms tried in turn ("You: " dropped, then "scores" as ":";
    a table seen from no seat lists its points, then its counts)."""
    for words in tries:
        size = fit(scene, words, 23, width, bold=True)
        if size >= 21 and scene.app.text.font(size, True).size(words)[0] <= width:
            return size, words
    return fit(scene, tries[-1], 23, width, bold=True), tries[-1]


def paint_events(scene: StampSwapScene, surf: pygame.Surface) -> None:
    """The top event's name and rule in full; the pool its symbols and the covered events' made, in words."""
    from game.scenes.stamp_swap.paint import panel

    v, text = scene.v, scene.app.text
    panel(surf, EVENTS, radius=18)
    text.draw(surf, tr("ss.events.head", day=v["day_name"]), (EVENTS.x + 18, EVENTS.y + 10), 26, GOLD, bold=True)
    events = v["events"]
    if not events:
        return
    top, lower = events[0], events[1:]
    width = EVENTS.w - 60
    rows = text.wrap(card_text(top), 24, width)[:3]
    adds = text.wrap(tr("ss.events.adds", what=symbols_in_words(top["symbols"])), 22, width)[:3]
    card = pygame.Rect(EVENTS.x + 14, EVENTS.y + 48, EVENTS.w - 28, 58 + 30 * len(rows) + 26 * len(adds))
    pygame.draw.rect(surf, (248, 236, 206), card, border_radius=14)
    pygame.draw.rect(surf, GOLD, card, 3, border_radius=14)
    text.draw(surf, tr("ss.events.rules_today", card=top["name"]), (card.x + 16, card.y + 10), 26, INK_DARK, bold=True)
    y = card.y + 46
    for row in rows:
        text.draw(surf, row, (card.x + 16, y), 24, INK_DARK)
        y += 30
    for row in adds:
        text.draw(surf, row, (card.x + 16, y + 2), 22, (110, 84, 50))
        y += 26
    y = card.bottom + 10
    pool = "".join(e["symbols"] for e in events)
    lines = [(tr("ss.events.made", what=symbols_in_words(pool)), CREAM)]
    if lower:
        lines.append((tr("ss.events.covered", cards=", ".join(e["name"] for e in lower)), MUTED))
    for words, colour in lines:
        rows = text.wrap(words, 22, EVENTS.w - 36)
        if y + 27 * len(rows) > EVENTS.bottom - 4:
            return  # a paragraph is shown whole or not at all
        for row in rows:
            text.draw(surf, row, (EVENTS.x + 18, y), 22, colour)
            y += 27
