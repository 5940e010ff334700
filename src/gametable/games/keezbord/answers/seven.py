"""Situations about the 7 (one pawn or two, 7 in all) and the duty to play, judged by the referee.

>>> from gametable.rulebook.question import Question
>>> read_seven(Question.read("Can I split a 7 over two pawns, 4 and 3?")).text.split()[0]
'Yes.'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import (
    FORWARD,
    GAME,
    hit_verdict,
    partner,
    rule_of,
    start,
    verdict,
)
from gametable.games.keezbord.answers.referee import Trial, judge, moved, refusal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

# -- the seven ---------------------------------------------------------------------------------------
_PARTS = re.compile(r"\b(\d)\s*(?:steps?|spaces?|stappen|vakken)?\s*(?:and|\+|en|plus)\s*(\d)\b")
_BEFORE_HOME_SHORT = re.compile(
    r"\b(\d)\s*(?:spaces?|steps?|vakken|stappen)\s+(?:before|from|voor)"
    r"|\b(?:using|uses|with|in|needs?|takes?|met|in) (\d)\s*(?:spaces?|steps?|vakken|stappen)\b"
)
#: one part of a split 7 told with the pawn it moves: "4 steps for one pawn", "3 for another",
#: "3 met de andere", "my first pawn moves 3", "the second pawn moves 4"
PART_TOLD = re.compile(
    r"\b(?P<n>[1-6])\s*(?:steps?|spaces?|stappen|vakken)?\s+(?:for|with|w/?|met|voor|on) (?:the |my |de |"
    r"mijn )?(?:one|other|another|first|second|ene|andere|eerste|tweede)\b(?: (?:pawn|pion|one))?"
    r"|\b(?:first|second|other|ene|andere|eerste|tweede) (?:pawn|pion) (?:moves |goes |gaat |loopt )?"
    r"(?P<m>[1-6])\b"
)
_THREE = (
    r"\b(?:three|3|drie) (?:of my |van mijn )?(?:own |eigen )?(?:pawns|pionnen)\b"
    r"|\b[1-6]\s*\+\s*[1-6]\s*\+\s*[1-6]\b"  # three parts told: "3+2+2"
)


def _seven_parts(question: Question) -> tuple[int, int] | None:
    """The two parts of a split 7 the question names ("4 and 3", "4 steps and another 3
    steps"); the steps a last pawn needs to get home and the rest; 4 and 3 when it names no
    number at all; ``None`` when its numbers cannot be read as two parts."""
    lower = question.lower
    if question.matches(r"\b(last pawn|laatste pion)\b"):
        m = _BEFORE_HOME_SHORT.search(lower)
        if m is None or re.search(
            r"\b(no pawns?|geen pion\w*|has no|heeft geen|nest|but|maar)\b", lower
        ):
            return None  # no steps said, or the other pawns said to be where none is built
        first = int(m.group(1) or m.group(2))
        rest = w.PLAYERS.sub(" ", lower[: m.start()] + " " + lower[m.end() :])
        said = {int(n) for n in re.findall(r"\b\d+\b", rest)}
        if not said <= {first, 7 - first, 7}:
            return None  # parts said that are not the last pawn's steps and the rest
        return first, 7 - first
    m = _PARTS.search(lower)
    if m:
        return int(m.group(1)), int(m.group(2))
    told = [int(p.group("n") or p.group("m")) for p in PART_TOLD.finditer(lower)]
    if len(told) == 2:
        return told[0], told[1]
    spaces = w.all_spaces_said(question)
    if len(spaces) == 2:
        return spaces[0], spaces[1]
    if (
        len(spaces) == 1
        and 1 <= spaces[0] <= 6
        and question.matches(r"\b(?:first|eerste) (?:part|deel)\b")
    ):
        return spaces[0], 7 - spaces[0]  # the first part told: the rest of the 7 is the second
    rest = re.sub(r"\b\w+ (?:of my )?(?:own )?(?:pawns|pionnen)\b", "", lower)
    if not [n for n in Question.read(rest).numbers if n != 7]:
        return 4, 3
    return None


#: another player named outright (not "another pawn", which a 7 reads as another of your own)
_OPPONENT = (
    r"\b(opponent'?s?|enemy|another player'?s?|other player'?s?|tegenstanders?|tegenspeler|"
    r"andere speler|his|her|their)\b"
)


def read_seven(question: Question) -> Answer | None:
    """A 7 moves one pawn 7 or two pawns 1 to 6 steps each, 7 in all (KB-056, KB-057)."""
    if "7" not in w.cards_named(question) or w.asks_swap(question) or w.asks_must(question):
        return None
    last = question.matches(r"\b(last pawn|laatste pion)\b")
    if (w.says_home(question) and not last) or question.matches(r"\b(nest|start\w*|startvak)\b"):
        return None  # a pawn near its home, in its nest or on its start: not built here
    if not question.matches(r"\b(split\w*|shar\w*|two pawns|2 pawns|three (?:of my )?(?:own )?pawns|3 pawns|divid\w*|"
                            r"verdel\w*|splits\w*|twee pionnen|drie pionnen|one pawn .* another|"
                            r"een pion .* (?:een )?andere|and another|en een andere|for my "
                            r"partner|voor mijn (?:partner|maat)|other \d steps|remaining steps|rest of the steps|"
                            r"overige stappen|on my partner'?s pawn)\b") and len(
                                PART_TOLD.findall(question.lower)) != 2:  # fmt: skip
        return None
    if question.matches(_THREE):
        trial = Trial.of(2, {"a": [5, 20, 40, "N"]}, ["7"], "7 a1")
        ruling = judge(trial)
        three = [a for a in ruling.legal if a.count(":") > 2]
        reason = question.say(
            f"A 7 moves one pawn all 7 or two pawns with the steps shared out; of the "
            f"{len(ruling.legal)} ways the referee lists with three pawns on the board, "
            f"{len(three)} moves three.",
            f"Een 7 zet één pion 7 vooruit of verdeelt de stappen over twee pionnen; van de "
            f"{len(ruling.legal)} manieren die de scheidsrechter met drie pionnen op het bord "
            f"geeft, beweegt er {len(three)} drie pionnen.",
        )
        return checked(GAME, question, yes_no(question, bool(three)), reason, [kb.SEVEN],
                       position=trial.position)  # fmt: skip
    parts = _seven_parts(question)
    if parts is None:
        return None
    a, b = parts
    if not (0 < a <= 12 and 0 < b <= 12):
        return None
    whose = w.whose_other(question)
    if whose == "partner":
        players = w.players_said(question) or 4
        if players not in (4, 6):
            return None
        other = partner(players)
        ostart = start("abcdef".index(other), players)
        if last:
            track = 16 * players
            pawns = {"a": [track - a, "H2", "H3", "H4"], other: [ostart + 5, "N", "N", "N"]}
        else:
            pawns = {"a": [5, 20, "N", "N"], other: [ostart + 5, "N", "N", "N"]}
        trial = Trial.of(players, pawns, ["7"], f"7 a1:{a} {other}1:{b}")
    elif whose == "opponent" and w.asks_whether_hit(question):
        first = question.matches(r"\b(?:first|eerste) (?:part|half|pawn|deel|pion)\b")
        theirs: list[int | str] = [5 + a, "N", "N", "N"] if first else [5 + a, 20 + b, "N", "N"]
        trial = Trial.of(2, {"a": [5, 20, "N", "N"], "b": theirs}, ["7"], f"7 a1:{a} a2:{b}")
        targets = ["b1"] if first else ["b1", "b2"]
        return hit_verdict(question, trial, targets, [kb.SEVEN, kb.HITTING])
    elif whose == "opponent" and question.matches(_OPPONENT):
        pawns = {"a": [5, "N", "N", "N"], "b": [40, "N", "N", "N"]}
        trial = Trial.of(2, pawns, ["7"], f"7 a1:{a} b1:{b}")
    else:
        trial = Trial.of(2, {"a": [5, 20, "N", "N"]}, ["7"], f"7 a1:{a} a2:{b}")
    return verdict(question, trial, [kb.SEVEN])


def _must_hit_own(question: Question) -> Answer | None:
    """The only play lands on one's own (or a partner's) pawn: it must still be played."""
    whose = w.whose_other(question)
    named = w.cards_named(question)
    card = named[0] if named else "5"
    if card not in FORWARD or card == "7":
        return None
    players = 4 if whose == "partner" else 2
    other = partner(players) if whose == "partner" else "a"
    target = 10 + FORWARD[card]
    pawns = {"a": [10, target, "N", "N"]} if other == "a" else {
        "a": [10, "N", "N", "N"], other: [target, "N", "N", "N"]}  # fmt: skip
    trial = Trial.of(players, pawns, [card], "hand in")
    ruling = judge(trial)
    pawn = "a2" if other == "a" else f"{other}1"
    reason = question.say(
        f"The only play, the {card} on a1, lands on {pawn} and sends it to its nest, and a card "
        "that can be played must be played.",
        f"De enige zet, de {card} met a1, komt op {pawn} en slaat die terug naar het nest, en een "
        "kaart die je kunt spelen moet je spelen.",
    )
    return checked(GAME, question, yes_no(question, not ruling.allowed), reason,
                   rule_of(ruling, [kb.MUST_PLAY]), position=trial.position)  # fmt: skip


#: the only play said to hit the asker's own pawn, and the turn asked to be skipped
ONLY_PLAY_HITS_OWN = re.compile(
    r"\b(?:the )?only (?:card|play|move) (?:that )?i (?:can|could) (?:play|make) (?:would|will|is going to) "
    r"(?:knock|hit|send|take)\w* (?:out |off |back )?(?:my own|one of my own|my other) pawn"
    r"(?: (?:off|out|back|home))?"
    r"|\b(?:de )?enige (?:kaart|zet) die ik (?:kan|kon) (?:spelen|doen) (?:zou|slaat) (?:mijn eigen|mijn "
    r"andere) pion(?: slaan)?"
)
SKIP_PHRASES = re.compile(
    ONLY_PLAY_HITS_OWN.pattern
    + r"|\b(?:can|may|could) i (?:just |simply )?(?:skip|pass)(?: (?:my|this|the) turn)?\b"
    r"|\b(?:can|may|could) i (?:just |simply )?hand (?:it|them|my cards) in(?: instead)?\b"
    r"|\b(?:mag|kan) ik (?:dan )?(?:gewoon )?(?:mijn beurt overslaan|passen|inleveren)\b"
)


def read_skip_hits_own(question: Question) -> Answer | None:
    """The only card that can be played hits one's own pawn: the turn may not be skipped, the
    card must be played (KB-023, KB-024).  Seat ``a``'s pawns stand one card's steps apart."""
    if not ONLY_PLAY_HITS_OWN.search(question.lower) or not w.asks_hand_in(question):
        return None
    named = [c for c in w.cards_named(question) if c in FORWARD and c != "7"]
    card = named[0] if len(named) == 1 else "5" if not w.cards_named(question) else None
    if card is None:
        return None
    trial = Trial.of(2, {"a": [10, 10 + FORWARD[card], "N", "N"]}, [card], "hand in")
    ruling = judge(trial)
    plays = [a for a in ruling.legal if a != "hand in"]
    if ruling.allowed or not plays:
        return None
    shown = judge(Trial(trial.position, plays[0]))
    reason = question.say(
        f"A card you can play must be played, even when it hits your own pawn: {moved(shown, 'en')}",
        f"Een kaart die je kunt spelen moet je spelen, ook als je eigen pion geslagen wordt: "
        f"{moved(shown, 'nl')}",
    )
    return checked(GAME, question, yes_no(question, False), reason,
                   rule_of(ruling, [kb.MUST_PLAY]), position=trial.position,
                   details=(f"Legal for seat a: {', '.join(ruling.legal)}.",))  # fmt: skip


# -- must play, handing in ---------------------------------------------------------------------------
def read_must_play(question: Question) -> Answer | None:
    """You must play a card if you can, even if it hits your own pawn (KB-023, KB-024); only
    when none can be played do you hand in your cards (KB-026, KB-027)."""
    own_hit = w.asks_hit(question) and w.whose_other(question) in ("own", "partner")
    if own_hit and w.asks_must(question) and not w.asks_whether_hit(question):
        return _must_hit_own(question)
    if not w.asks_hand_in(question):
        return None
    none_out = question.matches(
        r"\b(no pawns? (?:on the board|in play|out)|all (?:my )?pawns (?:are )?in (?:my|the) nest|"
        r"geen pionnen? op het bord|alle pionnen in het nest)\b"
    )
    no_placer = question.matches(r"\b(no (?:ace|king|placement card)|geen (?:aas|heer|koning))\b")
    if none_out and no_placer:
        trial = Trial.of(2, {}, ["5", "8", "Q"], "hand in")
    elif question.matches(
        r"\b(could|can still|still can|kan nog|wel kan|i can play|could play|skip my turn|"
        r"pass my turn|beurt overslaan)\b"
    ):
        trial = Trial.of(2, {"a": [10, "N", "N", "N"]}, ["5", "8"], "hand in")
    else:
        return None
    ruling = judge(trial)
    if ruling.allowed:
        reason = question.say(
            "No card in the hand can be played, so all the cards go onto the pile and you wait "
            "for the next deal.",
            "Geen kaart uit je hand kan gespeeld worden, dus je legt alle kaarten op de stapel en "
            "wacht op de volgende ronde.",
        )
        refs = [kb.HAND_IN, kb.MUST_PLAY]
    else:
        reason = refusal(ruling, question.lang)
        refs = rule_of(ruling, [kb.MUST_PLAY])
    return checked(GAME, question, yes_no(question, ruling.allowed), reason, refs,
                   position=trial.position)  # fmt: skip


_REST = re.compile(
    r"\b(?:how many|how far|hoeveel|hoe ver)\b[^?]*\b(?:other|second|rest|andere|tweede|overige)\b"
)


#: the words of a 7's first part told and its second asked, set aside for the guard
REST_PHRASES = re.compile(
    r"\b(?:how many|how far|hoeveel|hoe ver)\b[^?]*\b(?:other|second|rest|andere|tweede|overige)\b"
    r"(?: (?:one|pawn|pion))?|\b(?:my |mijn |de |the )?(?:first|eerste) (?:pawn|pion|one|part|deel)\b"
    r"|\b(?:dan|then)\b|\bsplit\w*|\bverdee?l\w*"
)
REST = _REST


def read_seven_rest(question: Question) -> Answer | None:
    """The second part of a split 7 once the first is given: 7 less the first, each part 1 to
    6 steps (KB-056, KB-057); the referee plays the split to confirm it."""
    if "7" not in w.cards_named(question) or not _REST.search(question.lower):
        return None
    unlabelled = re.sub(
        r"\b(?:pawn|pion) [1-4](?=,? (?:moves|goes|gaat|loopt)\b)", " ", question.lower
    )  # "pawn 1" names it
    said = [int(n) for n in re.findall(r"\b\d+\b", unlabelled) if n != "7"]
    if len(said) != 1 or not 1 <= said[0] <= 6:
        return None
    first = said[0]
    rest = 7 - first
    trial = Trial.of(2, {"a": [5, 20, "N", "N"]}, ["7"], f"7 a1:{first} a2:{rest}")
    if not judge(trial).allowed:
        return None
    head = question.say(
        f"{rest} {'step' if rest == 1 else 'steps'}.",
        f"{rest} {'stap' if rest == 1 else 'stappen'}.",
    )
    reason = question.say(
        f"A split 7 uses all 7 steps over two pawns: 7 - {first} = {rest}.",
        f"Een gesplitste 7 gebruikt alle 7 stappen over twee pionnen: 7 - {first} = {rest}.",
    )
    return checked(GAME, question, head, reason, [kb.SEVEN], position=trial.position,
                   topic="number")  # fmt: skip
