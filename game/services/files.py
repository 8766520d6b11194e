"""Reading and writing the player's JSON files (settings, saves) so that no file can stop the app.

A player's folder can hold anything: a directory or a named pipe where a file belongs, a file of
gigabytes, invalid UTF-8, JSON nested 100,000 levels deep, numbers too large for a float. Every
such problem becomes one exception, `BadFile`, whose reason can be shown to the player; the
caller then sets the file aside (renamed, never deleted) and carries on with defaults.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

MAX_BYTES = 4_000_000  # a long Swap Meet save is ~100 kB; anything near this is not ours
MAX_INT = 2**64  # seeds and counts fit in 64 bits; bigger numbers only come from damage
# O_NONBLOCK: should a pipe appear between the check and the open, opening it must not wait for a writer.
_READ_FLAGS = os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
    | getattr(os, "O_BINARY", 0)


class BadFile(Exception):
    """A file that cannot be used; `reason` says why in plain English (for the log), `key` and `params`
    name the same words in the player's language (`words()`, the screen key "file.KEY")."""

    def __init__(self, reason: str, key: str = "", **params: Any) -> None:
        super().__init__(reason)
        self.reason, self.key, self.params = reason, key, params

    def words(self) -> str:
        """The reason in the player's language (the English reason for one without a key)."""
        return worded(self.reason, self.key, self.params)


class Notice(str):
    """A message for the player made before the language is chosen (the settings file is read first):
    the string is its English, for the log and tests; `words()` says it in the language in use then."""

    key: str
    params: dict[str, Any]

    def __new__(cls, english: str, key: str, **params: Any) -> Notice:
        made = super().__new__(cls, english)
        made.key, made.params = key, params
        return made

    def words(self) -> str:
        """The message in the player's language (a parameter that is a BadFile is worded too)."""
        from game.text import tr

        return tr(self.key, **{k: v.words() if isinstance(v, BadFile) else v for k, v in self.params.items()})


def worded(reason: str, key: str, params: dict[str, Any]) -> str:
    """A file problem's reason in the player's language: the screen key "file.KEY", else `reason`."""
    if not key:
        return reason
    from game.text import tr  # here, not at the top: the catalogue itself is read with this module

    return tr(f"file.{key}", **params)


class NoFile(BadFile):
    """Nothing at that path (a first start, not damage)."""

    def __init__(self) -> None:
        super().__init__("there is no such file", "no_file")


def read_json(path: Path | str, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value in a regular file; raises NoFile when absent and BadFile for anything else wrong."""
    raw = _read_regular(Path(path), max_bytes)
    try:
        text = raw.decode("utf-8-sig")  # -sig: some editors start UTF-8 files with a BOM
    except UnicodeDecodeError:
        raise BadFile("it is not UTF-8 text", "not_utf8") from None
    return parse_json(text)


def parse_json(text: str) -> Any:
    """Strict JSON: no NaN or Infinity, no duplicate keys, no overflowing numbers; BadFile otherwise."""
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                          parse_int=_bounded_int, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise BadFile("it is nested too deeply", "too_deep") from None
    except json.JSONDecodeError as exc:
        raise BadFile(f"it is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})", "not_json",
                      line=exc.lineno, column=exc.colno, why=exc.msg) from None
    except ValueError as exc:  # raised by the hooks below, already in plain words
        raise BadFile(str(exc)) from None


def _read_regular(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most max_bytes; a pipe or device is never read (it could block)."""
    _check_regular(_stat(path), max_bytes)
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        raise BadFile(f"it cannot be opened ({exc.strerror or exc})", "cannot_open", why=exc.strerror or exc) from None
    try:
        _check_regular(os.fstat(fd), max_bytes)  # checked on the open file: it cannot be swapped meanwhile
        return _read_capped(fd, max_bytes)
    except OSError as exc:
        raise BadFile(f"it cannot be read ({exc.strerror or exc})", "cannot_read", why=exc.strerror or exc) from None
    finally:
        os.close(fd)


def _stat(path: Path) -> os.stat_result:
    try:
        return os.stat(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise BadFile("it is a link to a file that does not exist", "dangling_link") from None
        raise NoFile() from None
    except OSError as exc:
        raise BadFile(f"it cannot be examined ({exc.strerror or exc})", "cannot_examine",
                      why=exc.strerror or exc) from None


def _check_regular(st: os.stat_result, max_bytes: int) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise BadFile("it is a folder, not a file", "folder")
    if not stat.S_ISREG(st.st_mode):
        raise BadFile("it is not a regular file (a pipe, socket or device)", "not_regular")
    if st.st_size > max_bytes:
        raise BadFile(f"it is too large ({st.st_size:,} bytes; at most {max_bytes:,})", "too_large",
                      size=f"{st.st_size:,}", most=f"{max_bytes:,}")


def _read_capped(fd: int, max_bytes: int) -> bytes:
    """Read to the end, but never more than max_bytes (the file may grow while we read)."""
    chunks: list[bytes] = []
    total = 0
    while chunk := os.read(fd, min(1 << 20, max_bytes + 1 - total)):
        chunks.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise BadFile(f"it is too large (more than {max_bytes:,} bytes)", "growing", most=f"{max_bytes:,}")
    return b"".join(chunks)


def _refuse_constant(name: str) -> Any:
    raise BadFile(f"it holds {name}, which is not a number", "not_a_number", name=name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadFile(f"it holds a number too large to use ({text[:20]}…)", "huge_number", number=text[:20])
    return value


def _bounded_int(text: str) -> int:
    # The length is checked first: int() of a huge string is slow, and printing one raises.
    value = int(text) if len(text.lstrip("-")) <= 20 else MAX_INT
    if abs(value) >= MAX_INT:
        raise BadFile(f"it holds a whole number too large to use ({text[:20]}…)", "huge_number",
                      number=text[:20])
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BadFile(f"the key {key[:40]!r} appears twice", "key_twice", name=repr(key[:40]))
        out[key] = value
    return out


def write_json(path: Path | str, data: Any) -> bool:
    """Write data as JSON atomically (temp file, then rename); False, logged, when it could not be written."""
    path = Path(path)
    try:
        text = json.dumps(data, allow_nan=False, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError) as exc:
        log.warning("not writing %s: the data is not plain JSON (%s)", path, exc)
        return False
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(text)
        # No fsync: a crash of the app cannot tear the rename, and ext4/btrfs flush a
        # renamed-over file anyway; an fsync per move would stall the frame on slow disks.
        os.replace(tmp, path)
        tmp = None
        return True
    except OSError as exc:
        log.warning("could not write %s: %s", path, exc)
        return False
    finally:  # also on Ctrl-C mid-write: the old file stays whole and no temp file is left
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def set_aside(path: Path | str) -> Path:
    """Rename a bad file (or folder, or pipe) to NAME.corrupt-N and return the new path; never deletes.

    Raises OSError when the folder refuses the rename (read-only media).
    """
    path = Path(path)
    n = 1
    while os.path.lexists(target := path.with_name(f"{path.name}.corrupt-{n}")):
        n += 1
    os.rename(path, target)
    return target
