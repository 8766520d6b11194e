"""The kiosk config file: the operator PIN, which games are offered, timers and the kiosk's own profile.

`market-hall --kiosk --kiosk-config PATH` reads a JSON object; without the option,
`kiosk.json` in the config folder is read when it exists. A damaged file, an unknown key or a
value of the wrong type is reported (on screen and in the log) and the default is used for it:
a typo in a config file must never stop a kiosk from starting. Changes made in the operator
menu are kept in `kiosk-operator.json` in the data folder, on top of the file.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game.services import paths
from game.services.files import BadFile, read_json
from game.services.settings import BOT_SPEEDS, Settings
from game.shell import catalog
from game.text.locales import LANGUAGES

log = logging.getLogger(__name__)

BOT_LEVELS = ("easy", "normal", "hard")
OVERRIDES = "kiosk-operator.json"
MAX_BYTES = 64_000  # a kiosk config is a few hundred bytes


@dataclass(frozen=True)
class KioskConfig:
    """Every kiosk knob; the defaults suit a stand with a touch screen."""

    pin: str = ""  # empty: the operator gesture explains how to set one
    games: tuple[str, ...] = field(default_factory=catalog.names)  # every game in the catalogue
    seats: dict[str, int] = field(default_factory=dict)  # game → seats (demos and seat setup)
    bot_level: str = "normal"
    volume: float = 0.6
    bot_speed: str = "normal"  # the visitors' bots
    demo_bot_speed: str = "fast"
    attract_after: float = 45.0  # seconds idle on the title before the attract loop
    return_after: float = 120.0  # seconds idle on any other screen before the title
    match_idle: float = 90.0  # seconds without input in a match before "Still playing?"
    still_playing_seconds: float = 20.0
    demo_seconds: float = 90.0
    card_seconds: float = 8.0
    attract_sound: str = "muted"  # "muted" or "quiet"
    hide_pointer: bool = False  # touch-only kiosks
    leaderboard: bool = True
    dim_after: float = 900.0  # seconds idle before the screen dims
    shift_minutes: float = 3.0  # screen care: move the picture a pixel every few minutes
    pin_tries: int = 3
    pin_lock_seconds: float = 60.0
    crash_limit: int = 3  # this many crashes within crash_window seconds: exit non-zero
    crash_window: float = 120.0
    start_in_attract: bool = False
    keep_history: bool = False  # visitors' finished matches go to History only when the operator says so
    languages: tuple[str, ...] = ()  # offered on the attract banner by their own names; none: the kiosk's only

    def profile(self) -> Settings:
        """The settings every visitor starts from."""
        return Settings(volume=self.volume, bot_speed=self.bot_speed, fullscreen=True)

    def with_(self, **changes: Any) -> KioskConfig:
        """A copy with some knobs changed (validated)."""
        return _checked(replace(self, **changes), [])


def _checked(cfg: KioskConfig, problems: list[str]) -> KioskConfig:
    """Clamp numbers and drop unknown names; each fix is noted in `problems`."""
    known = catalog.names()
    games = tuple(g for g in cfg.games if g in known) or known
    seats = {g: int(n) for g, n in cfg.seats.items() if g in known and isinstance(n, int) and 1 <= n <= 6}
    if len(games) != len(cfg.games) or len(seats) != len(cfg.seats):
        problems.append("unknown games or seat counts were ignored")
    languages = tuple(dict.fromkeys(lang for lang in cfg.languages if lang in LANGUAGES))
    if len(languages) != len(set(cfg.languages)):
        problems.append(f"languages are some of {', '.join(LANGUAGES)}")
    fixes: dict[str, Any] = {"games": games, "seats": seats, "languages": languages}
    if cfg.bot_level not in BOT_LEVELS:
        fixes["bot_level"] = "normal"
    for key in ("bot_speed", "demo_bot_speed"):
        if getattr(cfg, key) not in BOT_SPEEDS:
            fixes[key] = "normal"
    if cfg.attract_sound not in ("muted", "quiet"):
        fixes["attract_sound"] = "muted"
    fixes["volume"] = min(1.0, max(0.0, float(cfg.volume)))
    for key in ("attract_after", "return_after", "match_idle", "still_playing_seconds", "demo_seconds",
                "card_seconds", "dim_after", "shift_minutes", "pin_lock_seconds", "crash_window"):
        fixes[key] = max(1.0, float(getattr(cfg, key)))
    fixes["pin_tries"] = max(1, int(cfg.pin_tries))
    fixes["crash_limit"] = max(1, int(cfg.crash_limit))
    return replace(cfg, **fixes)


def _typed(key: str, value: Any, default: Any) -> Any:
    """`value` when it has the type of the default (ints pass for floats), else raise TypeError."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value == value
    elif isinstance(default, tuple):
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        value = tuple(value) if ok else value
    else:
        ok = isinstance(value, type(default)) and not isinstance(value, bool)
    if not ok:
        raise TypeError(f"{key} should be like {default!r}")
    return value


