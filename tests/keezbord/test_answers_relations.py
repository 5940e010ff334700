"""Keezbord's chat reading situations by their parts: the deal's counts (``answers/tally.py``)
and pawns placed by their relations (``answers/relative.py``).

Each family is tested with questions written in other orders, with other numbers and fillers,
and in Dutch (the variants of ``dev14.toml``), and by properties that phrase generated
situations and compare the chat's referee-checked verdict with the engine's, played here on a
position the test builds itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametable
from gametable.games.keezbord.answers import ANSWERS
from gametable.games.keezbord.answers.relative import read_relative
from gametable.games.keezbord.answers.tally import read_deal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

GAME = gametable.load_game("keezbord")
STEPS = {"2": 2, "3": 3, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "Q": 12}
DEALS = (5, 4, 4)


def checked_reply(text: str) -> Answer:
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and reply.checked, f"not answered from the referee: {text!r}"
    if reply.position is not None:  # none for a table the engine refuses (5 players)
        GAME.state_from_json(reply.position)  # the position it rests on opens
    return reply


def first_word(reply: Answer) -> str:
    return reply.text.split()[0].rstrip(".,:;").lower()


def after(pawns: dict[str, list[Any]], hand: list[str], action: str, seat: int = 0) -> Any:
    """The pawns after ``seat`` plays ``action`` on a two-player board, or ``None`` when the
    engine refuses it."""
    state = GAME.state_from_json(
        {"game": "keezbord", "players": 2, "pawns": pawns, "hands": {"ab"[seat]: hand},
         "to_move": seat}
    )  # fmt: skip
    if action not in {str(a) for a in state.legal_actions(seat)}:
        return None
    state.apply(GAME.parse_action(state, action), seat)
    return state.view(None)["pawns"]


def _card(card: str, lang: str = "en") -> str:
    if card == "Q":
        return "een Vrouw" if lang == "nl" else "a queen"
    return f"een {card}" if lang == "nl" else f"an {card}" if card == "8" else f"a {card}"


# -- the deal (KB-004, KB-009 to KB-011, KB-029) --------------------------------------------------
def _pack(players: int) -> int:
    view = GAME.new_game(players, seed=0).view(None)
    return int(view["deck_size"]) + DEALS[0] * players


@settings(max_examples=30, deadline=None, derandomize=True)
@given(players=st.sampled_from([2, 4, 6]), deal=st.integers(1, 3), form=st.integers(0, 2))
def test_kb004_a_deals_counts_asked_together_agree_with_the_pack(players, deal, form):
    """KB-004, KB-009 to KB-011: the cards each player gets in a deal and the cards left in
    the pack after it, both in the reply's first sentence, in any order of the parts."""
    nth = ["first", "second", "third"][deal - 1]
    nl = ["eerste", "tweede", "derde"][deal - 1]
    text = [
        f"{players} players, {nth} deal: how many cards does each player get, and how many are "
        "left in the pack afterwards?",
        f"How many cards per player on the {nth} deal, and how many stay in the deck? We're "
        f"{players}.",
        f"Met {players} spelers, de {nl} deling: hoeveel kaarten krijgt iedereen en hoeveel "
        "blijven er in de stapel?",
    ][form]
    reply = checked_reply(text)
    left = _pack(players) - players * sum(DEALS[:deal])
    head = reply.text.split(".")[0]
    assert head.startswith(f"{DEALS[deal - 1]} ") and f"; {left} " in head, (text, reply.text)


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("We're 4 at the table. On the first deal, how many cards go out in total and how many "
         "remain in the deck?", ("20", "32")),
        ("First deal with 2 players: total dealt, and cards left in the pack?", ("10", "16")),
        ("Met z'n zessen, eerste keer delen: hoeveel kaarten worden er in totaal gedeeld en "
         "hoeveel blijven er in de stapel?", ("30", "48")),
        ("With 6 players, how many deals does one pack last, and how many cards does each player "
         "get per deal?", ("3 deals", "5 cards")),
        ("Met twee spelers: hoe vaak wordt er gedeeld voordat de stapel op is?", ("3 keer",)),
    ],
)  # fmt: skip
def test_kb004_kb029_two_counts_asked_at_once_are_both_worked_out(text, numbers):
    """KB-004, KB-029: every count asked is in the first sentence."""
    head = checked_reply(text).text.split(".")[0]
    assert all(n in head for n in numbers), head


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("We play with 6 people. Is one deck of 52 cards enough?", "no"),
        ("Four of us: do we need both packs from the box?", "no"),
        ("Met z'n tweeën: moeten we beide spellen kaarten gebruiken?", "nee"),
        ("Six of us: do we need both packs?", "yes"),
        ("Can five people play, in teams?", "no"),
        ("We zijn met z'n drieën. Kunnen we in teams spelen?", "nee"),
        ("We're 6. Can we play in teams?", "yes"),
    ],
)
def test_kb010_kb069_packs_and_teams_by_the_table(text, word):
    """KB-008 to KB-011: one pack of 52 holds the 2- and 4-player packs, not the 78 of six;
    KB-065, KB-069: teams with 4 or 6, never an odd number."""
    assert first_word(checked_reply(text)) == word


