"""The sections of High Card's rulebook (``rulebook/rulebook.md``) that refusals cite.

Each :class:`~gametable.core.rules.RuleRef` names a section as the rulebook names it; the rules
reference (``rulebook/reference.toml``) retells the same sections, so every refusal resolves to
a section there.
"""

from __future__ import annotations

from gametable.core.rules import RuleRef

GAME = "highcard"

OVERVIEW = RuleRef(GAME, "Overview", ("HC-001",))
DEALING = RuleRef(GAME, "Dealing", ("HC-002", "HC-003"))
#: one card each, in turn from the leader, clockwise
TURN_ORDER = RuleRef(GAME, "Playing a Trick", ("HC-004",))
#: a card you play must be in your hand
OWN_CARD = RuleRef(GAME, "Playing a Trick", ("HC-005",))
#: the highest card takes the trick and leads the next
TAKING = RuleRef(GAME, "Playing a Trick > Taking the Trick", ("HC-006", "HC-007"))
#: most tricks wins once the hands are empty
END = RuleRef(GAME, "End of the Game", ("HC-008", "HC-009"))
