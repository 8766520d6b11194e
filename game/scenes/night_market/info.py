"""Details on demand at the Night Market table: a merchant, a coin pile, bonus piles, the ⋯ menu, Game info."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.scenes.night_market.overlays import GameInfoScene, InfoPanel, MenuScene
from game.scenes.night_market.story import kinds_words
from game.text import tr
from rules.night_market.data import BONUS_SIZES, BONUS_VALUES, GOODS, PRECIOUS, SEALS_TO_WIN

if TYPE_CHECKING:
    from game.match.table import Table
    from game.shell.app import App



def size_words(size: int) -> str:
    """'3 cards', '4 cards', '5+ cards' (a bonus pile's sale size)."""
    return tr(f"nm.size.{size}")


class TableInfo:
    """Mixed into the scene: overlays built from the viewer's view only."""

    # what this mixin uses of the scene it is mixed into (NightMarketScene and its bases)
    app: App
    table: Table
    view: Any
    viewer: int | None
    last_move: dict[int, tuple[str, ...]]
    log_lines: list[str]

    if TYPE_CHECKING:
        def role_of(self, seat: int) -> str: ...
        def open_help(self, on_close: Callable[[], None] | None = None) -> None: ...
        def quit_to_title(self) -> None: ...

    def show_merchant(self, seat: int) -> None:
        """Tokens taken, bonus tokens held (counts), porters, hand size, seals."""
        sv = self.view.seats[seat]
        coins = ", ".join(str(c) for c in sv.coins_taken) or tr("nm.merchant.none_yet")
        held = Counter(size for _, size in sv.bonus_tokens)
        bonus = ", ".join(tr("nm.merchant.bonus_item", count=held[s], size=size_words(s)) for s in BONUS_SIZES)
        lines = [tr("nm.merchant.coins", coins=sv.coins), tr("nm.merchant.tokens", tokens=coins),
                 tr("nm.merchant.bonus", bonus=bonus), tr("nm.merchant.hidden"),
                 tr("nm.merchant.porters", count=len(sv.porters)), tr("nm.merchant.hand", count=sv.hand_count),
                 tr("nm.merchant.seals", count=sv.seals, most=SEALS_TO_WIN)]
        if seat != self.viewer and sv.hand_known:
            lines.insert(6, tr("nm.merchant.seen", goods=kinds_words(k for _, k in sv.hand_known)))
        if seat in self.last_move:
            lines.append(tr("nm.merchant.last", what=self.last_move[seat][0]))
        self.app.stack.push(InfoPanel(self.app, f"{sv.name} · {self.role_of(seat)}", lines))

    def show_pile(self, index: int) -> None:
        """Every coin left in one good's pile, top first."""
        kind = GOODS[index]
        coins = dict(self.view.coins)[kind]
        lines = [tr("nm.coins.left", count=len(coins), worth=sum(coins)), tr("nm.coins.top")]
        if kind in PRECIOUS:
            lines.append(tr("nm.coins.precious", kind=kind))
        self.app.stack.push(InfoPanel(self.app, tr("nm.coins.heading", kind=kind), lines, f"good_{kind}", tuple(coins)))

    def show_bonus(self) -> None:
        """What is left in the bonus piles (values hidden)."""
        left = dict(self.view.bonus_piles)
        lines = [tr("nm.bonus.line", size=size_words(s), count=left[s], low=min(BONUS_VALUES[s]),
                    high=max(BONUS_VALUES[s])) for s in BONUS_SIZES]
        lines.append(tr("nm.bonus.face_down"))
        self.app.stack.push(InfoPanel(self.app, tr("nm.bonus.heading"), lines, "bonus_token"))

    def open_menu(self) -> None:
        """⋯: Game info, Help, Settings, Quit to title."""
        from game.scenes.settings import SettingsScene

        actions: dict[str, Callable[[], object]] = {
            "info": self.show_game_info,
            "help": self.open_help,
            "settings": lambda: self.app.go(lambda: self.app.stack.push(SettingsScene(self.app))),
            "quit": self.quit_to_title,
        }
        if self.table.can_pause:  # a match on this device: a friend online can take the Rival's place
            actions["online"] = self.play_friends_online
        self.app.stack.push(MenuScene(self.app, actions))

    def play_friends_online(self) -> None:
        """Leave this match (it stays paused) for an online room where a friend takes the Rival's seat."""
        from game.scenes.online import OnlineScene

        self.app.go(lambda: self.app.stack.reset(OnlineScene(self.app, "night-market")))

    def game_info_summary(self) -> list[tuple[str, str]]:
        """Label/value rows for Game info: coin piles, bonus tokens, deck, merchants."""
        rows: list[tuple[str, str]] = [(tr("nm.info.piles"), "")]
        for kind, coins in self.view.coins:
            rows.append((tr("nm.kind", kind=kind), "  ".join(str(c) for c in coins) or tr("nm.info.pile_empty")))
        rows.append((tr("nm.info.bonus_left"), ""))
        for size, left in self.view.bonus_piles:
            rows.append((size_words(size), tr("nm.info.face_down", count=left)))
        rows.append((tr("nm.info.table"), ""))
        rows.append((tr("nm.info.deck"), tr("nm.cards", count=self.view.deck_count)))
        rows.append((tr("nm.info.sold"), tr("nm.cards", count=len(self.view.sold))))
        for sv in self.view.seats:
            rows.append((sv.name, tr("nm.info.seat", coins=sv.coins, bonus=len(sv.bonus_tokens),
                                     porters=len(sv.porters), seals=sv.seals)))
        return rows

    def show_game_info(self) -> None:
        """The full log, the coin piles, bonus tokens and the deck."""
        self.app.stack.push(GameInfoScene(self.app, self.game_info_summary(), list(self.log_lines)))
