"""A turn's actions: discarding (several of one value), swapping with the discard pile, playing
The Swinger or The Lul ("Playing the Game", "Card Types").

The action the question names is written in the game's notation and tried by the engine for the
asker, on the move, holding the cards the question names; a refusal gives its rule, an accepted
action what it did (cards drawn, hands swapped, the card laid in front of a player).

>>> from gametable.rulebook.question import Question
>>> turn(Question.read("Can I put The Lul on the discard pile?")).text.split()[0]
'No.'
>>> turn(Question.read("Can I discard my two 7s at once?")).text.split()[0]
'Yes.'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gametable.core.errors import IllegalAction
from gametable.core.protocol import State
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.asking import MAY_TOO
from gametable.games.balzakken.answers.build import build, cards_worth, load
from gametable.games.balzakken.answers.did import what_it_did
from gametable.games.balzakken.answers.grammar import (
    Table,
    played_in_words,
    read_table,
    value_words,
)
from gametable.games.balzakken.answers.mentions import lul_on_me, word_at
from gametable.games.balzakken.answers.names import card_name
from gametable.games.balzakken.answers.pile import PILE_SAID as _PILE_SAID
from gametable.games.balzakken.answers.pile import other_top, said_top
from gametable.games.balzakken.answers.vocab import NUMBER_WORDS
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balzakken"
_DISCARD_PILE = r"(?:discard pile|discard-pile|discard stack|aflegstapel|afleg stapel)"
_TOP = re.compile(
    rf"\b(?:top (?:card )?of the {_DISCARD_PILE}|top card|the top|from the {_DISCARD_PILE}|"
    r"bovenste kaart|van de aflegstapel|de bovenste)\b"
)
_ON_PILE = re.compile(
    rf"\b(?:on|onto|op|to) (?:the |de )?{_DISCARD_PILE}|\b(?:discard|afleggen|weggooien) "
    r"(?:the |de |a |an |een |my |mijn )?(?:lul|swinger)"
)
_SWAP = re.compile(
    r"\b(?:swap|swaps|swapping|exchange|trade|trading|ruil|ruilen|wissel|wisselen)\b"
)
_PLAY = re.compile(
    r"\b(?:play|plays|playing|played|speel|spelen|use|gebruik|lay|leg|leggen|put|place|swing|"
    r"swingen|give|gives|geef|geeft|geven|neerleggen|neer)\b"
)
_DISCARD = re.compile(
    r"\b(?:discard|discarding|throw away|throw|dump|dumping|dumped|toss|get rid of|afleggen|afleg|aflegt|"
    r"(?:put|lay|place) (?:them |both |all |these )?(?:down )?(?:on|onto) the (?:discard )?pile|"
    r"leg .* af|weggooien|wegleggen|weg|gooien)\b"
)
#: the asker as the target: said after a placing word ("in front of myself", "op mezelf"), or
#: alone with no hand or cards after it ("can I give it to me?")
_SELF = re.compile(
    r"\b(?:on|onto|in front of|before|to|at|for|against|voor|op|bij|tegen)\s+(?:myself|mezelf|"
    r"mijzelf)\b|\b(?:myself|me|mezelf|mijzelf|zelf)\b(?!.*\b(?:hand|cards)\b)"
)
_EMPTY_TARGET = re.compile(
    r"\b(?:on|in front of|voor|op)\b.*\b(?:no cards|empty hand|geen kaarten|lege hand)\b"
)
_ONLY = re.compile(
    r"\b(?:only card|last card|only the swinger|only have the swinger|enige kaart|laatste kaart|"
    r"alleen (?:nog )?de swinger|(?:the |my |a )?swinger only|just (?:the|my) swinger|"
    r"nothing but (?:the |my )?swinger|alleen (?:nog )?(?:de |mijn )?swinger|"
    r"all i have(?: left)? is (?:the |my )?swinger|(?:the |my )?swinger is all i have)\b"
)
_TOGETHER = re.compile(
    r"\b(?:together|at once|at the same time|in one go|in one turn|in a single turn|in the same "
    r"turn|all at once|tegelijk|samen|tegelijkertijd|in (?:een|één|1) (?:keer|beurt)|in dezelfde "
    r"beurt|in (?:één|een) zet)\b"
)
#: the question speaks of several cards while the action read plays one
_SEVERAL = re.compile(r"\b(?:both|all (?:two|three|four)|beide|allebei|alle (?:twee|drie|vier))\b")
#: several action cards said ("two Luls", "twee Lullen", "both Swingers")
_ACTION_CARDS_COUNTED = re.compile(
    r"\b(?:two|three|four|both|twee|drie|vier|beide|allebei|2|3|4) (?:of )?(?:my |mijn |the |de )?"
    r"(?:luls|lullen|swingers)\b"
)
_CARD_WORD = re.compile(r"\b(lul|swinger|lull|swingers|luls|lullen|swing|swingen)\b")
#: taking back one of the cards just discarded ("one of my own 8s", "the card I just threw",
#: "mijn eigen 7", "een van die zevens terug"): not the card that lay on top before
_OWN_BACK = re.compile(
    r"\b(?:own|eigen)\b|\b(?:card|cards|one|ones|those|it|them|die|kaart|kaarten) (?:that |which "
    r"|die |dat )?(?:i|ik) (?:just |net |zojuist )?(?:discarded|threw|dumped|put down|"
    r"(?:heb )?afgelegd|aflegde|weggooide|(?:heb )?weggegooid)\b|"
    r"\b(?:one of (?:them|those|these)|(?:een|één) (?:ervan|van die|daarvan))\b"
)
#: the asker plays an action card on a player named before it ("can I give him the Lul?")
_I_PLAY = re.compile(
    r"\b(?:i|ik) (?:still |nog |then |dan )?(?:give|play|lay|put|geef|speel|leg) "
    r"(?:[^\W\d_]+ )?(?:the |de |my |mijn )?(?:lul|lull|swinger)\b"
)
#: the card swapped, named by its value after the verb ("swap my 11", "mijn 10 ... ruilen")
_SWAPPED = re.compile(
    r"\b(?:swap|exchange|trade|ruil|ruilen|wissel)\w* (?:my |mijn |the |de |a |an |een )?(-?\d+)\b|"
    r"\b(?:my|mijn) (-?\d+) (?:[^\W\d_]+ ){0,3}(?:ruilen|swappen|wisselen|inruilen)\b"
)
#: "swing with him": playing The Swinger named by its verb
_SWING_WITH = re.compile(r"\bswing(?:en)? (?:with|met)\b")


#: a yes/no question the turns answer asks whether the asker may do something
_MAY_I = re.compile(
    r"\b(?:can|may|could|mag|kan|kun|mogen) (?:i|ik)\b|\bam i allowed\b|"
    r"\b(?:is it|is that) (?:allowed|legal|ok|okay)\b|\b(?:allowed|legal|toegestaan)\b"
)
#: how many cards the asker holds before the action ("with 4 cards in my hand")
_HAND_SIZE = re.compile(
    r"\b(?:with|holding|from a hand of|a hand of|met|van) (\d) (?:cards|kaarten)\b|"
    r"\bhand of (\d)\b|\b(\d) (?:cards|kaarten) in (?:my|mijn) hand\b"
)
#: the hand of the player an action card is played on ("on Kim, who has 2 cards")
_TARGET_SIZE = re.compile(
    r"\b(?:on|with|to|of|op|voor|met|aan) (?:[^\W\d_]+(?: [^\W\d_]+)?),? (?:who (?:has|holds) (\d) "
    r"cards?|die (?:(\d) kaarten? (?:heeft|houdt)|(?:heeft|houdt) (\d) kaarten?))\b"
)


def _target_size(lower: str) -> tuple[int, int] | None:
    """The hand size said of the player an action card is played on, and where it stands."""
    found = _TARGET_SIZE.search(lower)
    if found is None:
        return None
    group = next(g for g in range(1, 4) if found.group(g) is not None)
    return int(found.group(group)), found.start(group)


#: the numbers a turn works out: cards drawn, the chosen player's hand, the asker's hand
_DRAWN = re.compile(
    r"\bhow many (?:cards )?(?:do|does|will|must|should) (?:i|you|he|she|they|the \w+(?: \w+)?) "
    r"(?:draw|take|pick up)\b|\bhoeveel (?:kaarten )?(?:trek|trekt|pak|pakt)\b"
)
_THEIRS = re.compile(
    r"\bhow many cards (?:does|do|will) (?:the other player|my neighbou?r|my opponent|he|she|"
    r"they|the chosen player|that player|[^\W\d_]+) (?:get|have|hold|end up with)\b|"
    r"\bhoeveel kaarten (?:krijgt|heeft|houdt) (?:de andere speler|mijn buurman|mijn tegenstander|"
    r"hij|zij|[^\W\d_]+)\b"
)
_MINE = re.compile(
    r"\bhow many cards (?:do|will) i (?:have|hold|keep|end up with)\b|"
    r"\bhoeveel kaarten (?:heb|houd) ik\b"
)


def asks_turn(question: Question) -> bool:
    """Discard, swap or play a card: "can I ...?", "what happens when I ...?", or how many
    cards it leaves ("how many cards do I draw after discarding two 6s?")."""
    lower = question.lower
    if question.kind == "yesno" and not (_MAY_I.search(lower) or _OWN_BACK.search(lower)):
        return False  # "does the player who plays The Lul draw?": not whether one may
    if question.kind == "number" and not (
        _DRAWN.search(lower) or _THEIRS.search(lower) or _MINE.search(lower)
    ):
        return False
    return bool(_DISCARD.search(lower) or _SWAP.search(lower) or (
        _PLAY.search(lower) and _CARD_WORD.search(lower)
    ))  # fmt: skip


def read_numbers(question: Question) -> set[int]:
    """The indices (in ``question.words``) of the numbers a turn reads: the cards named and
    the asker's hand size."""
    read = set(read_table(question).read)
    found = _HAND_SIZE.search(question.lower)
    if found:
        group = next(i for i, g in enumerate(found.groups(), 1) if g is not None)
        read.add(word_at(question.lower, found.start(group)))
    target = _target_size(question.lower)
    if target:
        read.add(word_at(question.lower, target[1]))
    for found in _OWN_VALUE.finditer(question.lower):  # "my own 8s": the value just discarded
        read.add(word_at(question.lower, found.start(1)))
    return read


