"""Stamp Swap exhibitors: one icon per card, the subject it scores standing on a show plinth.

The five theme exhibitors show their theme's picture; the others show what they count: a tiny
forever stamp under a loupe, the rare crown, a postmark, a top hat for the patron, a filled frame.
Each is told apart by its outline, not only its colours; the plinth says "exhibitor".
"""

from __future__ import annotations

from collections.abc import Callable

from sprites import art_stamp as stamp
from sprites.art_common import INK, group, lin, scallop_rect, shadow
from sprites.art_stamp import STROKE, Art, ln


def _plinth() -> str:
    """The wooden show plinth every exhibitor stands on."""
    return (shadow(64, 124, 50, 4)
            + f'<rect x="18" y="104" width="92" height="18" rx="3" fill="#b07a3c" {STROKE}/>'
            + f'<rect x="26" y="98" width="76" height="10" rx="2" fill="#d9a55c" {STROKE}/>')


def _on_plinth(art: Art) -> Art:
    """A subject (128 box) shrunk to stand on the plinth."""
    defs, body = art
    return defs, _plinth() + group(body, 18, 2, 0.72)


def _theme(make: Callable[[], Art]) -> Callable[[], Art]:
    """An exhibitor of one theme's stamps: that theme's picture on the plinth."""
    return lambda: _on_plinth(make())


def miniaturist() -> Art:
    """A tiny 1x1 forever stamp under a loupe: counts forever stamps."""
    defs = lin("miniLoupe", [(0, "#e8f6ff"), (100, "#7fb6d8")], 0, 0, 100, 100)
    edge = scallop_rect(18, 40, 40, 40, 2.4, 5, 5)
    body = (
        _plinth()
        + f'<path d="{edge}" fill="#f6e9cc" {STROKE}/>'
        + f'<rect x="26" y="48" width="24" height="24" fill="#9a5ad6" stroke="{INK}" stroke-width="2"/>'
        + f'<path d="M92,66 L108,86" {ln(12)}/><path d="M92,66 L108,86" {ln(6, "#9a6a3a")}/>'
        + f'<circle cx="80" cy="50" r="20" fill="url(#miniLoupe)" fill-opacity="0.35" stroke="{INK}" stroke-width="6"/>'
    )
    return defs, body


def goldsmith() -> Art:
    """The rare crown on the plinth: counts rare stamps."""
    return _on_plinth(stamp.rare())


def archivist() -> Art:
    """A round postmark with its wavy cancel lines: counts cancelled stamps."""
    waves = "".join(f'<path d="M60,{y} q10,-7 20,0 t20,0 t20,0" {ln(5)}/>' for y in (42, 56, 70))
    body = (
        _plinth()
        + f'<circle cx="44" cy="56" r="30" fill="#f6e9cc" stroke="{INK}" stroke-width="6"/>'
        + f'<circle cx="44" cy="56" r="20" fill="none" stroke="{INK}" stroke-width="3"/>'
        + f'<circle cx="44" cy="56" r="6" fill="{INK}"/>'
        + waves
    )
    return "", body


def patron() -> Art:
    """A tall top hat with a band: counts attendees."""
    defs = lin("hatG", [(0, "#8a78a8"), (100, "#3a2e4a")], 0, 0, 100, 0)
    body = (
        _plinth()
        + f'<ellipse cx="64" cy="90" rx="46" ry="10" fill="#5a4a70" {STROKE}/>'
        + f'<path d="M36,88 L40,20 C52,14 76,14 88,20 L92,88 Z" fill="url(#hatG)" {STROKE}/>'
        + f'<path d="M38,72 L90,72 L91,84 L37,84 Z" fill="#e0503a" {STROKE}/>'
    )
    return defs, body


def framer() -> Art:
    """A gilt frame holding an album page whose middle row is full: counts full rows."""
    defs = lin("frameG", [(0, "#ffe29a"), (100, "#a8641c")], 0, 0, 100, 100)
    cells = "".join(
        f'<rect x="{x}" y="{y}" width="20" height="18" fill="{c}" stroke="{INK}" stroke-width="2"/>'
        for x, y, c in ((34, 50, "#e0503a"), (54, 50, "#3fa6a0"), (74, 50, "#2f7fc0"))
    )
    empty = "".join(
        f'<rect x="{x}" y="{y}" width="20" height="18" fill="none" stroke="#8a7a60" stroke-width="2"/>'
        for x in (34, 54, 74) for y in (30, 70)
    )
    body = (
        _plinth()
        + f'<rect x="18" y="14" width="92" height="84" rx="4" fill="url(#frameG)" {STROKE}/>'
        + f'<rect x="28" y="24" width="72" height="68" fill="#f6e9cc" stroke="{INK}" stroke-width="3"/>'
        + empty + cells
    )
    return defs, body


ICONS = {
    "exhibitor_ornithologist": _theme(stamp.bird),
    "exhibitor_mariner": _theme(stamp.ship),
    "exhibitor_botanist": _theme(stamp.flower),
    "exhibitor_railfan": _theme(stamp.train),
    "exhibitor_alpinist": _theme(stamp.mountain),
    "exhibitor_miniaturist": miniaturist,
    "exhibitor_goldsmith": goldsmith,
    "exhibitor_archivist": archivist,
    "exhibitor_patron": patron,
    "exhibitor_framer": framer,
}
