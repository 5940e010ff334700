"""Questions that describe a Keezbord situation, built as positions and judged by the referee.

Each reader below recognises one kind of situation from the words of
:mod:`~gametable.games.keezbord.answers.words`, builds it as a position with seat ``a`` to move
(:class:`~gametable.games.keezbord.answers.referee.Trial`), asks the engine and answers from its
ruling: the verdict first, then the engine's reason, then the rule it rests on.  A reader that
cannot build the situation from what the question says returns ``None``.  This module reads
passing and hitting, the home and the 4; :mod:`.placing` the Jack, placing and playing for a
partner; :mod:`.seven` the 7 and the must-play rule; :mod:`.hands` a hand of cards named.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import (
    BY_STEPS,
    FORWARD,
    GAME,
    first_forward_card,
    hit_verdict,
    partner,
    rule_of,
    start,
    verdict,
)
from gametable.games.keezbord.answers.free import read_free_hand
from gametable.games.keezbord.answers.hands import ASKS_GET_HOME, read_needs_steps, read_nest_hand
from gametable.games.keezbord.answers.homing import FREE_HOME, LAST_BEFORE_HOME, read_home_need
from gametable.games.keezbord.answers.inhome import read_in_home
from gametable.games.keezbord.answers.jack import (
    read_jack_with_nothing_to_swap,
    read_swap_from_nest,
    read_swap_told_apart,
)
from gametable.games.keezbord.answers.partner import read_place_for_partner, read_seven_last_pawn
from gametable.games.keezbord.answers.placing import read_for_partner, read_place, read_swap
from gametable.games.keezbord.answers.referee import Trial, judge, moved, refusal, where
from gametable.games.keezbord.answers.sequence import read_from_start
from gametable.games.keezbord.answers.seven import read_must_play, read_seven
from gametable.games.keezbord.answers.starts import (
    read_theirs_elsewhere,
    read_theirs_on_my_start,
    read_which_card_hits,
)
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no


# -- passing and hitting -------------------------------------------------------------------------
def read_blocker(question: Question) -> Answer | None:
    """Passing or hitting a pawn that stands on its own start space (KB-041, KB-042).

    The other pawn stands on its owner's start; seat ``a``'s pawn stands the stated number of
    spaces before it (behind it for a 4) and plays the card named, or one that passes it.
    """
    if not w.on_own_start(question) or w.asks_swap(question) or w.asks_place(question):
        return None
    if question.matches(
        r"\b(my pawn|mijn pion)\b[^,.?;]{0,20}\b(?:on|op) (its|my|zijn|mijn) (own |eigen )?start"
    ):
        return None  # the asker's own pawn on its start: read_my_pawn_on_start
    if question.matches(r"\b(?:on|op) (?:my|mijn) (?:own |eigen )?start") and question.matches(
        r"\b(?:opponent'?s?|his pawn|tegenstanders?|zijn pion)\b"
    ):
        return None  # his pawn on my start: not on its own, not protected (not this reading's)
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
            card = BY_STEPS.get(d)
        else:
            d = d or 2
            card = next((c for s, c in sorted(BY_STEPS.items()) if s > d), None)
        if card is None:
            return None
    behind = w.other_behind(question)
    if behind is not None and behind != (card == "4"):
        return None  # the blocker said to stand where the card does not go
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


def _one_move_toward(question: Question, card: str) -> bool:
    """Whether ``card`` is one move toward the other pawn as the question places it: a forward
    card with the other pawn not said to be behind, a 4 with it not said to be ahead, and no 7
    told in parts (:mod:`.seven` reads those)."""
    behind = w.other_behind(question)
    if behind is not None and behind != (card == "4"):
        return False
    return not (
        card == "7"
        and question.matches(r"\b(split\w*|verdee?l\w*|gesplitst|parts?|delen)\b|\d\s*\+\s*\d")
    )


def _whose_met(question: Question) -> str | None:
    """Whose pawn my move meets, when this reading can tell: ``None`` when another player plays
    (who moves is not read here) or when my other pawn and an opponent's are both named."""
    whose = w.whose_other(question)
    if whose is None or question.matches(r"\b(speelt|plays|gooit|opgooit)\b"):
        return None
    if whose != "opponent" and question.matches(
        r"\b(opponent'?s?|tegenstanders?|his pawn|zijn pion)\b"
    ):
        return None
    return whose


