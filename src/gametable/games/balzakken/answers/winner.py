"""Who wins with the totals said ("Overview > In a (nut)shell"): the engine's outcome of a
final position holding exactly those totals.

"Final scores are 104, 38 and 38. Who wins?" is built as a game over with those totals on the
score sheet (a game ends once a total reaches 100); the engine's outcome names the winners,
ties sharing the win.  Totals that reach no 100 make no final position: the game goes on.

>>> from gametable.rulebook.question import Question
>>> winner(Question.read("Final scores are 104, 38 and 38. Who wins?")).text.split(":")[0]
'The two players on 38 share the win'
"""

from __future__ import annotations

import re

from gametable.core.registry import load_game
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.build import build, load
from gametable.games.balzakken.answers.grammar import read_table
from gametable.games.balzakken.answers.mentions import word_at
from gametable.games.balzakken.scoring import GAME_END
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balzakken"
_WHO_WINS = re.compile(
    r"\b(?:who(?:'s| has| is)? (?:wins|won|the winner)|which player (?:wins|won)|winner|"
    r"wie (?:wint|heeft (?:er )?gewonnen|is (?:er )?de winnaar)|winnaar)\b"
)
#: "final scores are 104, 38 and 38", "the totals are ...", "de eindstand is ..."
_TOTALS = re.compile(
    r"\b(?:final |end )?(?:scores|totals|score|standings|eindstand|stand|totalen|scores zijn)"
    r"(?: are| were| is| zijn| is nu| of)?:? (-?\d+(?:(?:,| and| en)+ -?\d+)+)\b"
)
_TWO = {2: ("two", "twee"), 3: ("three", "drie"), 4: ("four", "vier")}


#: the game said to be over ("end of game:", "game's over", "eind van het spel")
_GAME_OVER = re.compile(
    r"\b(?:end of (?:the )?game|game(?:'s| is| was)? over|final (?:scores?|totals?|round)|"
    r"(?:last|final) round (?:is |was |just )?(?:got |been )?(?:scored|over|done|finished)|"
    r"(?:laatste |slot)ronde|"
    r"eind(?:e)? van het spel|het spel is (?:uit|afgelopen|voorbij)|eindstand)\b"
)


def asks_winner(question: Question) -> bool:
    if not _WHO_WINS.search(question.lower):
        return False
    return bool(_TOTALS.search(question.lower) or _named_totals(question))


def _named_totals(question: Question) -> list[tuple[str, str, int]] | None:
    """Totals said player by player at a game's end ("end of game: me 80, tim 100, sara 80"):
    each player read by the grammar with one number and no cards, as (English label, Dutch
    label, total)."""
    table = read_table(question)
    reached = any(p >= GAME_END for h in table.holders for p in h.points)
    said_over = _GAME_OVER.search(question.lower) or re.search(r"^final\s*:", question.lower)
    if not (said_over or reached):
        return None  # no game's end said, and no total that ends it
    out = []
    for holder in table.holders:
        if not holder.described:
            continue  # "end of game: tim 40, sara 40": the asker (or a caller) not in the list
        if holder.cards or holder.empty or len(holder.points) != 1:
            return None
        out.append((holder.label_en, holder.label_nl, holder.points[0]))
    return out if len(out) > 1 else None


def read_numbers(question: Question) -> set[int]:
    """The totals' word indices."""
    found = _TOTALS.search(question.lower)
    if found is None:
        return set(read_table(question).read) if _named_totals(question) else set()
    start = found.start(1)
    return {
        word_at(question.lower, start + n.start()) for n in re.finditer(r"-?\d+", found.group(1))
    }


def _totals(question: Question) -> list[int] | None:
    found = _TOTALS.search(question.lower)
    named = _named_totals(question) if found is None else None
    if found is None and named is None:
        return None
    totals = (
        [t for _, _, t in named]
        if named
        else [int(n) for n in re.findall(r"-?\d+", found.group(1))]  # type: ignore[union-attr]
    )
    if len(totals) not in load_game(GAME).player_counts or min(totals) < 0:
        return None
    return totals


def winner(question: Question) -> Answer | None:
    """The winners of a game over with the totals said, from the engine's outcome."""
    totals = _totals(question)
    if totals is None:
        return None
    hands = [["9"] for _ in totals]
    position = build(hands, to_move=0, scores=totals)
    if max(totals) < GAME_END and _named_totals(question):
        return None  # said to be over, yet no total listed ends it: a player is missing
    if max(totals) < GAME_END:
        state = load(position)
        if state is None or state.is_over:
            return None
        return checked(
            GAME, question,
            question.say("Nobody yet: the game goes on.", "Nog niemand: het spel gaat door."),
            question.say(
                f"The game only ends once a total reaches {GAME_END} or more; then the lowest "
                "total wins.",
                f"Het spel eindigt pas als een totaal {GAME_END} of meer is; dan wint het "
                "laagste totaal.",
            ),
            [refs.GAME_END], position=position,
        )  # fmt: skip
    position["to_move"] = None
    state = load(position)
    outcome = state.outcome if state is not None else None
    if outcome is None:
        return None
    winners = outcome.winners
    best = totals[winners[0]]
    named = _named_totals(question)
    verdict = (
        _named_verdict(question, [named[w] for w in winners], best)
        if named
        else _verdict(question, len(winners), best)
    )
    return checked(
        GAME, question, verdict,
        question.say(
            f"The game ends once a total reaches {GAME_END} or more, and the lowest total wins; "
            "players tied on the lowest total share the win.",
            f"Het spel eindigt zodra een totaal {GAME_END} of meer is, en het laagste totaal "
            "wint; wie daarop gelijk staat, deelt de winst.",
        ),
        [refs.GAME_END], position=position,
    )  # fmt: skip


def _named_verdict(question: Question, who: list[tuple[str, str, int]], best: int) -> str:
    """ "You and Sara share the win on 80: it is a tie.", "Tim wins on 38."."""
    names = [nl if question.lang == "nl" else en for en, nl, _ in who]
    names = [question.say("you", "jij") if n in ("you", "je") else n for n in names]
    joined = (
        names[0]
        if len(names) == 1
        else ", ".join(names[:-1]) + question.say(" and ", " en ") + names[-1]
    )
    joined = joined[0].upper() + joined[1:]
    if len(names) == 1:
        verb = question.say("win" if names[0] == "You" else "wins", "wint")
        return f"{joined} {verb} " + question.say(f"on {best}.", f"met {best} punten.")
    return question.say(
        f"{joined} share the win on {best}: it is a tie.",
        f"{joined} delen de winst met {best} punten: gelijkspel.",
    )


def _verdict(question: Question, count: int, best: int) -> str:
    if count == 1:
        return question.say(f"The player on {best} wins.", f"De speler met {best} punten wint.")
    en, nl = _TWO.get(count, (str(count), str(count)))
    return question.say(
        f"The {en} players on {best} share the win: it is a tie.",
        f"De {nl} spelers met {best} punten delen de winst: gelijkspel.",
    )
