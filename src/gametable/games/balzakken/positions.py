"""Loading a Balzakken position from JSON, written by ``to_json`` or by hand.

See ``docs/rules/balzakken.md`` ("Positions by hand") for the format.  Every invariant of the game
is checked and a broken one is refused with :class:`InvalidState` naming the problem.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Any

import msgspec

from gametable.core.errors import InvalidState
from gametable.core.positions import expect_cards, read_header
from gametable.core.positions import expect_int as _int
from gametable.games.balzakken.cards import (
    ACTION_CARDS,
    card_text,
    deck_counts,
    hand_value,
    is_balzak,
    parse_card,
)
from gametable.games.balzakken.scoring import GAME_END, score_round, tasty_position
from gametable.games.balzakken.state import BalzakkenState
from gametable.games.balzakken.views import RoundRecord

if TYPE_CHECKING:
    from gametable.games.balzakken import Balzakken


def _cards(value: Any, where: str) -> list[int]:
    return expect_cards(value, where, parse_card, '"-1".."11", "S" or "L"')


def load_position(game: Balzakken, data: dict[str, Any]) -> BalzakkenState:
    head = read_header(game, data)
    players, options = head.players, head.options
    state = BalzakkenState.create(
        game=game, players=players, seed=head.seed, options=options, rng=head.rng, ply=head.ply
    )
    state.round = _int(data.get("round", 1), "round", 1)
    state.dealer = _int(
        data.get("dealer", (options["first_player"] - 1) % players), "dealer", 0, players - 1
    )
    _load_cards(state, data)
    _load_draw_pile(state, data)
    _load_turn(state, data)
    _load_known(state, data.get("known"))
    state.index_knowledge()
    state.history = load_rounds(data.get("rounds", []), state)
    stats = data.get("stats", {})
    if not isinstance(stats, dict) or not all(isinstance(v, int) for v in stats.values()):
        raise InvalidState("stats must map names to counts")
    state.stats = defaultdict(int, stats)
    return state


def _load_cards(state: BalzakkenState, data: dict[str, Any]) -> None:
    """The hands, the discard pile, the cards in front and the scores: one per seat each, only
    action cards in front, never an action card on the discard pile."""
    players = state.players
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise InvalidState(f"hands must be a list of {players} hands, one per seat")
    state.hands = [sorted(_cards(h, f"hands[{i}]")) for i, h in enumerate(hands)]
    state.discard = _cards(data.get("discard_pile", []), "discard_pile")
    front = data.get("in_front", [[] for _ in range(players)])
    if not isinstance(front, list) or len(front) != players:
        raise InvalidState(f"in_front must be a list of {players} lists, one per seat")
    state.in_front = [_cards(f, f"in_front[{i}]") for i, f in enumerate(front)]

    scores = data.get("scores", [0] * players)
    if not isinstance(scores, list) or len(scores) != players:
        raise InvalidState(f"scores must be a list of {players} totals")
    state.scores = [_int(s, f"scores[{i}]", 0, None) for i, s in enumerate(scores)]

    for i, f in enumerate(state.in_front):
        for card in f:
            if card not in ACTION_CARDS:
                raise InvalidState(
                    f"in_front[{i}] holds {card_text(card)}: only action cards lie "
                    "in front of players"
                )
    for card in state.discard:
        if not is_balzak(card):
            raise InvalidState(
                f"the discard pile holds {card_text(card)}: action cards never go "
                "onto the discard pile"
            )


def _load_draw_pile(state: BalzakkenState, data: dict[str, Any]) -> None:
    """No card more often than the deck holds it; a draw pile given holds every other card,
    and left out it is the rest of the deck, shuffled by the game's RNG."""
    placed: Counter[int] = Counter()
    for cards in (*state.hands, state.discard, *state.in_front):
        placed.update(cards)
    deck = deck_counts(state.options)
    if "draw_pile" in data:
        state.draw = _cards(data["draw_pile"], "draw_pile")
        placed.update(state.draw)
    for card, n in placed.items():
        if n > deck[card]:
            raise InvalidState(
                f"card {card_text(card)} appears {n} times but the deck holds {deck[card]}"
            )
    if "draw_pile" in data:
        missing = Counter(deck) - placed
        if missing:
            some = ", ".join(f"{n} x {card_text(c)}" for c, n in sorted(missing.items()))
            raise InvalidState(
                f"every card must be somewhere; missing: {some} "
                "(or leave out draw_pile to have the rest shuffled into it)"
            )
    else:
        rest = list((Counter(deck) - placed).elements())
        state.rng.shuffle(rest)
        state.draw = rest


