"""Night Market's bots: the Rival at three levels, its estimates and the Hard search."""
