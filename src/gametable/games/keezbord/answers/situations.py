"""Questions that describe a Keezbord situation, built as positions and judged by the referee.

Each reader below recognises one kind of situation from the words of
:mod:`~gametable.games.keezbord.answers.words`, builds it as a position with seat ``a`` to move
(:class:`~gametable.games.keezbord.answers.referee.Trial`), asks the engine and answers from its
ruling: the verdict first, then the engine's reason, then the rule it rests on.  A reader that
cannot build the situation from what the question says returns ``None``.

Boards: two players start at 0 (``a``) and 32 (``b``); four at 0, 16, 32, 48; six on a 96-space
board at 0, 16, ... 80.  Partners sit opposite (``a`` and ``c`` with four players).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from gametable.core.rules import RuleRef
from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.referee import (
    Ruling,
    Trial,
    judge,
    moved,
    refusal,
    where,
)
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "keezbord"
#: the forward steps of the cards that move one pawn forward (Card Meanings)
FORWARD = {"A": 1, "2": 2, "3": 3, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "Q": 12}
_BY_STEPS = {steps: card for card, steps in FORWARD.items()}


def start(seat: int, players: int) -> int:
    """Seat ``seat``'s start space."""
    return 32 * seat if players == 2 else 16 * seat


def partner(players: int) -> str:
    """Seat ``a``'s partner: ``c`` with four players, ``d`` with six."""
    return "abcdef"[players // 2]


def rule_of(ruling: Ruling, fallback: Iterable[RuleRef]) -> list[RuleRef]:
    refs = [ruling.rule] if ruling.rule is not None else []
    return refs + [r for r in fallback if r not in refs]


def verdict(question: Question, trial: Trial, refs: Sequence[RuleRef]) -> Answer:
    """Yes or No as the referee rules on ``trial``; the reason is its refusal or what the
    allowed action does."""
    ruling = judge(trial)
    lang = question.lang
    reason = moved(ruling, lang) if ruling.allowed else refusal(ruling, lang)
    head = yes_no(question, ruling.allowed)
    if question.kind == "what":  # "what happens": the outcome itself comes first
        head = "" if ruling.allowed else question.say("It is not allowed.", "Dat mag niet.")
    return checked(
        GAME,
        question,
        head,
        reason,
        rule_of(ruling, refs),
        position=trial.position,
        details=(f"Judged: {trial.action} for seat a.",),
    )


def first_forward_card(question: Question) -> str | None:
    """The first card named that moves one pawn (a forward card or the 4)."""
    return next((c for c in w.cards_named(question) if c in FORWARD or c == "4"), None)


# -- passing and hitting -------------------------------------------------------------------------
def read_blocker(question: Question) -> Answer | None:
    """Passing or hitting a pawn that stands on its own start space (KB-041, KB-042).

    The other pawn stands on its owner's start; seat ``a``'s pawn stands the stated number of
    spaces before it (behind it for a 4) and plays the card named, or one that passes it.
    """
    if not w.on_own_start(question) or w.asks_swap(question) or w.asks_place(question):
        return None
    if question.matches(r"\b(my pawn|mijn pion) (?:is |stands |staat )?on (its|my) (own )?start"):
        return None  # the asker's own pawn on its start: read_my_pawn_on_start
    whose = w.whose_other(question) or "opponent"
    if whose == "own":
        return None
    card = first_forward_card(question)
    safe = question.matches(r"\b(safe|protected|veilig|beschermd)\b")
    if card is None and not (w.asks_pass(question) or w.asks_hit(question) or safe):
        return None
    players = w.players_said(question) or (4 if whose == "partner" else 2)
    if players not in (2, 4, 6):
        return None
    d = w.spaces_said(question)
    if card is None:
        if w.asks_hit(question) and not w.asks_pass(question):
            d = d or 5
            card = _BY_STEPS.get(d)
        else:
            d = d or 2
            card = next((c for s, c in sorted(_BY_STEPS.items()) if s > d), None)
        if card is None:
            return None
    d = d or (4 if card == "4" else min(FORWARD[card], 2))
    seat = players // 2 if whose == "partner" else 1
    blocker = start(seat, players)
    mover = blocker + d if card == "4" else blocker - d
    if not 0 < mover < 16 * (players if players > 2 else 4) or d > 12:
        return None
    other = "abcdef"[seat]
    trial = Trial.of(players, {"a": [mover, "N", "N", "N"], other: [blocker, "N", "N", "N"]},
                     [card], f"{card} a1")  # fmt: skip
    if question.matches(r"\b(safe|protected|veilig|beschermd)\b"):  # safe = not passable
        ruling = judge(trial)
        return checked(GAME, question, yes_no(question, not ruling.allowed),
                       refusal(ruling, question.lang) if not ruling.allowed
                       else moved(ruling, question.lang), rule_of(ruling, [kb.START_SAFE]),
                       position=trial.position)  # fmt: skip
    return verdict(question, trial, [kb.START_SAFE])


def read_pass_or_hit(question: Question) -> Answer | None:
    """Passing or hitting a pawn on the track, not on its own start (KB-038, KB-039, KB-024):
    passing never hits; landing on a pawn sends it to its nest, whoever owns it."""
    if w.on_own_start(question) or w.says_home(question) or w.asks_swap(question):
        return None
    passing, hitting = w.asks_pass(question), w.asks_hit(question)
    apart = w.spaces_said(question) is not None and question.matches(r"\b(behind|before|achter)\b")
    if not (passing or hitting or apart) or w.asks_must(question) or w.asks_hand_in(question):
        return None
    whose = w.whose_other(question)
    if whose is None:
        return None
    players = w.players_said(question) or (4 if whose == "partner" else 2)
    if players not in (2, 4, 6):
        return None
    card = first_forward_card(question)
    d = w.spaces_said(question)
    if card is None and not (passing or hitting):
        return None
    if card is None:
        d = d or (5 if hitting and not passing else 2)
        card = _BY_STEPS.get(d) if hitting and not passing else "5"
        if card is None:
            return None
    if card == "4":
        return None
    d = d or (FORWARD[card] if hitting and not passing else max(1, FORWARD[card] - 2))
    other = {"own": "a", "partner": partner(players), "opponent": "b"}[whose]
    mover, target = 2, 2 + d
    if not target < 14:
        return None
    pawns = {"a": [mover, "N", "N", "N"]}
    if other == "a":
        pawns["a"] = [mover, target, "N", "N"]
    else:
        pawns[other] = [target, "N", "N", "N"]
    trial = Trial.of(players, pawns, [card], f"{card} a1")
    return verdict(question, trial, [kb.HITTING])


def read_hit_by_passing(question: Question) -> Answer | None:
    """Whether passing a pawn hits it: never, only landing on it does (KB-038, KB-042)."""
    if not (w.asks_pass(question) and w.asks_hit(question)) or w.on_own_start(question):
        return None
    if not question.matches(r"^(?:do|does|will|would|is|are|wordt|worden|sla|slaat)\b"):
        return None
    whose = w.whose_other(question) or "opponent"
    players = 4 if whose == "partner" else 2
    other = {"own": "a", "partner": partner(players), "opponent": "b"}[whose]
    pawns = {"a": [2, 5, "N", "N"]} if other == "a" else {"a": [2, "N", "N", "N"],
                                                         other: [5, "N", "N", "N"]}  # fmt: skip
    trial = Trial.of(players, pawns, ["8"], "8 a1")
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    passed = "a2" if other == "a" else f"{other}1"
    hit = passed in ruling.hit()
    reason = question.say(
        f"An 8 takes a1 from space 2 past {passed} on space 5 to space 10, and {passed} "
        f"{'goes back to its nest' if hit else 'stays where it is'}: only a pawn landed on is hit.",
        f"Een 8 brengt a1 van vak 2 langs {passed} op vak 5 naar vak 10, en {passed} "
        f"{'gaat terug naar het nest' if hit else 'blijft staan'}: alleen een pion waar je op "
        "komt wordt geslagen.",
    )
    return checked(GAME, question, yes_no(question, hit), reason, [kb.HITTING],
                   position=trial.position)  # fmt: skip


def read_home_pass(question: Question) -> Answer | None:
    """Passing a pawn already in the home (KB-044, KB-045): the front pawn must move up first."""
    if not (w.says_home(question) and w.asks_pass(question)) or w.asks_swap(question):
        return None
    card = first_forward_card(question) or "5"
    if card == "4":
        return None
    trial = Trial.of(2, {"a": [62, "H1", "N", "N"]}, [card], f"{card} a1")
    return verdict(question, trial, [kb.HOME_NO_PASSING])


# -- the home: exact count ---------------------------------------------------------------------------
_HOME_SPACE = re.compile(r"\b(?:h|home space|home spot|thuishonkvak|honkvak|vak)\s?([1-4])\b")
_BEFORE_HOME = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twee|drie|vier|vijf|zes|zeven|acht|"
    r"negen|tien)\s*(?:spaces?|steps?|vakken|vakjes|stappen)\s+(?:before|from|away from|short of|"
    r"in front of|voor|van|verwijderd van)\s+(?:my|the|its|mijn|de|zijn)\s+(?:home|honk|thuishonk)"
)