def _load_turn(state: BalzakkenState, data: dict[str, Any]) -> None:
    """Whose turn: nobody exactly when a score reached 100; during a round the discard pile is
    never empty."""
    over = any(s >= GAME_END for s in state.scores)
    to_move = data.get("to_move", None if over else 0)
    if to_move is None:
        if not over:
            raise InvalidState("to_move is null (game over) but nobody has 100 points")
        state.current = None
    else:
        if over:
            raise InvalidState("a score of 100 or more ends the game, so to_move must be null")
        state.current = _int(to_move, "to_move", 0, state.players - 1)
        if not state.discard:
            raise InvalidState("the discard pile is never empty during a round")


def _load_known(state: BalzakkenState, known: Any) -> None:
    """What each seat knows of the others' hands (none when left out): cards they hold, never a
    seat's own, each row including the public row."""
    players = state.players
    if known is None:
        state.known = [[[] for _ in range(players)] for _ in range(players + 1)]
        return
    if not isinstance(known, list) or len(known) != players + 1:
        raise InvalidState(
            f"known must have {players + 1} rows (one per seat, then the public row)"
        )
    state.known = []
    for o, row in enumerate(known):
        if not isinstance(row, list) or len(row) != players:
            raise InvalidState(f"known[{o}] must list {players} hands")
        cooked = []
        for p, cards in enumerate(row):
            cs = sorted(_cards(cards, f"known[{o}][{p}]"))
            if Counter(cs) - Counter(state.hands[p]):
                raise InvalidState(f"known[{o}][{p}] names cards seat {p} does not hold")
            if o == p and cs:
                raise InvalidState(f"known[{o}][{p}] must be empty: a seat knows its own hand")
            cooked.append(cs)
        state.known.append(cooked)
    public = state.known[players]
    for o in range(players):
        for p in range(players):
            if p != o and Counter(public[p]) - Counter(state.known[o][p]):
                raise InvalidState(
                    f"known[{o}][{p}] must include the public knowledge known[{players}][{p}]"
                )


_ROUND_FIELDS = frozenset(RoundRecord.__annotations__)
_PER_SEAT_FIELDS = ("hands", "in_front", "values", "points", "before", "totals")


def load_rounds(value: Any, state: BalzakkenState) -> list[RoundRecord]:
    """The finished rounds of a position, checked like every other field.

    Each record has exactly the fields a round's record has, of the right types (cards as text),
    one entry per seat in its per-seat lists, and agrees with the rules: the values are the
    hands' points, the points and kind follow from the values and the caller, the totals are the
    totals before plus the points (69 and 99 dropped to 50 and 75, the seats that dropped listed
    in ``tasty``), no card appears more often than the deck holds it; rounds follow one another
    (each starts from the totals of the one before), come before the current round, and the last
    one's totals are the score sheet.
    """
    rounds = _read_rounds(value)
    deck = deck_counts(state.options)
    previous: RoundRecord | None = None
    for i, r in enumerate(rounds):
        _check_round(r, f"rounds[{i}]", state.players, deck)
        if previous is not None:
            if r["round"] != previous["round"] + 1:
                raise InvalidState(f"rounds[{i}] must be round {previous['round'] + 1}")
            if r["before"] != previous["totals"]:
                raise InvalidState(f"rounds[{i}].before must be the totals of the round before it")
        previous = r
    if previous is not None:
        _check_last_round(previous, state)
    return rounds


