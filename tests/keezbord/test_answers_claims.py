"""Yes-or-no claims and counts the referee settles, asked the way players put them (English and
Dutch, other numbers, other words): a card's direction (KB-060), which cards place (KB-021), no
back and forth in the home (KB-035), a 7's second part (KB-056, KB-057), the turn limit's
outcome (KB-033, KB-034), a table of three (KB-069), hitting by landing and not by passing,
with the other player named as a person (KB-038, KB-039), a pawn on its owner's start
(KB-041, KB-042), no skipping when the only play hits one's own pawn (KB-023, KB-024), and a
Jack never swapping two other players' pawns (KB-052)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.keezbord.answers.spelling import spelled
from gametable.rulebook.chat import ask
from gametable.rulebook.question import Question

GAME = "keezbord"


def _head(text: str) -> str:
    return ask(GAME, text).text.split(".")[0]


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("Wat doet een vier, gaat die ook vooruit?", "Nee"),
        ("And the four, that's just four spaces forward like the other cards?", "No"),
        ("Does the 4 go backwards?", "Yes"),
        ("Gaat de Vrouw achteruit?", "Nee"),
        ("what does the 4 do, does it go forward?", "No"),
        ("Does the 4 move forward?", "No"),
        ("Kan de vier ook vooruit?", "Nee"),
        ("Can the four also move a pawn?", "Yes"),
    ],
)
def test_a_cards_direction_is_the_engines(text: str, head: str) -> None:
    """KB-060: only the 4 moves backward; the reply opens with the verdict."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.split(".")[0] == head, reply.text


@pytest.mark.parametrize(
    "text",
    [
        "But what if none of my pawns are out yet, which cards get me on the board?",
        "Welke kaarten heb ik nodig om een pion op het bord te zetten?",
        "what cards can bring a pawn out of the nest?",
    ],
)
def test_the_placing_cards_are_the_ace_and_the_king(text: str) -> None:
    """KB-021, KB-049, KB-050: the referee places with an Ace or a King only."""
    reply = ask(GAME, text)
    assert reply.checked, reply.text
    head = reply.text.split(".")[0].lower()
    assert ("ace" in head or "aas" in head) and ("king" in head or "heer" in head), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "Mag ik in de thuishonk een beetje heen en weer schuiven zodat het precies uitkomt?",
        "Can I move back and forth in my home to use up the steps?",
    ],
)
def test_no_back_and_forth_in_the_home(text: str) -> None:
    """KB-035: in the home a pawn only goes forward by exact count."""
    assert _head(text) in ("No", "Nee")


@given(first=st.integers(1, 6), dutch=st.booleans())
@settings(max_examples=12, deadline=None)
def test_a_sevens_second_part_is_seven_less_the_first(first, dutch):
    """KB-056, KB-057: a split 7 uses all seven steps."""
    text = (
        f"Met de 7 loop ik {first} met mijn eerste pion, hoeveel stappen doe ik dan met de tweede?"
        if dutch
        else f"splitting the sevn: my first pawn goes {first}, how many for the second?"
    )
    reply = ask(GAME, text)
    assert reply.checked and reply.text.startswith(f"{7 - first} st"), reply.text


@given(homes=st.tuples(*(st.integers(0, 3) for _ in range(4))))
@settings(max_examples=20, deadline=None)
def test_the_turn_limit_scores_each_teams_pawns_home(homes):
    """KB-033, KB-034 and the option max_turns: each team scores its pawns home; the most
    wins, a tie is shared."""
    mine, partner, left, right = homes
    text = (
        f"We played with a turn limit and it ran out. I have {mine} pawns home, my partner "
        f"{partner}; the other team has {left} and {right}. Who won?"
    )
    reply = ask(GAME, text)
    assert reply.checked, text
    ours, theirs = mine + partner, left + right
    expected = "A tie" if ours == theirs else "Your team won" if ours > theirs else "The other"
    assert reply.text.startswith(expected), (text, reply.text)
    score = ask(GAME, f"Turn limit's up. I have {mine} home, my partner {partner}; the other "
                f"team has {theirs} in total. What's our score?")  # fmt: skip
    assert score.checked and score.text.startswith(f"{ours}."), score.text


