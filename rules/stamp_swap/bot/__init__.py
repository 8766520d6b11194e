"""Stamp Swap's bots: the levels, their item values, sampling of hidden tables and Hard's search."""
