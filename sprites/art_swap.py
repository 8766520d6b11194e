"""Swap Meet art: four resources, four action cards, contract and timer, in a 128 box."""

from __future__ import annotations

from sprites.art_common import INK, lin, rad, shadow, shine

Art = tuple[str, str]
STROKE = f'stroke="{INK}" stroke-width="4" stroke-linejoin="round"'


def ln(width: float = 4, col: str = INK) -> str:
    """Attributes for a round-capped unfilled stroke."""
    return (
        f'stroke="{col}" stroke-width="{width:g}" stroke-linecap="round" stroke-linejoin="round" fill="none"'
    )


def crate() -> Art:
    """A square wooden crate with a cross brace."""
    defs = lin("crateG", [(0, "#e7a25a"), (100, "#a9622a")], 0, 0, 100, 100)
    planks = "".join(
        f'<line x1="20" y1="{y}" x2="108" y2="{y}" stroke="#7a4318" stroke-width="2.5"/>'
        for y in (42, 64, 86)
    )
    body = (
        shadow(64, 116, 50, 6)
        + f'<rect x="14" y="14" width="100" height="98" rx="6" fill="url(#crateG)" {STROKE}/>'
        + planks
        + f'<path d="M26,26 L102,100 M102,26 L26,100" {ln(15)}/>'
        + f'<path d="M26,26 L102,100 M102,26 L26,100" {ln(9, "#f3c586")}/>'
        + f'<rect x="14" y="14" width="100" height="98" rx="6" fill="none" {STROKE}/>'
        + f'<rect x="22" y="22" width="84" height="82" rx="3" fill="none" stroke="{INK}" stroke-width="3"/>'
        + "".join(
            f'<circle cx="{x}" cy="{y}" r="3" fill="{INK}"/>'
            for x, y in ((20, 20), (108, 20), (20, 106), (108, 106))
        )
    )
    return defs, body


def sack() -> Art:
    """A round green grain sack tied at the neck."""
    defs = rad("sackG", [(0, "#bfe08a"), (70, "#6f9a3e"), (100, "#46692a")], 40, 45, 70)
    body = (
        shadow(64, 118, 46, 6)
        + f'<path d="M46,36 C30,48 16,70 18,90 C20,110 40,116 64,116 C88,116 108,110 110,90 '
        f'C112,70 98,48 82,36 Z" fill="url(#sackG)" {STROKE}/>'
        + f'<path d="M48,36 C42,26 44,14 52,16 C58,20 62,12 66,16 C70,12 78,18 76,22 C84,20 86,28 80,36 Z" '
        f'fill="#9cc46a" {STROKE}/>'
        + f'<path d="M42,38 C56,44 72,44 86,38" {ln(6)}/>'
        + '<path d="M40,70 C52,78 76,78 88,70" fill="none" stroke="#46692a" stroke-width="3"/>'
        + '<path d="M34,92 C50,100 78,100 94,92" fill="none" stroke="#46692a" stroke-width="3"/>'
        + shine(42, 64, 6, 14, 20, 0.35)
    )
    return defs, body


def coin_stack() -> Art:
    """A stack of gold coins beside an upright coin."""
    defs = lin("stackG", [(0, "#ffe08a"), (100, "#c47f22")]) + rad(
        "upG", [(0, "#fff0b0"), (100, "#e0a030")], 40, 35, 70
    )
    layers = "".join(
        f'<path d="M14,{y} L14,{y + 10} A28,9 0 0 0 70,{y + 10} L70,{y} Z" fill="url(#stackG)" {STROKE}/>'
        f'<ellipse cx="42" cy="{y}" rx="28" ry="9" fill="#ffd56a" {STROKE}/>'
        for y in (94, 80, 66, 52)
    )
    body = (
        shadow(64, 114, 54, 6)
        + layers
        + f'<circle cx="90" cy="80" r="28" fill="url(#upG)" {STROKE}/>'
        + '<circle cx="90" cy="80" r="19" fill="none" stroke="#a8641c" stroke-width="3"/>'
        + shine(82, 68, 7, 3, -40, 0.7)
    )
    return defs, body


