"""Who is who in a Balzakken question, and which card goes back into a hand.

The Lul played "on me", "in front of me", "voor me" makes the asker the chosen player, who draws
two cards; the player who played it draws nothing.  After discarding several of one value, the
card drawn back from the discard pile is the one that lay on top before the discard, never one of
the cards just discarded.  Each test asks the game's answers and checks the referee's reply (or
that a question the grammar does not read is left to the rules text).
"""

from __future__ import annotations

import pytest

from gametable.games.balzakken.answers import ANSWERS
from gametable.games.balzakken.answers.build import load
from gametable.games.balzakken.answers.grammar import read_table
from gametable.games.balzakken.answers.mentions import lul_on_me
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question


def reply(text: str) -> Answer:
    found = ANSWERS.answer(Question.read(text))
    assert found is not None, text
    assert found.checked, text
    return found


def statements(answer: Answer) -> set[str]:
    return {s for source in answer.sources for s in source.statements}


@pytest.mark.parametrize(
    "text",
    [
        "Someone played the Lul in front of me. Do I have to draw?",
        "Tom laid the Lul on me, must I draw cards?",
        "Anna gave me the Lul. Do I take cards from the draw pile?",
        "Iemand legt De Lul voor me neer. Moet ik dan kaarten pakken?",
    ],
)
def test_the_player_the_lul_is_played_on_draws_two(text: str) -> None:
    """BZ-073, BZ-074: the Lul played on the asker makes the asker draw 2 cards (Yes), not the
    player who played it."""
    answer = reply(text)
    assert answer.text.split()[0] in ("Yes.", "Ja.")
    assert "2" in answer.text
    assert "BZ-074" in statements(answer)
    assert answer.position is not None and answer.position["to_move"] == 1


@pytest.mark.parametrize(
    "text",
    ["Tom gave me the Lul. Does he draw too?", "Bram gave me the Lul. Does Bram draw as well?"],
)
def test_the_player_who_played_the_lul_on_me_draws_nothing(text: str) -> None:
    """BZ-075: asked about the player who played the Lul on the asker (by pronoun or by name),
    the verdict is No."""
    assert reply(text).text.startswith("No.")


def test_drawing_asked_of_nobody_in_particular_is_left_to_the_rules_text() -> None:
    """BZ-074: "do you draw?" after the Lul was played on the asker names no player the
    grammar places, so no checked reply is given."""
    assert ANSWERS.answer(Question.read("Tom gave me the Lul. Do you draw then?")) is None


def test_playing_the_lul_on_someone_else_is_not_read_as_on_me() -> None:
    """BZ-073: "I play the Lul on Tom" names Tom as the chosen player; a Lul held or self-aimed
    is not the Lul played on the asker (near misses of the reading)."""
    assert not lul_on_me(Question.read("I play the Lul on Tom. Does he draw?"))
    assert not lul_on_me(Question.read("I got the Lul and a 3, can I call?"))
    assert not lul_on_me(Question.read("Can I play the Lul on myself?"))
    answer = reply("I play the Lul on Tom. Do I have to draw?")
    assert answer.text.startswith("No.")


def test_no_action_of_mine_is_judged_when_the_lul_was_played_on_me() -> None:
    """BZ-073: the turns reader judges the asker's own action; with the Lul played on the asker
    it leaves the question to the rules text rather than read the asker as its player."""
    assert ANSWERS.answer(Question.read("Someone played the Lul on me. Can I discard it?")) is None


@pytest.mark.parametrize(
    "text",
    [
        "I discard two 8s at once. Can I pick one of my own 8s back up from the discard pile?",
        "If I discard two 7s and draw back from the discard pile, do I just get one of my own 7s "
        "back?",
        "Ik leg twee negens samen af. Mag ik een van die negens terugpakken van de aflegstapel?",
    ],
)
def test_a_card_just_discarded_is_not_drawn_back(text: str) -> None:
    """BZ-040, BZ-041: after several of one value go down, the card drawn back from the discard
    pile is the one that lay on top before (the engine's ``discard NxK top``): No."""
    answer = reply(text)
    assert answer.text.split()[0] in ("No.", "Nee.")
    assert "BZ-041" in statements(answer)
    position = answer.position
    assert position is not None
    top = position["discard_pile"][-1]
    state = load(position)
    assert state is not None
    value = next(c for c in position["hands"][0] if position["hands"][0].count(c) > 1)
    before = list(state.view(0)["hand"])
    state.apply(f"discard {value}x{before.count(value)} top", 0)
    after = list(state.view(0)["hand"])
    assert top != value and top in after and after.count(value) == 0