def read_pass_or_hit(question: Question) -> Answer | None:
    """Passing or hitting a pawn on the track, not on its own start (KB-038, KB-039, KB-024):
    passing never hits; landing on a pawn sends it to its nest, whoever owns it."""
    if w.on_own_start(question) or w.says_home(question) or w.asks_swap(question):
        return None
    passing, hitting = w.asks_pass(question), w.asks_hit(question)
    apart = w.spaces_said(question) is not None and question.matches(
        r"\b(behind|before|achter|ahead|in front|voor (?:me|mij|mijn))\b"
    )
    must = w.asks_must(question) and not w.asks_whether_hit(question)
    if not (passing or hitting or apart) or must or w.asks_hand_in(question):
        return None
    if passing and hitting and not w.asks_whether_hit(question):
        return None  # passing and hitting both said, but not asked whether the pawn is hit
    whose = _whose_met(question)
    if whose is None:
        return None
    players = w.players_said(question) or (4 if whose == "partner" else 2)
    if players not in (2, 4, 6):
        return None
    card = first_forward_card(question)
    d = w.spaces_said(question)
    if card is None and not (passing or hitting):
        return None
    if w.asks_whether_hit(question) and not passing and d is None and not w.says_landing(question):
        return None  # asked whether a pawn is hit, but not said how the move meets it
    if question.matches(
        r"^(?:what counts|what is|what does|how do|how does|wat is|wat betekent|hoe)\b"
    ):
        return None  # "what counts as hitting": a rule, not a situation
    if w.places_unsaid(question, r"\b(start\w*|startvak|begin\w*)\b"):
        return None  # a start space the grammar did not place
    if card is None:
        d = d or (5 if hitting and not passing else 2)
        card = BY_STEPS.get(d) if hitting and not passing else "5"
        if card is None:
            return None
    if not _one_move_toward(question, card):
        return None
    if card == "4":  # backwards, between the starts of every table
        d = d or (4 if hitting and not passing else 2)
        mover, target = 28, 28 - d
        if not 1 <= d <= 4:
            return None
    else:
        d = d or (FORWARD[card] if hitting and not passing else max(1, FORWARD[card] - 2))
        mover, target = 2, 2 + d
        if not target < 16:  # short of seat b's start space, 16 with four or six players
            return None
    other = {"own": "a", "partner": partner(players), "opponent": "b"}[whose]
    pawns = {"a": [mover, "N", "N", "N"]}
    if other == "a":
        pawns["a"] = [mover, target, "N", "N"]
    else:
        pawns[other] = [target, "N", "N", "N"]
    trial = Trial.of(players, pawns, [card], f"{card} a1")
    target_pawn = ["a2" if other == "a" else f"{other}1"]
    if w.asks_whether_hit(question) or (hitting and not passing and question.kind == "yesno"):
        return hit_verdict(question, trial, target_pawn, [kb.HITTING])  # yes only for a real hit
    return verdict(question, trial, [kb.HITTING])


_ELSEWHERE_START = re.compile(
    r"\b(?:on|op) (?:another player'?s|an opponent'?s|some(?:one|body) else'?s|someone'?s|his|her|their|a "
    r"different player'?s|the other player'?s|(?:een|de) (?:andere speler|tegenstander)(?:'s)?) "
    r"(?:start|starting|startvak)"
)


