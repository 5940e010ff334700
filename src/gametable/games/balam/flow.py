"""The flow of a game ("Setup", "Round Structure", "7 - END OF GAME"): which rule lists the
legal actions of each phase, which refuses or plays each action, and what follows a rule's part
(the next turn, the end of the round, a new round or the end of the game).

The rules live one module per rulebook section (:mod:`~gametable.games.balam.turns`,
:mod:`~gametable.games.balam.constructions`, :mod:`~gametable.games.balam.wars`,
:mod:`~gametable.games.balam.events`, :mod:`~gametable.games.balam.distribution`); each function
that plays an action returns a :class:`~gametable.games.balam.phases.Then` instead of calling
upward, and :func:`apply` follows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from gametable.core.protocol import Action
from gametable.games.balam import constructions, distribution, events, turns, wars
from gametable.games.balam.actions import (
    DONE,
    END,
    Attack,
    Build,
    Defend,
    Destroy,
    Done,
    Dowry,
    End,
    Lose,
    Move,
    Offer,
    Pay,
    PayFrom,
    Remove,
    Suffer,
    Take,
    TurnKatun,
    Ward,
)
from gametable.games.balam.board import MAIZE
from gametable.games.balam.katun import build_deck
from gametable.games.balam.phases import (
    ACT,
    CHOOSE,
    CLOSE_ROUND,
    COST,
    DECIDE,
    DEFEND,
    DESTROY,
    DISTRIBUTION,
    END_TURN,
    LOSE,
    OFFER,
    OVER,
    TURN,
    Then,
)
from gametable.games.balam.rules import Refusal
from gametable.games.balam.scoring import riches_bonus
from gametable.games.balam.state import BalamData, not_now

#: the king's riches at the start ("Setup")
START_MAIZE: Final = 6


# -- the legal actions of each phase --------------------------------------------------------------------
def act_actions(state: BalamData, seat: int) -> list[Action]:
    """After paying the turn's riches: build, remove, attack, or end the turn (after a build or
    a removal, on the turn's site only and no attack: :func:`wars.may_attack_now`)."""
    if state.build_site >= 0:
        later = constructions.turn_site_actions(state, seat)
        later.append(END)
        return later
    out = constructions.build_actions(state, seat)
    out += constructions.remove_actions(state, seat)
    out += wars.attack_actions(state, seat)
    out.append(END)
    return out


def offer_phase_actions(state: BalamData, seat: int) -> list[Action]:
    return [*events.offer_actions(state, seat), DONE]


def phase_actions(state: BalamData, seat: int) -> Sequence[Action]:
    """The legal actions of the current phase, by the rule that lists them (a memoised
    sequence the caller must not change; none once the game is over).  The phases are tested
    most frequent first: a chain of tests on one enum member is quicker than a table of
    functions called as objects."""
    phase = state.phase
    if phase is ACT:
        return act_actions(state, seat)
    if phase is TURN:
        return turns.turn_actions(state, seat)
    if phase is COST:
        return constructions.cost_actions(state, seat)
    if phase is DISTRIBUTION:
        return distribution.distribution_actions(state, seat)
    if phase is CHOOSE:
        return events.choose_actions(state, seat)
    if phase is LOSE:
        return wars.lose_actions(state, seat)
    if phase is OFFER:
        return offer_phase_actions(state, seat)
    if phase is DESTROY:
        return wars.destroy_actions(state, seat)
    if phase is DEFEND:
        return wars.defend_actions(state, seat)
    return ()


def legal_actions(state: BalamData, seat: int) -> list[Action]:
    return list(phase_actions(state, seat))


# -- why an action is refused ------------------------------------------------------------------------------
def refuse_end(state: BalamData, action: End, seat: int) -> Refusal | None:
    if state.phase is TURN:
        return turns.pay_first_refusal(state, seat, "end the turn (pass)")
    return None if state.phase is ACT else not_now(state, action)


def refuse_done(state: BalamData, action: Done, seat: int) -> Refusal | None:
    return None if state.phase in (OFFER, DISTRIBUTION) else not_now(state, action)


REFUSE: Final[dict[type[Action], Callable[[BalamData, Any, int], Refusal | None]]] = {
    Pay: turns.refuse_pay,
    TurnKatun: turns.refuse_turn_katun,
    Build: constructions.refuse_build,
    Remove: constructions.refuse_remove,
    Attack: wars.refuse_attack,
    End: refuse_end,
    Defend: wars.refuse_defend,
    Lose: wars.refuse_lose,
    Destroy: wars.refuse_destroy,
    Take: events.refuse_choice,
    Dowry: events.refuse_choice,
    Ward: events.refuse_choice,
    Suffer: events.refuse_choice,
    PayFrom: events.refuse_pay_from,
    Offer: events.refuse_offer,
    Move: distribution.refuse_move,
    Done: refuse_done,
}


def refusal(state: BalamData, action: Action, seat: int) -> Refusal | None:
    """Why ``seat`` may not play ``action`` now (``None``: it may), from the rule it breaks."""
    if state.phase is CHOOSE and state.warding:
        return events.ward_refusal(state, action, seat)
    refuse = REFUSE.get(type(action))
    return not_now(state, action) if refuse is None else refuse(state, action, seat)


