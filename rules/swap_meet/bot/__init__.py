"""Swap Meet's bots: the levels, what a seat remembers and infers, and the Hard Rival's search."""
