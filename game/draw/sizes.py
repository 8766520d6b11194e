"""The text sizes a player can choose (Settings, `--text-size`), in percent; no pygame here, so the
command line and the settings file can check a choice without starting pygame (docs/access.md)."""

TEXT_SIZES = (100, 125, 150)
