"""What the tests of Keezbord's chat share: asking for a referee-checked reply, reading its first
word, and building the positions the replies are compared with (through the public API only)."""

from __future__ import annotations

from typing import Any

import gametable
from gametable.games.keezbord.answers import ANSWERS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

GAME = gametable.load_game("keezbord")
STEPS = {"A": 1, "2": 2, "3": 3, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "Q": 12}
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "last"}


def checked_reply(text: str) -> Answer:
    """The chat's reply to ``text``, which must be checked by the referee and rest on a position
    that opens."""
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None and reply.checked, f"not answered from the referee: {text!r}"
    if reply.position is not None:
        GAME.state_from_json(reply.position)
    return reply


def first_word(reply: Answer) -> str:
    return reply.text.split()[0].rstrip(".,:;").lower()


def state_of(pawns: dict[str, list[Any]], hand: list[str], players: int = 2, **extra: Any) -> Any:
    """Seat a to move holding ``hand``, with the pawns given by seat letter."""
    return GAME.state_from_json(
        {"game": "keezbord", "players": players, "pawns": pawns, "hands": {"a": hand},
         "to_move": 0, **extra}
    )  # fmt: skip


def after(pawns: dict[str, list[Any]], card: str, action: str) -> Any:
    """Seat a's pawns after it plays ``action``, or ``None`` when the engine refuses it."""
    state = state_of(pawns, [card])
    if action not in {str(a) for a in state.legal_actions(0)}:
        return None
    state.apply(GAME.parse_action(state, action), 0)
    return state.view(None)["pawns"][0]


def card_said(card: str, lang: str = "en") -> str:
    """A card as a player says it: "a Queen", "an 8", "een Vrouw"."""
    names = {"Q": ("a Queen", "een Vrouw"), "A": ("an Ace", "een Aas")}
    if card in names:
        return names[card][lang == "nl"]
    return f"een {card}" if lang == "nl" else f"an {card}" if card == "8" else f"a {card}"
