"""Balzakken's situation grammar: who holds what, who calls, and what the question asks about.

A question such as "I called with 3 and my neighbour has 3: who scores what?" is read as a small
table: the asker ("you", always seat 0), the other players it names in order (a neighbour, an
opponent, "someone", "the others" with their points), the points or cards each holds, and who
called BALZAK!.  Everything is read from the words of a
:class:`~gametable.rulebook.question.Question`, in English or Dutch.

>>> t = read_table(Question.read("I called with 3 and my neighbour has 3: who scores what?"))
>>> [(h.label_en, h.value) for h in t.holders], t.caller
([('you', 3), ('your neighbour', 3)], 0)
>>> t = read_table(Question.read("Iemand roept BALZAK! en ik heb De Lul en een 3."))
>>> [(h.me, h.cards) for h in t.holders], t.caller
([(True, ['L', '3']), (False, [])], 1)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from gametable.games.balzakken.answers.counts import COUNTS
from gametable.games.balzakken.answers.lists import (
    POINT_WORDS,
    lists_as_cards,
    number_before_a_card,
    restated_sum,
)
from gametable.games.balzakken.answers.mentions import (
    MY_CALL,
    asked_number_at,
    beside_me,
    held_mentions,
    word_at,
)
from gametable.games.balzakken.answers.names import VALUE_WORDS
from gametable.games.balzakken.answers.players import player_names, shared_hands
from gametable.games.balzakken.answers.vocab import (
    ACTED,
    ACTING,
    BOTH_OF_US,
    CALL,
    CALLER_WORDS,
    EACH,
    EMPTY,
    GROUP,
    GROUP_COUNTS,
    HIGHER,
    LOWER,
    ME,
    NEW_OTHER,
    NOBODY_FEWER,
    NOT_A_HAND,
    NOT_POINTS,
    NUMBER_WORDS,
    OTHER_CALLED,
    OTHERS,
    OTHERS_HIGHER,
    PRONOUNS,
    SAME,
)
from gametable.rulebook.question import Mention, Question


@dataclass
class Holder:
    """A player the question names: the points and cards it says they hold."""

    me: bool
    label_en: str
    label_nl: str
    #: cards named one by one ("a 3", "The Lul", "two 7s"), as in positions
    cards: list[str] = field(default_factory=list)
    #: points said as a sum ("3 points", "called with 3")
    points: list[int] = field(default_factory=list)
    #: where each of ``points`` stands (its index in ``Question.words``)
    points_at: list[int] = field(default_factory=list)
    #: the cards of a hand said as a list ("I hold 4, 4 and 9"), also in ``cards``
    listed: list[str] = field(default_factory=list)
    empty: bool = False

    @property
    def described(self) -> bool:
        return bool(self.cards or self.points or self.empty)

    @property
    def value(self) -> int | None:
        """The hand's points as the question gives them (The Lul 10, The Swinger 0), or
        ``None`` when it says nothing of this hand."""
        if self.empty:
            return 0
        if not self.described:
            return None
        worth = {"L": 10, "S": 0}
        return sum(self.points) + sum(worth.get(c, 0) if c in worth else int(c) for c in self.cards)

    def label(self, lang: str) -> str:
        return self.label_nl if lang == "nl" else self.label_en


@dataclass
class Table:
    """The players a question names, the asker first, and who called BALZAK!."""

    holders: list[Holder]
    caller: int | None = None
    #: "everybody else has more" / "someone has fewer"
    others_higher: bool = False
    others_lower: bool = False
    #: "another player has the same points as me"
    others_same: bool = False
    #: the cards the asker plays in the question ("discard two 7s", "I swapped a 9")
    acted: list[str] = field(default_factory=list)
    #: the indices (in ``Question.words``) of the numbers placed in the table: points, cards
    #: and their counts ("two 7s")
    read: set[int] = field(default_factory=set)
    #: the players a group ("the other three") holds, by index in ``holders``
    grouped: list[int] = field(default_factory=list)
    #: the table does not add up (a group said to hold three players and given two numbers)
    unsure: bool = False

    @property
    def me(self) -> Holder:
        return self.holders[0]


def read_table(question: Question) -> Table:
    """The players ``question`` names and what they hold (see the module docstring)."""
    words = question.words
    mentions = {m.start: m for m in held_mentions(question)}
    table = Table([Holder(True, "you", "je")])
    current: int | None = 0  # None: "the others", each number one more player
    group_spans = [(m.start(), m.end()) for m in GROUP.finditer(question.lower)]
    group_starts = {word_at(question.lower, s) for s, _ in group_spans}
    names, beside, asked = player_names(question), beside_me(question), asked_number_at(question)
    mine_from, skip = _my_hand_listed(question), 0
    for i, word in enumerate(words):
        if skip:
            skip -= 1
            continue
        if i == mine_from:
            current = 0  # "Hand when someone calls: 11, 11 and the Lul": the asker's cards
        if i == asked:
            continue  # "does Jan get to write 0?": the score asked about, no hand
        if i in group_starts:
            current = None
            skip = _words_in(question.lower, group_spans, i) - 1
            continue
        if i in mentions:
            skip = _place_card(table, current, words, i, mentions[i])
            continue
        if i in names:
            current = _named(table, names[i])
        elif word in ME and i in beside:
            continue  # "the player next to me": still that player
        elif word in ME:
            if not (current == ACTED and word in ("my", "mijn") and words[i - 1] in _PLAYED_MY):
                current = 0
        elif word in PRONOUNS and len(table.holders) > 1:
            current = len(table.holders) - 1
        elif word in NEW_OTHER and _names_a_player(words, i):
            current = _new_other(table, words, i)
        elif word in OTHERS and not _after_new_other(words, i) and not _after_count(words, i):
            current = _other(table, current, word)
            if word in CALLER_WORDS and table.caller is None:
                table.caller = current
        elif word in ACTING:
            current = ACTED
        elif CALL.match(word) and table.caller is None and _passive(words, i):
            table.caller = _add_other(table, "the caller", "de roeper")
        elif CALL.match(word) and _judged_call(words, i):
            continue  # "good call or not?": the call asked about, said by nobody
        elif CALL.match(word) and current is not None and table.caller is None:
            if current == ACTED:
                current = 0
            table.caller = current
        elif word in HIGHER and current != 0:
            table.others_higher = True
        elif word in LOWER and current != 0:
            table.others_lower = True
        elif _is_number(word):
            held = _numbers_held(table)
            current = _read_number(table, current, words, i)
            if _numbers_held(table) != held:
                table.read.add(i)
    _finish(question, table)
    return table


#: "discard just two of them", "gooi er twee van weg": a count of the asker's one value played
_OF_THEM = re.compile(
    r"\b(?:just |only |alleen |maar )?(two|three|four|both|twee|drie|vier|beide|2|3|4) "
    r"(?:of them|of those|ervan|van)\b"
)


def _played_of_them(question: Question, table: Table) -> None:
    """ "I have three 8s; may I discard just two of them?": the count played of the one value
    the asker's hand holds, when the question plays nothing else."""
    found = _OF_THEM.search(question.lower)
    if found is None or table.acted:
        return
    if not any(w in ACTING for w in question.words[: word_at(question.lower, found.start())]):
        return
    said = found.group(1)
    count = int(said) if said.isdigit() else NUMBER_WORDS[said]
    held = [c for c in table.me.cards if c not in ("S", "L")]
    values = {c for c in held if held.count(c) > 1}  # "them": the value held several times
    if len(values) != 1:
        return
    table.acted.extend([values.pop()] * count)
    table.read.add(word_at(question.lower, found.start(1)))


