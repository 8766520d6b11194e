"""Stamp Swap art: five theme icons, attendee kinds, tokens and the stamp frame pieces."""

from __future__ import annotations

from sprites.art_common import INK, lin, rad, scallop_rect, shadow, shine, star_points

Art = tuple[str, str]
STROKE = f'stroke="{INK}" stroke-width="4" stroke-linejoin="round"'


def ln(width: float = 4, col: str = INK) -> str:
    """Attributes for a round-capped unfilled stroke."""
    return (
        f'stroke="{col}" stroke-width="{width:g}" stroke-linecap="round" stroke-linejoin="round" fill="none"'
    )


def bird() -> Art:
    """A blue songbird perched on a branch."""
    defs = lin("birdG", [(0, "#8fd4ff"), (100, "#2f7fc0")], 0, 0, 60, 100)
    body = (
        f'<path d="M10,104 C40,98 80,100 120,92" {ln(9)}/>'
        + f'<path d="M10,104 C40,98 80,100 120,92" {ln(4, "#9a6a3a")}/>'
        + f'<path d="M104,96 C108,84 118,82 122,86 C118,94 110,98 104,96 Z" fill="#6fbf5a" {STROKE}/>'
        + f'<path d="M34,74 L8,92 L14,100 L44,88 Z" fill="#2f7fc0" {STROKE}/>'
        + f'<path d="M30,76 C30,52 54,34 80,40 C92,28 112,34 110,52 C110,70 96,90 66,92 C48,92 '
        f'32,88 30,76 Z" '
        f'fill="url(#birdG)" {STROKE}/>'
        + f'<path d="M106,44 L124,50 L106,56 Z" fill="#f2b84b" {STROKE}/>'
        + f'<path d="M44,66 C58,56 78,58 84,70 C72,80 54,82 44,66 Z" fill="#2566a3" {STROKE}/>'
        + '<path d="M78,70 C86,74 94,74 100,68" fill="none" stroke="#fff" stroke-width="2" '
        'stroke-opacity="0.5"/>'
        + f'<path d="M62,92 L58,102 M74,90 L74,102" {ln(3.5)}/>'
        + f'<circle cx="96" cy="46" r="4.5" fill="{INK}"/><circle cx="97.5" cy="44.5" r="1.5" fill="#fff"/>'
    )
    return defs, body


def ship() -> Art:
    """A sailing ship on waves."""
    defs = lin("hullG", [(0, "#b5743e"), (100, "#6b3b18")]) + lin(
        "sailG", [(0, "#ffffff"), (100, "#d9d2c0")], 0, 0, 100, 0
    )
    body = (
        f'<line x1="62" y1="10" x2="62" y2="86" {ln(5)}/>'
        + f'<path d="M66,16 C88,30 96,56 92,76 L66,76 Z" fill="url(#sailG)" {STROKE}/>'
        + f'<path d="M58,24 C40,36 30,56 30,76 L58,76 Z" fill="url(#sailG)" {STROKE}/>'
        + f'<path d="M64,8 L84,13 L64,18 Z" fill="#e0503a" {STROKE}/>'
        + f'<path d="M12,82 L116,82 L100,104 L28,104 Z" fill="url(#hullG)" {STROKE}/>'
        + '<line x1="24" y1="92" x2="106" y2="92" stroke="#f2b84b" stroke-width="3"/>'
        + f'<path d="M4,110 C16,102 28,118 40,110 C52,102 64,118 76,110 C88,102 100,118 112,110 '
        f'C118,106 122,108 124,110 L124,124 L4,124 Z" fill="#2c6fb8" {STROKE}/>'
    )
    return defs, body


