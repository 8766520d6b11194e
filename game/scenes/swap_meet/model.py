"""Swap Meet screen logic without drawing: a seat's selection and the model its panel is drawn from.

A selection is (kind, count): resource cards of one type are interchangeable in the rules
(OpenOffer and Swap name a type and a count), so the hand shows one fixed slot per type and its
+ and − change how many of which type are picked. `seat_model` turns the table's view of one seat
plus its selection into a frozen `PanelModel`; the panel re-renders only when that model changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.match.table import Table
from game.text import say, tr
from rules.swap_meet.actions import OpenOffer, Swap
from rules.swap_meet.data import (
    ACTION_CARDS,
    AUDIT,
    CONSOLATION_PER_CARD,
    CONTRACTS_BY_NAME,
    CRASH,
    EXTRA_PENALTY,
    INSIDE,
    LOCKER_BONUS,
    RESOURCES,
    TAKEOVER,
)
from rules.words import whole


class Worded(Mapping[str, str]):
    """A fixed set of keys whose words are looked up in the catalogue each time they are read, so
    a table of names follows the language in use (game/text)."""

    def __init__(self, keys: Sequence[str], word: Callable[[str], str]) -> None:
        self.keys_, self.word = tuple(keys), word

    def __getitem__(self, key: str) -> str:
        if key not in self.keys_:
            raise KeyError(key)
        return self.word(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)


RES_NAME = Worded(RESOURCES, lambda k: tr("sm.res", kind=k))  # "Crate": a resource card's name
ACTION_NAME = Worded(ACTION_CARDS, lambda k: tr("sm.action", card=k))  # "Market Crash"
RES_ICON = {k: f"res_{k}" for k in RESOURCES}
RES_COLOUR = {"crate": (222, 146, 72), "sack": (132, 196, 96), "coin": (246, 206, 74), "rack": (108, 164, 236)}
ACT_ICON = {CRASH: "act_crash", INSIDE: "act_inside", AUDIT: "act_audit", TAKEOVER: "act_takeover"}

@dataclass
class Selection:
    """How many cards of which resource type a seat has picked."""

    kind: str | None = None
    count: int = 0

    def tap(self, kind: str, step: str, held: int) -> bool:
        """A slot's + or its card ("more", "face") lifts one more of `kind` (another type starts over at
        one: an offer is one type); its − ("less") drops one. False when the tap changes nothing."""
        before = (self.kind, self.count)
        if step == "less":
            if kind == self.kind:
                self.count -= 1
        elif kind != self.kind:
            self.kind, self.count = (kind, 1) if held > 0 else (self.kind, self.count)
        else:
            self.count = min(held, self.count + 1)
        if self.count <= 0:
            self.clear()
        return (self.kind, self.count) != before

    def clear(self) -> None:
        """Nothing picked."""
        self.kind, self.count = None, 0

    def fit(self, counts: dict[str, int]) -> None:
        """Shrink to what the hand still holds (after a swap, audit or takeover)."""
        if self.kind is not None:
            self.count = min(self.count, counts.get(self.kind, 0))
            if self.count <= 0:
                self.clear()


@dataclass(frozen=True)
class Rival:
    """One opponent's row as a seat sees it."""

    seat: int
    name: str
    bot: bool
    total: float
    cards: int
    offer: tuple[str, int] | None
    can_swap: bool
    can_peek: bool
    peeked: str | None
    peeked_recipe: tuple[tuple[str, int], ...] = ()  # what Inside Trading showed: the contract's counts


@dataclass(frozen=True)
class Button:
    """A panel button: key for the hit test, label, lit or dimmed, colour style."""

    key: str
    label: str
    enabled: bool
    style: str = "plain"  # plain, primary, danger, action


@dataclass(frozen=True)
class PanelModel:
    """Everything one seat's panel shows."""

    seat: int
    name: str
    total: float
    phase: str
    counts: tuple[tuple[str, int], ...]
    actions: tuple[str, ...]
    sel: tuple[str | None, int]
    contract: str | None
    recipe: tuple[tuple[str, int], ...]
    base: int
    exact: bool
    bank: str | None
    pinned: bool
    bank_points: tuple[tuple[str, float], ...]  # what banking each type would score now
    my_offer: tuple[str, int] | None
    rivals: tuple[Rival, ...]
    buttons: tuple[Button, ...]
    hint: str
    masked: bool
    alert: tuple[str, bool] | None = None  # (words, error): said in the hint line's place for a moment
    news: bool = False  # the alert is the seat's own unseen news: a tap on the hint line clears it
    watching: bool = False  # a replay: no + / −, no buttons, no line asking the viewer to act


