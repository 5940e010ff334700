"""Scoring a call at a table of several named hands ("BALZAK! - End of a Round").

Players named by name after a verb of holding ("Tim turned out to have 4"), two names sharing a
hand ("Anna and Bram both hold 2"), a name followed by its number alone ("en Bram 1"), names in
texts written in lower case, "others got 5, 8 and -1", and "nobody had fewer" are read into the
table, and the engine scores the call.  Each test asks the game's answers and checks the
referee's reply against the rule it names.
"""

from __future__ import annotations

import pytest

from gametable.games.balzakken.answers import ANSWERS
from gametable.games.balzakken.answers.grammar import read_table
from gametable.games.balzakken.answers.players import player_names
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question


def reply(text: str) -> Answer:
    found = ANSWERS.answer(Question.read(text))
    assert found is not None, text
    assert found.checked, text
    return found


def statements(answer: Answer) -> set[str]:
    return {s for source in answer.sources for s in source.statements}


def hands(text: str) -> dict[str, int | None]:
    return {h.label_en: h.value for h in read_table(Question.read(text)).holders}


def values(text: str) -> list[int | None]:
    return [h.value for h in read_table(Question.read(text)).holders]


def test_a_tie_with_a_named_player_makes_the_call_false() -> None:
    """BZ-098, BZ-102: "Tim turned out to have 4 as well" ties the caller's 4: the caller writes
    25 and Tim 0."""
    answer = reply(
        "I called BALZAK! with 4 points and Tim turned out to have 4 as well. What do we each "
        "write down?"
    )
    assert "you write 25" in answer.text and "Tim writes 0" in answer.text
    assert "BZ-098" in statements(answer)


def test_two_names_sharing_a_hand_both_tie_for_lowest() -> None:
    """BZ-110, BZ-111: Anna and Bram both hold 2 under a call of 4: both write 0, Carla her 9."""
    text = "I called with 4; Anna and Bram both hold 2, Carla holds 9. Scores for the round?"
    assert hands(text) == {"you": 4, "Anna": 2, "Bram": 2, "Carla": 9}
    answer = reply(text)
    assert "Anna writes 0" in answer.text and "Bram writes 0" in answer.text
    assert "Carla writes 9" in answer.text
    assert "BZ-110" in statements(answer)


def test_a_name_followed_by_its_number_alone_holds_it() -> None:
    """BZ-102: "Anna heeft 3 en Bram 1" under a call of 5: false; Bram, the lowest, writes 0 and
    Anna her 3."""
    answer = reply(
        "Ik roep BALZAK! met 5 punten. Anna heeft 3 en Bram 1. Wat schrijft iedereen op?"
    )
    assert answer.text.startswith("Een valse BALZAK!")
    assert "Anna schrijft 3" in answer.text and "Bram schrijft 0" in answer.text


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("ik riep balzak met 3 en sanne heeft ook 3", ["Sanne"]),
        ("i called w 2 and the deck has 20 cards left", []),
        ("My hand has 3 points and Who has 4", []),
        ("Then Pleun called with 4", ["Pleun"]),
    ],
)
def test_names_are_words_before_a_verb_of_holding(text: str, names: list[str]) -> None:
    """BZ-090: names in lower-case texts are read; common words before "has" are no names."""
    assert sorted(player_names(Question.read(text)).values()) == names


def test_others_each_hold_one_number() -> None:
    """BZ-098, BZ-102: "others got 5, 8 and -1" are three hands; -1 is lower than the caller's 3,
    so the call is false and that player writes 0."""
    text = "called w 3, others got 5, 8 and -1. who writes what"
    assert values(text) == [3, 5, 8, -1]
    answer = reply(text)
    assert "false" in answer.text.lower() and "you write 25" in answer.text


@pytest.mark.parametrize(
    "text",
    [
        "ik riep balzak met 4 en niemand anders had minder of evenveel. wat schrijf ik op",
        "I called with 4 and nobody had fewer or the same. What do I write?",
    ],
)
def test_nobody_lower_makes_a_good_call(text: str) -> None:
    """BZ-090, BZ-091: "nobody had fewer or the same" is every other hand higher: the caller
    writes 0 (the word "fewer" after "nobody" is no lower hand)."""
    table = read_table(Question.read(text))
    assert table.others_higher and not table.others_lower
    assert reply(text).text.startswith("0.")