def read_safe_elsewhere(question: Question) -> Answer | None:
    """A pawn on another player's start space has no protection (KB-041, docs/rules): the
    referee lets an opponent land on it.  Seat ``d`` of four hits seat ``a``'s pawn on ``b``'s
    start space."""
    if not _ELSEWHERE_START.search(question.lower) or not question.matches(
        r"\b(safe|protected|veilig|beschermd|hit|be hit|geslagen|slaan)\b"
    ):
        return None
    if (
        w.asks_swap(question)
        or w.asks_place(question)
        or not question.matches(r"\b(my (?:own )?pawns?|mijn (?:eigen )?pionn?e?n?)\b")
    ):
        return None
    trial = Trial(Trial.of(4, {"a": [16, "N", "N", "N"], "d": [11, "N", "N", "N"]}, [], "5 d1",
                           to_move=3, hands={"d": ["5"]}).position, "5 d1", seat=3)  # fmt: skip
    ruling = judge(trial)
    if not ruling.allowed or "a1" not in ruling.hit():
        return None
    safe = question.matches(r"\b(safe|protected|veilig|beschermd)\b")
    reason = question.say(
        "Only a pawn on its own start space is protected; on another player's start it can be "
        "passed and hit like anywhere else: the referee lets an opponent's 5 land on it and "
        "send it to the nest.",
        "Alleen een pion op zijn eigen startvak is beschermd; op het startvak van een ander kan "
        "hij gepasseerd en geslagen worden: de scheidsrechter laat een 5 van een tegenstander "
        "erop komen en stuurt hem naar het nest.",
    )
    return checked(GAME, question, yes_no(question, not safe), reason, [kb.START_SAFE, kb.HITTING],
                   position=trial.position, details=("Judged: 5 d1 for seat d.",))  # fmt: skip


#: the default rules said before the question: "with the normal rules:", "met de gewone regels:"
_RULES_TOLD = re.compile(
    r"^(?:with|under|in|met|volgens) (?:the |de )?(?:normal|standard|default|gewone|normale|standaard) "
    r"(?:rules|regels)\s*[:,]?\s*"
)


def read_hit_by_passing(question: Question) -> Answer | None:
    """Whether passing a pawn hits it: never, only landing on it does (KB-038, KB-042)."""
    if not (w.asks_pass(question) and w.asks_hit(question)) or w.on_own_start(question):
        return None
    asked = _RULES_TOLD.sub("", question.lower)  # "met de gewone regels: sla je ...?"
    if not (
        w.asks_whether_hit(question)
        or re.match(r"(?:do|does|will|would|is|are|wordt|worden|sla|slaat)\b", asked)
    ):
        return None
    if w.spaces_said(question) is not None:
        return None  # a distance told ("8 vakken voorbij de mijne"): the relation reader's
    card = first_forward_card(question) or "8"
    if card == "4" or FORWARD[card] < 2:
        return None
    whose = w.whose_other(question) or "opponent"
    players = 4 if whose == "partner" else 2
    other = {"own": "a", "partner": partner(players), "opponent": "b"}[whose]
    passed_at = [2 + FORWARD[card] - 1]
    if question.matches(r"\b(two|both|2|twee|beide) (?:of )?(?:my |his |her |their |the )?"
                        r"(?:opponent'?s'? |opponents'? |other )?(pawns|pionnen)\b"):  # fmt: skip
        if FORWARD[card] < 3 or other == "a":
            return None
        passed_at.append(2 + FORWARD[card] - 2)
    own = [2, *passed_at] if other == "a" else [2]
    pawns = {"a": own + ["N"] * (4 - len(own))}
    if other != "a":
        pawns[other] = passed_at + ["N"] * (4 - len(passed_at))
    trial = Trial.of(players, pawns, [card], f"{card} a1")
    if not judge(trial).allowed:
        return None
    passed = ["a2"] if other == "a" else [f"{other}{i + 1}" for i in range(len(passed_at))]
    return hit_verdict(question, trial, passed, [kb.HITTING])


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
    r"in front of|voor|van|verwijderd van)\s+(?:my|the|its|mijn|de|zijn)\s+(?:own |eigen )?"
    r"(?:home|honk|thuishonk|start(?: space)?|startvak)\b"
)


_PAWN_ON_HOME = re.compile(
    r"\b(?:pawn|it|pion|hij|one|he)\s+(?:is |stands |sits |staat |zit )?(?:on|in|op)\s+"
    r"(?:h|home space |home spot |thuishonkvak |honkvak |vak )[1-4]\b"
)


