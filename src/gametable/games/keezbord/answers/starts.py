"""Another player's pawn on a start space that is not its own: no protection there (KB-041,
KB-042, docs/rules/keezbord.md "The safe start space").

Only a pawn on its *own* start space can be neither passed nor hit.  An opponent's pawn standing
on the asker's start space is hit by the asker's Ace or King placing a pawn there (Gameplay,
KB-021), and may be passed or landed on like any pawn; an opponent's pawn on a third player's
start space likewise.  Each reader builds the position and answers from the referee's ruling.

>>> from gametable.rulebook.question import Question
>>> q = Question.read("An opponent's pawn stands on my start space. Can I hit it?")
>>> read_theirs_on_my_start(q).text.split()[0]
'Yes.'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import FORWARD, GAME, first_forward_card, rule_of
from gametable.games.keezbord.answers.hands import card_name
from gametable.games.keezbord.answers.referee import Trial, judge, moved, refusal, sentence
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

#: an opponent's pawn said to stand on the asker's start space
THEIRS_ON_MINE = re.compile(
    r"\b(?:opponent'?s?|opp|enemy|rival'?s?|another player'?s?|other player'?s?|his|her|their|"
    r"tegenstanders?|tegenspeler|andere speler|vijand|zijn pion|haar pion|" + w.PERSON + r")\b"
    r"(?: pawn| pion)?(?:(?!\b(?:my|mijn|i|ik)\b)[^,?.;])*?\b(?:on|op) "
    r"(?:my|mijn) (?:own |eigen )?start(?:ing)?(?: ?space| ?square| ?position| ?vakje| ?vak)?\b"
)
#: an opponent's pawn said to stand on a third player's start space, not its own
THEIRS_ELSEWHERE = re.compile(
    r"\b(?:his|her|their|opponent'?s?|an? opponent'?s?|enemy|zijn|haar|a pawn|een pion)\b(?: pawn| pion)?"
    r"[^,?.;]*?\b(?:on|op) (?:another|a different|someone else'?s|somebody else'?s|anyone else'?s|"
    r"another player'?s|(?:een |de )?andere?) (?:player'?s? )?"
    r"(?:speler'?s? )?start(?:ing)?(?: ?space| ?square| ?vak)?\b"
)
#: the phrases read here, set aside by the guard: the place said, and "not his own"
PHRASES = re.compile(
    THEIRS_ON_MINE.pattern
    + "|"
    + THEIRS_ELSEWHERE.pattern
    + r"|[,(]?\s*\b(?:(?:it|that|which) (?:is not|isn'?t) |not |niet )(?:on |op )?(?:his|her|its|"
    r"their|theirs|zijn|haar)(?: own| eigen)?"
    r"(?: start(?: space)?| startvak)?\)?"
)
_SAFE = re.compile(r"\b(safe|protected|veilig|beschermd)\b")
_PLACE_CARD = ("A", "K")


def _asks(question: Question) -> str | None:
    """What is asked about the pawn: ``"pass"``, ``"hit"``, ``"safe"`` or ``"place"``."""
    if w.asks_swap(question) or w.asks_must(question) or w.asks_hand_in(question):
        return None
    if w.asks_pass(question) and not w.asks_hit(question):
        return "pass"
    if _SAFE.search(question.lower):
        return "safe"
    if w.asks_hit(question):
        return "hit"
    if any(c in _PLACE_CARD for c in w.cards_named(question)) or w.asks_place(question):
        return "place"
    return None


def _reply(question: Question, trial: Trial, asked: str, target: str) -> Answer | None:
    """The verdict on ``trial``: for ``safe`` the pawn is safe when the move is refused; for
    the rest the move is allowed, and a hit asked for must be a hit the referee made."""
    ruling = judge(trial)
    if asked in ("hit", "place") and ruling.allowed and target not in ruling.hit():
        return None
    if asked == "pass" and not ruling.allowed:
        return None  # refused for a reason the question did not build: not answered here
    lang = question.lang
    if ruling.allowed and trial.seat != 0:  # another seat's move: said as that seat's
        reason = sentence(ruling.why.replace(f"seat {trial.seat} plays", "a player plays"))
        if lang == "nl":
            reason = moved(ruling, lang)
    else:
        reason = moved(ruling, lang) if ruling.allowed else refusal(ruling, lang)
    why = question.say(
        "Only a pawn on its own start space is protected; anywhere else, another player's start "
        "space included, it can be passed and hit.",
        "Alleen een pion op zijn eigen startvak is beschermd; overal elders, ook op het startvak "
        "van een ander, mag hij gepasseerd en geslagen worden.",
    )
    allowed = ruling.allowed if asked != "safe" else not ruling.allowed
    head = yes_no(question, allowed) if question.kind != "what" else ""
    seat = "abcdef"[trial.seat]
    return checked(GAME, question, head, f"{reason} {why}", rule_of(ruling, [kb.START_SAFE, kb.HITTING]),
                   position=trial.position,
                   details=(f"Judged: {trial.action} for seat {seat}.",))  # fmt: skip


def _other_seat_moves(card: str, target: int, passing: bool) -> Trial | None:
    """Seat ``d`` of four moves ``card`` onto (or, ``passing``, past) space ``target``, where
    seat ``b``'s pawn stands; seat ``a``'s pawns wait in the nest."""
    steps = FORWARD.get(card)
    if steps is None or (passing and steps < 2):
        return None
    mover = (target - (steps - 1 if passing else steps)) % 64  # after seat d's start, 48
    position = Trial.of(
        4, {"b": [target, "N", "N", "N"], "d": [mover, "N", "N", "N"]}, [], f"{card} d1",
        to_move=3, hands={"d": [card]},
    ).position  # fmt: skip
    return Trial(position, f"{card} d1", seat=3)


def read_theirs_on_my_start(question: Question) -> Answer | None:
    """An opponent's pawn on the asker's start space: the asker's Ace or King places a pawn
    there and hits it (KB-021, KB-038); any pawn may pass it or land on it (KB-041)."""
    if not THEIRS_ON_MINE.search(question.lower) or w.says_home(question):
        return None
    if question.matches(r"\b(my pawn|mijn pion)\b[^,?.;]*\b(?:on|op) (?:his|her|their|zijn|haar)"):
        return None
    asked = _asks(question)
    card = first_forward_card(question)
    placer = next((c for c in w.cards_named(question) if c in _PLACE_CARD), None)
    if asked is None or card == "4":
        return None
    if placer is not None and (
        asked == "place" or (asked in ("hit", "safe") and card in (None, "A"))
    ):
        trial = Trial.of(2, {"b": [0, "N", "N", "N"]}, [placer], f"{placer} place")
        return _reply(question, trial, asked, "b1")  # the asker's Ace or King places there
    if asked == "place" or (asked in ("hit", "safe") and card is None):
        trial = Trial.of(2, {"b": [0, "N", "N", "N"]}, [placer or "K"], f"{placer or 'K'} place")
        return _reply(question, trial, asked, "b1")
    if card is None:
        card = "8"
    moving = _other_seat_moves(card, 0, passing=asked == "pass")
    return _reply(question, moving, asked, "b1") if moving else None


def read_theirs_elsewhere(question: Question) -> Answer | None:
    """An opponent's pawn on a third player's start space: the asker may pass it or land on it
    and hit it (KB-041, KB-038).  Seat ``b``'s pawn stands on seat ``c``'s start of four."""
    if not THEIRS_ELSEWHERE.search(question.lower) or THEIRS_ON_MINE.search(question.lower):
        return None
    if question.matches(
        r"\b(my (?:own )?pawns?|mijn (?:eigen )?pionn?e?n?)\b[^,?.;]*\b(?:on|op)\b"
    ):
        return None  # the asker's own pawn elsewhere: .situations.read_safe_elsewhere
    asked = _asks(question)
    if asked not in ("pass", "hit", "safe"):
        return None
    card = first_forward_card(question) or ("8" if asked == "pass" else "5")
    if card == "4":
        return None
    if w.other_behind(question):
        return None  # the pawn said to stand behind the asker's: not built here
    steps = FORWARD[card]
    mover = 32 - (steps - 2 if asked == "pass" and steps > 2 else steps)
    if asked == "pass" and steps < 2:
        return None
    trial = Trial.of(
        4, {"a": [mover, "N", "N", "N"], "b": [32, "N", "N", "N"]}, [card], f"{card} a1"
    )
    return _reply(question, trial, asked, "b1")


_WHICH_CARD = re.compile(r"\b(?:which|what) (?:card|one)\b|\bwelke(?: kaart)?\b|\bmet welke\b")


def read_which_card_hits(question: Question) -> Answer | None:
    """Which of the cards named hits a pawn the stated number of spaces ahead: the referee
    plays each card on the asker's pawn and names those that end on it (KB-038)."""
    lower = question.lower
    if not (_WHICH_CARD.search(lower) and w.asks_hit(question)) or w.asks_pass(question):
        return None
    if w.on_own_start(question) or THEIRS_ON_MINE.search(lower) or w.says_home(question):
        return None
    cards = [c for c in dict.fromkeys(w.cards_named(question)) if c in FORWARD and c != "7"]
    d = w.spaces_said(question)
    if (
        len(cards) < 2
        or len(cards) != len(w.cards_named(question))
        or d is None
        or not 1 <= d <= 12
    ):
        return None
    if w.other_behind(question) is not False or w.whose_other(question) != "opponent":
        return None  # the other pawn must be said to stand ahead of the asker's
    position = Trial.of(
        2, {"a": [2, "N", "N", "N"], "b": [2 + d, "N", "N", "N"]}, cards, ""
    ).position
    hitting = [c for c in cards if "b1" in judge(Trial(position, f"{c} a1")).hit()]
    names = [card_name(c, question.lang) for c in hitting]
    if names:
        head = question.say(
            f"{' and '.join(names).capitalize()}.", f"{' en '.join(names).capitalize()}."
        )
    else:
        head = question.say("None of them.", "Geen van beide.")
    reason = question.say(
        f"Only a card that moves your pawn exactly {d} spaces ends on his pawn and hits it; the "
        "referee played each card on your pawn.",
        f"Alleen een kaart die je pion precies {d} vakken verzet eindigt op zijn pion en slaat "
        "hem; de scheidsrechter speelde elke kaart op je pion.",
    )
    return checked(GAME, question, head, reason, [kb.HITTING], position=position,
                   details=(f"Judged: {', '.join(f'{c} a1' for c in cards)} for seat a.",))  # fmt: skip