@pytest.mark.parametrize(
    "text",
    [
        "Three of us have handed in our cards and one player still holds 3 cards. Does the "
        "dealer deal the next round now?",
        "Six players: how many players are in each team, and where do teammates sit?",
        "How many cards in the 4-player pack let you put a pawn on the board?",
    ],
)
def test_the_deal_reader_leaves_what_it_does_not_read(text):
    """A hand held, a count of players or a card's use is no count of the deal."""
    assert read_deal(Question.read(text)) is None


# -- pawns placed by their relations --------------------------------------------------------------
def _ahead_text(d: int, card: str, form: int) -> str:
    return [
        f"An opponent's pawn stands {d} spaces in front of my pawn, not on its start. I play "
        f"{_card(card)}. Is his pawn hit?",
        f"I play {_card(card)} and my pawn is exactly {d} spaces behind my opponent's pawn. Is "
        "it hit?",
        f"Er staat een pion van mijn tegenstander {d} vakken verder dan mijn pion. Ik speel "
        f"{_card(card, 'nl')}. Wordt hij geslagen?",
    ][form]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(d=st.integers(1, 12), card=st.sampled_from(list(STEPS)), form=st.integers(0, 2))
def test_kb038_a_pawn_ahead_is_hit_as_the_engine_plays_it(d, card, form):
    """KB-038, KB-039: the pawn ahead is hit only when the move ends on it."""
    reply = checked_reply(_ahead_text(d, card, form))
    now = after({"a": [20, "N", "N", "N"], "b": [20 + d, "N", "N", "N"]}, [card], f"{card} a1")
    hit = now is not None and now[1][0] == "N"
    assert first_word(reply) == ("yes" if hit else "no") or first_word(reply) == (
        "ja" if hit else "nee"
    ), reply.text


@settings(max_examples=30, deadline=None, derandomize=True)
@given(card=st.sampled_from(list(STEPS)), form=st.integers(0, 2))
def test_kb042_a_pawn_on_its_own_start_is_not_hit(card, form):
    """KB-041, KB-042: the opponent landing exactly on my pawn on my start may not hit it."""
    n = STEPS[card]
    text = [
        f"My pawn is on my start space. Can the other player hit it with {_card(card)} if his "
        f"pawn is {n} spaces behind?",
        f"Could an opponent's {'queen' if card == 'Q' else card} knock my pawn off when that pawn "
        "is sitting on its own start?",
        f"Mijn pion staat op mijn startvak. Mag mijn tegenstander daar precies op komen met "
        f"{_card(card, 'nl')} en hem slaan?",
    ][form]
    if form == 1 and card != "Q":
        return  # "an opponent's 5" is not how a card is named
    reply = checked_reply(text)
    now = after({"a": [0, "N", "N", "N"], "b": [64 - n, "N", "N", "N"]}, [card], f"{card} b1", 1)
    assert now is None or now[0][0] == 0  # the engine never hits it
    assert first_word(reply) in ("no", "nee"), reply.text


