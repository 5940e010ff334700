"""Balam's answers to battles and storage told in more ways: the attacked city's own buildings,
garrisons kept at home, obsidian carried and spent "both", the margin's choices, skulls, the
prisoners kept after skulls, what a reserve or a garrison holds, production of a site of 4
villages, and a bare "Production?"; each checked against the engine's rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question

_FACE = st.sampled_from(["0", "1", "2", "3"])


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


@settings(max_examples=30, deadline=None)
@given(st.lists(_FACE, min_size=1, max_size=3), st.integers(1, 3), st.integers(1, 2))
def test_a_battle_against_a_city_told_building_by_building(faces, garrisons, villages):
    """BA-141, BA-146, BA-147, BA-148, BA-149, BA-152: attack = the dice's points, defence =
    the garrisons; the buildings destroyed are the margin, as far as the city told has them."""
    said = " and ".join(faces)
    villages = min(villages, 4 - garrisons)  # the attacked city has 4 plots
    city = f"{garrisons} garrison{'s' if garrisons > 1 else ''}"
    if villages:
        city += f" and {villages} village{'s' if villages > 1 else ''}"
    text = (
        f"I attack with {len(faces)} garrison{'s' if len(faces) > 1 else ''} and the dice come "
        f"up {said}. The city I'm attacking has {city}, and he has no other city next to it. "
        "How many buildings do I destroy?"
    )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    margin = sum(int(f) for f in faces) - garrisons
    fallen = max(0, min(margin, garrisons + villages))
    assert reply.text.startswith(f"{fallen}. ") or (fallen == 0 and "Nothing" in reply.text), (
        text,
        reply.text,
    )


def test_garrisons_kept_home_still_take_prisoners():
    """BA-136, BA-153, BA-154: the attacker commits some garrisons; every garrison of the
    attacking city may take a prisoner."""
    reply = _reply(
        "Ik heb 3 garnizoenen en val aan met 2, ik gooi een 3 en een 2. Hij heeft 1 garnizoen en "
        "2 dorpen in die stad. Hoeveel gebouwen sloop ik?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("3. Aanval 5 tegen verdediging 1"), reply.text
    assert "3 gevangene" in reply.text


def test_obsidian_carried_then_spent_both():
    """BA-137, BA-138, BA-146: "2 of them with obsidian, and I use both": 2 obsidian added."""
    reply = _reply(
        "I attack with 3 garrisons, 2 of them with obsidian, and I use both obsidian. I roll 1, 1 "
        "and 0. His city has 3 garrisons and he spends nothing. How many buildings does he lose?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("1. Attack 4 against defence 3"), reply.text


def test_a_temple_or_palace_left_standing_is_not_one_count():
    """BA-149, BA-150, BA-151: a temple takes 2 points; when the margin cannot pay for every building, which
    fall is the attacker's choice and the margin's choices are listed."""
    reply = _reply(
        "My attack beats his defence by 3, and his city has a palace and a temple. What can I "
        "destroy?"
    )
    assert reply is not None and (
        "the palace or the temple" in reply.text or "the temple or the palace" in reply.text
    ), reply.text
    reply = _reply(
        "Attack 5 against defence 3, and his city holds a temple and a village. What can I destroy?"
    )
    assert reply is not None and "the village or the temple" in reply.text, reply.text
    reply = _reply(
        "My attack potential is 4 and his defence potential is 4. Do I destroy anything?"
    )
    assert reply is not None and reply.text.startswith("No."), reply.text


def test_skulls_and_the_prisoners_they_leave_room_for():
    """BA-143, BA-153, BA-154: a garrison lost per skull; prisoners only on the garrisons left."""
    reply = _reply(
        "He attacked me with 3 dice and rolled 2 skulls. How many garrisons does he lose?"
    )
    assert reply is not None and reply.text.startswith("2 garrisons"), reply.text
    reply = _reply(
        "I destroyed 3 buildings. My attacking city has 3 garrisons but I lost 1 of them to a "
        "skull. How many prisoners do I keep?"
    )
    assert reply is not None and reply.text.startswith("2 prisoners"), reply.text


def test_what_a_reserve_and_a_garrison_hold():
    """BA-153, BA-216, BA-218: a reserve stores one riches of any type; a garrison one obsidian
    or one prisoner; tried as moves in the engine."""
    for text, start in (
        ("Can a reserve hold a prisoner?", "Yes."),
        ("Can I put 2 maize in one reserve?", "No."),
        ("Mag ik 2 mais in één opslagplaats leggen?", "Nee."),
        ("After winning a war, can I put 2 prisoners on the same garrison?", "No."),
        ("Can a garrison hold an obsidian and a prisoner at the same time?", "No."),
    ):
        reply = _reply(text)
        assert reply is not None and reply.checked and reply.text.startswith(start), (text, reply)


def test_production_of_a_full_site_and_a_bare_question():
    """BA-193: every village yields its site's colour; "Production?" asks what."""
    reply = _reply("I have 4 villages on a maize site and 2 on a cacao site. Production?")
    assert reply is not None and reply.checked
    assert reply.text.startswith("4 maize and 2 cacao."), reply.text
    reply = _reply("Ik heb 2 dorpen op een jadeplaats. Wat produceren die?")
    assert reply is not None and reply.checked and reply.text.startswith("2 jade."), reply.text


