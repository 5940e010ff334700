"""The Jack with the asker's pawns told apart (one on its own start space, another out on the
track, or one still in the nest), each checked reply compared with the engine."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")


def _engine_allows(reply) -> bool:
    state = KEEZBORD.state_from_json(dict(reply.position))
    action = next(d for d in reply.details if d.startswith("Judged: "))[len("Judged: ") :]
    action = action.rstrip(".").partition(" for seat ")[0]
    return str(action) in {str(a) for a in state.legal_actions(0)}


@pytest.mark.parametrize(
    "text",
    [
        "One of my pawns is on my start space, another is out on the track. Can I use a jack to swap the one on the track with an opponent?",
        "1 pawn on my start n another further on the track. can i swap die andere with the boer?",
        "Eén van mijn pionnen staat op mijn startvak, een andere staat verderop. Mag ik die andere met de Boer ruilen?",
    ],
)
def test_jack_swaps_my_other_pawn_while_one_stands_on_my_start(text: str) -> None:
    """KB-052, KB-043: only the pawn on its own start space is kept from a swap; the asker's
    other pawn on the track can still be swapped."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith(("Yes.", "Ja.")), reply.text
    assert _engine_allows(reply)


def test_jack_cannot_swap_the_pawn_on_its_own_start() -> None:
    """KB-043, KB-052: the asker's pawn standing on its own start space cannot be swapped."""
    reply = ask(
        "keezbord",
        "One of my pawns is on my start space, another is out on the track. Can I swap the one on my start with an opponent's pawn using a Jack?",
    )
    assert reply.checked and reply.text.startswith("No."), reply.text
    assert not _engine_allows(reply)
    assert reply.position is not None and reply.position["pawns"]["a"][0] == 0


def test_jack_never_swaps_a_pawn_from_the_nest() -> None:
    """KB-052: a Jack swaps only pawns on the track, never one still in its nest."""
    reply = ask(
        "keezbord",
        "Can I use a Jack to swap a pawn from my nest with an opponent's pawn on the track?",
    )
    assert reply.checked and reply.text.startswith("No."), reply.text
    assert not _engine_allows(reply)


def test_my_pawn_on_my_start_is_never_built_as_theirs() -> None:
    """KB-043 near miss: "one of my pawns on my start" is the asker's pawn; a swap question
    that does not say which pawn swaps is never judged with the opponent's pawn on its start."""
    reply = ask(
        "keezbord",
        "Eén van mijn pionnen staat op mijn startvak. Mag ik hem met de Boer ruilen met een pion van een tegenstander?",
    )
    if reply.checked and reply.position is not None:
        assert reply.position["pawns"].get("b", ["N"])[0] != 32, reply.position


def test_opponents_pawn_on_its_start_is_judged_as_theirs() -> None:
    """KB-043 near miss: "my pawn with an opponent's pawn on its own start space" puts the
    opponent's pawn on its start, not the asker's."""
    reply = ask("keezbord", "Can I swap my pawn with an opponent's pawn on its own start space?")
    assert reply.checked and reply.text.startswith("No."), reply.text
    assert reply.position is not None and reply.position["pawns"]["a"][0] != 0


@pytest.mark.parametrize(
    ("text", "safe"),
    [
        ("Is a pawn on its own start space safe from a Jack?", True),
        ("Is my pawn on the track safe from a jack?", False),
    ],
)
def test_safe_from_the_jack_is_the_refusal_of_the_swap(text: str, safe: bool) -> None:
    """KB-043, KB-052: a pawn is safe from the Jack exactly when the engine refuses the swap;
    "is it safe" is answered Yes for a refused swap, never the other way round."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith("Yes." if safe else "No."), reply.text
    assert _engine_allows(reply) != safe


@pytest.mark.parametrize(
    "text",
    [
        "All my pawns are on the track and I hold only a Jack. What can I play?",
        "My only pawn on the board is on the track and I only hold a Jack. Do I have to play it?",
    ],
)
def test_a_jack_held_with_no_other_pawn_said_is_not_judged(text: str) -> None:
    """KB-052 near miss: whether a Jack can be played depends on the other players' pawns on
    the track; with none said, the referee does not judge a swap with an invented pawn."""
    reply = ask("keezbord", text)
    assert not reply.checked, reply.text


@pytest.mark.parametrize(
    ("text", "mine"),
    [
        ("My only pawn on the track is standing on its own start space. Can I play the jack?", 0),
        ("jack but all my pawns are in the nest, can i play it", "N"),
        ("Mag ik de Boer gebruiken als mijn pion op zijn startvak staat?", 0),
    ],
)
def test_jack_with_nothing_of_mine_to_swap_is_refused(text: str, mine: object) -> None:
    """KB-043, KB-052: with the asker's only pawn on its own start space, or every pawn in the
    nest, the Jack swaps nothing; the judged position puts the asker's pawn there (not the
    opponent's)."""
    reply = ask("keezbord", text)
    assert reply.checked and reply.text.startswith(("No.", "Nee.")), reply.text
    assert reply.position is not None and reply.position["pawns"]["a"][0] == mine
    assert not _engine_allows(reply)
