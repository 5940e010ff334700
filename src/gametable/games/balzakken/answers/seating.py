"""The players a question tells of, seated in a position: their hands made of real cards, and
how a reply names them, in the question's language."""

from __future__ import annotations

from collections import Counter

from gametable.games.balzakken.answers.build import cards_worth, free
from gametable.games.balzakken.answers.scene import Player
from gametable.rulebook.question import Question


def hand_for(player: Player, used: Counter[str]) -> list[str] | None:
    """The hand said of ``player`` as cards from the deck (points said made of real cards),
    ``None`` when nothing is said of it or the deck cannot hold it."""
    if player.empty and not player.cards and player.points is None:
        return []
    if not player.cards and player.points is None:
        return None
    cards = list(player.cards)
    if any(not free(c, used, n) for c, n in Counter(cards).items()):
        return None
    used.update(cards)
    if player.points is not None:
        extra = cards_worth(player.points, used)
        if extra is None:
            return None
        cards += extra
    return cards


def filler(worth: int, used: Counter[str]) -> list[str] | None:
    """A hand of Balzakken worth ``worth`` for a player the question leaves unsaid."""
    return cards_worth(worth, used)


def label(question: Question, player: Player) -> str:
    """How a reply names ``player``: "you", a name, "your neighbour", "the caller"."""
    if player.me:
        return question.say("you", "jij")
    if player.name:
        return player.name
    words = {
        "neighbour": ("your neighbour", "je buurman"),
        "buurvrouw": ("your neighbour", "je buurvrouw"),
        "opponent": ("your opponent", "je tegenstander"),
        "someone": ("the other player", "de andere speler"),
        "caller": ("the caller", "de roeper"),
    }
    if player.key in words:
        return question.say(*words[player.key])
    if not player.key.startswith("others#"):
        return question.say(f"your {player.key}", f"je {player.key}")
    return question.say(
        f"the player with {player.points_said()}", f"de speler met {player.points_said()}"
    )


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def listed(question: Question, items: list[str]) -> str:
    """ "a, b and c" / "a, b en c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + question.say(" and ", " en ") + items[-1]
