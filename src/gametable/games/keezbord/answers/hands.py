"""Situations that name a whole hand of cards, judged by the referee card by card.

A hand is read from a list ("my hand is 5, 8, Q, J and 3", "I only have a 3 and a 5"); the
position is built with every pawn where the question puts it, and the referee lists what that
hand may play there.

>>> from gametable.rulebook.question import Question
>>> hand_listed(Question.read("All my pawns are in the nest and my hand is 5, 8, Q, J and 3."))
['5', '8', 'Q', 'J', '3']
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import GAME
from gametable.games.keezbord.answers.referee import Trial, judge, refusal, where
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

#: a rank; a single letter only where no word follows it ("a quen" is an article and a word)
_RANK = (
    r"(?:10|[2-9]|ace|king|queen|jack|aas|heer|vrouw|boer|(?:a|k|q|j)(?!\s+(?!and\b|en\b)[a-z]))"
)
#: a hand given as a list after "my hand is", "I hold", "mijn hand is"
_ARTICLE = r"(?:(?:an?|the|een|de) )?"
HAND_LIST = re.compile(
    r"\b(?:my hand is|my hand:|my cards are|i hold|i'?m holding|mijn hand is|mijn kaarten zijn)\s+"
    r"(" + _ARTICLE + _RANK + r"(?:\s*(?:,|and|en|&)\s*" + _ARTICLE + _RANK + r")+)\b"
    r"|\b(?:i (?:have |'ve )?got|i have|i hold|ik heb)\s+((?:10|[2-9]|k|q|j)(?:\s+(?:10|[2-9]|k|q"
    r"|j)){1,4})(?![\w-])"  # a bare list: "i got 5 8 q 3" ("a" there is an article, never an Ace)
)
_LETTERS = {"a": "A", "k": "K", "q": "Q", "j": "J"}
ALL_IN_NEST = re.compile(
    r"\b(?:all (?:of )?(?:my )?(?:four |4 )?(?:of )?(?:my )?pawns (?:are|r) (?:still )?in (?:the|my) nest|"
    r"every pawn of mine is (?:still )?in (?:the|my) nest|none of my pawns "
    r"(?:is|are) (?:out|on the board)(?: yet)?|i have no pawns? (?:out|on the board)|(?:al|alle) "
    r"(?:vier )?(?:mijn )?pionnen (?:staan |zijn |zitten )?(?:nog )?in (?:het|mijn) nest|(?:ik heb )?(?:nog )?"
    r"geen (?:enkele )?pionn?e?n? op het bord)\b"
)
#: a hand said in passing ("I have a 9, a 5 and a 3", "ik heb alleen een Heer"): its cards are
#: those named, less any said not to be held ("no ace or king")
_HOLDS = re.compile(
    r"\b(?:i have|i hold|i've got|i only have|i only hold|my hand is(?: just)?|ik heb|alleen|"
    r"my only card is|the only card i (?:have|hold) is|all i (?:have|hold) is|mijn enige kaart "
    r"is)\b"
)
_NOT_HELD = re.compile(
    r"\b(?:no|geen) (?:ace|king|aas|heer|koning)(?: (?:or|of|and|en) (?:an? |een )?(?:ace|king|"
    r"aas|heer|koning))?"
)
_WHAT_NOW = re.compile(
    r"\b(what (?:do|can|should|must) i do|what now|what happens|wat (?:moet|kan|doe|mag) ik|wat nu|"
    r"what (?:can|may|must|should) i play|what do i (?:have to|need to) play|which cards? (?:can|may|"
    r"must|should|do) i (?:have to )?play|welke kaarten? (?:kan|mag|moet) ik)\b"
)
#: the question asks whether a card must be played ("do I have to play something?"), the other
#: side of handing in
_MUST_PLAY = re.compile(
    r"\b(?:have to|has to|must|need to|obliged to|forced to|moet|verplicht)\b[^.?]{0,25}"
    r"\b(?:play|spelen|speel|opleggen)\b"
)
_CARD_NAMES = {"A": ("the Ace", "de Aas"), "K": ("the King", "de Heer"),
               "Q": ("the Queen", "de Vrouw"), "J": ("the Jack", "de Boer")}  # fmt: skip


def card_name(card: str, lang: str) -> str:
    """A card in words with its article: "the King", "de Heer", "the 5"."""
    en, nl = _CARD_NAMES.get(card, (f"the {card}", f"de {card}"))
    return nl if lang == "nl" else en


def plays_in_words(legal: tuple[str, ...], lang: str) -> str:
    """The legal plays by card, in words with their notation: "the King (K place)"."""
    by_card: dict[str, list[str]] = {}
    for action in legal:
        by_card.setdefault(action.split()[0], []).append(action)
    out = []
    for card, actions in by_card.items():
        out.append(f"{card_name(card, lang)} ({', '.join(actions)})")
    return (" of " if lang == "nl" else " or ").join(out)


def hand_listed(question: Question) -> list[str] | None:
    """The cards of a hand given as a list, in order, or ``None``."""
    m = HAND_LIST.search(question.lower)
    if m is None:
        return None
    more = re.match(
        r"\s*(?:,|and|en|&)\s*(?:(?:an?|the|een|de)\s+)?([\w']+)", question.lower[m.end() :]
    )
    if more and (more.group(1).isdigit() or w.cards_named(Question.read(f"the {more.group(1)}"))):
        return None  # the list goes on with a card it did not read ("and a quen")
    out = []
    listed = m.group(1) or ",".join(m.group(2).split())
    for token in re.split(r"\s*(?:,|\band\b|\ben\b|&)\s*", listed):
        token = re.sub(r"^(?:an?|the|een|de)\s+", "", token.strip())
        card = _LETTERS.get(token) or (token if token.isdigit() else None)
        if card is None:
            named = w.cards_named(Question.read(f"the {token}"))
            card = named[0] if named else None
        if card is None:
            return None
        out.append(card)
    return out


def hand_said(question: Question) -> list[str] | None:
    """The cards of a hand said in passing; with no card named but no Ace or King held, a
    hand of number cards stands for it (only an Ace or a King matters with every pawn in the
    nest); ``None`` when no hand is said."""
    if not _HOLDS.search(question.lower) and not _NOT_HELD.search(question.lower):
        return None
    rest = Question.read(_NOT_HELD.sub(" ", question.text.casefold()))
    cards = w.cards_named(rest)
    if cards:
        return cards
    return ["5", "8", "Q"] if _NOT_HELD.search(question.lower) else None


#: the hand said is the whole hand ("I only hold", "all I have is", "alleen")
_ONLY = re.compile(r"\b(only|just|all i (?:have|hold)|alleen|enige|nothing but)\b")


def read_nest_hand(question: Question) -> Answer | None:
    """Every pawn in the nest and a hand listed: only an Ace or a King can be played; with
    neither, the cards are handed in (KB-021, KB-026, KB-027).  Every pawn on the board and a
    King in hand: a King has nothing to place and moves no pawn (KB-050), so only the other
    cards can be played, and with only Kings the cards are handed in."""
    hand = hand_listed(question) or hand_said(question)
    if hand is None:
        return None
    board = w.nest_empty(question) and "K" in hand
    if not (ALL_IN_NEST.search(question.lower) or board):
        return None
    must_play = _MUST_PLAY.search(question.lower) is not None and not w.asks_hand_in(question)
    if not (_WHAT_NOW.search(question.lower) or w.asks_hand_in(question) or must_play):
        return None
    players = (w.players_stated(question) or 2) if board else 2
    if players not in (2, 4, 6):
        return None
    whole = hand_listed(question) is not None or _ONLY.search(question.lower) is not None
    if board and not whole and hand != ["K"]:
        return None  # a King and other cards said in passing: the rest of the hand is not known
    if question.kind == "yesno" and not (w.asks_hand_in(question) or must_play):
        return None  # "can I play the King?": a play asked about, not the duty to play
    if question.kind == "yesno" and board and not whole:
        return None
    trial = Trial.of(players, {"a": [5, 10, 20, 40]} if board else {}, hand, "hand in")
    ruling = judge(trial)
    plays = plays_in_words(ruling.legal, question.lang)
    if board and not whole:
        head = question.say("You cannot play the King.", "Je kunt de Heer niet spelen.")
        reason = question.say(
            "With every pawn already on the board it has no pawn to place, and it moves none; "
            "a hand with nothing else to play is handed in.",
            "Al je pionnen staan op het bord, dus hij heeft niets om op te zetten en hij verzet "
            "geen pion; kun je verder niets spelen, dan lever je je kaarten in.",
        )
        refs = [kb.KING_NO_PAWN, kb.HAND_IN]
    elif ruling.allowed:
        head = question.say("Hand in your cards.", "Je levert je kaarten in.")
        reason = _why_hand_in(question, board)
        refs = [kb.HAND_IN, kb.KING_NO_PAWN if board else kb.PLACEMENT]
    else:
        head = question.say(f"Play {plays}.", f"Speel {plays}.")
        reason = _why_play(question, board)
        refs = [kb.MUST_PLAY, kb.KING_NO_PAWN if board else kb.PLACEMENT]
    if question.kind == "yesno":
        head = f"{yes_no(question, ruling.allowed != must_play)} {head}"
    return checked(GAME, question, head, reason, refs, position=trial.position,
                   details=(f"Legal for seat a: {', '.join(ruling.legal)}.",))  # fmt: skip


def _why_play(question: Question, board: bool) -> str:
    if board:
        return question.say(
            "A card that can be played must be played; the King cannot be: with every pawn "
            "already on the board it has no pawn to place, and it moves none.",
            "Een kaart die je kunt spelen moet je spelen; de Heer kan niet: al je pionnen staan "
            "op het bord, dus hij heeft niets om op te zetten en hij verzet geen pion.",
        )
    return question.say(
        "A card that can be played must be played; with every pawn in the nest that is an "
        "Ace or a King placing a pawn.",
        "Een kaart die je kunt spelen moet je spelen; met alle pionnen in het nest is dat een "
        "Aas of een Heer die een pion op het bord zet.",
    )


def _why_hand_in(question: Question, board: bool) -> str:
    if board:
        return question.say(
            "You cannot play the King: with every pawn already on the board it has no pawn to "
            "place, and it moves none, so all your cards go onto the pile until the next deal.",
            "Je kunt de Heer niet spelen: al je pionnen staan op het bord, dus hij heeft niets "
            "om op te zetten en hij verzet geen pion; al je kaarten gaan op de stapel tot de "
            "volgende deling.",
        )
    return question.say(
        "With every pawn in the nest only an Ace or a King can be played, and this hand "
        "holds neither, so all its cards go onto the pile and you wait for the next deal.",
        "Met alle pionnen in het nest kun je alleen een Aas of een Heer spelen, en die heb je "
        "niet, dus al je kaarten gaan op de stapel tot de volgende deling.",
    )


_NEEDS = re.compile(
    r"\b(?:needs?|is) (?:exactly |just |only )?(?P<n>\d+) (?:more )?(?:steps?|spaces?) "
    r"(?:away )?(?:to reach|to get to|to get into|from|to|before) (?:the )?(?P<to>last|first|end)?"
    r"(?: (?:space|spot|square) of)? ?(?:my|its|the) home\b"
    r"|\b(?:staat|is) (?:precies |nog )?(?P<nl>\d+) (?:vakken|stappen) (?:voor|van) (?:mijn|zijn|de) "
    r"(?:thuis)?honk\b"
)


#: the question asks whether the pawn gets into its home, not whether a card may be played
ASKS_GET_HOME = re.compile(
    r"\b(?:get|move|bring|go|reach|come|take)\b(?: it| my pawn| him| that pawn)? (?:all the way )?"
    r"(?:home|in(?:to|side)? (?:my|the|its) home)\b"
    r"|\b(?:thuis|binnen|in (?:mijn|de|zijn) (?:thuis)?honk) (?:komen|krijgen|brengen)\b"
)


def _place_needing(steps: int, to: str | None) -> int | str | None:
    """Where a pawn stands that needs ``steps`` to reach its home (H1) or its last home space
    (H4) on the two-player board: space 63 is one step from H1."""
    last = to in ("last", "end")
    if last and steps <= 3:
        return f"H{4 - steps}"
    place = 64 - steps + (3 if last else 0)
    return place if 0 < place < 64 else None


def read_needs_steps(question: Question) -> Answer | None:
    """A pawn that needs a number of steps to get home and the cards held: a card brings it in
    only if it ends exactly on a home space (KB-035)."""
    m = _NEEDS.search(question.lower)
    if m is None or not ASKS_GET_HOME.search(question.lower):
        return None
    cards = w.cards_named(question)
    if not cards or "4" in cards or "7" in cards:
        return None
    place = _place_needing(int(m.group("n") or m.group("nl")), m.group("to"))
    if place is None or any(c in ("K", "J") for c in cards):
        return None
    trials = [Trial.of(2, {"a": [place, "N", "N", "N"]}, cards, f"{c} a1") for c in cards]
    rulings = [judge(t) for t in trials]
    ok = [
        (c, r)
        for c, r in zip(cards, rulings, strict=True)
        if r.allowed and str(r.place_of("a1")).startswith("H")
    ]
    lang = question.lang
    if ok:
        card, ruling = ok[0]
        reason = question.say(
            f"The {card} takes it from {where(place, 'en')} to {where(ruling.place_of('a1'), 'en')}.",
            f"De {card} brengt hem van {where(place, 'nl')} naar {where(ruling.place_of('a1'), 'nl')}.",
        )
    else:
        first = rulings[0]
        said = (
            refusal(first, lang)
            if not first.allowed
            else question.say(
                f"The {cards[0]} takes it only to {where(first.place_of('a1'), 'en')}.",
                f"De {cards[0]} brengt hem maar tot {where(first.place_of('a1'), 'nl')}.",
            )
        )
        reason = said + question.say(
            " A pawn must land exactly on a free home space, so neither card brings it in.",
            " Een pion moet precies op een vrij vak van de thuishonk uitkomen, dus geen van deze "
            "kaarten brengt hem binnen.",
        )
    details = tuple(f"{c} a1: {'allowed' if r.allowed else r.why}" for c, r in
                    zip(cards, rulings, strict=True))  # fmt: skip
    return checked(GAME, question, yes_no(question, bool(ok)), reason, [kb.EXACT_HOME],
                   position=trials[0].position, details=details)  # fmt: skip
