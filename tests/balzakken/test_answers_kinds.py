"""Balzakken's answers by kind of question: the kinds the grammar reads, each checked against the
engine and beside the near misses it must leave alone.

Every referee-checked reply here is compared with what the engine itself does in the position
the reply judged (the reply's ``position``), never with a sentence written by hand.
"""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.games.balzakken.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question

GAME = load_game("balzakken")


def reply(text: str) -> Answer:
    return ask("balzakken", text)


def scored(answer: Answer) -> list[int]:
    """What everyone writes down when the caller of the judged position calls."""
    assert answer.position is not None
    state = GAME.state_from_json(answer.position)
    state.apply("balzak", answer.position["to_move"])
    return list(state.view(None)["rounds"][-1]["points"])


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("I called with 3 and two other players hold 5 and 1. Who scores what?", [25, 5, 0]),
        ("I call BALZAK! holding 3 points. The other three have -1, 6 and 9. Who scores what?",
         [25, 0, 6, 9]),
        ("Ik riep BALZAK met 2, de andere twee hadden allebei 0. Wie krijgt wat?", [25, 0, 0]),
        ("I called with 4 and the other two both had 7. What does everybody write?", [0, 7, 7]),
        ("I call with 3 but my neighbour has 3 and my opponent has 2. Who scores what?",
         [25, 3, 0]),
    ],
)  # fmt: skip
def test_a_group_said_with_its_count_is_that_many_players(text: str, points: list[int]) -> None:
    """BZ-090, BZ-093, BZ-098, BZ-102, BZ-110, BZ-111: "the other three have -1, 6 and 9", "de
    andere twee hadden allebei 0": a group with its count is that many hands, one number said
    for "both" is each one's; the engine scores the call."""
    answer = reply(text)
    assert answer.checked, answer.text
    assert scored(answer) == points


@pytest.mark.parametrize(
    "text",
    [
        "I called with 3 and the other three have 5 and 1. Who scores what?",
        "I called with 3 and the other two have 5, 6 and 1. Who scores what?",
    ],
)
def test_a_group_whose_count_the_numbers_do_not_match_is_not_judged(text: str) -> None:
    """BZ-098, BZ-102: three players said and two hands given: the table does not add up, so
    the referee does not guess."""
    assert ANSWERS.answer(Question.read(text)) is None


def sizes_after(answer: Answer, notation: str, actor: int) -> list[int]:
    """The hand sizes once the engine plays ``notation`` in the position the reply judged."""
    assert answer.position is not None
    state = GAME.state_from_json(answer.position)
    state.apply(notation, actor)
    return list(state.view(None)["hand_sizes"])


@pytest.mark.parametrize(
    ("text", "notation", "actor", "seat"),
    [
        ("I played the Lul on Tom, he had 4 cards. How many has he got now?", "lul 1", 0, 1),
        ("Someone plays the Lul on me while I have 3 cards. How many cards do I hold afterwards?",
         "lul 0", 1, 0),
        ("I have three 9s and two other cards. If I throw the three 9s together, how many cards "
         "do I have after?", "discard 9x3", 0, 0),
        ("After playing my Swinger I have 3 cards left and I swing with Anna, who has 5. How many "
         "cards does Anna have now?", "swinger 1", 0, 1),
    ],
)  # fmt: skip
def test_hand_sizes_after_an_action_are_the_engines(
    text: str, notation: str, actor: int, seat: int
) -> None:
    """BZ-041, BZ-042, BZ-060, BZ-062, BZ-074, BZ-075: the sizes said are built, the engine
    plays the action, and the reply's number is the size of the hand asked about."""
    answer = reply(text)
    assert answer.checked, answer.text
    assert answer.position is not None
    assert answer.position["to_move"] == actor
    assert answer.text.startswith(f"{sizes_after(answer, notation, actor)[seat]}.")


def test_a_swinger_size_said_after_playing_it_includes_the_swinger() -> None:
    """BZ-060, BZ-062: "after playing my Swinger I have 3 cards left": the hand held 4 with the
    Swinger, so the other player gets 3 (not 2)."""
    assert reply(
        "After playing my Swinger I have 3 cards left and I swing with Anna, who has 5. "
        "How many cards does Anna have now?"
    ).text.startswith("3.")


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("If I swap with the discard pile, do I also draw a card?", "No."),
        ("Does the player who plays The Lul draw a new card?", "No."),
        (
            "I play the Lul on Sam, who has no cards left at all. Does he still have to draw?",
            "Yes.",
        ),
    ],
)
def test_who_draws_after_an_action_is_read_from_the_engine(text: str, verdict: str) -> None:
    """BZ-030, BZ-074, BZ-075, BZ-125: a swap draws nothing, the Lul's player draws nothing,
    its target draws two even from an empty hand."""
    answer = reply(text)
    assert answer.checked and answer.text.startswith(verdict), answer.text


@pytest.mark.parametrize(
    ("text", "verdict", "total"),
    [
        ("I was on 94 and just got 5 more. Is the game over?", "No.", "75"),
        ("I was on 65 and scored 6. Do I go back to 50 now?", "No.", "71"),
        ("I was on 55 and wrote down 14. Do I go back to 50?", "Yes.", "50"),
        ("My total was 81 and I picked up 20 more. Is the game over now?", "Yes.", "101"),
    ],
)
def test_yes_no_on_a_new_total_follows_the_engines_record(
    text: str, verdict: str, total: str
) -> None:
    """BZ-009, BZ-114, BZ-117, BZ-118: the round is scored by the engine; the verdict is whether
    its total ends the game or drops back, and the total is said."""
    answer = reply(text)
    assert answer.checked and answer.text.startswith(verdict), answer.text
    assert total in answer.text


@pytest.mark.parametrize(
    "text",
    [
        "I have a 7 and an 8, can I get rid of both in one go?",
        "My hand at the end is 11, 11, 10, 9 and 8 after the round. How much is that?",
    ],
)
def test_near_misses_of_the_new_kinds_are_not_judged_wrongly(text: str) -> None:
    """BZ-039, BZ-040, BZ-055: two values "both in one go" is never read as one card discarded;
    a hand that "is 11, ..." is no total on the score sheet (at most its worth, 49, is given)."""
    answer = ANSWERS.answer(Question.read(text))
    assert answer is None or answer.text.startswith(("No.", "49 points")), (
        answer.text if answer else None
    )


def test_after_i_play_the_lul_asks_and_adds_no_card_to_the_hand_said() -> None:
    """BZ-075, BZ-076: "After I play the Lul on Bram, how many ...?" asks after the action; it
    does not say the hand left once the Lul is gone, so the 5 cards said held the Lul (4 left,
    Bram 4 + 2 = 6)."""
    reply = ask(
        "balzakken",
        "I have 5 cards including the Lul and Bram has 4. After I play the Lul on Bram, "
        "how many cards do we each hold?",
    )
    assert reply.checked
    assert reply.text.startswith("You have 4 cards and the other player has 6 cards.")


def test_swinger_count_reads_a_size_said_without_cards() -> None:
    """BZ-060, BZ-062: "Anna had 5" is Anna's hand size; after the swap the asker holds her 5
    cards and she holds the asker's 4 others."""
    reply = ask(
        "balzakken",
        "I had 5 cards including the Swinger and Anna had 5. I play the Swinger on Anna. "
        "How many cards does each of us hold now?",
    )
    assert reply.checked
    assert reply.text.startswith("You have 5 cards and the other player has 4 cards.")
