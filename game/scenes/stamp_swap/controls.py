"""The Stamp Swap table's buttons (Help, Title, Ready, Start over, Next day) and its prompt line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.ui import button, resize, uncut_width
from game.scenes.stamp_swap.centre import SUMMARY
from game.scenes.stamp_swap.layout import CENTRE, DC_H
from game.scenes.stamp_swap.story import placing_note
from game.shell.keymap import keys_of
from game.text import tr
from game.text.persons import is_you
from rules.stamp_swap.actions import Prepare
from rules.stamp_swap.bot.value import counts_for

if TYPE_CHECKING:
    from game.scenes.stamp_swap.scene import StampSwapScene


class Controls:
    """pygame-gui buttons shown only when they apply."""

    def __init__(self, scene: StampSwapScene) -> None:
        self.scene = scene
        ui = scene.ui
        keys = keys_of(scene.app.settings)  # each main move's letter on its button (Settings › Keys)
        self.help = button(ui, (1594, 16, 140, 58), tr("ss.button.help"), "#small")
        self.title = button(ui, (1746, 16, 158, 58), tr("ss.button.title"), "#quiet")
        self.ready = button(ui, (CENTRE.right - 380, CENTRE.bottom - 150, 360, 96),
                            keys.label(tr("ss.button.ready"), "stamp-swap.ready"),
                            "#primary")
        self.clear = button(ui, (CENTRE.x + 20, CENTRE.bottom - 150, 270, 96), tr("ss.button.clear"), "#quiet")
        self.auto = button(ui, (CENTRE.x + 310, CENTRE.bottom - 150, 276, 96),  # room for its key: [Q]
                           keys.label(tr("ss.button.split"), "stamp-swap.split"),
                           "#quiet")
        self.take = button(ui, (CENTRE.x + 416, CENTRE.bottom - DC_H + 172, 240, 92),
                           keys.label(tr("ss.button.take"), "stamp-swap.take"),
                           "#primary")
        self.next = button(ui, (SUMMARY.centerx - 200, SUMMARY.bottom - 120, 400, 92), tr("ss.button.next_day"),
                           "#primary")
        wide = uncut_width(self.take, 240)  # bigger or cut words: wider, leftwards (the album is right of it)
        resize(self.take, (wide, 92), (CENTRE.x + 416 + 240 - wide, CENTRE.bottom - DC_H + 172))
        self._grow_rows()

    def _grow_rows(self) -> None:
        """At a bigger text size the top pair (Help, Title) and the split's row (Start over, Quick split,
        Ready) are as wide as their labels: Title and Help grow leftwards from the corner, Start over
        and Quick split rightwards along the row (one above the other when the row has no room for
        the three), Ready leftwards from the row's end."""
        title_w, help_w = uncut_width(self.title, 158), uncut_width(self.help, 140)
        if (title_w, help_w) != (158, 140):
            resize(self.title, (title_w, 58), (1904 - title_w, 16))
            resize(self.help, (help_w, 58), (1904 - title_w - 12 - help_w, 16))
        widths = (uncut_width(self.clear, 270), uncut_width(self.auto, 276), uncut_width(self.ready, 360))
        if widths == (270, 276, 360):
            return
        y = CENTRE.bottom - 150
        resize(self.ready, (widths[2], 96), (CENTRE.right - 20 - widths[2], y))
        if sum(widths) + 80 <= CENTRE.w:
            resize(self.clear, (widths[0], 96), (CENTRE.x + 20, y))
            resize(self.auto, (widths[1], 96), (CENTRE.x + 40 + widths[0], y))
            return
        left = max(widths[:2])  # no room for three in a row: Start over above Quick split, Ready beside them
        resize(self.clear, (left, 68), (CENTRE.x + 20, y))
        resize(self.auto, (left, 68), (CENTRE.x + 20, y + 78))

    def update(self) -> None:
        """Show the buttons that apply to the current view."""
        scene = self.scene
        splitting = "tray" in scene.lay.zones and scene.acting and scene.summary is None
        for b in (self.ready, self.clear, self.auto):
            b.show() if splitting else b.hide()
        taking = scene.v["phase"] == "collect" and scene.acting and scene.selected is not None
        self.take.show() if taking and scene.summary is None else self.take.hide()
        if scene.summary is not None:
            last = scene.table.outcome() is not None  # the shown view is still Sunday's Show
            self.next.set_text(tr("ss.button.final" if last else "ss.button.next_day"))
            self.next.show()
        else:
            self.next.hide()

    def pressed(self, element) -> bool:  # type: ignore[no-untyped-def]
        """Handle a press; True when it was one of ours."""
        scene = self.scene
        if element is self.help:
            scene.open_help()
        elif element is self.title:
            scene.on_back()
        elif element is self.next:
            scene.close_summary()
        elif element is self.take:
            scene.take_selected()
        elif element is self.ready:
            self._ready()
        elif element is self.clear:
            scene.split = {}
            scene.selected = None
            scene._refresh([])
        elif element is self.auto:
            self._quick_split()
        else:
            return False
        return True

    def _ready(self) -> None:
        scene = self.scene
        me = scene.v["seats"][scene.viewer]
        zone = {i["key"]: scene.split.get(i["key"], "tray") for i in me["dc"]}
        reserve = [k for k, z in zone.items() if z == "reserve"]
        if any(z == "tray" for z in zone.values()):
            scene.app.toast(tr("ss.toast.place_all"), error=True)
            return
        if not reserve and scene.v["me"]["reservable"]:
            scene.app.toast(tr("ss.toast.reserve_one"), error=True)
            return
        action = Prepare(reserve[0] if reserve else None, tuple(k for k, z in zone.items() if z == "a"),
                         tuple(k for k, z in zone.items() if z == "b"))
        scene.act(action)

    def _quick_split(self) -> None:
        """Fill only what is still unplaced: a reserve if none is chosen, then the smaller pile each time."""
        scene = self.scene
        keys = [i["key"] for i in scene.v["seats"][scene.viewer]["dc"]]
        split = {k: z for k, z in scene.split.items() if z != "tray" and k in keys}
        loose = [k for k in keys if k not in split]
        if "reserve" not in split.values():
            spare = next((k for k in loose if k in scene.v["me"]["reservable"]), None)
            if spare is not None:
                split[spare] = "reserve"
                loose.remove(spare)
        for key in loose:
            sizes = {z: sum(1 for v in split.values() if v == z) for z in "ab"}
            split[key] = "a" if sizes["a"] <= sizes["b"] else "b"
        _legal(split, scene.v["me"]["reservable"])
        scene.split = split
        scene.selected = None
        scene._refresh([])


