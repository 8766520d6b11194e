"""The refusals the client's own tables give (the rules' are in rules/*/, the relay's in
game/relay/refusals.py): codes with parameters, worded by game/text like every other."""

from __future__ import annotations

from rules.refusal import declare

NOBODY_AWAY = declare("table.nobody_away")  # one device, a replay: nobody can be away
GUIDED_NO_UNDO = declare("table.guided_no_undo")
GUIDED_HINT = declare("table.guided_hint", "hint")  # off a lesson's script: the step's own hint (client words)
GUIDED_WAIT = declare("table.guided_wait")
READ_ONLY = declare("replay.read_only")
HANDS_AFTER = declare("replay.hands_after")
ONLINE_NO_UNDO = declare("online.no_undo")
ON_ITS_WAY = declare("online.on_its_way")  # a tap while this device's move is on the wire
NOT_NOW = declare("online.not_now")
NOT_YOURS_TO_HAND = declare("online.not_yours_to_hand")
CLAIM_ONLY_AWAY = declare("online.claim_only_away")
