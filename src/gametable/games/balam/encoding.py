"""Balam's documented integer encoding of actions.

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

from functools import lru_cache
from typing import Final

from gametable.core.protocol import Action
from gametable.games.balam.actions import (
    DONE,
    END,
    MAX_SLOTS,
    PRESTIGE,
    SUFFER,
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
from gametable.games.balam.board import MAX_PLOTS, RICHES, Board

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
        #: the codes worked out so far, by action (:meth:`encode`), at most ``kept`` of them
        self.codes: dict[Action, int] = {}
        self.kept = CODES_KEPT
        #: sentences for people that depend on this board alone, with their key
        #: (:func:`~gametable.games.balam.describe.build`)
        self.words: dict[tuple[Action, int, bool], str] = {}

    def b(self, site: str, plot: int) -> int:
        return self.board.index(site) * MAX_PLOTS + plot

    def encode(self, a: Action) -> int:
        """``a``'s integer code: it depends on the action and this board alone, so each code
        is worked out once and kept (a server lists 30-40 actions a move, mostly the same
        ones again; at most ``kept`` kept, then forgotten all at once)."""
        codes = self.codes
        code = codes.get(a)
        if code is None:
            code = self._encode(a)
            if len(codes) >= self.kept:
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
