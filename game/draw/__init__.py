"""Drawing: text, sprites, tweens, widgets, the pygame-gui glue and the layout recorder."""
