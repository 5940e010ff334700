"""A question about one other player alone is that player's situation, judged like the asker's.

The rules are the same for every player ("Playing the Game", "Card Types", "BALZAK! - End of a
Round"), so "Mag opa De Swinger op zichzelf spelen?" is judged as "Mag ik De Swinger op mezelf
spelen?": the referee's verdict is the same for both wordings, in English and Dutch, and a
question that names the asker or two players is never said again.
"""

from __future__ import annotations

import pytest
from balzakken_helpers import may_call, position
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balzakken.answers import ANSWERS
from gametable.games.balzakken.answers.others import as_mine
from gametable.rulebook.question import Question

_PAIRS = (
    ("Mag opa De Swinger op zichzelf spelen?", "Mag ik De Swinger op mezelf spelen?"),
    ("Kan oma de Lul op zichzelf leggen?", "Kan ik de Lul op mezelf leggen?"),
    ("Can Lisa play the Swinger on herself?", "Can I play the Swinger on myself?"),
    (
        "Tom has 3 points and the Lul. Can he call BALZAK!?",
        "I have 3 points and the Lul. Can I call BALZAK!?",
    ),
    (
        "It is Tom's turn and he holds 2, 1 and 0. May he call?",
        "It is my turn and I hold 2, 1 and 0. May I call?",
    ),
    (
        "Opa heeft 3 punten en De Lul. Mag hij BALZAK! roepen?",
        "Ik heb 3 punten en De Lul. Mag ik BALZAK! roepen?",
    ),
    (
        "Tom is on 44 and makes a false BALZAK!. Where does he end up?",
        "I am on 44 and make a false BALZAK!. Where do I end up?",
    ),
    (
        "Het is oma's beurt. Ze heeft 4, 4, 4 en een 1. Hoeveel kaarten heeft ze als ze de drie vieren in één keer weglegt?",
        "Het is mijn beurt. Ik heb 4, 4, 4 en een 1. Hoeveel kaarten heb ik als ik de drie vieren in één keer wegleg?",
    ),
)


@pytest.mark.parametrize(("theirs", "mine"), _PAIRS)
def test_one_other_players_situation_is_judged_as_the_askers(theirs: str, mine: str) -> None:
    """BZ-047, BZ-050, BZ-059, BZ-068, BZ-073, BZ-103, BZ-114: the question said of one other
    player reads as the asker's own, and the referee's reply to both opens alike."""
    said = as_mine(Question.read(theirs))
    assert said is not None and said.text == mine
    reply, own = ANSWERS.answer(Question.read(theirs)), ANSWERS.answer(Question.read(mine))
    assert reply is not None and reply.checked, theirs
    assert own is not None and own.checked, mine
    assert reply.text.split(".")[0] == own.text.split(".")[0]


@pytest.mark.parametrize(
    "text",
    [
        "Tom calls with 3 and Anna has 2. Who wins?",
        "Can Tom play the Lul on me?",
        "I have 3 points and Tom has the Lul. Can he call?",
        "Someone has 3 points. Can he call?",
        "Can they play two Swingers at once?",
    ],
)
def test_questions_naming_the_asker_or_several_players_are_not_said_again(text: str) -> None:
    """A question that names the asker, two players, or unnamed players is no one player's."""
    assert as_mine(Question.read(text)) is None, text


_THIRD_PERSON = (
    ("{name} has {hand}. Can {he} call BALZAK!?", "en"),
    ("It is {name}'s turn and {he} holds {hand}. May {he} call?", "en"),
    ("{name} heeft {hand}. Mag {hij} BALZAK! roepen?", "nl"),
)
_SAID = {"en": {"L": "the Lul", "S": "the Swinger"}, "nl": {"L": "De Lul", "S": "De Swinger"}}


@settings(max_examples=50, deadline=None, derandomize=True)
@given(
    balzakken=st.lists(st.integers(-1, 11), min_size=1, max_size=3, unique=True),
    action=st.sampled_from(["", "L", "S"]),
    name=st.sampled_from(["Tom", "Lisa", "Opa", "Sanne"]),
    template=st.sampled_from(_THIRD_PERSON),
)
def test_another_players_call_is_judged_as_the_engine(
    balzakken: list[int], action: str, name: str, template: tuple[str, str]
) -> None:
    """BZ-036, BZ-047, BZ-104: "Tom has 2, 1 and the Lul. Can he call?": the verdict of a checked
    reply is the engine's for that hand."""
    text, lang = template
    cards = [str(v) for v in balzakken] + ([action] if action else [])
    glue = " en " if lang == "nl" else " and "
    said = glue.join(_SAID[lang].get(c, c) for c in cards)
    he, hij = ("she", "zij") if name in ("Lisa", "Sanne") else ("he", "hij")
    question = text.format(name=name, hand=said, he=he, hij=hij)
    answer = ANSWERS.answer(Question.read(question))
    if answer is None or not answer.checked:
        return
    state = position([cards, ["9", "10"]], ["8"])
    allowed = may_call(state)
    first = answer.text.split()[0].strip(".,")
    assert first in (("Yes", "Ja") if allowed else ("No", "Nee")), (question, answer.text)