def _read_rounds(value: Any) -> list[RoundRecord]:
    """The rounds' structure: a list of objects with a round record's fields and types."""
    if not isinstance(value, list):
        raise InvalidState("rounds must be a list of finished rounds")
    for i, record in enumerate(value):
        if not isinstance(record, dict):
            raise InvalidState(f"rounds[{i}] must be an object")
        unknown = sorted(str(k) for k in record if k not in _ROUND_FIELDS)
        if unknown:
            raise InvalidState(f"rounds[{i}] has an unknown field {unknown[0]!r}")
    try:
        return msgspec.convert(value, list[RoundRecord])
    except msgspec.ValidationError as exc:
        raise InvalidState(f"rounds: {str(exc).replace('`$', '`rounds')}") from None


def _check_round(r: RoundRecord, where: str, players: int, deck: dict[int, int]) -> None:
    """One finished round agrees with the rules: an entry per seat, seats at the table, cards
    from one deck, values, call, points and totals as the scoring gives them."""
    for name in _PER_SEAT_FIELDS:
        if len(r[name]) != players:  # type: ignore[literal-required]
            raise InvalidState(f"{where}.{name} must have {players} entries, one per seat")
    for seat in (r["caller"], *r["tasty"]):
        if seat >= players:
            raise InvalidState(f"{where}: there is no seat {seat} at a {players}-player table")
    _check_round_cards(r, where, deck)
    values = [hand_value(parse_card(c) for c in h) for h in r["hands"]]
    if r["values"] != values:
        raise InvalidState(f"{where}.values must be the points of its hands: {values}")
    result = score_round(values, r["caller"])
    if r["kind"] != result.kind or r["points"] != list(result.points):
        raise InvalidState(
            f"{where}: with these hands and seat {r['caller']} calling, the call is "
            f"{result.kind!r} and the points are {list(result.points)}"
        )
    sums = [b + p for b, p in zip(r["before"], r["points"], strict=True)]
    totals = [tasty_position(t) for t in sums]
    tasty = [s for s in range(players) if totals[s] != sums[s]]
    if r["totals"] != totals or r["tasty"] != tasty:
        raise InvalidState(
            f"{where}: the totals must be before + points with 69 and 99 dropped "
            f"(totals {totals}, tasty {tasty})"
        )


def _check_last_round(last: RoundRecord, state: BalzakkenState) -> None:
    """The last finished round's totals are the score sheet, and it is the round before the
    current one (or, the game over, the current round)."""
    if last["totals"] != state.scores:
        raise InvalidState(
            f"scores must be the totals after the last finished round: {last['totals']}"
        )
    if state.to_move and last["round"] != state.round - 1:
        raise InvalidState(
            f"the last finished round must be round {state.round - 1}, the one before the "
            f"current round {state.round}"
        )
    if not state.to_move and last["round"] != state.round:
        raise InvalidState(
            f"the game ended in round {state.round}, so the last finished round must be "
            f"round {state.round}"
        )


def _check_round_cards(r: RoundRecord, where: str, deck: dict[int, int]) -> None:
    """A finished round's hands and action cards in front come from one deck."""
    placed: Counter[int] = Counter()
    for h in r["hands"]:
        placed.update(parse_card(c) for c in h)
    for seat, front in enumerate(r["in_front"]):
        for c in front:
            card = parse_card(c)
            if card not in ACTION_CARDS:
                raise InvalidState(
                    f"{where}.in_front[{seat}] holds {c}: only action cards lie in front of players"
                )
            placed[card] += 1
    for card, n in placed.items():
        if n > deck[card]:
            raise InvalidState(
                f"{where}: card {card_text(card)} appears {n} times but the deck holds {deck[card]}"
            )