#: a sentence that opens with the asker's hand and lists it after a colon ("Hand when someone
#: calls a good balzak: 11, 11, 10 and the Lul", "Mijn hand bij de roep: 3, 4 en 9")
_MY_HAND_LISTED = re.compile(r"(?:^|[.?!]\s+)(?:my |mijn )?(?:hand|cards|kaarten)\b[^:.?]*:")
#: the asker's turn said ("it's my turn", "ik ben aan de beurt")
_MY_TURN = re.compile(r"\b(?:it'?s|it is|on) my turn\b|\b(?:ik ben|ben ik) aan de beurt\b")


def forced_call(question: Question) -> bool:
    """ "My hand is empty and it's my turn": the asker's empty hand must call BALZAK!."""
    return bool(_MY_TURN.search(question.lower)) and read_table(question).me.empty


def _my_hand_listed(question: Question) -> int | None:
    """Where the cards of a hand opened by "(my) hand ...:" start, as a word index."""
    found = _MY_HAND_LISTED.search(question.lower)
    return None if found is None else word_at(question.lower, found.end())


def _finish(question: Question, table: Table) -> None:
    """What is read once every word is placed: counts in words, empty hands, lists of cards,
    restated sums, a tie said in words."""
    _read_counts(question.words, table)
    _played_of_them(question, table)
    _read_empty_hands(question, table)
    for holder in table.holders:
        lists_as_cards(question, holder)
        number_before_a_card(question, holder)
        restated_sum(question, holder)
    table.others_same = bool(SAME.search(question.lower)) and len(table.holders) <= 2
    if OTHERS_HIGHER.search(question.lower):  # "nobody had fewer": "fewer" is no lower hand
        table.others_higher, table.others_lower = True, False
    elif NOBODY_FEWER.search(question.lower):  # "nobody had fewer" leaves a tie open
        table.others_higher, table.others_lower, table.unsure = False, False, True
    if table.caller is None and MY_CALL.search(question.lower):
        table.caller = 0
    if table.caller is None and OTHER_CALLED.search(question.lower):
        table.caller = _caller_named(question, table)
    if table.caller is None and table.me.empty and _MY_TURN.search(question.lower):
        table.caller = 0  # an empty hand on its turn can only call (the engine checks it)
    _group_size(question, table)
    _shared_hands(question, table)
    if BOTH_OF_US.search(question.lower) and len(table.holders) == 1 and table.me.points:
        other = _add_other(table, "the other player", "de andere speler")
        table.holders[other].points = list(table.me.points)


