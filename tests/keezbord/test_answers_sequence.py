"""Cards played in turn on one pawn (from its start, or wherever it stands when only the total
is asked) and the steps home after a 4 from the start, checked against the engine step by step."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")


def _after(place: object, *cards: str) -> object:
    """Where the engine puts seat a's pawn from ``place`` after ``cards`` in turn."""
    for card in cards:
        position = {"game": "keezbord", "players": 2, "pawns": {"a": [place, "N", "N", "N"]},
                    "hands": {"a": [card]}, "to_move": 0}  # fmt: skip
        state = KEEZBORD.state_from_json(position)
        state.apply(KEEZBORD.parse_action(state, f"{card} a1"), 0)
        place = state.view(None)["pawns"][0][0]
    return place


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "I just placed a pawn on my start. If I now play a 4 on it and next turn a 5, where does it end up?",
            "5",
        ),
        (
            "My pawn is standing on my own start space 0. I play a 4 on it, and on my next turn a 5. Where is it then?",
            "5",
        ),
        (
            "Mijn pion staat op zijn eigen startvak. Ik speel eerst een 4 en de volgende beurt een 6. Waar staat hij dan?",
            "6",
        ),
        (
            "I just put a pawn on my start space. If I play a 4 on it and next turn a 3, where is it?",
            "3",
        ),
    ],
)
def test_four_from_the_start_then_a_card_ends_where_the_engine_puts_it(
    text: str, second: str
) -> None:
    """KB-060, KB-061, KB-035: a 4 takes a pawn back past its start, and the next card counts
    from there, into the home when it reaches."""
    reply = ask("keezbord", text)
    end = str(_after(0, "4", second))
    assert reply.checked and end in reply.text.split(".")[0], (end, reply.text)


def test_total_steps_of_cards_on_one_pawn() -> None:
    """Card Meanings: a Queen moves 12 and a 10 moves 10, so one pawn moves 22 in all."""
    reply = ask("keezbord", "queen then a 10 on the same pawn, how many steps total")
    assert reply.checked and reply.text.startswith(f"{_after(0, 'Q', '10')} steps."), reply.text


def test_total_with_a_four_from_an_unknown_place_is_not_summed() -> None:
    """KB-060 near miss: a 4 goes backward, so cards on a pawn whose place is not said are not
    added up when one of them is a 4."""
    reply = ask("keezbord", "a 4 then a 5 on the same pawn, how many steps total?")
    assert not (reply.checked and reply.text.startswith(("9 steps", "1 steps"))), reply.text


@pytest.mark.parametrize(
    ("text", "target", "lang"),
    [
        (
            "I moved my pawn 4 back from its own start space. How many steps does it now need to reach the deepest spot of my home?",
            "H4",
            "en",
        ),
        (
            "After a four took my pawn back from its own start, how many steps to the first space of my home?",
            "H1",
            "en",
        ),
        (
            "Ik heb mijn pion 4 terug gezet vanaf mijn startvak. Hoeveel stappen nog tot het eerste vak van mijn honk?",
            "H1",
            "nl",
        ),
    ],
)
def test_steps_home_after_a_four_from_the_start(text: str, target: str, lang: str) -> None:
    """KB-060, KB-061, KB-035: after a 4 from the start the pawn stands 4 behind its start, a
    few steps from its home; the count is the steps the engine needs to reach the home space
    asked for (first or last, never mixed up)."""
    place, n = _after(0, "4"), 0
    while str(place) != target:
        place, n = _after(place, "A"), n + 1
    reply = ask("keezbord", text)
    assert reply.checked and reply.lang == lang, reply.text
    assert reply.text.split()[0] == str(n), reply.text


def test_steps_still_needed_without_a_four_is_not_read_as_one() -> None:
    """KB-061 near miss: "hoeveel stappen nog" with no 4 played is not counted from a 4."""
    reply = ask("keezbord", "hoeveel stappen nog tot het eerste vak van mijn honk?")
    assert not (reply.checked and reply.text.startswith("4 stappen")), reply.text