def from_json(raw: Any, problems: list[str]) -> KioskConfig:
    """A config from parsed JSON; each ignored part is described in `problems`."""
    base = KioskConfig()
    if not isinstance(raw, dict):
        problems.append("it is not a JSON object")
        return base
    values: dict[str, Any] = {}
    known = {f.name: getattr(base, f.name) for f in fields(KioskConfig)}
    for key, value in raw.items():
        if key not in known:
            problems.append(f"unknown setting {key!r}")
            continue
        try:
            values[key] = _typed(key, value, known[key])
        except TypeError as exc:
            problems.append(str(exc))
    return _checked(replace(base, **values), problems)


def default_path() -> Path:
    """Where a kiosk looks for its config when no --kiosk-config is given."""
    return paths.config_dir() / "kiosk.json"


def load(path: str | Path | None, pin: str | None = None) -> tuple[KioskConfig, str | None]:
    """The kiosk config (file, then operator changes, then --kiosk-pin) and a warning for the screen."""
    file = Path(path) if path else default_path()
    problems: list[str] = []
    raw: Any = {}
    if path or file.is_file():
        try:
            raw = read_json(file, MAX_BYTES)
        except BadFile as exc:  # NoFile too: a --kiosk-config that names nothing is worth saying
            problems.append(exc.reason)
    cfg = from_json(raw, problems)
    cfg = _apply_overrides(cfg)
    if pin:
        cfg = replace(cfg, pin=pin)
    warning = None
    if problems:
        warning = f"Kiosk config {file.name}: {'; '.join(problems[:3])}. Defaults are used for those."
        log.warning("kiosk config %s: %s", file, "; ".join(problems))
    return cfg, warning


def _apply_overrides(cfg: KioskConfig) -> KioskConfig:
    path = paths.data_dir() / OVERRIDES
    if not path.is_file():
        return cfg
    try:
        raw = read_json(path, MAX_BYTES)
    except BadFile as exc:
        log.warning("operator changes %s unreadable (%s): ignored", path, exc.reason)
        return cfg
    merged = {k: v for k, v in asdict(cfg).items() if k != "pin"}
    if isinstance(raw, dict):
        merged.update({k: v for k, v in raw.items() if k != "pin"})
    merged["games"], merged["languages"] = list(merged["games"]), list(merged["languages"])
    return replace(from_json(merged, []), pin=cfg.pin)


def save_overrides(cfg: KioskConfig, keys: tuple[str, ...]) -> None:
    """Keep what the operator changed (never the PIN) across restarts."""
    path = paths.data_dir() / OVERRIDES
    data = {k: getattr(cfg, k) for k in keys}
    if "games" in data:
        data["games"] = list(data["games"])
    try:
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    except OSError as exc:
        log.warning("could not keep the operator's changes in %s: %s", path, exc)
