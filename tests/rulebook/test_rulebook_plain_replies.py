"""Rules-text replies to questions players ask about what the rulebooks leave implicit: each
reply gives the verdict or the outcome first (never a neighbouring rule's fixed verdict)."""

from __future__ import annotations

import pytest

from gametable.rulebook import chat


@pytest.mark.parametrize(
    ("game", "question", "starts"),
    [
        # BZ-036, BZ-050: any own turn may be the call, the first one included
        ("balzakken", "Can I call BALZAK! on my first turn?", "Yes"),
        ("balzakken", "Can I discard and then call BALZAK!?", "No"),
        # KB-041, KB-042: a pawn on its own start is neither hit nor passed
        (
            "keezbord",
            "My pawn is on my start and an opponent lands on it. What happens?",
            "No such",
        ),
        # KB-034, KB-074: a team wins when both partners' pawns are home
        ("keezbord", "Who wins the game in teams?", "In a team game"),
        # BA-092, BA-099, BA-100: no building needs another first
        ("balam", "Can I build a temple on a site where I have no village?", "Yes"),
        ("balam", "Mag ik een tempel bouwen zonder dorp?", "Ja"),
        # BA-092, BA-094: a site belongs to one king
        ("balam", "Can two players have buildings on the same site?", "No"),
        # BA-229, BA-251: buildings score nothing at the end, riches half a point each
        (
            "balam",
            "I have 2 cities and 1 temple. How many points do I score at the end?",
            "Nothing",
        ),
        ("balam", "What do I get for my riches at the end of the game?", "At the end"),
        # BA-141, BA-146 to BA-149: an attack the dice decide (a count no city holds: not built)
        ("balam", "I attack with 4 garrisons, his city has 2 garrisons. Do I win?", "It depends"),
    ],
)
def test_rules_text_replies_answer_first(game: str, question: str, starts: str) -> None:
    reply = chat.ask(game, question)
    assert reply.answered and not reply.checked
    assert reply.text.startswith(starts), reply.text
