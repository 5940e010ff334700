"""The game's length read by its parts ("Setup > Choosing the length of the game"): when a
game of N players ends by default, and the longest or shortest length one may choose, from the
game's declaration (the option ``ball_games``, 2 to 5) and the engine's new game (its default
target: as many ball games as players).

>>> from gametable.rulebook.question import Question
>>> game_length(Question.read("Two players: when does the game end if we don't change "
...     "anything?")).text.split(":")[0]
'At the second ball game'
"""

from __future__ import annotations

from gametable.core.registry import load_game
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import CARDS, players_in
from gametable.games.balam.answers.parts import asks, placed
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
_ORDINAL = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
_ORDINAL_NL = {2: "tweede", 3: "derde", 4: "vierde", 5: "vijfde"}
_LONGEST = r"\b(longest|longer|largest|biggest|maximum|max|most|langste|langer|grootste|maximaal|uiterlijk)\b"
_SHORTEST = r"\b(shortest|shorter|minimum|min|earliest|kortste|korter|minimaal|vroegst\w*)\b"
_END = r"\b(end|ends|over|finish\w*|stop\w*|eindig\w*|afgelopen|last|lasts|duurt|length|lengte|set up)\b"
_GAME = r"\b(game|games|spel|spelen)\b"
_FOREIGN = (
    r"\b(rounds?|rondes?|points?|punten|score\w*|prestige|win\w*|winner|bonus|riches|rijkdom\w*|"
    r"eclipse|katun|cards?|kaart\w*|tie\w*|gelijk\w*|turn|beurt|if (?:i|he|she)|attack\w*)\b"
)
_DENIED = frozenset({"change", "changing", "veranderen", "aanpassen", "wijzigen"})


def _bounds() -> tuple[int, int]:
    """The shortest and longest game one may choose: the option's bounds."""
    option = next(o for o in load_game(GAME).options if o.name == "ball_games")
    assert option.minimum is not None and option.maximum is not None
    return int(option.minimum), int(option.maximum)


def game_length(q: Question) -> Answer | None:
    """ "Two players: when does the game end?", "What's the longest game we may set up?"."""
    if not q.matches(_GAME) or len(asks(q)) != 1 or q.kind == "yesno":
        return None
    longest, shortest = q.matches(_LONGEST), q.matches(_SHORTEST)
    if longest == shortest and not q.matches(_END):
        return None
    n = players_in(q)
    numbers = {n} if n is not None else set()
    if not placed(q, numbers, (CARDS,), {"ball_game"}, foreign=_FOREIGN, denied=_DENIED):
        return None
    low, high = _bounds()
    if longest != shortest:
        balls = high if longest else low
        verdict = q.say(
            f"{'Up to' if longest else 'At the earliest'} the {_ORDINAL[balls]} ball game: you "
            f"may choose from the {_ORDINAL[low]} to the {_ORDINAL[high]}.",
            f"{'Tot en met' if longest else 'Op zijn vroegst'} het {_ORDINAL_NL[balls]} "
            f"balspel: je kiest van het {_ORDINAL_NL[low]} tot het {_ORDINAL_NL[high]}.",
        )
    else:
        if n is None or not 2 <= n <= 4:
            return None
        balls = load_game(GAME).new_game(n, seed=0).target_ball_games  # type: ignore[attr-defined]
        verdict = q.say(
            f"At the {_ORDINAL[balls]} ball game: by default a game of {n} ends with the round "
            "in which that ball game comes up.",
            f"Bij het {_ORDINAL_NL[balls]} balspel: standaard eindigt een spel met {n} aan het "
            "einde van de ronde waarin dat balspel komt.",
        )
    reason = q.say(
        f"By default the game lasts as many ball games as there are players; you may shorten "
        f"it to {low} or lengthen it to {high}.",
        f"Standaard duurt het spel zoveel balspelen als er spelers zijn; je mag het inkorten "
        f"tot {low} of verlengen tot {high}.",
    )
    return checked(GAME, q, verdict, reason, [rules.SETUP_LENGTH, rules.END_OF_GAME])


READERS = (game_length,)
