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
from game.scenes.swap_meet.model import RES_NAME, of_kind
from game.text.persons import verb, whom
from rules.swap_meet.actions import Crash, HostileTakeover, Peek, Swap, TaxAudit
from rules.swap_meet.data import ACTION_TITLES, AUDIT, CRASH, INSIDE, SLAM_MIN, TAKEOVER
from rules.swap_meet.preview import Preview, preview

if TYPE_CHECKING:
    from game.scenes.swap_meet.layout import Region
    from game.scenes.swap_meet.scene import SwapMeetScene

ARM_SECONDS = 6.0  # table mode: how long a previewed move waits for its second tap
ACTION_LINE = {
    CRASH: "Market Crash: halve one type's market multiplier (never below 0.25×).",
    INSIDE: "Inside Trading: see one rival's secret contract (only you see it).",
    AUDIT: "Tax Audit: every stall, yours too, throws away one random card not on offer.",
    TAKEOVER: "Hostile Takeover: take one random resource from the rival with the top score.",
}
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


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def effects(pv: Preview, action: Any, names: Sequence[str]) -> list[str]:
    """The preview in short sentences, the mover's own loss first."""
    out = [f"{RES_NAME[k]} market: {before:.2f}× now, {after:.2f}× after" for k, before, after in pv.meters]
    if pv.reveals is not None:
        out.append(f"You see {names[pv.reveals]}'s contract; nobody else does.")
    for loss in pv.losses:
        who = names[loss.seat]
        if pv.gainer is not None:
            out.append(f"{who} {verb(who, 'loses', 'lose')} 1 random resource to {whom(names[pv.gainer])}.")
        elif loss.kinds:
            kinds = " or ".join(RES_NAME[k] for k in loss.kinds)
            out.append(f"{who} {verb(who, 'loses', 'lose')} 1 random card: {kinds}.")
    others = [names[x.seat] for x in pv.losses if not x.kinds and pv.gainer is None]
    if others:
        out.append(f"{_joined(others)} {'each lose' if len(others) > 1 else verb(others[0], 'loses', 'lose')}"
                   " 1 random card.")
    if pv.slam_risk is not None:
        rival, kind = pv.slam_risk
        out.append(f"Careful: {names[rival]} may be left holding only {RES_NAME[kind]}s — a slam "
                   f"({SLAM_MIN}+ of one type) locks the round, +10 for them.")
    if pv.blocked:
        out.append(f"Nothing happens: {pv.blocked}.")
    return out


def title_of(action: Any, view: Any, names: Sequence[str]) -> str:
    """The sheet's headline: the card's name, or the swap in a few words."""
    if isinstance(action, Swap):
        offer = view.offers[action.target]
        got = of_kind(offer.count, offer.kind) if offer is not None else "their offer"
        count = offer.count if offer is not None else 1
        return f"Swap {of_kind(count, action.give)} for {names[action.target]}'s {got}?"
    title = ACTION_TITLES[CARD_OF[type(action)]]
    if isinstance(action, Crash):
        return f"{title} on {RES_NAME[action.kind]}?"
    if isinstance(action, Peek):
        return f"{title} on {names[action.target]}?"
    return f"{title}?"


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
            floor.alert(seat, f"{' '.join(lines)} Tap again to play.", error=False, seconds=ARM_SECONDS)
            return False
        does = [] if isinstance(action, Swap) else [ACTION_LINE[CARD_OF[type(action)]]]
        floor.app.stack.push(ConfirmScene(floor.app, title_of(action, view, names), does + lines, [
            ("Play it" if not isinstance(action, Swap) else "Swap anyway", lambda: self._play(region, action, pv),
             "#primary"),
            ("Cancel", lambda: None, None)]))
        return False

    def _play(self, region: Region, action: Any, shown: Preview) -> None:
        """Play it as previewed; if the table changed meanwhile, show the new preview first."""
        fresh = preview(self.floor.table.view(region.seat), action)
        if fresh != shown and needs_confirm(action, fresh):
            self.ask(region, action)
            return
        self.floor.play(region, action)