@pytest.mark.parametrize(
    "text",
    [
        "My pawn is on my start. An opponent's pawn stands 4 spaces behind it. If I play a 4 on "
        "my pawn, is his pawn hit?",
        "Mijn pion staat op mijn eigen startvak en 4 vakken daarachter staat een pion van de "
        "tegenstander. Sla ik die als ik een 4 speel?",
    ],
)
def test_kb060_a_four_back_from_ones_start_hits(text):
    """KB-060, KB-038: a 4 moves back from one's own start too, and hits where it ends."""
    assert first_word(checked_reply(text)) in ("yes", "ja")


@settings(max_examples=20, deadline=None, derandomize=True)
@given(n=st.integers(1, 3), form=st.integers(0, 2))
def test_kb061_a_four_goes_back_past_ones_own_start(n, form):
    """KB-060, KB-061: a 4 takes a pawn back along the track past its own (empty) start."""
    text = [
        f"My pawn is {n} space past my start and my start is empty. May I play a 4 to move it "
        "back behind my start?",
        f"Nobody is on my start space, and my pawn stands {n} spaces beyond it. Can a 4 take it "
        "backwards past the start?",
        f"Mijn pion staat {n} vakken voorbij mijn startvak en daar staat niemand. Mag ik een 4 "
        "spelen zodat hij achteruit langs mijn start gaat?",
    ][form]
    now = after({"a": [n, "N", "N", "N"]}, ["4"], "4 a1")
    assert now is not None and now[0][0] == 64 + n - 4
    assert first_word(checked_reply(text)) in ("yes", "ja")


@settings(max_examples=30, deadline=None, derandomize=True)
@given(gap=st.integers(1, 9), card=st.sampled_from(["5", "8", "9", "10", "Q"]))
def test_kb044_passing_ones_own_pawn_on_the_track_agrees_with_the_engine(gap, card):
    """KB-042, KB-044: only a pawn on its start or in the home may not be passed; one's own
    pawn on the open track may (landing on it is a hit of one's own pawn)."""
    text = f"My pawn B is {gap} spaces ahead of my other pawn A on the track. Can I play {_card(card)} on A?"
    now = after({"a": [20, 20 + gap, "N", "N"]}, [card], f"{card} a1")
    assert first_word(checked_reply(text)) == ("yes" if now is not None else "no")


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    steps=st.integers(1, 8),
    hand=st.lists(st.sampled_from(["2", "3", "5", "6", "8", "9", "10", "Q"]), min_size=2,
                  max_size=4, unique=True),
)  # fmt: skip
def test_kb035_which_cards_take_the_pawn_home_agree_with_the_engine(steps, hand):
    """KB-035: a card takes the pawn into its home only when it ends exactly on a home space;
    the reply names exactly those cards, each tried by the referee."""
    listed = ", ".join(_card(c) for c in hand[:-1]) + f" and {_card(hand[-1])}"
    text = (
        f"My pawn is {steps} steps from the first space of my home; the home is empty. I hold "
        f"{listed}. Which of them brings it into the home?"
    )
    reply = checked_reply(text)
    home = []
    for card in hand:
        now = after({"a": [64 - steps, "N", "N", "N"]}, hand, f"{card} a1")
        if now is not None and str(now[0][0]).startswith("H"):
            home.append(card)
    head = reply.text.split(".")[0]
    named = [c for c in hand if f"the {c}" in head.lower() or f"The {c}" in head]
    assert sorted(named) == sorted(home), (text, reply.text)


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("My pawn is 4 steps from the first space of my empty home. I play a 6 on it. Where does "
         "it end?", "H3"),
        ("Where does a 5 take my pawn that is 2 spaces short of my home's first space (home "
         "empty)?", "H4"),
        ("Mijn pion staat 1 stap van het eerste vak van mijn lege thuishonk. Ik speel een 3. Waar "
         "komt hij?", "H3"),
    ],
)  # fmt: skip
def test_kb035_where_a_move_into_the_home_ends(text, end):
    """KB-035: counted exactly into the home."""
    assert end in checked_reply(text).text


