"""The parts of a situation told by relations, read in any order (see :mod:`.relative`).

The question is read in steps, each setting aside what it reads: the pawns named become tokens
(``M1`` the pawn I move, ``M2`` my other pawn, ``O`` an opponent's pawn) and the landmarks too
(``SM`` my start, ``SO`` his start, ``HF`` the first space of my home); then the relations
between tokens with their counts of spaces ("O is 5 spaces ahead of M1", "M1 2 steps from HF",
"4 vakken daarachter staat O"), who moves, the card or the hand or a 7's parts, and what is
asked.  Whatever is left must be filler words: a word left that no part reads, and the reading
gives up (``None``), so that a situation is never built from half of what was said.

>>> from gametable.rulebook.question import Question
>>> p = read_parts(Question.read("Mijn pion staat 2 plaatsen achter een pion van mijn tegenstander. Ik speel een 2. Wat gebeurt er?"))
>>> p.relations, p.card, p.ask
([('M1', -2, 'O')], '2', 'what')
"""

from __future__ import annotations

import re

from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import BY_STEPS, FORWARD
from gametable.games.keezbord.answers.exact_words import FILLER
from gametable.games.keezbord.answers.relative_asks import (
    HOW_FAR,
    HOW_FAR_ASKED,
    NEED_ASKED,
    STEPS_ASKED,
    need_target,
    told_end,
)
from gametable.games.keezbord.answers.relative_duty import (
    BACK_ON_FRONT,
    NO_PLACER,
    ONLY_CARD,
    OTHER_TWO_NESTED,
    duty_apart,
)
from gametable.games.keezbord.answers.relative_tokens import UNIT, N, n_value, tokens
from gametable.games.keezbord.answers.relative_told import Parts, complete
from gametable.games.keezbord.answers.relative_words import MORE_FILLER, NOT_FILLER
from gametable.games.keezbord.answers.variants import told_options
from gametable.rulebook.question import Question

#: the relations, with their direction along the track; "voor" and "before" are left out: a
#: pawn "1 vak voor" another is ahead of it to some players and short of it to others
_REL_WORDS = {
    "ahead of": 1, "in front of": 1, "verder dan": 1, "behind": -1, "achter": -1,
    "past": 1, "beyond": 1, "voorbij": 1, "from": -1, "short of": -1, "to reach": -1, "van": -1,
    "before": 0, "voor": 0, "vóór": 0,
}  # fmt: skip
#: the landmarks "before" and "voor" may be said of: a pawn short of them (said of another
#: pawn, "voor" is ahead to some players and short of it to others, and is not read)
_LANDMARKS = ("SM", "SME", "HF")
_REL = "|".join(sorted(_REL_WORDS, key=len, reverse=True))
_ENTITY = r"(M1|M2|O|SME|SM|SO|HF|ITS|it)"
#: the words between two parts of one relation: no other pawn named, not even one unowned
_GAP = r"(?:(?!\b(?:M1|M2|O|SM|SO|HF|ITS|pawns?|pion|pionnen|one|not|niet|never|nooit|no|geen)\b)[^.?!,])*?"
_RELATION = re.compile(rf"{_ENTITY}\b{_GAP}\b{N}{UNIT} ({_REL})\s+(?:the )?{_ENTITY}\b")
#: a relation whose other end is left unsaid: "if his pawn is 5 spaces behind?"
_RELATION_OPEN = re.compile(
    rf"\b(M1|M2|O)\b{_GAP}\b{N}{UNIT} (ahead|behind|in front|back|erachter|daarachter|ervoor)\s*"
    r"(?=[.?!,]|$)"
)
_BEHIND_IT = re.compile(
    rf"\b{N}{UNIT} (daarachter|behind it|ahead of it)\s+(?:(?:staat|stands|is|er)\s+)*(M1|M2|O)\b"
)
_ON = re.compile(rf"\b(M1|M2|O)\b{_GAP}\b(?:on|op)\s+(?:precies )?(SM|SO|ITS|SX|SP)\b")
#: the card played on my other pawn: the moved pawn is then that one
_ON_OTHER = re.compile(
    r"\b(?:on|with|op|met) (?:that |the |this )?(?:M2|second (?:pawn|one)|other (?:pawn|one))\b"
)
_MOVER_O = re.compile(
    r"\b(?:can|could|may|mag|kan|does|will) (?:the other player|my opponent|an opponent|the "
    r"opponent|he|hij|mijn tegenstander|O)\b(?! (?:get|gets|be|is|go|goes|end up) (?:hit|knocked|sent|"
    r"back|geslagen|terug)\b)|\b(?:opponent|tegenstander)(?:'s)? (?:queen|king|"
    r"ace|jack|card|vrouw)\b|\b(?:he|she|hij|zij|they|my opponent|the opponent|an opponent|mijn "
    r"tegenstander|de tegenstander) (?:plays|speelt|uses|gebruikt|moves|zet|has|heeft|holds|gooit|"
    r"opgooit|legt)\b|\b(?:en|and) (?:hij |he )?(?:speelt|plays)\b"
)
#: what may be asked, the first found in the question's asking sentences; a hit before where:
#: "do I hit him, and where does his pawn go?" is answered by whether he is hit, and where
_ASKS = (
    ("need", NEED_ASKED),
    ("steps", STEPS_ASKED),
    ("which", re.compile(r"\b(?:which|welke)\b")),
    ("howfar", HOW_FAR_ASKED),
    ("hit", re.compile(r"\b(?:hit|hits|knock\w*|sent back|send\w* back|geslagen|slaan|sla)\b")),
    ("where", re.compile(r"\b(?:where|waar)\b")),
    ("what", re.compile(r"\b(?:what happens|wat gebeurt)\b")),
    ("may", re.compile(r"\b(?:can|may|mag|kan|could|allowed|fine|legal|ok|okay)\b")),
)
_HAND = re.compile(
    r"\b(?:hand(?: is)?|i hold|i have|ik heb)\s*:?\s*(?:(?:only|just|alleen|nog|maar) )*"
    r"((?:(?:an?|een|and|en|,)\s*)?"
    r"(?:\d+|[a-z]+)(?:\s*(?:,|and|en)\s*(?:an?\s+|een\s+)?(?:\d+|[a-z]+))+)"
)
_HAND_CARD = {"queen": "Q", "vrouw": "Q", "king": "K", "heer": "K", "ace": "A", "aas": "A",
              "jack": "J", "boer": "J", "ten": "10", "tien": "10"}  # fmt: skip
