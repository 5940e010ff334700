"""A question said again the way :mod:`.parts` reads it, before its parts are read: the
asker's argument left out ("since she doesn't have fewer"), a card said still held because it
was never played, "nobody else has 3 or less" (a flag of the scene, read apart), "minus 2" as
-2, "lay down" as discard, "we're 3" as a count of players.  Words are replaced in the text
itself, so that every reader of the parts (tokens and names alike) sees the same words.

>>> rewritten(Question.read("We're 3. I call with minus 2, since I have fewer.")).text
'3 players. I call with -2, .'
"""

from __future__ import annotations

import re
from dataclasses import replace

from gametable.games.balzakken.answers.partwords import (
    OTHERS_HIGHER,
    REASON,
    UNPLAYED,
    argument,
)
from gametable.rulebook.question import Question

#: words said in another way that the parts read, and what they are read as
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(UNPLAYED.pattern, re.IGNORECASE), " "),  # "a Swinger she never played": held
    (re.compile(OTHERS_HIGHER.pattern, re.IGNORECASE), " "),  # "nobody else has 3 or less"
    (re.compile(r"(?<!\d )\b(?:minus|min) (\d+)\b", re.IGNORECASE), r"-\1"),  # "so minus 2"
    (re.compile(r"\b(?:lay|laid|put|throw|threw|toss) down\b", re.IGNORECASE), "discard"),
    (  # "we're 3", "we are four": the count of players, no card of ours
        re.compile(
            r"\bwe(?:'re| are| zijn)( \d+| two| three| four| five| six| seven| eight| twee| drie"
            r"| vier| vijf)\b(?! (?:players|spelers|points|punten|cards|kaarten))",
            re.IGNORECASE,
        ),
        r"\1 players",
    ),
)


def rewritten(question: Question) -> Question:
    """``question`` with what the parts read another way said their way (the asker's argument
    left out, "minus 2" as -2, "lay down" as discard); its kind and language kept."""
    text = re.compile(REASON.pattern, re.IGNORECASE).sub(argument, question.text)
    for pattern, said in _REWRITES:
        text = pattern.sub(said, text)
    if text == question.text:
        return question
    return replace(Question.read(text), kind=question.kind, lang=question.lang)
