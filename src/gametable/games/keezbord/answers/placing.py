"""Situations about the Jack, placing a pawn, and playing for a partner, judged by the referee.

>>> from gametable.rulebook.question import Question
>>> read_swap(Question.read("Can I swap my pawn with an opponent's pawn on its own start space?")).text.split()[0]
'No.'
"""

from __future__ import annotations

import re
from dataclasses import replace

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import (
    GAME,
    first_forward_card,
    partner,
    start,
    verdict,
)
from gametable.games.keezbord.answers.hands import ALL_IN_NEST
from gametable.games.keezbord.answers.referee import Trial, judge, moved
from gametable.games.keezbord.answers.variants import told_options
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

# -- the jack ----------------------------------------------------------------------------------------
_WHOSE_PLACE = (
    r"(?:his|her|their|its|the|someone'?s|somebody'?s|an? opponent'?s|another player'?s|"
    r"zijn|haar|de|het|iemands)"
)
_THEIRS_HOME = re.compile(
    r"\bin " + _WHOSE_PLACE + r" (?:own |eigen )?(?:homes?|honk|thuishonk|honken|thuishonken)\b"
)
_THEIRS_NEST = re.compile(r"\bin " + _WHOSE_PLACE + r" (?:own |eigen )?(?:nests?|nesten)\b")
_TWO_OF_THEIRS = re.compile(
    r"\btwo of (?:my )?(?:opponents'?|the other players'?|their|his) pawns|\btwo (?:opponent|"
    r"enemy) pawns|\b(?:two|twee) pionnen van (?:de |mijn |m'n )?(?:tegenstanders?|anderen)"
    r"|\b(?:two|twee) (?:pawns|pionnen) (?:of|van) (?:my |mijn )?(?!(?:mine|me|mij|own|eigen|my|mijn)\b)"
    r"\w+'?s? (?:and|en) (?:my |mijn )?(?!(?:mine|me|mij|own|eigen|my|mijn)\b)\w+"
    r"|\b(?:with each other|met elkaar|with one another)\b"
)
_OTHER_OF_MINE = re.compile(
    r"\b(?:another|my other|a second) pawn (?:of mine )?(?:out|on the (?:track|board)|in play)"
    r"|\bthat other pawn\b|\bmijn andere pion\b"
)
_MY_OWN_START = re.compile(r"\bmy own start")
_PLACES = re.compile(r"\b(nest|home|honk|thuishonk|start\w*|startvak)\b")


def _swaps_pawns(question: Question) -> bool:
    """A swap of pawns is asked: a swap word with a Jack or a pawn named ("wisselt de deler"
    is the dealer changing, no swap), or a Jack with another player's pawn named (a Jack
    merely held, with no pawn to swap with said, is no swap)."""
    said = question.matches(
        r"\b(swap\w*|switch\w*|exchange\w*|trade\w*|change places|wissel\w*|ruil\w*|"
        r"(?:safe|veilig) (?:from|voor) (?:a|the|de|een) (?:jack|boer))\b"
    )
    if said:
        return "J" in w.cards_named(question) or question.matches(
            r"\b(pawns?|pionn?e?n?|him|hem|them|ze)\b"
        )
    return "J" in w.cards_named(question) and w.whose_other(question) in ("opponent", "partner")