def read_exact_home(question: Question) -> Answer | None:
    """A card played on a pawn near or in its home: it must land exactly on a home space, never
    past the last one (KB-035), and may not go round again."""
    if w.asks_pass(question) or w.asks_swap(question):
        return None
    before = _BEFORE_HOME.search(question.lower)
    if LAST_BEFORE_HOME.search(question.lower):
        before = _BEFORE_HOME.search("1 space before my home")
    inside = _HOME_SPACE.search(question.lower)
    if len(_HOME_SPACE.findall(question.lower)) > 1 or FREE_HOME.search(question.lower):
        return None  # more than one home space said, or one said free: read_home_need's
    if inside and not (_PAWN_ON_HOME.search(question.lower) or before):
        return None  # a home space said, but not as the place of the pawn that moves
    if not (w.says_home(question) or inside or before):
        return None
    if (before and inside) or re.search(
        r"\b(another|other|second pawn|andere|two (?:of my )?pawns|twee (?:van mijn )?pionnen|"
        r"(?<!only )(?<!just )one of my (?:own )?pawns|een van mijn (?:eigen )?pionnen)\b",
        question.lower,
    ):
        return None  # a pawn near the home and one in it: not built here
    if ASKS_GET_HOME.search(question.lower):
        return None  # whether it gets home, not whether the card may be played: read_needs_steps
    card = first_forward_card(question)
    if card is None:
        return None
    if card == "7" and question.matches(
        r"\b(partner|teammate|maat|split|rest|other|remaining|"
        r"overige|andere|verdeel\w*|and \d+|en \d+)\b"
    ):
        return None  # a 7 shared out is read_seven's, not one pawn's move
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


_FRONT_OF_HOME = re.compile(
    r"\b(?:right |just |directly )?(?:in front of|before|outside) (?:my|the|its) home(?: entrance)?\b"
)
_FIRST_HOME_SPACE = re.compile(
    r"\b(?:on|in) (?:the )?first (?:space|spot|square) (?:of|in) (?:my|the|its) home\b|\bon h1\b"
)
_MOVE_PAWN_BY = re.compile(r"\bmove (?:the |my )?(?:back |other |second |rear )?pawn (\d+)\b")


def read_home_queue(question: Question) -> Answer | None:
    """A pawn on the first home space and another just before the home: the one behind may not
    pass it going in (KB-044, KB-045)."""
    lower = question.lower
    if not (_FIRST_HOME_SPACE.search(lower) and _FRONT_OF_HOME.search(lower)):
        return None
    by = _MOVE_PAWN_BY.search(lower)
    if not (
        by
        or re.search(r"\b(back|rear|behind|outside|that one|other one|other pawn|andere)\b", lower)
    ):
        return None  # which pawn moves is not said: the one in the home might move up instead
    card = first_forward_card(question) or (BY_STEPS.get(int(by.group(1))) if by else None)
    if card is None or card == "4":
        return None
    trial = Trial.of(2, {"a": [63, "H1", "N", "N"]}, [card], f"{card} a1")
    return verdict(question, trial, [kb.HOME_NO_PASSING, kb.EXACT_HOME])


def read_four_past_start(question: Question) -> Answer | None:
    """A 4 takes a pawn backwards past its own start space onto the end of the track (KB-060,
    KB-061)."""
    if w.first_card(question) != "4" or w.says_home(question) or w.asks_hit(question):
        return None
    if w.whose_other(question) not in (None, "own") or question.matches(
        r"\b(another|other|two|both|andere|twee)\b"
    ):
        return None
    if not question.matches(
        r"\b(?:back\w* )?(?:past|behind|over|voorbij|achter) (?:my|its|mijn|zijn|the|de|het) "
        r"(?:own |eigen )?(?:start|startvak)\b"
    ):
        return None
    trial = Trial.of(2, {"a": [0 if w.on_own_start(question) else 2, "N", "N", "N"]}, ["4"], "4 a1")
    return verdict(question, trial, [kb.FOUR])


# -- the four ----------------------------------------------------------------------------------------
#: the pawn's place told as spaces past my start ("2 spaces past my start")
_PAST_START = re.compile(
    r"\b(\d+|one|two|three|four|five|six|een|één|twee|drie|vier|vijf|zes) (?:spaces?|steps?|vakken|"
    r"vakjes?|vak|stappen) (?:past|beyond|after|voorbij|na) (?:my|mijn) (?:own |eigen )?start"
)


