"""Asking the referee about a position built from a question, and saying what it answered.

A :class:`Trial` is a position in the game's JSON position format (``docs/rules/keezbord.md``,
"Positions by hand") and one action in its notation for seat ``a``; :func:`judge` loads the
position through the public protocol, checks the action (its refusal carries the rule it breaks)
and, when it is allowed, plays it on a copy to see where the pawns end.

>>> t = Trial.of(2, {"a": [30, "N", "N", "N"], "b": [32, "N", "N", "N"]}, ["5"], "5 a1")
>>> ruling = judge(t)
>>> ruling.allowed, ruling.rule.id
(False, 'additional-rules')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gametable import IllegalAction, InvalidAction, load_game
from gametable.core.protocol import State
from gametable.core.rules import RuleRef

GAME = load_game("keezbord")
SEATS = "abcdef"


@dataclass(frozen=True)
class Trial:
    """A position (JSON) and the action asked about, for ``seat``."""

    position: Mapping[str, Any]
    action: str
    seat: int = 0

    @classmethod
    def of(
        cls,
        players: int,
        pawns: Mapping[str, Sequence[Any]],
        hand: Sequence[str],
        action: str,
        **extra: Any,
    ) -> Trial:
        """Seat ``a`` to move holding ``hand``; seats left out of ``pawns`` have all four pawns
        in the nest and no cards."""
        data: dict[str, Any] = {
            "game": "keezbord",
            "players": players,
            "pawns": {k: list(v) for k, v in pawns.items()},
            "hands": {"a": list(hand)},
            "to_move": 0,
            **extra,
        }
        return cls(data, action)

    def state(self) -> State:
        return GAME.state_from_json(dict(self.position))


@dataclass(frozen=True)
class Ruling:
    """What the referee said about a trial: allowed, or refused for ``why`` under ``rule``;
    for an allowed action, the engine's description and the pawns' places before and after."""

    allowed: bool
    why: str
    rule: RuleRef | None
    before: list[list[Any]] = field(default_factory=list)
    after: list[list[Any]] = field(default_factory=list)
    legal: tuple[str, ...] = ()

    def hit(self) -> list[str]:
        """The pawns the action sent back to their nests (``"b1"``)."""
        out = []
        for seat, (was, now) in enumerate(zip(self.before, self.after, strict=True)):
            for i, (x, y) in enumerate(zip(was, now, strict=True)):
                if x != "N" and y == "N":
                    out.append(f"{SEATS[seat]}{i + 1}")
        return out

    def place_of(self, pawn: str) -> Any:
        """Where ``pawn`` (``"a1"``) stands after the action."""
        return self.after[SEATS.index(pawn[0])][int(pawn[1]) - 1]


def judge(trial: Trial) -> Ruling:
    """The referee's ruling on ``trial`` (see the module docstring)."""
    state = trial.state()
    legal = tuple(str(a) for a in state.legal_actions(trial.seat))
    try:
        action = GAME.parse_action(state, trial.action)
    except InvalidAction as refusal:  # the notation itself is refused ("Q place")
        return Ruling(False, str(refusal), None, legal=legal)
    try:
        state.check_action(action, trial.seat)
    except IllegalAction as refusal:
        return Ruling(False, refusal.explanation, refusal.rule, legal=legal)
    before = [list(p) for p in state.view(None)["pawns"]]
    why = state.describe(action, trial.seat)
    after_state = state.clone()
    after_state.apply(action, trial.seat)
    after = [list(p) for p in after_state.view(None)["pawns"]]
    return Ruling(True, why, None, before, after, legal)


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    if not _PAWN.match(text):  # a pawn's name stays as written ("a1 would pass ...")
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


