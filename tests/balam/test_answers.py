"""Balam's answers from the referee (``games/balam/answers``): scenario tests named after the
rule they check, a property test comparing replies with the engine asked directly, and the
table answers' independence from hidden facts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable import load_game
from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.answers.building import PLENTY
from gametable.games.balam.answers.scenes import HOME, load, play, position, refusal
from gametable.games.balam.scoring import ball_game_points, riches_bonus
from gametable.rulebook.question import Question


def ask(text: str):
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None, text
    return reply


def test_special_building_needs_its_riches():
    """BA-100: a market costs 1 cacao; without it the referee refuses."""
    reply = ask("Can I build a market without cacao?")
    assert reply.checked and reply.text.startswith("No.")
    assert "BA-100" in reply.text and reply.position is not None
    assert load(reply.position) is not None


def test_one_site_a_turn():
    """BA-092, BA-093: a king builds on one site a turn, several buildings there."""
    assert ask("Can I build on two sites in one turn?").text.startswith("No.")
    assert ask("Can I build several buildings on the same site in one turn?").text.startswith(
        "Yes."
    )


def test_devastated_city_is_taken_by_building_at_once():
    """BA-159, BA-160: the last building destroyed, the attacker may build there at once."""
    reply = ask("I destroyed the last building of an enemy city, can I take it over?")
    assert reply.text.startswith("Yes.") and "turn's riches again" in reply.text
    assert any("build village d4.0" in d for d in reply.details)


def test_catastrophe_without_the_building_costs_nothing():
    """BA-169: a king without the building on the card does not pay the penalty."""
    reply = ask("What happens if I turn over a drought but I have no villages?")
    assert reply.text.startswith("Nothing happens")
    dutch = ask("wat gebeurt er bij een droogte zonder dorpen?")
    assert dutch.text.startswith("Er gebeurt niets") and dutch.lang == "nl"


def test_the_king_sheet_never_wards_off_a_catastrophe():
    """BA-166, BA-167: riches warding off a catastrophe come from reserves or garrisons."""
    reply = ask("Drought with 2 villages and maize only on my king sheet, what happens?")
    assert reply.text.startswith("You lose 2 villages")


def test_ball_game_prestige_worked_out():
    """BA-179, BA-180, BA-181: the winner scores his cities, a tie or a second half."""
    assert ask("I won a ball game alone with 5 cities, how many points?").text.startswith("5 ")
    assert ask("Ball game tied with 5 cities, how many points?").text.startswith("5 // 2 = 2")


def test_unstored_riches_are_lost_at_the_round_end():
    """BA-241, BA-242, BA-216: riches left unstored are discarded; obsidian on a garrison
    stays."""
    assert "lost" in ask("What happens to unstored riches at the end of the round?").text
    assert ask("Can I keep obsidian on a garrison until the next round?").text.startswith("Yes.")
    assert ask("Can a prisoner stay on my garrison to the next round?").text.startswith("No.")


def test_katun_cards_per_round_and_rounds_per_game():
    """BA-053, BA-043: NJ + 1 cards a round; 3 players end with the third ball game (11
    rounds)."""
    assert ask("How many Katun cards each round with 3 players?").text.startswith("4 Katun")
    reply = ask("How many rounds does a game last with 3 players?")
    assert reply.text.startswith("11 rounds") and "43" in reply.text


def test_off_topic_and_other_games_are_not_built():
    """A question that is no Balam situation is left to the rules text."""
    for text in ("what is the capital of France?", "I hold 3 points and The Lul, may I call?"):
        assert ANSWERS.answer(Question.read(text)) is None


_BUILD = (
    "Can I build a {b} with {n} {r}?",
    "May I build a {b} when I have {n} {r}?",
    "Mag ik een {nl} bouwen met {n} {rnl}?",
)
_NL = {"village": "dorp", "palace": "paleis", "temple": "tempel", "garrison": "garnizoen",
       "reserve": "voorraad", "market": "markt", "observatory": "observatorium"}  # fmt: skip
_RNL = {"maize": "maïs", "cacao": "cacao", "shell": "schelpen", "jade": "jade"}


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(sorted(_NL)),
    st.sampled_from(sorted(_RNL)),
    st.integers(0, 3),
    st.sampled_from(_BUILD),
)
def test_build_replies_agree_with_the_engine(building, riches, n, template):
    """BA-059, BA-100: every referee-checked reply to "can I build X with N riches" says what
    the engine says of that build paid with those riches; "when I have N riches" tells the
    sheet before the turn's riches is paid from it."""
    text = template.format(b=building, n=n, r=riches, nl=_NL[building], rnl=_RNL[riches])
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and reply.checked
    sheet = {riches: n}
    if n == 0:  # "with 0 cacao": the king holds other riches, only not this one
        sheet = {r: k for r, k in PLENTY.items() if r != riches}
        if riches != "maize":
            sheet["maize"] = 2
    action = f"build {building} {HOME}.1"
    if "I have" in template:  # the sheet told: the turn's riches is paid from it first
        allowed = _builds_after_paying_the_turn(sheet, action)
    else:  # "with 1 cacao": the riches that pay for the building
        state = load(position(sites={HOME: ["village", None, None]}, riches=[sheet]))
        assert state is not None
        allowed = refusal(state, action) is None
    assert reply.text.split()[0] in (("Yes.", "Ja.") if allowed else ("No.", "Nee."))


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 12), st.sampled_from(["alone", "tied", "second"]), st.booleans())
def test_ball_game_replies_agree_with_scoring(cities, place, dutch):
    """BA-179, BA-180, BA-181: the prestige in the reply is the scoring function's."""
    if dutch:
        words = {"alone": "alleen", "tied": "gelijk", "second": "tweede"}[place]
        text = f"Ik win het balspel {words} met {cities} steden, hoeveel punten?"
    else:
        text = f"I am {place} at the ball game with {cities} cities, how many points?"
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and reply.checked
    courts = {"alone": [2, 1], "tied": [2, 2], "second": [1, 2]}[place]
    expected = ball_game_points(courts, [cities, 1])[0]
    assert f"{expected} prestige" in reply.text


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 40), st.integers(0, 60))
def test_end_bonus_replies_agree_with_scoring(riches, score):
    """BA-251, BA-252: half a point per riches, rounded down, added to the score given."""
    text = f"I have {score} points and {riches} riches at the end of the game, what is my total?"
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None
    if score != riches:
        assert f"= {score + riches_bonus(riches)} prestige" in reply.text


