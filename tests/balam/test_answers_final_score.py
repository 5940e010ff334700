"""Balam's final score told by its parts ("7 - END OF GAME > RICHES BONUS", BA-248..BA-250;
"Round Structure > C", BA-068): the score told, the riches on the king sheet (a count or a
list), riches on the board set aside (they do not count), and the Clemency of Chaak's maize
still to come when the sheet is told after the last round's distribution and the Eclipse was
never drawn, in any order and in Dutch; each reply compared with the engine's scoring."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.scoring import riches_bonus
from gametable.rulebook.question import Question

#: when the sheet is told: (English, Dutch, maize of Chaak still to come, or None: not known)
_TIMES = {
    "over": ("The game is over.", "Het spel is afgelopen.", 0),
    "after, no eclipse": (
        "It's the final round and the Eclipse was never drawn. After the distribution",
        "Het is de laatste ronde en de Eclips is nooit getrokken. Na de distributie",
        2,
    ),
    "after, eclipse out": (
        "It's the final round and the Eclipse came out long ago. After the distribution",
        "Het is de laatste ronde en de Eclips is al getrokken. Na de distributie",
        0,
    ),
    "after, unknown": (
        "It's the final round. After the distribution",
        "Het is de laatste ronde. Na de distributie",
        None,
    ),
}


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(_TIMES)),
    st.integers(10, 80),
    st.integers(1, 15),
    st.integers(0, 4),
    st.booleans(),
)
def test_the_final_score_adds_the_sheets_riches_and_chaaks_maize(time, score, sheet, board, dutch):
    """BA-248, BA-249: half a point per riches on the sheet, rounded down; riches in reserves
    do not count; BA-068: Chaak's 2 maize come before the bonus when the Eclipse was never
    drawn; a sheet told before Chaak with the Eclipse unsaid is not worked out."""
    english, nederlands, chaak = _TIMES[time]
    if dutch:
        aside = f" en {board} in mijn voorraden" if board else ""
        told = f"{nederlands} heb ik {sheet} rijkdommen op mijn koningsblad{aside}."
        if time == "over":
            told = f"{nederlands} Ik heb {sheet} rijkdommen op mijn koningsblad{aside}."
        text = f"{told} Ik sta op {score} punten. Wat is mijn eindscore?"
    else:
        aside = f" and {board} more in my reserves" if board else ""
        told = f"{english} I have {sheet} riches on my king sheet{aside}."
        if time != "over":
            told = f"{english} I have {sheet} riches on my king sheet{aside}."
        text = f"{told} I'm on {score} prestige. What is my final score?"
    reply = _reply(text)
    if chaak is None:
        assert reply is None or not reply.checked, (text, reply.text)
        return
    assert reply is not None and reply.checked, text
    final = score + riches_bonus(sheet + chaak)
    wrong = {score + riches_bonus(sheet + board + chaak), score + riches_bonus(sheet + 2)}
    assert str(final) in reply.text.split("(")[0], (text, reply.text)
    for number in wrong - {final}:
        assert f"{number} prest" not in reply.text, (text, reply.text)


_ECLIPSE_TOLD = {
    "The Eclipse was drawn last round.": False,
    "The eclipse came out this round.": False,
    "De Eclips is vorige ronde getrokken.": False,
    "No eclipse yet.": True,
    "De eclips is nog niet getrokken.": True,
}


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(_ECLIPSE_TOLD)))
def test_ba072_chaaks_maize_comes_only_before_the_eclipse(told):
    """BA-072, BA-192: the Clemency of Chaak gives 2 maize at the end of each round until the
    Eclipse is drawn (that round included), as the engine's round end gives it."""
    dutch = "ronde" in told or "nog niet" in told
    ask = (
        "Krijgen we aan het eind van deze ronde nog de 2 mais van Chaak?"
        if dutch
        else "Do we still get Chaak's 2 maize at the end of this round?"
    )
    reply = _reply(f"{told} {ask}")
    assert reply is not None and reply.checked, told
    gets = _ECLIPSE_TOLD[told]
    yes, no = ("Ja", "Nee") if dutch else ("Yes", "No")
    assert reply.text.startswith(yes if gets else no), (told, reply.text)


def test_a_sheet_or_a_round_the_reply_cannot_place_is_not_worked_out():
    """BA-068, BA-248: Chaak's maize asked of a round gone by, and a sheet told after a
    distribution that may not be the last one, are not worked out as checked."""
    for text in (
        "The Eclipse was drawn this round. Did we get Chaak's maize last round?",
        "After the distribution I have 5 riches on my sheet and the eclipse has not been "
        "drawn. How many bonus points at the end of the game?",
    ):
        reply = _reply(text)
        assert reply is None or not reply.checked, (text, reply.text)