#: the referee's refusals in Dutch, by the start of its English explanation
_DUTCH_REFUSALS = (
    (r"would pass or land on a pawn standing on its own start",
     "{pawn} zou een pion passeren of slaan die op zijn eigen startvak staat, en zo'n pion mag "
     "niet gepasseerd of geslagen worden"),
    (r"stands on its own start space and cannot be swapped",
     "{pawn} staat op zijn eigen startvak en mag niet met de Boer geruild worden"),
    (r"is not on the track; a jack",
     "{pawn} staat niet op de baan; de Boer ruilt alleen pionnen op de baan"),
    (r"would pass or land on a pawn already in the home",
     "{pawn} zou een pion in de thuishonk passeren, en pionnen in de honk mogen niet gepasseerd "
     "worden"),
    (r"would run past the end of its home",
     "{pawn} zou voorbij het einde van de thuishonk gaan; je moet precies uitkomen en mag geen "
     "tweede ronde lopen"),
    (r"is in its home and may not move backward",
     "{pawn} staat in de thuishonk en mag daar niet achteruit (en de 4 brengt nooit een pion de "
     "honk in)"),
    (r"is in its nest",
     "{pawn} staat nog in het nest; alleen een Aas of een Heer zet een pion op het bord"),
    (r"your own pawn .* stands on the start space",
     "je eigen pion {pawn} staat op je startvak, dus daar kan geen pion bij gezet worden"),
    (r"no pawn is left in the nest",
     "er staat geen pion meer in het nest om op het bord te zetten"),
    (r"you can play a card",
     "je kunt een kaart spelen, dus je moet er een spelen"),
    (r"while your own pawns are\s+not all home",
     "{pawn} is een pion van je partner, en zolang niet al je eigen pionnen thuis zijn speel je "
     "alleen met je eigen pionnen"),
    (r"is not your pawn",
     "{pawn} is niet jouw pion; je speelt met je eigen pionnen"),
    (r"your pawns are all home; you now play for your partner",
     "al je pionnen zijn thuis; je speelt nu voor de pionnen van je partner"),
    (r"a jack swaps your pawn with another player's",
     "de Boer ruilt jouw pion met een pion van een andere speler, niet met je eigen pion"),
    (r"places a pawn, not",
     "alleen een Aas of een Heer zet een pion op het bord"),
    (r"does not place a pawn",
     "alleen een Aas of een Heer zet een pion op het bord"),
    (r"a 7 splits over two different pawns",
     "een 7 verdeel je over hoogstens twee pionnen, elk 1 tot 6 stappen, samen precies 7"),
)  # fmt: skip
_PAWN = re.compile(r"\b([a-f][1-4])\b")


def refusal(ruling: Ruling, lang: str) -> str:
    """The referee's reason for a refusal as one sentence, in ``lang``."""
    if lang == "nl":
        for pattern, dutch in _DUTCH_REFUSALS:
            if re.search(pattern, ruling.why, re.IGNORECASE):
                pawn = _PAWN.search(ruling.why)
                return sentence(dutch.format(pawn=pawn.group(1) if pawn else "de pion"))
    return sentence(ruling.why)


def where(place: Any, lang: str) -> str:
    """A pawn's place in words: ``"space 18"``, ``"home space H2"``, ``"its nest"``."""
    text = str(place)
    if text == "N":
        return "het nest" if lang == "nl" else "its nest"
    if text.startswith("H"):
        return f"thuishonkvak {text}" if lang == "nl" else f"home space {text}"
    return f"vak {text}" if lang == "nl" else f"space {text}"


def moved(ruling: Ruling, lang: str) -> str:
    """What an allowed action did, in one sentence in ``lang``."""
    if lang != "nl":
        text = re.sub(r"^seat \d+ plays", "you play", ruling.why)
        hit = ruling.hit()
        if hit and "hit" not in text:
            text += f", and {' and '.join(hit)} goes back to its nest"
        return sentence(text)
    parts = []
    for seat, (was, now) in enumerate(zip(ruling.before, ruling.after, strict=True)):
        for i, (x, y) in enumerate(zip(was, now, strict=True)):
            if x != y and y != "N":
                parts.append(
                    f"{SEATS[seat]}{i + 1} gaat van {where(x, 'nl')} naar {where(y, 'nl')}"
                )
    parts += [f"{p} wordt geslagen en gaat terug naar het nest" for p in ruling.hit()]
    return sentence("; ".join(parts) if parts else "de kaart wordt gespeeld")
