"""Rulebook references and the legality rules of Balzakken: one function per rule.

Each rule is a function over small facts (the card, how many the hand holds of it, the count
played, the target seat) that returns a :class:`Refusal` when the rules forbid the action, or
``None`` when they allow it.  The same functions decide both what ``legal_actions`` offers (see
:mod:`~gametable.games.balzakken.legal`) and what ``apply`` refuses, so a legal action and an
explained refusal can never disagree.  A refusal names the rulebook section it enforces (and the
numbered statements of ``shared/rules-index/balzakken.tsv``); interpretations of unclear points
are marked ``clarification=True`` and explained in ``docs/rules/balzakken.md``.

>>> discard_refusal(3, held=0, count=1, take_top=False).reason
'You have no 3 in your hand.'
>>> discard_refusal(7, held=2, count=3, take_top=False).reason
'You have only two 7s in your hand, so you cannot discard three.'
>>> discard_refusal(7, held=2, count=2, take_top=True) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef
from gametable.games.balzakken.cards import (
    ACTION_CARDS,
    HIGHEST,
    LOWEST,
    LUL,
    SWINGER,
    card_text,
    is_balzak,
)


def _ref(section: str, *ids: str, clarification: bool = False) -> RuleRef:
    return RuleRef("balzakken", section, ids, clarification)


OVERVIEW = _ref("Overview > In a (nut)shell", "BZ-009", "BZ-010")
TURN_ORDER = _ref("Playing the Game > Action!", "BZ-024", "BZ-025")
DISCARD_AND_DRAW = _ref("Playing the Game > Action 1: Discard and draw", "BZ-027", "BZ-028")
SWAP = _ref("Playing the Game > Action 2: Swap", "BZ-030")
PLAY_ACTION_CARD = _ref("Playing the Game > Action 3: Play an action card", "BZ-032", "BZ-033")
CALL_BALZAK = _ref("Playing the Game > Action 4: Call BALZAK!", "BZ-036")
SAME_VALUE = _ref("Playing the Game > Important", "BZ-039", "BZ-040", "BZ-041")
NEVER_TWO_SWINGERS = _ref("Playing the Game > Important", "BZ-043")
NOT_ON_DISCARD_PILE = _ref("Playing the Game > Important", "BZ-044", "BZ-045")
BALZAK_ON_YOUR_TURN = _ref("Playing the Game > Important", "BZ-050", "BZ-051", "BZ-052")
NO_BALZAK_WITH_ACTION_CARD = _ref("Playing the Game > Important", "BZ-047", "BZ-048", "BZ-049")
TARGET_ANOTHER_PLAYER = _ref(
    "Playing the Game > Action 3: Play an action card", "BZ-032", "BZ-033", clarification=True
)
MULTI_DRAW_FROM_DISCARD = _ref("Playing the Game > Important", "BZ-041", clarification=True)
EMPTY_HAND = _ref("What If... > A player has no cards left?", "BZ-124", "BZ-125")
SETUP = _ref("Overview > Ready to start?", "BZ-014")


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules forbid an action: a sentence for the player and the rule it rests on."""

    reason: str
    rule: RuleRef

    def error(self) -> IllegalAction:
        return IllegalAction(self.reason, self.rule)