def test_the_former_top_may_be_taken_after_several() -> None:
    """BZ-041: taking the discard pile's top card after discarding several is allowed (Yes),
    the near miss of taking back one's own card."""
    answer = reply("Can I discard my two 7s at once and take the top card of the discard pile?")
    assert answer.text.startswith("Yes.")
    assert "before you discarded" in answer.text


@pytest.mark.parametrize(
    "text",
    [
        "I threw down two 10s together. Am I allowed to take the card that was lying on top of "
        "the discard pile?",
        "I threw away two 2s at once. Can I take the card that was on top of the discard pile "
        "instead of drawing?",
    ],
)
def test_saying_what_i_discarded_is_not_taking_it_back(text: str) -> None:
    """BZ-041: "I threw down two 10s" tells the discard; the card taken is the former top, so the
    verdict is Yes (the near miss of "the card I just threw")."""
    assert reply(text).text.startswith("Yes.")


def test_the_card_i_just_threw_is_not_drawn_back() -> None:
    """BZ-041: "the card I just threw" after several of one value is one of the discards: No."""
    answer = reply(
        "I discard two 6s at once. Can I take the card I just threw from the discard pile?"
    )
    assert answer.text.startswith("No.")


def test_a_sum_put_to_be_confirmed_is_no_second_question() -> None:
    """BZ-047: "thats 2 points right?" restates the Balzakken before the question; the Lul in the
    hand still forbids the call: No."""
    answer = reply("my hand: 0, 1, 1 and the lull. thats 2 points right? can i shout balzak")
    assert answer.text.startswith("No.")
    assert "BZ-047" in statements(answer)


def test_a_wrong_sum_put_to_be_confirmed_is_not_judged() -> None:
    """BZ-036: near miss: "thats 2 points right?" after cards worth 11 says the hand two ways, so
    no checked reply guesses which is meant."""
    text = "my hand: 0, 1, 1 and a 9. thats 2 points right? can i shout balzak"
    assert ANSWERS.answer(Question.read(text)) is None


def test_a_named_player_without_cards_is_the_empty_hand() -> None:
    """BZ-125, BZ-073: "Jan has no cards anymore" empties Jan's hand, not the asker's; the Lul
    may still be given to him and he draws 2 (Yes)."""
    text = "Jan has no cards anymore. can I still give him the lul?"
    table = read_table(Question.read(text))
    assert not table.me.empty and table.holders[1].empty
    answer = reply(text)
    assert answer.text.startswith("Yes.") and "2 cards" in answer.text


def test_a_card_another_player_holds_is_not_mine_to_play() -> None:
    """BZ-073: near miss: "my neighbour has the Lul. Can I play it?" names no Lul of the asker's,
    so no checked reply says Yes."""
    answer = ANSWERS.answer(Question.read("My neighbour has the Lul. Can I play it?"))
    assert answer is None or not answer.text.startswith("Yes")


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (
            "After discarding two 5s together, can I take the card from the discard pile instead "
            "of the draw pile?",
            "Yes.",
        ),
        (
            "after dumping both my 9s, can i grab the card that was on top of the discard pile "
            "before?",
            "Yes.",
        ),
        ("I have a 4 and a 6. Can I put both on the pile in one go?", "No."),
        (
            "Ik leg twee 10-en af. Mag ik dan de bovenste kaart van de aflegstapel pakken in plaats "
            "van van de trekstapel?",
            "Ja.",
        ),
        ("I have two 4s. Can I put both on the pile in one go?", "Yes."),
    ],
)
def test_what_goes_down_together_and_what_comes_back(text: str, verdict: str) -> None:
    """BZ-039, BZ-040, BZ-041: only one value goes down together, and after several the former
    top of the discard pile may be taken instead of a card from the draw pile."""
    assert reply(text).text.startswith(verdict)