def read_exact_home(question: Question) -> Answer | None:
    """A card played on a pawn near or in its home: it must land exactly on a home space, never
    past the last one (KB-035), and may not go round again."""
    if w.asks_pass(question) or w.asks_swap(question):
        return None
    if not (w.says_home(question) or _HOME_SPACE.search(question.lower)):
        return None
    card = first_forward_card(question)
    if card is None:
        return None
    if card == "7" and question.matches(
        r"\b(partner|teammate|maat|split|rest|other|remaining|"
        r"overige|andere|verdeel\w*|and \d+|en \d+)\b"
    ):
        return None  # a 7 shared out is read_seven's, not one pawn's move
    before = _BEFORE_HOME.search(question.lower)
    inside = _HOME_SPACE.search(question.lower)
    if before:
        d = w.value(before.group(1))
        if not 1 <= d <= 16:
            return None
        place: int | str = 64 - d
    elif inside and question.matches(r"\b(in|on|op|staat)\b"):
        place = f"H{inside.group(1)}"
    else:
        return None
    if card == "4":
        return read_four_in_home(question) if isinstance(place, str) else None
    trial = Trial.of(2, {"a": [place, "N", "N", "N"]}, [card], f"{card} a1")
    return verdict(question, trial, [kb.EXACT_HOME])


