"""Which languages Market Hall speaks, and which one a player gets before choosing.

Kept free of Babel and the catalogues so that settings and the command line can check a language
code without reading a PO file.
"""

from __future__ import annotations

import locale
import os

LANGUAGES = ("en", "de", "fr", "es", "it")  # every one has a complete game/text/locale/<lang>/*.po
ENGLISH = "en"
AUTONYMS = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "it": "Italiano"}
_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order


def system_language(environ: dict[str, str] | None = None) -> str:
    """The first of our languages the system asks for (LANGUAGE may list several: "de:en"); English
    when it asks for none of them (or for "C"/"POSIX")."""
    env = os.environ if environ is None else environ
    for name in _ENV:
        for tag in env.get(name, "").split(":"):
            code = tag.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                break  # this variable names a language we lack: the next variable is not asked
    if environ is None:  # Windows and macOS say it through the C library, not the environment
        found = (locale.getlocale()[0] or "").split("_")[0].lower()
        if found in LANGUAGES:
            return found
    return ENGLISH


def chosen(command_line: str | None, setting: str) -> str:
    """The language to use: `--lang`, else the saved setting, else the system's."""
    for code in (command_line, setting):
        if code in LANGUAGES:
            return code
    return system_language()
