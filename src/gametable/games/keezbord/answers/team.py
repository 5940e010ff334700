"""Playing a card for the partner's pawn, read by its parts (Playing in Teams, KB-072).

The parts, in any order: the table (four players when a partner is named, or the count said),
where my own pawns stand (all home; or counted by place: "one on the track, two in my nest and
one home"; "my last pawn not yet home is 2 spaces before my start; my other three are on home
spaces 2, 3 and 4"), the partner's pawn ("a pawn 20 spaces past his start", "on the track"), the
card played on it (or a 7 split: "2 steps to put my last pawn on home space 1, then 5 for my
partner's pawn") and a yes/no ask.  The position puts every pawn where it is said to stand, the
others in their nests, and the referee judges the play for seat ``a``.  A word left that no part
reads, or my four pawns not all placed, and the reader gives up (``None``).

>>> from gametable.rulebook.question import Question
>>> read_team_play(Question.read("All my pawns are home. My partner has a pawn 10 spaces past his start. Can I play a 9 on his pawn?")).text.split(".")[0]
'Yes'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import FORWARD, partner, start, verdict
from gametable.games.keezbord.answers.referee import Trial, judge
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

_N = r"(\d+|one|two|three|four|een|één|twee|drie|vier)"
_PARTNER = r"(?:my |mijn )?(?:partner|teammate|team ?mate|maat|teamgenoot)(?:'s)?"
#: all my pawns home
_ALL_HOME = re.compile(
    r"\ball (?:four |4 )?(?:of )?my pawns are (?:home|in my home)\b|\bal mijn (?:vier )?pionnen "
    r"(?:zijn|staan) (?:thuis|in mijn (?:thuis)?honk)\b|\ball four of mine are home\b"
)
#: my pawns counted by place: "one pawn on the track", "two in my nest", "one is home"
_COUNTED = re.compile(
    rf"\b{_N} (?:pawns? |pionn?e?n? )?(?:is |are |staat |staan )?(?P<where>on the track|out on the "
    r"track|in my nest|in the nest|(?:in my )?home|thuis|op de baan|in (?:mijn|het) nest)\b"
)
#: my last pawn not home, short of my start, and the others on home spaces
_LAST = re.compile(
    rf"\bmy last pawn (?:not (?:yet )?home )?(?:is |stands )?{_N} (?:spaces? |steps? )?before my "
    r"(?:own )?start\b"
)
_OTHERS_HOME = re.compile(r"\bmy other three are on home spaces ([1-4]), ([1-4]) and ([1-4])\b")
#: the partner's pawn and where it stands
_THEIR_PAWN = re.compile(
    rf"\b{_PARTNER} (?:has|heeft) (?:a|one|een) (?:pawn|pion) (?:(?P<past>\d+) (?:spaces|vakken) "
    r"(?:past|voorbij) (?:his|her|zijn|haar) (?:own |eigen )?start(?:vak| space)?|(?:out )?on the "
    r"track|op de baan)"
)
#: the card played on the partner's pawn, or a 7 split ending on it
_ON_THEIRS = re.compile(
    rf"\b(?:play|use|gebruiken|spelen) (?:my |mijn |a |an |een )?(?P<card>\d+|queen|vrouw|ace|aas)"
    rf"(?: (?:on|to move|voor|op)) (?:{_PARTNER}|his|zijn) (?:pawn|pion)\b"
    rf"(?: instead of my own| in plaats van mijn eigen)?"
    rf"|\b(?:mijn |een )?(?P<kaart>\d+|vrouw|aas) (?:gebruiken|spelen|opgooien) (?:voor|op) "
    rf"(?:{_PARTNER}|zijn) pion\b"
)
_SPLIT = re.compile(
    rf"\bsplit a 7:? {_N} steps? to put my last pawn on home space ([1-4]),? (?:then|and) {_N} "
    rf"steps? for {_PARTNER} pawn\b"
)
_CLEAR = re.compile(
    r"\b(?:with )?(?:a clear run|nothing|niets) (?:ahead|in front of it)(?: for a (?:long )?way)?\b"
    r"|\bwith a clear (?:run|way)(?: ahead)?\b|,? ?de baan is vrij\b|\bdefault rules\b"
)
_FILLER = frozenset(
    [
        "team",
        "game",
        "teams",
        "with",
        "in",
        "players",
        "spelers",
        "can",
        "i",
        "may",
        "mag",
        "ik",
        "could",
        "play",
        "the",
        "a",
        "my",
        "and",
        "is",
        "are",
        "it",
        "of",
        "four",
        "4",
        "6",
        "i've",
        "got",
        "have",
        "heb",
    ]
)
_CARDS = {"queen": "Q", "vrouw": "Q", "ace": "A", "aas": "A"}


def _mine(lower: str) -> tuple[list[Any], str] | None:
    """My four pawns' places, and the text without them; ``None`` when not all four are told."""
    if _ALL_HOME.search(lower):
        return ["H1", "H2", "H3", "H4"], _ALL_HOME.sub(" ", lower)
    last, others = _LAST.search(lower), _OTHERS_HOME.search(lower)
    if last and others:
        homes = [f"H{g}" for g in others.groups()]
        text = _OTHERS_HOME.sub(" ", _LAST.sub(" ", lower))
        return [64 - w.value(last.group(1)), *homes], text
    mine: list[Any] = []
    for m in _COUNTED.finditer(lower):
        where, count = m.group("where"), w.value({"een": "één"}.get(m.group(1), m.group(1)))
        if "nest" in where:
            mine += ["N"] * count
        elif "home" in where or "thuis" in where:
            mine += [f"H{4 - i}" for i in range(count)]
        else:
            mine += [8 + 4 * i for i in range(count)]
    if len(mine) != 4:
        return None
    homes = sorted(p for p in mine if isinstance(p, str) and p.startswith("H"))
    track = [p for p in mine if not isinstance(p, str) or not p.startswith("H")]
    return [*track, *[f"H{4 - i}" for i in range(len(homes))]], _COUNTED.sub(" ", lower)


