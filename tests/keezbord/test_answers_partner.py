"""Playing for a partner: placing the partner's pawn once all one's own pawns are home, and the
split 7 whose first part brings the last pawn home, each checked reply compared with the engine."""

from __future__ import annotations

import pytest

from gametable import load_game
from gametable.rulebook.chat import ask

KEEZBORD = load_game("keezbord")


def _judged(reply) -> tuple[bool, object]:
    """Whether the engine allows the judged action, and the state after it."""
    state = KEEZBORD.state_from_json(dict(reply.position))
    action = next(d for d in reply.details if d.startswith("Judged: "))[len("Judged: ") :]
    action = action.rstrip(".").partition(" for seat ")[0]
    allowed = action in {str(a) for a in state.legal_actions(0)}
    if allowed:
        state.apply(KEEZBORD.parse_action(state, action), 0)
    return allowed, state


def test_king_places_the_partners_pawn_once_all_mine_are_home() -> None:
    """KB-072, KB-046: with all four of one's own pawns home, a King places the partner's next
    pawn on the partner's start space."""
    reply = ask(
        "keezbord",
        "4 players. All four of my pawns are home and my partner still has pawns in the nest. "
        "Can I use a King to put one of his pawns on the board?",
    )
    assert reply.checked and reply.text.startswith("Yes."), reply.text
    allowed, state = _judged(reply)
    assert allowed and state.view(None)["pawns"][2].count("N") == 2


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        (
            "teams, my last pawn needs 2 to get into the honk. split my 7: 2 for that one and 5 for my partner's pawn?",
            2,
        ),
        (
            "Playing in teams, the first part of my 7 brings my last pawn home with 3 steps. What happens to the rest?",
            3,
        ),
    ],
)
def test_last_pawns_seven_gives_the_rest_to_the_partner(text: str, steps: int) -> None:
    """KB-056, KB-072: the first part of a 7 brings the last pawn home, the other steps move a
    pawn of the partner."""
    reply = ask("keezbord", text)
    assert reply.checked and str(7 - steps) in reply.text, reply.text
    allowed, state = _judged(reply)
    assert allowed and state.view(None)["pawns"][0][0] == "H1"


@pytest.mark.parametrize(
    "text",
    [
        "Teams: my last pawn needs 2 steps to get home. Can I split my 7: 3 for it and 4 for my partner's pawn?",
        "Teams: my last pawn needs 2 steps to get home. Can I split my 7 as 3 and 4 with my partner's pawn?",
    ],
)
def test_parts_said_are_never_replaced_by_other_parts(text: str) -> None:
    """KB-056 near miss: a 7 split as the question says (3 and 4) is never judged as another
    split (2 and 5) the last pawn's steps would suggest."""
    reply = ask("keezbord", text)
    assert not (reply.checked and "moves 2 forward" in reply.text), reply.text


def test_partner_without_pawns_on_the_board_is_not_built_with_one() -> None:
    """KB-056, KB-072 near miss: a partner said to have no pawn on the board cannot take the
    rest of a 7; the referee never judges a position that gives the partner one."""
    reply = ask(
        "keezbord",
        "Teams: my last pawn needs 2 steps to get home but my partner has no pawns on the board. "
        "Can I split my 7: 2 and 5 for my partner?",
    )
    assert not (reply.checked and reply.text.startswith("Yes.")), reply.text
