"""Balzakken's observation tensor (see ``docs/observations.md`` and ``docs/rules/balzakken.md``).

Cards run in the view's declared order: ``-1`` .. ``11``, ``S`` (The Swinger), ``L`` (The Lul).
Seats are counted from the viewer (``me``, ``+1`` the next seat clockwise, ...); the ``seat``
block says which seat the viewer is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gametable.adapters.features.layout import (
    Builder,
    Layout,
    Planes,
    Seats,
    counts,
    fill_hand,
    fill_seat_and_outcome,
    seat_axis,
)
from gametable.adapters.features.typed import field_type, literal_values
from gametable.core.options import OptionValue, int_option
from gametable.core.protocol import Game
from gametable.games.balzakken.public import BalzakkenView

NOT_ENCODED = (
    "`game` and `players`: the same in every view of a layout",
    "`rounds`: the finished rounds (history; their totals are in `scores`)",
    "`discard_pile`: the order of the cards below its top card (the top card and the count of "
    "each card in the pile are encoded; no rule looks below the top)",
    "`in_front` and `known_cards`: the order of the cards in each list (the count of each "
    "card is encoded)",
    "`outcome.reason`: free text",
)


def build(game: Game, players: int, options: Mapping[str, OptionValue]) -> Layout[BalzakkenView]:
    cards: tuple[str, ...] = literal_values(field_type(game.view_type, "hand"))
    index = {c: i for i, c in enumerate(cards)}
    copies = int_option(options, "copies")
    most = max(copies, int_option(options, "swingers"), int_option(options, "luls"))
    seats = seat_axis(players)

    b = Builder()
    b.seat(players)
    b.scalar("round", "the round being played (from 1)")
    b.add("dealer", [seats], "the seat that dealt this round, one-hot")
    b.add("to_move", [seats], "the seat whose turn it is (0s once the game is over)")
    b.flag("is_over", "1 once someone has reached 100 points")
    b.add("hand", [cards, counts(most)], "own hand: per card, how many are held, one-hot")
    b.scalar("hand_value", "own hand's points if scored now", low=-copies)
    b.counted("hand_sizes", [seats], "cards each seat holds")
    b.counted("known_cards", [seats, cards], "cards known to be in each other hand, counted")
    b.add("discard_pile.top", [cards], "the discard pile's top card, one-hot")
    b.counted("discard_pile.counts", [cards], "the cards in the discard pile, counted")
    b.scalar("draw_pile_size", "cards left in the draw pile")
    b.counted("in_front", [seats, cards], "the action cards in front of each seat, counted")
    b.counted("scores", [seats], "score-sheet totals")
    b.outcome(players, "final totals")

    def fill(view: BalzakkenView, p: Planes) -> None:
        rel = Seats(view, players)
        fill_seat_and_outcome(view, p, rel)
        p["round"][0] = view["round"]
        p["dealer"][rel(view["dealer"])] = 1
        for s in view["to_move"]:
            p["to_move"][rel(s)] = 1
        p["is_over"][0] = view["is_over"]
        if "hand" in view:
            fill_hand(p["hand"], view["hand"], index)
            p["hand_value"][0] = view["hand_value"]
        p["hand_sizes"][:] = rel.rotate(view["hand_sizes"])
        for seat, known in view["known_cards"].items():
            add_cards(p["known_cards"][rel(int(seat))], known)
        pile = view["discard_pile"]
        if pile:
            p["discard_pile.top"][index[pile[-1]]] = 1
        add_cards(p["discard_pile.counts"], pile)
        p["draw_pile_size"][0] = view["draw_pile_size"]
        for s, front in enumerate(view["in_front"]):
            add_cards(p["in_front"][rel(s)], front)
        p["scores"][:] = rel.rotate(view["scores"])

    def add_cards(row: Any, cards: Iterable[str]) -> None:
        for c in cards:
            row[index[c]] += 1

    return b.build(game.name, players, options, NOT_ENCODED, fill)
