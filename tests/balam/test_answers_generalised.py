"""Balam's answers from the referee for kinds of question the second and third development
sets showed: a catastrophe asked "must I pay / will I lose", a ball game between two kings,
a turn of building in all, riches named without a count, attacks from a city without a
garrison; each reply compared with the engine or the scoring asked directly, and near misses
left to the rules text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.answers.scenes import load
from gametable.games.balam.board import BASE_COST, KINDS
from gametable.games.balam.scoring import ball_game_points
from gametable.rulebook.question import Question


def ask(text: str):
    """The referee-checked reply to ``text``; its position is one the engine loads."""
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None, text
    assert reply.checked, text
    assert reply.position is None or load(reply.position) is not None
    return reply


def test_no_king_must_pay_a_catastrophe():
    """BA-165, BA-168, BA-184: a king without the building owes nothing, and one with it may
    always lose the buildings instead of paying, so "must I pay?" is answered No."""
    assert ask("A drought comes and I have no villages at all. Do I have to pay?").text.startswith(
        "No. Nothing happens"
    )
    choice = ask("Insurrection: 2 palaces and a maize in a reserve. Must I pay the maize?")
    assert choice.text.startswith("No. You choose")
    dutch = ask("Opstand en ik heb geen paleizen. Moet ik iets betalen?")
    assert dutch.text.startswith("Nee.") and "Opstand" in dutch.text


def test_the_kings_sheet_never_wards_off_a_catastrophe():
    """BA-166, BA-167: riches on the king's sheet cannot pay, so the buildings go."""
    reply = ask(
        "Drought: 3 villages, no maize in my reserves, 4 maize on my king sheet. Can I pay?"
    )
    assert reply.text.startswith("No.") and "2 villages" in reply.text


def test_will_i_lose_follows_the_buildings_held():
    """BA-168: "will I lose anything?" is No without the building, Yes with it and nothing
    stored; with riches stored it is the king's choice and left to the rules text."""
    assert ask("Pochteca turned over; I have no markets. Will I lose something?").text.startswith(
        "No."
    )
    assert ask(
        "Toltec raid and I have 3 garrisons but nothing stored. Do I lose anything?"
    ).text.startswith("Yes. You lose 2 garrisons")
    for text in (
        "Drought: do I lose anything?",
        "Drought, 3 villages and a maize in my reserve. Do I lose anything?",
    ):
        reply = ANSWERS.answer(Question.read(text))
        assert reply is None, (text, reply and reply.text)


@settings(max_examples=20, deadline=None)
@given(
    mine=st.tuples(st.integers(0, 4), st.integers(2, 8)),
    his=st.tuples(st.integers(0, 4), st.integers(2, 8)),
)
def test_two_kings_ball_game_agrees_with_scoring(mine, his):
    """BA-179: the most ball courts win their cities, a lone second or two tied leaders half,
    as :func:`ball_game_points` counts for the same courts and cities."""
    (my_courts, my_cities), (his_courts, his_cities) = mine, his
    if my_courts > 2 * my_cities or his_courts > 2 * his_cities:
        return
    text = (
        f"Ball game: I have {my_courts} courts and {my_cities} cities, my rival has "
        f"{his_courts} courts and {his_cities} cities. What does each of us score?"
    )
    reply = ask(text)
    expected = ball_game_points([my_courts, his_courts], [my_cities, his_cities])
    assert reply.text.startswith(
        f"You score {expected[0]} and he scores {expected[1]} prestige points."
    ), (text, reply.text, expected)


def test_a_tie_for_second_wins_no_ball_game_points():
    """BA-179: only a lone second wins half his cities."""
    reply = ask(
        "Ball game with 3 players: I'm tied for second in ball courts with 6 cities. Points?"
    )
    assert reply.text.startswith("0 prestige points")


@given(kind=st.sampled_from(["village", "palace", "temple", "garrison"]))
@settings(max_examples=8, deadline=None)
def test_a_turn_of_building_costs_the_turns_riches_and_the_building(kind):
    """BA-059, BA-100: a turn costs 1 riches, then the building its price."""
    reply = ask(f"How much does a {kind} cost me on my turn, all in?")
    total = 1 + BASE_COST[KINDS.index(kind)]
    assert reply.text.startswith(f"{total} riches"), reply.text


def test_riches_named_without_a_count_pay_any_base_building():
    """BA-100: "with prisoners" is as many as a building asks; "a prisoner" is one, which no
    observatory takes (it costs a jade)."""
    assert ask("Can I build a palace with prisoners?").text.startswith("Yes.")
    assert ask("Can I build a temple with 1 maize?").text.startswith("No.")
    assert ask("Can I pay for an observatory with a prisoner from my sheet?").text.startswith("No.")


def test_an_attack_needs_a_garrison_and_a_path():
    """BA-134, BA-135: no attack from a city without a garrison nor on a city no path
    reaches; a city without a garrison may still be attacked."""
    assert ask("I have a city without any garrison. Can I attack from it?").text.startswith("No.")
    assert ask(
        "Can I attack an enemy city that isn't connected to mine by a path?"
    ).text.startswith("No.")
    assert ANSWERS.answer(Question.read("Can I attack a city with no garrison?")) is None


def test_only_a_city_left_without_a_building_can_be_taken():
    """BA-159: a city whose last building is destroyed may be built on by the attacker; one
    building destroyed of several says nothing of it."""
    assert ask(
        "My attack wiped out every building in the enemy city. Can I claim it?"
    ).text.startswith("Yes.")
    assert (
        ANSWERS.answer(Question.read("I destroyed a building in an enemy city. Can I build there?"))
        is None
    )