def read_four_into_home(question: Question) -> Answer | None:
    """A 4 never takes a pawn backwards into its home; it goes back along the track past the
    start, so that a later card can bring it in (KB-060, KB-061)."""
    if w.first_card(question) != "4" or not w.says_home(question):
        return None
    if len([c for c in w.cards_named(question) if c in FORWARD]) > 0:
        return None  # a later card said too: read_four_then's
    past = _PAST_START.search(question.lower)
    if past is None and w.spaces_said(question) is not None:
        return None  # the pawn's place told otherwise ("1 vak voor mijn startvak"): not built here
    if not question.matches(r"\b(back\w*|into|in (?:to )?my|achteruit\w*|terug\w*|naar binnen)\b"):
        return None
    if _HOME_SPACE.search(question.lower) or question.matches(r"\b(in my home|in de honk)\b"):
        return read_four_in_home(question)
    space = w.value(past.group(1)) if past else 2
    if not 0 < space < 16:
        return None
    trial = Trial.of(2, {"a": [space, "N", "N", "N"]}, ["4"], "4 a1")
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    land = ruling.place_of("a1")
    into_home = str(land).startswith("H")
    reason = question.say(
        f"A 4 takes a1 back along the track from space {space} to {where(land, 'en')}, not into "
        "its home; a later card can then bring it forward into the home.",
        f"Een 4 zet a1 over de baan terug van vak {space} naar {where(land, 'nl')}, niet de "
        "thuishonk in; met een volgende kaart kan hij daarna vooruit de honk in.",
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
    from_start = w.on_own_start(question) or question.matches(
        r"\b(?:back )?from (?:my|its|mijn|zijn) (?:own |eigen )?(?:start\w*|startvak)\b"
    )
    if len(cards) < 2 or cards[0] != "4" or cards[1] not in FORWARD or not from_start:
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


#: the readers, most particular first; the first that builds the situation answers
READERS: tuple[Callable[[Question], Answer | None], ...] = (
    read_nest_hand,
    read_free_hand,
    read_needs_steps,
    read_home_need,
    read_must_play,
    read_four_then,
    read_from_start,
    read_four_into_home,
    read_four_past_start,
    read_in_home,
    read_seven_last_pawn,
    read_place_for_partner,
    read_home_queue,
    read_seven,
    read_theirs_on_my_start,
    read_theirs_elsewhere,
    read_which_card_hits,
    read_swap_told_apart,
    read_swap_from_nest,
    read_jack_with_nothing_to_swap,
    read_swap,
    read_place,
    read_safe_elsewhere,
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
    r"|^(?:what|wat) (?:can|could|may|kan|kun|mag) (?:i|you|ik|je|jij) (?:do )?(?:with|met) (?:the|a|"
    r"an|my|de|het|een|mijn) [\w']+(?: card| kaart)?(?: do| doen)?\s*\??$"
)


#: the readers that answer whether a pawn is *safe* (the move refused) rather than whether a
#: move is allowed; a question about safety is left to them alone
SAFE_READERS: tuple[Callable[[Question], Answer | None], ...] = (
    read_theirs_on_my_start,
    read_theirs_elsewhere,
    read_swap,
    read_safe_elsewhere,
    read_blocker,
)
SAFE = re.compile(
    r"\b(?:safe|protected|veilig|beschermd|in danger|gevaar)\b(?!\s+(?:in|at|into|inside|thuis|"
    r"binnen|op)\b)(?!\s+(?:my |the |his |her |their |its )?(?:home|honk))"
)


def answer_situation(question: Question) -> Answer | None:
    """The referee's answer to a situation the question describes, or ``None``."""
    if question.kind not in ("yesno", "what", "other", "number") or _GENERAL.match(question.lower):
        return None
    for read in SAFE_READERS if SAFE.search(question.lower) else READERS:
        reply = read(question)
        if reply is not None:
            return reply
    return None
