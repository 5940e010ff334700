"""Exact positions told space by space ("my pawn is on 60", "seat b's pawn is on 16", "H2"),
built as they are said and judged by the referee.

A player mid-game often says where each pawn stands by its space number.  :func:`read_exact`
reads such a question whole: the table (players stated, else two), the asking seat ("I'm seat
b"), every pawn's place with its owner (mine, the opponent's, a seat's, my partner's), the card
played and what is asked (where the pawn ends, whether a card may be played or must be, whether
a pawn is hit, what a Jack's swap does, what happens).  Statements that only confirm the board
("my start is space 0", "its own start", "my home is empty") are checked against the engine's
board.  The reading is strict: once every phrase it knows is set aside, only filler words may be
left; any other word, a number it did not place, or a place the board does not have, and it
returns ``None`` (the rules text answers instead).

>>> from gametable.rulebook.question import Question
>>> read_exact(Question.read("My pawn is on space 60 and I play a 5. Where does it end up?")).text
'It ends on home space H2. You play a 5: a1 moves 5 forward from space 60 into home space H2.'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import BY_STEPS, GAME, hit_verdict, start
from gametable.games.keezbord.answers.exact_asks import (
    count_hits,
    hand_in,
    no_extra_lap,
    reaches,
    seven_in_part,
    which_card,
)
from gametable.games.keezbord.answers.exact_told import (
    Told,
    consistent,
    place_action_pawns,
    read_action,
    read_pawns,
    read_swap_with,
    read_table,
    told_action,
)
from gametable.games.keezbord.answers.exact_words import ASK, FILLER, HAND, OPTION, PLACE, TABLE
from gametable.games.keezbord.answers.referee import Trial, judge, moved, refusal, where
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

SEATS = "abcdef"


#: a place told by its number: "on 60", "is on space 12", "start, space 0", "H2"
_TELLS_PLACE = re.compile(
    r"(?:\b(?:on|op|at|is)\s+|,\s*(?=space|vak))(?:space |vak |vakje |plek |spot )?\d{1,2}\b"
    r"|\bh[1-4]\b"
)


def read_exact(question: Question) -> Answer | None:
    """The referee's answer to a position told space by space, or ``None``."""
    lower = question.lower
    if not _TELLS_PLACE.search(lower):
        return None
    told = read_table(lower)
    if told is None:
        return None
    text = TABLE.strip.sub(" ", lower)
    said_starts = [int(m.group(1)) for m in TABLE.start_is.finditer(text)]
    if said_starts and TABLE.asker.search(lower) is None:
        # "my start is 16": the asker sits at the seat whose start that is
        told.seat = next(
            (s for s in range(told.players) if start(s, told.players) == said_starts[0]), 0
        )
    told.starts += [(told.seat, space) for space in said_starts]
    text = TABLE.start_is.sub(" ", text).strip(" ,")
    for m in TABLE.home_after.finditer(text):
        told.homes_after.append((told.seat, int(next(g for g in m.groups() if g))))
    text = TABLE.home_after.sub(" ", text).strip(" ,")
    sentences = [s for s in re.split(r"(?<=[.?!])\s+", text) if s.strip()]
    if len(sentences) == 1:  # "my pawn is on 50 and I got a queen, where do I end up"
        sentences = _last_clause_apart(sentences[0])
    if len(sentences) < 2:
        return None
    said, asked = " ".join(sentences[:-1]), sentences[-1]
    if OPTION.search(said):
        told.options["seven_hits_passed"] = True
        said = OPTION.sub(" ", said)
    said = read_action(said, told)
    played = PLACE.played_with.search(said)
    if played is not None:  # "I play a 3 with the one on 62": the pawn asked about
        said = said[: played.start()] + " " + said[played.end() :]
        asked = f"{asked} the one on {played.group('at')}"
    rest = read_pawns(w.NUMBER_CARD.sub(" ", HAND.sub(" ", said)), told)
    place_action_pawns(told)
    asked = read_swap_with(asked, told)
    ask = _read_ask(asked, told)
    if rest is None or ask is None or not consistent(told):
        return None
    kind, left = ask
    if not _only_filler(rest + " " + left, question):
        return None
    return _answer(question, told, kind, w.cards_named(question), asked)


