"""Pure-Python rules for the Market Hall games. Nothing here imports pygame or reads a clock."""