_SPLIT = re.compile(
    rf"\b(?:split\w*|verdeel\w*|splits\w*) (?:my |mijn |a |the |de |een )?(?:7|seven|zeven)"
    rf"(?:\s*(?:in|into)\s+{N}\s+(?:and|en)\s+{N})?"
)
#: a 7's part told with its pawn: "A moves 5", "move M1 6", "met de 3", "2 with M1"
_PARTS = (
    re.compile(rf"\b(?P<pawn>M1|M2)\s+(?:moves|goes|gaat)?\s*{N}\b(?! (?:spaces?|steps?|vakken))"),
    re.compile(rf"\bmove (?P<pawn>M1|M2) {N}\b"),
    re.compile(rf"\b(?:met de|with the|zet de) {N}(?: met)? (?P<pawn>M1)\b"),
    re.compile(rf"\b{N} (?:with|met) (?P<pawn>M1|M2)\b"),
    re.compile(rf"\b{N}{UNIT} for (?P<pawn>M1|M2)(?: first)?\b"),
    re.compile(rf"\bmet de {N}\b(?P<pawn>)"),
    re.compile(
        rf"\b{N}{UNIT} (?:for|with|voor|met) (?:one|the first|the one|de ene|een)(?: pawn| pion)?\b(?P<pawn>)"
    ),
    re.compile(
        rf"\b{N}{UNIT} (?:for|with|voor|met) (?:the other|de andere)(?: one| pawn| pion)?\b(?P<other>)"
    ),
)


def _pairs(text: str) -> tuple[list[tuple[str, int]], str]:
    """The 7's parts told with their pawns (an unnamed one is mine, ``M1``), and the text
    without them."""
    pairs = []
    for pattern in _PARTS:
        for m in pattern.finditer(text):
            names = m.re.groupindex
            number = next(g for i, g in enumerate(m.groups(), 1) if g and i not in names.values())
            pawn = "M2" if "other" in names else m.group("pawn") or "M1"
            pairs.append((pawn, n_value(number)))
        text = pattern.sub(" ", text)
    return pairs, text


