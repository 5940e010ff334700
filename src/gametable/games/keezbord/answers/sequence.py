"""A pawn counted from its own start: where one card or a few cards in turn take it, played one
after the other by the referee (Card Meanings; KB-035 the home, KB-060 and KB-061 the 4).

The pawn stands on its own start ("my pawn is on my start", "I just put a pawn on my start
space") or a number of spaces past it ("5 vakken voorbij mijn startvak"); the cards are played on
it in the order named ("a ten and then a nine", "next turn a 4, and the turn after that a 5");
the question asks where it ends or how far it is from its start.  Any other pawn said, or a card
that moves no single pawn forward or back, and the reader stays silent.

>>> from gametable.rulebook.question import Question
>>> read_from_start(Question.read("My pawn is on my start space. I play a ten on it and then a nine. How many spaces has it gone from the start?")).text.split()[0]
'19'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import FORWARD, GAME
from gametable.games.keezbord.answers.hands import card_name
from gametable.games.keezbord.answers.referee import Ruling, Trial, judge, refusal, where
from gametable.games.keezbord.answers.relative_tokens import CLEAR
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

#: cards played one after the other ("and then", "next turn", "the turn after that", "daarna")
SEQUENCE = re.compile(
    r"\b(?:and then|then|next turn|on my next turn|the turn after that|after that|daarna|en dan|"
    r"de volgende beurt|de beurt daarna|volgende beurt)\b"
    r"|\b(?:first|eerst)\b(?=[^.?]*\b(?:then|next turn|daarna|en dan|volgende beurt)\b)"
)
_PAST_START = re.compile(
    r"\b(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|een|twee|drie|vier|vijf|"
    r"zes|zeven|acht|negen|tien) (?:spaces?|steps?|vakken|vakjes|stappen) (?:past|beyond|after|"
    r"ahead of|in front of|voorbij|na) (?:my|its|mijn|zijn) (?:own |eigen )?(?:start\w*|startvak)\b"
)
_ON_START = re.compile(
    r"\b(?:my pawn|mijn pion|it|hij)\b[^.?,]{0,25}\b(?:on|op) (?:my|its|mijn|zijn) (?:own |eigen )?"
    r"(?:start\w*|startvak|beginvak)\b"
    r"|\b(?:put|placed|brought|zette|gezet|neergezet) (?:a|my|een|mijn) (?:pawn|pion) (?:on|op) "
    r"(?:my|mijn) (?:own |eigen )?(?:start\w*|startvak)\b"
)
#: the pawn's place told by its number ("pawn on 2", "my pawn is on space 30"), seat a's board
_ON_SPACE = re.compile(
    r"^(?:my )?(?:only )?pawn(?: is|'s)? (?:on|at) (?:space )?(?P<n>\d{1,2})\b"
    r"|^(?:mijn )?pion staat op (?:vak |vakje )?(?P<m>\d{1,2})\b"
)
#: the phrases of the cards in turn and a pawn's place told, set aside by the guard for them
SEQUENCE_PHRASES = re.compile(
    SEQUENCE.pattern + "|" + _ON_SPACE.pattern.replace("^", r"\b") + r"|\bnext turn\b|" + CLEAR
)
#: the cards played on one pawn, wherever it stands: only how far they take it is asked
_SAME_PAWN = re.compile(r"\b(?:on|with|op|met) (?:the same|one|dezelfde|één) (?:pawn|pion)\b")
#: a where or how-far question after a condition ("If I play a 4 ..., where does it end up?")
_ASKED_AFTER = re.compile(r",\s*(?:where|how many|how far|waar|hoeveel|hoe ver)\b[^,]*\?\s*$")
_OTHERS = re.compile(
    r"\b(opponent|partner|teammate|his|her|their|tegenstander|maat|another player|other player|"
    r"someone|nest|split\w*|verdeel\w*|swap|ruil\w*|hit|slaan|geslagen|pass\w*|over\b)"
)
_ASK_HOW_FAR = re.compile(
    r"\b(?:how many|how far|hoeveel|hoe ver)\b[^.?]*\b(?:spaces?|steps?|vakken|stappen|from|past|"
    r"voorbij|van)\b"
)
_ASK_WHERE = re.compile(
    r"\b(?:where|which space|what space|waar|welk vak)\b|\bwaar (?:komt|staat|eindigt)\b"
)


def read_from_start(question: Question) -> Answer | None:
    """Where the cards named take a pawn that starts on (or a number of spaces past) its own
    start, or how far from its start it ends (see the module docstring)."""
    lower = re.sub(CLEAR, " ", question.lower)  # "(nothing in the way, home empty)": as built
    question = Question.read(lower)
    past = _PAST_START.search(lower)
    on_space = _ON_SPACE.search(lower)
    asks_far, asks_where = _ASK_HOW_FAR.search(lower), _ASK_WHERE.search(lower)
    same = _SAME_PAWN.search(lower) is not None and asks_far is not None and not asks_where
    if not (past or same or on_space or _ON_START.search(lower)) or _OTHERS.search(lower):
        return None
    if on_space and (past or not asks_where or len(re.findall(r"\b\d{2}\b", lower)) > 1):
        return None  # a place told beside another: not this reader's
    if w.says_home(question) or not (asks_far or asks_where):
        return None
    if question.kind == "yesno" and not _ASKED_AFTER.search(lower):
        return None
    cards = w.cards_named(question)
    if not cards or len(cards) > 3 or any(c not in FORWARD and c != "4" for c in cards):
        return None
    if len(w.card_mentions(question)) != len(cards):
        return None  # a card said twice ("a 2 and then a 2"): played twice, not read here
    if len(cards) > 1 and not SEQUENCE.search(lower):
        return None  # two cards, but not said to be played one after the other
    place: int | str = w.value(past.group("n")) if past else 0
    if on_space:
        place = int(on_space.group("n") or on_space.group("m"))
    if not isinstance(place, int) or not 0 <= place < 48:
        return None
    if same and not (past or _ON_START.search(lower)) and "4" in cards:
        return None  # a 4 counted backward from an unknown place: not summed here
    start_place = place
    steps: list[tuple[str, object, object]] = []
    for i, card in enumerate(cards):  # the cards before it are played already
        trial = Trial.of(2, {"a": [place, "N", "N", "N"]}, [card], f"{card} a1", played=cards[:i])
        ruling = judge(trial)
        if not ruling.allowed:
            return _refused(question, card, place, ruling, trial)
        steps.append((card, place, ruling.place_of("a1")))
        place = ruling.place_of("a1")
    if same and not (past or _ON_START.search(lower)):
        return _total(question, steps)
    return _ended(question, start_place, steps, bool(asks_far and not asks_where))


def _total(question: Question, steps: list[tuple[str, object, object]]) -> Answer:
    """The steps the cards take one pawn forward in all, played in turn by the referee (from
    a start space, where nothing stands in the way)."""
    counts = [FORWARD[c] for c, _, _ in steps]
    n = sum(counts)
    head = question.say(f"{n} steps.", f"{n} stappen.")
    summed = " + ".join(str(k) for k in counts)
    reason = question.say(
        "; ".join(f"{card_name(c, 'en')} moves it {FORWARD[c]}" for c, _, _ in steps)
        + f": {summed} = {n}.",
        "; ".join(f"{card_name(c, 'nl')} zet hem {FORWARD[c]} vooruit" for c, _, _ in steps)
        + f": {summed} = {n}.",
    )
    reason = reason[0].upper() + reason[1:]
    position = Trial.of(2, {"a": [0, "N", "N", "N"]}, [c for c, _, _ in steps], "").position
    return checked(GAME, question, head, reason, [kb.CARD_MEANINGS], position=position,
                   details=("Judged in turn from space 0: "
                            + ", ".join(f"{c} a1" for c, _, _ in steps) + ".",))  # fmt: skip


def _ended(
    question: Question, start_place: int, steps: list[tuple[str, object, object]], far: bool
) -> Answer:
    """The reply once every card is played: where the pawn ends, first."""
    end = steps[-1][2]
    said = str(end)
    if said.startswith("H"):
        head = question.say(
            f"It ends in its home, on {said}.", f"Hij komt in zijn honk, op {said}."
        )
    elif int(said) >= 48 and start_place < 48 and any(c == "4" for c, _, _ in steps):
        behind = 64 - int(said)
        head = question.say(
            f"It ends on space {said}, {behind} spaces behind its start.",
            f"Hij komt op vak {said}, {behind} vakken achter zijn startvak.",
        )
    else:
        head = question.say(
            f"{said} spaces past its start (space {said})." if far
            else f"It ends on space {said}, {said} spaces past its start.",
            f"{said} vakken voorbij zijn startvak (vak {said})." if far
            else f"Hij komt op vak {said}, {said} vakken voorbij zijn startvak.",
        )  # fmt: skip
    moves = [
        question.say(
            f"{card_name(c, 'en')} takes it from {where(a, 'en')} to {where(b, 'en')}",
            f"{card_name(c, 'nl')} zet hem van {where(a, 'nl')} naar {where(b, 'nl')}",
        )
        for c, a, b in steps
    ]
    reason = question.say("Counted from its start on space 0: ", "Geteld vanaf zijn startvak 0: ")
    reason += "; ".join(moves) + "."
    position = Trial.of(
        2, {"a": [start_place, "N", "N", "N"]}, [c for c, _, _ in steps], ""
    ).position
    refs = [kb.CARD_MEANINGS] + ([kb.FOUR] if any(c == "4" for c, _, _ in steps) else [])
    return checked(GAME, question, head, reason, [*refs, kb.EXACT_HOME], position=position,
                   details=(f"Judged in turn from space {start_place}: "
                            + ", ".join(f"{c} a1" for c, _, _ in steps) + ".",))  # fmt: skip


def _refused(question: Question, card: str, place: object, ruling: Ruling, trial: Trial) -> Answer:
    head = question.say(
        f"The {card} cannot be played on it from {where(place, 'en')}.",
        f"De {card} kan vanaf {where(place, 'nl')} niet gespeeld worden.",
    )
    if question.kind == "yesno":
        head = f"{yes_no(question, False)} {head}"
    refs = [ruling.rule] if ruling.rule else [kb.CARD_MEANINGS]
    return checked(GAME, question, head, refusal(ruling, question.lang), refs,
                   position=trial.position)  # fmt: skip


#: a pawn taken back by a 4 from its own start: "moved my pawn 4 back from its own start space"
FOUR_BACK = re.compile(
    r"\b(?:(?:after |once |na )?(?:a |the )?(?:4|four) (?:took|takes|moved|brought|has taken) (?:my pawn|it|him) back(?:wards?)?|"
    r"(?:4|four|vier) (?:spaces? |steps? |vakken |stappen )?back(?:wards?)?|back(?:wards?)? "
    r"(?:4|four)|(?:4|vier) (?:vakken |stappen )?(?:terug|achteruit)(?: gezet| gegaan| gelopen)?) "
    r"(?:from|van(?:af)?) (?:my|its|mijn|zijn) (?:own |eigen )?(?:start\w*|startvak)(?: space)?\b"
)
#: the phrases :func:`steps_after_four` reads, set aside by the guard
FOUR_BACK_PHRASES = re.compile(
    FOUR_BACK.pattern + r"|\bhoeveel (?:stappen|vakken) (?:is het )?nog\b"
)
_TO_HOME_END = re.compile(
    r"\b(?:first|last|deepest|final|end|eerste|laatste|achterste|diepste) (?:[\w-]+ ){0,2}"
    r"(?:of |in |van )?(?:my |the |its |mijn |de |zijn )?(?:home|honk|thuishonk)\b"
)


def steps_after_four(question: Question) -> Answer | None:
    """How many steps a pawn that a 4 took back from its own start still needs to its first or
    last home space: the referee plays the 4, then moves the pawn one step at a time (an Ace
    each) until it stands there (KB-060, KB-061, KB-035)."""
    lower = question.lower
    to = _TO_HOME_END.search(lower)
    if not (FOUR_BACK.search(lower) and to and _ASK_HOW_FAR.search(lower)) or _OTHERS.search(lower):
        return None
    target = "H1" if re.match(r"(?:first|eerste)\b", to.group(0)) else "H4"
    ruling = judge(Trial.of(2, {"a": [0, "N", "N", "N"]}, ["4"], "4 a1"))
    if not ruling.allowed:
        return None
    back = ruling.place_of("a1")
    place, n = back, 0
    while str(place) != target and n < 16:
        step = judge(Trial.of(2, {"a": [place, "N", "N", "N"]}, ["A"], "A a1"))
        if not step.allowed:
            return None
        place, n = step.place_of("a1"), n + 1
    if str(place) != target:
        return None
    head = question.say(f"{n} steps.", f"{n} stappen.")
    reason = question.say(
        f"The 4 takes it from its start (space 0) back to space {back}; from there it is "
        f"{n} steps forward to {where(target, 'en')}, since the 4 does not count as a lap.",
        f"De 4 zet hem van zijn startvak (vak 0) terug naar vak {back}; vandaar is het "
        f"{n} stappen vooruit naar {where(target, 'nl')}, want de 4 telt niet als een rondje.",
    )
    return checked(GAME, question, head, reason, [kb.FOUR, kb.EXACT_HOME],
                   position=Trial.of(2, {"a": [back, "N", "N", "N"]}, [], "").position,
                   details=(f"Judged: 4 a1 from space 0, then A a1 {n} times.",), topic="number")  # fmt: skip
