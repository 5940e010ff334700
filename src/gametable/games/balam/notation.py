"""Reading Balam's actions: the text notation (:data:`FORMS`) and the JSON forms
(:data:`JSON_FIELDS`), each refused with :class:`~gametable.core.errors.InvalidAction` naming what
is wrong.

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
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from gametable.core.errors import InvalidAction
from gametable.core.protocol import Action
from gametable.core.schema import action_fields
from gametable.games.balam.actions import (
    DONE,
    END,
    MAX_SLOTS,
    PAY_ACTIONS,
    PRESTIGE,
    SUFFER,
    TAKE_ACTIONS,
    WARD,
    Attack,
    Build,
    Defend,
    Destroy,
    Done,
    Dowry,
    End,
    Lose,
    Move,
    Offer,
    Pay,
    PayFrom,
    Remove,
    Suffer,
    Take,
    TurnKatun,
    Ward,
)
from gametable.games.balam.board import KINDS, MAX_PLOTS, RICHES, Board

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


def parse(text: object, board: Board, players: int) -> Action:
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