def read_extra_lap(question: Question) -> Answer | None:
    """Going round the board a second time instead of into the home (KB-035, our reading)."""
    if not question.matches(
        r"\b(second (?:lap|time round|round)|a second time|twice round|round twice|another lap|extra lap|go (?:a|all the way )?round "
        r"(?:the board )?again|past my home|skip my home|tweede rondje|nog een rondje|"
        r"voorbij mijn (?:thuis)?honk|honk voorbij)\b"
    ):
        return None
    card = first_forward_card(question) or "8"
    if card == "4":
        return None
    trial = Trial.of(2, {"a": [60, "N", "N", "N"]}, [card], f"{card} a1")
    ruling = judge(trial)
    if ruling.allowed:  # the card brings it into the home, which is no second lap
        return None
    return checked(GAME, question, yes_no(question, False), refusal(ruling, question.lang),
                   rule_of(ruling, [kb.NO_EXTRA_LAP]), position=trial.position)  # fmt: skip


# -- the four ----------------------------------------------------------------------------------------
def read_four_into_home(question: Question) -> Answer | None:
    """A 4 never takes a pawn backwards into its home; it goes back along the track past the
    start, so that a later card can bring it in (KB-060, KB-061)."""
    if w.first_card(question) != "4" or not w.says_home(question):
        return None
    if not question.matches(r"\b(back\w*|into|in (?:to )?my|achteruit|terug|naar binnen)\b"):
        return None
    if _HOME_SPACE.search(question.lower) or question.matches(r"\b(in my home|in de honk)\b"):
        return read_four_in_home(question)
    trial = Trial.of(2, {"a": [2, "N", "N", "N"]}, ["4"], "4 a1")
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    land = ruling.place_of("a1")
    into_home = str(land).startswith("H")
    reason = question.say(
        f"A 4 takes a1 back along the track from space 2 to {where(land, 'en')}, not into its "
        "home; a later card can then bring it forward into the home.",
        f"Een 4 zet a1 over de baan terug van vak 2 naar {where(land, 'nl')}, niet de thuishonk "
        "in; met een volgende kaart kan hij daarna vooruit de honk in.",
    )
    return checked(GAME, question, yes_no(question, into_home), reason, [kb.FOUR],
                   position=trial.position)  # fmt: skip


