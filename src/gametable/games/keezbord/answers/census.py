"""A King asked about with my pawns counted by place, read by parts (and a hand of number cards
with no pawn out): "three of my pawns are on
the track and one is home, my only card is a King: can I play it?".

The parts: the table (players said, or four when a partner or a team is named), my pawns
counted where they stand (on the track or the board, in the home, in the nest; "all four are
out" and "my nest is empty" say the nest holds none), the one card held (a King) and the ask
(may it be played, may it bring out my partner's pawn).  The counts must add up to four pawns.
The position puts my track pawns apart on the open track and my home pawns from the last home
space down; the referee's legal actions say whether the King can be played.  A word left that
no part reads, and the reader gives up (``None``).

>>> from gametable.rulebook.question import Question
>>> read_census(Question.read("Three of my pawns are on the track and one is home. My only card is a King. Can I play it?")).text.split(".")[0]
'No'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import GAME
from gametable.games.keezbord.answers.rankfacts import RANKS
from gametable.games.keezbord.answers.referee import Trial, judge, refusal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

_N = r"(\d|one|two|three|four|een|één|twee|drie|vier|all four|alle vier)"
_PLACES = {
    "track": r"(?:on the (?:open )?(?:track|board)|op (?:de baan|het bord)|out on the (?:track|board))",
    "home": r"(?:(?:are |is )?(?:in )?(?:my |the |mijn |de )?(?:home|thuishonk|honk)|(?:are|is) home)",
    "nest": r"(?:in (?:my |the |het |mijn )?nest)",
}
#: "three of my pawns are on the track", "one is home", "drie op de baan", "één in de thuishonk"
_COUNTED = re.compile(
    rf"\b{_N} (?:of my |van mijn )?(?:pawns? |pionn?e?n? )?(?:are |is |zijn |staan |staat |sit )?(?:still |nog )?"
    rf"(?P<place>{'|'.join(f'(?P<{k}>{v})' for k, v in _PLACES.items())})"
)
_NEST_EMPTY = re.compile(
    r"\b(?:my|mijn) nest is (?:empty|leeg)\b|\bnone (?:are )?left (?:in my nest|to bring out)\b"
    r"|\ball (?:four )?(?:of )?my pawns are out\b|\bal mijn pionnen zijn uit het nest\b"
    r"|\bgeen pionnen? meer in (?:mijn|het) nest\b"
)
_KING_HELD = re.compile(
    r"\b(?:my only card is|i only (?:hold|have)|i hold just|i have just|i hold only|ik heb alleen|"
    r"mijn enige kaart is|(?:can|may) i play|mag ik|kan ik) (?:a |an |een |the |de |my |mijn )?"
    r"(?:king|heer|koning)\b"
)
_PARTNER = re.compile(r"\b(?:partner|teammate|team ?mate|maat|teamgenoot)(?:'s)?\b")
_ASK = re.compile(r"\b(?:can|may|could|mag|kan) (?:i|ik|my king)\b|\bplayable\b|\bspeelbaar\b")
_FILLER = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "en",
        "so",
        "because",
        "but",
        "i",
        "ik",
        "my",
        "mijn",
        "it",
        "is",
        "are",
        "of",
        "van",
        "die",
        "dat",
        "can",
        "may",
        "could",
        "mag",
        "kan",
        "play",
        "playing",
        "spelen",
        "speel",
        "played",
        "it's",
        "king",
        "heer",
        "koning",
        "card",
        "kaart",
        "only",
        "alleen",
        "just",
        "hold",
        "have",
        "heb",
        "game",
        "two-player",
        "player",
        "players",
        "spelers",
        "with",
        "met",
        "four",
        "vier",
        "4",
        "2",
        "two",
        "twee",
        "none",
        "left",
        "to",
        "bring",
        "out",
        "onto",
        "put",
        "board",
        "pawn",
        "pawns",
        "pion",
        "pionnen",
        "one",
        "een",
        "één",
        "use",
        "the",
        "partner's",
        "partner",
        "team",
        "teammate",
        "maat",
        "teamgenoot",
        "mijn",
        "zijn",
        "of",
        "bord",
        "op",
        "het",
        "uit",
        "of",
        "nest",
        "empty",
        "leeg",
        "all",
        "al",
        "are",
        "zijn",
        "then",
        "dan",
        "now",
        "nu",
        "still",
        "nog",
        "game",
        "team",
        "on",
        "in",
    ]
)


def _count(word: str) -> int:
    return 4 if word.startswith(("all", "alle")) else w.value({"een": "één"}.get(word, word))


def read_census(question: Question) -> Answer | None:
    """Whether the King held can be played, my pawns counted by place (see the docstring)."""
    lower = question.lower
    if not _KING_HELD.search(lower) or not _ASK.search(lower):
        return None
    counts = {"track": 0, "home": 0, "nest": 0}
    for m in _COUNTED.finditer(lower):
        place = next(k for k in counts if m.group(k))
        counts[place] += _count(m.group(1))
    rest = _COUNTED.sub(" ", lower)
    nest_empty = _NEST_EMPTY.search(rest) is not None
    rest = _KING_HELD.sub(" ", _NEST_EMPTY.sub(" ", rest))
    out = counts["track"] + counts["home"]
    if nest_empty:
        if counts["nest"] or out not in (0, 4):
            return None
        if out == 0:
            return None  # where the four pawns stand is not told
    elif out + counts["nest"] != 4:
        return None
    counts["nest"] = 4 - out
    partner = _PARTNER.search(lower) is not None
    players = w.players_stated(question) or (4 if partner else 2)
    words = re.findall(r"[a-zà-ü0-9'-]+", _ASK.sub(" ", rest))
    if any(x not in _FILLER for x in words) or players not in (2, 4, 6):
        return None
    return _judge(question, counts, players, partner)


def _judge(
    question: Question, counts: dict[str, int], players: int, partner: bool
) -> Answer | None:
    track = [5, 9, 21, 25][: counts["track"]]  # apart, clear of every start (0, 16, 32, 48)
    home = [f"H{4 - i}" for i in range(counts["home"])]
    mine: list[Any] = [*track, *home] + ["N"] * counts["nest"]
    position = {"game": GAME, "players": players, "pawns": {"a": mine}, "hands": {"a": ["K"]},
                "to_move": 0}  # fmt: skip
    trial = Trial(position, "K place")
    ruling = judge(trial)
    kings = [a for a in ruling.legal if a.startswith("K")]
    if partner and kings:
        return None  # which pawn a King places for a partner: not this reader's to say
    allowed = bool(kings)
    reason = (
        refusal(ruling, question.lang)
        if not kings
        else question.say(
            f"The referee allows: {', '.join(kings)}.",
            f"De scheidsrechter staat toe: {', '.join(kings)}.",
        )
    )
    return checked(GAME, question, yes_no(question, allowed), reason,
                   [kb.KING_NO_PAWN, kb.KING, kb.HELP_TEAMMATE], position=position,
                   details=(f"Judged: the King's plays for seat a: {', '.join(kings) or 'none'}.",))  # fmt: skip


#: no pawn of mine out of the nest, said in several ways
_NONE_OUT = re.compile(
    r"\b(?:i have )?no pawns? (?:in play|on the board|out)\b|\bnothing of mine is on the board\b"
    r"|\ball (?:of )?my pawns are (?:still )?in the nest\b|\bmijn pionnen staan allemaal (?:nog )?"
    r"in het nest\b|\bal mijn pionnen staan (?:nog )?in het nest\b|\bgeen pionnen (?:in het spel|"
    r"op het bord)\b"
)
#: a hand of number cards only, none named
_NUMBER_HAND = re.compile(
    r"\b(?:only|just)(?: have| hold)? number cards(?: in my hand)?\b|\bmy hand is all number cards\b"
    r"|\balleen (?:getallen|cijfer|nummer)kaarten\b|\bnumber cards only\b"
)
#: the hand kept back for later is asked about
_KEEP = re.compile(
    r"\b(?:keep|hold on to|save|bewaren|houden)\b(?: (?:those|these|the|my|them|ze|die)\b ?(?:cards)?)?"
)
_KEEP_FILLER = frozenset(
    [
        "i",
        "ik",
        "do",
        "can",
        "may",
        "mag",
        "kan",
        "and",
        "en",
        "for",
        "later",
        "when",
        "get",
        "a",
        "pawn",
        "out",
        "it",
        "them",
        "ze",
        "those",
        "cards",
        "the",
        "my",
        "mijn",
        "in",
        "hand",
        "heb",
        "have",
        "has",
        "hold",
        "only",
        "alleen",
        "just",
        "is",
    ]
)


def read_number_hand(question: Question) -> Answer | None:
    """Whether a hand of number cards may be kept with no pawn out: the referee's legal
    actions for every number card, one by one, are only to hand in (KB-025 to KB-027)."""
    lower = question.lower
    if not (_NONE_OUT.search(lower) and _NUMBER_HAND.search(lower) and _KEEP.search(lower)):
        return None
    rest = _KEEP.sub(" ", _NUMBER_HAND.sub(" ", _NONE_OUT.sub(" ", lower)))
    if any(x not in _KEEP_FILLER for x in re.findall(r"[a-zà-ü0-9'-]+", rest)):
        return None
    numbers = [r for r in RANKS if r.isdigit()]
    position = {"game": GAME, "players": 2, "pawns": {}, "hands": {"a": numbers[:5]},
                "to_move": 0}  # fmt: skip
    for rank in numbers:
        single = Trial({**position, "hands": {"a": [rank]}}, "").state()
        if [str(a) for a in single.legal_actions(0)] != ["hand in"]:
            return None
    reason = question.say(
        "With no pawn out, no number card can be played (only an Ace or a King brings a pawn "
        "out), so you hand in all your cards on the pile in the middle and wait for the next deal.",
        "Zonder pion op het bord kun je geen getallenkaart spelen (alleen een Aas of een Heer zet "
        "een pion op het bord), dus je levert al je kaarten in op de stapel in het midden en "
        "wacht op de volgende deling.",
    )
    return checked(GAME, question, yes_no(question, False), reason,
                   [kb.HAND_IN, kb.MUST_PLAY, kb.PLACEMENT], position=position,
                   details=(f"Judged: the only legal play with each of {', '.join(numbers)} is "
                            "to hand in.",))  # fmt: skip