@pytest.mark.parametrize(
    "text",
    [
        "I split my seven: my pawn A goes 3 and lands on an opponent's pawn that is 3 spaces "
        "ahead of it, and my pawn B goes 4. Is the opponent's pawn hit?",
        "An opponent's pawn is 6 in front of my pawn. With a 7 I move that pawn 6 and another "
        "pawn 1. Is his pawn sent back?",
        "Een pion van mijn tegenstander staat 4 vakken verder dan mijn pion. Ik verdeel mijn 7 in 4 en "
        "3 en zet de 4 met die pion. Wordt hij geslagen?",
    ],
)
def test_kb056_kb038_a_part_of_a_split_seven_hits_where_it_ends(text):
    """KB-056, KB-038: each part of a split 7 is a move that hits where it ends."""
    assert first_word(checked_reply(text)) in ("yes", "ja")


@pytest.mark.parametrize(
    "text",
    [
        # the result asked is a place (into the home), not whether the 4 may be played
        "My pawn is 2 spaces past my start. If I play a 4 on it, can it go backwards into my home?",
        # a pawn with no owner said, on its own start
        "Can a 4 move my pawn backwards past a pawn that's standing on its own start space?",
        # a placing asked, not a move
        "My own pawn is standing on my start space. Can I put another one out with an Ace?",
        # a relation the parts cannot place (two pawns, no relation between them)
        "My pawn is on my start and an opponent's pawn is somewhere. I play a 5. Is it hit?",
    ],
)
def test_the_relation_reader_leaves_what_it_does_not_place(text):
    """A word the parts do not read, and the relation reader gives the question up."""
    assert read_relative(Question.read(text)) is None


# -- my pawns on home spaces (KB-035, KB-044) -----------------------------------------------------
@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    spaces=st.lists(st.integers(1, 4), min_size=2, max_size=2, unique=True),
    card=st.sampled_from(["2", "3"]),
    dutch=st.booleans(),
)
def test_kb044_a_pawn_in_the_home_moved_past_or_onto_another_agrees_with_the_engine(
    spaces, card, dutch
):
    """KB-035, KB-044: a pawn in the home moves forward only by the exact count, never past
    nor onto another pawn there."""
    moved, other = spaces
    nth = ["first", "second", "third", "fourth"]
    nl = ["eerste", "tweede", "derde", "vierde"]
    low, high = sorted(spaces)
    text = (
        f"Mijn pionnen staan op het {nl[low - 1]} en het {nl[high - 1]} vak van mijn thuishonk. "
        f"Mag ik een {card} spelen met de pion op het {nl[moved - 1]} vak?"
        if dutch
        else f"My pawns sit on the {nth[low - 1]} and the {nth[high - 1]} space of my home. Can I "
        f"play a {card} on the pawn on the {nth[moved - 1]} space?"
    )
    now = after({"a": [f"H{moved}", f"H{other}", "N", "N"]}, [card], f"{card} a1")
    want = ("ja" if dutch else "yes") if now is not None else ("nee" if dutch else "no")
    assert first_word(checked_reply(text)) == want, text


# -- a 7 on two pawns on the open track (KB-056, KB-057) ------------------------------------------
@settings(max_examples=20, deadline=None, derandomize=True)
@given(first=st.integers(1, 6))
def test_kb057_a_seven_shared_by_two_pawns_on_the_open_track(first):
    """KB-056, KB-057: one or two pawns, seven steps in all."""
    text = (
        "I have two pawns out on the open track with nothing in their way. Can I play a 7 as "
        f"{first} steps for one and {7 - first} for the other?"
    )
    now = after({"a": [5, 30, "N", "N"]}, ["7"], f"7 a1:{first} a2:{7 - first}")
    assert now is not None
    assert first_word(checked_reply(text)) == "yes"