def test_table_answers_use_only_the_seats_view():
    """BA-163: at a table, the replies are the same over every resampling of the hidden
    Katun cards (no other seat's hidden facts)."""
    game = load_game("balam")
    state = game.new_game(3, seed=7)
    questions = ("can I build a temple now?", "what can I do?",
                 "what would I score if the game ended now?", "why can't I attack?")  # fmt: skip
    for text in questions:
        first = ANSWERS.answer_at(state, 0, Question.read(text))
        assert first is not None
        for k in range(5):
            other = state.resample(0, random.Random(k).getrandbits(32))
            again = ANSWERS.answer_at(other, 0, Question.read(text))
            assert again is not None and again.text == first.text


_FRAMES = (
    "{q}",
    "Hey, {q}",
    "Quick question: {q}",
    "{q} Please tell me.",
)
_NEAR_MISSES = (
    "Can I build a market if I do not have cacao?",
    "Can't I build a market without cacao?",
    "Can my opponent build a market without cacao?",
    "Can he attack without a garrison?",
    "Can I still build a market after the Eclipse?",
    "Can I build a market instead of a palace with 1 cacao?",
    "Can I attack a city with no garrison?",
    "Can I build a village when my reserve holds maize but my sheet is empty?",
    "A drought, my opponent has 3 villages, what happens?",
    "I won the ball game alone with 5 cities but my opponent has more courts, how many points?",
    "I have 7 riches in my reserves at the end of the game, how many points?",
    "I sacrifice 3 maize in my temple, how many points?",
    "I sacrifice a maize in a cenote and a jade in my temple, how many points?",
    "How many Katun cards are turned over each round with 5 players?",
    "Mag mijn tegenstander een markt bouwen zonder cacao?",
    "Can I never build a market without cacao?",
)


def test_near_misses_are_not_answered_by_the_referee():
    """BA-090, BA-100, BA-134, BA-168, BA-179, BA-225, BA-251: a question holding a negation,
    another king, a condition or a number the situation does not place is left to the rules
    text (no referee-checked reply from a misreading)."""
    for text in _NEAR_MISSES:
        reply = ANSWERS.answer(Question.read(text))
        assert reply is None, (text, reply and reply.text)


