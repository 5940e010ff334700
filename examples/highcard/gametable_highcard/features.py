"""High Card's observation tensor for the OpenSpiel and PettingZoo adapters (the ``features``
part; :mod:`gametable.adapters.features`).

Cards run ``1 .. cards``; seats are counted from the viewer (``me``, ``+1`` the next seat
clockwise, ...).  The current trick is encoded per seat (the card each has played to it); the
finished tricks as the cards gone and the tricks each seat has taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gametable.adapters.features.layout import (
    Builder,
    Layout,
    Planes,
    Seats,
    fill_seat_and_outcome,
    seat_axis,
)
from gametable.core.protocol import Game
from gametable_highcard.public import HighCardView, deck

NOT_ENCODED = (
    "`game`, `players` and `cards`: the same in every view of a layout",
    "`history`: who played which card to each finished trick, and in what order (the cards "
    "gone and the tricks each seat has taken are encoded)",
    "`outcome.reason`: free text",
)


def build(game: Game, players: int, options: Mapping[str, Any]) -> Layout[HighCardView]:
    cards = tuple(str(c) for c in deck(options["cards"]))
    seats = seat_axis(players)

    b = Builder()
    b.seat(players)
    b.add("to_move", [seats], "the seat to play, one-hot (0s once the game is over)")
    b.add("leader", [seats], "the seat that leads the current trick, one-hot")
    b.flag("is_over", "1 once every hand is played out")
    b.add("hand", [cards], "own hand: 1 for each card held")
    b.add("trick", [seats, cards], "the card each seat has played to the current trick")
    b.add("gone", [cards], "1 for each card played to a finished trick")
    b.counted("hand_sizes", [seats], "cards each seat holds")
    b.counted("tricks", [seats], "tricks each seat has taken")
    b.outcome(players, "tricks taken")

    def fill(view: HighCardView, p: Planes) -> None:
        rel = Seats(view, players)
        fill_seat_and_outcome(view, p, rel)
        for s in view["to_move"]:
            p["to_move"][rel(s)] = 1
        p["leader"][rel(view["leader"])] = 1
        p["is_over"][0] = view["is_over"]
        for c in view.get("hand", []):
            p["hand"][c - 1] = 1
        for played in view["trick"]:
            p["trick"][rel(played["seat"]), played["card"] - 1] = 1
        for record in view["history"]:
            for played in record["cards"]:
                p["gone"][played["card"] - 1] = 1
        p["hand_sizes"][:] = rel.rotate(view["hand_sizes"])
        p["tricks"][:] = rel.rotate(view["tricks"])

    return b.build(game.name, players, options, NOT_ENCODED, fill)
