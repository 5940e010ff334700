"""A Jack's swap read by its parts: whose two pawns change places, and where they stand.

The parts, in any order: the Jack (jack, boer, "jack-swap"), the pawns named with their owners
(mine, my other one, an opponent's, my teammate's) and their places (on the track by default;
inside a home, on its own start, in the nest; "all my pawns are still in the nest"), the table
(four players when a teammate is named) and a yes/no ask.  The position puts each pawn where it
is said to stand, apart on the open track otherwise; the referee judges the swap asked (``J a1
b1``), or, when my pawns are all in the nest, whether any Jack play is legal.  A word left that
no part reads, and the reader gives up (``None``).

>>> from gametable.rulebook.question import Question
>>> read_swap(Question.read("Can I Jack-swap one of my pawns with an opponent's pawn that's already inside his home?")).text.split(".")[0]
'No'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.build import GAME, partner, start
from gametable.games.keezbord.answers.referee import Trial, judge, moved, refusal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

_JACK = re.compile(r"\b(?:jack|jacks|boer|jack-swap|jack-swapping)\b")
#: the pawns named, each phrase with its owner; the places said right after it
_PAWNS: tuple[tuple[str, str], ...] = (
    (r"\bboth pawns i'?d like to (?:exchange|swap|switch) are mine\b|\btwo of my (?:own )?pawns\b"
     r"|\btwee van mijn (?:eigen )?pionnen\b|\bmy own pawns\b", "mine mine2"),
    (r"\bmy other pawn\b|\bmijn andere pion\b|\banother of my pawns\b"
     r"|\b(?:a|my|that|the) second (?:pawn|one)\b|\bthat other pawn\b"
     r"|\b(?:and )?another(?= (?:is|stands|sits) )", "mine2"),
    (r"\b(?:an?|the|my) (?:opponent|enemy)'?s pawn\b|\bhis pawn\b|\b(?:een |de )?pion van "
     r"(?:mijn|de|een) tegenstander\b|\bzijn pion\b|\bmy opponent'?s pawn\b"
     r"|\bthe only (?:opponent|enemy) pawn(?: i'?d (?:want|like))?\b", "theirs"),
    (r"\b(?:my|a) (?:partner|teammate|team ?mate)'?s (?:track )?pawn\b|\b(?:een |de )?pion van mijn "
     r"(?:teamgenoot|maat|partner|medespeler)(?: op de baan)?\b"
     r"|\bone of my (?:partner|teammate)'?s (?:track )?pawns\b", "partners"),
    (r"\bmy only pawn (?:on the board|out(?: of the nest)?|on the track)\b|\bone of my track pawns\b"
     r"|\b(?:i'?ve got|i have) a jack and a pawn\b|\bi have one pawn\b"
     r"|\b(?:een )?van mijn pionnen(?: op de baan)?\b", "mine"),
    (r"\bone of my pawns\b|\bmy pawn\b|\bmijn pion\b|\bmine\b", "mine"),
)  # fmt: skip
_PLACE = re.compile(
    r"^\W*(?:that'?s |which is |that is |die |dat )?(?:already |al |still |nog )?"
    r"(?:is |is standing |is sitting |stands |sits |standing |sitting )?"
    r"(?:(?P<home>(?:inside|in) (?:his|its|my|zijn|mijn) (?:own )?(?:home|thuishonk)(?: staat)?"
    r"|near my home)|(?P<start>(?:is )?on (?:its|his|that opponent'?s) (?:own )?start(?: space)?|op zijn (?:eigen )?startvak"
    r"(?: staat)?)|(?P<mystart>on my (?:own )?start(?: space)?)"
    r"|(?P<track>on the track|op de baan|(?:about |some )?(?:\d+ spaces )?(?:further )?along the track"
    r"|in the middle of the track|halfway round the board))"
)
#: what a told swap may say beside its pawns, which the position holds anyway
_TOLD = re.compile(
    r"\b(?:because )?i (?:just|have just) (?:put|placed) it(?: out| there)?\b|\bteam game,?"
    r"|\bi still have pawns of my own(?: to bring home| out| on the track)?\b"
    r"|\(?\bneither is on a start(?: space)?\)?|\bik heb nog eigen pionnen op de baan\b"
)
_NEST_ALL = re.compile(
    r"\b(?:all|every one of) (?:of )?my pawns (?:are|is) (?:still )?in the nest\b"
    r"|\bal mijn pionnen staan (?:nog )?in het nest\b"
)
_MINE_OUT = re.compile(
    r"\bik heb zelf nog pionnen op de baan\b|\bi still have pawns on the track\b"
)
#: where on the open track two pawns stand, said loosely: both on the track, apart
_SPREAD = re.compile(r"\b(?:one )?(?:far back|near (?:my|the) (?:home|start))\b")
_ASK = re.compile(r"\b(?:can|may|could|mag|kan|does|is it allowed)\b")
_FILLER = frozenset(
    [
        "a",
        "an",
        "the",
        "i",
        "ik",
        "can",
        "may",
        "could",
        "mag",
        "kan",
        "does",
        "do",
        "let",
        "me",
        "use",
        "using",
        "a",
        "with",
        "met",
        "to",
        "play",
        "spelen",
        "speel",
        "swap",
        "swapping",
        "switch",
        "exchange",
        "ruilen",
        "wisselen",
        "their",
        "places",
        "of",
        "plaats",
        "van",
        "it",
        "them",
        "jack",
        "boer",
        "card",
        "kaart",
        "far",
        "back",
        "one",
        "near",
        "and",
        "en",
        "is",
        "my",
        "mijn",
        "we",
        "spelen",
        "z'n",
        "tweeën",
        "dan",
        "een",
        "de",
        "with",
        "it",
        "player",
        "players",
        "spelers",
        "two",
        "twee",
        "2",
        "four",
        "4",
        "vier",
        "game",
        "jack-swap",
    ]
)


def _parts(lower: str) -> tuple[list[tuple[int, str, str]], str]:
    """The pawns named with their places (``("theirs", "home")``), and the text left."""
    found: list[tuple[int, str, str]] = []
    rest = lower
    for pattern, owners in _PAWNS:
        for m in re.finditer(pattern, rest):
            after = _PLACE.match(rest[m.end() :])
            place = next(
                (k for k in ("home", "start", "mystart", "track") if after and after.group(k)), ""
            )
            if place == "mystart":  # on my start: my own pawn's start, another's is not read
                place = "start" if owners.startswith("mine") else "unread"
            for owner in owners.split():
                found.append((m.start(), owner, place))
            end = m.end() + (after.end() if after else 0)
            rest = rest[: m.start()] + " " * (end - m.start()) + rest[end:]
    return sorted(found), rest


def read_swap(question: Question) -> Answer | None:
    """The referee's ruling on the Jack's swap the question describes (see the docstring)."""
    lower = question.lower
    if not (_JACK.search(lower) and _ASK.search(lower)) or question.kind not in ("yesno", "other"):
        return None
    nest_all = _NEST_ALL.search(lower) is not None
    lower = _SPREAD.sub(" ", _MINE_OUT.sub(" ", _NEST_ALL.sub(" ", lower)))
    lower = _TOLD.sub(" ", lower)
    pawns, rest = _parts(lower)
    words = re.findall(r"[a-zà-ü0-9'-]+", _ASK.sub(" ", rest))
    if any(x not in _FILLER for x in words):
        return None
    teams = any(o == "partners" for _, o, _ in pawns)
    players = w.players_stated(question) or (4 if teams else 2)
    if players not in (2, 4, 6) or (teams and players == 2):
        return None
    if nest_all:
        return _no_pawn_out(question, players) if not pawns else None
    placed = _placed(pawns)
    if placed is None:
        return None
    pair = _pair(lower, pawns, placed)
    if pair is None:
        return None
    return _judge_swap(question, players, [(o, placed[o]) for o in pair])


def _placed(pawns: list[tuple[int, str, str]]) -> dict[str, str] | None:
    """Each pawn's place, said once (named again, it keeps it); ``None`` when a place is not
    read or two are said for one pawn."""
    placed: dict[str, str] = {}
    for _, owner, place in pawns:
        if place == "unread" or (place and placed.get(owner, place) not in ("", place)):
            return None
        placed[owner] = placed.get(owner) or place
    return placed


def _pair(
    lower: str, pawns: list[tuple[int, str, str]], placed: dict[str, str]
) -> tuple[str, str] | None:
    """The two pawns the swap asked about: the only two named, or those named in the asking
    sentence ("swap that second pawn with an opponent's pawn"; "it" the other one named)."""
    owners = list(placed)
    if len(owners) == 2:
        return owners[0], owners[1]
    if len(owners) != 3:
        return None
    asked_at = max(lower.rfind(". "), lower.rfind("? ", 0, len(lower) - 2))
    asked = list(dict.fromkeys(o for at, o, _ in pawns if at > asked_at))
    return (asked[0], asked[1]) if len(asked) == 2 else None


def _spot(owner: str, place: str, players: int, index: int) -> Any:
    seat = {"mine": 0, "mine2": 0, "theirs": 1, "partners": "abcdef".index(partner(players))}
    own_start = start(seat[owner], players)
    if place == "home":
        return "H2" if owner != "mine2" else 60  # "near my home": just short of it
    if place == "start":
        return own_start
    return own_start + 6 + 10 * index  # apart on the open track, clear of every start


def _judge_swap(question: Question, players: int, pawns: list[tuple[str, str]]) -> Answer | None:
    names = {"mine": "a1", "mine2": "a2", "theirs": "b1", "partners": f"{partner(players)}1"}
    placed: dict[str, list[Any]] = {}
    for i, (owner, place) in enumerate(pawns):
        name = names[owner]
        row = placed.setdefault(name[0], ["N"] * 4)
        row[int(name[1]) - 1] = _spot(owner, place, players, i)
    if "a" not in placed:
        placed["a"] = [10, "N", "N", "N"]  # "I still have pawns on the track"
    position = {"game": GAME, "players": players, "pawns": placed, "hands": {"a": ["J"]},
                "to_move": 0}  # fmt: skip
    first, second = (names[o] for o, _ in pawns)
    if first[0] != "a" and second[0] == "a":
        first, second = second, first
    trial = Trial(position, f"J {first} {second}")
    ruling = judge(trial)
    reason = refusal(ruling, question.lang) if not ruling.allowed else moved(ruling, question.lang)
    return checked(GAME, question, yes_no(question, ruling.allowed), reason,
                   [kb.JACK, kb.JACK_TARGETS], position=position,
                   details=(f"Judged: {trial.action} for seat a.",))  # fmt: skip


def _no_pawn_out(question: Question, players: int) -> Answer | None:
    """My pawns all in the nest: whether any Jack play is legal, from the legal actions."""
    position = {"game": GAME, "players": players, "pawns": {"b": [start(1, players) + 6, "N", "N", "N"]},
                "hands": {"a": ["J"]}, "to_move": 0}  # fmt: skip
    state = Trial(position, "").state()
    jacks = [str(a) for a in state.legal_actions(0) if str(a).startswith("J")]
    if jacks:
        return None  # a Jack play the referee allows: not the case this reply explains
    reason = question.say(
        "A Jack swaps one of your own pawns on the track; with all of them in the nest there is "
        "none to swap.",
        "Een Boer ruilt een van je eigen pionnen op de baan; met al je pionnen in het nest is er "
        "geen om te ruilen.",
    )
    return checked(GAME, question, yes_no(question, bool(jacks)), reason, [kb.JACK],
                   position=position,
                   details=(f"Legal Jack plays: {', '.join(jacks) or 'none'}.",))  # fmt: skip
