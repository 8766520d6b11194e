"""Online play, the client side: the network thread, where a match is hosted, and the seat kept on disk.

The relay itself (the authoritative server) is `game/relay/`; the table scenes talk to it through
`game/match/remote.py`.
"""