def _legal(split: dict[str, str], reservable: list[str]) -> None:
    """Move as few placements as it takes to make a split Ready accepts (a reserve, no empty pile)."""
    def pile(zone: str) -> list[str]:
        return [k for k, z in split.items() if z == zone]

    if "reserve" not in split.values():
        spare = next((k for k in reservable if k in split), None)
        if spare is not None:
            split[spare] = "reserve"
    for empty, full in (("a", "b"), ("b", "a")):
        if not pile(empty) and len(pile(full)) > 1:
            split[pile(full)[-1]] = empty


def _names(scene: StampSwapScene, seats: list[int]) -> str:
    return ", ".join(scene.names[s] for s in seats) or tr("ss.nobody")


def prompt(scene: StampSwapScene) -> tuple[str, tuple[Any, ...]]:
    """The line over the phase area."""
    v = scene.v
    phase, me = v["phase"], scene.viewer
    if scene.curtain_up:
        return tr("ss.prompt.passing"), MUTED
    if scene.caption and scene.carried() is None:  # what I am placing beats what just happened
        return scene.caption, CREAM
    if phase == "over":
        return tr("ss.prompt.final"), GOLD
    turn = v["turn"]
    mine = scene.acting
    who = scene.names[me] if me is not None else ""
    if phase == "collect":
        return (_addressed(who, "ss.prompt.collect"), GOLD) if mine else (
            tr("ss.prompt.collecting", who=scene.names[turn]) if turn is not None else tr("ss.prompt.collect_phase"),
            CREAM)
    if phase == "swap_prep":
        if mine:
            return _addressed(who, "ss.prompt.split"), GOLD
        return tr("ss.prompt.waiting_split", names=_names(scene, v["waiting"])), CREAM
    if phase == "swap_choose":
        if mine:
            return _addressed(who, "ss.prompt.choose"), GOLD
        return (tr("ss.prompt.choosing", who=scene.names[turn]) if turn is not None
                else tr("ss.prompt.swap_phase")), CREAM
    return _show_prompt(scene, mine, who)


def _addressed(who: str, key: str) -> str:
    """'Ann, your turn: …' to a named seat (`key.named`); 'Your turn: …' to the viewer addressed as you (or nobody)."""
    return tr(key) if not who or is_you(who) else tr(key + ".named", who=who)


def _show_prompt(scene: StampSwapScene, mine: bool, who: str) -> tuple[str, tuple[Any, ...]]:
    v = scene.v
    if not mine:
        if not v["waiting"]:
            return tr("ss.prompt.show_scored"), CREAM
        return tr("ss.prompt.show_waiting", names=_names(scene, v["waiting"])), CREAM
    me = v["seats"][scene.viewer]
    carried = scene.carried()
    if carried is not None:
        return placing_note(carried, counts_for(v, carried["id"])), GOLD
    if me["pending"]:
        return _addressed(who, "ss.prompt.place"), GOLD
    return _addressed(who, "ss.prompt.contest"), GOLD