# -- words --------------------------------------------------------------------------------------------
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int) -> str:
    """``2`` -> ``"two"``; numbers beyond ten stay digits."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def card_word(card: int, n: int = 1) -> str:
    """How a player names ``n`` of a card: ``7``, ``7s``, ``Swinger``, ``Luls``.

    >>> [card_word(7), card_word(7, 2), card_word(SWINGER), card_word(LUL, 3)]
    ['7', '7s', 'Swinger', 'Luls']
    """
    if card == SWINGER:
        word = "Swinger"
    elif card == LUL:
        word = "Lul"
    elif is_balzak(card):
        word = card_text(card)
    else:
        word = f"card {card}"
    return word if n == 1 else word + "s"


def action_card_name(card: int) -> str:
    return "The Swinger" if card == SWINGER else "The Lul"


def _not_held(card: int, held: int, count: int, verb: str, rule: RuleRef) -> Refusal:
    if held <= 0:
        return Refusal(f"You have no {card_word(card)} in your hand.", rule)
    return Refusal(
        f"You have only {number_word(held)} {card_word(card, held)} in your hand, "
        f"so you cannot {verb} {number_word(count)}.",
        rule,
    )


# -- the rules ----------------------------------------------------------------------------------------
def empty_hand_refusal(hand_size: int) -> Refusal | None:
    """ "What If... > A player has no cards left?": with no cards your turn is BALZAK!, and only
    that (applies to every action but the call)."""
    if hand_size == 0:
        return Refusal("You have no cards left, so you must call BALZAK!", EMPTY_HAND)
    return None


def discard_refusal(card: int, held: int, count: int, take_top: bool) -> Refusal | None:
    """Discarding ``count`` cards of ``card`` when the hand holds ``held`` of them
    ("Action 1: Discard and draw", "Important"):

    1. two Swingers are never played together;
    2. only Balzakken go onto the discard pile; action cards are played in front of a player;
    3. at least one card is discarded, and no more than the hand holds of that value;
    4. drawing back from the discard pile is only for a discard of several cards (a single
       discard always draws from the draw pile; taking the top instead is a swap).
    """
    if card == SWINGER and count > 1:
        return Refusal("You may never play two Swingers at once.", NEVER_TWO_SWINGERS)
    if not LOWEST <= card <= HIGHEST:  # not a Balzak
        if card in ACTION_CARDS:
            verb = "swinger" if card == SWINGER else "lul"
            return Refusal(
                f"{action_card_name(card)} never goes onto the discard pile: play it in front "
                f"of another player ({verb} SEAT).",
                NOT_ON_DISCARD_PILE,
            )
        return Refusal(f"There is no {card_word(card)} in Balzakken.", DISCARD_AND_DRAW)
    if count < 1:
        return Refusal("You must discard at least one card.", DISCARD_AND_DRAW)
    if held < count:
        return _not_held(
            card, held, count, "discard", SAME_VALUE if count > 1 else DISCARD_AND_DRAW
        )
    if take_top and count == 1:
        return Refusal(
            "After discarding a single card you draw from the draw pile; to take the top of "
            f"the discard pile, swap instead (swap {card_text(card)}).",
            DISCARD_AND_DRAW,
        )
    return None


def swap_refusal(card: int, held: int) -> Refusal | None:
    """Swapping (Action 2): a Balzak you hold changes places with the discard pile's top card."""
    if card in ACTION_CARDS:
        return Refusal(
            "Only a Balzak can be swapped with the top of the discard pile, "
            f"not {action_card_name(card)}.",
            SWAP,
        )
    if not LOWEST <= card <= HIGHEST:  # not a Balzak
        return Refusal(f"There is no {card_word(card)} in Balzakken.", SWAP)
    if held < 1:
        return _not_held(card, held, 1, "swap", SWAP)
    return None


def action_card_refusal(
    card: int, held: int, seat: int, target: int, players: int
) -> Refusal | None:
    """Playing The Swinger or The Lul (Action 3):

    1. the player holds that card;
    2. the chosen player sits at the table and is another player, never the one playing it.
    """
    if held < 1:
        return _not_held(card, held, 1, "play", PLAY_ACTION_CARD)
    if not 0 <= target < players:
        return Refusal(
            f"There is no seat {target} at this table: the seats are 0 to {players - 1}.",
            PLAY_ACTION_CARD,
        )
    if target == seat:
        return Refusal(
            f"{action_card_name(card)} is played in front of another player, not yourself.",
            TARGET_ANOTHER_PLAYER,
        )
    return None


def balzak_refusal(swingers: int, luls: int) -> Refusal | None:
    """Calling BALZAK! (Action 4): never while an action card is in your hand.

    Holding more than 5 points is not refused: the rulebook prices that mistake at 25 points.
    """
    if not swingers and not luls:
        return None
    held = [
        number_word(n) + " " + card_word(card, n) if n > 1 else action_card_name(card)
        for card, n in ((SWINGER, swingers), (LUL, luls))
        if n
    ]
    them = "them" if swingers + luls > 1 else "it"
    return Refusal(
        f"You hold {' and '.join(held)}: play {them} before you call BALZAK!",
        NO_BALZAK_WITH_ACTION_CARD,
    )


def out_of_turn_balzak_refusal(seat: int, current: int) -> Refusal:
    """ "Important": BALZAK! is only called on your own turn, as that turn."""
    return Refusal(
        f"Seat {seat} cannot call BALZAK! now: it is seat {current}'s turn, and BALZAK! is "
        "only called on your own turn.",
        BALZAK_ON_YOUR_TURN,
    )