_ALLOWED = (FILLER - NOT_FILLER) | MORE_FILLER
#: what a "which" question asks: the cards that bring the pawn into the home
_INTO_HOME = re.compile(
    r"\b(?:of them |of these )?(?:brings?|gets?|takes?|brengt|krijgt)? ?(?:it|hem|that pawn|M1)? ?"
    r"(?:into|in|to|naar) (?:the|my|de|mijn) (?:home|honk|thuishonk)\b"
)


def _resolve(name: str, before: str, subject: str) -> str:
    """``it`` is the last pawn named before (but the subject), else the last landmark;
    ``ITS`` own start is its owner's."""
    if name == "ITS":
        return "SO" if subject == "O" else "SM"
    if name == "it":
        pawns = [p for p in re.findall(r"\b(M1|M2|O)\b", before) if p != subject]
        marks = re.findall(r"\b(SME|SM|SO|HF)\b", before)
        name = pawns[-1] if pawns else marks[-1] if marks else ""
    return "SM" if name == "SME" else name


#: a move said to land on the opponent's pawn: "met de 3 kom ik precies op O", "with the 5 I land on O"
_LANDS = re.compile(
    rf"\b(?:met de|with the|with my) {N} (?:kom ik|land i|i land|i end up|i end) (?:precies |"
    r"exactly )?(?:op|on) O\b"
)
_ORD = r"(first|second|third|fourth|last|1st|2nd|3rd|4th|eerste|tweede|derde|vierde|laatste|[1-4])"
_ORDS = {"first": 1, "1st": 1, "eerste": 1, "second": 2, "2nd": 2, "tweede": 2, "third": 3,
         "3rd": 3, "derde": 3, "fourth": 4, "4th": 4, "vierde": 4, "last": 4, "laatste": 4}  # fmt: skip
_HOME_WORDS = r"(?:of|in|van) (?:my|mijn) (?:home|thuishonk|honk)"
#: my two pawns on home spaces: "my pawns sit on the first and the fourth space of my home",
#: "my pawns on home spaces 1 and 4", "mijn pionnen staan op het eerste en het vierde vak ..."
_HOME_PAIR = re.compile(
    rf"\b(?:my|mijn) (?:pawns|pionnen) (?:\w+ )?(?:on|op) (?:the |het )?{_ORD} (?:and|en) "
    rf"(?:the |het )?{_ORD} (?:space|spot|square|vak)s? {_HOME_WORDS}\b"
    rf"|\b(?:my|mijn) (?:pawns|pionnen) (?:\w+ )?(?:on|op) (?:home spaces|thuishonkvakken) {_ORD} "
    rf"(?:and|en) {_ORD}\b"
)
#: the pawn moved, named by its home space: "the pawn on the first space", "the one on space 1"
_ON_HOME = re.compile(
    rf"\b(?:the|de) (?:pawn|pion|one) (?:on|op) (?:the |het )?(?:{_ORD} (?:space|vak)|(?:space|vak|"
    rf"home space) {_ORD}|h([1-4]))\b"
)
_MOVE_STEPS = re.compile(rf"\bmove (M1) {N}(?:\s*(?:spaces?|steps?|vakken|stappen))")


#: one of my pawns on a home space: "M1 is on home space 2", "M1 sits on the 2nd space of my home"
_IN_HOME_SPACE = re.compile(
    rf"\b(M1|M2)\b((?:(?!\b(?:M1|M2|O)\b)[^.?!,;])*?)\b(?:on|op) (?:(?:the |het )?{_ORD} (?:space|spot|square|vak) "
    rf"{_HOME_WORDS}|(?:home space|thuishonkvak) ([1-4])|(HF))\b"
)
#: a pawn told by its space number, once my start is said to be space 0 ("my start is space 0.
#: my pawn is on 57"): the numbers count from my start
_ON_NUMBER = re.compile(rf"\b(M1|M2|O)\b{_GAP}\b(?:on|op) (?:space |vak |vakje )?(\d{{1,2}})\b")


def _numbered(parts: Parts, text: str) -> str:
    """The pawns told by their space numbers, counted from my start said to be 0."""
    if " START0 " not in text:
        return text
    for m in _ON_NUMBER.finditer(text):
        if m.group(1) in parts.marks:
            return text + " unread"
        parts.marks[m.group(1)] = ("abs", int(m.group(2)))
    return _ON_NUMBER.sub(lambda m: f" {m.group(1)} ", text).replace(" START0 ", " ")