def flower() -> Art:
    """A six-petalled pink flower on a stem."""
    defs = rad("petalG", [(0, "#ffd6ea"), (100, "#e0508f")], 50, 90, 90) + rad(
        "heartG", [(0, "#fff2a0"), (100, "#e8a020")], 40, 35, 70
    )
    petals = "".join(
        f'<ellipse cx="64" cy="30" rx="14" ry="22" fill="url(#petalG)" {STROKE} '
        f'transform="rotate({a} 64 52)"/>'
        for a in range(0, 360, 60)
    )
    body = (
        f'<path d="M64,70 C62,90 66,104 64,124" {ln(10)}/>'
        + f'<path d="M64,70 C62,90 66,104 64,124" {ln(4, "#4f9a3a")}/>'
        + f'<path d="M64,104 C70,88 92,84 100,90 C94,104 76,108 64,104 Z" fill="#6fbf5a" {STROKE}/>'
        + f'<path d="M62,112 C52,98 32,98 26,104 C34,116 52,118 62,112 Z" fill="#6fbf5a" {STROKE}/>'
        + petals
        + f'<circle cx="64" cy="52" r="13" fill="url(#heartG)" {STROKE}/>'
    )
    return defs, body


def train() -> Art:
    """A red steam locomotive with a smoke puff."""
    defs = lin("trainG", [(0, "#ff7a5c"), (100, "#b02a22")])
    wheels = "".join(
        f'<circle cx="{x}" cy="98" r="{r}" fill="#3a3040" {STROKE}/><circle cx="{x}" cy="98" '
        f'r="3" fill="#f2b84b"/>'
        for x, r in ((30, 12), (60, 12), (96, 16))
    )
    body = (
        f'<circle cx="30" cy="20" r="10" fill="#e8e4f0" {STROKE}/>'
        + f'<circle cx="46" cy="12" r="8" fill="#e8e4f0" {STROKE}/>'
        + f'<path d="M24,34 L40,34 L36,56 L28,56 Z" fill="#3a3040" {STROKE}/>'
        + f'<rect x="14" y="54" width="64" height="34" rx="8" fill="url(#trainG)" {STROKE}/>'
        + f'<rect x="76" y="36" width="40" height="52" rx="4" fill="url(#trainG)" {STROKE}/>'
        + f'<rect x="70" y="28" width="52" height="10" rx="3" fill="#3a3040" {STROKE}/>'
        + f'<rect x="86" y="46" width="20" height="16" rx="2" fill="#ffe29a" {STROKE}/>'
        + f'<path d="M14,80 L2,94 L14,94 Z" fill="#3a3040" {STROKE}/>'
        + '<line x1="18" y1="66" x2="74" y2="66" stroke="#f2b84b" stroke-width="3"/>'
        + wheels
        + f'<line x1="30" y1="98" x2="96" y2="98" {ln(5)}/>'
    )
    return defs, body


def mountain() -> Art:
    """Snow-capped green-grey peaks under a sun."""
    defs = lin("peakG", [(0, "#8fb89a"), (100, "#3f6a55")], 0, 0, 100, 100) + lin(
        "peak2G", [(0, "#6a8aa0"), (100, "#34506a")], 0, 0, 100, 100
    )
    body = (
        f'<circle cx="96" cy="30" r="16" fill="#ffcf5a" {STROKE}/>'
        + f'<path d="M50,112 L88,48 L124,112 Z" fill="url(#peak2G)" {STROKE}/>'
        + f'<path d="M78,65 L88,48 L99,66 L93,62 L88,70 L83,62 Z" fill="#f4f8ff" {STROKE}/>'
        + f'<path d="M4,112 L48,22 L94,112 Z" fill="url(#peakG)" {STROKE}/>'
        + f'<path d="M33,52 L48,22 L63,52 L56,46 L49,56 L42,46 Z" fill="#f4f8ff" {STROKE}/>'
        + f'<line x1="4" y1="112" x2="124" y2="112" {ln(4)}/>'
    )
    return defs, body


