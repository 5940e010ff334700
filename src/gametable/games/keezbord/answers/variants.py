"""The game's options told as the table's own rule: "we use the variant where a 7 hits every pawn
it passes" (``seven_hits_passed``), "we turned on the option that a King may help your teammate
as soon as your own nest is empty" (``king_helps_teammate = when_nest_empty``), and the default
rules said outright ("standard rules, no variants").  A reader builds its position with the
options told, and sets their phrase aside before reading the rest.

>>> told_options("we turned on the option that a king may help your teammate as soon as your own nest is empty. can i?")
({'king_helps_teammate': 'when_nest_empty'}, ' . can i?')
"""

from __future__ import annotations

import re

from gametable.games.keezbord.answers.exact_words import OPTION as SEVEN_HITS_PASSED

#: the King helps the teammate as soon as one's own nest is empty
KING_EARLY = re.compile(
    r"\b(?:(?:at our table |at home )?we(?:'ve| have)? (?:turned on|switched on|use|play with|have|"
    r"play|are playing with) |with |playing with )?(?:the )?(?:option|variant|house rule)"
    r"(?: king_helps_teammate)?(?: (?:where|that|in which|so that))? (?:a |the )?king (?:may |can |"
    r"is allowed to )?helps? (?:your|my|the|a) (?:teammate|partner)s? (?:as soon as|once|when) "
    r"(?:your|my|one's) (?:own )?nest is empty\b"
    r"|\bwe spelen met de (?:optie|variant|huisregel) (?:dat|waarbij) (?:een |de )?heer (?:je|jouw|"
    r"mijn|de) (?:maat|partner|teamgenoot) (?:mag )?help(?:t|en)? zodra (?:je|jouw|mijn) (?:eigen )?"
    r"nest leeg is\b"
)
#: the prefix of the seven variant that the exact reader's pattern leaves: "at our table"
_AT_TABLE = re.compile(r"\b(?:at our table|at home|bij ons|thuis)\b,?\s*(?=we\b)")


def told_options(lower: str) -> tuple[dict[str, object], str]:
    """The options the question tells as its table's rules, and its text without them."""
    options: dict[str, object] = {}
    text = _AT_TABLE.sub(" ", lower)
    if KING_EARLY.search(text):
        options["king_helps_teammate"] = "when_nest_empty"
        text = KING_EARLY.sub(" ", text)
    if SEVEN_HITS_PASSED.search(text):
        options["seven_hits_passed"] = True
        text = SEVEN_HITS_PASSED.sub(" ", text)
    return options, text