def read_team_play(question: Question) -> Answer | None:
    """The referee's ruling on a card played for the partner's pawn (see the docstring)."""
    lower = question.lower
    if question.kind != "yesno" or not re.search(_PARTNER, lower):
        return None
    players = w.players_said(question) or 4
    if players not in (4, 6):
        return None
    told = _mine(_CLEAR.sub(" ", lower))
    if told is None:
        return None
    theirs = _THEIR_PAWN.search(lower)  # not said: on the open track, the card played on it
    mine, text = told
    mate = partner(players)
    past = int(theirs.group("past")) if theirs and theirs.group("past") else 6
    spot = (start("abcdef".index(mate), players) + past) % (96 if players == 6 else 64)
    text = _THEIR_PAWN.sub(" ", text)
    action, text = _action(text, mate)
    if action is None:
        return None
    words = re.findall(r"[a-zà-ü0-9']+", re.sub(r"[.,;:?!()]", " ", text))
    if any(x not in _FILLER for x in words):
        return None
    hand = [action.split()[0]]
    trial = Trial.of(players, {"a": mine, mate: [spot, "N", "N", "N"]}, hand, action)
    told_home = _SPLIT.search(lower)
    if told_home is not None:  # the home space the split is said to reach: checked
        ruling = judge(trial)
        if ruling.allowed and ruling.place_of("a1") != f"H{told_home.group(2)}":
            return None
    return verdict(question, trial, [kb.HELP_TEAMMATE, kb.CARD_MEANINGS])


def _action(text: str, mate: str) -> tuple[str | None, str]:
    """The play asked about, in notation, and the text without it."""
    split = _SPLIT.search(text)
    if split is not None:
        first, _, second = (w.value(g) for g in (split.group(1), "1", split.group(3)))
        if first + second != 7:
            return None, text
        return f"7 a1:{first} {mate}1:{second}", _SPLIT.sub(" ", text)
    on = _ON_THEIRS.search(text)
    if on is None:
        return None, text
    said = on.group("card") or on.group("kaart")
    card = _CARDS.get(said, said)
    if card not in FORWARD:
        return None, text
    return f"{card} {mate}1", _ON_THEIRS.sub(" ", text)
