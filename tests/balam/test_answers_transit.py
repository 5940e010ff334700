"""Balam's commercial control told with both kings' small pyramids on a site ("6 -
DISTRIBUTION > TRANSPORT"): a site closes to a king where the enemy has more small pyramids;
on a tie a held site stays its holder's and a free site is open to both; each reply judged by
the engine's transport rule (checked by the referee) and compared with that rule, whatever
order and words the counts and the site's holder are told in; a tie on a site whose holder is
not told is left to the rules text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.board import load_board
from gametable.games.balam.transport import usable_masks
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
    assert reply is not None and reply.checked, text
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


#: ways of telling the two counts (mine, the rival's), in either order, English and Dutch
_COUNTS = (
    "where my rival has {r} small pyramids and I have {m}",
    "with {r} small pyramids of my opponent and {m} of mine",
    "holding {m} small pyramids of mine and {r} of my enemy's",
)
#: ways of telling the site, to its holder on the engine's board (1 another king, -1 nobody)
_SITES = {
    "a site nobody holds": -1,
    "a neutral site": -1,
    "Karel's city": 1,
    "my opponent's city": 1,
}


def _engine_crosses(mine: int, rival: int, holder: int) -> bool:
    """Whether the engine's transport rule opens the site to the asker's riches."""
    return bool(usable_masks(load_board("default"), [holder], [[mine, rival]], 2)[0] & 1)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 3),
    st.integers(0, 3),
    st.sampled_from(sorted(_SITES)),
    st.sampled_from(_COUNTS),
    st.booleans(),
)
def test_the_counts_and_holder_told_in_any_order_are_judged_by_the_engine(
    mine, rival, site, counts, two_kings
):
    """BA-207..BA-211: whoever says his count first, and however the site's holder is named,
    the verdict is the engine's, marked as checked."""
    if mine == rival and counts == _COUNTS[0] and mine == 0:
        return  # "I have 0" is no way to speak
    told = counts.format(m=mine, r=rival)
    lead = "2-player game. " if two_kings else ""
    text = f"{lead}To reach my temple my shells cross {site}, {told}. Can my shells pass?"
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    crosses = _engine_crosses(mine, rival, _SITES[site])
    assert reply.text.startswith("Yes" if crosses else "No"), (text, reply.text)


def test_a_count_said_with_each_and_a_filler_is_one_count_for_both():
    """BA-209: "he and I each have exactly one" on his city: a tie, he keeps control."""
    reply = _reply(
        "The only route from my village to my palace runs through my opponent's city, where "
        "he and I each have exactly one small pyramid. Can my maize travel through his city?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("No")


def test_a_dutch_tie_on_a_free_site_is_open():
    """BA-209 (Dutch): "ik ook 2" is the asker's count; a free site on a tie is open to both."""
    reply = _reply(
        "Mijn jade moet over een lege plaats van niemand. Mijn tegenstander heeft daar 3 kleine "
        "piramides en ik ook 3. Mag mijn jade erdoor?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("Ja")


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["maize", "cacao", "jade", "obsidian"]), st.booleans())
def test_ba211_riches_produced_under_enemy_control_are_lost_without_a_place_to_go(riches, ask):
    """BA-210, BA-211, BA-240: riches produced in a city an enemy controls may be used only
    there; with no reserve, temple or palace in it, the engine offers them no move and they are
    lost at the end of the round."""
    story = (f"My {riches} village sits in a city where my opponent's market gives him more "
             "small pyramids than I have. There's no reserve, temple or palace in that city.")  # fmt: skip
    question = (f"Is the {riches} lost at the end of the round?" if ask else
                f"What happens to the {riches} at the end of the round?")  # fmt: skip
    reply = _reply(f"{story} {question}")
    assert reply is not None and reply.checked, story
    assert reply.text.startswith("Yes" if ask else "It is lost"), reply.text