def rare() -> Art:
    """A gold crown with a star: the rare-stamp mark."""
    defs = lin("crownG", [(0, "#fff0b0"), (50, "#f2b84b"), (100, "#a8641c")])
    body = (
        shadow(64, 118, 44, 5)
        + f'<polygon points="{star_points(64, 26, 20, 8)}" fill="#ffe29a" {STROKE}/>'
        + f'<path d="M14,50 L38,76 L64,42 L90,76 L114,50 L104,104 L24,104 Z" fill="url(#crownG)" {STROKE}/>'
        + f'<rect x="20" y="96" width="88" height="16" rx="4" fill="#e0a030" {STROKE}/>'
        + "".join(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="{c}" stroke="{INK}" stroke-width="3"/>'
            for x, y, r, c in (
                (14, 50, 6, "#e0503a"),
                (64, 42, 7, "#3fb8e0"),
                (114, 50, 6, "#e0503a"),
                (44, 104, 4, "#3fb86e"),
                (64, 104, 4, "#e0503a"),
                (84, 104, 4, "#3fb86e"),
            )
        )
        + shine(44, 70, 4, 10, 30, 0.5)
    )
    return defs, body


def ticket() -> Art:
    """A red admission ticket with a torn-off stub line."""
    defs = lin("ticketG", [(0, "#ff7a5c"), (100, "#b8282a")], 0, 0, 100, 100)
    body = (
        shadow(64, 106, 54, 5)
        + f'<path d="M8,28 L120,28 L120,50 A10,10 0 0 0 120,70 L120,92 L8,92 L8,70 A10,10 0 0 0 8,50 Z" '
        f'fill="url(#ticketG)" {STROKE}/>'
        + '<line x1="92" y1="32" x2="92" y2="88" stroke="#ffe29a" stroke-width="3" stroke-dasharray="5 5"/>'
        + '<rect x="18" y="38" width="64" height="44" rx="4" fill="none" stroke="#ffe29a" stroke-width="3"/>'
        + f'<polygon points="{star_points(50, 60, 16, 7)}" fill="#ffe29a" stroke="#7a1a1a" stroke-width="2"/>'
        + f'<polygon points="{star_points(106, 60, 7, 3)}" fill="#ffe29a"/>'
    )
    return defs, body


def first_player() -> Art:
    """A blue and gold rosette for the first player."""
    defs = rad("roseG", [(0, "#8fd4ff"), (100, "#1f5fa8")], 40, 35, 70)
    body = (
        f'<path d="M46,70 L30,120 L44,112 L52,124 L62,76 Z" fill="#1f5fa8" {STROKE}/>'
        + f'<path d="M82,70 L98,120 L84,112 L76,124 L66,76 Z" fill="#e0503a" {STROKE}/>'
        + f'<polygon points="{star_points(64, 54, 50, 40, 16)}" fill="#f2b84b" {STROKE}/>'
        + f'<circle cx="64" cy="54" r="32" fill="url(#roseG)" {STROKE}/>'
        + '<circle cx="64" cy="54" r="24" fill="none" stroke="#ffe29a" stroke-width="3"/>'
        + f'<polygon points="{star_points(64, 55, 14, 6)}" fill="#ffe29a" stroke="{INK}" stroke-width="2.5"/>'
    )
    return defs, body


def specialist() -> Art:
    """A specialist's tweezers lifting a small stamp."""
    defs = lin("tweezG", [(0, "#e8f0f8"), (100, "#8a9ab0")], 0, 0, 100, 100)
    stamp = scallop_rect(66, 56, 44, 52, 3, 6, 7)
    body = (
        shadow(70, 118, 44, 5)
        + f'<g transform="rotate(12 88 82)"><path d="{stamp}" fill="#f6e9cc" {STROKE}/>'
        + f'<rect x="73" y="63" width="30" height="38" fill="#3fa6a0" stroke="{INK}" stroke-width="2.5"/>'
        + '<circle cx="88" cy="78" r="8" fill="#ffe29a"/></g>'
        + f'<path d="M14,14 L68,74 M14,14 L80,60" {ln(16)}/>'
        + f'<path d="M14,14 L68,74 M14,14 L80,60" {ln(9, "#c8d4e2")}/>'
        + f'<circle cx="14" cy="14" r="9" fill="#8a9ab0" {STROKE}/>'
    )
    return defs, body


