"""Balam's worked-out answers to situations told in full: ball games and divinations told king
by king with names, the riches bonus with riches on the board set aside, cenote offerings,
the king sheet after a round's taxes and Chaak, a turn that removes and rebuilds, a battle's
dice "shown", a catastrophe with riches told place by place, the score track; each reply
compared with the engine's scoring, and told in other words and in Dutch."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.board import RICHES
from gametable.games.balam.scoring import (
    CENOTE_FACTOR,
    CEREMONY,
    ball_game_points,
    divination_peeks,
    riches_bonus,
)
from gametable.rulebook.question import Question

_NAMES = ("Mia", "Tom", "Sara")


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


def _courts(n: int) -> str:
    return "no court" if n == 0 else f"{n} court{'s' if n != 1 else ''}"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(2, 6)), min_size=2, max_size=4),
    st.booleans(),
)
def test_ball_game_told_king_by_king_with_names_is_the_engines(kings, dutch):
    """BA-088, BA-179, BA-180, BA-181: every king's prestige at a ball game, his courts and
    cities told by name, is the engine's (a king without a court scores nothing)."""
    if dutch:
        parts = [f"ik heb {kings[0][0]} balvelden en {kings[0][1]} steden"]
        parts += [
            f"{_NAMES[i]} heeft {c} balvelden en {n} steden" for i, (c, n) in enumerate(kings[1:])
        ]
        text = "Balspel! " + ", ".join(parts) + ". Wie krijgt hoeveel punten?"
    else:
        parts = [f"I have {_courts(kings[0][0])} and {kings[0][1]} cities"]
        parts += [
            f"{_NAMES[i]} has {_courts(c)} and {n} cities" for i, (c, n) in enumerate(kings[1:])
        ]
        text = "The ball game card came up. " + ", ".join(parts) + ". Who scores what?"
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    won = ball_game_points([c for c, _ in kings], [n for _, n in kings])
    you = "Jij" if dutch else "You"
    said = [f"{you} {won[0]}"] + [f"{_NAMES[i]} {w}" for i, w in enumerate(won[1:])]
    assert all(part in reply.text.split(". ")[0] for part in said), (text, reply.text)


def test_two_kings_tied_said_together_share_half_their_cities():
    """BA-179, BA-088: "Anna and I both have 2 courts" is a tie of two for the most: half
    each; a lone king behind them scores nothing."""
    reply = _reply(
        "Ball game! Anna and I both have 3 ball courts; I have 7 cities, Anna has 4. Bob has 2 "
        "courts and 9 cities. What does each of us get?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("You 3, Anna 2 and Bob 0 prestige points."), reply.text


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=2, max_size=4))
def test_divination_told_by_name_is_the_engines(counts):
    """BA-083, BA-084, BA-085, BA-086, BA-087: the cards each king looks at, told by name, are
    the engine's podium."""
    others = ", ".join(f"{_NAMES[i]} has {c}" for i, c in enumerate(counts[1:]))
    text = f"I have {counts[0]} observatories, {others}. How many cards may each of us look at?"
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    looks = divination_peeks(counts, len(counts))
    assert f"you {looks[0]}" in reply.text, (text, reply.text)
    for i, n in enumerate(looks[1:]):
        assert f"{_NAMES[i]} {n}" in reply.text, (text, reply.text)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 15), st.integers(1, 4), st.integers(10, 80))
def test_riches_bonus_sets_aside_riches_on_the_board(sheet, board, score):
    """BA-251: only the riches on the king sheet count for the bonus; those told in reserves
    or garrisons are left out, and a score told is added to."""
    text = (
        f"Game over. I have {sheet} riches on my king sheet and {board} more in my reserves. "
        f"My score is {score}. What's my final score?"
    )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    bonus = riches_bonus(sheet)
    assert reply.text.startswith(f"{score} + {bonus} = {score + bonus} prestige"), (
        text,
        reply.text,
    )
    assert "do not count" in reply.text


def test_riches_on_the_board_counted_inside_the_total_are_not_guessed():
    """BA-251: "7 riches, 2 of them in my reserves" does not say the sheet's count: not
    answered as checked."""
    reply = _reply("End of game: I have 7 riches, 2 of them in my reserves. Bonus?")
    assert reply is None or not reply.checked