def _in_home(parts: Parts, text: str) -> str:
    """My pawns said to stand on a home space, one by one; "the home pawn" is the one there."""
    for m in _IN_HOME_SPACE.finditer(text):
        said = next((g for g in m.groups()[2:] if g), "")
        space = 1 if said == "HF" else _ORDS.get(said, int(said) if said.isdigit() else 0)
        if not space or m.group(1) in parts.marks:
            return text + " unread"
        parts.marks[m.group(1)] = ("in", space)
    text = _IN_HOME_SPACE.sub(lambda m: f" {m.group(1)} {m.group(2)} ", text)
    in_home = [p for p, (mark, _) in parts.marks.items() if mark == "in"]
    if " HOMEPAWN " in text:
        if len(in_home) != 1:
            return text + " unread"
        text = text.replace(" HOMEPAWN ", f" {in_home[0]} ")
    return text


#: what happened before the situation told ("I used a Jack and now ..."), and the turn the
#: card is played ("next turn"): the pawns' places told after it are the position
_BEFORE = re.compile(
    r"\bi (?:just )?(?:used|played) (?:a|my) (?:jack|boer)(?: swap)? and now\b|\b(?:on my )?next turn\b"
    r"|\bik heb (?:net )?een boer gespeeld en nu\b|\bvolgende beurt\b"
)
#: a 7's part said to land on his pawn: "the 4-step part lands exactly on O"
_PART_LANDS = re.compile(
    rf"\bthe {N}[- ](?:step|space) part (?:lands|ends|stops) (?:exactly |precisely )?on O\b"
)


def _part_lands(parts: Parts, text: str) -> str:
    """A 7's part told by its steps to land on his pawn: he stands that far ahead of mine (the
    part is mine's, the first)."""
    m = _PART_LANDS.search(text)
    if m is None:
        return text
    parts.relations.append(("O", n_value(m.group(1)), "M1"))
    return text[: m.start()] + " M1 O " + text[m.end() :]


def _places(parts: Parts, text: str) -> str:
    """Reads the places told before the relations (a move told by its steps, home spaces, the
    last space before my start, a part or a move said to land on his pawn), and sets them
    aside."""
    # "O on his start, 2 spaces ahead of M1": the place and the relation told apart
    text = re.sub(
        rf"\b(O)\b([^.?!,]*?)\b(on|op) (SO|SX|SP|ITS)\s*,\s*(?={N})", r"\1\2\3 \4 . O ", text
    )
    text = _numbered(parts, text)
    moves = _MOVE_STEPS.search(text)
    if moves is not None:  # a move told by its steps is no relation: its card is that step
        if n_value(moves.group(2)) not in BY_STEPS:
            return text + " unread"
        parts.card = BY_STEPS[n_value(moves.group(2))]
        text = text[: moves.start()] + " move M1 " + text[moves.end() :]
    text = _in_home(parts, _home_pair(parts, text))
    for m in re.finditer(rf"\b(M1|M2)\b{_GAP}\bLASTBEFORE\b", text):
        parts.marks[m.group(1)] = ("home", 1)  # one space short of my start
    text = re.sub(rf"\b(M1|M2)\b({_GAP})\bLASTBEFORE\b", r" \1 \2 ", text)
    parts.near_home = " NEARHOME " in text
    text = text.replace(" NEARHOME ", " ")
    # "can I go backwards from my start": the pawn I move stands on my start
    text = re.sub(
        r"\b(?:go|move|ga|gaan)(?: backwards?| achteruit)? (?:from|vanaf|van) SM\b",
        " M1 on SM ",
        text,
    )
    text = re.sub(r"\b(?:that|the|this|dat|die) (?:part|deel)\b", " ", _part_lands(parts, text))
    lands = _LANDS.search(text)
    if lands is not None:  # the moving pawn (mine) ends on his: he stands that far ahead
        parts.relations.append(("O", n_value(lands.group(1)), "M1"))
        text = text[: lands.start()] + " M1 O " + text[lands.end() :]
    return text