def _read_ask(asked: str, told: Told) -> tuple[str, str] | None:
    """What the last sentence asks, and its words left once the ask, the pawn it moves, the
    steps and the target and the cards are set aside."""
    for kind, pattern in ASK.items():
        m = pattern.search(asked)
        if m:
            left = asked[: m.start()] + " " + asked[m.end() :]
            for known in (PLACE.mover, PLACE.steps, PLACE.target, PLACE.partner_of_swap,
                          PLACE.home_words, w.NUMBER_CARD):  # fmt: skip
                left = known.sub(" ", left)
            if kind == "which":  # "which one gets it into my home": any home space
                left = PLACE.hits_it.sub(" ", PLACE.any_home.sub(" ", left))
            elif kind == "what":  # "what happens to my partner's pawn?"
                left = PLACE.about.sub(" ", left)
            elif kind == "can":  # "can I get it home?": into any home space
                left = PLACE.goes_home.sub(" ", left)
            return kind, left
    return None


def _only_filler(rest: str, question: Question) -> bool:
    """Whether only filler words and the cards' own words are left."""
    said = {m.said for m in w.CARDS.find(question)}
    words = re.findall(r"[a-zà-ü0-9']+", rest)
    return all(word in FILLER or word in said for word in words)


def _answer(
    question: Question, told: Told, kind: str, cards: list[str], asked: str
) -> Answer | None:
    """Builds the trial for ``kind`` and answers from the referee's ruling."""
    pawns = {SEATS[s]: p + ["N"] * (4 - len(p)) for s, p in told.pawns.items()}
    if kind == "split":
        return _split_asked(question, told, pawns, cards, asked)
    if kind == "split_places":
        return _split_by_places(question, told, pawns, cards, asked)
    if kind in ("which", "handin", "hitown", "count"):
        return _whole_hand(question, told, pawns, kind, cards, asked)
    if told.action is not None:
        return _told_move(question, told, pawns, kind, cards)
    steps = PLACE.steps.search(asked)
    card = cards[0] if len(cards) == 1 else None
    if steps and (card is not None or kind != "can"):
        return None  # steps said beside a card: a part of a 7 or a second step, not read here
    if steps:
        card = BY_STEPS.get(w.value(steps.group(1)))
    if card is None or told.action is not None:
        return None
    if kind == "must":
        return _must(question, told, pawns, card)
    mover = _mover(asked, told)
    if mover is None:
        return None
    if kind == "swap":
        return _swap(question, told, pawns, mover) if card == "J" else None
    action = f"{card} {SEATS[told.seat]}{mover + 1}"
    trial = _trial(told, pawns, [card], action)
    if kind == "lap":
        return no_extra_lap(question, trial)
    if kind == "hit":
        others = [f"{SEATS[s]}{i + 1}" for s, p in told.pawns.items() if s != told.seat
                  for i, _ in enumerate(p)]  # fmt: skip
        if len(others) != 1:
            return None
        return hit_verdict(question, trial, others, [kb.HITTING, kb.START_SAFE])
    target = PLACE.target.search(asked)
    home = f"H{target.group('home')}" if target else None
    if kind == "can" and home is None and PLACE.goes_home.search(asked):
        home = "H"  # into the home, any space of it
    named = PLACE.mover.search(asked) is not None
    return _verdict_or_place(question, trial, kind, home, named=named)


def _last_clause_apart(text: str) -> list[str]:
    """One sentence whose last clause asks ("..., where do I end up"): the ask apart."""
    head, comma, last = text.rpartition(",")
    if comma and any(p.search(last) for k, p in ASK.items() if k in ("where", "can", "what")):
        return [head.strip() + ".", last.strip()]
    return [text]


