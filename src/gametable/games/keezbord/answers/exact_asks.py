"""The asks of an exact position that weigh the whole hand or count what a move does: which
card reaches a place, whether the hand may be handed in (or a hit on one's own pawn avoided),
how many pawns a move hits, and whether a pawn may run another lap.

Each builds on the position :mod:`.exact` read and asks the referee: the legal actions of the
hand (Gameplay, KB-023 to KB-027), the pawns a played action sends to their nests (Additional
Rules, KB-038), where a card takes a pawn (Card Meanings; Gameplay, KB-035).

>>> from gametable.rulebook.question import Question
>>> from gametable.games.keezbord.answers.exact import read_exact
>>> q = Question.read("My pawns are on 20 and 23 and my only card is a 3. Can I hand it in?")
>>> read_exact(q).text.split(".")[0]
'No'
"""

from __future__ import annotations

from collections.abc import Sequence

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers.hands import card_name
from gametable.games.keezbord.answers.referee import Ruling, Trial, judge, moved, refusal, where
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "keezbord"
SEATS = "abcdef"


def _details(trial: Trial, ruling: Ruling) -> tuple[str, ...]:
    return (f"Judged: {trial.action} for seat {SEATS[trial.seat]}.",
            f"Legal: {', '.join(ruling.legal)}.")  # fmt: skip


def _own_hits(trial: Trial, action: str) -> list[str]:
    """The asker's own team's pawns that ``action`` sends to their nests ([] if refused)."""
    ruling = judge(Trial(trial.position, action, seat=trial.seat))
    seat = SEATS[trial.seat]
    return [p for p in ruling.hit() if p[0] == seat] if ruling.allowed else []


def hand_in(question: Question, trial: Trial, own_hit_asked: bool) -> Answer:
    """May the hand be handed in (or must a card be played)?  With ``own_hit_asked``: must the
    player hit their own pawn?  The referee's legal actions decide (KB-023, KB-024, KB-027)."""
    ruling = judge(trial)  # trial.action is "hand in"
    plays = [a for a in ruling.legal if a != "hand in"]
    lang = question.lang
    if not plays:
        reason = question.say(
            "No card in your hand can be played, so you hand in all your cards and wait for the "
            "next deal.",
            "Geen kaart uit je hand kan gespeeld worden, dus je levert al je kaarten in en wacht "
            "op de volgende deling.",
        )
        head = yes_no(question, not own_hit_asked)
        return checked(GAME, question, head, reason, [kb.HAND_IN, kb.MUST_PLAY],
                       position=trial.position, details=_details(trial, ruling))  # fmt: skip
    clean = [a for a in plays if not _own_hits(trial, a)]
    shown = clean[0] if clean else plays[0]
    move = moved(judge(Trial(trial.position, shown, seat=trial.seat)), lang)
    if own_hit_asked:
        forced = not clean
        reason = question.say(
            f"You must play a card, and {'every play hits' if forced else 'you choose which'}: "
            f"{move}",
            f"Je moet een kaart spelen, en {'elke zet slaat' if forced else 'je kiest zelf welke'}: "
            f"{move}",
        )
        head = yes_no(question, forced)
    else:
        reason = question.say(
            f"A card you can play must be played, even if it hits your own pawn: {move}",
            f"Een kaart die je kunt spelen moet je spelen, ook als je je eigen pion slaat: {move}",
        )
        head = yes_no(question, False)
    return checked(GAME, question, head, reason, [kb.MUST_PLAY, kb.HAND_IN],
                   position=trial.position, details=_details(trial, ruling))  # fmt: skip


def which_card(
    question: Question,
    position: dict[str, object],
    seat: int,
    mover: int,
    hand: Sequence[str],
    target: str | None,
) -> Answer | None:
    """Which of the cards in ``hand`` takes the asker's pawn ``mover`` to ``target`` (or, with
    no target, where each card takes it)."""
    pawn = f"{SEATS[seat]}{mover + 1}"
    results: list[tuple[str, Ruling, Trial]] = []
    for card in hand:
        if card in ("K", "J"):
            continue
        trial = Trial(position, f"{card} {pawn}", seat=seat)
        results.append((card, judge(trial), trial))
    if not results:
        return None
    lang = question.lang
    if target is None:
        said = [f"{_capital(card_name(c, lang))}: {moved(r, lang) if r.allowed else refusal(r, lang)}"
                for c, r, _ in results]  # fmt: skip
        return checked(GAME, question, "", " ".join(said), [kb.CARD_MEANINGS, kb.EXACT_HOME],
                       position=position)  # fmt: skip
    good = [(c, r, t) for c, r, t in results if r.allowed and reaches(r, pawn, target)]
    if len(good) != 1:
        return None  # none, or more than one: not read here
    card, ruling, trial = good[0]
    name = card_name(card, lang)
    head = question.say(f"{name[0].upper()}{name[1:]}.", f"{name[0].upper()}{name[1:]}.")
    others = [
        f"{_capital(card_name(c, lang))}: {moved(r, lang) if r.allowed else refusal(r, lang)}"
        for c, r, _ in results
        if c != card
    ]
    reason = moved(ruling, lang) + ("" if not others else " " + " ".join(others))
    return checked(GAME, question, head, reason, [kb.CARD_MEANINGS, kb.EXACT_HOME],
                   position=position, details=(f"Judged: {trial.action}, target {target}.",))  # fmt: skip


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _reaches(place: str, target: str) -> bool:
    """Whether ``place`` is the ``target`` asked: a home space, or ``"H"`` for any of them."""
    return place == target or (target == "H" and place.startswith("H"))