def _relate(parts: Parts, text: str) -> str:
    """Reads the relations and the places on a start, and sets them aside."""
    text = _places(parts, text)
    for m in list(_RELATION.finditer(text)):
        subject = _resolve(m.group(1), text[: m.start()], "")
        other = _resolve(m.group(4), text[: m.start(4)], subject)
        sign, steps = _REL_WORDS[m.group(3)], n_value(m.group(2))
        if sign == 0 and other not in _LANDMARKS:
            _add(parts, "?", 0, "?")  # "before" another pawn: not read
            continue
        _add(parts, subject, (sign or -1) * steps, other)  # "before" my start: short of it
    # the pawns stay named (a place told of one after its relation: "..., which is on its start")
    text = _RELATION.sub(lambda m: f" {_pawn_only(m.group(1))} {_pawn_only(m.group(4))} ", text)
    for m in list(_RELATION_OPEN.finditer(text)):
        subject = m.group(1)
        other = _resolve("it", text[: m.start()] + " " + text[m.end() :], subject)
        sign = -1 if m.group(3) in ("behind", "back", "erachter", "daarachter") else 1
        _add(parts, subject, sign * n_value(m.group(2)), other)
    text = _RELATION_OPEN.sub(" ", text)
    for m in list(_BEHIND_IT.finditer(text)):
        before = re.findall(r"\b(M1|M2|O)\b", text[: m.start()])
        if not before:
            return text + " unread"
        sign = -1 if m.group(2) in ("daarachter", "behind it") else 1
        _add(parts, m.group(3), sign * n_value(m.group(1)), before[-1])
    text = _BEHIND_IT.sub(" ", text)
    for m in list(_ON.finditer(text)):
        if re.search(r"\b(?:and|en)\b|,", text[m.end(1) : m.start(2)]):
            return text + " unread"  # "ahead of M1 and on SM": whose place is not read
        mark = _resolve(m.group(2), "", m.group(1))
        if mark in ("SX", "SP") and m.group(1) == "O":  # his pawn on a third seat's start
            if parts.players == 2:  # a third seat: four players, unless two were said
                if parts.stated:
                    return text + " unread"
                parts.players = 4
            parts.marks["O"] = ("start_of", 2 if mark == "SP" else parts.players - 1)
            parts.on_start.append("O")
            continue
        if (mark == "SM") != (m.group(1) != "O"):
            return text + " unread"  # a pawn on another seat's start: not this reading's
        parts.marks[m.group(1)] = ("start", 0)
        parts.on_start.append(m.group(1))
    return _ON.sub(" ", text)


def _home_pair(parts: Parts, text: str) -> str:
    """Two of my pawns on home spaces, and the one moved named by its space."""
    pair = _HOME_PAIR.search(text)
    if pair is None:
        return text
    first, second = (_ORDS.get(g, int(g) if g.isdigit() else 0) for g in pair.groups() if g)
    moved = _ON_HOME.search(text, pair.end())
    if moved is None or first == second or not (first and second):
        return text + " unread"
    space = next(g for g in moved.groups() if g)
    space_n = _ORDS.get(space, int(space) if space.isdigit() else 0)
    if space_n not in (first, second):
        return text + " unread"
    other = second if space_n == first else first
    parts.marks["M1"], parts.marks["M2"] = ("in", space_n), ("in", other)
    text = text[: moved.start()] + " M1 " + text[moved.end() :]
    return text[: pair.start()] + " M1 M2 " + text[pair.end() :]


def _pawn_only(name: str) -> str:
    return name if name in ("M1", "M2", "O") else " "


def _add(parts: Parts, subject: str, steps: int, other: str) -> None:
    if subject in ("M1", "M2", "O") and other in ("M1", "M2", "O") and subject != other:
        parts.relations.append((subject, steps, other))
    elif subject in parts.marks and other in _LANDMARKS:
        parts.relations.append(("?", 0, "?"))  # a second place told for one pawn
    elif subject in ("M1", "M2") and other == "SM" and steps != 0:
        parts.marks[subject] = ("past", steps)
    elif subject in ("M1", "M2") and other == "HF" and steps < 0:
        parts.marks[subject] = ("home", -steps)
    elif subject == "O" and other == "SM":
        parts.relations.append(("O", steps, "M1"))  # "his pawn 4 behind my start", mine on it
    else:
        parts.relations.append(("?", 0, "?"))  # a relation this reading cannot place


_WHOLE_SEVEN = re.compile(
    r"\b(?:the (?:whole|full)|all|alle|de hele|volle) (?:7|seven|zeven)(?: steps| stappen)?\b"
)


