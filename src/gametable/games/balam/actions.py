"""Balam's actions, their notation and their integer encoding.

Sites are named as on the board (``b3``), plots are numbered from 0 (``b3.1``), riches are
``maize cacao shell jade obsidian prisoner``, buildings ``village palace temple garrison reserve
market observatory court``.  Seats are 0-based.

=============================  ===================================================================
``pay maize``                  pay one riches from your king sheet (the turn's riches, or a
                               building's cost, one riches at a time)
``katun 2``                    turn over face-down Katun card number 2 of this round
``build temple b3.1``          build on plot 1 of site b3 (a palace/temple also covers plot 2)
``remove b3.1``                remove your building anchored on plot 1 of b3 (free, while building)
``attack b3>c3 2 1``           attack c3 from b3 with 2 garrisons, spending 1 obsidian
``end``                        end your turn (pass, or stop building)
``defend 1``                   (defender) spend 1 obsidian in defence
``lose b3.0``                  choose one of your buildings to lose (war losses, catastrophes)
``destroy c3.2``               (attacker) choose an enemy building to destroy
``take jade``                  choose a riches (or ``take prestige``) offered by a Katun card
``dowry 2 jade``               Princely marriage: take a jade from seat 2
``ward`` / ``suffer``          a catastrophe: pay from your Mayas' reserves, or lose the buildings
``pay b3.0``                   after ``ward``: the Mayas pay the riches on b3.0 (offered only when
                               they hold more of the riches asked than they must pay)
``offer b3.0>d4``              Cult of the sacred cenotes: bring the riches on b3.0 to cenote d4
``move b3.0>c3.1``             distribution: move the riches on b3.0 to your building on c3.1
``done``                       stop offering to the cenotes, or end your distribution
=============================  ===================================================================

Integer encoding, with ``S`` sites, ``B = 4 S`` building positions ``b = 4 * site + plot``,
``N`` players, in this order of blocks::

    pay r             6        r
    katun i           5        i
    build k b         8 B      k * B + b
    remove b          B
    attack s>t n o    S*S*20   (s * S + t) * 20 + (n - 1) * 5 + o     (n 1..4, o 0..4)
    end               1
    defend o          4 S + 1  o
    lose b            B
    destroy b         B
    take r            7        r (6 = prestige)
    dowry seat r      6 N      seat * 6 + r
    ward, suffer      2
    offer b>c         B S      b * S + c
    move b>d          B B      b * B + d
    done              1
    pay b             B        b          (the Mayas' riches on b, after ward; appended last so
                                           the codes above keep their values)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Final

from gametable.core.errors import InvalidAction
from gametable.core.protocol import Action
from gametable.core.schema import action_fields
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

_POS = r"([a-z][a-z0-9_]*)\.(\d)"
_SITE = r"([a-z][a-z0-9_]*)"
_RICHES = "(" + "|".join(RICHES) + ")"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^pay {_RICHES}$"), "pay"),
    (re.compile(r"^katun (\d)$"), "katun"),
    (re.compile(rf"^build ({'|'.join(KINDS)}) {_POS}$"), "build"),
    (re.compile(rf"^remove {_POS}$"), "remove"),
    (re.compile(rf"^attack {_SITE}>{_SITE} (\d) (\d)$"), "attack"),
    (re.compile(r"^end$"), "end"),
    (re.compile(r"^defend (\d{1,3})$"), "defend"),
    (re.compile(rf"^lose {_POS}$"), "lose"),
    (re.compile(rf"^destroy {_POS}$"), "destroy"),
    (re.compile(rf"^take ({'|'.join(RICHES)}|prestige)$"), "take"),
    (re.compile(rf"^dowry (\d) {_RICHES}$"), "dowry"),
    (re.compile(r"^ward$"), "ward"),
    (re.compile(r"^suffer$"), "suffer"),
    (re.compile(rf"^offer {_POS}>{_SITE}$"), "offer"),
    (re.compile(rf"^move {_POS}>{_POS}$"), "move"),
    (re.compile(r"^done$"), "done"),
    (re.compile(rf"^pay {_POS}$"), "pay_from"),
]
FORMS: Final = (
    "pay RICHES",
    "katun I",
    "build KIND SITE.PLOT",
    "remove SITE.PLOT",
    "attack SITE>SITE GARRISONS OBSIDIAN",
    "end",
    "defend N",
    "lose SITE.PLOT",
    "destroy SITE.PLOT",
    "take RICHES|prestige",
    "dowry SEAT RICHES",
    "ward",
    "suffer",
    "offer SITE.PLOT>CENOTE",
    "move SITE.PLOT>SITE.PLOT",
    "done",
    "pay SITE.PLOT",
)


def parse(text: str, board: Board, players: int) -> Action:
    """Parse the notation above on ``board``; :class:`InvalidAction` for anything else.

    >>> from gametable.games.balam.board import load_board
    >>> parse("Build  Temple b3.1", load_board("default"), 2)
    Build(building=2, site='b3', plot=1)
    """
    if not isinstance(text, str):
        raise InvalidAction(f"an action must be text, not {type(text).__name__}")
    t = " ".join(text.strip().lower().split())
    for pattern, what in _PATTERNS:
        m = pattern.match(t)
        if m:
            return _make(what, m.groups(), board, players, text)
    raise InvalidAction(f"{text!r} is not a Balam action; write one of: " + ", ".join(FORMS))


def _site(name: str, board: Board, text: str) -> str:
    if name not in board.names:
        raise InvalidAction(f"{text!r}: there is no site {name!r} on this board")
    return name


def _plot(site: str, plot: str, board: Board, text: str) -> int:
    p = int(plot)
    if p >= board.plots[board.index(site)]:
        raise InvalidAction(f"{text!r}: site {site} has no plot {p}")
    return p


def _make(what: str, g: tuple[str, ...], board: Board, players: int, text: str) -> Action:
    if what == "pay":
        return Pay(RICHES.index(g[0]))
    if what == "katun":
        if int(g[0]) >= MAX_SLOTS:
            raise InvalidAction(f"{text!r}: at most {MAX_SLOTS} Katun cards lie out in a round")
        return TurnKatun(int(g[0]))
    if what in ("build", "remove", "lose", "destroy", "offer", "move", "pay_from"):
        off = 1 if what == "build" else 0
        site = _site(g[off], board, text)
        plot = _plot(site, g[off + 1], board, text)
        if what == "build":
            return Build(KINDS.index(g[0]), site, plot)
        if what == "remove":
            return Remove(site, plot)
        if what == "lose":
            return Lose(site, plot)
        if what == "destroy":
            return Destroy(site, plot)
        if what == "pay_from":
            return PayFrom(site, plot)
        if what == "offer":
            return Offer(site, plot, _site(g[2], board, text))
        to = _site(g[2], board, text)
        return Move(site, plot, to, _plot(to, g[3], board, text))
    if what == "attack":
        n, o = int(g[2]), int(g[3])
        if not 1 <= n <= MAX_PLOTS or o > n:
            raise InvalidAction(f"{text!r}: commit 1 to 4 garrisons and at most one obsidian each")
        return Attack(_site(g[0], board, text), _site(g[1], board, text), n, o)
    if what == "defend":
        if int(g[0]) > 4 * len(board.names):
            raise InvalidAction(f"{text!r}: too much obsidian")
        return Defend(int(g[0]))
    if what == "take":
        return Take(PRESTIGE if g[0] == "prestige" else RICHES.index(g[0]))
    if what == "dowry":
        if int(g[0]) >= players:
            raise InvalidAction(f"{text!r}: there is no seat {g[0]}")
        return Dowry(int(g[0]), RICHES.index(g[1]))
    return {"end": END, "ward": WARD, "suffer": SUFFER, "done": DONE}[what]


# -- the JSON forms -------------------------------------------------------------------------------
_AT = {"site": str, "plot": int}
#: the named fields of each action's JSON form (besides ``"kind"``) and their JSON types
JSON_FIELDS: Final[dict[type[Action], dict[str, type]]] = {
    Pay: {"riches": str},
    TurnKatun: {"slot": int},
    Build: {"building": str, **_AT},
    Remove: _AT,
    Attack: {"source": str, "target": str, "garrisons": int, "obsidian": int},
    End: {},
    Defend: {"obsidian": int},
    Lose: _AT,
    Destroy: _AT,
    Take: {"offer": str},
    Dowry: {"seat": int, "riches": str},
    Ward: {},
    Suffer: {},
    Offer: {**_AT, "cenote": str},
    Move: {**_AT, "to_site": str, "to_plot": int},
    Done: {},
    PayFrom: _AT,
}


def _name(value: str, names: tuple[str, ...], what: str, key: str) -> int:
    if value not in names:
        raise InvalidAction(f"{key}: {value!r} is not a {what} ({', '.join(names)})")
    return names.index(value)


def _in(value: int, low: int, high: int, key: str) -> int:
    if not low <= value <= high:
        raise InvalidAction(f"{key} must be between {low} and {high}, not {value}")
    return value


def _site_field(board: Board, name: str, key: str) -> str:
    if name not in board.names:
        raise InvalidAction(f"{key}: there is no site {name!r} on this board")
    return name


def _plot_field(board: Board, site: str, plot: int, key: str) -> int:
    return _in(plot, 0, board.plots[board.index(site)] - 1, f"{key} (on {site})")


def from_json(cls: type[Action], data: Mapping[str, Any], board: Board, players: int) -> Action:
    """The action of class ``cls`` whose JSON form is ``data`` (fields checked, values read:
    names of riches, buildings and sites of ``board``, plots, seats); :class:`InvalidAction` says
    what is wrong.  Legality is not checked."""
    f = action_fields(data, JSON_FIELDS[cls])
    if cls in (Remove, Lose, Destroy, PayFrom, Build, Offer, Move):
        site = _site_field(board, f["site"], "site")
        plot = _plot_field(board, site, f["plot"], "plot")
    if cls is Pay:
        return PAY_ACTIONS[_name(f["riches"], RICHES, "riches", "riches")]
    if cls is TurnKatun:
        return TurnKatun(_in(f["slot"], 0, MAX_SLOTS - 1, "slot"))
    if cls is Build:
        return Build(_name(f["building"], KINDS, "building", "building"), site, plot)
    if cls in (Remove, Lose, Destroy, PayFrom):
        return cls(site, plot)
    if cls is Attack:
        garrisons = _in(f["garrisons"], 1, MAX_PLOTS, "garrisons")
        return Attack(
            _site_field(board, f["source"], "source"),
            _site_field(board, f["target"], "target"),
            garrisons,
            _in(f["obsidian"], 0, garrisons, "obsidian"),
        )
    if cls is Defend:
        return Defend(_in(f["obsidian"], 0, MAX_PLOTS * len(board.names), "obsidian"))
    if cls is Take:
        return TAKE_ACTIONS[_name(f["offer"], (*RICHES, "prestige"), "riches or prestige", "offer")]
    if cls is Dowry:
        seat = _in(f["seat"], 0, players - 1, "seat")
        return Dowry(seat, _name(f["riches"], RICHES, "riches", "riches"))
    if cls is Offer:
        return Offer(site, plot, _site_field(board, f["cenote"], "cenote"))
    if cls is Move:
        to_site = _site_field(board, f["to_site"], "to_site")
        return Move(site, plot, to_site, _plot_field(board, to_site, f["to_plot"], "to_plot"))
    return {End: END, Ward: WARD, Suffer: SUFFER, Done: DONE}[cls]


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
    #: memo of the rules' pure functions of small keys (the builds a site's empty plots allow,
    #: the payments a king sheet allows...), shared by every game on the board
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False)
    #: the transport memo of every game on the board: the sites a riches may reach by (open
    #: sites, site), keyed ``open_sites * sites + site`` (a pure function of the board: see
    #: ``BalamData.reach_from``)
    reach: dict[int, int] = field(default_factory=dict, compare=False, hash=False)

    def remember(self, key: Any, value: Any) -> Any:
        """Keep ``value`` under ``key`` (the memo starts afresh when it grows too large)."""
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = value
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
    return ActionTable(**_site_actions(board.names))


# -- integer encoding -------------------------------------------------------------------------------
#: the most codes an :class:`ActionCodec` keeps
CODES_KEPT: Final = 20_000


class ActionCodec:
    """The documented integer encoding for one board and player count."""

    def __init__(self, board: Board, players: int) -> None:
        self.board = board
        self.players = players
        S = len(board.names)
        B = S * MAX_PLOTS
        self.S, self.B = S, B
        R = len(RICHES)
        sizes = [
            ("pay", R),
            ("katun", MAX_SLOTS),
            ("build", 8 * B),
            ("remove", B),
            ("attack", S * S * 20),
            ("end", 1),
            ("defend", 4 * S + 1),
            ("lose", B),
            ("destroy", B),
            ("take", PRESTIGE + 1),
            ("dowry", R * players),
            ("ward", 1),
            ("suffer", 1),
            ("offer", B * S),
            ("move", B * B),
            ("done", 1),
            ("pay_from", B),
        ]
        self.base: dict[str, int] = {}
        self.order: list[tuple[int, str]] = []
        at = 0
        for name, size in sizes:
            self.base[name] = at
            self.order.append((at, name))
            at += size
        self.size = at
        #: the codes worked out so far, by action (:meth:`encode`)
        self.codes: dict[Action, int] = {}
        #: sentences for people that depend on this board alone, with their key
        #: (:func:`~gametable.games.balam.describe.build`)
        self.words: dict[tuple[Action, int, bool], str] = {}

    def b(self, site: str, plot: int) -> int:
        return self.board.index(site) * MAX_PLOTS + plot

    def encode(self, a: Action) -> int:
        """``a``'s integer code: it depends on the action and this board alone, so each code
        is worked out once and kept (a server lists 30-40 actions a move, mostly the same
        ones again; at most ``CODES_KEPT`` kept, then forgotten all at once)."""
        codes = self.codes
        code = codes.get(a)
        if code is None:
            code = self._encode(a)
            if len(codes) >= CODES_KEPT:
                codes.clear()
            codes[a] = code
        return code

    def _encode(self, a: Action) -> int:
        base = self.base
        idx = self.board.index
        if isinstance(a, Pay):
            return base["pay"] + a.riches
        if isinstance(a, TurnKatun):
            return base["katun"] + a.slot
        if isinstance(a, Build):
            return base["build"] + a.building * self.B + self.b(a.site, a.plot)
        if isinstance(a, Remove):
            return base["remove"] + self.b(a.site, a.plot)
        if isinstance(a, Attack):
            return (
                base["attack"]
                + (idx(a.source) * self.S + idx(a.target)) * 20
                + (a.garrisons - 1) * 5
                + a.obsidian
            )
        if isinstance(a, End):
            return base["end"]
        if isinstance(a, Defend):
            return base["defend"] + a.obsidian
        if isinstance(a, Lose):
            return base["lose"] + self.b(a.site, a.plot)
        if isinstance(a, Destroy):
            return base["destroy"] + self.b(a.site, a.plot)
        if isinstance(a, Take):
            return base["take"] + a.riches
        if isinstance(a, Dowry):
            return base["dowry"] + a.seat * len(RICHES) + a.riches
        if isinstance(a, Ward):
            return base["ward"]
        if isinstance(a, Suffer):
            return base["suffer"]
        if isinstance(a, Offer):
            return base["offer"] + self.b(a.site, a.plot) * self.S + idx(a.cenote)
        if isinstance(a, Move):
            return base["move"] + self.b(a.site, a.plot) * self.B + self.b(a.to_site, a.to_plot)
        if isinstance(a, Done):
            return base["done"]
        if isinstance(a, PayFrom):
            return base["pay_from"] + self.b(a.site, a.plot)
        raise ValueError(f"{a!r} has no integer encoding")

    def decode(self, code: int) -> Action:
        if not 0 <= code < self.size:
            raise ValueError(f"action code {code} is out of range")
        name, off = "pay", code
        for start, n in self.order:
            if code >= start:
                name, off = n, code - start
        names = self.board.names
        B, S = self.B, self.S

        def pos(b: int) -> tuple[str, int]:
            return names[b // MAX_PLOTS], b % MAX_PLOTS

        if name == "pay":
            return Pay(off)
        if name == "katun":
            return TurnKatun(off)
        if name == "build":
            return Build(off // B, *pos(off % B))
        if name == "remove":
            return Remove(*pos(off))
        if name == "attack":
            pair, rest = divmod(off, 20)
            return Attack(names[pair // S], names[pair % S], rest // 5 + 1, rest % 5)
        if name == "end":
            return END
        if name == "defend":
            return Defend(off)
        if name == "lose":
            return Lose(*pos(off))
        if name == "destroy":
            return Destroy(*pos(off))
        if name == "take":
            return Take(off)
        if name == "dowry":
            return Dowry(*divmod(off, len(RICHES)))
        if name == "ward":
            return WARD
        if name == "suffer":
            return SUFFER
        if name == "offer":
            return Offer(*pos(off // S), names[off % S])
        if name == "move":
            return Move(*pos(off // B), *pos(off % B))
        if name == "pay_from":
            return PayFrom(*pos(off))
        return DONE


@lru_cache(maxsize=64)
def action_codec(board: Board, players: int) -> ActionCodec:
    return ActionCodec(board, players)
