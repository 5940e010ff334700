"""The parts of a Balzakken situation as :mod:`.parts` reads them: the players a question
tells of, what is said of each, and an action the asker takes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Player:
    """One player as the question tells them."""

    key: str
    me: bool = False
    name: str = ""
    cards: list[str] = field(default_factory=list)
    points: int | None = None
    total: int | None = None
    gain: int | None = None
    #: the points of the rounds after this one's, in order ("wrote down 12, then 17, then 0")
    later: list[int] = field(default_factory=list)
    size: int | None = None
    empty: bool = False
    called: bool = False
    #: said to hold "fewer" points than the caller, or "same" (as many), with no hand said
    below: str = ""

    def points_said(self) -> str:
        """The hand as said, for naming a player the question names only by it ("7", "L 2")."""
        shown = [("De Lul" if c == "L" else "De Swinger" if c == "S" else c) for c in self.cards]
        if self.points is not None:
            shown.append(str(self.points))
        return " + ".join(shown) if shown else "?"

    def waiting_for_hand(self) -> bool:
        """Whether cards were said after this round's points (a hand, not more rounds)."""
        return bool(self.cards) and self.gain is None

    @property
    def hand_said(self) -> bool:
        return bool(self.cards) or self.points is not None or self.empty


@dataclass
class Scene:
    """The players a question tells of, in the order it names them, and what else it says."""

    players: list[Player]
    count: int | None = None
    counts: dict[str, int] = field(default_factory=dict)  # "three 7s": card -> count said
    #: a count of the cards said before ("er drie", "three of them")
    some: int | None = None
    tokens: list[str] = field(default_factory=list)
    acted: Acted | None = None
    flags: set[str] = field(default_factory=set)
    #: the rounds said to be played ("over the next three rounds")
    rounds: int | None = None

    def by_key(self, key: str) -> Player | None:
        return next((p for p in self.players if p.key == key), None)

    @property
    def me(self) -> Player | None:
        return self.by_key("me")

    @property
    def caller(self) -> Player | None:
        called = [p for p in self.players if p.called]
        return called[0] if len(called) == 1 else None


@dataclass
class Acted:
    """An action the question says the asker takes: its verb, the cards it plays, a target."""

    verb: str
    cards: list[str] = field(default_factory=list)
    target: Player | None = None