def _cards(parts: Parts, question: Question, text: str) -> str:
    hand = _HAND.search(text)
    if hand is not None:
        for word in re.split(r"\s*(?:,|\band\b|\ben\b|\ban?\b|\been\b)\s*", hand.group(1)):
            if word:
                parts.hand.append(_HAND_CARD.get(word, word))
        text = text[: hand.start()] + " " + text[hand.end() :]
    split = _SPLIT.search(text)
    # the cards named; a name said alone ("sevn: can I ...") only by the lexicon
    rest = Question.read(text)  # the cards named where no relation or place was read
    named = w.cards_named(rest) or list(dict.fromkeys(m.name for m in w.CARDS.find(rest)))
    if not named and _WHOLE_SEVEN.search(text):  # "I move my pawn the full 7"
        named = ["7"]
    if split is None and named == ["7"] and len(_pairs(text)[0]) == 2:
        split = re.search("$", text)  # "with a 7 I move that pawn 6 and another pawn 1"
    if split is not None:
        parts.card = "7"
        pairs, text = _pairs(text)
        told = [n_value(g) for g in split.groups() if g]
        mine = [n for p, n in pairs if p == "M1"]
        other = [n for p, n in pairs if p == "M2"]
        first = mine[0] if mine else _from_relation(parts)
        parts.split = (first, 7 - first) if first is not None and 0 < first < 7 else None
        if parts.split is None or (told and sorted(told) != sorted(parts.split)):
            return text + " unread"
        if any(n != parts.split[1] for n in other) or len(mine) > 1:
            return text + " unread"
        return w.NUMBER_CARD.sub(" ", _SPLIT.sub(" ", text))
    if named == ["7"]:  # one pawn moves "the whole 7"
        text = _WHOLE_SEVEN.sub(" ", text)
    if parts.card is not None:  # told as steps moved ("move A 8 spaces past B")
        return text if not named or named == [parts.card] else text + " unread"
    played = [c for c in named if c not in parts.hand]
    if len(played) == 1 and (played[0] in FORWARD or played[0] == "4") and played[0] != "A":
        parts.card = played[0]
    return w.NUMBER_CARD.sub(" ", text)


def _from_relation(parts: Parts) -> int | None:
    ahead = [s for p, s, o in parts.relations if p == "O" and o == "M1" and s > 0]
    return ahead[0] if len(ahead) == 1 else None


def _table(question: Question) -> tuple[Parts, str] | None:
    """The table and the teller's words: the players, who moves, the variants told, what
    happened before; ``None`` when the question speaks of a partner, a Jack or a King (other
    readers' concepts)."""
    lower = _BEFORE.sub(" ", question.lower)  # what happened before: the place it left is told
    unheld = NO_PLACER.sub(" ", lower)  # "no ace or king": no King in the situation
    unheld = re.sub(
        r"\bmy partner'?s start(?: space)?|\(?my partner has no pawn there\)?", " ", unheld
    )
    if re.search(r"\b(?:partner|teammate|team|maat|teamgenoot|jack|boer|king|heer)\b", unheld):
        return None
    stated = w.players_stated(question)
    parts = Parts(players=stated or 2, stated=stated is not None)
    if parts.players not in (2, 4, 6):
        return None
    if _MOVER_O.search(lower):
        parts.mover = "O"
    parts.options, lower = told_options(lower)  # the table's variants, set aside
    return parts, lower


def _pawns_named(parts: Parts, lower: str) -> None:
    """The pawns the parts name; his pawn behind mine when he lands on it, my other pawn when
    a 7 is shared."""
    told = tokens(lower) + " ".join(
        [p for r in parts.relations for p in (r[0], r[2])] + list(parts.marks)
    )
    parts.pawns = [t for t in ("M1", "M2", "O") if re.search(rf"\b{t}\b", told)]
    if parts.mover == "O" and parts.card in FORWARD and not any("O" in r for r in parts.relations):
        # the opponent lands on my pawn: his pawn stands the card's steps behind it
        parts.relations.append(("O", -FORWARD[parts.card], "M1"))
        parts.pawns += [] if "O" in parts.pawns else ["O"]
    if parts.split is not None and "M2" not in parts.pawns:
        parts.pawns.append("M2")  # a 7 shared between two pawns: the other one is on the track