def exhibitor() -> Art:
    """An exhibitor's easel holding a framed board of stamps."""
    defs = lin("easelG", [(0, "#d9a55c"), (100, "#8a5524")])
    minis = "".join(
        f'<rect x="{x}" y="{y}" width="18" height="20" fill="{c}" stroke="#fff6de" stroke-width="3"/>'
        for x, y, c in (
            (32, 26, "#e0503a"),
            (56, 26, "#3fa6a0"),
            (80, 26, "#f2b84b"),
            (32, 52, "#2f7fc0"),
            (56, 52, "#9a5ad6"),
            (80, 52, "#6fbf5a"),
        )
    )
    body = (
        f'<path d="M64,8 L26,122 M64,8 L102,122 M64,80 L64,122" {ln(8)}/>'
        + f'<path d="M64,8 L26,122 M64,8 L102,122 M64,80 L64,122" {ln(4, "#d9a55c")}/>'
        + f'<rect x="20" y="16" width="88" height="68" rx="3" fill="url(#easelG)" {STROKE}/>'
        + f'<rect x="27" y="22" width="74" height="56" fill="#3a1d3f" stroke="{INK}" stroke-width="2"/>'
        + minis
        + f'<line x1="14" y1="88" x2="114" y2="88" {ln(6)}/>'
    )
    return defs, body


ICONS = {
    "theme_bird": bird,
    "theme_ship": ship,
    "theme_flower": flower,
    "theme_train": train,
    "theme_mountain": mountain,
    "stamp_rare": rare,
    "ticket": ticket,
    "first_player": first_player,
    "specialist": specialist,
    "exhibitor": exhibitor,
}


def stamp_frame() -> str:
    """Body of the white perforated stamp border (100 box) with a clear centre for tinting."""
    outer = scallop_rect(2, 2, 96, 96, 3.2, 9, 9)
    return (
        f'<path d="{outer} M12,12 L12,88 L88,88 L88,12 Z" fill="#ffffff" fill-rule="evenodd"/>'
        '<rect x="14.5" y="14.5" width="71" height="71" fill="none" stroke="#ffffff" stroke-width="1.5" '
        'stroke-opacity="0.6"/>'
    )


def stamp_facedown() -> Art:
    """The gummed back of a face-down stamp (100 box) with a postmark."""
    outer = scallop_rect(2, 2, 96, 96, 3.2, 9, 9)
    defs = lin("gumG", [(0, "#e9d7ae"), (100, "#bfa474")], 0, 0, 100, 100)
    hatch = "".join(
        f'<line x1="{x}" y1="10" x2="{x - 30}" y2="90" stroke="#a88c5c" stroke-width="1.5" '
        f'stroke-opacity="0.5"/>'
        for x in range(40, 121, 10)
    )
    waves = "".join(
        f'<path d="M12,{y} C24,{y - 6} 36,{y + 6} 48,{y} S72,{y + 6} 88,{y}" fill="none" '
        f'stroke="#6a4a7a" stroke-width="2" stroke-opacity="0.7"/>'
        for y in (40, 50, 60)
    )
    body = (
        f'<path d="{outer}" fill="url(#gumG)" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>'
        + f"<g>{hatch}</g>"
        + '<rect x="12" y="12" width="76" height="76" fill="none" stroke="#8a6a3a" stroke-width="2"/>'
        + waves
        + '<circle cx="50" cy="50" r="20" fill="#e9d7ae" stroke="#6a4a7a" stroke-width="3"/>'
        + '<circle cx="50" cy="50" r="14" fill="none" stroke="#6a4a7a" stroke-width="1.5"/>'
        + f'<polygon points="{star_points(50, 50, 9, 4)}" fill="#6a4a7a"/>'
    )
    return defs, body