def rack() -> Art:
    """A triangular clothes rack with a hanging blue shirt."""
    defs = lin("shirtG", [(0, "#7fb8ff"), (100, "#2f64b8")])
    body = (
        shadow(64, 118, 52, 5)
        + f'<path d="M10,114 L30,20 L98,20 L118,114" {ln(6)}/>'
        + f'<line x1="24" y1="20" x2="104" y2="20" {ln(7)}/>'
        + f'<path d="M56,20 C56,14 64,12 64,18 L64,26 M44,34 L64,26 L84,34" {ln()}/>'
        + f'<path d="M44,34 L64,28 L84,34 L98,50 L88,58 L82,52 L82,96 L46,96 L46,52 L40,58 L30,50 Z" '
        f'fill="url(#shirtG)" {STROKE}/>'
        + '<path d="M56,32 L64,42 L72,32" fill="none" stroke="#dcecff" stroke-width="3"/>'
        + '<line x1="64" y1="44" x2="64" y2="92" stroke="#1e4788" stroke-width="2.5"/>'
    )
    return defs, body


def crash() -> Art:
    """Market Crash: a falling red arrow over shrinking bars."""
    defs = lin("crashG", [(0, "#ff7a6a"), (100, "#b8202a")])
    bars = "".join(
        f'<rect x="{x}" y="{y}" width="16" height="{112 - y}" rx="2" fill="#5a4a6a" '
        f'stroke="{INK}" stroke-width="3"/>'
        for x, y in ((14, 40), (38, 60), (62, 78), (86, 94))
    )
    body = (
        bars + f'<path d="M10,22 L46,56 L62,42 L96,82 L104,72 L112,114 L72,104 L84,96 L60,66 L46,80 L4,34 Z" '
        f'fill="url(#crashG)" {STROKE}/>'
    )
    return defs, body


def inside() -> Art:
    """Inside Trading: a watchful eye."""
    defs = rad("irisG", [(0, "#8ff0e0"), (60, "#1f9a8a"), (100, "#0c4a44")], 50, 50, 55)
    body = (
        f'<path d="M6,64 C28,24 100,24 122,64 C100,104 28,104 6,64 Z" fill="#f6e9cc" {STROKE}/>'
        + f'<circle cx="64" cy="64" r="24" fill="url(#irisG)" {STROKE}/>'
        + '<circle cx="64" cy="64" r="10" fill="#120a18"/>'
        + '<circle cx="56" cy="56" r="5" fill="#fff"/>'
        + f'<path d="M22,30 L30,40 M64,14 L64,26 M106,30 L98,40" {ln()}/>'
    )
    return defs, body


def audit() -> Art:
    """Tax Audit: a magnifier over a ledger page."""
    defs = rad("lensG", [(0, "#e8fbff", 0.85), (100, "#8fd0e8", 0.55)], 40, 35, 70)
    rows = "".join(
        f'<line x1="26" y1="{y}" x2="{w}" y2="{y}" stroke="#8a6a4a" stroke-width="3" stroke-linecap="round"/>'
        for y, w in ((30, 74), (44, 66), (58, 74), (72, 60), (86, 70))
    )
    body = (
        f'<rect x="14" y="12" width="72" height="96" rx="5" fill="#f6e9cc" {STROKE}/>'
        + rows
        + f'<line x1="92" y1="92" x2="116" y2="116" {ln(12)}/>'
        + '<line x1="92" y1="92" x2="114" y2="114" stroke="#a8641c" stroke-width="6" stroke-linecap="round"/>'
        + f'<circle cx="74" cy="74" r="28" fill="url(#lensG)" stroke="{INK}" stroke-width="5"/>'
        + '<circle cx="74" cy="74" r="23" fill="none" stroke="#f2b84b" stroke-width="3"/>'
        + shine(64, 62, 8, 4, -40, 0.8)
    )
    return defs, body


