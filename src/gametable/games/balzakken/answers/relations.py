"""What a question tells of a player's hand over the whole question, once the parts are read
(:mod:`.parts`): an empty hand ("Sander has no cards left") and a hand said only by how it
stands to the caller's ("but Lotte had fewer points than me"), each given to the nearest player
said before it.
"""

from __future__ import annotations

from gametable.games.balzakken.answers.partwords import BELOW, EMPTY, MINE, WORD
from gametable.games.balzakken.answers.scene import Scene
from gametable.rulebook.question import Question


def read_empty(question: Question, scene: Scene) -> None:
    """ "Sander has no cards left", "ik heb geen kaarten meer": the nearest player said before
    it holds an empty hand."""
    for found in EMPTY.finditer(question.lower):
        words = WORD.findall(question.lower[: found.start()])
        who = None
        for word in reversed(words):
            if word in MINE:
                who = scene.me
            elif scene.by_key(word) is not None:
                who = scene.by_key(word)
            else:
                continue
            break
        if who is not None and not who.cards:
            who.empty = True


def read_below(question: Question, scene: Scene) -> bool:
    """ "but Lotte had fewer points than me", "maar mijn zus had evenveel punten als ik": the
    nearest player said before holds fewer points than the caller (or as many); ``False`` when
    that player is the caller or has a hand said."""
    for found in BELOW.finditer(question.lower):
        words = WORD.findall(question.lower[: found.start()])
        who = next((scene.by_key(w) for w in reversed(words) if scene.by_key(w) is not None), None)
        if who is None or who.called or who.hand_said or who.below:
            return False
        who.below = "fewer" if found.group(1) else "same"
    return True
