"""Night Market's guided match: one short round on a stacked deal, won by the Porter token.

The deal (the rules' "stack" option) puts a Pearl in the market, Pearl + three Jades + a porter in
your hand and Pearls and Ambers in the Rival's, then the cards the story needs on top of the deck.
You take a good, take the porters, sell a precious pair (after trying one Pearl alone and reading
why not), exchange porters for two Jades (Exchange fills the gap with porters) and sell five Jades
for the big bonus token. The Rival's scripted sales empty the Pearl and Amber piles, so the round
ends on three empty piles; seed 2 makes the hidden bonus tokens fall so that your Porter token
decides the seal, 54 to 51. About 16 steps × 8 s + 5 beats + the ceremony: under 3 minutes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.text import tr
from game.tutorial.script import Check, Guide, Step, Watch, w
from rules.contract import MatchConfig, SeatConfig
from rules.night_market.data import CARD_KIND, MARKET_START_PORTERS, PORTER_IDS
from rules.night_market.legal import SELL_TWO
from rules.refusal import Code
from rules.registry import get_game

GAME = "night-market"
SEED = 2  # the bonus tokens: yours 10, the Rival's 1 and 8 (a 3-point win that the Porter token decides)
STACK = (
    "pearl", "silk",  # the market, beside its three porters
    "pearl", "jade", "jade", "jade", "porter",  # your hand (the porter joins your team)
    "pearl", "pearl", "amber", "amber", "amber",  # the Rival's hand
    "pearl", "leather", "amber", "jade", "jade", "amber", "spice",  # the deck's top, in refill order
)


def stack_ids(stack: tuple[str, ...]) -> list[int]:
    """The card ids the stacked deal uses: of each kind the lowest id still free (as the rules pick)."""
    used, ids = set(PORTER_IDS[:MARKET_START_PORTERS]), []
    for kind in stack:
        card = next(c for c, k in enumerate(CARD_KIND) if k == kind and c not in used)
        used.add(card)
        ids.append(card)
    return ids


(M_PEARL, _SILK, MY_PEARL, J1, J2, J3, _PORTER, R_PEARL1, R_PEARL2, R_AMBER1, R_AMBER2, R_AMBER3,
 D_PEARL, _LEATHER, D_AMBER1, D_JADE1, D_JADE2, D_AMBER2, _SPICE) = stack_ids(STACK)
MARKET_PORTERS = PORTER_IDS[:MARKET_START_PORTERS]
MY_JADES = (J1, J2, J3, D_JADE1, D_JADE2)


def _move(data: dict[str, Any]) -> Callable[[Any], bool]:
    """Allow exactly this move (the selection builds its card lists sorted)."""
    want = get_game(GAME).action_from_json(data)
    return lambda action: bool(action == want)


def _selected(market: tuple[int, ...] = (), hand: tuple[int, ...] = ()) -> Check:
    """Over when the table's selection is exactly these cards (no porters added by hand)."""
    def check(watch: Watch) -> bool:
        scene: Any = watch.scene
        return scene.sel_market == set(market) and scene.sel_hand == set(hand) and not scene.sel_porters
    return check


def _refused(code: Code) -> Check:
    """Over when the selection is refused with `code` (the line words it in the player's language)."""
    return lambda watch: getattr(getattr(getattr(watch.scene, "selection", None), "refusal", None), "code", None) \
        == code.code


def _next_round(watch: Watch) -> bool:
    """The round-end ceremony was closed: the table shows round 2."""
    scene: Any = watch.scene
    return bool(scene.view.round_no == 2 and len(watch.scenes) == 1)


def _sell(*cards: int) -> dict[str, Any]:
    return {"type": "sell", "cards": sorted(cards)}


def _take(card: int) -> dict[str, Any]:
    return {"type": "take", "card": card}


