"""The phases of a Balam game (which decision comes next), what the flow does once a rule has
played its part, and the rule cited when an action is not one of the current phase's."""

from __future__ import annotations

import enum
from typing import Final

from gametable.games.balam import rules


class Phase(enum.StrEnum):
    """Which decision comes next."""

    #: the current king pays a riches (then acts) or turns over a Katun card
    TURN = "turn"
    #: build, remove, attack or end the turn
    ACT = "act"
    #: pay a building's riches, one at a time
    COST = "cost"
    #: the defender chooses how much obsidian to spend
    DEFEND = "defend"
    #: the king chooses the buildings he loses (war losses, catastrophes)
    LOSE = "lose"
    #: the attacker chooses the buildings destroyed
    DESTROY = "destroy"
    #: a Katun card's choice (with ``warding``: which of the Mayas' riches pay a catastrophe)
    CHOOSE = "choose"
    #: sacrifices in the sacred cenotes
    OFFER = "offer"
    #: every king not yet done moves riches (end of the round)
    DISTRIBUTION = "distribution"
    OVER = "over"


# plain names for the rules' hot paths (an enum's class attribute is slow to look up)
TURN: Final = Phase.TURN
ACT: Final = Phase.ACT
COST: Final = Phase.COST
DEFEND: Final = Phase.DEFEND
LOSE: Final = Phase.LOSE
DESTROY: Final = Phase.DESTROY
CHOOSE: Final = Phase.CHOOSE
OFFER: Final = Phase.OFFER
DISTRIBUTION: Final = Phase.DISTRIBUTION
OVER: Final = Phase.OVER


class Then(enum.Enum):
    """What the flow does once a rule has played its part (the rules never call upward)."""

    #: a seat must decide (the phase says which decision)
    DECIDE = "decide"
    #: the turn is over
    END_TURN = "end turn"
    #: every king has distributed: the round closes
    CLOSE_ROUND = "close round"


DECIDE: Final = Then.DECIDE
END_TURN: Final = Then.END_TURN
CLOSE_ROUND: Final = Then.CLOSE_ROUND

#: the rule cited when an action is not one of the current phase's
PHASE_RULE: Final = {
    TURN: rules.TURNS,
    ACT: rules.CONSTRUCTIONS,
    COST: rules.COSTS,
    DEFEND: rules.DEFENCE,
    LOSE: rules.WAR_LOSSES,
    DESTROY: rules.DESTRUCTION,
    CHOOSE: rules.KATUN,
    OFFER: rules.CENOTES,
    DISTRIBUTION: rules.TRANSPORT,
}


class AfterLosses(enum.StrEnum):
    """What follows once a king has lost the buildings he owes."""

    NOTHING = ""
    #: the war goes on: the attacker destroys
    DESTRUCTION = "destroy"
    #: the Katun card is resolved
    KATUN = "katun"
