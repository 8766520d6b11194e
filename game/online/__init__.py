"""Online play: a server that referees matches, and a client table that speaks to it.

The server side (protocol, lobby, rooms, store, server, cli) never imports pygame, so
`market-hall serve` runs on a machine without a display.
"""