def _builds_after_paying_the_turn(sheet: dict[str, int], action: str) -> bool:
    """Whether the engine lets a king holding ``sheet`` before his turn pay the turn's riches
    in some way and then play ``action``."""
    state = load(position(sites={HOME: ["village", None, None]}, riches=[sheet], phase="turn"))
    assert state is not None
    return any(
        refusal(play(state, f"pay {paid}"), action) is None for paid, n in sheet.items() if n
    )


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(sorted(_NL)),
    st.sampled_from(sorted(_RNL)),
    st.integers(1, 3),
    st.sampled_from(_FRAMES),
    st.sampled_from(("", " in my own city", " this turn", " on my site")),
)
def test_build_replies_in_any_frame_agree_with_the_engine(building, riches, n, frame, extra):
    """BA-059, BA-092, BA-100: however the question is framed (extra words, the sheet before or
    after the action), a referee-checked reply says what the engine says: "I have N riches"
    is the sheet before the turn's riches is paid from it, "with N riches" the payment; a
    frame it cannot read is not checked."""
    orders = (
        f"can I build a {building}{extra} with {n} {riches}?",
        f"I have {n} {riches}, can I build a {building}{extra}?",
    )
    for text in orders:
        reply = ANSWERS.answer(Question.read(frame.format(q=text)))
        if reply is None:
            assert frame != "{q}" or extra != "", text  # the plain question is always built
            continue
        action = f"build {building} {HOME}.1"
        if text.startswith("I have"):  # the sheet told: the turn's riches paid from it first
            allowed = _builds_after_paying_the_turn({riches: n}, action)
        else:  # "with 1 cacao": the riches that pay for the building
            state = load(position(sites={HOME: ["village", None, None]}, riches=[{riches: n}]))
            assert state is not None
            allowed = refusal(state, action) is None
        assert reply.checked
        assert reply.text.split()[0] == ("Yes." if allowed else "No."), text


@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 3),
    st.integers(1, 3),
    st.lists(st.sampled_from(["0", "1", "2", "3", "X"]), min_size=3, max_size=3),
    st.booleans(),
)
def test_battle_replies_agree_with_the_rulebook_arithmetic(mine, theirs, dice, dutch):
    """BA-141, BA-143, BA-146, BA-147, BA-148, BA-149: attack = the dice's points, defence =
    the defender's garrisons, their difference destroys as many buildings (a city told only by
    its garrisons holds enough one-point buildings, up to its 4 plots; a larger margin is not
    answered as checked), each skull costs a garrison; the reply says so."""
    faces = dice[:mine]
    said = " and ".join("a skull" if f == "X" else f for f in faces)
    if dutch:
        said = said.replace("a skull", "een doodshoofd").replace(" and ", " en ")
        text = f"Ik val aan met {mine} garnizoenen en gooi {said} tegen een stad met {theirs} garnizoenen, wat gebeurt er?"
    else:
        text = f"I attack with {mine} garrisons and roll {said} against a city with {theirs} garrisons, what happens?"
    reply = ANSWERS.answer(Question.read(text))
    attack = sum(int(f) for f in faces if f != "X")
    if max(3, attack - theirs) > 4:
        assert reply is None or not reply.checked, text
        return
    assert reply is not None and reply.checked, text
    skulls = faces.count("X")
    destroyed = max(0, attack - theirs)
    word = "tegen verdediging" if dutch else "against defence"
    assert f"{attack} {word} {theirs} ({attack} - {theirs} = {attack - theirs})" in reply.text
    if destroyed:
        assert f" {destroyed} " in reply.text.split(":")[1]
    assert (f"verliest {skulls} garnizoen" if dutch else f"lose {skulls} garrison") in reply.text


def test_table_refusal_is_the_engines_own():
    """BA-059, BA-090: at a table, "why can't I build a market?" before paying gives the
    engine's own refusal and the rule it cites; a seat not to move is told so."""
    state = load_game("balam").new_game(2, seed=7)
    asker = state.to_move[0]
    reply = ANSWERS.answer_at(state, asker, Question.read("why can't I build a market?"))
    assert reply is not None and "Pay 1 riches first" in reply.text and "BA-059" in reply.text
    other = 1 - asker
    reply = ANSWERS.answer_at(state, other, Question.read("why can't I build a market?"))
    assert reply is not None and "not your turn" in reply.text


def test_table_end_score_worked_out_from_the_seats_view():
    """BA-251: "what would I score if the game ended now?" adds half the seat's own riches,
    rounded down, to its prestige, worked out in the reply."""
    state = load_game("balam").new_game(2, seed=7)
    king = state.view(0)["kings"][0]
    riches = sum(king["riches"].values())
    total = king["prestige"] + riches_bonus(riches)
    reply = ANSWERS.answer_at(state, 0, Question.read("what would I score if the game ended now?"))
    assert reply is not None
    assert reply.text.startswith(f"{king['prestige']} + {riches_bonus(riches)} = {total} prestige")