# -- a King with my pawns counted by place (KB-046, KB-047) ---------------------------------------
@settings(max_examples=30, deadline=None, derandomize=True)
@given(track=st.integers(0, 4), home=st.integers(0, 4), form=st.integers(0, 1))
def test_kb046_a_king_is_played_only_with_a_pawn_in_the_nest(track, home, form):
    """KB-046: a King with no pawn left in the nest cannot be used (two players)."""
    if track + home > 4 or track + home == 0 or home == 4:
        return  # four pawns home: the two-player game is over
    nest = 4 - track - home
    told = [f"{n} of my pawns are {where}" for n, where in
            ((track, "on the track"), (home, "in my home"), (nest, "in the nest")) if n]  # fmt: skip
    text = (
        f"{', '.join(told)}. My only card is a King. Can I play it?"
        if form == 0
        else f"I hold just a King; {' and '.join(told)}. Is the King playable?"
    )
    mine = [5, 9, 21, 25][:track] + [f"H{4 - i}" for i in range(home)] + ["N"] * nest
    state = GAME.state_from_json(
        {"game": "keezbord", "players": 2, "pawns": {"a": mine}, "hands": {"a": ["K"]},
         "to_move": 0}
    )  # fmt: skip
    playable = any(str(a).startswith("K") for a in state.legal_actions(0))
    assert first_word(checked_reply(text)) == ("yes" if playable else "no"), text


# -- counts worked out beside a card's meaning (KB-021, KB-049, KB-050) ---------------------------
@pytest.mark.parametrize(("players", "n"), [(2, 4), (4, 8), (6, 12)])
def test_kb021_the_placing_cards_in_a_pack(players, n):
    """KB-021, KB-049, KB-050: only the Ace and the King place; counted in the pack."""
    reply = checked_reply(
        f"How many cards in the {players}-player pack let you put a pawn on the board?"
    )
    assert reply.text.startswith(f"{n} cards"), reply.text


@pytest.mark.parametrize(("card", "word"), [("King", "no"), ("Queen", "yes")])
def test_kb050_what_a_card_does_and_whether_it_moves_are_both_answered(card, word):
    """KB-050, KB-051: "what does it do? does it move a pawn?" gets both answers."""
    reply = checked_reply(f"What does the {card} do? Does it move a pawn?")
    assert f"so {word}," in reply.text.lower(), reply.text


# -- two cards' moves compared (Card Meanings) ----------------------------------------------------
@settings(max_examples=30, deadline=None, derandomize=True)
@given(pair=st.lists(st.sampled_from(["2", "3", "5", "6", "8", "9", "10", "Q"]), min_size=2,
                     max_size=2, unique=True))  # fmt: skip
def test_kb051_to_kb063_which_of_two_cards_goes_further(pair):
    """KB-051 to KB-063: the card that moves a pawn further, and by how many spaces."""
    a, b = pair
    text = f"Which goes further, {_card(a)} or {_card(b)}, and by how much?"
    reply = checked_reply(text)
    ends = {c: after({"a": [5, "N", "N", "N"]}, [c], f"{c} a1")[0][0] - 5 for c in pair}
    far, near = sorted(pair, key=lambda c: -ends[c])
    head = reply.text.split(".")[0]
    assert f"by {ends[far] - ends[near]} spaces" in head, (text, reply.text)
    assert ("Queen" if far == "Q" else f"The {far},") in head, (text, reply.text)


