"""A Balzakken situation read by its parts, not by the shape of its sentences.

A question is read word by word, in any order and with fillers between: every player named
(the asker, a player by name, "my neighbour", "someone", "the others") with what is said of
them (the cards or points in hand, the total on the score sheet, this round's points, a hand's
size, an empty hand, a call), and the count of players.  What the question asks and which
engine query answers it are chosen afterwards (:mod:`.concepts`).  Anything said that no part
holds (a number or a card with no place, a negation, an alternative) leaves the scene unread,
``None``: the rules text answers instead.

>>> s = read_scene(Question.read("Round's over. My hand: -1, 6 and The Lul. Joris has 5, 5 and The Swinger."))
>>> [(p.key, p.cards) for p in s.players]
[('me', ['-1', '6', 'L']), ('joris', ['5', '5', 'S'])]
>>> s = read_scene(Question.read("Hanna calls BALZAK with a single 1. The others hold: 7; The Lul and a 2"))
>>> [(p.key, p.cards, p.called) for p in s.players]
[('hanna', ['1'], True), ('others#1', ['7'], False), ('others#2', ['L', '2'], False)]
>>> s = read_scene(Question.read("Totals: Hugo on 62, Ivy on 103 and Jan 88."))
>>> [(p.key, p.total) for p in s.players]
[('hugo', 62), ('ivy', 103), ('jan', 88)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gametable.games.balzakken.answers.names import CARDS
from gametable.games.balzakken.answers.partwords import (
    ACTS,
    ADVERBS,
    ARTICLES,
    BEFORE_HOLD,
    BESIDE_ME,
    BLOCK,
    CALL_WORDS,
    CARDS_WORDS,
    DETERMINERS,
    EMPTY_AFTER,
    ENDS,
    GAIN,
    GROUP,
    HAD,
    HE,
    HEADER_CUE,
    HOLD,
    HOLDING,
    LIST_MARKS,
    MAKE,
    MINE,
    NAME_FOLLOWERS,
    NOT_NAMES,
    NUMBER_WORDS,
    ON,
    ON_TABLE,
    OTHER_WORDS,
    OTHERS_HIGHER,
    PERSONS,
    PLAYERS,
    PLURAL,
    POINTS,
    POSSESSIVE,
    QUALIFIERS,
    RESTATE,
    ROUNDS,
    SERIES,
    SOMEONE,
    TARGET_WORDS,
    TOKEN,
    TOTAL_WORDS,
    TOTALS_CUE,
    WORD,
    WORTH,
    card_at,
    count_word,
    pair_at,
    plural_value,
)
from gametable.games.balzakken.answers.players import player_names
from gametable.games.balzakken.answers.relations import read_below, read_empty
from gametable.games.balzakken.answers.rewrites import rewritten
from gametable.games.balzakken.answers.scene import Acted, Player, Scene
from gametable.rulebook.question import Question


def tokens_of(question: Question) -> list[str]:
    """The question's words, numbers and marks; the "!" of "BALZAK!" is part of the name, not
    the end of a sentence."""
    return TOKEN.findall(re.sub(r"\bbalzak!+", "balzak", question.lower))


def _names(question: Question, tokens: list[str]) -> dict[int, str]:
    """The tokens that name a player by name (capitalised, no game word), by token index."""
    said = WORD.findall(question.text.replace("’", "'"))
    by_word = player_names(question)
    out: dict[int, str] = {}
    w = 0
    for t, token in enumerate(tokens):
        if not WORD.fullmatch(token):
            continue
        if w < len(said) and (w in by_word or _name_word(said, w, tokens, t)):
            out[t] = said[w].capitalize()
        w += 1
    return out


def _name_word(said: list[str], w: int, tokens: list[str], t: int) -> bool:
    """A capitalised word inside a sentence (not its first), no game or common word."""
    word = said[w].removesuffix("'s")
    if not (word[:1].isupper() and word[1:].islower() and word.isalpha() and len(word) > 1):
        return False
    folded = word.casefold()
    if folded in NOT_NAMES or folded in NUMBER_WORDS or CARDS.names.get(folded):
        return False
    if folded in MINE or folded in HE or folded in GROUP or folded in PERSONS:
        return False
    if t > 0 and tokens[t - 1] not in ENDS:
        return True
    if said[w].endswith("'s"):
        return True  # "Sophie's only card is ...": a capitalised owner opens the sentence
    nxt = tokens[t + 1] if t + 1 < len(tokens) else ""
    return nxt in NAME_FOLLOWERS or nxt.lstrip("-").isdigit()  # "Tom was on 48", "Jan op 97"


@dataclass
class _Reading:
    """The reader's place in the question: the player now spoken of, the list of a group."""

    scene: Scene
    tokens: list[str]
    names: dict[int, str]
    current: Player | None = None
    last_other: Player | None = None
    group: bool = False
    group_marks: frozenset[str] = frozenset()
    item: Player | None = None
    pending: list[str] = field(default_factory=list)
    acted: Acted | None = None
    acting: bool = False
    flags: set[str] = field(default_factory=set)
    #: the cards read since the last player named, and whether a verb of holding came between
    since: list[str] = field(default_factory=list)
    holding: bool = False
    #: what was said before any player was named, kept for the asker
    waiting: Player | None = None
    unplaced: bool = False
    #: where the last round's points were read, and whose they are (a series may follow)
    gain_at: int = -1
    gainer: Player | None = None
    #: the player whose cards were said last ("... a 2 and The Swinger. That's only 3 points")
    last_holder: Player | None = None
    #: a call said before its subject ("Roept iemand BALZAK"): the next player named called
    call_next: bool = False
    #: a verb of holding said in this sentence ("Anne is holding 9 and Bas 12")
    clause_holding: bool = False

    def player(self, key: str, *, me: bool = False, name: str = "") -> Player:
        found = self.scene.by_key(key)
        if found is None:
            found = Player(key, me=me, name=name)
            self.scene.players.append(found)
        return found

    def owner(self, player: Player) -> None:
        self.current, self.group, self.item = player, False, None
        if self.call_next:
            player.called, self.call_next = True, False
        self.since, self.holding = [], False
        if not player.me:
            self.last_other = player
        if self.acted is not None and self.acted.target is None and not player.me:
            self.acted.target = player
        if self.pending:
            player.cards.extend(self.pending)
            self.pending = []
        if self.waiting is not None:
            self.unplaced = self.unplaced or not player.me or not _merge(self.waiting, player)
            self.waiting = None

    def holder(self) -> Player | None:
        """Who the next card or number said belongs to (a new list item of a group)."""
        if self.group:
            if self.item is None:
                n = sum(p.key.startswith("others#") for p in self.scene.players) + 1
                self.item = self.player(f"others#{n}")
            return self.item
        return self.current

    def add_cards(self, cards: list[str]) -> None:
        if self.acting and self.acted is not None:
            self.acted.cards.extend(cards)
            return
        holder = self.holder()
        if holder is None:
            self.pending.extend(cards)
        else:
            holder.cards.extend(cards)
            self.since.extend(cards)
            self.last_holder = holder


