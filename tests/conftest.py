"""Shared fixtures: a headless app on a fake clock, and helpers that act like a player."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the system language a test app speaks (game/text/locales.py), whatever the machine's

import gc  # noqa: E402
import random  # noqa: E402
import signal  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
import websockets.asyncio.connection  # noqa: E402
import websockets.sync.connection  # noqa: E402

from game.compose import compose_app  # noqa: E402
from game.shell.app import App, AppOptions  # noqa: E402
from game.shell.loop import FakeClock  # noqa: E402

# websockets draws each keepalive ping's payload from the global `random` module, on the relay's and
# every client's own threads; Hypothesis takes any change of that state during one of its draws for a
# strategy using `random` (HypothesisDeprecationWarning, an error under pyproject.toml). In tests the
# pings draw from a Random of their own, so a live connection beside a property test is harmless.
for _module in (websockets.asyncio.connection, websockets.sync.connection):
    _module.random = random.Random(0)  # type: ignore[assignment]

# A suite started in the background of a script (`.ci/run &`, nohup) inherits Ctrl-C ignored, and so
# would every relay and app the tests start: they are stopped with SIGINT, as a person stops them.
# A handler here is reset to the default in each child, so the children stop on it again.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


_RASTERS: dict[tuple[str, object, int], pygame.Surface] = {}


@pytest.fixture(autouse=True, scope="session")
def _rasters_once():  # type: ignore[no-untyped-def]
    """Each worker draws a sprite file at a size once, not once per app: every scene test builds an
    App, and drawing its SVGs was a tenth of such a test. The app converts what it gets, as before."""
    from game.services import assets

    draw = assets.rasterise

    def once(path: str, size):  # type: ignore[no-untyped-def]
        key = (path, size, os.stat(path).st_mtime_ns)
        if key not in _RASTERS:
            _RASTERS[key] = draw(path, size)
        return _RASTERS[key]

    assets.rasterise = once
    yield
    assets.rasterise = draw


@pytest.fixture(autouse=True, scope="session")
def _app_collects_only_the_newer():  # type: ignore[no-untyped-def]
    """The app's `give_back()` (game/services/memory.py) unfreezes and walks the whole process at every
    App start and every table that leaves: in a test worker that is every module the suite imports
    (~200k objects), and those walks were a fifth of the suite's CPU. In tests it collects only what
    is newer than the worker's frozen base (`_base_frozen`) and still trims the heap; it freezes
    nothing, so nothing a test leaves behind is kept. tests/test_memory.py calls the real one."""
    from game.kiosk import shell as kiosk_shell
    from game.services import memory
    from game.shell import app as app_module

    def newer_only() -> None:
        gc.collect()
        if memory._LIBC is not None:
            memory._LIBC.malloc_trim(0)

    app_module.give_back = kiosk_shell.give_back = newer_only  # type: ignore[assignment]
    yield
    app_module.give_back = kiosk_shell.give_back = memory.give_back  # type: ignore[assignment]


@pytest.fixture(autouse=True)
def _base_frozen() -> None:
    """Before each test, what the worker holds is frozen, if nothing is: at the first test, and after a
    test that unfroze it (the real `give_back()`, a relay's collector)."""
    if gc.get_freeze_count() == 0:
        gc.collect()
        gc.freeze()


# The deep tier: the longest journeys, each with a cheaper sibling of the same kind in the default
# run (which is CI's, and must stay under its 12 minutes on two cores). `pytest -m deep` runs them
# alone, `pytest -m "deep or not deep"` runs everything; run them before a release and after
# changing what they walk. Why each one's sibling suffices is said beside it.
DEEP = {
    # text size: every kiosk screen and a room's lobby in every language at 150 % at both window sizes; the
    # hardest language for each screen stays in the default run
    "test_text_size_shell.py::test_every_kiosk_screen_and_the_lobby_at_150_percent_fit_in_every_language_at_both_sizes",
    # the shell sweep: every shell and kiosk screen in each language at 100, 125 and 150 % at both window
    # sizes; History in Spanish at 100 % (a filter pygame-gui cut) stays in the default run
    *(f"test_text_size_shell.py::test_every_shell_and_kiosk_screen_fits_at_every_text_size_and_window_size[{lang}]"
      for lang in ("en", "de", "fr", "es", "it")),
    # text size at the tables: the whole walk (guided + monkey, three games) at 150 % in German and 125 %
    # in French; one end screen and one coach step at 150 % stay in the default run (test_text_size_tables.py)
    "test_text_size_tables.py::test_the_tables_walk_at_a_bigger_text_size_has_no_layout_problem[de-150-1280x720]",
    "test_text_size_tables.py::test_the_tables_walk_at_a_bigger_text_size_has_no_layout_problem[fr-125-1920x1080]",
    # Night Market's and Swap Meet's walk in the other languages and sizes found clean (MORE_WALKS); their
    # German walk at 150 % and French at 125 % are the ones above, the cheap siblings the default run's
    "test_text_size_tables.py::test_two_tables_walk_in_more_languages_has_no_layout_problem[en-150-1280x720]",
    "test_text_size_tables.py::test_two_tables_walk_in_more_languages_has_no_layout_problem[es-150-1280x720]",
    "test_text_size_tables.py::test_two_tables_walk_in_more_languages_has_no_layout_problem[it-150-1280x720]",
    "test_text_size_tables.py::test_two_tables_walk_in_more_languages_has_no_layout_problem[fr-150-1280x720]",
    # Stamp Swap's walk in each language at 125 and 150 % (its float, track and hover-card rules are judged
    # module by module in the default run, test_text_size_tables.py)
    *(f"test_text_size_tables.py::test_stamp_swaps_walk_in_every_language_at_a_bigger_text_size_has_no_layout_problem"
      f"[{lang}-{percent}]" for percent in (150, 125) for lang in ("en", "de", "fr", "es", "it")),
    # the kiosk's demo tables at 150 % in German (every kiosk screen is judged in the default run at its size)
    "test_text_size_tables.py::test_the_kiosks_demo_tables_at_150_percent_in_german_have_no_layout_problem",
    # layout: every guided step and the kiosk's demos (every game's table) are walked in the default run
    "test_layout_check.py::test_the_rest_of_the_screens_walk_has_no_layout_problem[1920x1080-monkey]",
    # two app processes with a guest restart: Swap Meet stays in the default run
    "test_online_two_apps.py::test_two_app_processes_play_a_whole_match_with_a_guest_restart_in_the_middle[night-market]",
    "test_online_two_apps.py::test_two_app_processes_play_a_whole_match_with_a_guest_restart_in_the_middle[stamp-swap]",
    # monkeys: one person playing each game to its end stays in the default run (Swap Meet's tables of
    # 3 and 4 by fingers are here; its table mode by fingers is walked in test_swap_meet_scene_table.py)
    "test_swap_meet_scene_monkey.py::test_a_playing_monkey_plays_a_whole_match_to_the_final_standings[3]",
    "test_swap_meet_scene_monkey.py::test_a_playing_monkey_plays_a_whole_match_to_the_final_standings[4]",
    "test_night_market_scene_monkey.py::test_monkey_survives_the_night_market_table[1]",
    "test_night_market_scene_monkey.py::test_monkey_survives_the_night_market_table[2]",
    "test_night_market_scene_monkey.py::test_playing_monkey_plays_whole_matches_to_the_end_screen[2]",
    "test_stamp_swap_scene_monkey.py::test_monkey_plays_stamp_swap_to_the_final_show[2]",
    # guided matches: each lesson is followed to its end by mouse with wrong taps in the default run
    "test_tutorial_stamp_swap.py::test_the_lesson_reaches_the_end_at_full_hd_by_finger",
    "test_tutorial_stamp_swap.py::test_a_lesson_left_in_the_show_resumes_on_the_same_view",
    "test_tutorial_swap_meet.py::test_the_autopilot_reaches_the_end[size1-False-True]",
    "test_tutorial_night_market.py::test_the_autopilot_reaches_the_end_and_every_wrong_tap_only_gets_a_hint[size1]",
    "test_tutorial_night_market.py::test_fingers_follow_it_and_a_resumed_lesson_lands_on_the_same_table",
    # Night Market's Hard at its full budget for a whole round: its legality, reproducibility and a
    # strength floor on a small budget stay in the default run (test_night_market_bots.py)
    "test_night_market_bots.py::test_hard_plays_a_round_against_easy",
    # the conformance playouts: Swap Meet's seed 1 and both seeds of the other games stay in the default run
    "test_contract.py::test_every_game_keeps_the_contract_over_random_playouts[swap-meet-2]",
    # by keyboard: Night Market's opening steps (a move by keys, Enter off the target) stay in the default run
    "test_tutorial_keyboard.py::test_each_lesson_is_followed_to_its_end_by_keys_alone[night-market]",
    "test_tutorial_keyboard.py::test_each_lesson_is_followed_to_its_end_by_keys_alone[stamp-swap]",
    "test_tutorial_keyboard.py::test_each_lesson_is_followed_to_its_end_by_keys_alone[swap-meet]",
    # Stamp Swap's table in German at full HD and in French at 1280x720: German at 1280x720 and French at
    # full HD stay in the default run (the same screens, the other language's longer words)
    "test_language_stamp_swap.py::test_a_stamp_swap_table_fits_in_german_and_french[de-size0]",
    "test_language_stamp_swap.py::test_a_stamp_swap_table_fits_in_german_and_french[fr-size1]",
    # the same pattern for the other screens laid out per language: German at 1280x720 and French at full HD
    # stay in the default run (and tests/test_catalogue_check.py words every one of these screens)
    *(f"{name}[{case}]" for case in ("de-size0", "fr-size1") for name in (
        "test_language_screens.py::test_title_settings_and_a_night_market_table_fit_in_german_and_french",
        "test_language_swap_meet.py::test_a_swap_meet_table_and_its_round_summary_fit_in_german_and_french",
        "test_language_shell.py::test_seat_setup_dialogs_history_and_online_fit_in_german_and_french")),
    # every guided match in every language by keys alone: each game's opening in one other language stays in the
    # default run (test_guided_languages.py), with every step worded in every language
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[night-market-en]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[swap-meet-en]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[stamp-swap-en]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[night-market-de]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[swap-meet-de]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[stamp-swap-de]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[night-market-fr]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[swap-meet-fr]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[stamp-swap-fr]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[night-market-es]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[swap-meet-es]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[stamp-swap-es]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[night-market-it]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[swap-meet-it]",
    "test_guided_languages.py::test_each_lesson_by_keys_alone_in_every_language[stamp-swap-it]",
}


# The default run's longest tests (10-100 s each under load), started first: with `--dist worksteal`
# (pyproject.toml) a worker that runs out takes the other's queued tests, so both end together on
# short tests instead of one idling while the other finishes a long walk that came last.
FIRST = (
    "test_layout_check.py::test_every_step_of_the_three_guided_matches",
    "test_layout_check.py::test_the_rest_of_the_screens_walk",
    "test_contract.py::test_every_game_keeps_the_contract",
    "test_online_two_apps.py::",
    "test_tutorial_swap_meet.py::test_the_autopilot_reaches_the_end",
    "test_online_table_scenes.py::test_swap_meet_online_host_pending",
    "test_swap_meet_scene_monkey.py::",
    "test_night_market_scene_monkey.py::",
    "test_kiosk_operator.py::test_wrong_pins_lock_the_pad",
    "test_kiosk.py::test_the_attract_loop_moves_on",
    "test_kiosk.py::test_screen_care_moves_the_picture",
    "test_monkey_shell.py::",
    "test_online_scenes.py::test_host_a_night_market_room",
    "test_swap_meet_props.py::test_bot_games_with_random_timings",
    "test_tutorial_stamp_swap.py::test_the_autopilot_reaches_the_end",
    "test_night_market_scene_feel.py::test_the_rival_chip",
    "test_swap_meet_bots.py::test_bots_finish_matches",
    "test_types.py::",
)


def _first(item) -> int:  # type: ignore[no-untyped-def]
    name = item.nodeid.removeprefix("tests/")
    return next((i for i, prefix in enumerate(FIRST) if name.startswith(prefix)), len(FIRST))


def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    for item in items:
        if item.nodeid.removeprefix("tests/") in DEEP:
            item.add_marker(pytest.mark.deep)
            item.add_marker(pytest.mark.slow)  # `-m "not slow"` (which replaces `not deep`) leaves it out too
    items[:] = sorted(items, key=_first)  # stable: the rest keep pytest's order


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A real redis-server for one test module (tests/redis_helpers.py: skipped in one line where none
    is installed); tests that need a clean database flush it."""
    from tests.redis_helpers import running_redis

    with running_redis(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture(autouse=True)
def market_home(tmp_path, monkeypatch):
    """Every test gets its own settings, saves and log folder."""
    monkeypatch.setenv("MARKET_HALL_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


class Player:
    """Drives an App like a person: taps, drags, fingers, keys; steps frames on a fake clock."""

    def __init__(self, app: App, clock: FakeClock) -> None:
        self.app = app
        self.clock = clock

    def frames(self, n: int = 1, dt: float = 1 / 60) -> None:
        """Advance n frames of dt seconds each."""
        for _ in range(n):
            self.clock.advance(dt)
            self.app.frame()

    def window_pos(self, logical: tuple[float, float]) -> tuple[int, int]:
        """Logical canvas point → window pixel."""
        d = self.app.display
        return (round(d.viewport.x + logical[0] * d.scale), round(d.viewport.y + logical[1] * d.scale))

    def click(self, logical: tuple[float, float], settle: int = 3) -> None:
        """A mouse click at a logical point."""
        pos = self.window_pos(logical)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(settle)

    def press_button(self, element, settle: int = 3) -> None:  # type: ignore[no-untyped-def]
        """Click a pygame-gui element in the middle."""
        self.click(element.rect.center, settle)

    def finger(self, kind: int, logical: tuple[float, float], finger_id: int = 0, emulate: bool = True) -> None:
        """Post a finger event like SDL does (and its emulated mouse event for the first finger)."""
        wx, wy = self.window_pos(logical)
        w, h = self.app.display.size
        pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=wx / w, y=wy / h,
                                             dx=0.0, dy=0.0, pressure=1.0))
        mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP}.get(kind)
        if emulate and finger_id == 0 and mouse is not None:
            pygame.event.post(pygame.event.Event(mouse, pos=(wx, wy), button=1, touch=True))

    def tap_finger(self, logical: tuple[float, float], finger_id: int = 0) -> None:
        """A quick finger tap."""
        self.finger(pygame.FINGERDOWN, logical, finger_id)
        self.frames(1)
        self.finger(pygame.FINGERUP, logical, finger_id)
        self.frames(3)

    def key(self, key: int) -> None:
        """Press and release a key."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.frames(2)

    @property
    def top(self):  # type: ignore[no-untyped-def]
        """The scene on top of the stack."""
        return self.app.stack.top


def make_player(size=(1280, 720), **opts) -> Player:  # type: ignore[no-untyped-def]
    """A fresh headless app at `size` on a fake clock."""
    clock = FakeClock()
    opts.setdefault("bot_threads", False)  # bots decide on the frame thread: tests are deterministic
    app = compose_app(AppOptions(size=size, pace=False, seed=7, **opts), clock=clock)
    player = Player(app, clock)
    player.frames(2)
    return player


@pytest.fixture
def player():
    """A headless app at 1280×720 driven like a person."""
    p = make_player()
    yield p
    pygame.quit()


@pytest.fixture
def small_hard_swap_meet(monkeypatch):  # type: ignore[no-untyped-def]
    """Swap Meet's Hard bots search with a small budget: the same code path, whole matches stay quick
    (Hard's strength is measured by autoplay and the benches, not by the tests)."""
    from rules.swap_meet.bot.rival import RivalBot
    from rules.swap_meet.bot.search import Budget
    from rules.swap_meet.game import GAME

    small = Budget(worlds=2, candidates=3, screen=1, finalists=2, horizon=10.0, confidence=0.5)
    made = GAME.make_bot

    def make(level: str, seat: int, seed: int) -> object:
        return RivalBot("hard", seat, seed, budget=small) if level == "hard" else made(level, seat, seed)

    monkeypatch.setattr(GAME, "make_bot", make)


@pytest.fixture
def english_after():  # type: ignore[no-untyped-def]
    """For a test that changes the language: the language is the process's, so the next test starts in English."""
    yield
    from game import text

    text.use("en")
    pygame.quit()


def layout_problems(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The layout check's problems on the app's next frame, each as one line with its words."""
    from game.draw.layout_record import judge
    from game.tools.layout_walk import record_frame

    return [f"{p.kind}: {p.why} {[m.words for m in p.marks]}" for p in judge(record_frame(app))]