def read_swap(question: Question) -> Answer | None:
    """A Jack swaps one of the pawns you play for with another player's pawn on the track; no
    pawn on its own start, in a nest or in a home (KB-052, KB-043); a swap hits nobody."""
    if not _swaps_pawns(question) or w.asks_place(question):
        return None
    if question.matches(_TWO_OF_THEIRS.pattern):
        trial = Trial.of(2, {"a": [10, "N", "N", "N"], "b": [20, 40, "N", "N"]}, ["J"], "J b1 b2")
        return verdict(question, trial, [kb.JACK])
    whose = w.whose_other(Question.read(_MY_OWN_START.sub("my start", question.lower)))
    if whose == "own" and question.matches(r"\b(opponent'?s?|tegenstanders?|another player'?s?)\b"):
        return None  # one of my pawns and an opponent's: which two swap is not read here
    players = w.players_said(question) or (4 if whose == "partner" else 2)
    if players not in (2, 4, 6):
        return None
    other = partner(players) if whose == "partner" else "b"
    ostart = start("abcdef".index(other), players)
    mine: int | str = 10
    theirs: int | str = ostart + 8
    lower = question.lower
    mine_on_start = re.search(
        r"\b(my (?:own )?pawn|mijn (?:eigen )?pion)\b(?:(?!\b(?:with|met|and|en|opponent'?s?|his|her|"
        r"their|tegenstanders?)\b)[^,?])*\b(on (?:its|my) (?:own )?start|"
        r"op (?:zijn|mijn) (?:eigen )?start)", lower
    )  # fmt: skip
    mine_away = re.search(
        r"\b(my (?:own )?pawn|mijn (?:eigen )?pion)\b[^,?]*\b(in (?:my|its) (?:own )?(home|nest)|"
        r"in (?:mijn|zijn) (?:eigen )?(?:thuis)?(honk|nest))", lower
    )  # fmt: skip
    placed = True
    if mine_away:
        mine = "N" if "nest" in mine_away.group(2) else "H1"
    elif mine_on_start:
        mine = 0
    elif re.search(r"\b(?:on|op) (?:my|mijn) (?:own |eigen )?start", lower):
        return None  # one of my pawns on my start, said in words not read here: not built
    elif w.on_own_start(question):
        theirs = ostart
    else:
        placed = False
    if _THEIRS_HOME.search(lower):
        theirs, placed = "H1", True
    elif _THEIRS_NEST.search(lower):
        theirs, placed = "N", True
    if not placed and w.places_unsaid(question, _PLACES.pattern):
        return None  # a nest, home or start the grammar did not place: not built
    mover = "a1"
    if whose == "own" or question.matches(r"\btwo of my (?:own )?pawns|twee (?:van )?mijn"):
        trial = Trial.of(players, {"a": [10, 20, "N", "N"]}, ["J"], "J a1 a2")
    else:
        pawns: dict[str, list[int | str]] = {
            "a": [mine, "N", "N", "N"],
            other: [theirs, "N", "N", "N"],
        }
        if mine == 0 and _OTHER_OF_MINE.search(lower):  # the other pawn swaps, not the one on start
            pawns["a"][1], mover = 20, "a2"
        trial = Trial.of(players, pawns, ["J"], f"J {mover} {other}1")
    if w.asks_hit(question) or question.matches(r"\b(hit|geslagen|slaat|knocked)\b"):
        return _swap_hits(question, trial, f"{other}1")
    return _swap_verdict(question, trial)


_SAFE = re.compile(r"\b(safe|protected|veilig|beschermd)\b")


def _swap_verdict(question: Question, trial: Trial) -> Answer:
    """Yes or No as the referee rules on the swap; asked whether a pawn is *safe* from the
    Jack, the verdict is the other way round (safe when the swap is refused)."""
    reply = verdict(question, trial, [kb.JACK])
    if not _SAFE.search(question.lower) or question.kind != "yesno":
        return reply
    allowed = judge(trial).allowed
    head = yes_no(question, not allowed)
    return replace(reply, text=head + reply.text[len(yes_no(question, allowed)) :])


def _swap_hits(question: Question, trial: Trial, theirs: str) -> Answer | None:
    """Whether a swap hits: the referee plays it and no pawn goes back to a nest (KB-052)."""
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    hit = ruling.hit()
    reason = question.say(
        f"{moved(ruling, 'en')} A swap sends nobody to the nest: the two pawns only change places.",
        f"{moved(ruling, 'nl')} Een ruil slaat niemand: de twee pionnen wisselen alleen van plaats.",
    )
    return checked(GAME, question, yes_no(question, bool(hit)), reason, [kb.JACK],
                   position=trial.position,
                   details=(f"Judged: {trial.action} for seat a; {theirs} is not hit.",))  # fmt: skip


#: the asker's pawns said to stand on the board ("al mn pionnen staan op het bord")
_OUT = re.compile(
    r"\b(?:pawns|pionnen)\b[^.?]{0,30}\b(?:on the (?:board|track)|out|op het bord|op de baan)\b"
)


#: the start space said to hold a pawn, the pawn's owner after it ("my start space has my own
#: pawn on it", "mijn startvak is bezet door een pion van mijn tegenstander")
_START_HELD = re.compile(
    r"\b(?:my|mijn) (?:own |eigen )?start(?:ing)?(?: space| square| spot| field|vak|vakje)? "
    r"(?:already )?(?:has|holds|is occupied by|is blocked by|heeft|is bezet door|wordt bezet door)"
    r" (?:already |al )?(?P<by>[^,.?]{0,40})"
)
_MINE = r"(?:one of )?(?:my|mijn|een van mijn) (?:own |eigen )?(?:pawn|pion)"
_THEIRS = r"(?:an? |een )?(?:opponent|other player|tegenstander|andere speler)"

