"""What one card does, read from the referee's own legal plays (Card Meanings, KB-049 to KB-061).

A question about one card alone ("what does the quen do", "wat mag ik met een Heer doen",
"queen = 12?", "kan de Heer ook een pion moven?", "what's so special about the 4"), with words
around it that ask nothing ("Opa, ...", "... again", "... ook alweer", a short tag naming the
same card) is answered from the plays the engine allows
with that card on a board built for it: two of the asker's pawns on the track (spaces 20 and
10), two in the nest, an opponent's pawn on space 40.  The card's name may be misspelt (the
fuzzy card lexicon of :mod:`.words` reads it).

>>> from gametable.rulebook.question import Question
>>> card_meaning(Question.read("what does the quen do")).text
'The Queen moves a pawn 12 spaces forward.'
>>> card_meaning(Question.read("kan de Heer ook een pion moven?")).text.split()[0]
'Nee.'
"""

from __future__ import annotations

import re
from dataclasses import replace

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import GAME
from gametable.games.keezbord.answers.hands import card_name
from gametable.games.keezbord.answers.referee import Trial, judge
from gametable.games.keezbord.cards import parse_card
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

#: "what does the X do", "what is the X for", "wat doet de X", "wat mag ik met een X (doen)"
_WHAT_DOES = re.compile(
    r"^(?:so |and )?(?:what|wat) (?:does|do|doet|is|can|kan|mag|kun|could)\b(?: (?:i|ik|you|je|"
    r"one))?(?: (?:do|doen))?(?: (?:with|met))? (?:the|a|an|my|de|het|een|mijn) (?P<card>[\w']+)"
    r"(?: card| kaart)?(?: (?:do|doen|mean|betekenen|for|voor))?\s*\??$"
)
#: "what's the point of the 4 card", "een Heer, wat kan ik daarmee?", "waar is de Boer voor?"
_POINT = re.compile(
    r"^(?:what'?s|whats|what is) (?:the )?(?:point|use|purpose|job) of (?:the|a|an) (?P<card>[\w']+)"
    r"(?: card)?\s*\??$"
    r"|^(?:the |a |an |de |een )?(?P<card2>[\w']+)(?: card| kaart)?,? (?:what can i do with (?:it|that)|"
    r"what(?:'s| is) (?:it|that) for|what does (?:it|that) do|wat kan ik (?:daar|er)mee(?: doen)?|"
    r"wat doet (?:die|dat|hij)|waar is (?:die|dat|hij) voor)\s*\??$"
    r"|^waar (?:is|dient) (?:de|een) (?P<card3>[\w']+)(?: kaart)? voor\s*\??$"
)
#: "what's so special about the 4", "wat is er bijzonder aan de zeven"
_SPECIAL = re.compile(
    r"^(?:what'?s|whats|what is|wat is) (?:er )?(?:so |zo )?(?:special|different|bijzonder|anders)"
    r" (?:about|with|aan|met) (?:the|a|an|de|het|een) (?P<card>[\w']+)(?: card| kaart)?\s*\??$"
)
#: words around the question that ask nothing: a name called, a filler, "again", "ook alweer"
_OPENING = re.compile(
    r"^(?:(?:opa|oma|mam|pap|hey|hi|so|and|but|ok|okay|um|uh|en|maar|nou|zeg|remind me|quick "
    r"question|vraagje|even)\b[,!:]?\s*)+"
)
_TRAILING = re.compile(
    r"\s*,?\s*\b(?:again|ook alweer|alweer|eigenlijk|precies|exactly|nou|once more|nog eens|"
    r"(?:bij|in) (?:keezbord|keezen|dit spel)|in (?:keezbord|this game))\b"
    r"(?=\s*\??\s*$)"
)
#: a short tag after the question ("Is that the king?"): at most six words
_TAG = re.compile(r"^(?P<asked>[^?]+\?)\s*(?P<tag>(?:\S+\s*){1,6}\??)\s*$")


def _core(question: Question) -> str:
    """The question with the words around it that ask nothing set aside, and a short tag after
    it dropped when the tag names no card other than the one asked about."""
    lower = _TRAILING.sub("", _OPENING.sub("", question.lower.strip()))
    tag = _TAG.match(lower)
    if tag is not None:
        asked = w.cards_named(Question.read(tag.group("asked")))
        if set(w.cards_named(Question.read(tag.group("tag")))) <= set(asked):
            lower = _TRAILING.sub("", tag.group("asked").strip())
    return lower


#: "queen = 12?", "is the queen 12?", "queen is 12 steps?"
_EQUALS = re.compile(
    r"^(?:is )?(?:the |a |de |een )?(?P<card>[\w']+)(?: card)?\s*(?:=|is|equals|means|moves|zet"
    r"|gaat)\s*(?P<n>\d{1,2})(?: (?:steps|spaces|stappen|vakken))?\s*\??$"
)
#: "can the X also move a pawn", "kan de X ook een pion moven/lopen/vooruit"
_ALSO_MOVES = re.compile(
    r"^(?:can|may|does|kan|mag)\b (?:the|a|an|de|een|je met (?:de|een)) (?P<card>[\w']+)(?: card| "
    r"kaart)? (?:also |ook )?(?:(?:a|een) (?:pawn|pion) )?(?:move|moven|lopen|vooruit(?:zetten)?|"
    r"verzetten|zetten|go forward)(?: (?:a|een) (?:pawn|pion))?(?: forward| ahead| vooruit)?\s*\??$"
)
_BOARD = {"a": [20, 10, "N", "N"], "b": [40, "N", "N", "N"]}


def _plays(card: str) -> tuple[Trial, list[str]]:
    trial = Trial.of(2, _BOARD, [card], "")
    return trial, [str(a) for a in trial.state().legal_actions(0) if str(a).split()[0] == card]