RIVAL = 1
TAKE_PEARL = w("nm.button.take", kind="pearl")  # a button's own words, from the table's catalogue
TAKE_PORTERS = w("nm.button.porters", count=len(MARKET_PORTERS), kind="porter")
SELL_PEARLS = w("nm.button.sell", count=2, kind="pearl")
EXCHANGE = w("nm.button.exchange", count=2)
SELL_JADES = w("nm.button.sell", count=5, kind="jade")
NEXT_ROUND = w("guide.nm.next_round")
STEPS = (
    Step((w("guide.nm.welcome"), w("guide.nm.welcome.seal")), shows=("chip:0", "chip:1")),
    Step((w("guide.nm.tap_pearl"),), target=(f"card:{M_PEARL}",),
         done=_selected(market=(M_PEARL,)), hint=w("guide.nm.tap_pearl.hint")),
    Step((w("guide.nm.take_pearl", button=TAKE_PEARL),), target=("move:take",), allow=_move(_take(M_PEARL)),
         hint=w("guide.press", button=TAKE_PEARL)),
    Step((w("guide.nm.rival_pearl"), w("guide.nm.tap_porter")),
         target=(f"card:{MARKET_PORTERS[0]}",), shows=(*(f"card:{c}" for c in MARKET_PORTERS[1:]), "chip:1"),
         opponents=((RIVAL, _take(D_PEARL)),), done=_selected(market=MARKET_PORTERS),
         hint=w("guide.nm.tap_porter.hint")),
    Step((w("guide.nm.take_porters", button=TAKE_PORTERS),), target=("move:porters",),
         allow=_move({"type": "take_porters"}), hint=w("guide.press", button=TAKE_PORTERS)),
    Step((w("guide.nm.rival_amber"), w("guide.nm.precious")), target=(f"card:{M_PEARL}",),
         opponents=((RIVAL, _take(D_AMBER1)),), shows=("chip:1", "market", "pile:pearl", "pile:amber", "pile:jade"),
         done=_refused(SELL_TWO), hint=w("guide.nm.precious.hint")),
    Step((w("guide.nm.why_not"),), target=(f"card:{MY_PEARL}",),
         shows=("line", "chip:0", "chip:1"), done=_selected(hand=(M_PEARL, MY_PEARL)),
         hint=w("guide.nm.why_not.hint")),
    Step((w("guide.nm.sell_pearls", button=SELL_PEARLS),), target=("move:sell",),
         shows=("line", "pile:pearl"), allow=_move(_sell(M_PEARL, MY_PEARL)),
         hint=w("guide.press", button=SELL_PEARLS)),
    Step((w("guide.nm.rival_sells"),), shows=("bonus:3", "chip:1"),
         opponents=((RIVAL, _sell(R_PEARL1, R_PEARL2, D_PEARL)),)),
    Step((w("guide.nm.exchange"),), target=(f"card:{D_JADE1}", f"card:{D_JADE2}"),
         done=_selected(market=(D_JADE1, D_JADE2)), hint=w("guide.nm.exchange.hint")),
    Step((w("guide.nm.fill", button=EXCHANGE),), target=("move:exchange",),
         shows=("line", "porters", f"card:{D_JADE1}", f"card:{D_JADE2}"),
         allow=_move({"type": "exchange", "take": sorted((D_JADE1, D_JADE2)), "give": [], "porters": 2}),
         hint=w("guide.press", button=EXCHANGE)),
    Step((w("guide.nm.rival_amber"), w("guide.nm.five_jades")), target=tuple(f"card:{c}" for c in MY_JADES),
         shows=("chip:1", "bonus:5"), opponents=((RIVAL, _take(D_AMBER2)),), done=_selected(hand=MY_JADES),
         hint=w("guide.nm.five_jades.hint")),
    Step((w("guide.nm.sell_jades", button=SELL_JADES),), target=("move:sell",), shows=("line", "pile:jade"),
         allow=_move(_sell(*MY_JADES)), hint=w("guide.press", button=SELL_JADES)),
    Step((w("guide.nm.round_ends"),), shows=("ceremony:why", "ceremony:scores", "ceremony:verdict"),
         opponents=((RIVAL, _sell(R_AMBER1, R_AMBER2, R_AMBER3, D_AMBER1, D_AMBER2)),)),
    Step((w("guide.nm.porter_token", button=NEXT_ROUND),), target=("round:next",),
         shows=("ceremony:scores",), done=_next_round, hint=w("guide.press", button=NEXT_ROUND)),
    Step((w("guide.nm.the_end"),), shows=("chip:0",)),
)


def guide() -> Guide:
    """Night Market's guided match."""
    seats = (SeatConfig(tr("guide.seat.player")), SeatConfig(tr("guide.seat.rival"), "normal"))  # as the lesson opens
    return Guide(GAME, SEED, MatchConfig(seats, {"first_seat": 0, "stack": list(STACK)}), STEPS, minutes=3)