def read_scene(question: Question) -> Scene | None:
    """The parts of the situation ``question`` tells (see the module docstring), or ``None``
    when something it says has no part to hold it."""
    said, question = question, rewritten(question)
    tokens = tokens_of(question)
    if any(t in BLOCK for t in tokens):
        return None
    reading = _Reading(Scene([], tokens=tokens), tokens, _names(question, tokens))
    i = 0
    while i < len(tokens):
        step = _read_token(reading, i)
        if step is None:
            return None
        i += step
    if reading.pending or reading.waiting or reading.unplaced or _unplaced(tokens, reading):
        return None
    reading.scene.acted, reading.scene.flags = reading.acted, reading.flags
    if OTHERS_HIGHER.search(said.lower):
        reading.scene.flags.add("good")  # every other hand more than the caller's
    read_empty(question, reading.scene)
    if not read_below(question, reading.scene):
        return None
    return reading.scene


def _merge(waiting: Player, player: Player) -> bool:
    """Give ``player`` the total, this round's points and hand points said before them;
    ``False`` when they already have one of these."""
    for name in ("total", "gain", "points"):
        said = getattr(waiting, name)
        if said is not None:
            if getattr(player, name) is not None:
                return False
            setattr(player, name, said)
    return True


def _unplaced(tokens: list[str], r: _Reading) -> bool:
    """Something said that the parts do not place: a card laid in front of a player outside a
    turn's action, two actions told one after the other, a "no" or "geen" that is not an empty
    hand ("I have no Lul"), or a hand said both as points and as Balzakken ("3 points and a
    2": is the 2 among the 3?)."""
    if r.acted is None and any(t in ON_TABLE for i, t in enumerate(tokens) if i not in r.names):
        return True
    for i, tok in enumerate(tokens[:-1]):
        if tok in ("no", "geen") and tokens[i + 1] not in EMPTY_AFTER:
            return True
    if any(
        p.points is not None and any(c not in ("L", "S") for c in p.cards) for p in r.scene.players
    ):
        return True
    return sum(t in ACTS for t in tokens) > 1


