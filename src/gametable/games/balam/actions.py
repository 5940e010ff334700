"""Balam's actions: small frozen values, each with its text form and JSON form.

Sites are named as on the board (``b3``), plots are numbered from 0 (``b3.1``), riches are
``maize cacao shell jade obsidian prisoner``, buildings ``village palace temple garrison reserve
market observatory court``.  Seats are 0-based.  Reading the text and JSON forms is
:mod:`~gametable.games.balam.notation`; the integer encoding is
:mod:`~gametable.games.balam.encoding`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Final, TypeVar

from gametable.core.protocol import Action
from gametable.games.balam.board import KINDS, MAX_PLOTS, RICHES, Board

MAX_SLOTS: Final = 5
#: what a ``take`` names instead of a riches to take a Prosperous Katun's prestige
PRESTIGE: Final = len(RICHES)


def _at(site: str, plot: int) -> dict[str, Any]:
    return {"site": site, "plot": plot}


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Pay one riches from the king sheet: the turn's riches, or one of a building's cost."""

    riches: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.riches,))

    def __str__(self) -> str:
        return f"pay {RICHES[self.riches]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "riches": RICHES[self.riches]}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("pay", RICHES[self.riches])


Pay.kind = "pay"


@dataclass(frozen=True, slots=True)
class PayFrom(Action):
    """After ``ward``: the Mayas pay the riches lying on a reserve or garrison of the king."""

    site: str
    plot: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.site, self.plot))

    def __str__(self) -> str:
        return f"pay {self.site}.{self.plot}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **_at(self.site, self.plot)}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("pay from", self.site, f"plot {self.plot}")


PayFrom.kind = "pay_from"


@dataclass(frozen=True, slots=True)
class TurnKatun(Action):
    """Turn over the face-down Katun card in ``slot`` (instead of paying)."""

    slot: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.slot,))

    def __str__(self) -> str:
        return f"katun {self.slot}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "slot": self.slot}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("turn a Katun card", f"card {self.slot}")


TurnKatun.kind = "katun"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build ``building`` on ``plot`` of ``site`` (a palace or temple also covers the next plot)."""

    building: int
    site: str
    plot: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.building, self.site, self.plot))

    def __str__(self) -> str:
        return f"build {KINDS[self.building]} {self.site}.{self.plot}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "building": KINDS[self.building], **_at(self.site, self.plot)}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("build", KINDS[self.building], self.site, f"plot {self.plot}")


Build.kind = "build"


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Remove one's building anchored on ``plot`` of ``site`` (while building there)."""

    site: str
    plot: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.site, self.plot))

    def __str__(self) -> str:
        return f"remove {self.site}.{self.plot}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **_at(self.site, self.plot)}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("remove", self.site, f"plot {self.plot}")


Remove.kind = "remove"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack the enemy city ``target`` from ``source`` with ``garrisons`` garrisons, spending
    ``obsidian`` of the obsidian they hold."""

    source: str
    target: str
    garrisons: int
    obsidian: int = 0

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.source, self.target, self.garrisons, self.obsidian))

    def __str__(self) -> str:
        return f"attack {self.source}>{self.target} {self.garrisons} {self.obsidian}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "source": self.source,
            "target": self.target,
            "garrisons": self.garrisons,
            "obsidian": self.obsidian,
        }

    @property
    def steps(self) -> tuple[str, ...]:
        force = f"{self.garrisons} garrison{'s' if self.garrisons != 1 else ''}"
        return (
            "attack",
            f"from {self.source}",
            f"on {self.target}",
            f"{force}, {self.obsidian} obsidian",
        )


Attack.kind = "attack"


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the turn (pass, or stop building)."""

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash(())

    def __str__(self) -> str:
        return "end"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("end the turn",)


End.kind = "end"


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """The defender spends ``obsidian`` of his defending garrisons' obsidian."""

    obsidian: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.obsidian,))

    def __str__(self) -> str:
        return f"defend {self.obsidian}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "obsidian": self.obsidian}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("defend", f"spend {self.obsidian} obsidian")


