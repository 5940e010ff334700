"""The phases of a Balam game: which decision comes next (see ``state``)."""

TURN, ACT, COST, DEFEND, LOSE, DESTROY, CHOOSE, OFFER, DIST, OVER = (
    "turn",
    "act",
    "cost",
    "defend",
    "lose",
    "destroy",
    "choose",
    "offer",
    "distribution",
    "over",
)
PHASES = (TURN, ACT, COST, DEFEND, LOSE, DESTROY, CHOOSE, OFFER, DIST, OVER)
