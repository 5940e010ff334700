"""Balam's turn told by its parts ("Round Structure > B", BA-058..BA-065; "2 - CONSTRUCTIONS",
BA-092, BA-093; "3 - WARS", BA-134..BA-136): buildings in two of the king's cities in one turn,
an attack after building, a pass without paying and what a king may do with the sheet told,
in other orders, fillers and Dutch; each reply compared with the engine on the same turn."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.answers.building import RICH, _built
from gametable.games.balam.answers.scenes import (
    HOME,
    MORE_SITES,
    NEIGHBOUR,
    legal_texts,
    load,
    position,
    refusal,
)
from gametable.rulebook.question import Question

_KINDS = {"village": "dorp", "garrison": "garnizoen", "temple": "tempel", "reserve": "voorraad"}


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


def _engine_second_site(first: str, second: str) -> bool:
    """Whether the engine lets a king build ``second`` in another of his cities after
    ``first`` in one, in the same turn."""
    data = position(
        sites={HOME: ["village", None, None], MORE_SITES[0]: ["village"]},
        riches=[RICH],
        phase="act",
    )
    built = _built(load(data), f"build {first} {HOME}.1")
    assert built is not None
    return refusal(built, f"build {second} {MORE_SITES[0]}.1") is None


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(sorted(_KINDS)),
    st.sampled_from(sorted(_KINDS)),
    st.sampled_from(["after", "before", "dutch"]),
)
def test_ba093_buildings_in_two_of_my_cities_in_one_turn(first, second, order):
    """BA-092, BA-093: one site a turn, whatever the buildings and however the two cities are
    told."""
    if first == second:
        return  # "a village ... and a village": one name said twice is not read here
    if order == "after":
        text = (f"After paying my turn's riches I want to build a {first} in my city on the "
                f"coast and a {second} on another of my cities inland, both this turn. Allowed?")  # fmt: skip
    elif order == "before":
        text = (f"Is it allowed, this turn, to put a {first} in one of my cities and a {second} "
                "in another of my cities? I paid my turn already.")  # fmt: skip
    else:
        text = (f"Ik heb mijn beurt betaald. Mag ik een {_KINDS[first]} in mijn stad bouwen en "
                f"een {_KINDS[second]} in een andere stad van mij?")  # fmt: skip
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    allowed = _engine_second_site(first, second)
    yes, no = ("Ja", "Nee") if order == "dutch" else ("Yes", "No")
    assert reply.text.startswith(yes if allowed else no), (text, reply.text)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["village", "garrison", "reserve"]), st.booleans())
def test_ba136_an_attack_after_building_in_the_same_turn(kind, later):
    """BA-058, BA-136: after paying, a king builds or attacks; a building done this turn leaves
    no attack, as the engine finds on the same position."""
    if later:
        text = (f"This turn I paid and built a {kind} in my city on the border. Can I still "
                "attack from that city afterwards?")  # fmt: skip
    else:
        text = (f"I paid my riches, built a {kind} in my border city, and now I want to attack "
                "the neighbouring enemy city from there in the same turn. Can I?")  # fmt: skip
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    data = position(
        sites={HOME: ["garrison", "garrison", None], NEIGHBOUR: ["village"]},
        owners={NEIGHBOUR: 1},
        riches=[RICH],
        phase="act",
    )
    built = _built(load(data), f"build {kind} {HOME}.2")
    assert built is not None
    attacks = [a for a in legal_texts(built) if a.startswith("attack")]
    assert reply.text.startswith("Yes" if attacks else "No"), (text, reply.text)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 5), st.sampled_from(["maize", "jade", "cacao"]), st.booleans())
def test_ba058_a_pass_without_paying_is_refused(count, riches, dutch):
    """BA-058, BA-059, BA-065: a pass comes after paying 1 riches; before it, the engine
    refuses it whatever the sheet holds."""
    if dutch:
        word = {"maize": "maïs", "jade": "jade", "cacao": "cacao"}[riches]
        text = (f"Ik heb {count} {word} op mijn koningsblad en wil niets doen. Mag ik passen "
                "zonder te betalen?")  # fmt: skip
    else:
        text = (f"I have {count} {riches} left on my sheet and don't want to do anything this "
                "turn. Can I just pass without paying anything?")  # fmt: skip
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    state = load(position(riches=[{riches: count}], phase="turn"))
    refused = refusal(state, "end")
    allowed = refused is None
    assert reply.text.startswith(
        ("Ja" if dutch else "Yes") if allowed else ("Nee" if dutch else "No")
    )


def test_ba065_an_empty_sheet_leaves_only_a_katun_card():
    """BA-065, BA-163: with nothing on the sheet the turn is turning over a Katun card."""
    for text in (
        "my king sheet is completely empty, no riches at all. what can i do on my turn",
        "Mijn koningsblad is leeg. Wat kan ik doen?",
    ):
        reply = _reply(text)
        assert reply is not None and reply.checked, text
        state = load(position(riches=[{}], phase="turn"))
        assert all(a.startswith("katun") for a in legal_texts(state))
        assert "Katun" in reply.text.split(":")[0], reply.text


_COSTS = {"village": 1, "garrison": 1, "palace": 2, "temple": 2, "reserve": 1, "market": 1}
_SINGLE = ("village", "garrison", "reserve", "market")


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(sorted(_COSTS)),
    st.sampled_from(sorted(_COSTS)),
    st.sampled_from(["tear down", "knock down", "remove"]),
)
def test_ba097_a_building_put_in_the_place_of_one_removed(gone, new, verb):
    """BA-097, BA-099, BA-058: removing is free, the turn costs its riches plus the new
    building's; a palace or temple where a single building stood is not judged (the space
    beside it is not told)."""
    if gone == new:
        return
    text = (f"In one of my cities I want to {verb} a {gone} and put a {new} in its place, this "
            "turn. Total cost in riches, including the riches for taking the turn?")  # fmt: skip
    reply = _reply(text)
    if new in ("palace", "temple") and gone in _SINGLE:
        assert reply is None or not reply.checked, (text, reply.text)
        return
    assert reply is not None and reply.checked, text
    total = 1 + _COSTS[new]
    assert reply.text.startswith(f"{total} riches (1 for the turn + {_COSTS[new]} for"), (
        text,
        reply.text,
    )


def test_ba093_a_building_held_already_is_not_one_built_this_turn():
    """BA-093: "I have a village in one of my cities" tells what the king holds, not a building
    of this turn; neither the one-site rule nor a building plan may count it as built."""
    for text in (
        "I have a village in one of my cities. Can I build a garrison in another of my cities "
        "this turn?",
        "I have 3 maize on my king sheet and a village in my city. Can I build a temple and a "
        "market on a free site?",
    ):
        reply = _reply(text)
        assert reply is None or not reply.checked or "village" not in reply.text, (text, reply.text)


def test_ba136_a_building_of_an_earlier_turn_is_not_judged_as_this_turns():
    """BA-058, BA-093, BA-136: a building done last turn leaves this turn free to attack or to
    build elsewhere; the turn readers do not judge it as this turn's building."""
    for text in (
        "I built a garrison last turn. Can I attack from that city now?",
        "I built a village in one of my cities last turn. Can I build a garrison in another of "
        "my cities this turn?",
    ):
        reply = _reply(text)
        assert reply is None or not reply.checked or reply.text.startswith("Yes"), (
            text,
            reply.text,
        )


def test_ba097_a_building_put_in_the_place_of_one_removed_in_dutch():
    """BA-097, BA-099, BA-058 (Dutch): "er ... voor in de plaats" is in its place."""
    reply = _reply("Ik breek mijn dorp af en zet er een garnizoen voor in de plaats. Hoeveel kost "
                   "die beurt?")  # fmt: skip
    assert reply is not None and reply.checked
    assert reply.text.startswith("2 rijkdommen (1 voor de beurt + 1 voor"), reply.text