def of_kind(count: int, kind: str) -> str:
    """'1 Rack', '2 Racks': a count of one resource type in words ('3 cards' for anything else)."""
    if kind in RESOURCES:
        return tr("sm.of_kind", count=count, kind=kind)
    return tr("sm.cards", count=count)


def decimal(value: float, places: int = 2) -> str:
    """A multiplier's number as the language writes it: "1.50" in English, "1,50" in German."""
    return f"{float(value):.{places}f}".replace(".", tr("sm.decimal_point"))


def joined(names: Sequence[str]) -> str:
    """Names as a list in words: "Ada", "Ada and Bo", "Ada, Bo and Cy"."""
    if len(names) < 2:
        return "".join(map(str, names))
    return tr("sm.and", first=", ".join(map(str, names[:-1])), last=str(names[-1]))


def contract_name(name: str | None) -> str:
    """A contract card's title in the player's language (the rules name it in English)."""
    return tr("sm.contract", name=name) if name in CONTRACTS_BY_NAME else str(name or "")


def button_label(key: str) -> str:
    """A stall button's words by its key ("open", "crash:coin", "audit", ...)."""
    if key.startswith("crash:"):
        return tr("sm.button.crash", kind=key.split(":", 1)[1])
    if key in ("audit", "takeover"):
        return ACTION_NAME[AUDIT if key == "audit" else TAKEOVER]
    return tr(f"sm.button.{key}")


def recipe_of(contract: str | None) -> tuple[tuple[str, int], ...]:
    """A contract's resource counts by name (public card data; () for none)."""
    card = CONTRACTS_BY_NAME.get(contract) if contract else None
    return card.recipe if card else ()