#: the value named as one's own card ("one of my own 8s", "mijn eigen tien")
_OWN_VALUE = re.compile(r"\b(?:own|eigen) (-?\d+|[^\W\d_]+)\b")


#: a player with no cards asking about drawing ("must I draw a card?")
_DRAW = re.compile(r"\b(?:draw|draws|drawing|trek|trekken|trekt)\b")


#: what the asker may do, asked ("what am I supposed to do?", "wat moet ik doen?")
_WHAT_TO_DO = re.compile(
    r"\bwhat (?:am i supposed to|do i|should i|can i|must i|may i) do\b|\bwhat now\b|"
    r"\bwat (?:moet|kan|mag) ik (?:dan |nu )?doen\b"
)


def asks_empty_hand(question: Question) -> bool:
    """ "I have no cards left. Can I discard?", "moet ik een kaart trekken?", "my hand is empty
    and it's my turn: what do I do?"."""
    if _WHAT_TO_DO.search(question.lower) and question.kind != "yesno":
        return read_table(question).me.empty
    if question.kind != "yesno" or _CARD_WORD.search(question.lower):
        return False  # the Lul played on an empty hand does make it draw
    table = read_table(question)
    lower = question.lower
    if not table.me.empty:  # another empty hand: only whether that player draws
        other = len(table.holders) == 2 and table.holders[1].empty
        return other and bool(_DRAW.search(lower) and _THEY_DRAW.search(lower))
    return bool(_DISCARD.search(lower) or _SWAP.search(lower) or _DRAW.search(lower))