# -- a Jack's swap by its parts (KB-052, KB-043) --------------------------------------------------
@pytest.mark.parametrize(
    ("text", "pawns", "action", "word"),
    [
        ("Both pawns I'd like to exchange are mine, one far back and one near my home. Does a "
         "Jack let me switch their places?", {"a": [6, 60, "N", "N"]}, "J a1 a2", "no"),
        ("Can I use a Jack to swap my pawn on the track with my other pawn near my home?",
         {"a": [6, 60, "N", "N"]}, "J a1 a2", "no"),
        ("Can I Jack-swap one of my pawns with an opponent's pawn that's already inside his home?",
         {"a": [6, "N", "N", "N"], "b": ["H2", "N", "N", "N"]}, "J a1 b1", "no"),
        ("Mag ik met de Boer ruilen met een pion van mijn tegenstander die al in zijn thuishonk "
         "staat?", {"a": [6, "N", "N", "N"], "b": ["H2", "N", "N", "N"]}, "J a1 b1", "nee"),
        ("My opponent's pawn is on its own start space. Can I swap one of my pawns with it using "
         "a Jack?", {"a": [16, "N", "N", "N"], "b": [32, "N", "N", "N"]}, "J a1 b1", "no"),
        ("Can I swap my pawn with an opponent's pawn using a Jack?",
         {"a": [6, "N", "N", "N"], "b": [48, "N", "N", "N"]}, "J a1 b1", "yes"),
    ],
)  # fmt: skip
def test_kb052_kb043_a_jacks_swap_agrees_with_the_engine(text, pawns, action, word):
    """KB-052: a Jack swaps one of my pawns with another player's pawn on the track; KB-043:
    never one on its own start; nor two of mine, nor one in a home."""
    now = after(pawns, ["J"], action)
    assert (now is not None) == (word in ("yes", "ja"))
    assert first_word(checked_reply(text)) == word


@pytest.mark.parametrize(
    "text",
    [
        "We spelen met z'n tweeën en al mijn pionnen staan nog in het nest. Kan ik dan een Boer "
        "spelen?",
        "Two players and every one of my pawns is still in the nest. May I play a Jack?",
    ],
)
def test_kb052_no_jack_with_every_pawn_in_the_nest(text):
    """KB-052: a Jack swaps one of my pawns on the track; with all in the nest it cannot."""
    state = GAME.state_from_json(
        {"game": "keezbord", "players": 2, "pawns": {"b": [38, "N", "N", "N"]},
         "hands": {"a": ["J"]}, "to_move": 0}
    )  # fmt: skip
    assert not any(str(a).startswith("J") for a in state.legal_actions(0))
    assert first_word(checked_reply(text)) in ("no", "nee")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("I have no pawns in play and only number cards in my hand. Do I keep those cards for "
         "when I get a pawn out?", "no"),
        ("All my pawns are in the nest and I only have number cards. Can I keep them for later?",
         "no"),
        ("Mijn pionnen staan allemaal in het nest en ik heb alleen getallenkaarten. Mag ik ze "
         "bewaren?", "nee"),
    ],
)  # fmt: skip
def test_kb025_kb027_number_cards_with_no_pawn_out_are_handed_in(text, word):
    """KB-025 to KB-027: with no pawn out only an Ace or a King can be played; every number
    card alone leaves only handing in."""
    for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "10"]:
        state = GAME.state_from_json(
            {"game": "keezbord", "players": 2, "pawns": {}, "hands": {"a": [rank]}, "to_move": 0}
        )
        assert [str(a) for a in state.legal_actions(0)] == ["hand in"]
    assert first_word(checked_reply(text)) == word


@settings(max_examples=30, deadline=None, derandomize=True)
@given(card=st.sampled_from(["2", "3", "4", "5", "6", "8", "9", "10", "Q", "K"]),
       n=st.integers(1, 12), dutch=st.booleans())  # fmt: skip
def test_kb049_to_kb063_a_cards_steps_like_an_ace(card, n, dutch):
    """KB-049 to KB-063: whether a card moves a pawn on the track n spaces forward, as the
    engine plays it (a King places and never moves a pawn)."""
    text = (
        f"Mag ik met {_card(card, 'nl').replace('een Vrouw', 'een Vrouw')} een pion op de baan "
        f"{n} vakken vooruit zetten, zoals met een Aas?"
        if dutch and card != "K"
        else f"Can {_card(card) if card != 'K' else 'a King'} move a pawn that is already on the "
        f"board {n} spaces forward, like an Ace does?"
    )
    now = after({"a": [5, "N", "N", "N"]}, [card], f"{card} a1")
    moves = now is not None and now[0][0] == 5 + n
    want = ("ja" if moves else "nee") if dutch and card != "K" else ("yes" if moves else "no")
    assert first_word(checked_reply(text)) == want, text