Defend.kind = "defend"


@dataclass(frozen=True, slots=True)
class Lose(Action):
    """Lose one's building on ``plot`` of ``site`` (war losses, catastrophes)."""

    site: str
    plot: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.site, self.plot))

    def __str__(self) -> str:
        return f"lose {self.site}.{self.plot}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **_at(self.site, self.plot)}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("lose", self.site, f"plot {self.plot}")


Lose.kind = "lose"


@dataclass(frozen=True, slots=True)
class Destroy(Action):
    """(The attacker) destroy the enemy building on ``plot`` of ``site``."""

    site: str
    plot: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.site, self.plot))

    def __str__(self) -> str:
        return f"destroy {self.site}.{self.plot}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **_at(self.site, self.plot)}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("destroy", self.site, f"plot {self.plot}")


Destroy.kind = "destroy"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take an offered riches; ``riches == PRESTIGE`` takes the card's prestige instead."""

    riches: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.riches,))

    def __str__(self) -> str:
        return f"take {self.offer}"

    @property
    def offer(self) -> str:
        """The riches taken, or ``prestige``."""
        return "prestige" if self.riches == PRESTIGE else RICHES[self.riches]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "offer": self.offer}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("take", self.offer)


Take.kind = "take"


@dataclass(frozen=True, slots=True)
class Dowry(Action):
    """Princely marriage: take a ``riches`` from the king sheet of ``seat``."""

    seat: int
    riches: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.seat, self.riches))

    def __str__(self) -> str:
        return f"dowry {self.seat} {RICHES[self.riches]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "riches": RICHES[self.riches]}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("dowry", f"from seat {self.seat}", RICHES[self.riches])


Dowry.kind = "dowry"


@dataclass(frozen=True, slots=True)
class Ward(Action):
    """A catastrophe: the Mayas pay from the king's reserves and garrisons."""

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash(())

    def __str__(self) -> str:
        return "ward"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("ward off (the Mayas pay)",)


Ward.kind = "ward"


@dataclass(frozen=True, slots=True)
class Suffer(Action):
    """A catastrophe: the king loses the buildings (or cities) it strikes."""

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash(())

    def __str__(self) -> str:
        return "suffer"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("suffer (lose the buildings)",)


Suffer.kind = "suffer"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Cult of the sacred cenotes: carry the riches on ``plot`` of ``site`` to ``cenote``."""

    site: str
    plot: int
    cenote: str

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.site, self.plot, self.cenote))

    def __str__(self) -> str:
        return f"offer {self.site}.{self.plot}>{self.cenote}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **_at(self.site, self.plot), "cenote": self.cenote}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("offer", f"from {self.site}.{self.plot}", f"to the cenote {self.cenote}")


Offer.kind = "offer"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Distribution: move the riches on ``plot`` of ``site`` to one's building on ``to_plot`` of
    ``to_site``."""

    site: str
    plot: int
    to_site: str
    to_plot: int

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash((self.site, self.plot, self.to_site, self.to_plot))

    def __str__(self) -> str:
        return f"move {self.site}.{self.plot}>{self.to_site}.{self.to_plot}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            **_at(self.site, self.plot),
            "to_site": self.to_site,
            "to_plot": self.to_plot,
        }

    @property
    def steps(self) -> tuple[str, ...]:
        return ("move", f"from {self.site}.{self.plot}", f"to {self.to_site}.{self.to_plot}")


Move.kind = "move"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop offering to the cenotes, or end one's distribution."""

    def __hash__(self) -> int:  # (the dataclass's own, written out: compiled, it runs native)
        return hash(())

    def __str__(self) -> str:
        return "done"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("done",)


Done.kind = "done"