@pytest.mark.parametrize(
    "text",
    [
        "Kunnen we ook met z'n drieën, oma, opa en ik?",
        "Can we also with five of us?",
    ],
)
def test_an_odd_table_cannot_play(text: str) -> None:
    """KB-069: never an odd number of players."""
    assert _head(text) in ("No", "Nee")


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("Opa, als ik precies op jouw pion kom, ben jij dan geslagen?", "Ja"),
        ("Mama, als ik met een 5 precies op jouw pion kom, ga jij dan terug naar het nest?", "Ja"),
        ("Als ik over jouw pion heen loop zonder erop te komen, is ie dan ook geslagen?", "Nee"),
        ("My 5 jumps over my brother's pawn, is he knocked out?", "No"),
        ("My 7 goes right over two of their pawns, it doesn't stop on either. Are both knocked "
         "out?", "No"),
        ("My sister's pawn is 3 spaces ahead of mine. I play a 3. Is her pawn hit?", "Yes"),
    ],
)  # fmt: skip
def test_landing_hits_and_passing_does_not(text: str, head: str) -> None:
    """KB-038, KB-039: a pawn is hit only by a move ending on it; the other player may be
    named as a person at the table."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.split(".")[0] == head, reply.text


@pytest.mark.parametrize(
    "text",
    [
        "Oma heeft een pion op MIJN startvakje staan en ik gooi een Heer op. Wat gebeurt er met "
        "haar pion?",
        "Papa staat op mijn startvak en ik speel een Aas. Wordt hij geslagen?",
    ],
)
def test_a_placing_card_hits_a_pawn_on_my_start(text: str) -> None:
    """KB-021, KB-038: my Ace or King places on my start and hits the pawn there; the asker
    plays, no other seat."""
    reply = ask(GAME, text)
    assert reply.checked and "place" in reply.details[0], reply.details
    assert "geslagen" in reply.text


def test_a_pawn_on_its_owners_starting_spot_cannot_be_passed() -> None:
    """KB-041, KB-042."""
    reply = ask(
        GAME,
        "But what if there's a pawn sitting on its owner's starting spot and I want to walk "
        "past it?",
    )
    assert reply.checked and "not allowed" in reply.text.lower(), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "But what if the only card I can play would knock out my own pawn, can I just skip my "
        "turn?",
        "De enige kaart die ik kan spelen zou mijn eigen pion slaan. Mag ik dan mijn beurt "
        "overslaan?",
    ],
)
def test_no_skipping_when_the_only_play_hits_ones_own_pawn(text: str) -> None:
    """KB-023, KB-024."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.split(".")[0] in ("No", "Nee"), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "Mag ik met de Boer twee pionnen van opa en oma met elkaar omruilen?",
        "Can I use the jack to swap two pawns of my brother and my sister?",
    ],
)
def test_a_jack_never_swaps_two_other_players_pawns(text: str) -> None:
    """KB-052: the Jack swaps one of your own pawns with another player's."""
    reply = ask(GAME, text)
    assert reply.text.split(".")[0] in ("No", "Nee"), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "can the quen jump ovr a pawn sitting on its own strat?",
        "can i pass a pwn on its own strat?",
        "My pawn is 3 spaces behind his pawn which is on its own strat. Can I play a 5?",
    ],
)
def test_misspelt_key_words_are_read_as_meant(text: str) -> None:
    """KB-041, KB-042: "strat", "ovr", "pwn" are start, over, pawn; the referee judges."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.startswith("No."), reply.text


def test_everyday_words_are_not_corrected() -> None:
    """A changed letter, an added letter or a part of a key word is no slip of the keys."""
    for text in (
        "Is the best card a jack?",
        "Staat hij op zijn startvak?",
        "He jumps ahead.",
        "Mag ik de Boer gebruiken?",
    ):
        assert spelled(Question.read(text)).text == text


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("With 2 players, do we play in teams?", "No"),
        ("Do we play in teams with 4 players?", "Yes"),
        ("Spelen we met z'n zessen in teams?", "Ja"),
        ("with two players do i have a partner?", "No"),
    ],
)
def test_teams_come_from_the_tables_declaration(text: str, head: str) -> None:
    """KB-065 to KB-068: teams of two with four or six players, none with two."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.split(".")[0] == head, reply.text


def test_teams_asked_with_no_table_size_get_no_checked_verdict() -> None:
    """With no number of players said, the answer depends on it: no verdict is checked."""
    assert not ask(GAME, "Do we play in teams?").checked


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("whats the point of the 4 card", "back"),
        ("Een Heer, wat kan ik daarmee?", "startvak"),
        ("Waar is de Boer voor?", "ruilt"),
        ("What is the use of the jack?", "swaps"),
    ],
)
def test_a_cards_use_asked_in_other_words(text: str, said: str) -> None:
    """Card Meanings (KB-049 to KB-063): what the card does, from its plays on a board."""
    reply = ask(GAME, text)
    assert reply.checked and said in reply.text, reply.text


@pytest.mark.parametrize(
    "text",
    [
        "Can I play a jack when every other player's pawns are in their nests?",
        "Can I use my jack if all the other pawns are in their homes?",
    ],
)
def test_a_jack_with_nothing_to_swap_is_refused(text: str) -> None:
    """KB-052, KB-043: a Jack swaps only pawns on the track."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.startswith("No."), reply.text


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("But what if my pawns are all home and my partner's aren't, am I just out of the game "
         "then?", "No"),
        ("If my partner has all her pawns home, does she still get to play?", "Yes"),
        ("My pawns are all home. Do I keep playing for my partner?", "Yes"),
    ],
)  # fmt: skip
def test_a_player_with_all_pawns_home_plays_on_for_the_partner(text: str, head: str) -> None:
    """KB-072: once one's own pawns are home, every card is played for the partner's pawns."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.split(".")[0] == head, reply.text


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("The dealer, does he stay dealer for the next round too?", "Yes"),
        ("Does the dealer change every round?", "No"),
        ("same dealer every round?", "Yes"),
        ("Blijft de deler ook de volgende ronde deler?", "Ja"),
        ("Wisselt de gever elke ronde?", "Nee"),
    ],
)
def test_the_dealer_deals_every_round_of_a_deck(text: str, head: str) -> None:
    """KB-003, KB-030 to KB-032: the engine deals the next round from the same dealer; only a
    used-up deck passes the deal to the left."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.split(".")[0] == head, reply.text


@pytest.mark.parametrize(
    "text",
    [
        "Two players, my nest is empty and my pawns are on the track with nothing behind them for "
        "a long way. My hand is a king and a 4. I hate the 4. Can I hand both in instead?",
        "Two players, my nest is empty and my pawns are all on the track. My hand is a king and "
        "a 5. I don't like the 5. Can I hand both in?",
    ],
)
def test_a_card_disliked_must_still_be_played(text: str) -> None:
    """KB-023, KB-046: the King has nothing to place, but the other card can be played, so the
    hand may not be handed in; what the player thinks of the card changes nothing."""
    reply = ask(GAME, text)
    assert reply.checked and reply.text.startswith("No."), reply.text