_NONE_OUT = re.compile(r"\b(?:none|no|geen|not|niet)\b[^.?]{0,15}\b(?:pawns?|pionn?e?n?)\b")


# -- placing -----------------------------------------------------------------------------------------
def read_place(question: Question) -> Answer | None:
    """Placing a pawn on the start space with an Ace or a King (KB-021, KB-049, KB-050, KB-046)."""
    cards = w.cards_named(question)
    held = _START_HELD.search(question.lower)
    own_on_start = question.matches(
        r"\b(?:one of my (?:own )?pawns|my own pawn|een van mijn (?:eigen )?pionnen|een pion van mezelf|"
        r"een eigen pion)\b[^,?]*\b"
        r"(?:on|op) (?:my|mijn) (?:own |eigen )?start"
    ) or bool(held and re.match(_MINE, held.group("by")))
    in_nest = ALL_IN_NEST.search(question.lower) is not None
    placer = (
        bool(cards)
        and (cards[0] == "K" or (cards[0] == "A" and not w.nest_empty(question)))
        and (w.nest_empty(question) or own_on_start or in_nest)
    )
    if not (w.asks_place(question) or placer) or w.asks_swap(question):
        return None
    if not (w.nest_empty(question) or in_nest or _NONE_OUT.search(question.lower)) and _OUT.search(
        question.lower
    ):
        return None  # pawns said to be out in words not read as an empty nest: not built
    if w.asks_hand_in(question) or (placer and w.asks_must(question)):
        return None  # handing in or the duty to play is asked, not whether the card places
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
    held = _START_HELD.search(lower)
    by = held.group("by") if held else ""
    if re.search(r"\b(my own pawn|my pawn|one of my (?:own )?pawns|mijn (?:eigen )?pion|een van mijn "
                 r"(?:eigen )?pionnen|een pion van mezelf|een eigen pion)\b[^,?]*\b(on|op) (my|its|mijn|"
                 r"zijn) (own |eigen )?start", lower) or re.match(_MINE, by):  # fmt: skip
        mine[0] = 0
    elif re.match(_THEIRS, by) or re.search(r"\b(opponent'?s?|another player'?s?|other player'?s?|"
                   r"his|an enemy|some(?:one|body)(?: else)?'?s|tegenstanders?|andere speler|"
                   r"iemand anders|van een ander|" + w.COLOUR + r")\b[^,?]*\b(on|op) (my|mijn) "
                   r"(own |eigen )?start", lower):  # fmt: skip
        pawns["b"] = [0, "N", "N", "N"]
    elif re.search(r"\b(pawn|pion)\b[^,.?]*\b(on|op) (my|mijn) (own |eigen )?start", lower):
        return None  # a pawn on my start whose owner is not read: not built
    return _judge_place(question, players, pawns, card)


def _judge_place(
    question: Question, players: int, pawns: dict[str, list[int | str]], card: str
) -> Answer | None:
    """The referee's ruling on placing with ``card``, with the table's options told (the King
    helping the teammate as soon as the nest is empty)."""
    options, _ = told_options(question.lower)
    if options.get("seven_hits_passed"):
        return None  # a variant of the moves told: not this reading's
    trial = Trial.of(players, pawns, [card], f"{card} place", options=options)
    refs = [kb.PLACEMENT, kb.KING if card == "K" else kb.ACE]
    if options:  # the King's option told: the referee judges with it
        return verdict(question, trial, [*refs, kb.KING_NO_PAWN, kb.HELP_TEAMMATE])
    if w.nest_empty(question) and card == "K" and players > 2 and not w.all_home(question):
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
    if question.matches(r"\b(last pawn|laatste pion|other \d+ steps|rest of the steps|remaining "
                        r"steps|overige stappen)\b"):  # fmt: skip
        return None  # a 7 shared out: read_seven's
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
    reply = verdict(question, trial, [kb.HELP_TEAMMATE])
    whose_pawn = question.say(
        f"{other}1 is your partner's pawn." if whose == "partner" else f"{other}1 is an opponent's pawn.",
        f"{other}1 is een pion van je partner." if whose == "partner" else f"{other}1 is een pion van een tegenstander.",
    )  # fmt: skip
    return replace(reply, details=(*reply.details, whose_pawn))