@settings(max_examples=30, deadline=None)
@given(
    st.lists(_FACE, min_size=1, max_size=3),
    st.integers(1, 2),
    st.sampled_from(["temple", "palace", "village"]),
    st.integers(0, 2),
)
def test_can_i_destroy_a_named_building_is_the_engines(faces, garrisons, kind, beside):
    """BA-146, BA-147, BA-148, BA-150, BA-151: a named building may be destroyed when the
    margin of attack over defence pays for it (2 for a temple or palace, 1 for the others)."""
    text = (
        f"I attack with {len(faces)} garrison{'s' if len(faces) > 1 else ''} and roll "
        f"{' and '.join(faces)}, no obsidian. His city has {garrisons} garrison"
        f"{'s' if garrisons > 1 else ''} and a {kind}"
        + (f", his adjacent city {beside} garrison{'s' if beside > 1 else ''}" if beside else "")
        + f". Can I destroy the {kind}?"
    )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    margin = sum(int(f) for f in faces) - garrisons - beside
    allowed = margin >= (2 if kind in ("temple", "palace") else 1)
    assert reply.text.startswith("Yes." if allowed else "No."), (text, reply.text)


# --- a battle told in other orders: cities by letter, a neighbour said apart, obsidian "spent it"
_FACES = st.sampled_from(["0", "1", "2", "3", "a skull"])


@settings(max_examples=40, deadline=None)
@given(
    st.lists(_FACES, min_size=1, max_size=3),
    st.booleans(),
    st.integers(1, 2),
    st.integers(1, 2),
    st.integers(0, 2),
    st.booleans(),
    st.booleans(),
)
def test_a_battle_told_in_any_order_is_the_engines_arithmetic(
    faces, spend, garrisons, villages, beside, far, letters
):
    """BA-137, BA-138, BA-141, BA-146..BA-149: attack = the dice's points + the obsidian spent
    ("one of them carries obsidian and I spend it"), defence = the garrisons of the attacked city
    and of the defender's cities next to it (told by letter, or apart from its count: "his city
    Y, directly adjacent to X, has 2 garrisons"), never of a city far away; the buildings lost
    and the attacker's garrisons lost (one per skull) both answered."""
    attack_words = f"I attack with {len(faces)} garrison{'s' if len(faces) > 1 else ''}"
    if spend:
        attack_words += "; one of them carries obsidian and I spend it"
    city = f"{garrisons} garrison{'s' if garrisons > 1 else ''}"
    city += f" and {villages} village{'s' if villages > 1 else ''}"
    if letters:
        story = f"I'm attacking his city X. X has {city}."
        if beside:
            story += f" His city Y, directly adjacent to X, has {beside} garrisons."
    else:
        story = f"His attacked city has {city}."
        if beside:
            story += f" His city next door has {beside} garrisons."
    if not beside:
        story += " He has no other city next to it."
    if far:
        story += " He also has 3 garrisons in a city far away, not adjacent to it."
    text = (
        f"{attack_words}. My dice come up {', '.join(faces)}. {story} He spends no obsidian. "
        "How many of his buildings fall, and how many garrisons do I lose?"
    )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    points = sum(int(f) for f in faces if f.isdigit()) + int(spend)
    skulls = faces.count("a skull")
    margin = points - garrisons - beside
    fallen = max(0, min(margin, garrisons + villages))
    head = reply.text.split(". ")[0].lower()
    if fallen:
        assert f"{fallen} building" in head, (text, reply.text)
    else:
        assert "no building" in head or head.startswith("nothing"), (text, reply.text)
    assert f"you lose {skulls} garrison" in head, (text, reply.text)


