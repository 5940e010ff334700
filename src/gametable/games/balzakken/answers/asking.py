"""What a Balzakken question asks for, when the shared reading says "other".

A situation is often told first and asked last ("I call with 5. My neighbour holds 9. Was my
BALZAK! good?"), or asked in table talk ("Scores please", "wat schrijven we op?", "good call or
not?").  The shared :func:`~gametable.rulebook.question.kind_of` reads the whole text; here the
last sentence is read again, and a few ways players ask for the score or for a verdict are
known.  The readers then see the question with that kind.

>>> kind_asked(Question.read("I call with 5. Ann has 9. Was my BALZAK! good?"))
'yesno'
>>> kind_asked(Question.read("I call with 5. Ann has 9. Good or false?"))
'what'
>>> kind_asked(Question.read("Anna calls with 5, Ben has 5. Scores please"))
'number'
>>> kind_asked(Question.read("Both of us have 0 and I call BALZAK!. Good call or not?"))
'yesno'
>>> kind_asked(Question.read("after i play the lul do i draw a card"))
'yesno'
>>> kind_asked(Question.read("i got 3 points and de lul can i yell balzak??"))
'yesno'
"""

from __future__ import annotations

import re
from dataclasses import replace

from gametable.games.balzakken.answers.vocab import ASKED_WHETHER
from gametable.rulebook.question import Question, kind_of

#: the sentences of a question: split after a full stop, a semicolon, a question mark or an
#: exclamation mark that is not the call's own ("BALZAK!")
_SENTENCES = re.compile(r"(?<=[.;?])\s+(?=\S)|(?<!balzak!)(?<=!)\s+(?=\S)")
#: table talk asking what everyone writes down
_SCORES = re.compile(
    r"\b(?:scores? please|who writes what|who gets what|what do we (?:all )?(?:get|write)|"
    r"wat schrijven (?:we|jullie|de anderen|de andere spelers)(?: op)?|wie schrijft wat|"
    r"wat krijgen we|what do the others (?:write|score|get)|scores\?*$|"
    r"what(?:'s| is| was) the (?:result|outcome|score|scoring)|what gets (?:written|scored)|"
    r"what (?:do|does) (?:every ?(?:one|body)|each (?:player|of us)) (?:get|write|score)|"
    r"wat is de (?:uitslag|score|uitkomst)|wat wordt er (?:op)?geschreven|"
    r"(?:the )?damage\?*$|how bad(?: is it)?\?*$|"
    r"^(?:and )?(?:my |mijn |the |de )?(?:new |nieuwe )?(?:points|score|punten|total|totaal|"
    r"stand)\?*$)"
)
#: a question opening with a verb that asks for yes or no
_AUXILIARY = re.compile(r"^(?:does|do|did|is|are|can|may|must|should|will|mag|moet|kan|is)\b")
#: a yes/no question told after a clause that sets the scene ("When I play the Lul, do I draw?",
#: "after i play de lul do i draw a card", "als ik De Lul speel, trek ik dan?")
_CLAUSE_ASKS = re.compile(
    r"^(?:when|after|if|once|as soon as|als|wanneer|nadat|zodra)\b[^?]*?(?:,\s*|\s)"
    r"(?:do|does|did|can|may|must|should|will|is|are|mag|moet|kan|krijg|trek|mogen|moeten)\s+"
    r"(?:i|you|he|she|we|they|it|the|my|his|her|that|this|those|these|ik|je|jij|hij|zij|we|"
    r"de|het)\b"
)
#: a yes/no question texted after the scene without a stop ("i got 3 points and de lul can i
#: yell balzak??"): the asking verb and its subject, not after a question word ("what can I do?")
_TAIL_ASKS = re.compile(
    r"(?<!\bwhat )(?<!\bhow )(?<!\bwat )(?<!\bhoe )(?<!\bwaar )"
    r"\b(?:can|may|could|must|mag|kan|moet) (?:i|ik|we|he|hij)\b[^.?!]*\?+\s*$"
)
#: asking whether something is so ("klopt het dat ...?", "is it true that ...?")
_TRUE = re.compile(r"\b(?:klopt het|klopt dat|is it true|is that right|am i right)\b")
#: asking for a verdict without a verb first ("good call or not?", "goed of fout?")
VERDICT_ASKED = re.compile(
    r"\b(?:good|false|valid|right|wrong|allowed|legal|ok|okay|goed|fout|vals|geldig|toegestaan|"
    r"oke|oké)(?: (?:call|balzak|roep))?"
    r"(?:,)? (?:or|of) (?:a |an |een )?(?:not|false|good|bad|niet|fout|goed|vals)\b"
)