def _read_token(r: _Reading, i: int) -> int | None:
    """Read the token at ``i``: how many tokens it took, ``None`` when it has no place."""
    tok = r.tokens[i]
    if tok in ENDS or tok in LIST_MARKS:
        return _mark(r, tok)
    if i in r.names:
        _apposition(r, i)  # "my opponent Tess": one player
        name = r.names[i].removesuffix("'s")
        player = r.player(name.casefold(), name=name)
        r.owner(player)
        if tok.endswith("'s") and i + 1 < len(r.tokens) and r.tokens[i + 1] == "balzak":
            player.called = True
        return 1
    owner = _owner_word(r, i)
    if owner is not None:
        return owner
    if tok in ACTS:
        r.acted, r.acting = r.acted or Acted(ACTS[tok]), True
        _verb_last(r)
        return 1
    if tok in HOLDING:
        r.holding = r.clause_holding = True
    if tok in CALL_WORDS or (tok == "balzak" and _made(r.tokens, i)):
        return _call(r, i) if _subject_read(r, i) else None
    if tok in ("and", "en") and r.group and tok in r.group_marks:
        r.item = None
        return 1
    nxt = r.tokens[i + 1] if i + 1 < len(r.tokens) else ""
    if nxt in HOLD and _unknown_player(r.tokens, i):
        return None  # "my brother-in-law has 4", "mijn zwager heeft 2": a player no part names
    card = card_at(r.tokens, i)
    if card is None and tok in ("after", "na", "since", "sinds") and i + 2 < len(r.tokens):
        mentioned = card_at(r.tokens, i + 2) if r.tokens[i + 1] in DETERMINERS else None
        if mentioned is not None:
            return 2 + mentioned[1]  # "after a Swinger": a card played before, held by nobody
    if card is not None:
        r.add_cards([card[0]])
        return card[1]
    paired = pair_at(r.tokens, i)
    if paired is not None:  # "a pair of 6s", "een paar negens"
        r.add_cards([paired] * 2)
        r.scene.counts[paired] = 2
        return 3
    if count_word(tok) is not None or re.fullmatch(r"-?\d+'?s", tok):
        return _number(r, i)
    _flag(r, tok)
    return 1


def _apposition(r: _Reading, i: int) -> None:
    """ "my opponent Tess", "mijn buurman Kees": the player just named by a word is the one
    named next by name, so the first is dropped when nothing was said of it yet."""
    before = r.tokens[i - 1] if i > 0 else ""
    person = r.current
    if before not in PERSONS or person is None or person.key != PERSONS[before]:
        return
    if person.hand_said or person.total is not None or person.called or person.size is not None:
        return
    r.scene.players.remove(person)
    r.current = None
    if r.last_other is person:
        r.last_other = None
    if r.acted is not None and r.acted.target is person:
        r.acted.target = None


