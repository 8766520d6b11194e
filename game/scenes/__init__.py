"""Scenes of the Market Hall client."""