def test_someone_lower_names_only_that_player() -> None:
    """BZ-098, BZ-102: "someone had less" makes the call false; the reply says what that player
    writes, not every other player."""
    answer = reply("I called with 4 and someone has less. Who writes what?")
    assert "you write 25" in answer.text
    assert "every other player writes 0" not in answer.text


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("What do I score with 1, 1 and the Lul in my hand when the round is called?", "12"),
        ("someone calls, i hold 11, 11, 10 n de lul 💀 damage?", "42"),
        ("The round ends and I still hold The Lul, a 3 and a 4. How many points do I write?", "17"),
        ("Good BALZAK! by the guy next to me. I hold 11, 11, 10, 9 and The Lul. How much?", "51"),
    ],
)
def test_a_hand_at_another_players_call_scores_its_points(text: str, points: str) -> None:
    """BZ-090, BZ-080: when another player calls ("the round is called", "the round ends", "a
    good BALZAK! by the guy next to me") the asker writes the hand's points, The Lul at 10."""
    answer = reply(text)
    assert answer.text.split(".")[0] == points
    assert "BZ-080" in statements(answer)
    assert "caller holds 2" not in answer.text  # the caller's hand was not said: not stated


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (
            "I called a good BALZAK! with the bruisbal as my only card. Do I get a point taken "
            "off my score?",
            "No.",
        ),
        (
            "Ik heb twee keer de Bruisbal en roep goed BALZAK. Kom ik dan onder nul op het "
            "scoreblad?",
            "Nee.",
        ),
    ],
)
def test_a_good_call_below_zero_takes_nothing_off(text: str, verdict: str) -> None:
    """BZ-094, BZ-095: a good call with a hand below zero writes 0: nothing is taken off."""
    answer = reply(text)
    assert answer.text.startswith(verdict)
    assert "BZ-094" in statements(answer)


def test_a_round_said_to_end_without_a_hand_is_not_scored() -> None:
    """BZ-090: "the round ends" with no hand said of the asker leaves the score unsaid: the
    rules text answers."""
    assert ANSWERS.answer(Question.read("The round ends. How many points do I write?")) is None


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("end of game: me 80, tim 100, sara 80 🤝 who wins", "You and Sara share the win on 80"),
        ("Game over: Anna 102, Bram 40, me 55. Who wins?", "Bram wins on 40"),
        ("Eindstand: ik 30, Noor 101, Sem 30. Wie wint?", "Jij en Sem delen de winst"),
    ],
)
def test_the_winner_of_totals_said_player_by_player(text: str, start: str) -> None:
    """BZ-009, BZ-010: totals listed by player at the game's end: the lowest wins, players tied
    on it share the win (the engine's outcome of that final position)."""
    answer = reply(text)
    assert answer.text.startswith(start)
    assert "BZ-010" in statements(answer)


def test_a_list_of_names_without_the_games_end_is_no_final_position() -> None:
    """BZ-009: near miss: "me 80, tim 90" with no total of 100 and the game not said to be over
    is not read as final totals by the winner reader; a total of 100 or more ends the game
    (BZ-009), so "me 80, tim 100, sara 80" is a final position."""
    answer = ANSWERS.answer(Question.read("me 80, tim 90, sara 80. who wins"))
    assert answer is None or "share the win" not in answer.text
    final = ANSWERS.answer(Question.read("me 80, tim 100, sara 80. who wins"))
    assert final is not None and final.text.startswith("You and Sara share the win on 80")


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Other player called with 5. I've got a 0 and the lul. Do I beat him?", "No."),
        ("Tom called with 4. I have a 1 and a 2. Do I beat him?", "Yes."),
        ("Tom called with 4. I have a 1 and a 3. Do I beat him?", "Yes."),
    ],
)
def test_beating_the_caller_is_a_false_call(text: str, verdict: str) -> None:
    """BZ-080, BZ-098, BZ-099: the asker beats the caller when the asker's hand (The Lul at 10)
    is as low as the caller's or lower, which makes the call false."""
    assert reply(text).text.startswith(verdict)


def test_beating_a_caller_whose_hand_is_unsaid_is_not_judged() -> None:
    """BZ-098: near miss: with the caller's hand not said nothing decides the verdict."""
    assert ANSWERS.answer(Question.read("Someone called. I have 3. Do I beat him?")) is None


