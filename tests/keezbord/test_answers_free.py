"""A whole hand with the asker's pawns free on the track or all in the nest: must a card be
played or may the hand be handed in, as the engine's legal plays say."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")


def _hand_in_allowed(reply) -> bool:
    state = KEEZBORD.state_from_json(dict(reply.position))
    return "hand in" in {str(a) for a in state.legal_actions(0)}


@pytest.mark.parametrize(
    ("text", "must"),
    [
        (
            "My only pawn on the board is on the track, nothing blocks it, and all I hold is a 4. Do I have to play it?",
            True,
        ),
        ("my only pawn out is on the board, all I have is a 4 and a king. must I play?", True),
    ],
)
def test_a_playable_card_must_be_played(text: str, must: bool) -> None:
    """KB-023, KB-024: with a card that can be played, it must be played (hand in is refused)."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith("Yes." if must else "No."), reply.text
    assert _hand_in_allowed(reply) != must


def test_a_king_alone_with_every_pawn_out_is_handed_in() -> None:
    """KB-046, KB-026: a King with no pawn left in the nest cannot be played, so the hand goes in."""
    reply = ask(
        "keezbord", "All my pawns are on the track and I only hold a King. What can I play?"
    )
    assert reply.checked and reply.text.startswith("Hand in"), reply.text
    assert _hand_in_allowed(reply)


@pytest.mark.parametrize(
    ("text", "hand_in"),
    [
        ("All my pawns are still in the nest and I hold a 5, an 8 and a quen. What happens?", True),
        ("all my pawns r still in the nest and i got 5 8 q 3 what now", True),
        ("all my pawns r in the nest n i got 3 7 k, what now", False),
    ],
)
def test_hand_with_every_pawn_in_the_nest(text: str, hand_in: bool) -> None:
    """KB-021, KB-026: with every pawn in the nest only an Ace or a King can be played."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith("Hand in" if hand_in else "Play"), reply.text
    assert _hand_in_allowed(reply) == hand_in


def test_article_before_a_misspelt_card_is_not_an_ace() -> None:
    """KB-049 near miss: "and a quen" is an article and a Queen, never an Ace in the hand."""
    reply = ask(
        "keezbord",
        "All my pawns are still in the nest and I hold a 5, an 8 and a quen. What happens?",
    )
    assert reply.position is not None and "A" not in reply.position["hands"]["a"], reply.position


def test_other_pawn_elsewhere_is_not_ignored_near_the_home() -> None:
    """KB-035 near miss: a pawn short of its home and another pawn on the track: the referee
    does not judge the card on the first pawn alone (the other might play it)."""
    reply = ask(
        "keezbord",
        "My pawn is 3 spaces from my home and my other pawn is on space 20. Can I play a 9?",
    )
    assert not (reply.checked and reply.text.startswith("No.")), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "I can play a 5 or an 8. The 8 would knock my own pawn off, the 5 is fine. Do I have to play the 8?",
        "I can play a 3 or a queen. The queen would hit my own pawn. Must I play the queen?",
    ],
)
def test_card_that_hits_my_own_pawn_is_not_forced_when_another_can_be_played(text: str) -> None:
    """KB-023, KB-024: a card must be played, but the player chooses which; the referee allows
    the other card, so the one hitting the own pawn is not forced."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith("No."), reply.text
    state = KEEZBORD.state_from_json(dict(reply.position))
    action = next(d for d in reply.details if d.startswith("Judged: "))[len("Judged: ") :]
    assert action.rstrip(".").partition(" for seat ")[0] in {str(a) for a in state.legal_actions(0)}


def test_asking_about_the_harmless_card_is_not_read_as_the_hitting_one() -> None:
    """KB-023 near miss: "do I have to play the 5" (the card that hits nothing) is not answered
    as if the 8 that hits the own pawn were asked about."""
    reply = ask(
        "keezbord",
        "I can play a 5 or an 8. The 8 would knock my own pawn off. Do I have to play the 5?",
    )
    assert not (reply.checked and "you may play the 5" in reply.text), reply.text


@pytest.mark.parametrize(
    ("text", "hand_in"),
    [
        (
            "My only pawn out is on my own start space, the other three are still in the nest, and I hold a Jack and a King. What can I play?",
            True,
        ),
        (
            "My only pawn out is on my own start space and I hold a Jack and a 5. What can I play?",
            False,
        ),
        (
            "2 players. Three of my pawns are in my home and the last one is 2 spaces before the entrance. I only hold a 9, a 10 and a queen. What now?",
            True,
        ),
    ],
)
def test_hand_with_a_pawn_on_its_start_or_short_of_home(text: str, hand_in: bool) -> None:
    """KB-043, KB-050, KB-035, KB-026: a pawn on its own start blocks the King and cannot be
    swapped; cards too long for the home cannot be played; with nothing playable the hand goes in."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith("Hand in" if hand_in else "Play"), reply.text
    assert _hand_in_allowed(reply) == hand_in


def test_card_that_might_fit_the_home_is_not_judged_on_a_guessed_home() -> None:
    """KB-035 near miss: with three pawns home (spaces not said) and a card that could fit
    depending on which spaces they hold, the referee does not judge a guessed home."""
    reply = ask(
        "keezbord",
        "Three of my pawns are in my home and the last one is 2 spaces before the entrance. I only hold a 3 and a 9. What now?",
    )
    assert not reply.checked, reply.text


@pytest.mark.parametrize(
    "text",
    [
        "My only pawn out is on my own start space and I hold a 4. What can I play?",
        "All my pawns are in the nest and I hold a 4. What now?",
    ],
)
def test_article_a_before_one_card_is_never_an_ace(text: str) -> None:
    """KB-049 near miss: "I hold a 4" is one card, a 4; the article is never read as an Ace."""
    reply = ask("keezbord", text)
    if reply.checked and reply.position is not None:
        assert "A" not in reply.position["hands"]["a"], reply.position
