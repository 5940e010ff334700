"""Playing for a partner: placing the partner's pawn once all one's own pawns are home, and a
split 7 whose first part brings one's last pawn home and gives the rest to the partner
(Playing in Teams, KB-070 to KB-073; Card Meanings, Seven; docs/rules/keezbord.md "Teams").

Both are built on a four-player board (six when the question says six players) with the
asker's partner on seat ``c`` (``e`` of six) and judged by the referee.

>>> from gametable.rulebook.question import Question
>>> q = Question.read("Teams: my last pawn needs 2 steps to get home. Can I split my 7: 2 for it and 5 for my partner's pawn?")
>>> read_seven_last_pawn(q).text.split()[0]
'Yes.'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import GAME, partner, start
from gametable.games.keezbord.answers.referee import Trial, judge, moved, refusal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

_PARTNER = re.compile(r"\b(partner|teammate|team ?mate|maat|teamgenoot|medespeler)\w*\b")
_PARTNER_NEST = re.compile(
    r"\b(?:partner|teammate|maat|teamgenoot|he|she|hij|zij)\b[^.?;]*\b(?:nest)\b"
    r"|\b(?:one of )?(?:his|her|zijn|haar|my partner'?s|my teammate'?s) pawns?\b[^.?;]*\b(?:on the "
    r"board|out|op het bord)\b"
)
#: the asker's last pawn and the steps it needs to reach its home
_LAST_NEEDS = re.compile(
    r"\b(?:my )?last pawn (?:needs|is|has) (?:only |just |exactly )?(?P<n>[1-6]) (?:more )?(?:steps? |"
    r"spaces? )?(?:to (?:get |go |come )?(?:into |in |to |reach )?(?:my |the |its )?(?:home|honk)|from "
    r"(?:my |the |its )?(?:home|honk)|away)"
    r"|\b(?:brings|takes|gets) my last pawn (?:home|in|into (?:my|the) home) with (?P<m>[1-6]) steps?\b"
    r"|\bmijn laatste pion moet (?:nog )?(?P<k>[1-6]) (?:stappen |vakken )?(?:tot|naar|om)"
)
#: the parts of the 7 given to each pawn: "2 for that one and 5 for my partner's pawn"
_PART_FOR = re.compile(
    r"\b[1-6] (?:steps? |stappen )?(?:for|voor) (?:that one|it|the last(?: one| pawn)?|my (?:last )?pawn|"
    r"my partner'?s(?: pawn)?|my teammate'?s(?: pawn)?|his|hers|the other|die|hem|mijn (?:laatste )?pion|"
    r"(?:de )?pion van mijn (?:partner|maat))"
)
#: the phrases read here, set aside by the guard
PHRASES = re.compile(re.sub(r"\(\?P<\w+>", "(?:", _LAST_NEEDS.pattern) + "|" + _PART_FOR.pattern)
_TEAMS = re.compile(r"\b(partner|teammate|team ?mate|maat|teamgenoot|medespeler|teams?)\w*\b")


def _seats(question: Question) -> tuple[int, str] | None:
    players = w.players_stated(question) or 4
    if players not in (4, 6):
        return None
    return players, partner(players)


def read_place_for_partner(question: Question) -> Answer | None:
    """Once all the asker's pawns are home, an Ace or a King places a pawn from the partner's
    nest on the partner's start space (KB-072, KB-046)."""
    cards = [c for c in w.cards_named(question) if c in ("A", "K")]
    if len(cards) != 1 or len(w.cards_named(question)) != 1:
        return None
    if not (_PARTNER.search(question.lower) and w.all_home(question)):
        return None
    if not (_PARTNER_NEST.search(question.lower) and w.asks_place(question)):
        return None
    if w.asks_hit(question) or w.asks_swap(question) or w.on_own_start(question):
        return None
    seats = _seats(question)
    if seats is None:
        return None
    players, mate = seats
    card = cards[0]
    trial = Trial.of(players, {"a": ["H1", "H2", "H3", "H4"], mate: [start("abcdef".index(mate), players) + 8, "N", "N", "N"]},
                     [card], f"{card} place")  # fmt: skip
    ruling = judge(trial)
    reason = moved(ruling, question.lang) if ruling.allowed else refusal(ruling, question.lang)
    why = question.say(
        " With all your own pawns home you play your cards for your partner's pawns.",
        " Met al je eigen pionnen thuis speel je je kaarten voor de pionnen van je partner.",
    )
    return checked(GAME, question, yes_no(question, ruling.allowed), reason + why,
                   [kb.HELP_TEAMMATE, kb.KING_NO_PAWN], position=trial.position,
                   details=(f"Judged: {trial.action} for seat a.",))  # fmt: skip