@pytest.mark.parametrize(
    "text",
    [
        "My hand is empty and it's my turn. What am I supposed to do?",
        "Mijn hand is leeg. Wat moet ik doen?",
    ],
)
def test_an_empty_hand_on_its_turn_calls(text: str) -> None:
    """BZ-124, BZ-125: with no cards the only action is BALZAK!."""
    answer = reply(text)
    assert "BALZAK!" in answer.text.split(".")[0]
    assert "BZ-125" in statements(answer)


def test_the_player_a_call_is_by_is_the_caller() -> None:
    """BZ-098, BZ-100: "a false BALZAK! by my sister, who had 5": the sister is the caller and
    writes 25 (no other caller is added); the asker's hand is the asker's score, first."""
    text = (
        "I hold 10, 10 and 6 after a false BALZAK! by my sister, who had 5 while my brother had "
        "2. How much do I write?"
    )
    table = read_table(Question.read(text))
    assert table.caller is not None and table.holders[table.caller].label_en == "your sister"
    assert len(table.holders) == 3
    answer = reply(text)
    assert answer.text.startswith("26.") and "your sister writes 25" in answer.text


@pytest.mark.parametrize(
    "text",
    [
        "Nobody has fewer points than me. I call with 5. What do I write?",
        "ik riep balzak met 4 en niemand anders had minder. wat schrijf ik op",
        "Everyone else has more than 3. I call with 3. Good or false?",
    ],
)
def test_a_tie_left_open_is_not_scored(text: str) -> None:
    """BZ-098, BZ-099: "nobody had fewer" leaves a tie with the caller open (a tie makes the call
    false), and "more than 3" is a bound, no hand: no checked reply guesses the kind of call."""
    assert ANSWERS.answer(Question.read(text)) is None


def test_what_happens_at_a_call_names_the_kind_first() -> None:
    """BZ-098, BZ-102: "what happens?" about a call is answered with the kind of call and what
    everyone writes (not a bare number)."""
    answer = reply("I call with 0 points. My opponent has the Bruisbal. What happens?")
    assert answer.text.startswith("A false BALZAK!: you write 25")


def test_texted_family_words_are_players() -> None:
    """BZ-098: "my sis" is the asker's sister, named as such in the reply."""
    answer = reply("my sis called balzak w 3 n i had 3 too lol. scores?")
    assert "your sister writes 25" in answer.text


def test_a_score_asked_of_others_is_not_the_askers_number() -> None:
    """BZ-110, BZ-111: "what do they write?" names the others: the reply does not open with the
    asker's 25 but with the kind and what everyone writes."""
    answer = reply("I call with 3; my two neighbours hold 3 and 3. What do they write?")
    assert answer.text.startswith("A false BALZAK!: you write 25, ")
    assert "another player writes 0 and another player writes 0" in answer.text


def test_a_player_picked_out_by_a_number_is_not_another_hand() -> None:
    """BZ-098: near miss: "the player with 1" names one of the hands said, it holds no hand of
    its own: no checked reply (a fifth hand would be guessed)."""
    text = "I call with 5 and the three others have 6, 7 and 1. What does the player with 1 write?"
    assert ANSWERS.answer(Question.read(text)) is None


def test_an_end_said_without_a_total_of_100_is_not_judged() -> None:
    """BZ-009: near miss: "end of game" with no listed total reaching 100 leaves a player out of
    the list; no checked reply contradicts the question with "the game goes on"."""
    for text in (
        "end of game: tim 40, sara 40. who wins?",
        "final scores: me 30, tom 90. who won?",
    ):
        assert ANSWERS.answer(Question.read(text)) is None
    assert player_names(Question.read("final scores: me 30, tom 90, anna 95")) == {
        4: "Tom",
        6: "Anna",
    }


def test_a_sum_spelt_out_after_it_is_one_hand() -> None:
    """BZ-067, BZ-098, BZ-099: "5 too, made of a 5 and a swingr" is one hand of 5 (the Swinger
    counts 0): it ties the caller's 5, so the call is false and the caller gets the 25."""
    answer = reply("Caller had 5 and I have 5 too, made of a 5 and a swingr. Who gets the 25?")
    assert answer.text.startswith("A false BALZAK!: you write 0 and the caller writes 25")
    assert ANSWERS.answer(Question.read("I have 7 made of a 5 and a 3. Can I call?")) is None