def over_recipe(counts: dict[str, int], recipe: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """Cards held beyond the contract, per type (each one blocks Cash out)."""
    need = dict(recipe)
    return {k: n - need.get(k, 0) for k, n in counts.items() if n > need.get(k, 0)}


def pin_warning(points: float, held: int, kind: str) -> str | None:
    """Why pinning `kind` deserves a second tap (None: pin at once)."""
    if held:
        return None
    return tr("sm.pin_warning", kind=kind, points=whole(points))


def swap_for(view: Any, sel: Selection, target: int) -> Swap | None:
    """The swap this selection makes on `target`'s offer (same count, other type), else None."""
    offer = view.offers[target]
    if offer is None or sel.kind is None or target == view.seat:
        return None
    if offer.count != sel.count or offer.kind == sel.kind:
        return None
    return Swap(target, sel.kind, offer.id)


def hint_line(table: Table, view: Any, sel: Selection, names: Sequence[str]) -> str:
    """What the selection would do, or why not, in plain words."""
    if view.phase != "trading":
        return tr("sm.round_locked")
    seat = view.seat
    swaps = [t for t in range(view.seats)
             if (a := swap_for(view, sel, t)) is not None and table.reason(seat, a) is None]
    if sel.kind is None:
        if view.exact:
            return tr("sm.hint.exact", bonus=LOCKER_BONUS)
        return tr("sm.hint.pick")
    what = of_kind(sel.count, sel.kind)
    refusal = table.reason(seat, OpenOffer(sel.kind, sel.count))
    text = tr("sm.hint.open", what=what) if refusal is None else tr("sm.hint.cannot", what=what, why=say(refusal))
    if swaps:
        text += " " + tr("sm.hint.or_swap", names=", ".join(names[t] for t in swaps))
    elif any(o is not None and o.seat != seat for o in view.offers):
        text += " " + tr("sm.hint.no_taker", what=what)
    return text


def _buttons(table: Table, view: Any, sel: Selection, held: dict[str, int]) -> tuple[Button, ...]:
    seat = view.seat
    trading = view.phase == "trading"
    open_ok = sel.kind is not None and table.reason(seat, OpenOffer(sel.kind, sel.count)) is None
    out = [Button("open", button_label("open"), trading and open_ok, "primary"),
           Button("pull", button_label("pull"), trading and view.offers[seat] is not None),
           Button("cash", button_label("cash"), trading and view.exact, "primary")]
    kinds = {kind for _, kind in view.hand}
    if CRASH in kinds:
        out += [Button(f"crash:{k}", button_label(f"crash:{k}"), trading, "danger") for k in RESOURCES]
    if AUDIT in kinds:
        out.append(Button("audit", button_label("audit"), trading, "action"))
    if TAKEOVER in kinds:
        out.append(Button("takeover", button_label("takeover"), trading, "action"))
    return tuple(out)


def seat_model(table: Table, seat: int, sel: Selection, names: Sequence[str], masked: bool = False,
               flying: Mapping[tuple[int, str | None], int] | None = None,
               alert: tuple[str, bool] | None = None, news: bool = False) -> PanelModel:
    """The frozen model of one seat's panel; `flying` (seat, kind) -> cards still on their way there,
    not shown in a stall's counts until they land; `alert` a refusal or news for the hint line."""
    view = table.view(seat)
    held = view.counts()
    air = flying or {}
    shown = {k: max(0, held[k] - air.get((seat, k), 0)) for k in RESOURCES}
    sel.fit(held)
    kinds = {kind for _, kind in view.hand}
    watching = table.read_only
    trading = view.phase == "trading" and not watching
    rivals = []
    for other in range(view.seats):
        if other == seat:
            continue
        offer = view.offers[other]
        swap = swap_for(view, sel, other)
        rivals.append(Rival(
            other, names[other], table.is_bot(other), view.totals[other],
            max(0, view.hand_sizes[other] - sum(n for (s, _), n in air.items() if s == other)),
            (offer.kind, offer.count) if offer else None,
            trading and swap is not None and table.reason(seat, swap) is None,
            trading and INSIDE in kinds and other not in view.peeked,
            view.peeked.get(other), recipe_of(view.peeked.get(other))))
    mine = view.offers[seat]
    return PanelModel(
        seat=seat, name=names[seat], total=view.totals[seat], phase=view.phase,
        counts=tuple((k, shown[k]) for k in RESOURCES if shown[k]),
        actions=tuple(kind for _, kind in view.hand if kind not in RESOURCES),
        sel=(sel.kind, sel.count), contract=view.contract, recipe=view.recipe, base=view.contract_base,
        exact=view.exact, bank=view.bank, pinned=view.pin is not None,
        bank_points=tuple((k, view.bank_points(k)) for k in RESOURCES) if view.seat is not None else (),
        my_offer=(mine.kind, mine.count) if mine else None, rivals=tuple(rivals),
        buttons=() if watching else _buttons(table, view, sel, held), masked=masked,
        hint=tr("sm.hint.masked") if masked else watch_line(view, names) if watching else
        hint_line(table, view, sel, names),
        alert=alert, news=news and not masked, watching=watching)


def watch_line(view: Any, names: Sequence[str]) -> str:
    """The hint line in a replay: what the stall shows, never what to do."""
    if view.phase != "trading":
        return tr("sm.round_locked")
    return tr("sm.hint.watching", name=names[view.seat])


def points(value: Any) -> str:
    """A score as a player reads it: a whole number (96.8 -> 97); the rules keep the exact value."""
    return str(whole(value))


def score_sentence(row: Any, name: str) -> str:
    """One stall's round score in a sentence: "You banked 2 Racks: 22; −25 for 5 extra cards"."""
    bonus = tr("sm.score.bonus", bonus=row.locker_bonus) if row.locker_bonus else ""
    if row.path in ("cash", "contract"):
        return tr(f"sm.score.{row.path}", name=name, contract=contract_name(row.contract), base=row.base,
                  market=decimal(row.multiplier), points=points(row.base * row.multiplier)) + bonus
    gross = row.count * row.multiplier * CONSOLATION_PER_CARD
    text = tr(f"sm.score.{'slam' if row.path == 'slam' else 'bank'}", name=name,
              what=of_kind(row.count, row.kind or ""), points=points(gross))
    if row.extras:
        text += tr("sm.score.extras", penalty=EXTRA_PENALTY * row.extras, count=row.extras, card="card")
    return text + bonus


def lock_line(summary: Any, names: Sequence[str]) -> str:
    """Who locked the round and how: "Basil slammed 6 Crates: +10"."""
    if summary.locker is None or summary.how == "timer":
        return tr("sm.lock.timer_line")
    row = summary.stalls[summary.locker]
    who = names[summary.locker]
    if summary.how == "cash":
        return tr("sm.lock.cash_line", name=who, contract=contract_name(row.contract), bonus=row.locker_bonus)
    return tr("sm.lock.slam_line", name=who, what=of_kind(row.count, row.kind or ""), bonus=row.locker_bonus)


def floor_rivals(table: Table, names: Sequence[str],
                 flying: Mapping[tuple[int, str | None], int] | None = None) -> tuple[Rival, ...]:
    """Every stall as the floor shows it to nobody in particular (the kiosk's demo): names, scores,
    card counts and offers, all public."""
    view = table.view(None)
    air = flying or {}
    out = []
    for seat in range(view.seats):
        offer = view.offers[seat]
        cards = max(0, view.hand_sizes[seat] - sum(n for (s, _), n in air.items() if s == seat))
        out.append(Rival(seat, names[seat], table.is_bot(seat), view.totals[seat], cards,
                         (offer.kind, offer.count) if offer else None, False, False, None))
    return tuple(out)


def clock_text(seconds: float) -> str:
    """m:ss for a countdown (never negative)."""
    s = max(0, int(seconds + 0.999))
    return f"{s // 60}:{s % 60:02d}"