def read_seven_last_pawn(question: Question) -> Answer | None:
    """A split 7 whose first part brings the asker's last pawn home: the rest of the 7 moves a
    pawn of the partner (KB-056, KB-072).  The asker's three other pawns are home, the last one
    the said steps short of home space H1."""
    lower = question.lower
    need = _LAST_NEEDS.search(lower)
    if need is None or "7" not in w.cards_named(question) or not _TEAMS.search(lower):
        return None
    if w.asks_hit(question) or w.asks_swap(question) or w.asks_pass(question):
        return None
    if re.search(
        r"\b(nest|no pawns?|geen pion\w*|has no|heeft geen|only pawn|enige pion|but|maar|"
        r"opponent|tegenstander|blocked|geblokkeerd)\b",
        _LAST_NEEDS.sub(" ", lower),
    ):
        return None  # something said of the partner's pawns or the board that is not built here
    n = int(need.group("n") or need.group("m") or need.group("k"))
    said = [int(x) for x in re.findall(r"\b([1-6])\b", _LAST_NEEDS.sub(" ", lower))]
    if said and said not in ([n, 7 - n], [7 - n]):
        return None  # parts said that are not this pawn's steps and the rest
    seats = _seats(question)
    if seats is None:
        return None
    players, mate = seats
    theirs = start("abcdef".index(mate), players) + 8
    trial = Trial.of(players, {"a": [64 - n if players == 4 else 96 - n, "H2", "H3", "H4"],
                               mate: [theirs, "N", "N", "N"]},
                     ["7"], f"7 a1:{n} {mate}1:{7 - n}")  # fmt: skip
    ruling = judge(trial)
    reason = moved(ruling, question.lang) if ruling.allowed else refusal(ruling, question.lang)
    if question.kind == "yesno" or (question.kind == "other" and lower.rstrip().endswith("?")):
        head = yes_no(question, ruling.allowed)
    else:
        head = question.say(
            f"The other {7 - n} steps go to your partner's pawn.",
            f"De overige {7 - n} stappen gaan naar een pion van je partner.",
        )
    return checked(GAME, question, head, reason, [kb.SEVEN, kb.HELP_TEAMMATE],
                   position=trial.position, details=(f"Judged: {trial.action} for seat a.",))  # fmt: skip


#: all of one partner's pawns said to be home ("my pawns are all home", "she has all her pawns
#: home", "al mijn pionnen zijn thuis")
ONE_SIDE_HOME = re.compile(
    r"\b(?:(?:all )?(?:my|her|his) (?:own )?pawns (?:are )?(?:all )?(?:home|in)|(?:i|she|he|my partner) "
    r"(?:has|have) all (?:my|her|his) pawns home|al (?:mijn|zijn|haar) pionnen (?:zijn |staan )?"
    r"(?:thuis|binnen)|(?:mijn|zijn|haar) pionnen (?:zijn|staan) (?:allemaal |al )?(?:in (?:de|mijn|zijn|"
    r"haar) thuishonk|thuis|binnen))\b"
)
#: asked whether that player is done ("am I out of the game", "is she finished") or still
#: plays ("does she still get to play", "speelt hij nog mee")
_DONE = re.compile(
    r"\b(?:out of the game|out|done|finished|finito|klaar|uitgespeeld|stop playing|sit out)\b"
)
_STILL = re.compile(
    r"\b(?:still (?:get to )?play|keep (?:on )?playing|still in the game|nog mee|nog spelen|"
    r"blijft (?:\w+ )?spelen|doorspelen)\b"
)
#: the phrases :func:`read_still_plays` reads, set aside by the guard for it
STILL_PHRASES = re.compile(
    "|".join(p.pattern for p in (ONE_SIDE_HOME, _DONE, _STILL))
    + r"|\b(?:and )?(?:my partner'?s|her partner'?s|his partner'?s|mine) (?:are ?n'?t|are not|"
    r"aren't)(?: yet)?\b|\bbut what if\b|\bjust\b|\bthen\b|\bdan\b|\bnog\b"
    r"|,? maar die van (?:mijn|zijn|haar) (?:maat|partner) nog niet\b|\bmet spelen\b"
)


def read_still_plays(question: Question) -> Answer | None:
    """A player whose own pawns are all home keeps playing, for the partner's pawns (KB-072):
    the referee lists that player's plays with a partner's pawn still out."""
    lower = question.lower
    if not (ONE_SIDE_HOME.search(lower) and _PARTNER.search(lower)) or question.kind != "yesno":
        return None
    done, still = _DONE.search(lower), _STILL.search(lower)
    if bool(done) == bool(still) or w.cards_named(question):
        return None
    trial = Trial.of(4, {"a": ["H1", "H2", "H3", "H4"], "c": [40, "N", "N", "N"]}, ["5"],
                     "5 c1")  # fmt: skip
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    reason = question.say(
        "A player whose own pawns are all home keeps playing, with every card for the partner's "
        f"pawns: {moved(ruling, 'en')}",
        "Wie al zijn pionnen thuis heeft speelt door, met elke kaart voor de pionnen van zijn "
        f"partner: {moved(ruling, 'nl')}",
    )
    return checked(GAME, question, yes_no(question, bool(still)), reason, [kb.HELP_TEAMMATE],
                   position=trial.position, details=(f"Legal: {', '.join(ruling.legal)}.",))  # fmt: skip
