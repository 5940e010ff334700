"""Rulebook references and the rule checks of Balzakken, one small function per rule.

Each check raises :class:`~gametable.core.errors.IllegalAction` naming the rulebook section it
enforces (and the numbered statements of ``shared/rules-index/balzakken.tsv``).  Interpretations
of unclear points are marked ``clarification=True`` and explained in ``docs/rules/balzakken.md``.
"""

from __future__ import annotations

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef
from gametable.games.balzakken.cards import ACTION_CARDS, SWINGER, card_text, is_balzak


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


def check_holds(hand: list[int], card: int, count: int, rule: RuleRef) -> None:
    """1. the hand holds at least ``count`` copies of ``card``."""
    held = hand.count(card)
    if held < count:
        what = card_text(card)
        raise IllegalAction(f"you hold {held} card(s) of {what}, so you cannot play {count}", rule)


def check_not_empty_handed(hand: list[int]) -> None:
    """A player with no cards has no choice: they must call BALZAK! on their turn."""
    if not hand:
        raise IllegalAction(
            "you have no cards left, so your turn must be to call BALZAK!", EMPTY_HAND
        )


def check_discard(hand: list[int], card: int, count: int, take_top: bool) -> None:
    """Discarding (Action 1, or several of one value at once):

    1. only Balzakken go onto the discard pile; action cards are played in front of a player;
    2. two Swingers are never played together;
    3. at least one card, and no more than the hand holds of that value;
    4. drawing back from the discard pile is only for a discard of several cards.
    """
    if card == SWINGER and count > 1:
        raise IllegalAction("two Swingers may never be played at once", NEVER_TWO_SWINGERS)
    if card in ACTION_CARDS:
        raise IllegalAction(
            "action cards never go onto the discard pile; play them in front of another player "
            f"('{'swinger' if card == SWINGER else 'lul'} SEAT')",
            NOT_ON_DISCARD_PILE,
        )
    if count < 1:
        raise IllegalAction("a discard needs at least one card", DISCARD_AND_DRAW)
    check_holds(hand, card, count, SAME_VALUE if count > 1 else DISCARD_AND_DRAW)
    if take_top and count == 1:
        raise IllegalAction(
            "after discarding a single Balzak you draw from the draw pile; taking the top of the "
            "discard pile instead is a swap ('swap VALUE')",
            DISCARD_AND_DRAW,
        )


def check_swap(hand: list[int], card: int) -> None:
    """Swapping (Action 2): a Balzak from the hand changes places with the discard pile's top."""
    if not is_balzak(card):
        raise IllegalAction("only a Balzak can be swapped with the discard pile's top", SWAP)
    check_holds(hand, card, 1, SWAP)


def check_action_card(hand: list[int], card: int, seat: int, target: int, players: int) -> None:
    """Playing The Swinger or The Lul (Action 3):

    1. the player holds that card;
    2. the chosen player exists and is another player, never the one playing it.
    """
    check_holds(hand, card, 1, PLAY_ACTION_CARD)
    name = "The Swinger" if card == SWINGER else "The Lul"
    if not 0 <= target < players:
        raise IllegalAction(f"there is no seat {target} at this table", PLAY_ACTION_CARD)
    if target == seat:
        raise IllegalAction(
            f"{name} is played on another player, not on yourself", TARGET_ANOTHER_PLAYER
        )


def check_call_balzak(hand: list[int]) -> None:
    """Calling BALZAK! (Action 4): never while an action card is in your hand.

    Holding more than 5 points is not refused: the rulebook prices that mistake at 25 points.
    """
    for card in ACTION_CARDS:
        if card in hand:
            name = "The Swinger" if card == SWINGER else "The Lul"
            raise IllegalAction(
                f"you hold {name}; play your action cards before you may call BALZAK!",
                NO_BALZAK_WITH_ACTION_CARD,
            )