def _shared_hands(question: Question, table: Table) -> None:
    """ "Anna and Bram both hold 2": the first name holds a hand like the second's."""
    names = player_names(question)
    for first, second in shared_hands(question):
        one = next((h for h in table.holders if h.label_en == names[first]), None)
        two = next((h for h in table.holders if h.label_en == names[second]), None)
        if one is None or two is None or one.described or not two.described:
            continue
        one.points, one.cards, one.empty = list(two.points), list(two.cards), two.empty


def _judged_call(words: tuple[str, ...], i: int) -> bool:
    """ "Good call or not", "goede roep of niet": the word names the call judged, no caller."""
    after = words[i + 1 : i + 3]
    return len(after) == 2 and after[0] in ("or", "of") and after[1] in _VERDICT_WORDS


_VERDICT_WORDS = frozenset(["not", "false", "good", "bad", "niet", "vals", "goed", "fout"])


def _caller_named(question: Question, table: Table) -> int:
    """The caller of "a false BALZAK! by my sister": the player the words after "by" name, when
    the table holds them; else one more player, the caller."""
    found = OTHER_CALLED.search(question.lower)
    word = found.group(0).split()[-1] if found else ""
    if word in OTHERS:
        label = OTHERS[word][0]
        for i, holder in enumerate(table.holders[1:], 1):
            if holder.label_en == label:
                return i
    return _add_other(table, "the caller", "de roeper")


def _group_size(question: Question, table: Table) -> None:
    """A group said with its count ("the other three have -1, 6 and 9", "de andere twee hadden
    allebei 0"): one number for all of them is copied to each, and a count the numbers do not
    match leaves the table unsure."""
    found = GROUP.search(question.lower)
    counts = [
        GROUP_COUNTS[w] for w in (found.group(0).split() if found else ()) if w in GROUP_COUNTS
    ]
    if not counts or not table.grouped:
        return
    size = counts[0]
    assert found is not None
    first_word = word_at(question.lower, found.start())
    table.read.update(
        first_word + k for k, w in enumerate(found.group(0).split()) if w in GROUP_COUNTS
    )
    if len(table.grouped) == 1 and size > 1 and EACH.search(question.lower[found.end() :]):
        first = table.holders[table.grouped[0]]
        for _ in range(size - 1):
            copy = _add_other(table, "another player", "een andere speler")
            table.holders[copy].points = list(first.points)
            table.holders[copy].cards = list(first.cards)
            table.grouped.append(copy)
    if len(table.grouped) != size:
        table.unsure = True


def _passive(words: tuple[str, ...], i: int) -> bool:
    """ "a good BALZAK! was called": the call of a player the question does not name."""
    return i > 0 and words[i - 1] in ("was", "werd", "wordt", "been", "got", "is", "gets")


def _named(table: Table, name: str) -> int:
    for i, holder in enumerate(table.holders):
        if holder.label_en == name:
            return i
    return _add_other(table, name, name)


