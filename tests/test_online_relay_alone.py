"""The relay is a component of its own: it imports, serves and stops with pygame absent, started
as `python -m game.relay` or as `market-hall serve`. Real processes on 127.0.0.1, bounded."""

from __future__ import annotations

import ast
import json
import selectors
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.online_helpers import WAIT, Raw, legal

ROOT = Path(__file__).resolve().parents[1]
NO_PYGAME = "import sys; sys.modules['pygame'] = None; sys.modules['pygame_gui'] = None; "
ENTRIES = {  # how each door is opened in a process where any import of pygame fails
    "python -m game.relay": NO_PYGAME + "import runpy; sys.argv[0] = 'game.relay'; "
                                        "runpy.run_module('game.relay', run_name='__main__', alter_sys=True)",
    "market-hall serve": NO_PYGAME + "from game.cli import main; sys.exit(main(['serve', *sys.argv[1:]]))",
}


def _first_line(proc: subprocess.Popen[str], seconds: float) -> str:
    """The process's first line of output, waited for at most `seconds` (a safety net)."""
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        assert sel.select(seconds), "the relay printed nothing"
    return proc.stdout.readline()


@pytest.mark.slow
@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_the_relay_serves_a_room_with_pygame_blocked(entry, tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", ENTRIES[entry], "--port", "0", "--data", str(tmp_path)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ready = json.loads(_first_line(proc, 60))
        with urllib.request.urlopen(ready["url"] + "/health", timeout=WAIT) as response:
            health = json.loads(response.read())
        assert health["ok"] and health["rooms"] == 0
        host = Raw(ready["websocket"])
        host.send("create", game="night-market", name="Ana", options={"first_seat": 0})
        room = host.expect("joined", timeout=WAIT)["room"]
        host.expect("invite", timeout=WAIT)
        host.send("add_bot", level="easy")
        host.until("lobby", lambda m: len(m["seats"]) == 2, timeout=WAIT)
        host.send("start")
        first = host.expect("update", timeout=WAIT)
        host.send("act", seq=1, action=legal(first)[0])
        assert host.expect("update", timeout=WAIT, answer=1)["version"] == first["version"] + 1
        host.close()
        assert (tmp_path / "rooms" / f"{room}.log").exists()  # the move was kept
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=WAIT)
    assert proc.returncode == 0, err
    assert "pygame" not in err


def _imports(module: str) -> set[str]:
    """The modules a relay module imports at run time (not those imported for type checking only)."""
    tree = ast.parse((ROOT / "game" / "relay" / f"{module}.py").read_text())
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("module", ["hub", "roomtask", "rooms", "lobby", "config", "store", "protocol", "policy"])
def test_room_semantics_know_nothing_of_websockets_or_the_transport(module):
    imported = _imports(module)
    assert not {m for m in imported if m.split(".")[0] in ("websockets", "pygame", "pygame_gui")}
    assert "game.relay.server" not in imported and not {m for m in imported if m.startswith(("game.online",
                                                                                             "game.tools"))}


def test_the_transport_holds_no_room_rules():
    imported = _imports("server")
    assert {"game.relay.hub", "game.relay.config"} <= imported
    assert not imported & {"game.relay.rooms", "game.relay.lobby", "game.relay.roomtask", "rules.registry"}