def test_the_lul_played_on_me_lies_in_front_of_me_not_in_a_hand() -> None:
    """BZ-073, BZ-076, BZ-047: the Lul played on the asker lies in front of the asker: it is in
    no hand (not the player's who played it) and does not stop the call (Yes)."""
    text = (
        "Someone played the Lul in front of me and I drew my 2 cards. It's my turn and my hand "
        "adds up to 4. Can I call BALZAK!?"
    )
    assert all("L" not in h.cards for h in read_table(Question.read(text)).holders)
    answer = reply(text)
    assert answer.text.startswith("Yes.")
    assert answer.position is not None
    assert answer.position["in_front"][0] == ["L"]
    assert all("L" not in hand for hand in answer.position["hands"])


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I call BALZAK! with 5 and my opponent has a 2, a 3 and The Lul. Good or false?", "good"),
        (
            "My hand is empty and it's my turn; my neighbour holds a Bruisbal only. I'm forced to "
            "call. Good or false?",
            "false",
        ),
        ("Ik roep met 3 en Noor heeft 3. Goed of vals?", "valse"),
    ],
)
def test_good_or_false_is_answered_with_the_kind(text: str, kind: str) -> None:
    """BZ-090, BZ-098, BZ-125: "good or false?" asks which kind the call is: the reply names the
    kind the engine scored (never a Yes or No to half the question)."""
    answer = reply(text)
    assert kind in answer.text.lower().split(":")[0].split(".")[-1] or kind in answer.text[:40]
    assert not answer.text.startswith(("Yes", "No", "Ja", "Nee"))


def test_the_swinger_said_to_be_the_only_card_is_the_last_card() -> None:
    """BZ-060, BZ-068: "I hold the Swinger only" is the last card: it may be played and swaps an
    empty hand (the position holds no other card of the asker's)."""
    answer = reply("I hold the Swinger only. Can I still play it?")
    assert answer.text.startswith("Yes.") and "last card" in answer.text
    assert answer.position is not None and answer.position["hands"][0] == ["S"]


def test_hand_sizes_not_said_are_not_stated() -> None:
    """BZ-060: the cards a position is filled with to play the Swinger are not stated as the
    asker's: no count of cards in the reply when the question gave none."""
    answer = reply("Can I play the Swinger on Tom?")
    assert answer.text.startswith("Yes.")
    assert not any(ch.isdigit() for ch in answer.text.split("BALZAK!")[-1])


def test_two_different_action_cards_are_not_played_in_one_turn() -> None:
    """BZ-025, BZ-073: the Lul and the Swinger "both in one turn": a turn plays one card: No."""
    answer = reply("I hold the Lul and the Swinger. Can I play both in one turn?")
    assert answer.text.startswith("No.")
    assert "BZ-025" in statements(answer)


def test_the_swinger_played_on_me_is_in_no_hand_and_another_players_act_is_not_mine() -> None:
    """BZ-059, BZ-047, BZ-050: "Tom played the Swinger on me" puts the Swinger in front of the
    asker, in no hand, and is no action of the asker's before a call: no checked reply says the
    Swinger blocks the call or that the asker already acted."""
    text = "Tom played the Swinger on me. Can I call BALZAK! now?"
    assert all("S" not in h.cards for h in read_table(Question.read(text)).holders)
    assert ANSWERS.answer(Question.read(text)) is None


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("I played my Lul last turn and now I hold 2 and 1. Can I call BALZAK!?", "Yes."),
        ("Ik heb mijn Lul vorige beurt gespeeld en heb nu 1 en 2. Mag ik BALZAK roepen?", "Ja."),
        ("I played my Lul and I hold 2 and 1. Can I call BALZAK! now?", "No."),
    ],
)
def test_an_action_card_played_on_an_earlier_turn_is_gone(text: str, verdict: str) -> None:
    """BZ-047, BZ-050, BZ-051: a Lul played on an earlier turn is no longer in the hand and that
    turn is over, so the call is allowed; played this turn, the turn has passed (near miss)."""
    assert reply(text).text.startswith(verdict)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Moet ik trekken als iemand De Swinger op mij speelt?", "Nee."),
        ("Moet ik kaarten trekken als iemand De Lul voor mij neerlegt?", "Ja."),
        ("If someone plays the Swinger on me, do I draw a card?", "No."),
    ],
)
def test_an_action_card_played_on_me_said_as_a_condition(text: str, verdict: str) -> None:
    """BZ-062, BZ-074: played on the asker, The Swinger draws nobody a card and The Lul makes the
    asker draw 2, also when said as the condition ("als iemand ... op mij speelt")."""
    assert reply(text).text.startswith(verdict)
