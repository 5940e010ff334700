"""Which Balam moves a king may take back (an undo at an online table; the rulebook is silent,
so this is table manners: ``docs/rules/balam.md``, "Taking a move back")."""

from __future__ import annotations

from gametable.core.protocol import Action, State
from gametable.games.balam.actions import Build, Move, Pay, Remove
from gametable.games.balam.phases import ACT, COST, DISTRIBUTION, TURN
from gametable.games.balam.state import BalamData

#: the building choices of a turn ("B - Turns", "2 - CONSTRUCTIONS"): paying, building, removing
BUILDING_CHOICES = (Pay, Build, Remove)


def a_choice_made_in_the_open(before: State, seat: int, action: Action, after: State) -> bool:
    """A king may take back a move of his own turn while nothing hidden came out of it:

    1. it is a building choice of his turn (the turn's riches paid, a building placed or
       removed, a riches paid towards its cost), or a riches moved in his distribution;
    2. he still decides after it (his turn, or his distribution, goes on);
    3. no die was rolled and no Katun card turned or looked at (the RNG and the face-down cards
       are as they were), and the round is the same.
    """
    if not isinstance(before, BalamData) or not isinstance(after, BalamData):
        return False
    if isinstance(action, BUILDING_CHOICES):
        own_turn = before.phase in (TURN, ACT, COST) and before.current == seat
        goes_on = after.phase in (ACT, COST) and after.current == seat
    elif isinstance(action, Move):
        own_turn = before.phase is DISTRIBUTION
        goes_on = after.phase is DISTRIBUTION
    else:  # a Katun card, a war (dice), a catastrophe's choice, the end of a turn
        return False
    return (
        own_turn
        and goes_on
        and seat in after.to_move
        and before.rng == after.rng
        and before.slots == after.slots
        and before.round == after.round
    )