def _verb_last(r: _Reading) -> None:
    """ "als ik de drie vieren tegelijk weggooi": in Dutch the verb of an action may come
    after its cards; those read since the player, with no verb of holding between, are the
    action's."""
    if r.acted is None or r.acted.cards or not r.since or r.holding or r.current is None:
        return
    for card in r.since:
        r.current.cards.remove(card)
    r.acted.cards.extend(r.since)
    r.since = []


def _mark(r: _Reading, tok: str) -> int:
    if tok in ENDS:
        r.current, r.group, r.item, r.acting = None, False, None, False
        r.clause_holding = False
    elif r.group and tok in r.group_marks:
        r.item = None
    elif tok != ":":
        r.acting = False
    return 1


def _owner_word(r: _Reading, i: int) -> int | None:
    tok = r.tokens[i]
    if tok in MINE and not (r.acting and tok in ("my", "mijn")):
        if tok in ("me", "mij") and i > 0 and r.tokens[i - 1] in BESIDE_ME:
            r.owner(r.player("neighbour"))  # "de speler naast mij", "the one next to me"
            return 1
        if tok in ("me", "mij") and i > 0 and r.tokens[i - 1] in TARGET_WORDS | {"of", "van"}:
            r.current = None  # "in front of me", "links van mij": the asker holds nothing here
            return 1
        r.acting = False
        r.owner(r.player("me", me=True))
        return 1
    if tok in GROUP:
        r.current, r.group, r.item = None, True, None
        end = next((j for j in range(i, len(r.tokens)) if r.tokens[j] in ENDS), len(r.tokens))
        rest = r.tokens[i:end]
        r.group_marks = frozenset([";"]) if ";" in rest else frozenset([",", "and", "en"])
        return 1
    if tok in PLURAL:
        r.current, r.group, r.item = None, False, None  # "we", "both of us": nobody alone
        return 1
    if tok in SOMEONE or tok in PERSONS:
        r.owner(r.player("someone" if tok in SOMEONE else PERSONS[tok]))
        return 1
    if tok in HE and r.last_other is not None:
        r.acting = False
        r.owner(r.last_other)
        return 1
    return None


def _subject_read(r: _Reading, i: int) -> bool:
    """Not a call by a player no part holds: "mijn zwager riep", "the dealer called" (a word
    after "my" / "the" that names no player read)."""
    j = i - 1
    while j >= 0 and r.tokens[j] in ADVERBS:
        j -= 1
    if j < 1:
        return True
    tok = r.tokens[j]
    if j in r.names or tok in MINE or tok in HE or tok in SOMEONE or tok in PERSONS:
        return True
    return not (tok.isalpha() and r.tokens[j - 1] in POSSESSIVE)


def _unknown_player(tokens: list[str], i: int) -> bool:
    tok = tokens[i]
    if not tok.isalpha() or tok in BEFORE_HOLD or tok in CARDS.names:
        return False
    return i > 0 and tokens[i - 1] in POSSESSIVE


def _made(tokens: list[str], i: int) -> bool:
    return any(t in MAKE for t in tokens[max(0, i - 4) : i])


def _call(r: _Reading, i: int) -> int:
    """A call: by the player spoken of, else by the player named right after it in a Dutch
    question opened by its verb ("Roept iemand BALZAK ..."), else by a caller nobody names ("the
    round ends, someone called" names someone; "after the call" nobody)."""
    nxt = r.tokens[i + 1] if i + 1 < len(r.tokens) else ""
    if r.current is not None:
        r.current.called = True
    elif (i == 0 or r.tokens[i - 1] in ENDS) and (nxt in SOMEONE or i + 1 in r.names):
        r.call_next = True  # the subject follows the verb
    elif not any(p.called for p in r.scene.players):
        r.player("caller").called = True
    return 1