def read_four_in_home(question: Question) -> Answer | None:
    """A pawn in its home never moves backwards (KB-035, KB-061)."""
    inside = _HOME_SPACE.search(question.lower)
    place = f"H{inside.group(1)}" if inside else "H2"
    trial = Trial.of(2, {"a": [place, "N", "N", "N"]}, ["4"], "4 a1")
    return verdict(question, trial, [kb.FOUR])


def read_four_then(question: Question) -> Answer | None:
    """A pawn on its own start plays a 4 and then another card: the 4 takes it back past its
    start, so that the next card can bring it straight into its home (KB-061)."""
    cards = w.cards_named(question)
    if len(cards) < 2 or cards[0] != "4" or cards[1] not in FORWARD or not w.on_own_start(question):
        return None
    first = Trial.of(2, {"a": [0, "N", "N", "N"]}, ["4", cards[1]], "4 a1")
    ruling = judge(first)
    if not ruling.allowed:
        return None
    land = ruling.place_of("a1")
    second = Trial.of(2, {"a": [land, "N", "N", "N"]}, [cards[1], "4"], f"{cards[1]} a1")
    then = judge(second)
    lang = question.lang
    if then.allowed:
        end = then.place_of("a1")
        head = question.say(
            f"It ends on {where(end, 'en')}.", f"Hij eindigt op {where(end, 'nl')}."
        )
        if question.kind == "yesno":
            head = f"{yes_no(question, str(end).startswith('H'))} {head}"
        reason = question.say(
            f"The 4 takes it from its start back to space {land}, and the {cards[1]} then "
            f"moves it {FORWARD[cards[1]]} forward to {where(end, 'en')}.",
            f"De 4 zet hem van zijn startvak terug naar vak {land}, en de {cards[1]} brengt hem "
            f"daarna {FORWARD[cards[1]]} vooruit naar {where(end, 'nl')}.",
        )
    else:
        head = yes_no(question, False) if question.kind == "yesno" else ""
        reason = refusal(then, lang)
    return checked(GAME, question, head, reason, [kb.FOUR, kb.EXACT_HOME],
                   position=second.position)  # fmt: skip