def reaches(ruling: Ruling, pawn: str, target: str) -> bool:
    """Whether the allowed move ends where asked: on a home space (``"H2"``, ``"H"`` for any),
    or, for ``"hit b1"``, on that pawn, sending it to its nest."""
    if target.startswith("hit "):
        return target[4:] in ruling.hit()
    return _reaches(str(ruling.place_of(pawn)), target)


def count_hits(question: Question, trial: Trial) -> Answer:
    """How many pawns the action hits, as the referee plays it (KB-038, KB-039)."""
    ruling = judge(trial)
    lang = question.lang
    if not ruling.allowed:
        head = question.say("None: the move is not allowed.", "Geen: die zet mag niet.")
        return checked(GAME, question, head, refusal(ruling, lang), [kb.HITTING],
                       position=trial.position, details=_details(trial, ruling))  # fmt: skip
    hit = ruling.hit()
    n = len(hit)
    words = {0: ("None", "Geen"), 1: ("One", "Eén"), 2: ("Two", "Twee"), 3: ("Three", "Drie")}
    en, nl = words.get(n, (str(n), str(n)))
    head = question.say(f"{en} ({n}).", f"{nl} ({n}).")
    options = trial.position.get("options") or {}
    rule = question.say(
        "each part of a 7 hits every pawn it passes (the variant)"
        if options.get("seven_hits_passed")
        else "only a pawn a move ends on is hit; passing a pawn does not hit it",
        "elk deel van een 7 slaat elke pion die het passeert (de variant)"
        if options.get("seven_hits_passed")
        else "alleen een pion waar een zet op eindigt wordt geslagen; passeren slaat niet",
    )
    reason = f"{moved(ruling, lang)} ({rule})"
    return checked(GAME, question, head, reason, [kb.HITTING, kb.SEVEN],
                   position=trial.position, details=_details(trial, ruling))  # fmt: skip


def no_extra_lap(question: Question, trial: Trial) -> Answer:
    """A pawn never runs a second lap: the card takes it into its home or is refused
    (KB-035, the reading "no extra lap")."""
    ruling = judge(trial)
    lang = question.lang
    what = moved(ruling, lang) if ruling.allowed else refusal(ruling, lang)
    reason = question.say(
        f"A pawn goes round the board once and then into its home, never round again. {what}",
        f"Een pion gaat één keer rond en dan de thuishonk in, nooit nog een rondje. {what}",
    )
    if ruling.allowed:
        pawn = trial.action.split()[1]
        reason += question.say(
            f" (It ends on {where(ruling.place_of(pawn), 'en')}.)",
            f" (Hij komt op {where(ruling.place_of(pawn), 'nl')}.)",
        )
    return checked(GAME, question, yes_no(question, False), reason, [kb.NO_EXTRA_LAP],
                   position=trial.position, details=_details(trial, ruling))  # fmt: skip


def seven_in_part(question: Question, trial: Trial, used: int, dropped: int) -> Answer:
    """A 7 is never played in part: all seven steps are used, over one pawn or two (KB-056;
    docs/rules "The 7").  The referee's plays of the 7 in this position are named."""
    ruling = judge(trial)
    sevens = [a for a in ruling.legal if a.startswith("7")]
    plays = ", ".join(sevens) if sevens else question.say("none", "geen")
    reason = question.say(
        f"A 7 must be used in full: {used} + {dropped} = 7 steps, over one pawn or two, and no "
        f"step may be left unused. The referee's plays of the 7 here: {plays}.",
        f"Een 7 moet je helemaal gebruiken: {used} + {dropped} = 7 stappen, met één of twee "
        f"pionnen, en geen stap mag overblijven. De zetten met de 7 die de scheidsrechter hier "
        f"toestaat: {plays}.",
    )
    if not sevens:
        reason += question.say(
            " No card can be played, so you hand in your cards.",
            " Geen kaart kan gespeeld worden, dus je levert je kaarten in.",
        )
    return checked(GAME, question, yes_no(question, False), reason, [kb.SEVEN, kb.SEVEN_PARTS],
                   position=trial.position, details=_details(trial, ruling))  # fmt: skip


__all__ = ["count_hits", "hand_in", "no_extra_lap", "reaches", "seven_in_part", "which_card"]
