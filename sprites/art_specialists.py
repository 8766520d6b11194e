"""Stamp Swap specialists: one icon per card (what its ability does), and the attendee badge.

Each is a 128 box drawn with the shared ink outline so it reads at the 40 px of a seat panel.
"""

from __future__ import annotations

from sprites.art_common import INK, lin, scallop_rect, shadow
from sprites.art_stamp import STROKE, Art, ln, specialist


def _stamp(x: float, y: float, w: float, h: float, fill: str, inner: str = "#f6e9cc") -> str:
    """A small perforated stamp with a coloured picture."""
    edge = scallop_rect(x, y, w, h, 2.6, max(3, int(w // 8)), max(3, int(h // 8)))
    return (f'<path d="{edge}" fill="{inner}" {STROKE}/>'
            f'<rect x="{x + 7}" y="{y + 7}" width="{w - 14}" height="{h - 14}" fill="{fill}" '
            f'stroke="{INK}" stroke-width="2"/>')


def _question(cx: float, cy: float) -> str:
    """A drawn question mark (the SVG rasteriser has no text)."""
    return (f'<path d="M{cx - 8},{cy - 8} C{cx - 8},{cy - 20} {cx + 9},{cy - 20} {cx + 9},{cy - 8} '
            f'C{cx + 9},{cy - 1} {cx},{cy - 2} {cx},{cy + 5}" {ln(5, "#ffe29a")}/>'
            f'<circle cx="{cx}" cy="{cy + 13}" r="3.2" fill="#ffe29a"/>')


def _ring(width: float) -> str:
    return f'stroke="{INK}" stroke-width="{width:g}"'


def appraiser() -> Art:
    """A jeweller's loupe over a face-down stamp: views what is hidden."""
    defs = lin("loupeG", [(0, "#e8f6ff"), (100, "#7fb6d8")], 0, 0, 100, 100)
    body = (
        shadow(64, 120, 46, 5)
        + _stamp(14, 40, 56, 68, "#8a6a4a")
        + _question(42, 72)
        + f'<path d="M92,88 L118,116" {ln(16)}/><path d="M92,88 L118,116" {ln(9, "#9a6a3a")}/>'
        + f'<circle cx="76" cy="62" r="30" fill="url(#loupeG)" fill-opacity="0.85" {_ring(7)}/>'
        + '<path d="M62,50 C66,44 74,42 80,44" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>'
    )
    return defs, body


def postmaster() -> Art:
    """A red pillar box with its slot and a gold crest: claims the first-player token."""
    defs = lin("boxG", [(0, "#f06a50"), (100, "#a82a20")], 0, 0, 100, 0)
    body = (
        shadow(64, 122, 36, 5)
        + f'<path d="M32,46 C32,18 96,18 96,46 L96,118 L32,118 Z" fill="url(#boxG)" {STROKE}/>'
        + f'<rect x="26" y="40" width="76" height="12" rx="4" fill="#8a1e16" {STROKE}/>'
        + f'<rect x="44" y="62" width="40" height="8" rx="3" fill="{INK}"/>'
        + f'<circle cx="64" cy="90" r="11" fill="#f2b84b" {STROKE}/>'
        + f'<rect x="28" y="110" width="72" height="10" fill="#5a1410" {STROKE}/>'
    )
    return defs, body


def courier() -> Art:
    """A winged envelope: both owners gain when it is taken."""
    body = (
        shadow(64, 118, 44, 5)
        + f'<path d="M30,54 C14,40 6,46 4,34 C18,36 26,30 34,44 Z" fill="#ffffff" {STROKE}/>'
        + f'<path d="M98,54 C114,40 122,46 124,34 C110,36 102,30 94,44 Z" fill="#ffffff" {STROKE}/>'
        + f'<rect x="24" y="44" width="80" height="56" rx="5" fill="#f6e9cc" {STROKE}/>'
        + f'<path d="M24,46 L64,78 L104,46" {ln(4)}/>'
        + f'<rect x="82" y="52" width="14" height="16" fill="#3fa6a0" stroke="{INK}" stroke-width="2"/>'
        + f'<path d="M8,80 L20,80 M4,92 L18,92 M10,104 L22,104" {ln(4, "#8ad0cc")}/>'
    )
    return "", body


def insurer() -> Art:
    """A shield with a tick: the former owner is covered when it is taken."""
    defs = lin("shieldG", [(0, "#7fd0a8"), (100, "#2f8a5a")], 0, 0, 0, 100)
    body = (
        shadow(64, 122, 38, 5)
        + f'<path d="M64,8 L108,24 C108,70 92,100 64,118 C36,100 20,70 20,24 Z" fill="url(#shieldG)" {STROKE}/>'
        + '<path d="M64,20 L96,32 C96,68 84,90 64,104 Z" fill="#ffffff" fill-opacity="0.18"/>'
        + f'<path d="M42,62 L58,80 L88,44" {ln(14)}/><path d="M42,62 L58,80 L88,44" {ln(7, "#ffffff")}/>'
    )
    return defs, body


def auctioneer() -> Art:
    """A gavel striking its block: rares in the pile pay both owners."""
    defs = lin("gavelG", [(0, "#d9a55c"), (100, "#7a4520")], 0, 0, 100, 100)
    body = (
        shadow(64, 122, 46, 5)
        + f'<rect x="22" y="98" width="84" height="18" rx="5" fill="#7a4520" {STROKE}/>'
        + f'<path d="M58,58 L108,108" {ln(14)}/><path d="M58,58 L108,108" {ln(7, "#c88a4a")}/>'
        + f'<g transform="rotate(-45 50 50)"><rect x="20" y="34" width="60" height="32" rx="6" '
        f'fill="url(#gavelG)" {STROKE}/><rect x="30" y="34" width="8" height="32" fill="#f2b84b" '
        f'stroke="{INK}" stroke-width="2"/><rect x="62" y="34" width="8" height="32" fill="#f2b84b" '
        f'stroke="{INK}" stroke-width="2"/></g>'
        + f'<path d="M12,84 L4,78 M16,74 L10,64 M26,70 L24,60" {ln(4, "#f2b84b")}/>'
    )
    return defs, body


def hinge() -> Art:
    """A brass hinge holding a gold rare stamp: a rare may be reserved."""
    defs = lin("hingeG", [(0, "#ffe29a"), (100, "#b8862a")], 0, 0, 100, 0)
    body = (
        shadow(64, 120, 44, 5)
        + _stamp(50, 30, 62, 76, "#e8b234")
        + '<path d="M81,50 L88,64 L102,64 L91,73 L95,88 L81,79 L67,88 L71,73 L60,64 L74,64 Z" '
        f'fill="#fff2c0" stroke="{INK}" stroke-width="2"/>'
        + f'<rect x="10" y="40" width="34" height="56" rx="4" fill="url(#hingeG)" {STROKE}/>'
        + f'<rect x="38" y="36" width="14" height="64" rx="7" fill="#c8962e" {STROKE}/>'
        + "".join(f'<circle cx="24" cy="{y}" r="4" fill="{INK}"/>' for y in (54, 82))
    )
    return defs, body


def scout() -> Art:
    """Binoculars: a look at face-down stamps on offer."""
    defs = lin("binoG", [(0, "#5a6a80"), (100, "#1e2838")], 0, 0, 0, 100)
    body = (
        shadow(64, 118, 46, 5)
        + f'<rect x="14" y="34" width="40" height="56" rx="12" fill="url(#binoG)" {STROKE}/>'
        + f'<rect x="74" y="34" width="40" height="56" rx="12" fill="url(#binoG)" {STROKE}/>'
        + f'<rect x="50" y="44" width="28" height="22" rx="5" fill="#3a4658" {STROKE}/>'
        + f'<circle cx="34" cy="92" r="20" fill="#9fd8ff" {_ring(6)}/>'
        + f'<circle cx="94" cy="92" r="20" fill="#9fd8ff" {_ring(6)}/>'
        + '<path d="M26,86 C28,80 34,78 38,80 M86,86 C88,80 94,78 98,80" fill="none" stroke="#fff" '
        'stroke-width="4" stroke-linecap="round"/>'
    )
    return defs, body


def curator() -> Art:
    """A gilt frame around a stamp with a rosette: gains for the attendees beside it."""
    defs = lin("frameG", [(0, "#ffe29a"), (100, "#b0802a")], 0, 0, 100, 100)
    body = (
        shadow(64, 122, 44, 5)
        + f'<rect x="14" y="14" width="100" height="100" rx="6" fill="url(#frameG)" {STROKE}/>'
        + f'<rect x="28" y="28" width="72" height="72" fill="#3a1d3f" stroke="{INK}" stroke-width="2.5"/>'
        + _stamp(40, 38, 48, 52, "#9a5ad6")
        + f'<circle cx="100" cy="100" r="16" fill="#e0503a" {STROKE}/>'
        + f'<circle cx="100" cy="100" r="7" fill="#f2b84b" stroke="{INK}" stroke-width="2"/>'
        + f'<path d="M92,114 L86,126 L96,122 M108,114 L114,126 L104,122" fill="#e0503a" {STROKE}/>'
    )
    return defs, body


def dealer() -> Art:
    """A fan of face-down stamps and a coin: gains per face-down stamp held."""
    back = "#8a6a4a"
    fan = "".join(
        f'<g transform="rotate({rot} 64 110)">{_stamp(40, 22, 48, 62, back)}'
        f'{_question(64, 50)}</g>'
        for rot in (-24, 0, 24)
    )
    body = (
        shadow(64, 122, 46, 5)
        + fan
        + f'<circle cx="96" cy="96" r="18" fill="#f2b84b" {STROKE}/>'
        + f'<circle cx="96" cy="96" r="10" fill="none" stroke="{INK}" stroke-width="2.5"/>'
    )
    return "", body


def attendee() -> Art:
    """A visitor's name badge on a lanyard: any attendee card (the pool's A symbol)."""
    body = (
        shadow(64, 122, 34, 5)
        + f'<path d="M40,8 L58,52 M88,8 L70,52" {ln(9)}/><path d="M40,8 L58,52 M88,8 L70,52" {ln(4, "#3fa6a0")}/>'
        + f'<rect x="26" y="48" width="76" height="70" rx="10" fill="#f6e9cc" {STROKE}/>'
        + f'<rect x="26" y="48" width="76" height="20" rx="10" fill="#3fa6a0" {STROKE}/>'
        + f'<circle cx="64" cy="86" r="10" fill="#e0a070" {STROKE}/>'
        + f'<path d="M46,112 C48,98 80,98 82,112" fill="#e0a070" {STROKE}/>'
    )
    return "", body


ICONS = {
    "spec_appraiser": appraiser,
    "spec_postmaster": postmaster,
    "spec_courier": courier,
    "spec_insurer": insurer,
    "spec_auctioneer": auctioneer,
    "spec_hinge": hinge,
    "spec_tweezers": specialist,
    "spec_scout": scout,
    "spec_curator": curator,
    "spec_dealer": dealer,
    "attendee": attendee,
}
