"""Balam's worked-out sums: sacrifices shared over two temples ("6 - DISTRIBUTION >
CEREMONY"), the riches bonus of a king sheet listed riches by riches ("7 - END OF GAME") and
the production of villages on sites of several colours ("5 - PRODUCTION"),
each compared with the engine's scoring tables, and near misses left to the rules text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.board import RICHES
from gametable.games.balam.scoring import CEREMONY, riches_bonus
from gametable.rulebook.question import Question

_SAID = {"maize": "maize", "cacao": "cacao", "shell": "shells", "jade": "jade",
         "obsidian": "obsidian", "prisoner": "prisoners"}  # fmt: skip
_SHARE = st.dictionaries(st.sampled_from(sorted(_SAID)), st.integers(1, 2), min_size=1, max_size=2)


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


def _listed(share: dict[str, int]) -> str:
    return " and ".join(f"{n} {_SAID[r]}" for r, n in share.items())


@settings(max_examples=40, deadline=None)
@given(_SHARE, _SHARE)
def test_two_temples_sacrifice_the_sum_of_their_shares(first, second):
    """BA-225, BA-229, BA-230, BA-231, BA-232: each temple sacrifices at most 2 riches; the prestige of two temples is
    the sum of their riches' ceremony values; more than 2 in a temple is not answered."""
    text = f"One temple sacrifices {_listed(first)}, the other {_listed(second)}. How many points?"
    reply = _reply(text)
    if sum(first.values()) > 2 or sum(second.values()) > 2:
        assert reply is None or not reply.checked, text
        return
    total = sum(CEREMONY[RICHES.index(r)] * n for s in (first, second) for r, n in s.items())
    assert reply is not None and reply.checked, text
    assert reply.text.startswith(f"{total} prestige points"), (text, reply.text)


@settings(max_examples=30, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(_SAID)), st.integers(1, 9), min_size=2, max_size=4))
def test_the_riches_bonus_counts_every_riches_listed_on_the_sheet(sheet):
    """BA-251: half a point per riches on the king sheet, rounded down, over every riches the
    question lists."""
    text = f"At the end of the game my king sheet holds {_listed(sheet)}. What is my riches bonus?"
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    assert reply.text.startswith(f"{riches_bonus(sum(sheet.values()))} prestige points")


def test_two_questions_in_one_are_not_answered_as_a_sum():
    """BA-229, BA-231, BA-232: "what does a prisoner give in a cenote? And a jade?" asks two values; it
    is not answered as their sum."""
    reply = _reply("How much prestige does a prisoner give in a cenote? And a jade?")
    assert reply is None or not reply.checked or "10" not in reply.text.split(".")[0]


def test_riches_in_a_reserve_are_not_added_to_the_bonus():
    """BA-251: riches in a reserve are no part of the bonus; a list mixing them with the sheet
    counts the sheet's alone and says the reserve's do not count."""
    reply = _reply(
        "End of the game: 4 maize and 2 jade on my king sheet and 1 maize in a reserve. Bonus?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("3 prestige points (6 riches // 2 = 3)."), reply.text
    assert "do not count" in reply.text


_COLOURS = {"maize": "maize", "cacao": "cacao", "jade": "jade", "obsidian": "obsidian"}


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(_COLOURS)), min_size=2, max_size=3, unique=True),
    st.lists(st.integers(1, 3), min_size=3, max_size=3),
)
def test_villages_on_sites_of_several_colours_produce_their_own_colour(colours, counts):
    """BA-193, BA-196: every village produces one riches of its own site's colour, so villages
    on sites of several colours produce each colour apart, as the engine produces them."""
    told = " and ".join(
        f"{n} villages on a {c} site" for c, n in zip(colours, counts, strict=False)
    )
    reply = _reply(f"I have {told}. What do they produce?")
    assert reply is not None and reply.checked, told
    expected = " and ".join(f"{n} {c}" for c, n in zip(colours, counts, strict=False))
    assert reply.text.startswith(expected + "."), (told, reply.text)


def test_two_counts_of_one_colour_are_left_to_the_rules_text():
    """BA-193: two counts told for one colour of site (two sites or one?) are not answered as
    checked."""
    reply = _reply("I have 2 villages on a jade site and 1 on a jade site. What do they produce?")
    assert reply is None or not reply.checked


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 12))
def test_the_last_rounds_chaak_maize_count_in_the_riches_bonus(left):
    """BA-077, BA-251: without the Eclipse, Chaak's 2 maize come at the end of the last round
    too, before the bonus: (riches + 2) // 2."""
    text = (
        f"It's the last round, the Eclipse never came, and after taxes I have {left} riches on "
        "my sheet. How many bonus points do I get?"
    )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    assert reply.text.startswith(f"{riches_bonus(left + 2)} prestige points"), (text, reply.text)


def test_the_sheet_told_after_chaak_is_not_answered_with_chaak_again():
    """BA-077: a sheet told after Chaak's maize is not given them twice."""
    reply = _reply(
        "Last round, no Eclipse yet, and after Chaak I have 5 riches on my sheet. My bonus?"
    )
    assert reply is None or "Chaak" not in reply.text.split(".")[0]


def test_two_riches_asked_in_two_questions_get_each_its_value():
    """BA-229, BA-230, BA-231, BA-232, BA-177: "a prisoner in a cenote? And a jade?" asks two
    values: 6 and 4 (a cenote doubles a temple's), not their sum."""
    reply = _reply(
        "How much prestige does a prisoner give when sacrificed in a cenote? And a jade?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("Prestige points each: prisoner 6; jade 4.")


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 3), st.integers(1, 2), st.integers(0, 6))
def test_ba235_riches_shared_over_palaces_reach_the_sheet(palaces, share, prisoners):
    """BA-235, BA-236: each palace collects the riches brought to it (1 or 2) onto its king's
    sheet; the riches named and the share per palace told, the sum as the engine collects it."""
    total = palaces * share
    prisoners = min(prisoners, total)
    maize = total - prisoners
    named = " and ".join(
        part
        for part in (
            f"{maize} maize" if maize else "",
            f"{prisoners} prisoner{'s' if prisoners > 1 else ''}" if prisoners else "",
        )
        if part
    )
    word = "palace" if palaces == 1 else "palaces"
    text = (f"I have {palaces} {word} and put {named} on them, {share} per palace. How many "
            "riches reach my sheet?")  # fmt: skip
    reply = _reply(text)
    if reply is None or not reply.checked:
        return
    assert reply.text.startswith(f"{palaces} x {share} = {total} riches"), (text, reply.text)
