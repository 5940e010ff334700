"""Balam's commercial control told with both kings' small pyramids on a site ("6 -
DISTRIBUTION > TRANSPORT"): a site closes to a king where the enemy has more small pyramids;
on a tie a held site stays its holder's and a free site is open to both; each reply compared
with that rule, never marked as checked by the referee, and a tie on a site whose holder is
not told left to the rules text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question

_HOLDERS = {"free site": "nobody", "enemy city": "him", "city of my own": "me"}


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.sampled_from(sorted(_HOLDERS)))
def test_a_site_closes_where_the_enemy_has_more_small_pyramids(mine, rival, where):
    """BA-207, BA-208, BA-209: the riches cross where the enemy has no more small pyramids than
    the king; on a tie the holder keeps control and a free site is open to both."""
    site = "a city of my own" if where == "city of my own" else f"a {where}"
    text = (
        f"On {site} my opponent has {rival} small pyramids and I have {mine}. "
        "Can my cacao be carried across it?"
    )
    reply = _reply(text)
    if mine == rival and where == "city of my own":
        assert reply is None or reply.text.startswith("Yes"), (text, reply.text)
        return
    assert reply is not None and not reply.checked, text
    holder = _HOLDERS[where]
    crosses = mine > rival or (mine == rival and holder != "him")
    assert reply.text.startswith("Yes" if crosses else "No"), (text, reply.text)


def test_a_tie_on_a_site_whose_holder_is_not_told_is_left_to_the_rules_text():
    """BA-209: a tie decides nothing until the site's holder is known."""
    reply = _reply(
        "A site has 1 small pyramid of mine and 1 of my rival. Can my jade go through it?"
    )
    assert reply is None or not reply.text.startswith(("Yes", "No"))


def test_riches_leaving_a_site_the_enemy_controls_are_refused():
    """BA-210, BA-211: riches produced where the enemy has more small pyramids may not leave
    it for another city."""
    reply = _reply(
        "My jade comes from a city where my opponent has 2 small pyramids and I have 1. Can I "
        "carry it to my temple in another city?"
    )
    assert reply is not None and reply.text.startswith("No:")