#: asking which of the two kinds a call was ("good or false?", "goed of vals?"): a what-question,
#: answered with the kind, not with yes or no
CHOICE_ASKED = re.compile(
    r"\b(?:good|goed|goede) (?:call |balzak!? |roep )?(?:or|of) (?:a |an |een )?(?:false|bad|"
    r"vals|valse|fout|foute)\b|\b(?:false|vals|valse|fout|foute) (?:call |balzak!? |roep )?(?:or|of) "
    r"(?:a |an |een )?(?:good|goed|goede)\b"
)


#: a clause asking whether the asker may, beside another question ("May I discard both, and
#: how many cards do I draw back?", "How many do I get back, and can I take the top card?")
MAY_TOO = re.compile(
    r"(?:^|[.?!;,]\s*|\b(?:and|en)\s+)(?:may|can|could|mag|kan|kun|mogen) (?:i|ik|we|you|je)\b|"
    r"\b(?:am i|is it|is that) allowed\b"
)


#: a scene set with "what if", then a yes/no clause of its own ("..., do I have to ...?")
_WHAT_IF_THEN_ASKS = re.compile(
    r"\bwhat if\b[^?]*[,;]\s*(?:so |then |and )?(?:do|does|can|could|may|must|should|is|are|"
    r"am|will|would|have)\s+(?:i|you|we|he|she|they|it|the|my)\b[^,;]*\?\W*$"
)
#: someone else's question reported ("asks whether ...", "vraagt of ...")
_REPORTED = re.compile(
    r"\b(?:asks?|asked|wonders?|wondered|wants? to know|want to know|is asking) (?:me )?"
    r"(?:whether|if)\b|\bvraagt (?:zich af )?of\b|\bwil weten of\b"
)
#: a place guessed after a where-question ("..., just on the discard pile?", "op de stapel?")
_PLACE_GUESSED = re.compile(
    r"^(?:where|waar)\b[^?]*,\s*(?:just |simply |gewoon |dus |then |dan )?(?:on|onto|in|op|in)\s+"
    r"(?:the |de |het )?[\w-]+(?: [\w-]+)?\s*\?\W*$"
)


def asks_yes_no(question: Question) -> bool:
    """Whether ``question`` asks yes or no although the shared reading says otherwise."""
    if question.kind == "yesno":
        return False
    lower = question.lower.strip()
    return bool(
        _WHAT_IF_THEN_ASKS.search(lower) or _REPORTED.search(lower) or _PLACE_GUESSED.search(lower)
    )


def kind_asked(question: Question) -> str:
    """The kind of reply ``question`` asks for: the shared reading, or when that is "other",
    the kind of its last sentence or of the table talk it uses."""
    if "balzak!" in question.lower:  # the call's "!" ends no sentence
        fixed = Question.read(re.sub(r"(?i)\bbalzak!(?=\s*\w)", "BALZAK", question.text))
        if fixed.kind in ("number", "what"):  # "how much does a false BALZAK! cost?"
            question = replace(question, kind=fixed.kind)
    if CHOICE_ASKED.search(question.lower):
        return "what"  # "Good or false?": the kind of call
    if question.kind == "what" and _AUXILIARY.match(question.lower):
        return "yesno"  # "Does the player who plays The Lul draw?": not "who plays"
    last = _SENTENCES.split(question.lower.strip())[-1]
    if (_SCORES.search(question.lower) or _SCORES.search(last)) and not _AUXILIARY.match(last):
        return "number"  # "Anna calls with 5, Ben has 5. Scores please", "... New score?"
    if asks_yes_no(question):
        return "yesno"  # "but what if I hold two Swingers, can I play both?"
    if question.kind != "other":
        return question.kind
    if VERDICT_ASKED.search(question.lower):
        return "yesno"
    if _TRUE.search(question.lower):
        return "yesno"
    plain = re.sub(r"\bbalzak!+", "balzak", question.lower)  # the call's "!" ends nothing
    if _CLAUSE_ASKS.search(plain) or _TAIL_ASKS.search(plain):
        return "yesno"
    if _SCORES.search(question.lower):
        return "number"
    last = _SENTENCES.split(question.lower.strip())[-1]
    if ASKED_WHETHER.search(last):
        return "yesno"  # "schrijf ik dan -1 op?"
    if _SCORES.search(last):
        return "number"  # "... a good balzak. My points?"
    return kind_of(last)


def with_kind(question: Question) -> Question:
    """``question`` with the kind :func:`kind_asked` reads."""
    kind = kind_asked(question)
    return question if kind == question.kind else replace(question, kind=kind)