#: the other player asked about ("does he draw?", "moet zij trekken?"), not the asker
_THEY_DRAW = re.compile(
    r"\b(?:does|do|must|will|should|has|moet|hoeft|trekt|krijgt|pakt) (?!i\b|ik\b|you\b|je\b)"
    r"[^\W\d_]+\b"
)


def empty_hand(question: Question) -> Answer | None:
    """With an empty hand the engine offers one action, BALZAK!: nothing is discarded, swapped
    or drawn.  The verdict is No (one may not, nor must one draw)."""
    position = build([[], ["9", "8"]], to_move=0)
    state = load(position)
    if state is None or [str(a) for a in state.legal_actions(0)] != ["balzak"]:
        return None
    if question.kind != "yesno":
        return checked(
            GAME, question,
            question.say("Call BALZAK!: it is the only thing you may do.",
                         "BALZAK! roepen: meer mag je niet doen."),
            question.say(
                "With no cards you hold 0 points and draw nothing; on your turn you must call "
                "BALZAK!, and the call is scored like any other.",
                "Zonder kaarten heb je 0 punten en trek je niets; in je beurt moet je BALZAK! "
                "roepen, en die roep telt als elke andere.",
            ),
            [refs.EMPTY_HAND], position=position,
        )  # fmt: skip
    try:
        state.clone().apply("discard 5", 0)
    except IllegalAction as error:
        return checked(
            GAME, question, yes_no(question, False), refs.refusal_reason(question, error),
            [error.rule], position=position,
        )  # fmt: skip
    return None