def _words_in(lower: str, spans: list[tuple[int, int]], index: int) -> int:
    for s, e in spans:
        if word_at(lower, s) == index:
            return len(re.findall(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?", lower[s:e]))
    return 1


def _is_number(word: str) -> bool:
    return word.lstrip("-").isdigit()


def _count_before(words: tuple[str, ...], i: int) -> int:
    """How many of the card named at ``i`` ("two Swingers", "2 luls"): 1 unless said."""
    if i == 0:
        return 1
    before = words[i - 1]
    if before in ("the", "de", "het") and i >= 3 and words[i - 2] in ("keer", "times", "maal"):
        before = words[i - 3]  # "twee keer de Bruisbal"
    if before == "of" and i >= 2 and words[i - 2] in ("pair", "paar"):
        return 2  # "a pair of Swingers"
    if before.isdigit() and 1 <= int(before) <= 8:
        return int(before)
    return NUMBER_WORDS.get(before, 1) if before not in ("een", "één", "one") else 1


def _place_card(
    table: Table, current: int | None, words: tuple[str, ...], i: int, mention: Mention
) -> int:
    """A card named at ``i`` ("two Swingers", "The Lul") given to the player read last, or to
    the cards the asker plays; returns how many more words the name takes."""
    count = _count_before(words, i)
    if count > 1:
        keer = i >= 3 and words[i - 2] in ("keer", "times", "maal")  # "twee keer de Bruisbal"
        table.read.add(i - 3 if keer and words[i - 1] in ("the", "de", "het") else i - 1)
    if current == ACTED:
        table.acted.extend([mention.name] * count)
    else:
        _holder(table, current).cards.extend([mention.name] * count)
    return len(mention.said.split()) - 1


def _holder(table: Table, current: int | None) -> Holder:
    if current is None:  # a card named for "the others": one more player
        table.grouped.append(_add_other(table, "the other player", "de andere speler"))
        return table.holders[table.grouped[-1]]
    return table.holders[current]


def _add_other(table: Table, en: str, nl: str) -> int:
    table.holders.append(Holder(False, en, nl))
    return len(table.holders) - 1


def _names_a_player(words: tuple[str, ...], i: int) -> bool:
    """ "another player", "the other one", "een andere speler" (not "other cards")."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return (
        nxt in OTHERS
        or nxt in {"one", "holds", "has", "had", "held", "heeft", "calls", "roept", "hield", ""}
        or (_is_number(nxt))
    )


def _after_count(words: tuple[str, ...], i: int) -> bool:
    """ "two-player game", "4 players": a count of players, no player of the table."""
    if words[i] not in ("player", "players", "speler", "spelers"):
        return False
    return i > 0 and (words[i - 1] in COUNTS or words[i - 1].isdigit())


def _after_new_other(words: tuple[str, ...], i: int) -> bool:
    return i > 0 and words[i - 1] in NEW_OTHER


def _new_other(table: Table, words: tuple[str, ...], i: int) -> int:
    nxt = words[i + 1] if i + 1 < len(words) else ""
    en, nl = OTHERS.get(nxt, ("the other player", "de andere speler"))
    if len(table.holders) > 1:
        en, nl = "another player", "een andere speler"
    return _add_other(table, en, nl)


def _other(table: Table, current: int | None, word: str) -> int:
    """The player ``word`` names: the last one named if nothing is known of them yet and they
    were named the same way, else a new one."""
    en, nl = OTHERS[word]
    last = len(table.holders) - 1
    if last > 0:
        holder = table.holders[last]
        same = holder.label_en == en and holder.label_nl == nl  # "buurman" is no "buurvrouw"
        if not holder.described and (same or current == last):
            return last
        if same and en != "the other player":
            return last
    if last > 0 and en == "the other player":
        en, nl = "another player", "een andere speler"
    return _add_other(table, en, nl)


def _read_number(table: Table, current: int | None, words: tuple[str, ...], i: int) -> int | None:
    """A number in a hand: points ("3 points", "with 3") or a card ("a 3", "two 7s")."""
    value = int(words[i])
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if i > 0 and words[i - 1] in ("than", "dan"):
        return current  # "more than 3": a bound, no hand (left unread, so not guessed at)
    if nxt in NOT_POINTS or (
        i > 0 and words[i - 1] in NOT_A_HAND and not (_on_points(words, i) or _called_on(words, i))
    ):
        return current
    if nxt == "of" and i + 2 < len(words) and words[i + 2] == "us":
        return current  # "3 of us": a count of players
    if i + 1 in _mention_starts(words) or nxt in ("luls", "swingers"):
        return current  # "2 swingers": counted with the card
    if current == ACTED and i > 0 and words[i - 1] in _DRAWS and nxt != "s":
        if value == 1:  # "dump three 6s and draw 1": the one card drawn back, as the engine
            table.read.add(i)
        return current
    if current == ACTED:
        table.acted.extend([str(value)] * (_card_count(words, i) if nxt == "s" else 1))
        return current
    if current is None:  # "the others have 6 and 9"
        table.grouped.append(_add_other(table, "another player", "een andere speler"))
        holder = table.holders[table.grouped[-1]]
        holder.points.append(value)
        holder.points_at.append(i)
        return None
    holder = table.holders[current]
    before = words[i - 1] if i > 0 else ""
    if nxt == "s" or before in {"a", "an", "een", "one", "the", "de", "het", "single"}:
        holder.cards.extend([str(value)] * (_card_count(words, i) if nxt == "s" else 1))
    else:
        holder.points.append(value)
        holder.points_at.append(i)
    return current


#: words after which "my" names the cards played ("discard my 7s", "throw down both my 10s")
_PLAYED_MY = ACTING | {"both", "all", "beide", "alle", "down", "away", "out", "two", "three",
                       "twee", "drie"}  # fmt: skip
#: verbs of drawing: a number after them counts cards drawn, no card played
_DRAWS = frozenset(["draw", "draws", "drew", "trek", "trekt", "pick", "take", "takes"])


def _card_count(words: tuple[str, ...], i: int) -> int:
    """How many of the Balzak said at ``i`` ("two 7s", "a pair of 6s", "three 9s"): 1 unless
    said."""
    before = words[i - 1] if i > 0 else ""
    if before in ("my", "mijn") and i >= 2:
        before = words[i - 2]  # "both my 10s"
    if before == "of" and i >= 2 and words[i - 2] in ("pair", "paar"):
        return 2
    return NUMBER_WORDS.get(before, 1)


def _called_on(words: tuple[str, ...], i: int) -> bool:
    """ "I called BALZAK! on 4": the caller's hand, not a total on the score sheet."""
    before = words[max(0, i - 3) : i - 1]
    return words[i - 1] == "on" and any(CALL.match(w) for w in before)


def _numbers_held(table: Table) -> int:
    """How many numbers the table holds so far (to see whether a number was placed)."""
    return len(table.acted) + sum(len(h.points) + len(h.cards) for h in table.holders)


def _read_counts(words: tuple[str, ...], table: Table) -> None:
    """A count said in words is read with the cards it counts: "two 7s", "twee zevens", "drie
    vijven" (the cards themselves are read by the readers that count them)."""
    for i, word in enumerate(words[:-1]):
        nxt = words[i + 1]
        counted = nxt in VALUE_WORDS or (
            i + 1 in table.read and i + 2 < len(words) and words[i + 2] == "s"
        )
        if word in NUMBER_WORDS and counted:
            table.read.add(i)
        if word in VALUE_WORDS:
            table.read.add(i)


def _mention_starts(words: tuple[str, ...]) -> set[int]:
    return {i for i, w in enumerate(words) if w in {"lul", "swinger", "luls", "swingers", "lull"}}


def _read_empty_hands(question: Question, table: Table) -> None:
    """ "I have no cards", "my neighbour has an empty hand": whose hand is empty."""
    named = {h.label_en.casefold(): h for h in table.holders[1:]}
    for match in EMPTY.finditer(question.lower):
        before = question.lower[: match.start()].split()
        for word in reversed(before):
            word = word.strip("!?,.:;")
            if word in named:  # "Jan has no cards anymore"
                named[word].empty = True
                break
            if word in ME:
                table.me.empty = True
                break
            if word in OTHERS or word in PRONOUNS or word in ("who", "die"):
                if len(table.holders) == 1:
                    _add_other(table, *OTHERS.get(word, ("the other player", "de andere speler")))
                table.holders[-1].empty = True
                break
        else:
            table.me.empty = True


def played_in_words(question: Question) -> Counter[str]:
    """The Balzakken played said in words after a verb of discarding ("ik leg alle drie de
    vijven af"): the value word last said and the count before it."""
    words = question.words
    acting = [i for i, w in enumerate(words) if w in ACTING]
    if not acting:
        return Counter()
    after = [i for i in range(acting[0] + 1, len(words)) if words[i] in VALUE_WORDS]
    if not after:  # a Dutch verb comes last ("als ik twee vijven tegelijk afleg")
        after = [i for i in range(acting[-1]) if words[i] in VALUE_WORDS]
    if len({words[i] for i in after}) != 1:
        return Counter()
    at = after[-1]
    before = [w for w in words[max(0, at - 3) : at] if w in NUMBER_WORDS]
    if not before:
        return Counter()
    return Counter({str(VALUE_WORDS[words[at]]): NUMBER_WORDS[before[-1]]})


def value_words(question: Question) -> list[int]:
    """Card values said in words ("twee zevens", "two sevens")."""
    return [VALUE_WORDS[w] for w in question.words if w in VALUE_WORDS]


def _on_points(words: tuple[str, ...], i: int) -> bool:
    """ "Now I'm on 4 points, can I call?": in a yes/no question about a hand, "on" a few points
    is the hand (a total on the score sheet is read by the totals, before any hand)."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return words[i - 1] in ("on", "op") and nxt in POINT_WORDS and 0 <= int(words[i]) <= 5
