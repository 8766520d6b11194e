"""The relay: the authoritative online server. Imports no pygame; runs with `python -m game.relay`."""
