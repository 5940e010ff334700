"""Balam's favourable cards that let the king choose a riches ("4 - KATUN > POSITIVE EVENTS",
BA-171, BA-174, BA-176): the Expedition return (a produced riches, never a prisoner) and the
Princely marriage (a riches the other king's sheet holds), asked in English and Dutch; each
reply compared with the choices the engine offers after turning the card."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.answers.scenes import HOME, legal_texts, load, play, position
from gametable.rulebook.question import Question

_DUTCH = {"maize": "maïs", "cacao": "cacao", "jade": "jade", "prisoner": "gevangene"}


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


def _offered(card: str, his: dict[str, int]) -> list[str]:
    data = position(sites={HOME: ["village"]}, riches=[{"maize": 1}, his], phase="turn", card=card)
    return legal_texts(play(load(data), "katun 0"))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(_DUTCH)), st.booleans())
def test_ba174_an_expedition_return_offers_a_produced_riches(riches, dutch):
    """BA-174 (and our reading: one of the five produced riches, never a prisoner)."""
    if dutch:
        text = f"Ik trok Expeditie. Mag ik een {_DUTCH[riches]} kiezen?"
    else:
        text = f"Drew Expedition return. Can I pick a {riches} as my riches of choice?"
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    allowed = f"take {riches}" in _offered("expedition", {"maize": 1})
    yes, no = ("Ja", "Nee") if dutch else ("Yes", "No")
    assert reply.text.startswith(yes if allowed else no), (text, reply.text)


@settings(max_examples=30, deadline=None)
@given(
    st.dictionaries(st.sampled_from(sorted(_DUTCH)), st.integers(1, 2), min_size=1, max_size=2),
    st.sampled_from(sorted(_DUTCH)),
    st.booleans(),
)
def test_ba176_a_princely_marriage_takes_what_the_other_sheet_holds(his, asked, dutch):
    """BA-176: the dowry is one riches of the king's choice from another king's sheet."""
    if dutch:
        held = " en ".join(f"{n} {_DUTCH[r]}" for r, n in his.items())
        text = (f"Prinselijk huwelijk: mijn tegenstander heeft {held} op zijn koningsblad. Mag "
                f"ik een {_DUTCH[asked]} als bruidsschat nemen?")  # fmt: skip
    else:
        held = " and ".join(f"{n} {r}" for r, n in his.items())
        text = (f"Princely marriage! My opponent has {held} on his king sheet. Can I take a "
                f"{asked} as the dowry?")  # fmt: skip
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    allowed = any(a.startswith("dowry") and a.endswith(asked) for a in _offered("marriage", his))
    yes, no = ("Ja", "Nee") if dutch else ("Yes", "No")
    assert reply.text.startswith(yes if allowed else no), (text, reply.text)


_CEREMONY = {"maize": 1, "cacao": 2, "jade": 2, "prisoner": 3}


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(_CEREMONY)), min_size=1, max_size=2, unique=True),
    st.booleans(),
)
def test_ba177_offerings_at_the_cenotes_are_twice_a_temples(offered, dutch):
    """BA-177: each cenote takes one riches from the Mayas' reserves, worth twice a temple's;
    the riches told reserve by reserve, "one cenote and the other", or in Dutch."""
    if dutch:
        held = " en ".join(f"een {_DUTCH[r]}" for r in offered)
        text = (f"Ik trek de Cult of the sacred cenotes. In mijn voorraden liggen {held} en mijn "
                f"Maya's kunnen {len(offered)} cenotes bereiken. Hoeveel punten krijg ik als ik "
                "ze allemaal offer?")  # fmt: skip
    else:
        held = " and ".join(f"a {r}" for r in offered)
        text = (f"Drew Cult of the sacred cenotes. My reserves hold {held}, and there are "
                f"{len(offered)} cenotes my Mayas can reach. If I send each to a cenote of its "
                "own, how many points is that?")  # fmt: skip
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    total = 2 * sum(_CEREMONY[r] for r in offered)
    assert reply.text.startswith(f"{total} prestige"), (text, reply.text)
