"""Keezbord's observation tensor (see ``docs/observations.md`` and ``docs/rules/keezbord.md``).

Seats are counted from the viewer (``me``, ``+1`` the next seat clockwise, ...) and so is the
track: place ``+k`` is the space ``k`` steps clockwise from the viewer's start space, so every
seat sees the board as if it sat at seat a.  Cards run ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``.
"""

from __future__ import annotations

from collections.abc import Mapping

from gametable.adapters.features.layout import (
    Builder,
    Fill,
    Layout,
    Planes,
    Seats,
    counts,
    fill_hand,
    fill_seat_and_outcome,
    seat_axis,
)
from gametable.adapters.features.typed import field_type, literal_values
from gametable.core.options import OptionValue
from gametable.core.protocol import Game
from gametable.games.keezbord.public import KeezbordView

NOT_ENCODED = (
    "`game`, `players`, `teams`, `track_length` and `starts`: the same in every view of a "
    "layout (track spaces are counted from the viewer's start)",
    "`played` and `deal_played`: the order of the cards (the count of each card in each list "
    "is encoded)",
    "`outcome.reason`: free text",
)


def build(game: Game, players: int, options: Mapping[str, OptionValue]) -> Layout[KeezbordView]:
    view_type = game.view_type
    cards: tuple[str, ...] = literal_values(field_type(view_type, "hand"))
    marks = literal_values(field_type(view_type, "pawns"))  # "N", "H1" .. "H4"
    nest, homes = marks[0], marks[1:]
    fresh = game.new_game(players, 0, options).view(0)
    length, pawns = fresh["track_length"], len(fresh["pawns"][0])
    most = len(fresh["hand"])  # the first deal is the largest
    index = {c: i for i, c in enumerate(cards)}
    places = (nest, *(f"+{k}" for k in range(length)), *homes)
    place_of_mark = {nest: 0, **{h: 1 + length + i for i, h in enumerate(homes)}}
    seats, pawn_axis = seat_axis(players), tuple(f"pawn {i + 1}" for i in range(pawns))

    b = Builder()
    b.seat(players)
    b.add("dealer", [seats], "the seat that deals this cycle, one-hot")
    b.add("to_move", [seats], "the seat to move (0s once the game is over)")
    b.flag("is_over", "1 once the game is over")
    b.scalar("cycle", "deal cycles so far (from 1)")
    b.add("deal", [("1", "2", "3")], "the deal within the cycle, one-hot")
    b.scalar("ply", "decisions made so far")
    b.add("hand", [cards, counts(most)], "own hand: per card, how many are held, one-hot")
    b.add("hand_sizes", [seats], "cards each seat holds", high=most)
    b.scalar("deck_size", "cards not yet dealt this cycle")
    b.counted("played", [cards], "cards played or handed in this cycle, counted")
    b.counted("deal_played", [cards], "cards played or handed in this deal, counted")
    b.add("handed_in", [seats], "seats that handed in their cards this deal")
    b.add(
        "pawns",
        [seats, pawn_axis, places],
        "where each pawn stands, one-hot: its nest (N), a track space counted clockwise from "
        "the viewer's start (+k), or its owner's home space H1..H4",
    )
    b.add(
        "progress",
        [seats, pawn_axis],
        "how far each pawn has come from its owner's start (-1: in the nest)",
        low=-1.0,
        high=length + len(homes) - 1,
    )
    b.add("plays_for", [seats, seats], "whose pawns each seat moves, one-hot per row")
    b.outcome(players, "pawns each seat's team brought home")

    fill = filler(players, index, length, place_of_mark)
    return b.build(game.name, players, options, NOT_ENCODED, fill)


def filler(
    players: int, index: Mapping[str, int], length: int, place_of_mark: Mapping[str, int]
) -> Fill[KeezbordView]:
    """The function that writes a view into the blocks of :func:`build`'s layout."""

    def fill(view: KeezbordView, p: Planes) -> None:
        rel = Seats(view, players)
        fill_seat_and_outcome(view, p, rel)
        p["dealer"][rel(view["dealer"])] = 1
        for s in view["to_move"]:
            p["to_move"][rel(s)] = 1
        p["is_over"][0] = view["is_over"]
        p["cycle"][0] = view["cycle"]
        p["deal"][view["deal"] - 1] = 1
        p["ply"][0] = view["ply"]
        if "hand" in view:
            fill_hand(p["hand"], view["hand"], index)
        p["hand_sizes"][:] = rel.rotate(view["hand_sizes"])
        p["deck_size"][0] = view["deck_size"]
        for name in ("played", "deal_played"):
            for c in view[name]:
                p[name][index[c]] += 1
        for s in view["handed_in"]:
            p["handed_in"][rel(s)] = 1
        fill_pawns(view, p, rel)
        for s, whose in enumerate(view["plays_for"]):
            p["plays_for"][rel(s), rel(whose)] = 1

    def fill_pawns(view: KeezbordView, p: Planes, rel: Seats) -> None:
        origin = view["starts"][rel.viewer]
        plane, progress = p["pawns"], p["progress"]
        for s, row in enumerate(view["pawns"]):
            r = rel(s)
            for i, place in enumerate(row):
                if isinstance(place, int):
                    plane[r, i, 1 + (place - origin) % length] = 1
                else:
                    plane[r, i, place_of_mark[place]] = 1
        for s, steps in enumerate(view["progress"]):
            progress[rel(s)] = [-1 if x is None else x for x in steps]

    return fill
