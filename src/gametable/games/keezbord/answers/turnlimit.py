"""A game stopped by the turn limit (the option ``max_turns``): each team scores its pawns home
and the most pawns home wins, a tie shared (docs/rules/keezbord.md, "The end"; Gameplay, KB-033,
KB-034).

The question tells how many pawns each player (or team) has home; the position is built with
the limit reached and the engine's outcome gives the scores and the winners.

>>> from gametable.rulebook.question import Question
>>> q = Question.read("The turn limit ran out. I have 3 home, my partner 1; the other team has 2 and 2. Who won?")
>>> read_turn_limit(q).text.split(":")[0]
'A tie'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "keezbord"
LIMIT = 200  # any limit: the position stands at it

#: the game said to have stopped at its turn limit
STOPPED = re.compile(
    r"\b(?:turn limit|turn cap|max(?:imum)? (?:number of )?turns|max_turns|out of turns|"
    r"turns? (?:ran|run|are|is|have|has) (?:out|up)|limit(?:'s| is| has)? (?:up|reached|run out|"
    r"ran out)|beurtenlimiet|maximum (?:aantal )?beurten|beurten (?:zijn )?op|limiet (?:is )?bereikt)\b"
)
_N = r"(?P<{}>[0-4]|no|none|zero|one|two|three|four|geen|nul|een|één|twee|drie|vier)"
_MINE = re.compile(
    r"\b(?:i(?:'ve| have)?|ik heb)(?: got)? " + _N.format("n") + r"(?: (?:pawns?|pionnen|pion))?"
    r"(?: (?:home|in|thuis|binnen))\b"
)
_PARTNER = re.compile(
    r"\b(?:my partner|my teammate|partner|she|he|mijn partner|mijn maat|zij|hij)(?: (?:has|heeft))?"
    r"(?: got)? "
    + _N.format("n")
    + r"(?: (?:pawns?|pionnen|pion))?(?: (?:home|in|thuis|binnen))?\b"
)
_THEIRS_EACH = re.compile(
    r"\b(?:the other team|they|the others|our opponents|the opponents|het andere team|zij|de "
    r"tegenstanders)(?: (?:has|have|hebben|heeft))? "
    + _N.format("a")
    + r" (?:and|en) "
    + _N.format("b")
)
_THEIRS_TOTAL = re.compile(
    r"\b(?:the other team|they|the others|our opponents|the opponents|het andere team|de "
    r"tegenstanders)(?: (?:has|have|hebben|heeft))? (?P<t>[0-8]|no|none|zero|one|two|three|four|"
    r"five|six|seven|geen|nul|een|één|twee|drie|vier|vijf|zes|zeven)"
    r"(?: (?:pawns?|pionnen))?(?: home| thuis)? (?:in total|altogether|between them|together|"
    r"samen|in totaal)\b"
)
_WORDS = {"no": 0, "none": 0, "zero": 0, "geen": 0, "nul": 0, "one": 1, "een": 1, "één": 1,
          "two": 2, "twee": 2, "three": 3, "drie": 3, "four": 4, "vier": 4, "five": 5,
          "vijf": 5, "six": 6, "zes": 6, "seven": 7, "zeven": 7}  # fmt: skip
_WHO = re.compile(r"\b(?:who (?:won|wins|has won)|wie (?:heeft )?(?:gewonnen|wint)|did we win|"
                  r"hebben wij gewonnen|winner)\b")  # fmt: skip


#: the phrases read here, set aside for the guard
PHRASES = re.compile(
    "|".join(
        re.sub(r"\(\?P<\w+>", "(?:", p.pattern)
        for p in (STOPPED, _MINE, _PARTNER, _THEIRS_EACH, _THEIRS_TOTAL, _WHO)
    )
    + r"|\b(?:we (?:played|play|are playing|were playing) with (?:a|the)|and it (?:just )?"
    r"(?:ran out|is up|has run out)|our team|my partner and i|mijn partner en ik|wat is onze score|"
    r"what(?:'s| is) (?:our|the) (?:score|total))\b"
)


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word]


def _homes(lower: str) -> tuple[int, int, int, int] | None:
    """Pawns home for seats a (the asker), b, c (the partner), d; ``None`` when not all told."""
    mine, partner = _MINE.search(lower), None
    if mine is None:
        return None
    partner = _PARTNER.search(lower[mine.end() :])
    each, total = _THEIRS_EACH.search(lower), _THEIRS_TOTAL.search(lower)
    if partner is None or (each is None) == (total is None):
        return None
    if each is not None:
        b, d = _n(each.group("a")), _n(each.group("b"))
    else:
        t = _n(total.group("t")) if total else 0
        b, d = min(t, 4), max(0, t - 4)
    return _n(mine.group("n")), b, _n(partner.group("n")), d


def read_turn_limit(question: Question) -> Answer | None:
    """The outcome of a four-player game stopped by the turn limit, from the engine."""
    lower = question.lower
    if not STOPPED.search(lower):
        return None
    homes = _homes(lower)
    if (
        homes is None
        or any(n > 4 for n in homes)
        or min(homes[0] + homes[2], homes[1] + homes[3]) >= 8
    ):
        return None
    if homes[0] + homes[2] == 8 or homes[1] + homes[3] == 8:
        return None  # a team all home won outright: not the turn limit
    pawns = {
        "abcd"[s]: [f"H{4 - i}" for i in range(n)] + ["N"] * (4 - n) for s, n in enumerate(homes)
    }
    position = {
        "game": "keezbord", "players": 4, "options": {"max_turns": LIMIT}, "ply": LIMIT,
        "pawns": pawns, "to_move": None,
    }  # fmt: skip
    outcome = KEEZBORD.state_from_json(dict(position)).outcome
    if outcome is None:
        return None
    ours, theirs = int(outcome.scores[0]), int(outcome.scores[1])
    tie = 0 in outcome.winners and 1 in outcome.winners
    other = f"{theirs}" if _THEIRS_TOTAL.search(lower) else f"{homes[1]} + {homes[3]} = {theirs}"
    sums = question.say(
        f"your team has {homes[0]} + {homes[2]} = {ours} pawns home, the other team {other}",
        f"jullie team heeft {homes[0]} + {homes[2]} = {ours} pionnen thuis, het andere team {other}",
    )
    if _WHO.search(lower) or question.kind != "number":
        if tie:
            head = question.say("A tie: both teams share first place.",
                                "Gelijkspel: beide teams delen de eerste plaats.")  # fmt: skip
        elif 0 in outcome.winners:
            head = question.say("Your team won.", "Jullie team heeft gewonnen.")
        else:
            head = question.say("The other team won.", "Het andere team heeft gewonnen.")
    else:
        head = f"{ours}."
    reason = question.say(
        f"At the turn limit each team scores its pawns home: {sums}.",
        f"Bij de beurtenlimiet telt elk team zijn pionnen thuis: {sums}.",
    )
    return checked(GAME, question, head, reason, [kb.WINNING, kb.TEAMS], position=position,
                   details=(f"Outcome: {outcome.reason}; scores {outcome.scores}.",))  # fmt: skip


__all__ = ["PHRASES", "STOPPED", "read_turn_limit"]