def turn(question: Question) -> Answer | None:
    """The engine's judgement of the action the question names (see the module docstring)."""
    said, question = said_top(question)
    table = read_table(question)
    read = named_action(question, table)
    if read is None:
        return None
    hand, action, extra = read
    if _other_card_played(question, table, action):
        return None
    if (
        said is not None
        and _SWAP.search(question.lower)
        and re.fullmatch(r"(?:swinger|lul) \d", action)
    ):
        action = f"swap {'S' if action.startswith('swinger') else 'L'}"  # for the top card said
    size = _HAND_SIZE.search(question.lower)
    if size:
        padded = _padded(hand, int(next(g for g in size.groups() if g is not None)))
        if padded is None:
            return None
        hand = padded
    own = _OWN_BACK.search(question.lower) is not None
    if own and not (question.kind == "yesno" and re.fullmatch(r"discard \S+x\d top", action)):
        return None  # taking back one's own discard is judged only as "several ... top"
    if lul_on_me(question):
        return None  # the asker is the chosen player, not the one who plays The Lul
    theirs = _neighbour_hand(hand, extra)
    target = _target_size(question.lower)
    if target:
        theirs = _padded([], target[0], taken=hand) or []
        if not action.endswith(" 1") or len(theirs) != target[0]:
            return None
    top = other_top(hand, theirs) if own else None
    if said is not None:
        if own:
            return None  # the card on top said, and one's own discard taken back: not read
        top = [said]
    position = build([hand, theirs, *extra], to_move=0, discard=top)
    state = load(position)
    if state is None:
        return None
    if action == "mixed":
        return _mixed_values(question, state, hand, position)
    if action == "two":
        return _two_luls(question, state, position)
    if _SEVERAL.search(question.lower) and re.fullmatch(r"(?:discard|swap) -?\d+(?: top)?", action):
        return None  # "both" said, one card read: the reading missed a card
    one = re.search(r"\b(?:one|een|één)(?: of them| ervan| van)?\b", question.lower)
    counted = _ACTION_CARDS_COUNTED.search(question.lower)
    if counted and not one and re.fullmatch(r"(?:lul|swinger) \d", action):
        return None  # "twee Lullen" said, one played: the reading missed a card
    before = state.clone()
    try:
        state.apply(action, 0)
    except IllegalAction as error:
        return checked(
            GAME, question, yes_no(question, False), refs.refusal_reason(question, error),
            [error.rule], position=position,
        )  # fmt: skip
    if own:
        return _own_back(question, before, state, action, position)
    sentence, rule = what_it_did(
        question, before, state, action, top_said=said is not None,
        sized=bool(_HAND_SIZE.search(question.lower) or _target_size(question.lower)),
    )  # fmt: skip
    verdict = yes_no(question, True) if question.kind == "yesno" else ""
    if question.kind == "number":
        number = _cards_counted(question, before, state, action)
        if number is None:
            return None
        verdict = f"{number}."
        if MAY_TOO.search(question.lower):  # "may I ..., and how many ...?": both answered
            verdict = f"{yes_no(question, True)} {number}."
    return checked(GAME, question, verdict, sentence, rule, position=position)