# -- the jack ----------------------------------------------------------------------------------------
def read_swap(question: Question) -> Answer | None:
    """A Jack swaps one of the pawns you play for with another player's pawn on the track; no
    pawn on its own start, in a nest or in a home (KB-052, KB-043)."""
    if not w.asks_swap(question) or w.asks_place(question):
        return None
    whose = w.whose_other(question)
    players = w.players_said(question) or (4 if whose == "partner" else 2)
    if players not in (2, 4, 6):
        return None
    other = partner(players) if whose == "partner" else "b"
    ostart = start("abcdef".index(other), players)
    mine: int | str = 10
    theirs: int | str = ostart + 8
    lower = question.lower
    mine_on_start = re.search(
        r"\b(my (?:own )?pawn|mijn (?:eigen )?pion)\b[^,?]*\b(on (?:its|my) (?:own )?start|"
        r"op (?:zijn|mijn) (?:eigen )?start)", lower
    )  # fmt: skip
    mine_away = re.search(
        r"\b(my (?:own )?pawn|mijn (?:eigen )?pion)\b[^,?]*\b(in (?:my|its) (?:own )?(home|nest)|"
        r"in (?:mijn|zijn) (?:eigen )?(?:thuis)?(honk|nest))", lower
    )  # fmt: skip
    if mine_away:
        mine = "N" if "nest" in mine_away.group(2) else "H1"
    elif mine_on_start:
        mine = 0
    elif w.on_own_start(question):
        theirs = ostart
    if re.search(r"\b(in (?:his|her|their|its|the) (?:home|honk)|in (?:zijn|de) (?:thuis)?honk)",
                 lower):  # fmt: skip
        theirs = "H1"
    elif re.search(r"\b(in (?:his|her|their|its|the) nest|in (?:zijn|het) nest)", lower):
        theirs = "N"
    if whose == "own" or question.matches(r"\btwo of my (?:own )?pawns|twee (?:van )?mijn"):
        trial = Trial.of(players, {"a": [10, 20, "N", "N"]}, ["J"], "J a1 a2")
    else:
        pawns = {"a": [mine, "N", "N", "N"], other: [theirs, "N", "N", "N"]}
        trial = Trial.of(players, pawns, ["J"], f"J a1 {other}1")
    return verdict(question, trial, [kb.JACK])


# -- placing -----------------------------------------------------------------------------------------
def read_place(question: Question) -> Answer | None:
    """Placing a pawn on the start space with an Ace or a King (KB-021, KB-049, KB-050, KB-046)."""
    cards = w.cards_named(question)
    own_on_start = question.matches(
        r"\b(?:one of my (?:own )?pawns|my own pawn|een van mijn (?:eigen )?pionnen)\b[^,?]*\b"
        r"(?:on|op) (?:my|mijn) (?:own |eigen )?start"
    )
    placer = bool(cards) and cards[0] in ("A", "K") and (w.nest_empty(question) or own_on_start)
    if not (w.asks_place(question) or placer) or w.asks_swap(question):
        return None
    card = cards[0] if cards else None
    if card is None:
        return None
    players = w.players_said(question) or 2
    if players not in (2, 4, 6):
        return None
    lower = question.lower
    mine: list[int | str] = ["N", "N", "N", "N"]
    pawns: dict[str, list[int | str]] = {"a": mine}
    if w.all_home(question):
        if players == 2:
            return None
        pawns = {"a": ["H1", "H2", "H3", "H4"]}
    elif w.nest_empty(question):
        mine[:] = [5, 10, 20, 40]
    if re.search(r"\b(my own pawn|my pawn|one of my (?:own )?pawns|mijn (?:eigen )?pion|een van mijn "
                 r"(?:eigen )?pionnen)\b[^,?]*\b(on|op) (my|its|mijn|"
                 r"zijn) (own |eigen )?start", lower):  # fmt: skip
        mine[0] = 0
    elif re.search(r"\b(opponent'?s?|another player'?s?|his|an enemy|tegenstanders?|andere "
                   r"speler)\b[^,?]*\b(on|op) (my|mijn) (own |eigen )?start", lower):  # fmt: skip
        pawns["b"] = [0, "N", "N", "N"]
    trial = Trial.of(players, pawns, [card], f"{card} place")
    refs = [kb.PLACEMENT, kb.KING if card == "K" else kb.ACE]
    if w.nest_empty(question) and card == "K" and players > 2:
        return _king_for_partner(question, trial, players)
    return verdict(question, trial, refs)


