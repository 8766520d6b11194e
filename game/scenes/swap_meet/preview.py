"""Action cards and risky swaps explain themselves before they are played.

Every action card has one line saying what it does (a tap on the card in your hand says it). A
press on a card's button, or on a Swap that would hand a rival their slam, first shows what the
move will do, worked out by rules.swap_meet.preview from the seat's own view: which meter moves,
who loses what, who gains. One person at the screen gets a sheet with Play it and Cancel; in table
mode the words go in that seat's hint line and a second tap on the same button within
ARM_SECONDS plays it (a sheet would stop everyone else's trading).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.scenes.confirm import ConfirmScene
from game.scenes.swap_meet.model import ACTION_NAME, RES_NAME, Worded, decimal, joined, of_kind
from game.text import tr
from game.text.persons import is_you
from rules.swap_meet.actions import Crash, HostileTakeover, Peek, Swap, TaxAudit
from rules.swap_meet.data import ACTION_CARDS, AUDIT, CRASH, INSIDE, LOCKER_BONUS, SLAM_MIN, TAKEOVER
from rules.swap_meet.preview import Preview, preview

if TYPE_CHECKING:
    from game.scenes.swap_meet.layout import Region
    from game.scenes.swap_meet.scene import SwapMeetScene

ARM_SECONDS = 6.0  # table mode: how long a previewed move waits for its second tap
ACTION_LINE = Worded(ACTION_CARDS, lambda card: tr(f"sm.does.{card}"))  # what each action card does
CARD_OF = {Crash: CRASH, Peek: INSIDE, TaxAudit: AUDIT, HostileTakeover: TAKEOVER}


def action_for(intent: tuple[Any, ...]) -> Any | None:
    """The action-card move a panel press means (None: not one)."""
    if intent[0] == "peek":
        return Peek(intent[1])
    if intent[0] != "button":
        return None
    key = str(intent[1])
    if key.startswith("crash:"):
        return Crash(key.split(":", 1)[1])
    return {"audit": TaxAudit(), "takeover": HostileTakeover()}.get(key)


def effects(pv: Preview, action: Any, names: Sequence[str]) -> list[str]:
    """The preview in short sentences, the mover's own loss first."""
    out = [tr("sm.preview.meter", kind=k, before=decimal(before), after=decimal(after))
           for k, before, after in pv.meters]
    if pv.reveals is not None:
        out.append(tr("sm.preview.reveals", name=str(names[pv.reveals])))
    for loss in pv.losses:
        who = names[loss.seat]
        if pv.gainer is not None:
            to_you = is_you(names[pv.gainer])
            out.append(tr("sm.preview.lose_to_you" if to_you else "sm.preview.lose_to", name=who,
                          gainer=str(names[pv.gainer])))
        elif loss.kinds:
            kinds = tr("sm.or_sep").join(RES_NAME[k] for k in loss.kinds)
            out.append(tr("sm.preview.lose_one_of", name=who, kinds=kinds))
    others = [names[x.seat] for x in pv.losses if not x.kinds and pv.gainer is None]
    if len(others) > 1:
        out.append(tr("sm.preview.each_lose", names=joined(others)))
    elif others:
        out.append(tr("sm.preview.loses_card", name=others[0]))
    if pv.slam_risk is not None:
        rival, kind = pv.slam_risk
        out.append(tr("sm.preview.slam_risk", name=str(names[rival]), kind=kind, many=2, slam=SLAM_MIN,
                      bonus=LOCKER_BONUS))
    if pv.blocked:
        out.append(tr("sm.preview.nothing", why=tr(f"sm.blocked.{pv.blocked}")))
    return out


def title_of(action: Any, view: Any, names: Sequence[str]) -> str:
    """The sheet's headline: the card's name, or the swap in a few words."""
    if isinstance(action, Swap):
        offer = view.offers[action.target]
        got = of_kind(offer.count, offer.kind) if offer is not None else tr("sm.preview.their_offer")
        count = offer.count if offer is not None else 1
        return tr("sm.preview.swap_title", gave=of_kind(count, action.give), name=str(names[action.target]), got=got)
    title = ACTION_NAME[CARD_OF[type(action)]]
    if isinstance(action, Crash):
        return tr("sm.preview.title_on", card=title, what=RES_NAME[action.kind])
    if isinstance(action, Peek):
        return tr("sm.preview.title_on", card=title, what=str(names[action.target]))
    return tr("sm.preview.title", card=title)


def needs_confirm(action: Any, pv: Preview) -> bool:
    """Action cards always; a swap only when it may hand a rival their slam."""
    return not isinstance(action, Swap) or pv.slam_risk is not None


class Confirmer:
    """Holds a seat's previewed move until it is confirmed (table mode) or asks on a sheet (one person)."""

    def __init__(self, floor: SwapMeetScene) -> None:
        self.floor = floor
        self.armed: dict[int, tuple[Any, float]] = {}  # seat -> (previewed action, until)

    def explain(self, seat: int, kind: str) -> None:
        """A tap on an action card in the hand: what it does, in the hint line."""
        self.floor.alert(seat, ACTION_LINE[kind], error=False, seconds=5.0)

    def _scripted(self) -> bool:
        """A lesson's scripted step, whose coach explains its own moves; its free round previews and
        confirms as a match does (an action card there must not fire blind)."""
        coach = self.floor.app.coach
        return self.floor.guided and not (coach is not None and coach.step is not None and coach.step.free)

    def ask(self, region: Region, action: Any) -> bool:
        """True when `action` may be played now; else its preview is shown and it waits."""
        floor, seat = self.floor, region.seat
        view = floor.table.view(seat)
        if floor.table.reason(seat, action) is not None or self._scripted():
            return True  # the rules' refusal is what to hear; a lesson's coach explains its own moves
        pv = preview(view, action)
        if not needs_confirm(action, pv):
            return True
        names = floor.names
        lines = effects(pv, action, names)
        if floor.table_mode:
            armed = self.armed.pop(seat, None)
            if armed is not None and armed[0] == action and floor.time <= armed[1]:
                return True
            self.armed[seat] = (action, floor.time + ARM_SECONDS)
            floor.alert(seat, tr("sm.preview.tap_again", lines=" ".join(lines)), error=False, seconds=ARM_SECONDS)
            return False
        does = [] if isinstance(action, Swap) else [ACTION_LINE[CARD_OF[type(action)]]]
        floor.app.stack.push(ConfirmScene(floor.app, title_of(action, view, names), does + lines, [
            (tr("sm.preview.play") if not isinstance(action, Swap) else tr("sm.preview.swap_anyway"),
             lambda: self._play(region, action, pv), "#primary"),
            (tr("sm.preview.cancel"), lambda: None, None)]))
        return False

    def _play(self, region: Region, action: Any, shown: Preview) -> None:
        """Play it as previewed; if the table changed meanwhile, show the new preview first."""
        fresh = preview(self.floor.table.view(region.seat), action)
        if fresh != shown and needs_confirm(action, fresh):
            self.ask(region, action)
            return
        self.floor.play(region, action)