def _own_back(
    question: Question, before: State, after: State, action: str, position: dict[str, Any]
) -> Answer | None:
    """ "Can I take one of my own 8s back?": the engine draws back the card that lay on top
    before the discard, never one of the cards just discarded, so the verdict is No."""
    top = before.view(0)["discard_pile"][-1]
    card = action.split()[1].partition("x")[0]
    if top == card or Counter(after.view(0)["hand"])[top] <= Counter(before.view(0)["hand"])[top]:
        return None
    return checked(
        GAME, question, yes_no(question, False),
        question.say(
            "After discarding several of one value you draw back one card, from the draw pile "
            f"or the card that lay on top of the discard pile before you discarded (here the "
            f"{card_name(top, 'en')}); the cards you just discarded stay on the pile.",
            "Na het samen afleggen trek je één kaart terug, van de trekstapel of de kaart die "
            f"vóór het afleggen bovenop de aflegstapel lag (hier de {card_name(top, 'nl')}); de "
            "kaarten die je net aflegde, blijven liggen.",
        ),
        [refs.SAME_VALUE], position=position,
    )  # fmt: skip


#: a hand said as held: the cards after it are the whole hand the asker tells of
_HOLDING = re.compile(r"\b(?:i hold|i have|i've got|i got|ik heb|ik hou|in my hand|in mijn hand)\b")


def _other_card_played(question: Question, table: Table, action: str) -> bool:
    """Whether the action read discards or swaps a Balzak of a value other than the one the
    question says is played ("Ik heb twee zevens en een 9. Mag ik de twee zevens afleggen?"
    judged as a discard of the 9): the engine would then judge another action than the one
    asked, so the reply is left to the rules text."""
    kind, _, rest = action.partition(" ")
    if kind not in ("discard", "swap") or not rest:
        return False
    card = rest.split()[0].partition("x")[0]
    played = set(played_in_words(question)) | {c for c in table.acted if c not in ("S", "L")}
    return bool(played) and card not in played


def _padded(hand: list[str], size: int, taken: Sequence[str] = ()) -> list[str] | None:
    """``hand`` filled up with Balzakken to ``size`` cards (``None`` when it holds more),
    leaving out the values of ``taken`` (another hand's cards)."""
    if size < len(hand) or size > 8:
        return None
    used = Counter([*hand, *taken])
    fill = [str(v) for v in (9, 10, 6, 4, 2, 5, 8, 1) if used[str(v)] == 0]
    return [*hand, *fill[: size - len(hand)]]


def _cards_counted(question: Question, before: State, after: State, action: str) -> int | None:
    """The number of cards the question asks about, read from the views before and after the
    engine played ``action``: cards drawn, the chosen player's hand, or the asker's hand."""
    lower = question.lower
    was, now = before.view(0)["hand_sizes"], after.view(0)["hand_sizes"]
    kind, _, rest = action.partition(" ")
    target = int(rest) if kind in ("lul", "swinger") else None
    sized = _HAND_SIZE.search(lower) is not None  # hands after an action need the size said
    if _MINE.search(lower):
        return int(now[0]) if sized else None
    if _THEIRS.search(lower) and target is not None:
        if kind == "lul":
            return int(now[target]) if _target_size(lower) else None
        return int(now[target]) if sized and kind == "swinger" else None
    if _DRAWN.search(lower):
        if kind == "discard":
            discarded = int(rest.split()[0].partition("x")[2] or 1)
            return int(now[0] - (was[0] - discarded))
        if kind == "lul" and target is not None and not re.search(r"\b(?:i|ik)\b", lower):
            return int(now[target] - was[target])
    return None


