"""Guards against checked misreadings, each beside its near miss, and the
readings (a pawn counted from its start through cards played in turn, a whole hand with every
pawn on the board) compared with the engine.

Each guard test names the misreading it closes: a state said not to hold ("not all my pawns are
home"), a card's steps given for a question that places a pawn, a hit asked without the move
meeting the pawn said ("over een pion heen" is passing), a home space said free taken for the
mover's place, a pawn on my start whose owner was not read, the cards dealt given for the cards
left in the stack, dropped steps of a 7, and pawns said to be out in words the grammar did not
read as an empty nest.
"""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask

GAME = load_game("keezbord")


def _reply(text: str):
    return ask("keezbord", text)


def _starts(reply, *words: str) -> bool:
    return reply.text.startswith(words)


# -- a state said not to hold --------------------------------------------------------------------------
def test_a_king_for_the_partner_while_not_all_own_pawns_are_home_is_refused() -> None:
    """KB-046, KB-047, KB-072: "not all my pawns are home" is no pawn home; with the default
    reading the King does not place for the partner then."""
    reply = _reply(
        "4 players. My nest is empty but not all my pawns are home yet. May I use my King to "
        "bring out a pawn for my partner?"
    )
    assert reply.checked and _starts(reply, "No."), reply.text


def test_a_king_for_the_partner_once_all_own_pawns_are_home_is_allowed() -> None:
    """KB-072: the near miss: every pawn of mine home, the King places my partner's pawn."""
    reply = _reply(
        "4 players. All my pawns are home. May I use my King to bring out a pawn for my partner?"
    )
    assert not _starts(reply, "No"), reply.text


# -- a card's steps never answer a placed pawn ------------------------------------------------------------
def test_a_queen_from_five_past_the_start_ends_seventeen_past_it() -> None:
    """Card Meanings (Queen), KB-035: a pawn 5 past its start moved 12 ends 17 past it; the
    card's own 12 is not the answer."""
    reply = _reply(
        "Mijn pion staat 5 vakken voorbij mijn startvak en ik speel een Vrouw. Hoeveel vakken "
        "voorbij mijn start staat hij dan?"
    )
    assert reply.checked and reply.text.startswith("17"), reply.text


def test_how_far_a_queen_moves_is_still_twelve() -> None:
    """Card Meanings (Queen): the near miss with no pawn placed: the card's steps."""
    reply = _reply("How many spaces does a Queen move?")
    assert reply.text.startswith("12"), reply.text


# -- a hit asked needs the move to meet the pawn --------------------------------------------------------
def test_passing_over_a_pawn_said_in_dutch_never_hits() -> None:
    """KB-038, KB-039: "met de 7 over een pion heen gaan" is passing, which hits nobody."""
    reply = _reply("Als ik met de 7 over een pion heen ga, wordt die dan geslagen?")
    assert not _starts(reply, "Ja"), reply.text


def test_passing_two_pawns_hits_neither() -> None:
    """KB-038: both passed pawns stay where they are."""
    reply = _reply(
        "My 9 jumps over two of my opponent's pawns but doesn't land on either one. Are they "
        "knocked off?"
    )
    assert reply.checked and _starts(reply, "No."), reply.text
    assert "b1 and b2 stay" in reply.text


def test_the_first_part_of_a_split_seven_hits_where_it_lands() -> None:
    """KB-056, KB-038: the near miss: a part of a 7 that ends on a pawn hits it."""
    reply = _reply(
        "I split a 7: my first pawn moves 3 and lands exactly on an opponent's pawn, then the "
        "second pawn moves 4. Is the opponent's pawn hit by the first part?"
    )
    assert reply.checked and _starts(reply, "Yes."), reply.text


# -- the home ----------------------------------------------------------------------------------------------
def test_a_free_home_space_is_not_the_movers_place() -> None:
    """KB-035, KB-044, KB-045: one step short of the home with a pawn on H2, a 3 would pass it:
    refused; the free H1 said is no pawn's place."""
    reply = _reply(
        "My pawn is on the last track space before my home. Home space 1 is free, my other pawn "
        "is on home space 2. Can I play a 3 on the first pawn?"
    )
    assert reply.checked and _starts(reply, "No."), reply.text


def test_a_three_from_the_last_track_space_ends_on_h3() -> None:
    """KB-035: the near miss with an empty home: the 3 ends on H3."""
    reply = _reply(
        "My pawn stands on the last track space before my home. I play a 3 on it. Where does it go?"
    )
    assert reply.checked and "H3" in reply.text and not _starts(reply, "Yes", "No"), reply.text


# -- placing ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "A yellow pawn stands on my start space and I play an ace to bring out a pawn. What happens?",
        "Someone else's pawn is parked on MY start space and I play an Ace to bring a pawn out. What happens to his pawn?",
    ],
)
def test_placing_on_an_occupied_start_hits_the_other_pawn(text: str) -> None:
    """KB-021, KB-040: placing on one's start hits another player's pawn standing there."""
    reply = _reply(text)
    assert reply.checked and "hitting b1" in reply.text, reply.text


def test_a_pawn_on_my_start_of_unknown_owner_is_not_built() -> None:
    """The guard: a pawn on my start whose owner the grammar cannot read is never left out."""
    reply = _reply(
        "A mystery pawn stands on my start space and I play an ace to bring out a pawn. What happens?"
    )
    assert "leaves the nest for its start space 0." not in reply.text or "hitting" in reply.text


