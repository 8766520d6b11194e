"""The left column in words: the day's events (what they put in the pool) and the contest cards
(what each counts and what the shown seat would score with it now)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import BRASS, CREAM, GOLD, MUTED
from game.scenes.stamp_swap.layout import EVENTS, Layout
from rules.stamp_swap.bot.value import contest_preview, finale_counts, next_tier
from rules.words import counted

if TYPE_CHECKING:
    from game.scenes.stamp_swap.scene import StampSwapScene

INK_DARK = (40, 28, 16)
FINALE_PAYS = ("Finale · 8 most, 4 second", "8 most, 4 second")  # every seat scores it at the Final Show

# Each pool symbol in words: (singular, plural).
SYMBOL_WORDS = {"S": ("stamp", "stamps"), "H": ("face-down stamp", "face-down stamps"),
                "F": ("forever (1×1) stamp", "forever (1×1) stamps"), "R": ("rare stamp", "rare stamps"),
                "A": ("attendee", "attendees")}
# What a counter counts, as a noun: (singular, plural) or a function of its argument.
NOUNS: dict[str, Any] = {
    "colour": lambda a: (f"{a} stamp", f"{a} stamps"),
    "theme": lambda a: (f"{a} stamp", f"{a} stamps"),
    "area_ge": lambda a: (f"stamp of {a}+ cells", f"stamps of {a}+ cells"),
    "area_eq": lambda a: (f"{a}-cell stamp", f"{a}-cell stamps"),
    "forever": lambda a: ("forever stamp", "forever stamps"),
    "rare": lambda a: ("rare stamp", "rare stamps"),
    "value_eq": lambda a: ("cancelled stamp", "cancelled stamps"),
    "value_lt": lambda a: ("faded stamp", "faded stamps"),
    "value_le": lambda a: ("stamp worth 0 or less", "stamps worth 0 or less"),
    "attendees": lambda a: ("attendee", "attendees"),
    "full_rows": lambda a: ("full row", "full rows"),
    "filled_cells": lambda a: ("filled cell", "filled cells"),
    "distinct_colours": lambda a: ("colour", "colours"),
    "distinct_themes": lambda a: ("theme", "themes"),
}


def symbols_in_words(symbols: str) -> str:
    """'3 stamps, 1 face-down stamp, 2 attendees' for an event's (or several events') pool symbols."""
    tally = Counter(symbols)
    return ", ".join(counted(tally[s], *SYMBOL_WORDS[s]) for s in "SHFRA" if tally[s])


def counted_as(counter: list[Any] | tuple[Any, ...], n: int) -> str:
    """'3 purple stamps' for a contest's counter and a count."""
    name, arg = counter
    one, many = NOUNS[name](arg)
    return counted(n, one, many)


