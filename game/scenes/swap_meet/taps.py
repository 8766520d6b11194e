"""Taps on the Swap Meet floor that only talk or pin: a pick of a card, the bank pin (with its
warning), a tap on a rival's stall where no swap is, and the glossary under a resting mouse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.swap_meet.glossary import GLOSSARY
from game.scenes.swap_meet.model import of_kind, pin_warning, swap_for
from game.shell.pointer import PointerEvent
from game.text import tr
from rules.swap_meet.actions import PinBank

if TYPE_CHECKING:
    from game.scenes.swap_meet.layout import Region
    from game.scenes.swap_meet.scene import SwapMeetScene

PIN_CONFIRM = 4.0  # seconds a warned pin waits for its second tap


def gloss_market(scene: SwapMeetScene, pe: PointerEvent) -> None:
    """A mouse resting on a market meter, or a long press on it: what heat and bank mean."""
    kind = scene.market.kind_at(pe.pos) if scene.viewer is not None else None
    hover = pe.kind == "move" and not pe.touch
    if kind is None or scene.viewer is None or not (hover or pe.kind == "long_press"):
        scene.glossed = None
        return
    if scene.glossed != kind:
        scene.glossed = kind
        scene.alert(scene.viewer, GLOSSARY["heat"], error=False, seconds=5.0)


def pin(scene: SwapMeetScene, seat: int, kind: str) -> None:
    """Pin the bank type, after a warning and a second tap when it would score a loss."""
    view = scene.table.view(seat)
    warning = pin_warning(view.bank_points(kind), view.counts()[kind], kind)
    armed = scene.pin_armed.pop(seat, None)
    if warning and view.pin != kind and (armed is None or armed[0] != kind or scene.time > armed[1]):
        scene.pin_armed[seat] = (kind, scene.time + PIN_CONFIRM)
        scene.alert(seat, warning, error=False, seconds=PIN_CONFIRM)
        return
    scene._act(seat, PinBank(kind))


def row_tap(scene: SwapMeetScene, seat: int, rival: int) -> None:
    """A tap on a rival's stall beside its buttons while holding cards: say why no swap is there."""
    view = scene.table.view(seat)
    offer = view.offers[rival]
    name = scene.names[rival]
    if offer is None:
        scene.refused(seat, tr("sm.refused.no_offer", name=str(name)))
    elif swap_for(view, scene.sel[seat], rival) is None:
        scene.refused(seat, tr("sm.refused.pick_other", name=str(name), what=of_kind(offer.count, offer.kind),
                               count=offer.count))
    else:
        scene.refused(seat, tr("sm.refused.tap_swap", name=str(name)))


def pick(scene: SwapMeetScene, region: Region, kind: str, step: str) -> None:
    """A slot's card, + or −: lift or drop one card of that type, or say why nothing changed."""
    sel = scene.sel[region.seat]
    held = scene.table.view(region.seat).counts().get(kind, 0)
    if sel.tap(kind, step, held):
        scene.app.audio.play("tap", 0.5)
        scene.refresh(region)
    elif step == "less":
        scene.refused(region.seat, tr("sm.refused.none_picked", kind=kind))
    elif held == 1:
        scene.refused(region.seat, tr("sm.refused.only_picked", kind=kind))
    else:
        scene.refused(region.seat, tr("sm.refused.all_picked", what=of_kind(held, kind)))