def _king_for_partner(question: Question, trial: Trial, players: int) -> Answer:
    """A King with an empty nest in teams: the referee's default reading places for the partner
    only once all one's pawns are home (docs/rules/keezbord.md, "The King and your teammate");
    both positions are judged."""
    now = judge(trial)
    home = Trial.of(players, {"a": ["H1", "H2", "H3", "H4"]}, ["K"], "K place")
    later = judge(home)
    reason = question.say(
        "Your King does not place for your partner while your own pawns are not all home "
        f"({now.why}); once all four are home, "
        + ("it places your partner's next pawn." if later.allowed else "it still does not."),
        "Je Heer zet geen pion voor je partner zolang niet al je eigen pionnen thuis zijn; "
        + ("als ze alle vier thuis zijn, zet hij de volgende pion van je partner op het bord."
           if later.allowed else "ook daarna niet."),
    )  # fmt: skip
    details = (
        "gametable's default reading (option king_helps_teammate=when_home); with "
        "king_helps_teammate=when_nest_empty a King helps as soon as your nest is empty.",
    )
    return checked(GAME, question, yes_no(question, now.allowed), reason,
                   [kb.KING_NO_PAWN, kb.HELP_TEAMMATE], position=trial.position,
                   details=details)  # fmt: skip


# -- teams -------------------------------------------------------------------------------------------
def read_for_partner(question: Question) -> Answer | None:
    """Moving a partner's or an opponent's pawn: only once all your own pawns are home do you
    play for your partner's (KB-072); never an opponent's (KB-019)."""
    whose = w.whose_other(question)
    if whose not in ("partner", "opponent") or w.asks_swap(question) or w.asks_place(question):
        return None
    if not question.matches(
        r"\b(?:move|play|use|zetten|spelen|bewegen|verzetten|lopen)\b[^,.;?]*\b(?:partner|teammate|"
        r"team ?mate|maat|teamgenoot|opponent|tegenstander)'?s? (?:pawn|pion)"
        r"|\b(?:for|voor) (?:my|mijn|an?|een) (?:partner|teammate|maat|teamgenoot|opponent|"
        r"tegenstander)\b"
    ):
        return None
    if w.asks_pass(question) or w.asks_hit(question) or w.on_own_start(question):
        return None
    card = first_forward_card(question) or (None if w.cards_named(question) else "5")
    if card is None:
        return None
    players = w.players_said(question) or 4
    if players not in (4, 6) and whose == "partner":
        return None
    other = partner(players) if whose == "partner" else "b"
    mine: list[int | str] = ["H1", "H2", "H3", "H4"] if w.all_home(question) else [5, "N", "N", "N"]
    target = start("abcdef".index(other), players) + 6
    pawns: dict[str, list[int | str]] = {"a": mine, other: [target, "N", "N", "N"]}
    trial = Trial.of(players, pawns, [card], f"{card} {other}1")
    return verdict(question, trial, [kb.HELP_TEAMMATE])


# -- the seven ---------------------------------------------------------------------------------------
_PARTS = re.compile(r"\b(\d)\s*(?:steps?|spaces?|stappen|vakken)?\s*(?:and|\+|en|plus)\s*(\d)\b")
_BEFORE_HOME_SHORT = re.compile(
    r"\b(\d)\s*(?:spaces?|steps?|vakken|stappen)\s+(?:before|from|voor)"
)