def named_action(question: Question, table: Table) -> tuple[list[str], str, list[list[str]]] | None:
    """The asker's hand, the action in notation, and the hands of players after the
    neighbour (an empty-handed target)."""
    lower = question.lower
    swapped = _SWAPPED.search(lower) if _SWAP.search(lower) else None
    value = next((g for g in swapped.groups() if g is not None), None) if swapped else None
    if value is not None and value in table.me.cards:  # "swap my -1 for the 3": that card
        return list(table.me.cards), f"swap {value}", []
    if table.me.listed:
        return _from_listed(question, table)
    held_and_played = _held_and_played(question, table)
    if held_and_played is not None:
        return held_and_played
    named = [*table.me.cards, *table.acted]
    actions = [c for c in named if c in ("S", "L")] or (["S"] if _SWING_WITH.search(lower) else [])
    if not actions and _I_PLAY.search(lower):  # "can I give him the lul?": read with "him"
        actions = [c for h in table.holders[1:] for c in h.cards if c in ("S", "L")][:1]
    values = [c for c in named if c not in ("S", "L")]
    if not values and not actions:
        said = value_words(question)
        counted = re.search(r"\b(two|twee|both|beide|three|drie|four|vier)\b", lower)
        count = NUMBER_WORDS[counted.group(1)] if counted else 1
        values = [str(v) for v in said] * count if said else []
    extra: list[list[str]] = []
    only = bool(_ONLY.search(lower))
    if actions:
        card = actions[0]
        hand = list(actions)
        if not only:
            hand = [*hand, "3"]
        together = _TOGETHER.search(lower) or re.search(r"\b(?:both|beide)\b", lower)
        if actions.count(card) > 1 and together:
            return hand, "discard Sx2" if card == "S" else "two", extra
        if len(set(actions)) > 1 and together:
            return hand, "two", extra  # "the Lul and the Swinger, both in one turn"
        if _SWAP.search(lower) and (_TOP.search(lower) or _PILE_SAID.search(lower)):
            return hand, f"swap {card}", extra
        if _ON_PILE.search(lower):
            return hand, f"discard {card}", extra
        if not _PLAY.search(lower) and not _SWAP.search(lower):
            return None
        verb = "swinger" if card == "S" else "lul"
        if _SELF.search(lower):
            return hand, f"{verb} 0", extra
        if _EMPTY_TARGET.search(lower) or any(h.empty for h in table.holders[1:]):
            extra.append([])
            return hand, f"{verb} 2", extra
        return hand, f"{verb} 1", extra
    if not values:
        return None
    if len(set(values)) > 1 and _TOGETHER.search(lower) and _DISCARD.search(lower):
        return [*values, "3"], "mixed", extra
    card = values[0]
    count = values.count(card)
    hand = [*values, "3"] if card != "3" else [*values, "4"]
    if _SWAP.search(lower):
        return hand, f"swap {card}", extra
    if not _DISCARD.search(lower):
        return None
    if count == 1 and _TOGETHER.search(lower):
        return None
    top = " top" if _TOP.search(lower) else ""
    return hand, f"discard {card}x{count}{top}" if count > 1 else f"discard {card}{top}", extra


