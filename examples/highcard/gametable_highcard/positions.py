"""Reading a High Card position from its JSON form (what ``HighCardState.to_json`` writes).

Every card ``1 .. cards`` must be exactly once in a hand, the undealt cards, the trick or a
finished trick; the trick on the table is played in turn from its leader.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gametable.core.errors import InvalidState
from gametable.core.positions import expect_int, read_header
from gametable.core.protocol import Game
from gametable_highcard.state import HighCardState, trick_winner


def _seat_card(pair: Any, players: int, where: str) -> tuple[int, int]:
    if not isinstance(pair, list) or len(pair) != 2:
        raise InvalidState(f"{where} must be a [seat, card] pair, not {pair!r}")
    return expect_int(pair[0], f"{where} seat", 0, players - 1), expect_int(pair[1], where, 1)


def _history(state: HighCardState, data: Any) -> None:
    if not isinstance(data, list):
        raise InvalidState("history must be a list of finished tricks")
    for i, record in enumerate(data):
        where = f"history[{i}]"
        cards = [_seat_card(p, state.players, f"{where}.cards") for p in record["cards"]]
        if len(cards) != state.players:
            raise InvalidState(f"{where} must hold one card per seat")
        winner = expect_int(record["winner"], f"{where}.winner", 0, state.players - 1)
        if winner != trick_winner(cards):
            raise InvalidState(f"{where}: seat {winner} did not play the highest card")
        leader = expect_int(record["leader"], f"{where}.leader", 0, state.players - 1)
        state.history.append((leader, tuple(cards), winner))


def _check_cards(state: HighCardState) -> None:
    """Every card of the deck once, nowhere else; tricks taken match the history."""
    seen = Counter(c for h in state.hands for c in h)
    seen.update(state.undealt)
    seen.update(c for _, c in state.trick)
    seen.update(c for _, cards, _ in state.history for _, c in cards)
    deck = Counter(range(1, state.options["cards"] + 1))
    if seen != deck:
        wrong = sorted((seen - deck) + (deck - seen))
        raise InvalidState(f"the cards must be 1..{state.options['cards']} once each: {wrong}")
    taken = [sum(1 for *_, w in state.history if w == s) for s in range(state.players)]
    if taken != state.tricks:
        raise InvalidState(f"tricks {state.tricks} do not match the history's winners {taken}")
    if len(state.trick) >= state.players:
        raise InvalidState("a full trick is taken at once: the trick holds too many cards")


def load_position(game: Game, data: dict[str, Any]) -> HighCardState:
    """The state ``data`` describes; :class:`InvalidState` says what is wrong."""
    header = read_header(game, data)
    state = HighCardState(game, header.players, header.seed, header.options)
    state.rng, state.ply = header.rng, header.ply
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != state.players:
        raise InvalidState(f"hands must hold one hand per seat ({state.players})")
    state.hands = [sorted(expect_int(c, f"hands[{s}]", 1) for c in h) for s, h in enumerate(hands)]
    state.undealt = sorted(expect_int(c, "undealt", 1) for c in data.get("undealt", []))
    state.leader = expect_int(data.get("leader", 0), "leader", 0, state.players - 1)
    state.trick = [_seat_card(p, state.players, "trick") for p in data.get("trick", [])]
    state.tricks = [expect_int(t, "tricks", 0) for t in data.get("tricks", [0] * state.players)]
    if len(state.tricks) != state.players:
        raise InvalidState(f"tricks must hold one count per seat ({state.players})")
    _history(state, data.get("history", []))
    _check_cards(state)
    expected = [(state.leader + i) % state.players for i in range(len(state.trick))]
    if [s for s, _ in state.trick] != expected:
        raise InvalidState(f"the trick must be played in turn from the leader: seats {expected}")
    return state
