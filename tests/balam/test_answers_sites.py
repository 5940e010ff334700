"""Balam's questions that name sites by their board coordinates ("b2", "c3"): the names only
say which sites are different, so a building question on two named sites is one on two sites
(refused: one site a turn, "2 - CONSTRUCTIONS") and on one named site twice is one on the same
site (allowed), each tried in the engine."""

from __future__ import annotations

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question


def _reply(text: str):
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and reply.checked, text
    return reply


def test_two_named_sites_in_one_turn_are_refused():
    """BA-093: several buildings in a turn go on one site only; "b2 and c3" are two sites."""
    for text in (
        "Can I build a village on b2 and a garrison on c3 this turn?",
        "I want to add a village to my city b2 and a garrison to my other city c3 in the same "
        "turn. Is that allowed?",
        "Can I build a village in my city b2 and a garrison in my city c3 this turn?",
    ):
        assert _reply(text).text.startswith("No."), text


def test_one_named_site_twice_is_the_same_site():
    """BA-093: two buildings on the one site named twice are allowed in one turn."""
    reply = _reply("Can I build a village on b2 and a garrison on b2 this turn?")
    assert reply.text.startswith("Yes.")


def test_ba092_a_site_said_to_be_someone_elses_is_built_on_as_an_enemy_site():
    """BA-092: a king builds only on his own sites or on free ones; a site the question says
    another player owns ("van oma", "my friend owns", "owned by") is tried as such and refused,
    while the asker's own site is allowed."""
    for text in (
        "Mag ik een dorp bouwen op een plek die al van oma is?",
        "can I put a village on a site my friend owns",
        "Can I build a temple on a site owned by my brother?",
    ):
        reply = _reply(text)
        assert reply.text.startswith(("No.", "Nee.")), (text, reply.text)
        assert "BA-092" in " ".join(reply.text.split()), (text, reply.text)
    assert _reply("Can I build a village on my own site?").text.startswith("Yes.")