def test_a_king_with_every_pawn_out_said_in_chat_words_is_not_played() -> None:
    """KB-046: "al mn pionnen staan al op het bord": the nest is empty, a King places nothing."""
    reply = _reply("heer maar al mn pionnen staan al op het bord (met z'n 2en), mag ik m spelen")
    assert not _starts(reply, "Ja", "Yes"), reply.text


# -- the pack and the 7 --------------------------------------------------------------------------------------
def test_the_cards_left_in_the_stack_are_not_the_cards_dealt() -> None:
    """KB-004, KB-009: with two players 26 - 2 x 5 = 16 stay in the stack after the first deal."""
    reply = _reply("Two players: how many cards stay in the stack after the first deal?")
    assert reply.text.startswith("16"), reply.text


def test_the_cards_dealt_in_the_second_round_for_both_players() -> None:
    """KB-029: the near miss: the second deal gives 4 each, 8 for two players."""
    reply = _reply(
        "Two players. How many cards are dealt in the second round, both players together?"
    )
    assert reply.checked and "8 in all" in reply.text, reply.text


def test_dropping_steps_of_a_seven_is_never_judged_as_a_split() -> None:
    """KB-056, KB-057: a 7 is used in full; dropped steps are no part the referee plays."""
    reply = _reply(
        "My second pawn is blocked, so of my 7 I can only use 5 steps with the first pawn. Can I "
        "play the 7 and just drop the other 2 steps?"
    )
    assert not _starts(reply, "Yes"), reply.text


def test_a_seven_told_with_its_pawns_may_be_split() -> None:
    """KB-056: the near miss: 4 steps for one pawn and 3 for another is a legal split."""
    for text in (
        "Can I split my 7 as 4 steps for one pawn and 3 for another?",
        "Ik speel een 7: 4 stappen met de ene pion en 3 met de andere. Mag dat?",
    ):
        reply = _reply(text)
        assert reply.checked and _starts(reply, "Yes.", "Ja."), reply.text


# -- a whole hand --------------------------------------------------------------------------------------------
def test_what_to_do_in_dutch_is_answered_with_the_hand_in_not_a_verdict() -> None:
    """KB-026, KB-027: "Wat moet ik doen?" asks what, so the reply says to hand in, in Dutch."""
    reply = _reply(
        "Al mijn pionnen staan nog in het nest en ik heb geen Aas of Heer. Wat moet ik doen?"
    )
    assert reply.checked and reply.text.startswith("Je levert je kaarten in"), reply.text


@pytest.mark.parametrize(("hand", "only"), [(["K", "4"], "4"), (["K", "9"], "9")])
def test_a_king_with_every_pawn_out_leaves_the_other_card(hand: list[str], only: str) -> None:
    """KB-046, KB-023: every pawn on the board, the King cannot be played; the other card must
    be, as the engine lists."""
    listed = " and a ".join(hand).replace("K", "King")
    reply = _reply(
        f"My nest is empty, my pawns are on the track and I only hold a {listed}. What do I have to play?"
    )
    state = GAME.state_from_json(
        {
            "game": "keezbord",
            "players": 2,
            "pawns": {"a": [5, 10, 20, 40]},
            "hands": {"a": hand},
            "to_move": 0,
        }
    )
    legal = [str(a) for a in state.legal_actions(0)]
    assert all(a.split()[0] == only for a in legal)
    assert reply.checked and reply.text.startswith(f"Play the {only}"), reply.text


def test_the_duty_to_play_asked_in_reported_speech() -> None:
    """KB-021, KB-026: every pawn in the nest and no Ace or King: nothing must be played."""
    reply = _reply(
        "All four of my pawns are still in the nest and my hand is 2, 5, 8, a Queen and a Jack. "
        "My opponent says I still have to play something. Do I?"
    )
    assert reply.checked and _starts(reply, "No."), reply.text


def test_handing_in_with_an_ace_is_refused() -> None:
    """KB-021, KB-023: the near miss: an Ace places a pawn, so handing in is not allowed."""
    reply = _reply(
        "Every pawn of mine is still in the nest, but I have an Ace with some junk cards. My buddy "
        "says I'm allowed to just hand everything in and wait for the next deal. Can I?"
    )
    assert reply.checked and _starts(reply, "No."), reply.text


# -- cards played in turn from the start ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "words"),
    [(["10", "9"], "a ten on it and then a nine"), (["4", "5"], "a 4 and then a 5"),
     (["8", "6"], "an 8 and then a 6"), (["Q"], "a Queen")],
)  # fmt: skip
def test_a_pawn_played_in_turn_from_its_start_ends_where_the_engine_puts_it(
    cards: list[str], words: str
) -> None:
    """Card Meanings, KB-035, KB-061: the cards played one after the other from the start, as
    the engine plays them."""
    place: object = 0
    for card in cards:
        state = GAME.state_from_json(
            {"game": "keezbord", "players": 2, "pawns": {"a": [place, "N", "N", "N"]},
             "hands": {"a": [card]}, "to_move": 0}
        )  # fmt: skip
        action = GAME.parse_action(state, f"{card} a1")
        state.apply(action, 0)
        place = state.view(None)["pawns"][0][0]
    reply = _reply(f"My pawn is on my start space. I play {words}. Where does it end up?")
    assert reply.checked, reply.text
    assert (f"on {place}" if str(place).startswith("H") else f"space {place}") in reply.text