def _flag(r: _Reading, tok: str) -> None:
    if tok in ("good", "goede", "goed", "geldige"):
        r.flags.add("good")
    elif tok in ("false", "valse", "fout", "foute", "mistake", "vergissing", "wrong"):
        r.flags.add("false")
    elif tok in ("together", "samen", "combined", "altogether", "total", "totaal"):
        r.flags.add("sum" if tok not in ("total", "totaal") else "total")


def _number(r: _Reading, i: int) -> int | None:
    """A number at ``i``: a count of players or of cards, points in hand, a total, this
    round's points, a hand's size, or a card; ``None`` when it is none of these."""
    tokens = r.tokens
    tok = tokens[i]
    nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
    before = tokens[max(0, i - 3) : i]
    value = count_word(tok)
    plural = plural_value(nxt) if value is not None else None
    if plural is not None and value is not None:  # "three 7s", "twee negens", "two Bruisballen"
        r.add_cards([plural] * value)
        r.scene.counts[plural] = value
        return 2
    if nxt in PLAYERS or (nxt in ("of", "van") and tokens[i + 2 : i + 3] in (["us"], ["ons"])):
        r.scene.count = value
        return 2 if nxt in PLAYERS else 3
    own = plural_value(tok)
    if own is not None and value is None:  # "both 9s" read above; a bare "7s"
        r.add_cards([own])
        return 1
    if tok in ARTICLES and nxt not in POINTS and nxt not in CARDS_WORDS:
        return 1  # "een 3", "one of them": an article
    if value is not None and nxt in GROUP:
        return 1  # "the three others": the group is read next
    if value is None:
        return None
    of_them = before[-1:] == ["er"] or tokens[i + 1 : i + 3] == ["of", "them"]
    if of_them and r.scene.some is None and 2 <= value <= 8:
        r.scene.some = value  # "mag ik er drie afleggen", "discard three of them"
        return 3 if nxt == "of" else 1
    return _said_number(r, i, value, nxt, before)


def _said_number(r: _Reading, i: int, value: int, nxt: str, before: list[str]) -> int | None:
    holder = r.current if r.current is not None else r.holder()
    if nxt in ROUNDS:
        if r.scene.rounds is not None:
            return None
        r.scene.rounds = value  # "over the next three rounds"
        return 2
    if _in_series(r, i):
        assert r.gainer is not None
        r.gainer.later.append(value)  # "wrote down 12, then 17, then 0"
        r.gain_at = i + (1 if nxt in POINTS else 0)
        return 2 if nxt in POINTS else 1
    if before and before[-1] in WORTH:
        return None  # "the Lul is worth 10": what a card counts, said, not a card held
    restated = before[-1:] and (
        before[-1] in RESTATE
        or (before[-1] in QUALIFIERS and before[-2:-1] and before[-2] in RESTATE)
    )
    if restated:  # "so 3 points", "that's only 3 points", "dus min 2": the hand said again
        said = holder if holder is not None and holder.cards else r.last_holder
        if said is None or _worth(said) != value:
            return None
        return 2 if nxt in POINTS else 1
    if set(before) & GAIN or (
        nxt in POINTS and set(before) & {"got", "get", "kreeg", "krijg"} and _this_round(r.tokens)
    ):
        target = holder or _asker_later(r)
        if target.gain is not None:
            return None
        target.gain = value
        r.gain_at, r.gainer = i + (1 if nxt in POINTS else 0), target
        return 2 if nxt in POINTS else 1
    called_on = bool(before) and before[-1] in ON and bool(set(before) & (CALL_WORDS | {"balzak"}))
    if called_on and nxt in POINTS:  # "I called BALZAK! on 4 points": the hand
        return _hand_points(r, value)
    on = before[-1:] and (
        before[-1] in ON or (before[-1] in QUALIFIERS and before[-2:-1] in ON_ONE)
    )
    if (on and not called_on) or _after_total_word(before):  # "on 69", "op precies 69"
        target = holder or _asker_later(r)
        if target.total is not None:
            return None  # two totals said for one player
        target.total = value
        return 2 if nxt in POINTS else 1
    if nxt not in POINTS and nxt not in CARDS_WORDS and _is_total(r, value, before):
        target = holder or _asker_later(r)
        if target.total is not None and r.clause_holding and target.points is None:
            return _hand_points(r, value) and 1  # "Anne is holding 9 and Bas 12": Bas's hand
        if target.total is not None:
            return None  # two totals said for one player
        target.total = value
        return 1
    if nxt in POINTS:
        return _hand_points(r, value)
    if nxt in OTHER_WORDS and r.tokens[i + 2 : i + 3] and r.tokens[i + 2] in CARDS_WORDS:
        sized = r.holder()  # "the Swinger and 2 other cards": the hand's size
        if sized is None or sized.size is not None:
            return None
        sized.size = len(sized.cards) + value
        return 3
    listed = nxt in LIST_MARKS | {"and", "en"} and _card_or_number(r.tokens, i + 2)
    if nxt in CARDS_WORDS or (before[-2:] in (["hand", "of"], ["hand", "van"]) and not listed):
        sized = r.holder()  # "4 cards", "a hand of 5"
        if sized is None:
            return None
        sized.size = value
        return 2
    if -1 <= value <= 11 and r.tokens[i].lstrip("-").isdigit():
        r.add_cards([str(value)])
        return 1
    return None


