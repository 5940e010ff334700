"""Rulebook references of Keezbord and the reasons a move is refused.

Move generation (in :mod:`~gametable.games.keezbord.state`) works with small integer codes so it
stays fast; :func:`refuse` turns a code into an :class:`~gametable.core.errors.IllegalAction`
naming the rulebook section (as the rulebook names it) and the numbered statements of
``shared/rules-index/keezbord.tsv``.  Our readings of unclear points carry
``clarification=True`` and are explained in ``docs/rules/keezbord.md``.
"""

from __future__ import annotations

from typing import NoReturn

from gametable.core.errors import IllegalAction
from gametable.core.rules import RuleRef


def _ref(section: str, *ids: str, clarification: bool = False) -> RuleRef:
    return RuleRef("keezbord", section, ids, clarification)


SETUP = _ref("Setup", "KB-002", "KB-003", "KB-004", "KB-005", "KB-006")
CARD_DISTRIBUTION = _ref("Card Distribution", "KB-008", "KB-009", "KB-010", "KB-011", "KB-012")
SIX_PLAYER_DECK = _ref("Card Distribution", "KB-011", clarification=True)
PLAY_ONE_CARD = _ref("Gameplay", "KB-018", "KB-019")
PLACEMENT = _ref("Gameplay", "KB-021", "KB-022")
MUST_PLAY = _ref("Gameplay", "KB-023", "KB-024", "KB-025")
HAND_IN = _ref("Gameplay", "KB-026", "KB-027")
NEXT_DEAL = _ref("Gameplay", "KB-028", "KB-029", "KB-030", "KB-031", "KB-032")
WINNING = _ref("Gameplay", "KB-033", "KB-034")
EXACT_HOME = _ref("Gameplay", "KB-035")
NO_EXTRA_LAP = _ref("Gameplay", "KB-035", clarification=True)
HITTING = _ref("Additional Rules", "KB-038", "KB-039", "KB-040")
START_SAFE = _ref("Additional Rules", "KB-041", "KB-042", "KB-043")
HOME_NO_PASSING = _ref("Additional Rules", "KB-044", "KB-045")
HOME_ONE_PER_SPACE = _ref("Additional Rules", "KB-044", clarification=True)
KING_NO_PAWN = _ref("Additional Rules", "KB-046", "KB-047")
OWN_PAWN_ON_START = _ref("Additional Rules", "KB-038", "KB-049", "KB-050", clarification=True)
CARD_MEANINGS = _ref("Card Meanings")
ACE = _ref("Card Meanings", "KB-049")
KING = _ref("Card Meanings", "KB-050")
JACK = _ref("Card Meanings", "KB-052")
JACK_TARGETS = _ref("Card Meanings", "KB-052", "KB-043", clarification=True)
SEVEN = _ref("Card Meanings", "KB-056", "KB-057")
SEVEN_PARTS = _ref("Card Meanings", "KB-056", clarification=True)
FOUR = _ref("Card Meanings", "KB-060", "KB-061")
#: the statement of Card Meanings that says what each card does (A=1, J=11, Q=12, K=13)
CARD_MEANING = {
    1: ACE,
    2: _ref("Card Meanings", "KB-063"),
    3: _ref("Card Meanings", "KB-062"),
    4: FOUR,
    5: _ref("Card Meanings", "KB-059"),
    6: _ref("Card Meanings", "KB-058"),
    7: SEVEN,
    8: _ref("Card Meanings", "KB-055"),
    9: _ref("Card Meanings", "KB-054"),
    10: _ref("Card Meanings", "KB-053"),
    11: JACK,
    12: _ref("Card Meanings", "KB-051"),
    13: KING,
}
TEAMS = _ref("Playing in Teams", "KB-065", "KB-066", "KB-067", "KB-068", "KB-069")
HELP_TEAMMATE = _ref("Playing in Teams", "KB-070", "KB-072", "KB-073")

# -- why a single pawn move is refused ------------------------------------------------------------
OK = 0
IN_NEST = 1
OVERSHOOT = 2
BLOCKED = 3
HOME_PASS = 4
HOME_BACKWARD = 5
NOT_ON_TRACK = 6
ON_OWN_START = 7
OWN_START_TAKEN = 8
NEST_EMPTY = 9

_REASONS: dict[int, tuple[str, RuleRef]] = {
    IN_NEST: (
        "{pawn} is in its nest; only an Ace or a King brings a pawn onto the board",
        PLACEMENT,
    ),
    OVERSHOOT: (
        "{pawn} would run past the end of its home; it must land on an exact space and "
        "may not go round the board again",
        NO_EXTRA_LAP,
    ),
    BLOCKED: (
        "{pawn} would pass or land on a pawn standing on its own start space, which can be "
        "neither passed nor hit",
        START_SAFE,
    ),
    HOME_PASS: (
        "{pawn} would pass or land on a pawn already in the home; pawns in the home may "
        "not be passed",
        HOME_NO_PASSING,
    ),
    HOME_BACKWARD: (
        "{pawn} is in its home and may not move backward there (nor does the 4 "
        "ever move a pawn into the home)",
        FOUR,
    ),
    NOT_ON_TRACK: (
        "{pawn} is not on the track; a Jack swaps only pawns on the track",
        JACK_TARGETS,
    ),
    ON_OWN_START: ("{pawn} stands on its own start space and cannot be swapped", START_SAFE),
    OWN_START_TAKEN: (
        "your own pawn {pawn} stands on the start space, so no pawn can be placed there",
        OWN_PAWN_ON_START,
    ),
    NEST_EMPTY: ("no pawn is left in the nest to place", KING_NO_PAWN),
}


def refuse(code: int, pawn: str) -> NoReturn:
    """Raise the :class:`IllegalAction` for a refusal ``code`` about ``pawn``."""
    text, rule = _REASONS[code]
    raise IllegalAction(text.format(pawn=pawn), rule)


def illegal(text: str, rule: RuleRef) -> NoReturn:
    raise IllegalAction(text, rule)