_COST = {"village": 1, "garrison": 1, "temple": 2, "palace": 2, "reserve": 1}


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(_COST)), min_size=1, max_size=2),
    st.sampled_from(["last", "emptied", "dutch"]),
)
def test_ba160_a_devastated_city_taken_at_once_costs_its_buildings_only(kinds, said):
    """BA-159, BA-160: a city that loses its last building belongs to nobody; the attacker may
    build on it right after the assault without paying the turn's riches again."""
    if sum(2 if k in ("temple", "palace") else 1 for k in kinds) > 4:
        return
    dutch = {"village": "dorp", "garrison": "garnizoen", "temple": "tempel", "palace": "paleis",
             "reserve": "voorraad"}  # fmt: skip
    if said == "dutch":
        wanted = " en ".join(f"een {dutch[k]}" for k in kinds)
        text = (f"Mijn aanval heeft het laatste gebouw van zijn stad vernietigd. Ik bouw er "
                f"meteen {wanted}. Hoeveel rijkdommen betaal ik daarvoor?")  # fmt: skip
    else:
        wanted = " and ".join(f"a {k}" for k in kinds)
        story = ("My attack destroyed the last building of his city" if said == "last" else
                 "My attack emptied his city, it belongs to nobody now")  # fmt: skip
        text = f"{story}. I take it right away with {wanted}. How many riches do I pay?"
    if len(kinds) == 2 and kinds[0] == kinds[1]:
        return  # "a village and a village": one name said twice is not counted here
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    total = sum(_COST[k] for k in kinds)
    assert reply.text.startswith(f"{total} rijkdom" if said == "dutch" else f"{total} riches"), (
        text,
        reply.text,
    )


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(["obsidian", "prisoner"]),
    st.sampled_from(["obsidian", "prisoner"]),
    st.booleans(),
)
def test_ba216_a_garrison_holding_one_riches_takes_no_second(held, moved, dutch):
    """BA-213, BA-216, BA-154: a garrison holds one obsidian or one prisoner, never a second
    riches, told with fillers ("from this round's war", "during distribution") or in Dutch;
    the move refused by the engine."""
    names = {
        "obsidian": ("an obsidian", "een obsidiaan"),
        "prisoner": ("a prisoner", "een gevangene"),
    }
    if held == moved == "obsidian":
        return  # a second obsidian is another reader's question
    if dutch:
        text = (f"Een van mijn garnizoenen heeft {names[held][1]}. Mag ik er in de distributie "
                f"ook {names[moved][1]} op zetten?")  # fmt: skip
    else:
        text = (f"One of my garrisons is holding {names[held][0]} from this round's war. During "
                f"distribution, can I also move {names[moved][0]} onto that same garrison?")  # fmt: skip
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    assert reply.text.startswith("Nee." if dutch else "No."), (text, reply.text)


def test_ba160_a_devastated_city_built_on_in_a_later_turn_is_not_taken_at_once():
    """BA-159, BA-160: only building right after the assault skips the turn's riches."""
    reply = _reply(
        "My attack destroyed the last building of his city last turn. Now I build a village "
        "there. How many riches does it cost?"
    )
    assert reply is None or not reply.checked or reply.text.startswith("2"), reply.text


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["obsidian", "prisoner"]), st.booleans(), st.booleans())
def test_ba143_the_riches_on_a_garrison_lost_to_a_skull_go_with_it(riches, keep, dutch):
    """BA-143, BA-144: the attacker loses a garrison of his choice per skull, and a riches on it
    is lost too (an obsidian not spent included), as the engine discards it."""
    nl = {"obsidian": "de obsidiaan", "prisoner": "de gevangene"}[riches]
    if dutch:
        ask = f"Houd ik {nl}?" if keep else f"Gaat {nl} mee?"
        text = (f"Ik val aan met 2 garnizoenen; op een ervan ligt een {nl.split()[1]}. Ik gooi een "
                f"doodshoofd en verlies dat garnizoen. {ask}")  # fmt: skip
    else:
        ask = f"Do I keep the {riches}?" if keep else f"Does the {riches} go with it?"
        text = (f"I attack with 2 garrisons and one of them holds a {riches} I do not spend. I "
                f"roll a skull and lose that garrison. {ask}")  # fmt: skip
    reply = _reply(text)
    if reply is None or not reply.checked:
        return  # left to the rules text
    lost_answer = ("Nee" if dutch else "No") if keep else ("Ja" if dutch else "Yes")
    assert reply.text.startswith(lost_answer), (text, reply.text)