def takeover() -> Art:
    """Hostile Takeover: a red banner planted on a hill."""
    defs = lin("flagG", [(0, "#ff6a5a"), (100, "#a81e28")], 0, 0, 100, 0)
    body = (
        f'<path d="M8,118 C30,92 98,92 120,118 Z" fill="#5a4a6a" {STROKE}/>'
        + f'<line x1="38" y1="104" x2="38" y2="12" {ln(7)}/>'
        + '<line x1="38" y1="104" x2="38" y2="14" stroke="#d9a55c" stroke-width="3"/>'
        + f'<path d="M40,16 C60,8 76,24 114,16 L100,38 L114,58 C80,66 60,50 40,58 Z" '
        f'fill="url(#flagG)" {STROKE}/>'
        + '<circle cx="38" cy="10" r="6" fill="#f2b84b" stroke="#2a1a12" stroke-width="3"/>'
    )
    return defs, body


def contract() -> Art:
    """A rolled contract scroll with a seal."""
    defs = lin("scrollG", [(0, "#fff6de"), (100, "#e6cf9c")], 0, 0, 100, 0)
    lines = "".join(
        f'<line x1="34" y1="{y}" x2="{w}" y2="{y}" stroke="#9a7a52" stroke-width="3" stroke-linecap="round"/>'
        for y, w in ((38, 94), (50, 88), (62, 94), (74, 80))
    )
    body = (
        shadow(64, 120, 46, 5)
        + f'<rect x="24" y="18" width="80" height="92" fill="url(#scrollG)" {STROKE}/>'
        + f'<rect x="14" y="10" width="100" height="14" rx="7" fill="#e6cf9c" {STROKE}/>'
        + f'<rect x="14" y="104" width="100" height="14" rx="7" fill="#e6cf9c" {STROKE}/>'
        + lines
        + f'<circle cx="84" cy="92" r="10" fill="#c8282a" {STROKE}/>'
        + '<path d="M80,100 L76,114 M88,100 L92,114" stroke="#c8282a" stroke-width="4"/>'
    )
    return defs, body


def timer() -> Art:
    """A stopwatch."""
    defs = rad("watchG", [(0, "#fffaf0"), (100, "#e6d6b8")], 45, 40, 65)
    ticks = "".join(
        f'<line x1="64" y1="30" x2="64" y2="36" stroke="{INK}" stroke-width="3" '
        f'transform="rotate({a} 64 72)"/>'
        for a in range(0, 360, 30)
    )
    body = (
        shadow(64, 122, 40, 5)
        + f'<rect x="54" y="4" width="20" height="12" rx="3" fill="#f2b84b" {STROKE}/>'
        + f'<line x1="64" y1="16" x2="64" y2="26" {ln(8)}/>'
        + f'<line x1="96" y1="32" x2="104" y2="24" {ln(8)}/>'
        + f'<circle cx="64" cy="72" r="48" fill="#f2b84b" {STROKE}/>'
        + f'<circle cx="64" cy="72" r="40" fill="url(#watchG)" stroke="{INK}" stroke-width="3"/>'
        + '<path d="M64,72 L64,36 A36,36 0 0 1 95,54 Z" fill="#e0503a" fill-opacity="0.35"/>'
        + ticks
        + f'<line x1="64" y1="72" x2="88" y2="56" {ln()}/>'
        + f'<circle cx="64" cy="72" r="5" fill="{INK}"/>'
    )
    return defs, body


ICONS = {
    "res_crate": crate,
    "res_sack": sack,
    "res_coin": coin_stack,
    "res_rack": rack,
    "act_crash": crash,
    "act_inside": inside,
    "act_audit": audit,
    "act_takeover": takeover,
    "contract": contract,
    "timer": timer,
}
