"""A whole hand and pawns free on the track: must a card be played, or may the hand be handed
in (KB-023 to KB-027, KB-046; docs/rules/keezbord.md "Must play").

The asker says where their pawns are ("my only pawn on the board is on the track", "all my
pawns are on the track") with nothing in their way, and the whole hand ("all I hold is a 4",
"I hold a King and a 4").  The position has the pawns on open track (the rest in the nest) and
the referee is asked whether handing in is allowed: it is only when no card can be played.

>>> from gametable.rulebook.question import Question
>>> q = Question.read("My only pawn on the board is on the track and all I hold is a 4. Do I have to play it?")
>>> read_free_hand(q).text.split()[0]
'Yes.'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import FORWARD, GAME
from gametable.games.keezbord.answers.hands import hand_listed, plays_in_words
from gametable.games.keezbord.answers.referee import Trial, judge
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

#: one pawn out, on the track, the others in the nest
_ONLY_ONE = re.compile(
    r"\bmy (?:only|one) pawn (?:on the board |out |in play )?is (?:out )?on the (?:track|board)\b"
    r"|\bmijn enige pion (?:op het bord )?staat op (?:de baan|het bord)\b"
)
#: every pawn out on the track
_ALL_OUT = re.compile(
    r"\ball (?:four |4 )?(?:of )?my pawns are (?:out )?on the (?:track|board)\b"
    r"|\bmy nest is empty,? (?:and )?(?:all )?my pawns are (?:all )?(?:out )?on the (?:track|board)\b"
    r"|\balle (?:vier )?(?:mijn )?pionnen staan op (?:de baan|het bord)\b"
)
#: the hand said in full
_WHOLE = re.compile(
    r"\ball i (?:hold|have) is\b|\bi only (?:hold|have)\b|\bi (?:hold|have) only\b|\bmy only cards? (?:is|are)\b|\bik heb "
    r"alleen\b|\bmijn enige kaart is\b"
)
_ASKS_MUST = re.compile(r"\b(?:do|must) i (?:have to |need to )?play\b|\bmoet ik\b[^?]*\bspelen\b")
_ASKS_HAND_IN = re.compile(
    r"\b(?:can|may) i (?:just )?hand (?:them |both |it |my cards )*in\b"
    r"|\bmag ik (?:mijn kaarten |ze )?(?:allebei )?inleveren\b"
)
_ASKS_WHAT = re.compile(
    r"\bwhat (?:can|must|should|do) i (?:play|do)\b|\bwhat now\b|\bwat (?:moet|kan) ik\b"
)
#: words of a situation this reader does not build
_ELSE = re.compile(
    r"\b(opponent|partner|teammate|his|her|their|tegenstander|maat|home|honk|start\w*|hit\w*|slaan|"
    r"pass\w*|past|behind (?:an?|his|her|the)|in front of|split\w*|swap\w*|ruil\w*|space \d+)\b"
)
#: the free pawns' places on the two-player board: open track, clear of both start spaces
_PLACES = [20, 26, 44, 50]
#: the place of the first pawn said: "one on space 20"
_ON_SPACE = re.compile(r"\b(?:one |it is |it's )?on space (\d{1,2})\b")
#: the only pawn out on its own start space, the others in the nest
_ON_MY_START = re.compile(
    r"\bmy (?:only|one) pawn (?:on the board |out |in play )?is on my (?:own )?start(?: space)?"
    r"(?:,? (?:and )?the other three are (?:still )?in (?:the|my) nest)?"
)
#: three pawns home and the last the stated steps before the home
_LAST_BEFORE = re.compile(
    r"\bthree of my pawns are (?:in|at) (?:my )?home and the last (?:one|pawn) is (?P<n>[1-9]) "
    r"(?:spaces?|steps?) (?:before|from|short of) (?:the|my) (?:entrance|home(?: entrance)?)\b"
)
#: the phrases read here, set aside by the guard
PHRASES = re.compile(
    "|".join(
        re.sub(r"\(\?P<\w+>", "(?:", p.pattern)
        for p in (_ONLY_ONE, _ALL_OUT, _WHOLE, _ON_MY_START, _LAST_BEFORE)
    )
)


def _hand(question: Question) -> list[str] | None:
    listed = hand_listed(question)
    if listed is not None:
        return listed
    if not _WHOLE.search(question.lower):
        return None
    named = w.cards_named(question)
    return named or None


def _pawns_said(question: Question, hand: list[str]) -> list[int | str] | None:
    """The asker's pawns as one descriptor says them (and nothing else said of the board):
    one free on the track, all four on the track, the only one out on its own start space, or
    three home and the last a few steps before the home; ``None`` otherwise."""
    lower = question.lower
    found = [
        (p, m) for p in (_ONLY_ONE, _ALL_OUT, _ON_MY_START, _LAST_BEFORE) if (m := p.search(lower))
    ]
    if len(found) != 1 or _ELSE.search(_ON_SPACE.sub(" ", found[0][1].re.sub(" ", lower))):
        return None
    which, m = found[0]
    if which is _ON_MY_START:
        return [0, "N", "N", "N"]
    if which is _LAST_BEFORE:
        n = int(m.group("n"))
        steps = [FORWARD.get(c, 0) for c in hand]
        if n > 6 or "7" in hand or any(n <= s <= n + 3 for s in steps):
            return None  # a card that might fit, depending on which home spaces are taken
        return [64 - n, "H2", "H3", "H4"]
    pawns: list[int | str] = [_PLACES[0], "N", "N", "N"] if which is _ONLY_ONE else list(_PLACES)
    said = _ON_SPACE.search(lower)
    if said is not None:
        place = int(said.group(1))
        if len(_ON_SPACE.findall(lower)) > 1 or not (5 <= place <= 27 or 37 <= place <= 58):
            return None  # near a start or the home, or more than one place said: not built here
        if place in pawns[1:]:
            return None
        pawns[0] = place
    return pawns


def read_free_hand(question: Question) -> Answer | None:
    """Whether a card must be played, or the hand may be handed in, with the asker's pawns free
    on the track (see the module docstring)."""
    lower = question.lower
    hand = _hand(question)
    pawns = _pawns_said(question, hand or [])
    if pawns is None or (hand and "J" in hand and pawns[0] != 0):
        return None  # a Jack's swap depends on the other players' pawns, which are not said
    asks_must, asks_in, asks_what = (
        p.search(lower) for p in (_ASKS_MUST, _ASKS_HAND_IN, _ASKS_WHAT)
    )
    if (
        hand is None
        or not (asks_must or asks_in or asks_what)
        or w.players_stated(question) not in (None, 2)
    ):
        return None
    trial = Trial.of(2, {"a": pawns}, hand, "hand in")
    ruling = judge(trial)
    lang = question.lang
    if ruling.allowed:
        head = question.say("Hand in your cards.", "Je levert je kaarten in.")
        reason = question.say(
            "No card in this hand can be played, so all of them go onto the pile until the next deal.",
            "Geen kaart uit deze hand kan gespeeld worden, dus ze gaan allemaal op de stapel tot de "
            "volgende deling.",
        )
    else:
        plays = plays_in_words(ruling.legal, lang)
        head = question.say(f"Play {plays}.", f"Speel {plays}.")
        reason = question.say(
            "A card that can be played must be played; you hand in only when none can.",
            "Een kaart die je kunt spelen moet je spelen; inleveren mag alleen als geen enkele kan.",
        )
    if asks_must and question.kind == "yesno":
        head = f"{yes_no(question, not ruling.allowed)} {head}"
    elif asks_in and question.kind == "yesno":
        head = f"{yes_no(question, ruling.allowed)} {head}"
    refs = [kb.MUST_PLAY, kb.HAND_IN] + ([kb.KING_NO_PAWN] if "K" in hand else [])
    return checked(GAME, question, head, reason, refs, position=trial.position,
                   details=(f"Legal for seat a: {', '.join(ruling.legal)}.",))  # fmt: skip


_CARD = r"(?:an? |the |een |de )?(10|[2-9]|ace|queen|aas|vrouw|q)"
#: a card said to hit the asker's own pawn ("the 8 would knock my own pawn off")
_HITS_OWN = re.compile(
    r"\b(?:playing )?(?:the |de )?(10|[2-9]|ace|queen|q)\b (?:would|will|zou) (?:(?:knock|hit|send|"
    r"slaan|sla)\w* (?:off )?|land on )(?P<whose>my own other|my own|one of my own|my other|my "
    r"partner'?s|my teammate'?s|mijn eigen) (?:pawn|pion)(?: off| back| home| eraf| and knock it off)?"
)
#: the two cards that can be played: "I can play a 5 or an 8", "I hold a 5 and an 8"
_CAN_PLAY = re.compile(
    r"\bi can play "
    + _CARD
    + r" or "
    + _CARD
    + r"\b|\bi (?:hold|have) "
    + _CARD
    + r" and "
    + _CARD
    + r"\b"
)
#: the other card said to move freely: "the 8 played on my other pawn moves it to an empty space"
_OTHER_FREE = re.compile(
    r"\b(?:the |de )?(?:10|[2-9]|ace|queen|q)(?: played)? on (?:my|that) other pawn moves it to an "
    r"empty space(?: with nothing in the way)?\b"
)
#: the phrases :func:`read_not_forced_to_hit_own` reads, set aside by the guard for it alone
CHOICE_PHRASES = re.compile(
    _HITS_OWN.pattern
    + r"|\bi can play "
    + _CARD
    + r" or "
    + _CARD
    + r"\b"
    + r"|\b(?:the |de )?(?:10|[2-9]|ace|queen|q) is (?:fine|ok|okay|free|safe|harmless)\b"
    + r"|\b(?:do|must) i (?:have to |need to )?play the (?:10|[2-9]|ace|queen|q)\b"
    + r"|\bam i (?:forced|obliged) to play the (?:10|[2-9]|ace|queen|q)\b"
    + r"|\bi (?:hold|have) "
    + _CARD
    + r" and "
    + _CARD
    + r"\b|"
    + _OTHER_FREE.pattern
)


def read_not_forced_to_hit_own(question: Question) -> Answer | None:
    """Two cards can be played and one would hit the asker's own pawn: a card must be played,
    but the player chooses which, so the one that hits is not forced (KB-023, KB-024)."""
    lower = question.lower
    hits, pair = _HITS_OWN.search(lower), _CAN_PLAY.search(lower)
    if hits is None or pair is None:
        return None
    said = [g for g in pair.groups() if g]
    cards = [c for g in said for c in w.cards_named(Question.read(f"the {g}"))[:1]]
    if len(set(cards)) != 2 or "4" in cards or "7" in cards:
        return None
    bad = w.cards_named(Question.read(f"the {hits.group(1)}"))
    asked = re.search(
        r"\b(?:have to|must i|need to|forced to|obliged to) play the (10|[2-9]|ace|queen|q)\b",
        lower,
    )
    if not bad or bad[0] not in cards or asked is None:
        return None
    if w.cards_named(Question.read(f"the {asked.group(1)}")) != bad[:1]:
        return None  # the card asked about is not the one that would hit: not read here
    other = next(c for c in cards if c != bad[0])
    steps = {"A": 1, "Q": 12}
    reach = steps.get(bad[0]) or int(bad[0])
    if reach == (steps.get(other) or int(other)):
        return None
    partner = "partner" in hits.group("whose") or "teammate" in hits.group("whose")
    pawns: dict[str, list[int | str]] = (
        {"a": [10, 40, "N", "N"], "c": [10 + reach, "N", "N", "N"]}
        if partner
        else {"a": [10, 10 + reach, "N", "N"]}
    )
    players, target = (4, "c1") if partner else (2, "a2")
    trial = Trial.of(players, pawns, [bad[0], other], f"{other} {'a2' if partner else 'a1'}")
    hit_own = judge(Trial.of(players, pawns, [bad[0], other], f"{bad[0]} a1"))
    ruling = judge(trial)
    if not (hit_own.allowed and target in hit_own.hit() and ruling.allowed):
        return None
    plays = plays_in_words(ruling.legal, question.lang)
    reason = question.say(
        f"You must play a card, but you choose which: {plays} can be played, so you may play the "
        f"{other} and leave {'your partner' + chr(39) + 's' if partner else 'your own'} pawn standing.",
        f"Je moet een kaart spelen, maar je kiest zelf welke: {plays} kan, dus je mag de {other} "
        f"spelen en {'de pion van je partner' if partner else 'je eigen pion'} laten staan.",
    )
    return checked(GAME, question, yes_no(question, False), reason, [kb.MUST_PLAY],
                   position=trial.position, details=(f"Judged: {trial.action} for seat a.",))  # fmt: skip