#: every action class, in the order of the integer encoding's blocks
ACTION_TYPES: Final[tuple[type[Action], ...]] = (
    Pay,
    TurnKatun,
    Build,
    Remove,
    Attack,
    End,
    Defend,
    Lose,
    Destroy,
    Take,
    Dowry,
    Ward,
    Suffer,
    Offer,
    Move,
    Done,
    PayFrom,
)


END: Final = End()
DONE: Final = Done()
WARD: Final = Ward()
SUFFER: Final = Suffer()
#: shared action values, so legal_actions allocates little
PAY_ACTIONS: Final = tuple(Pay(r) for r in range(len(RICHES)))
TAKE_ACTIONS: Final = tuple(Take(r) for r in range(PRESTIGE + 1))


K = TypeVar("K")
T = TypeVar("T")

#: entries an action table's memo keeps before it starts afresh
MEMO_LIMIT: Final = 200_000


# -- shared action values -------------------------------------------------------------------------
@dataclass(frozen=True)
class ActionTable:
    """Shared action values for one board, so that listing legal actions allocates little:
    per plot position (``4 * site + plot``) its ``(site, plot)`` and the actions naming it."""

    positions: tuple[tuple[str, int], ...]
    #: ``build[kind][pos]``
    build: tuple[tuple[Build, ...], ...]
    remove: tuple[Remove, ...]
    lose: tuple[Lose, ...]
    destroy: tuple[Destroy, ...]
    pay_from: tuple[PayFrom, ...]
    #: ``moves[b * len(positions) + d]``: from plot position ``b`` to ``d``
    moves: tuple[Move, ...]
    #: a memo of the builds a site's empty plots allow, shared by every game on the board: by
    #: ``site << MAX_PLOTS | empty plots``, a dict by the kinds of buildings (bit by bit), so
    #: that no key is a large number (compiled, each would be a new int object)
    site_builds: list[dict[int, tuple[Action, ...]] | None] = field(compare=False, hash=False)
    #: memos of the rules' pure functions of small keys, shared by every game on the board,
    #: each keyed by one integer: the sites a number of small pyramids refuses a market, a
    #: turn's payments and Katun cards, the forces of an attack
    markets: dict[int, frozenset[int]] = field(default_factory=dict, compare=False, hash=False)
    turns: dict[int, tuple[Action, ...]] = field(default_factory=dict, compare=False, hash=False)
    forces: dict[int, tuple[Action, ...]] = field(default_factory=dict, compare=False, hash=False)
    #: the transport memo of every game on the board: the sites a riches may reach by (open
    #: sites, site), keyed ``open_sites * sites + site`` (a pure function of the board: see
    #: ``BalamData.reach_from``)
    reach: dict[int, int] = field(default_factory=dict, compare=False, hash=False)


def remember(memo: dict[K, T], key: K, value: T) -> T:
    """Keep ``value`` under ``key`` in one of an action table's memos (a memo starts afresh when
    it grows too large)."""
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


@cache
def _site_actions(names: tuple[str, ...]) -> dict[str, Any]:
    """The action values of a board with these sites (they name sites and plots only)."""
    pos = tuple((names[b // MAX_PLOTS], b % MAX_PLOTS) for b in range(len(names) * MAX_PLOTS))
    return {
        "positions": pos,
        "build": tuple(tuple(Build(k, *p) for p in pos) for k in range(len(KINDS))),
        "remove": tuple(Remove(*p) for p in pos),
        "lose": tuple(Lose(*p) for p in pos),
        "destroy": tuple(Destroy(*p) for p in pos),
        "pay_from": tuple(PayFrom(*p) for p in pos),
        "moves": tuple(Move(*p, *q) for p in pos for q in pos),
    }


@lru_cache(maxsize=64)
def action_table(board: Board) -> ActionTable:
    """The board's action table: the action values (shared by boards with the same sites, such
    as every random layout) and a memo of its own.  Kept for the boards last used."""
    empty_rows: list[dict[int, tuple[Action, ...]] | None] = [None] * (
        len(board.names) << MAX_PLOTS
    )
    return ActionTable(**_site_actions(board.names), site_builds=empty_rows)