def _seven_parts(question: Question) -> tuple[int, int] | None:
    """The two parts of a split 7 the question names ("4 and 3", "4 steps and another 3
    steps"); the steps a last pawn needs to get home and the rest; 4 and 3 when it names no
    number at all; ``None`` when its numbers cannot be read as two parts."""
    lower = question.lower
    if question.matches(r"\b(last pawn|laatste pion)\b"):
        m = _BEFORE_HOME_SHORT.search(lower)
        return (int(m.group(1)), 7 - int(m.group(1))) if m else None
    m = _PARTS.search(lower)
    if m:
        return int(m.group(1)), int(m.group(2))
    spaces = w.all_spaces_said(question)
    if len(spaces) == 2:
        return spaces[0], spaces[1]
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
    if "7" not in w.cards_named(question) or w.asks_swap(question):
        return None
    last = question.matches(r"\b(last pawn|laatste pion)\b")
    if (w.says_home(question) and not last) or question.matches(r"\b(nest|start\w*|startvak)\b"):
        return None  # a pawn near its home, in its nest or on its start: not built here
    if not question.matches(r"\b(split\w*|two pawns|2 pawns|three pawns|3 pawns|divid\w*|"
                            r"verdel\w*|splits\w*|twee pionnen|drie pionnen|one pawn .* another|"
                            r"een pion .* (?:een )?andere|and another|en een andere|for my "
                            r"partner|voor mijn (?:partner|maat))\b"):  # fmt: skip
        return None
    if question.matches(r"\b(three|3|drie) (pawns|pionnen)\b"):
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
            pawns = {"a": [64 - a, "H2", "H3", "H4"], other: [ostart + 5, "N", "N", "N"]}
        else:
            pawns = {"a": [5, 20, "N", "N"], other: [ostart + 5, "N", "N", "N"]}
        trial = Trial.of(players, pawns, ["7"], f"7 a1:{a} {other}1:{b}")
    elif whose == "opponent" and question.matches(_OPPONENT):
        pawns = {"a": [5, "N", "N", "N"], "b": [40, "N", "N", "N"]}
        trial = Trial.of(2, pawns, ["7"], f"7 a1:{a} b1:{b}")
    else:
        trial = Trial.of(2, {"a": [5, 20, "N", "N"]}, ["7"], f"7 a1:{a} a2:{b}")
    return verdict(question, trial, [kb.SEVEN])


# -- must play, handing in ---------------------------------------------------------------------------
def read_must_play(question: Question) -> Answer | None:
    """You must play a card if you can, even if it hits your own pawn (KB-023, KB-024); only
    when none can be played do you hand in your cards (KB-026, KB-027)."""
    own_hit = w.asks_hit(question) and w.whose_other(question) in ("own", "partner")
    if own_hit and w.asks_must(question):
        whose = w.whose_other(question)
        players = 4 if whose == "partner" else 2
        other = partner(players) if whose == "partner" else "a"
        pawns = {"a": [10, 15, "N", "N"]} if other == "a" else {
            "a": [10, "N", "N", "N"], other: [15, "N", "N", "N"]}  # fmt: skip
        trial = Trial.of(players, pawns, ["5"], "hand in")
        ruling = judge(trial)
        pawn = "a2" if other == "a" else f"{other}1"
        reason = question.say(
            f"The only play, the 5 on a1, lands on {pawn} and sends it to its nest, and a card "
            "that can be played must be played.",
            f"De enige zet, de 5 met a1, komt op {pawn} en slaat die terug naar het nest, en een "
            "kaart die je kunt spelen moet je spelen.",
        )
        return checked(GAME, question, yes_no(question, not ruling.allowed), reason,
                       rule_of(ruling, [kb.MUST_PLAY]), position=trial.position)  # fmt: skip
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


#: the readers, most particular first; the first that builds the situation answers
READERS: tuple[Callable[[Question], Answer | None], ...] = (
    read_must_play,
    read_four_then,
    read_four_into_home,
    read_seven,
    read_swap,
    read_place,
    read_hit_by_passing,
    read_home_pass,
    read_blocker,
    read_exact_home,
    read_extra_lap,
    read_for_partner,
    read_pass_or_hit,
)


#: a question about what a card does in general, with no situation ("what does the Jack do?")
_GENERAL = re.compile(
    r"^(?:what|wat) (?:does|do|doet|doen|can|kan) (?:the|a|an|de|het|een) [\w']+(?: card| kaart)?"
    r"(?: do| doen)?\s*\??$"
)


def answer_situation(question: Question) -> Answer | None:
    """The referee's answer to a situation the question describes, or ``None``."""
    if question.kind not in ("yesno", "what", "other", "number") or _GENERAL.match(question.lower):
        return None
    for read in READERS:
        reply = read(question)
        if reply is not None:
            return reply
    return None