def _effects(card: str, plays: list[str], lang: str) -> list[str]:
    """What the plays with ``card`` do, in words: placing, a move forward or back, a swap."""
    out = []
    if f"{card} place" in plays:
        out.append("zet een pion uit je nest op je startvak" if lang == "nl"
                   else "places a pawn from your nest on your start space")  # fmt: skip
    if f"{card} a1" in plays:
        ruling = judge(Trial(Trial.of(2, _BOARD, [card], "").position, f"{card} a1"))
        end = ruling.place_of("a1") if ruling.allowed else 20
        n, back = abs(int(end) - 20), int(end) < 20
        if lang == "nl":
            out.append(f"zet een pion {n} {'vak' if n == 1 else 'vakken'} "
                       f"{'achteruit' if back else 'vooruit'}")  # fmt: skip
        else:
            out.append(f"moves a pawn {n} {'space' if n == 1 else 'spaces'} "
                       f"{'backward' if back else 'forward'}")  # fmt: skip
    if any(":" in p for p in plays):
        out.append("of verdeelt die stappen over twee pionnen" if lang == "nl"
                   else "or splits those steps over two pawns")  # fmt: skip
    if any(len(p.split()) == 3 and ":" not in p for p in plays):
        out.append("ruilt een van je pionnen met een pion van een ander" if lang == "nl"
                   else "swaps one of your pawns with another player's pawn")  # fmt: skip
    return out


def _sentence(card: str, effects: list[str], lang: str) -> str:
    joined = (" of " if lang == "nl" else " or ").join(
        e for e in effects if not e.startswith(("or ", "of "))
    )
    split = next((e for e in effects if e.startswith(("or ", "of "))), "")
    name = card_name(card, lang)
    return f"{name[0].upper()}{name[1:]} {joined}{', ' + split if split else ''}."


#: a second ask beside "what does it do": whether it moves a pawn
_ALSO_ASKED_MOVE = re.compile(
    r"[.?!]\s*(?:and )?(?:does|can|will|kan|mag) (?:it|hij|die|that card) (?:also |ook )?(?:move|"
    r"verzet\w*|bewegen|vooruit)"
)


#: a second card asked after the first: "what does the queen do? and the king?", "wat doet de
#: vrouw? en de heer?"
_AND_THEN = re.compile(
    r"^(?P<first>.+?\?)\s*(?:and|en|what about|and what about|en wat doet) (?:the |a |an |de |een )?"
    r"(?P<second>[\w']+)(?: card| kaart)?\s*\??$"
)


def card_meaning(question: Question) -> Answer | None:
    """What the card the question names does (each of two, when a second is asked after the
    first), or whether it moves as asked (see the module docstring)."""
    both = _AND_THEN.match(question.lower.strip())
    if both is not None:
        return _two_cards(question, both.group("first"), both.group("second"))
    return _one_card(question)


def _two_cards(question: Question, first: str, second: str) -> Answer | None:
    """Both cards' meanings, each read as its own question; ``None`` unless both are read."""
    again = question.say(f"what does the {second} do?", f"wat doet de {second}?")
    replies = [_one_card(Question.read(text)) for text in (first, again)]
    if any(r is None or not r.text for r in replies):
        return None
    texts = [r.text for r in replies if r is not None]
    one = replies[0]
    assert one is not None
    details = tuple(d for r in replies if r is not None for d in r.details)
    sources = tuple(dict.fromkeys(x for r in replies if r is not None for x in r.sources))
    return replace(one, question=question.text, text=" ".join(texts), sources=sources,
                   details=details)  # fmt: skip


def _one_card(question: Question) -> Answer | None:
    """What the one card the question names does, or whether it moves as asked."""
    lower = _core(question)
    m = (
        _WHAT_DOES.match(lower)
        or _POINT.match(lower)
        or _SPECIAL.match(lower)
        or _EQUALS.match(lower)
        or _ALSO_MOVES.match(lower)
    )
    if m is None:
        return None
    said = next(g for g in (m.groupdict().get(k) for k in ("card", "card2", "card3")) if g)
    cards = w.cards_named(Question.read(f"the {said}"))
    if len(cards) != 1 or len(w.cards_named(question)) > 1:
        return None
    card = cards[0]
    trial, plays = _plays(card)
    effects = _effects(card, plays, question.lang)
    if not plays or not effects:
        return None
    text = _sentence(card, effects, question.lang)
    refs = [kb.CARD_MEANING[parse_card(card)]]
    details = (f"Judged: the plays with {card} on the board shown: {', '.join(plays)}.",)
    if m.re in (_WHAT_DOES, _POINT, _SPECIAL):
        if _ALSO_ASKED_MOVE.search(question.lower):  # "what does it do? does it move a pawn?"
            it_moves = f"{card} a1" in plays
            text += " " + question.say(
                "So yes, it moves a pawn." if it_moves else "So no, it does not move a pawn.",
                "Dus ja, hij zet een pion verder."
                if it_moves
                else "Dus nee, hij zet geen pion verder.",
            )
        return checked(GAME, question, "", text, refs, position=trial.position, details=details)
    if m.re is _EQUALS:
        said = int(m.group("n"))
        moves = [e for e in effects if re.search(rf"\b{said} (?:space|vak)", e)]
        verdict = yes_no(question, bool(moves) and "a1" in " ".join(plays))
    else:
        forward_asked = re.search(r"\b(?:forward|ahead|vooruit\w*)\b", lower) is not None
        backward = any(re.search(r"\b(?:backward|achteruit)\b", e) for e in effects)
        verdict = yes_no(question, f"{card} a1" in plays and not (forward_asked and backward))
    return checked(GAME, question, verdict, text, refs, position=trial.position, details=details)