def _four_words(text: str) -> str:
    """Where a 4 takes the pawn, said with it: back, past my start."""
    text = re.sub(
        r"\b(?:om (?:achteruit|terug) te (?:gaan|lopen|zetten)|to (?:go|move) (?:it )?"
        r"back(?:wards?)?)\b",
        " ",
        text,
    )
    text = re.sub(
        r"\b(?:(?:back|backwards?|achteruit)\s+)?(?:behind|achter|langs|past|voorbij)\s+SM\b",
        " ",
        text,
    )
    return re.sub(r"\b(?:back|backwards?|achteruit|to)\b", " ", text)


def read_parts(question: Question) -> Parts | None:
    """The parts of ``question``, or ``None`` when it tells something they do not hold."""
    table = _table(question)
    if table is None:
        return None
    parts, lower = table
    text = tokens(lower)
    if parts.mover == "O":  # who moves, read and set aside once his pawn is a token
        text = re.sub(
            r"\b(?:the other player|my opponent|an opponent'?s?|the opponent|mijn tegenstander|de "
            r"tegenstander)\b",
            " ",
            text,
        )
    text = w.PLAYERS.sub(" ", text)  # the table, read already
    parts.on_track = " TRACK " in text
    sentences = re.split(r"(?<=[.?!])\s+", lower.strip())
    asked = " ".join(s for s in sentences if s.endswith("?")) or sentences[-1]
    parts.ask = next((name for name, p in _ASKS if p.search(asked)), "")
    if parts.ask == "need" and _HAND.search(lower):
        parts.ask = "which"  # a hand told: which of its cards, not any card
    if parts.ask in ("need", "steps"):  # the target set aside first: no relation runs into it
        text, parts.target = need_target(text, steps=parts.ask == "steps")
        if parts.target is None:
            return None
    text = _relate(parts, re.sub(r"\bTRACK\b", " ", text))
    text = _cards(parts, question, _asked_apart(parts, text))
    if parts.split is None and _ON_OTHER.search(text):  # the card is played on my other pawn
        text = _ON_OTHER.sub(" on M1 ", _swap_mine(parts, text))
    _pawns_named(parts, lower)
    text = re.sub(r"\b(?:the|het|de) (?:first|eerste) (?:part|deel)\b", " ", text)
    if parts.card == "4":
        text = _four_words(text)
    if not complete(parts) or not _only_filler(text, question, parts.ask):
        return None
    return parts


def _swap_mine(parts: Parts, text: str) -> str:
    """My two pawns exchange names, so that the pawn moved is ``M1`` (the other ``M2``)."""
    other = {"M1": "M2", "M2": "M1"}
    parts.marks = {other.get(p, p): m for p, m in parts.marks.items()}
    parts.relations = [(other.get(a, a), n, other.get(b, b)) for a, n, b in parts.relations]
    parts.on_start = [other.get(p, p) for p in parts.on_start]
    return re.sub(r"\b(M1|M2)\b", lambda m: other[m.group(1)], text)


def _asked_apart(parts: Parts, text: str) -> str:
    """Sets aside the phrase of what is asked beyond a verdict, and the end told with the move."""
    if parts.ask == "howfar":
        text, said = HOW_FAR.subn(" ", text)
        if not said:
            return text + " unread"
    duty, text = duty_apart(text)
    if duty:
        parts.ask = duty
        only = ONLY_CARD.search(text)
        if only is not None:
            word = only.group(1) or only.group(2)
            parts.hand = [
                _HAND_CARD.get(word, str(w.value(word)) if word in w.NUMBER_WORDS else word)
            ]
            text = ONLY_CARD.sub(" ", text)
        for name, pattern in (("no placer", NO_PLACER), ("two nested", OTHER_TWO_NESTED),
                              ("back on front", BACK_ON_FRONT)):  # fmt: skip
            if pattern.search(text):
                parts.told.add(name)
                text = pattern.sub(" ", text)
    text, parts.into_home, parts.beyond = told_end(text)
    return text


def _only_filler(text: str, question: Question, ask: str) -> bool:
    said = {m.said for m in w.CARDS.find(question)}
    if ask == "which":
        text = _INTO_HOME.sub(" ", text)
    if re.search(r"\b(?:SM|SO|HF|ITS)\b", text):
        return False  # a start or a home said of nothing read: a place not placed
    text = re.sub(r"\b(?:M1|M2|O|SME)\b", " ", text)
    words = re.findall(r"[a-zà-ü0-9']+", text)
    return all(x in _ALLOWED or x in said for x in words)