# -- playing an action -------------------------------------------------------------------------------------
def play_pay(state: BalamData, action: Pay, seat: int) -> Then:
    if state.phase is TURN:
        return turns.pay_for_turn(state, seat, action.riches)
    return constructions.pay_cost(state, seat, action.riches)


def play_done(state: BalamData, action: Done, seat: int) -> Then:
    if state.phase is OFFER:
        return END_TURN  # the king stops offering: the card is resolved
    return distribution.finish_distribution(state, seat)


def play(state: BalamData, action: Action, seat: int) -> Then:
    """Play an action already checked legal by the rule of its type (the most frequent types
    first, by the exact type: a pointer compared, where ``isinstance`` walks the type's bases;
    direct calls, where a table of functions would call each as an object)."""
    if type(action) is Pay:
        return play_pay(state, action, seat)
    if type(action) is Build:
        return constructions.build(state, action, seat)
    if type(action) is TurnKatun:
        return events.turn_katun(state, seat, action.slot)
    if type(action) is Remove:
        return constructions.remove(state, action, seat)
    if type(action) is End:
        return END_TURN
    if type(action) is Move:
        return distribution.move(state, action, seat)
    if type(action) is Take:
        return events.take(state, action, seat)
    if type(action) is Done:
        return play_done(state, action, seat)
    return play_rare(state, action, seat)


def play_rare(state: BalamData, action: Action, seat: int) -> Then:
    """:func:`play` for the actions of wars, catastrophes and the rarer Katun cards (and, by
    ``isinstance``, for any subclass of an action)."""
    if isinstance(action, Lose):
        return wars.lose(state, action, seat)
    if isinstance(action, Offer):
        return events.offer(state, action, seat)
    if isinstance(action, Dowry):
        return events.dowry(state, action, seat)
    if isinstance(action, Suffer):
        return events.suffer(state, seat)
    if isinstance(action, Ward):
        return events.ward(state, seat)
    if isinstance(action, PayFrom):
        return events.pay_from(state, action, seat)
    if isinstance(action, Attack):
        return wars.attack(state, action, seat)
    if isinstance(action, Destroy):
        return wars.destroy(state, action, seat)
    if isinstance(action, Defend):
        return wars.resolve_war(state, action.obsidian)
    return play_subclass(state, action, seat)


def play_subclass(state: BalamData, action: Action, seat: int) -> Then:
    """:func:`play` for a subclass of one of the frequent actions."""
    if isinstance(action, Pay):
        return play_pay(state, action, seat)
    if isinstance(action, Build):
        return constructions.build(state, action, seat)
    if isinstance(action, TurnKatun):
        return events.turn_katun(state, seat, action.slot)
    if isinstance(action, Remove):
        return constructions.remove(state, action, seat)
    if isinstance(action, End):
        return END_TURN
    if isinstance(action, Move):
        return distribution.move(state, action, seat)
    if isinstance(action, Take):
        return events.take(state, action, seat)
    if isinstance(action, Done):
        return play_done(state, action, seat)
    raise TypeError(f"not a Balam action: {action!r}")


def apply(state: BalamData, action: Action, seat: int) -> None:
    """Play an action already checked legal, then follow the flow to the next decision."""
    then = play(state, action, seat)
    if then is END_TURN:
        then = end_turn(state)
    if then is CLOSE_ROUND:
        close_round(state)


# -- Setup, turns and rounds -------------------------------------------------------------------------------
def setup(state: BalamData) -> None:
    """Build the deck, give each king 6 maize, start round 1 ("Setup")."""
    state.deck = build_deck(state.rng)
    state.layout = True
    for seat in range(state.players):
        state.gain(seat, MAIZE, START_MAIZE)
    state.round = 0
    state.current = state.round_first = state.options["first_player"]
    turns.start_round(state)


def end_turn(state: BalamData) -> Then:
    """The next king's turn, or the end of the round once every Katun card is turned."""
    slots = state.slots
    if slots.count(-1) == len(slots):  # no card face down (a turned card's slot holds -1)
        return end_round(state)
    state.current = (state.current + 1) % state.players
    state.phase = TURN
    state.clear_turn()
    return DECIDE


def end_round(state: BalamData) -> Then:
    """The last Katun card is turned ("C - End of the round"): the next round's first king is
    known, villages produce, every king distributes."""
    if state.options["next_round"] == "rotate":
        state.round_first = (state.round_first + 1) % state.players
    else:
        state.round_first = (state.current + 1) % state.players
    state.clear_turn()
    distribution.produce(state)
    return distribution.after_distribution_step(state)


def close_round(state: BalamData) -> None:
    """Ceremony and taxes, the Clemency of Chaak, then the end of the game or a new round."""
    taxes, lost = distribution.ceremony_and_taxes(state)
    chaak = distribution.clemency_of_chaak(state)
    over = state.ball_games >= state.target_ball_games or not state.deck
    if over:
        end_game(state)
    state.record_round(taxes, lost, chaak)
    if not over:
        turns.start_round(state)


def end_game(state: BalamData) -> None:
    """The riches bonus, then the game is over ("7 - END OF GAME")."""
    state.bonus = [riches_bonus(sum(c)) for c in state.sheets]
    for seat, pts in enumerate(state.bonus):
        state.add_prestige(seat, pts, "bonus")
    state.phase = OVER
    state.note(
        "the game is over: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(state.prestige))
    )