def _from_listed(question: Question, table: Table) -> tuple[list[str], str, list[list[str]]] | None:
    """A hand said as a list ("I hold 4, 4 and 9") and the Balzakken played named apart ("both
    4s"): the hand is the list, which must hold the cards played, all of one value."""
    lower = question.lower
    hand = list(table.me.listed)
    played = Counter(table.me.cards) - Counter(hand)
    played.update(table.acted)
    if not played:  # "I have 7, 7 and 2. Can I discard both sevens?": the cards said in words
        played = played_in_words(question)
    swapped = _SWAPPED.search(lower)
    if not played and swapped and _SWAP.search(lower):  # "swap my 11 for that 2"
        played = Counter([next(g for g in swapped.groups() if g is not None)])
    if _SWAP.search(lower) and len(played) == 2:  # "swap my 9 for the 1": the 1 is on the pile
        played = Counter({c: n for c, n in played.items() if c in hand})
    if len(played) != 1:
        return None
    card, count = next(iter(played.items()))
    if card in ("S", "L") or Counter(hand)[card] < count:
        return None
    if _SWAP.search(lower):
        return (hand, f"swap {card}", []) if count == 1 else None
    if not _DISCARD.search(lower):
        return None
    top = " top" if _TOP.search(lower) else ""
    return hand, f"discard {card}x{count}{top}" if count > 1 else f"discard {card}{top}", []


def _held_and_played(
    question: Question, table: Table
) -> tuple[list[str], str, list[list[str]]] | None:
    """A hand said ("I have two 7s and a 9") and the Balzakken played named apart ("discard both
    7s"): the hand holds what it said and the cards played; only those are played.  ``None``
    when the question names no Balzak played beside a hand, or plays several values."""
    played = Counter(c for c in table.acted if c not in ("S", "L"))
    held = [c for c in table.me.cards if c not in ("S", "L")]
    if not played or not held or len(table.acted) != sum(played.values()):
        return None
    if len(played) != 1 or table.me.points:
        return None
    card, count = next(iter(played.items()))
    if 0 < held.count(card) < count:
        return None  # "two 7s ... discard three of them": more played than said held
    if not held.count(card) and _HOLDING.search(question.lower):
        return None  # "I hold a 9. Can I discard two 7s?": a hand said without them
    hand = [*held, *[card] * max(0, count - held.count(card))]
    if len(hand) > 8:
        return None
    lower = question.lower
    if _SWAP.search(lower):
        return (hand, f"swap {card}", []) if count == 1 else None
    if not _DISCARD.search(lower):
        return None
    top = " top" if _TOP.search(lower) else ""
    return hand, f"discard {card}x{count}{top}" if count > 1 else f"discard {card}{top}", []


def _neighbour_hand(hand: list[str], extra: list[list[str]]) -> list[str]:
    used = Counter(hand)
    return cards_worth(17, used) or ["9", "8"]


def _mixed_values(
    question: Question, state: State, hand: list[str], position: dict[str, Any]
) -> Answer:
    """Two values at once: the engine's legal actions (listed) discard one value at a time."""
    legal = [str(a) for a in state.legal_actions(0)]
    return checked(
        GAME,
        question,
        yes_no(question, False),
        question.say(
            "Only Balzakken of the same value go down together; cards of different values are "
            "discarded one per turn.",
            "Alleen Balzakken van dezelfde waarde leg je samen af; kaarten van verschillende "
            "waarde leg je één per beurt af.",
        ),
        [refs.SAME_VALUE],
        position=position,
        details=[question.say("Legal here: ", "Hier mag: ") + ", ".join(legal)],
    )


def _two_luls(question: Question, state: State, position: dict[str, Any]) -> Answer | None:
    """Two action cards at once: no legal action of the engine plays more than one."""
    legal = [str(a) for a in state.legal_actions(0)]
    if any(a.startswith("discard L") for a in legal):
        return None
    return checked(
        GAME, question, yes_no(question, False),
        question.say(
            "A turn is one action and playing an action card plays one card: each action card "
            "goes face up in front of a player on a turn of its own.",
            "Een beurt is één actie en een actiekaart spelen is één kaart: elke actiekaart leg "
            "je in een eigen beurt open voor een speler.",
        ),
        [refs.ONE_ACTION, refs.LUL_PLAYED], position=position,
        details=[question.say("Legal here: ", "Hier mag: ") + ", ".join(legal)],
    )  # fmt: skip