def outlook(scene: StampSwapScene, contest: dict[str, Any]) -> tuple[str, bool]:
    """What the shown seat would score with this contest now, and whether that is worth gold."""
    v, seat = scene.v, scene.viewer
    if contest["kind"] == "finale":
        counts = finale_counts(v)
        best = max(counts) if counts else 0
        tied = [scene.names[i] for i, c in enumerate(counts) if c == best and best > 0]
        leaders = " and ".join(tied) if len(tied) <= 2 else f"{len(tied)} tied at"  # three names never fit a card
        lead = f"most: {leaders} {best}" if tied else "most: nobody yet"
        if seat is None:
            return lead[:1].upper() + lead[1:], False
        return f"You: {counted_as(contest['counter'], counts[seat])} · {lead}", counts[seat] == best > 0
    if seat is not None and seat in contest["tickets"]:
        return "You have scored it (your ticket is on it)", False
    if seat is None:
        last = len(contest["tiers"]) - 1
        steps = ", ".join(f"{p} for {n}{'+' if n == last else ''}" for n, p in enumerate(contest["tiers"]) if n)
        return f"Scores {steps}", False
    n, now = contest_preview(v, seat)[contest["id"]]
    ahead = next_tier(v, contest, n)
    more = f" · {ahead[0]} scores {ahead[1]}" if ahead else " (the top)"  # the next count and its points
    return f"You: {counted_as(contest['counter'], n)}, {now} now{more}", now > 0


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
            pays = next((w for w in FINALE_PAYS if text.font(20).size(w)[0] <= room), FINALE_PAYS[-1])
            text.draw(surf, pays, (rect.right - 14, rect.y + 10), fit(scene, pays, 22, room), MUTED, anchor="topright")
        for k, seat in enumerate(contest["tickets"]):
            tx = rect.right - 24 - k * 34
            ticket = scene.app.assets.image("ticket", (32, 32))
            surf.blit(ticket, ticket.get_rect(center=(tx, rect.y + 22)))
            seat_disc(scene, surf, seat, (tx, rect.y + 22), 11)
        words = contest["text"]
        text.draw(surf, words, (rect.x + 14, rect.y + 40), fit(scene, words, 22, rect.w - 28), CREAM)
        line, good = outlook(scene, contest)
        size, line = shortest_fit(scene, line, rect.w - 28)
        text.draw(surf, line, (rect.x + 14, rect.y + 72), size, GOLD if good else MUTED, bold=True)


def shortest_fit(scene: StampSwapScene, line: str, width: int) -> tuple[int, str]:
    """The outlook line at 21 or more, shortened as far as it must be ("You: " dropped, then "scores" as ":";
    a table seen from no seat lists its points, then its counts)."""
    tries = [line]
    if line.startswith("Scores ") and " for " in line:  # "Scores 2 for 1, 4 for 2" -> "Scores 2, 4 for 1, 2"
        pairs = [pair.split(" for ") for pair in line[len("Scores "):].split(", ")]
        tries.append(f"Scores {', '.join(p for p, _ in pairs)} for {', '.join(n for _, n in pairs)}")
    if line.startswith("You: "):
        tries.append(line[5].upper() + line[6:])  # names keep their capitals
    tries.append(tries[-1].replace(" scores ", ": "))
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
    text.draw(surf, f"{v['day_name']}'s events", (EVENTS.x + 18, EVENTS.y + 10), 26, GOLD, bold=True)
    events = v["events"]
    if not events:
        return
    top, lower = events[0], events[1:]
    width = EVENTS.w - 60
    rows = text.wrap(top["instruction"], 24, width)[:3]
    adds = text.wrap("Adds to the pool: " + symbols_in_words(top["symbols"]), 22, width)[:3]
    card = pygame.Rect(EVENTS.x + 14, EVENTS.y + 48, EVENTS.w - 28, 58 + 30 * len(rows) + 26 * len(adds))
    pygame.draw.rect(surf, (248, 236, 206), card, border_radius=14)
    pygame.draw.rect(surf, GOLD, card, 3, border_radius=14)
    text.draw(surf, top["name"] + " (rules today)", (card.x + 16, card.y + 10), 26, INK_DARK, bold=True)
    y = card.y + 46
    for row in rows:
        text.draw(surf, row, (card.x + 16, y), 24, INK_DARK)
        y += 30
    for row in adds:
        text.draw(surf, row, (card.x + 16, y + 2), 22, (110, 84, 50))
        y += 26
    y = card.bottom + 10
    pool = "".join(e["symbols"] for e in events)
    lines = [("The events made the pool: " + symbols_in_words(pool), CREAM)]
    if lower:
        lines.append(("Covered (only their symbols count): " + ", ".join(e["name"] for e in lower), MUTED))
    for words, colour in lines:
        rows = text.wrap(words, 22, EVENTS.w - 36)
        if y + 27 * len(rows) > EVENTS.bottom - 4:
            return  # a paragraph is shown whole or not at all
        for row in rows:
            text.draw(surf, row, (EVENTS.x + 18, y), 22, colour)
            y += 27