#: "on", "op" as a one-word list, for the word before a qualifier ("op precies 69")
ON_ONE = [[w] for w in ON]


def _in_series(r: _Reading, i: int) -> bool:
    """A number that follows a round's points with only joining words between ("12, then
    17"): the next round's points of the same player."""
    if r.gainer is None or r.gain_at < 0 or r.gainer.waiting_for_hand():
        return False
    between = r.tokens[r.gain_at + 1 : i]
    return bool(between) and all(t in SERIES for t in between)


def _card_or_number(tokens: list[str], i: int) -> bool:
    """A card or a number said at ``i`` (the next item of a list of cards)."""
    if i >= len(tokens):
        return False
    return count_word(tokens[i]) is not None or card_at(tokens, i) is not None


def _is_total(r: _Reading, value: int, before: list[str]) -> bool:
    """A number said as a total: more than a card is worth after "had" or a name, or any
    number after a name in a list of scores ("Eindstand: Femke 110, Jelle 30")."""
    after_name = (
        bool(before)
        and r.current is not None
        and (before[-1] == r.current.key or (r.current.me and before[-1] in MINE))
    )
    headed = any(
        t in HEADER_CUE and r.tokens[k + 1 : k + 2] == [":"] for k, t in enumerate(r.tokens)
    )
    if (headed or any(t in TOTALS_CUE for t in r.tokens)) and after_name:
        return True
    return value > 11 and (after_name or bool(set(before[-1:]) & HAD))


def _after_total_word(before: list[str]) -> bool:
    """ "my total 40", "total was 40", "totaal is 40", "stand van 40"."""
    if before[-1:] and before[-1] in TOTAL_WORDS:
        return True
    return (
        len(before) >= 2 and before[-2] in TOTAL_WORDS and before[-1] in ("was", "is", "of", "van")
    )


def _asker_later(r: _Reading) -> Player:
    """A number said before anyone is named ("Sitting on 90 and I picked up 14"): it waits for
    the next player named, who must be the asker (:meth:`_Reading.owner`)."""
    r.waiting = r.waiting or Player("waiting")
    return r.waiting


def _hand_points(r: _Reading, value: int) -> int | None:
    target = r.holder() or _asker_later(r)
    if target.points is not None:
        return 2 if target.points == value else None  # "if I still have 5 points then"
    target.points = value
    return 2


def _this_round(tokens: list[str]) -> bool:
    text = " ".join(tokens)
    return "this round" in text or "deze ronde" in text or "erbij" in text


def _worth(player: Player) -> int | None:
    """The points of a hand said as cards alone (a Lul 10, a Swinger 0)."""
    if player.points is not None:
        return None
    return sum(10 if c == "L" else 0 if c == "S" else int(c) for c in player.cards)
