"""A score shown on the score track ("Setup > Setting up the other elements": the large pyramid
counts the tens, the small one the units): "I'm on 38 points, how do I show that on the
track?" -> the large pyramid on 3, the small one on 8.  Worked out from the rule's numbers, not
from a position, so the reply is not marked as checked by the referee."""

from __future__ import annotations

from gametable.games.balam.answers.grammar import about_another, numbers_in
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import sources

GAME = "balam"
_TRACK = r"\b(score ?track|track|scorespoor|scoreboard|score board|scorebord|telspoor)\b"
_SHOW = (
    r"\b(show|shows|mark|marks|put|place|set|stand|stands|stack|pyramids?|where|how|zet|zetten|"
    r"leg|staan|staat|piramides?|hoe|waar)\b"
)


def on_the_track(q: Question) -> Answer | None:
    """ "I'm on 38 points: how do I show it on the score track?": the tens on the large
    pyramid, the units on the small one."""
    if not q.matches(_TRACK) or not q.matches(_SHOW) or about_another(q):
        return None
    said = numbers_in(q)
    if len(said) != 1 or not 0 <= said[0] <= 199:
        return None
    score = said[0]
    tens, units = divmod(score, 10)
    if score > 99:
        verdict = q.say(
            f"The printed track stops at 99: {score} cannot be shown on it (gametable keeps "
            "counting; the option score_cap stops at 99).",
            f"Het gedrukte spoor gaat tot 99: {score} past er niet op (gametable telt door; de "
            "optie score_cap stopt bij 99).",
        )
    else:
        verdict = q.say(
            f"Large pyramid on {tens}, small pyramid on {units}: {tens} tens + {units} units = "
            f"{score}.",
            f"Grote piramide op {tens}, kleine piramide op {units}: {tens} tientallen + {units} "
            f"eenheden = {score}.",
        )
    reason = q.say(
        "On the score track each king's large pyramid counts the tens of his prestige and his "
        "small pyramid the units, so the track shows 0 to 99.",
        "Op het scorespoor telt de grote piramide van elke koning de tientallen en de kleine de "
        "eenheden, zodat het spoor 0 tot 99 toont.",
    )
    return Answer(
        GAME,
        q.text,
        f"{verdict} {reason}",
        sources(GAME, ["setup/setting-up-the-other-elements"]),
        answered=True,
        topic="number",
        lang=q.lang,
    )


READERS = (on_the_track,)
