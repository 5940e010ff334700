"""The in-game question set (rulebook.ingame_eval): questions asked at real positions from seeded
playouts get the right kind of answer, and the checks tell a wrong kind of answer apart."""

from __future__ import annotations

import pytest

from gametable.core.errors import IllegalAction
from gametable.rulebook.answer import Answer, Source
from gametable.rulebook.ingame import answer_in_game
from gametable.rulebook.ingame_eval import (
    check_card,
    check_choices,
    check_refusal,
    check_score,
    evaluate_in_game,
    games,
    phrasings,
    positions,
)

#: the games evaluated: every game whose part 'standing' gives in-game checks
GAMES = games()
#: the share of in-game questions that must get the right kind of answer
FLOOR = 0.95


def test_the_question_set_has_every_kind_phrased_several_ways():
    texts = phrasings()
    for kind in ("refusal", "refusal_card", "refusal_pawn", "choices", "card", "katun", "score"):
        assert len(texts[kind]) >= 3, kind


@pytest.mark.parametrize("game", GAMES)
def test_in_game_questions_get_the_right_kind_of_answer(game):
    """A few positions per game in the quick run (the full set runs as a slow test)."""
    result = evaluate_in_game(game, count=3, first_seed=1000)
    assert len(result.cases) >= 12
    assert result.accuracy >= FLOOR, [(c.question, c.why) for c in result.cases if not c.right]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_full_in_game_question_set_meets_the_floor(game):
    result = evaluate_in_game(game)
    assert result.accuracy >= FLOOR, str(result)


def _position(game: str):
    return next(positions(game, 1))


def _reply(game: str, text: str, topic: str, sources: tuple[Source, ...] = ()) -> Answer:
    return Answer(game, "q", text, sources, True, topic=topic)


@pytest.mark.parametrize("game", GAMES)
def test_the_checks_refuse_a_wrong_kind_of_answer(game):
    """An answer of another kind, or without the current numbers, is counted wrong."""
    _, state = _position(game)
    seat = state.to_move[0]
    choices = answer_in_game(state, seat, "what can I do now?")
    assert check_choices(choices, state, seat) == ""
    assert check_score(choices, state, seat) != ""
    score = answer_in_game(state, seat, "how is the round scored?")
    assert check_score(score, state, seat) == ""
    assert check_score(_reply(game, "Points are counted at the end.", "score"), state, seat)
    assert check_choices(_reply(game, "You have 999 legal moves", "choices"), state, seat)
    wrong_card = _reply(game, "A card.", "card", (Source("components", "Components", "C"),))
    assert check_card(wrong_card, state, seat, "x", "card-meanings") != ""


def test_a_refusal_must_give_its_rule():
    """Balzakken: a BALZAK! call refused (BZ-047) must be answered with its explanation and
    section; "That is allowed now" is counted wrong."""
    _, state = _position("balzakken")
    seat = state.to_move[0]
    from_text = state.game.parse_action(state, "balzak")
    trial = state.clone()
    try:
        trial.apply(from_text, seat)
    except IllegalAction as exc:
        refusal = exc
    else:
        pytest.skip("the call is allowed at this position")
    reply = answer_in_game(state, seat, "why not?", attempt=from_text)
    assert check_refusal(reply, refusal) == ""
    assert check_refusal(_reply("balzakken", "That is allowed now.", "refusal"), refusal)