def _told_move(
    question: Question, told: Told, pawns: dict[str, list[int | str]], kind: str, cards: list[str]
) -> Answer | None:
    """The 7 told before the ask, judged: whether it is allowed, or whether it hits the one
    other pawn told."""
    action = told_action(told)
    if action is None or cards not in ([], ["7"]):
        return None
    trial = _trial(told, pawns, ["7"], action)
    if kind == "hit":
        others = [f"{SEATS[s]}{i + 1}" for s, p in told.pawns.items() if s != told.seat
                  for i, _ in enumerate(p)]  # fmt: skip
        if len(others) != 1:
            return None
        return hit_verdict(question, trial, others, [kb.HITTING, kb.SEVEN])
    if kind in ("can", "what"):
        return _verdict_or_place(question, trial, kind, named=True)
    return None


def _whole_hand(
    question: Question,
    told: Told,
    pawns: dict[str, list[int | str]],
    kind: str,
    cards: list[str],
    asked: str,
) -> Answer | None:
    """The asks that weigh the whole hand told, or count what the 7 told does
    (:mod:`.exact_asks`)."""
    if kind == "count":
        action = told_action(told)  # a 7 told: "I move this pawn 7 to 27" names the card
        if action is None or cards not in ([], ["7"]) or PLACE.steps.search(asked):
            return None
        cards = ["7"]
        return count_hits(question, _trial(told, pawns, cards, action))
    if not cards or told.action is not None or PLACE.steps.search(asked):
        return None
    if kind in ("handin", "hitown"):
        return hand_in(question, _trial(told, pawns, cards, "hand in"), kind == "hitown")
    mover = _mover(asked, told)
    target = PLACE.target.search(asked)
    home = f"H{target.group('home')}" if target else _home_said(asked)
    if home is None and PLACE.any_home.search(asked):
        home = "H"  # any home space
    if home is None and PLACE.hits_it.search(asked):
        others = [f"{SEATS[s]}{i + 1}" for s, p in told.pawns.items() if s != told.seat
                  for i, _ in enumerate(p)]  # fmt: skip
        home = f"hit {others[0]}" if len(others) == 1 else None
    if mover is None or home is None:
        return None
    position = dict(_trial(told, pawns, cards, "hand in").position)
    return which_card(question, position, told.seat, mover, cards, home)


def _split_by_places(
    question: Question,
    told: Told,
    pawns: dict[str, list[int | str]],
    cards: list[str],
    asked: str,
) -> Answer | None:
    """A 7 split in the ask by the pawns' places: "can I move the pawn on 61 5 steps into my
    home and the one on 10 2 steps?" (a home said is the first part's end, any home space)."""
    m = ASK["split_places"].search(asked)
    if m is None or cards != ["7"] or int(m.group("a")) + int(m.group("b")) != 7:
        return None
    mine = told.pawns.get(told.seat, [])
    p1, p2 = int(m.group("p1")), int(m.group("p2"))
    if p1 not in mine or p2 not in mine or p1 == p2:
        return None
    me = SEATS[told.seat]
    action = f"7 {me}{mine.index(p1) + 1}:{m.group('a')} {me}{mine.index(p2) + 1}:{m.group('b')}"
    trial = _trial(told, pawns, cards, action)
    home = "H" if re.search(r"\bhome\b", m.group(0)) else None
    if home is None:
        return _verdict_or_place(question, trial, "can", named=True)
    ruling = judge(trial)
    ends = ruling.allowed and str(ruling.place_of(f"{me}{mine.index(p1) + 1}")).startswith("H")
    reason = moved(ruling, question.lang) if ruling.allowed else refusal(ruling, question.lang)
    return checked(GAME, question, yes_no(question, ends), reason, [kb.SEVEN, kb.EXACT_HOME],
                   position=trial.position, details=(f"Judged: {action}.",))  # fmt: skip