def test_riches_bonus_in_dutch_with_a_reserve():
    """BA-251: the same in Dutch."""
    reply = _reply(
        "Einde van het spel: ik heb 9 rijkdommen op mijn koningsblad en 2 in mijn opslagplaatsen. "
        "Hoeveel bonuspunten krijg ik?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("4 prestigepunten (9 rijkdommen // 2 = 4)."), reply.text


_OFFER = st.lists(st.sampled_from(["maize", "cacao", "jade", "prisoner"]), min_size=1, max_size=3)


@settings(max_examples=25, deadline=None)
@given(_OFFER, st.integers(1, 4))
def test_cenote_offerings_are_the_engines(riches, cenotes):
    """BA-177, BA-229, BA-230, BA-231, BA-232: one riches per cenote, twice a temple's value;
    with fewer cenotes than riches the most valuable are offered."""
    said = {r: riches.count(r) for r in riches}
    listed = " and ".join(f"{n} {'prisoners' if r == 'prisoner' and n > 1 else r}"
                          for r, n in said.items())  # fmt: skip
    text = (
        f"Cult of the sacred cenotes! My Mayas have {listed} in my reserves and {cenotes} "
        "cenotes they can reach. What's the most prestige I can get?"
    )
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    values = sorted((CEREMONY[RICHES.index(r)] * CENOTE_FACTOR for r in riches), reverse=True)
    best = sum(values[:cenotes])
    assert reply.text.startswith(f"{best} prestige points"), (text, reply.text)


def test_the_sheet_after_taxes_and_chaak():
    """BA-239, BA-073 (Clemency of Chaak), BA-182: the riches a palace collected reach the
    sheet, and Chaak adds 2 maize until the Eclipse has been drawn."""
    reply = _reply(
        "End of the round, no Eclipse yet. My king sheet was empty, and my palace collects 2 "
        "cacao. How many riches will I have on my sheet when the next round starts?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("4 riches"), reply.text
    reply = _reply(
        "The Eclipse has already been drawn. I have 3 riches on my king sheet and my palace "
        "collected 1 jade. How many riches on my sheet at the start of the next round?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("4 riches"), reply.text
    reply = _reply(
        "Einde van de ronde, nog geen verduistering. Mijn koningsblad is leeg en mijn 2 paleizen "
        "innen elk 2 mais. Hoeveel rijkdommen heb ik op mijn koningsblad als de volgende ronde "
        "begint?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("6 rijkdommen"), reply.text


def test_remove_a_building_and_build_in_its_place():
    """BA-097, BA-099, BA-100, BA-058: removing is free; a temple needs the removed plot and an
    empty one beside it; the turn costs its riches plus the building's."""
    reply = _reply(
        "My 3-space site has a garrison, then a village, then an empty space. Can I take the "
        "village away and build a temple on those two spaces? How many riches does the whole "
        "turn cost me?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("Yes, and the turn costs 3 riches"), reply.text
    reply = _reply(
        "My 3-space site has a village, then a garrison, then a village. Can I remove the "
        "garrison and build a palace there?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("No."), reply.text
    reply = _reply(
        "Mijn plaats met 4 vakjes heeft een dorp, een garnizoen en twee lege vakjes. Mag ik het "
        "dorp weghalen en er een markt bouwen? Hoeveel kost de beurt?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("Ja, en de beurt kost 2 rijkdommen"), reply.text


def test_dice_that_show_faces_and_a_neighbouring_city():
    """BA-141, BA-144, BA-145, BA-146, BA-147: the dice "show" their faces; attack = success
    points + obsidian, defence = garrisons of the city and its neighbour + obsidian."""
    reply = _reply(
        "I commit 3 garrisons and spend 1 obsidian. The dice show 2, 3 and a skull. He has 2 "
        "garrisons in the city I attack and 1 garrison in his city next to it, and keeps his "
        "obsidian. How many buildings can I knock down? None of them are temples or palaces."
    )
    assert (
        reply is not None
        and reply.checked
        and reply.text.startswith("3. Attack 6 against defence 3")
    )
    reply = _reply("Hoeveel dobbelstenen gooi ik als ik met 2 garnizoenen aanval?")
    assert reply is not None and reply.checked and reply.text.startswith("2 dobbelstenen")


def test_a_catastrophe_reads_where_each_riches_lies():
    """BA-164, BA-165, BA-184: the Mayas pay from reserves, never from the king sheet; riches
    told clause by clause are placed where each clause says."""
    reply = _reply(
        "I just turned over Drought. I have 3 villages, one of my reserves holds a maize, and I "
        "have 4 maize on my king sheet. What are my options?"
    )
    assert reply is not None and reply.checked
    assert "pay 1 maize" in reply.text and "2 villages" in reply.text, reply.text
    reply = _reply(
        "Opstand! Ik heb 2 paleizen en geen mais in mijn opslagplaatsen, wel 3 mais op mijn "
        "koningsblad. Wat nu?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("Je verliest 1 paleis")


def test_a_prisoner_from_taxes_pays_only_the_base_buildings():
    """BA-237, BA-238, BA-100: a prisoner collected as taxes pays a village, not a market."""
    reply = _reply(
        "What if my palace collected a prisoner as taxes, can I pay for a market with that prisoner?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("No."), reply.text
    assert "cacao" in reply.text


def test_the_score_track_shows_tens_and_units():
    """BA-038, BA-039: the large pyramid counts the tens, the small one the units."""
    for score, dutch in ((38, False), (57, True), (9, False)):
        text = (
            f"Ik heb {score} punten, hoe zet ik dat op het scorespoor?"
            if dutch
            else f"I'm on {score} points. How do I show that on the score track?"
        )
        reply = _reply(text)
        tens, units = divmod(score, 10)
        assert reply is not None and not reply.checked, text
        large = "Grote piramide op" if dutch else "Large pyramid on"
        assert reply.text.startswith(f"{large} {tens}, "), reply.text
        assert f" {units}: " in reply.text


def test_riches_that_reach_no_reserve_are_lost():
    """BA-205, BA-241, BA-242: riches the Mayas cannot bring to a temple, palace or reserve
    are lost at the end of the round."""
    for text in (
        "What if my Mayas can't get a riches to a reserve, temple or palace by the end of the round?",
        "Wat als mijn Maya's een jade niet naar een tempel of opslagplaats kunnen brengen aan het "
        "einde van de ronde?",
    ):
        reply = _reply(text)
        assert reply is not None and reply.checked, text
        assert reply.text.split()[:2] in (["They", "are"], ["Die", "gaan"]), reply.text


def test_the_rest_holding_none_leaves_the_table_size_open():
    """BA-083, BA-084, BA-085: "the rest have none" does not say how many play: two tied
    leaders look at 1 card each whatever the count; a lone leader's NJ is not guessed."""
    reply = _reply(
        "Waarzeggen: mijn broer en ik hebben allebei 2 sterrenwachten, de rest geen. Hoeveel "
        "kaarten mogen we bekijken?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("Kaarten bekeken: jij 1 kaart en Broer 1 kaart."), reply.text
    reply = _reply(
        "Divination: I have 2 observatories and my sister has 1, the others have none. How many "
        "cards do we see?"
    )
    assert reply is None or not reply.checked or "you 2" not in reply.text
