"""rules/ is pure Python: no pygame, no clock, no randomness but the seeded Rng in the state.

Every module under rules/ is parsed (not imported) and its imports are checked, so a forbidden
import fails here even in a module no other test loads.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "rules"

# Display, clocks, randomness, and the modules that reach a clock or the OS behind them.
BANNED = {"pygame", "pygame_gui", "time", "random", "datetime", "secrets", "uuid", "os", "sys", "threading",
          "asyncio", "calendar", "zoneinfo"}
BANNED_CALLS = {"__import__", "open", "input"}
LAZY_IMPORTERS = {"registry.py"}  # looks GAME objects up by name; imports only rules.* modules


def _modules() -> list[Path]:
    return sorted(RULES.rglob("*.py"))


def _imported(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def _called(tree: ast.AST) -> set[str]:
    return {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def test_the_walk_sees_every_game_package() -> None:
    parents = {p.parent.name for p in _modules()}
    assert {"night_market", "swap_meet", "stamp_swap", "rules"} <= parents


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(RULES)))
def test_rules_module_imports_nothing_impure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = {name.split(".")[0] for name in _imported(tree)}
    assert not roots & BANNED, f"{path.name} imports {sorted(roots & BANNED)}"
    if path.name not in LAZY_IMPORTERS:
        assert "importlib" not in roots, f"{path.name} imports importlib"
    assert not _called(tree) & BANNED_CALLS, f"{path.name} calls {sorted(_called(tree) & BANNED_CALLS)}"


def test_the_checker_catches_a_clock_read() -> None:
    tree = ast.parse("from time import perf_counter\nimport datetime.date\nimport random as r\n")
    assert {name.split(".")[0] for name in _imported(tree)} & BANNED == {"time", "datetime", "random"}


def test_the_registry_imports_only_rules_modules() -> None:
    from rules.registry import GAME_MODULES

    assert all(module.startswith("rules.") for module in GAME_MODULES.values())