def _split_asked(
    question: Question,
    told: Told,
    pawns: dict[str, list[int | str]],
    cards: list[str],
    asked: str,
) -> Answer | None:
    """A 7 split in the ask: "can I move my last pawn 2 into H1 and give the other 5 to my
    partner's pawn?" (judged as that split), or "... and drop the other 5?" (a 7 is never used
    in part)."""
    m = ASK["split"].search(asked)
    if m is None or cards != ["7"] or int(m.group("a")) + int(m.group("b")) != 7:
        return None
    mover = _mover(asked[: m.start("a")], told)
    if mover is None:
        return None
    me = f"{SEATS[told.seat]}{mover + 1}"
    if m.group("how") in _DROP:
        trial = _trial(told, pawns, cards, f"7 {me}")
        return seven_in_part(question, trial, int(m.group("a")), int(m.group("b")))
    second = _second_pawn(m.group("with"), told, mover)
    if second is None:
        return None
    action = f"7 {me}:{m.group('a')} {second}:{m.group('b')}"
    return _verdict_or_place(question, _trial(told, pawns, cards, action), "can", named=True)


_DROP = ("drop", "waste", "skip", "forget", "lose", "throw away", "ignore", "leave")


def _second_pawn(said: str | None, told: Told, mover: int) -> str | None:
    """The pawn a split 7's second part moves: the one said, found among the pawns told."""
    if said is None:
        return None
    at = re.search(r"\d{1,2}", said)
    if at is not None:
        place = int(at.group(0))
        owners = [s for s, p in told.pawns.items() if place in p]
        return f"{SEATS[owners[0]]}{told.pawns[owners[0]].index(place) + 1}" if owners else None
    if re.match(r"my (?:partner|teammate)", said):
        seat = (told.seat + told.players // 2) % told.players
    elif said.startswith("my other"):
        seat = told.seat
    else:
        return None
    on_track = [i for i, p in enumerate(told.pawns.get(seat, [])) if isinstance(p, int)]
    on_track = [i for i in on_track if seat != told.seat or i != mover]
    return (
        f"{SEATS[seat]}{on_track[0] + 1}"
        if (len(on_track) == 1 and told.players > 2) or (len(on_track) == 1 and seat == told.seat)
        else None
    )


def _home_said(asked: str) -> str | None:
    """The home space an ask names in words: "the very last home spot" is H4."""
    m = PLACE.home_words.search(asked)
    if m is None:
        return None
    return "H1" if m.group("which") in ("first", "eerste", "voorste") else "H4"


def _trial(told: Told, pawns: dict[str, list[int | str]], hand: list[str], action: str) -> Trial:
    seat = SEATS[told.seat]
    extra = {"options": dict(told.options)} if told.options else {}
    base = Trial.of(told.players, pawns, [], action, to_move=told.seat, hands={seat: hand}, **extra)
    return Trial(base.position, action, seat=told.seat)


def _mover(asked: str, told: Told) -> int | None:
    """Which of the asker's pawns moves: the one the ask names or places, else the only one
    on the track."""
    mine = told.pawns[told.seat]
    m = PLACE.mover.search(asked)
    if m is None:
        on_track = [i for i, p in enumerate(mine) if isinstance(p, int)]
        out = [i for i, p in enumerate(mine) if p != "N"]  # else the only one out, in the home
        return on_track[0] if len(on_track) == 1 else out[0] if len(out) == 1 else None
    if m.group("mystart"):
        mine_start = start(told.seat, told.players)
        return mine.index(mine_start) if mine_start in mine else None
    if m.group("name"):
        name = m.group("name")
        return (
            int(name[1]) - 1 if name[0] == SEATS[told.seat] and int(name[1]) <= len(mine) else None
        )
    place: int | str = f"H{m.group('home')}" if m.group("home") else int(m.group("at"))
    return mine.index(place) if place in mine else None


def _verdict_or_place(
    question: Question, trial: Trial, kind: str, target: str | None = None, named: bool = False
) -> Answer:
    """Where the pawn ends, what happens, or Yes or No: the referee's ruling on ``trial``; with
    a target said ("up to H4"), Yes only when the move is allowed and ends there.  A card asked
    about with no pawn ``named`` is judged played any way the referee allows."""
    ruling = judge(trial)
    card, pawn = trial.action.split()[:2]
    other = [a for a in ruling.legal if a.split()[0] == card]
    if kind == "can" and target is None and not ruling.allowed and other and not named:
        trial = Trial(trial.position, other[0], seat=trial.seat)  # the card played another way
        ruling = judge(trial)
    lang = question.lang
    reason = moved(ruling, lang) if ruling.allowed else refusal(ruling, lang)
    if ruling.legal == ("hand in",):
        reason += question.say(
            " No card in the hand can be played, so you hand in your cards until the next deal.",
            " Geen kaart uit je hand kan gespeeld worden, dus je levert je kaarten in tot de "
            "volgende deling.",
        )
    if kind == "can":
        reached = ruling.allowed and (target is None or reaches(ruling, pawn, target))
        head = yes_no(question, reached)
    elif not ruling.allowed:
        head = question.say("It cannot go there: the move is not allowed.",
                            "Dat kan niet: die zet mag niet.")  # fmt: skip
    elif kind == "where":
        end = ruling.place_of(pawn)
        head = question.say(f"It ends on {where(end, 'en')}.", f"Hij komt op {where(end, 'nl')}.")
    else:
        head = ""
    refs = [ruling.rule] if ruling.rule else [kb.CARD_MEANINGS, kb.EXACT_HOME, kb.HITTING]
    return checked(GAME, question, head, reason, refs, position=trial.position,
                   details=(f"Judged: {trial.action} for seat {SEATS[trial.seat]}.",))  # fmt: skip


def _must(question: Question, told: Told, pawns: dict[str, list[int | str]], card: str) -> Answer:
    """Whether the card must be played: it must if the referee lists any play of it."""
    trial = _trial(told, pawns, [card], "hand in")
    ruling = judge(trial)
    plays = [a for a in ruling.legal if a != "hand in"]
    shown = (
        moved(judge(Trial(trial.position, plays[0], seat=trial.seat)), question.lang)
        if plays
        else ""
    )
    reason = (
        question.say(f"{shown} A card that can be played must be played (the referee allows "
                     f"{', '.join(plays)}).", f"{shown} Een kaart die je kunt spelen moet je "
                     f"spelen (de scheidsrechter staat {', '.join(plays)} toe).")
        if plays else question.say(
            "No move with it is allowed, so you hand in your cards and wait for the next deal.",
            "Geen zet ermee is toegestaan, dus je levert je kaarten in tot de volgende deling.")
    )  # fmt: skip
    head = yes_no(question, bool(plays))
    return checked(GAME, question, head, reason, [kb.MUST_PLAY, kb.HAND_IN],
                   position=trial.position, details=(f"Legal: {', '.join(ruling.legal)}.",))  # fmt: skip


def _swap(
    question: Question, told: Told, pawns: dict[str, list[int | str]], mover: int
) -> Answer | None:
    """A Jack swapping the asker's pawn with the one other player's pawn told."""
    others = [(s, i) for s, p in told.pawns.items() if s != told.seat for i, _ in enumerate(p)]
    if len(others) != 1:
        return None
    s, i = others[0]
    action = f"J {SEATS[told.seat]}{mover + 1} {SEATS[s]}{i + 1}"
    trial = _trial(told, pawns, ["J"], action)
    return _verdict_or_place(question, trial, "can")


__all__ = ["read_exact"]
