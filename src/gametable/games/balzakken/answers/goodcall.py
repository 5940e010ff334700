"""Was the call good? ("BALZAK! - End of a Round > Good BALZAK!", "False BALZAK!"), read by
its parts and judged by the engine.

The caller's hand must be said.  The verdict then needs only the hands that decide it: one other
hand with as few points as the caller's or fewer makes the call false whatever the rest hold
(a tie included: "does anyone else have the same or fewer?"), and so does a call with more than
5 points; a good call needs every other hand said.  Hands the question leaves unsaid are
filled with high Balzakken, which cannot change a verdict decided by the hands said; the
reply names only those.  Asked the other way round ("was it a false BALZAK!?") the Yes and No
turn round with it.

>>> from gametable.rulebook.question import Question
>>> from gametable.games.balzakken.answers.parts import read_scene
>>> from gametable.games.balzakken.answers.asks import asked
>>> q = Question.read("Sam calls BALZAK! with 4 points. I have a 4. Is Sam's BALZAK! a good one?")
>>> call_kind(q, read_scene(q), asked(q, read_scene(q))).text.split(".")[0]
'No'
"""

from __future__ import annotations

import re
from collections import Counter

from gametable.core.errors import IllegalAction
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.asks import Asked
from gametable.games.balzakken.answers.build import build, load
from gametable.games.balzakken.answers.names import numbered
from gametable.games.balzakken.answers.scene import Player, Scene
from gametable.games.balzakken.answers.seating import capital, filler, hand_for, label
from gametable.games.balzakken.scoring import BALZAK_LIMIT
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME_NAME = "balzakken"

#: the kind asked about: a good call ("is it a good one?", "geldig?") or a false one
_GOOD_ASKED = re.compile(r"\b(?:good|valid|ok|okay|goed|goede|geldig|geldige|correct)\b")
_FALSE_ASKED = re.compile(r"\b(?:false|wrong|invalid|bad|vals|valse|fout|foute|ongeldig)\b")


def asks_kind(question: Question, scene: Scene, ask: Asked) -> bool:
    """A yes or no whether the call told was good (or false), nothing else asked."""
    good, false = _GOOD_ASKED.search(ask.text), _FALSE_ASKED.search(ask.text)
    if re.search(r"\b(?:the other|other player|another|de andere|andere speler)\b", question.lower):
        return False  # a player the parts do not place
    return (
        ask.yesno
        and scene.caller is not None
        and scene.acted is None
        and (good is None) != (false is None)
        and not ask.wants - {"write"}
        and not re.search(r"\b(?:how many|what|who|hoeveel|wat|wie|if|als|only|alleen)\b", ask.text)
    )


def _worth(hand: list[str]) -> int:
    return sum(10 if c == "L" else 0 if c == "S" else int(c) for c in hand)


def _hands(scene: Scene, caller: Player) -> tuple[list[Player], list[list[str] | None]] | None:
    """The players seated (the caller first) and each one's hand said, ``None`` where unsaid;
    ``None`` when a hand said cannot be made of the deck's cards."""
    seats = [caller, *(p for p in scene.players if p is not caller)]
    count = scene.count or len(seats)
    if not len(seats) <= count <= 8 or count < 2:
        return None
    used: Counter[str] = Counter()
    hands: list[list[str] | None] = []
    for player in seats:
        hand = hand_for(player, used) if player.hand_said else None
        if player.hand_said and hand is None:
            return None
        if hand is not None and player.size is not None and player.size != len(hand):
            return None  # "3 cards: a 3 and a 4" leaves a card unsaid
        hands.append(hand)
    seats += [Player(f"others#unsaid{n}") for n in range(count - len(seats))]
    hands += [None] * (count - len(hands))
    return seats, hands


def _deciding(hands: list[list[str] | None]) -> list[int] | None:
    """The seats whose hands decide the verdict, ``None`` when the hands said do not decide it:
    the caller alone (more than 5 points), the others with as few points or fewer, or, for a
    good call, everyone (every hand must be said)."""
    mine = hands[0]
    if mine is None:
        return None
    value = _worth(mine)
    if value > BALZAK_LIMIT:
        return [0]
    low = [i for i, h in enumerate(hands[1:], 1) if h is not None and _worth(h) <= value]
    if low:
        return [0, *low]
    return None if any(h is None for h in hands) else list(range(len(hands)))


def call_kind(question: Question, scene: Scene, ask: Asked) -> Answer | None:
    """Whether the call told is good (or false, as asked), as the engine scores it."""
    caller = scene.caller
    if caller is None:
        return None
    placed = _hands(scene, caller)
    if placed is None:
        return None
    seats, said = placed
    deciding = _deciding(said)
    if deciding is None:
        return None
    used = Counter(c for h in said if h is not None for c in h)
    hands: list[list[str]] = []
    for hand in said:
        made = hand if hand is not None else filler(9, used)  # more than any caller may hold
        if made is None:
            return None
        hands.append(made)
    position = build(hands, to_move=0)
    state = load(position)
    if state is None:
        return None
    try:
        state.apply("balzak", 0)
    except IllegalAction:
        return None
    record = state.view(None)["rounds"][-1]
    good = record["kind"] == "good"
    verdict = yes_no(question, good if _GOOD_ASKED.search(ask.text) else not good)
    reason = _reason(question, seats, record, deciding)
    sources = (
        [refs.GOOD] if good else [refs.OVERCALL if record["kind"] == "overcall" else refs.FALSE]
    )
    return checked(GAME_NAME, question, verdict, reason, sources, position=position)


def _reason(question: Question, seats: list[Player], record: dict, deciding: list[int]) -> str:
    """Why: the deciding hands' points and what the caller writes."""
    values = record["values"]
    caller = label(question, seats[0])
    holds = question.say("hold" if seats[0].me else "holds", "hebt" if seats[0].me else "heeft")
    if record["kind"] == "overcall":
        return question.say(
            f"{capital(caller)} {holds} {numbered(values[0], 'point', 'en')}, more than {BALZAK_LIMIT}: a false "
            f"BALZAK!, which costs 25 points.",
            f"{capital(caller)} {holds} {numbered(values[0], 'point', 'nl')}, meer dan {BALZAK_LIMIT}: een valse "
            f"BALZAK!, die 25 punten kost.",
        )
    others = [_with_points(question, seats[i], values[i]) for i in deciding[1:]]
    listed = ", ".join(others)
    if record["kind"] == "false":
        return question.say(
            f"{capital(caller)} {holds} {numbered(values[0], 'point', 'en')} and {listed}: another hand with as few "
            "points or fewer makes it a false BALZAK!, so the caller writes 25.",
            f"{capital(caller)} {holds} {numbered(values[0], 'point', 'nl')} en {listed}: een andere hand met "
            "evenveel punten of minder maakt er een valse BALZAK! van, dus de roeper schrijft 25.",
        )
    return question.say(
        f"{capital(caller)} {holds} {numbered(values[0], 'point', 'en')} and every other hand more ({listed}): a "
        "good BALZAK!, so the caller writes 0.",
        f"{capital(caller)} {holds} {numbered(values[0], 'point', 'nl')} en elke andere hand meer ({listed}): een "
        "goede BALZAK!, dus de roeper schrijft 0.",
    )


def _with_points(question: Question, player: Player, value: int) -> str:
    """ "Tess 2", "you 0"; a player named by their hand ("the player with 5") as just that."""
    named = label(question, player)
    return named if player.key.startswith("others#") else f"{named} {value}"
