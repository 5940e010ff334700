"""Loading a Keezbord position from JSON, written by ``to_json`` or by hand.

See ``docs/rules/keezbord.md`` ("Positions by hand") for the format.  Every invariant is checked
and a broken one is refused with :class:`InvalidState` naming the problem: four pawns per seat,
one pawn per track or home space, no card more often than the deck holds, a seat to move that
holds cards, a finished game only when a team is home (or the turn limit ran out).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gametable.core.errors import InvalidState
from gametable.core.positions import expect_cards, read_header
from gametable.core.positions import expect_int as _int
from gametable.games.keezbord.board import PAWNS, SEAT_LETTERS, board_for, parse_place, pawn_text
from gametable.games.keezbord.cards import DEAL_SIZES, RANKS, card_text, copies, parse_card
from gametable.games.keezbord.state import KeezbordState

if TYPE_CHECKING:
    from gametable.games.keezbord import Keezbord


def _cards(value: Any, where: str) -> list[int]:
    return expect_cards(value, where, parse_card, "A, 2-10, J, Q or K")


def _per_seat(value: Any, where: str, players: int, default: Any) -> tuple[list[Any], list[str]]:
    """A list with one entry per seat, or a mapping from seat letters (``"a"``) or numbers in
    which seats left out get ``default``; with each entry's name as the position wrote it, for
    messages (``hands["a"]`` or ``hands[0]``)."""
    if isinstance(value, Mapping):
        out: list[Any] = [list(default) for _ in range(players)]
        names = [f"{where}[{s}] (not given)" for s in range(players)]
        for key, item in value.items():
            k = str(key).strip().lower()
            if k in SEAT_LETTERS[:players]:
                seat = SEAT_LETTERS.index(k)
            elif k.isdigit() and int(k) < players:
                seat = int(k)
            else:
                raise InvalidState(f"{where}: {key!r} is not a seat of a {players}-player game")
            out[seat] = item
            names[seat] = f"{where}[{key!r}]".replace("'", '"')
        return out, names
    if not isinstance(value, list) or len(value) != players:
        raise InvalidState(f"{where} must list {players} entries, one per seat")
    return value, [f"{where}[{s}]" for s in range(players)]


def load_position(game: Keezbord, data: dict[str, Any]) -> KeezbordState:
    head = read_header(game, data)
    players, options = head.players, head.options
    state = KeezbordState.create(
        game=game, players=players, seed=head.seed, options=options, rng=head.rng, ply=head.ply
    )
    state.dealer = _int(data.get("dealer", options["dealer"]), "dealer", 0, players - 1)
    state.cycle = _int(data.get("cycle", 1), "cycle", 1)
    state.deal = _int(data.get("deal", 1), "deal", 1, len(DEAL_SIZES))
    _load_pawns(state, data.get("pawns"))
    state.derive_board()
    _load_cards(state, data)
    _load_turn(state, data)
    _load_extras(state, data)
    return state


def _load_extras(state: KeezbordState, data: dict[str, Any]) -> None:
    """``handed_in`` (seats that handed in this deal; default none) and ``stats`` (event counts;
    default zeros)."""
    handed = data.get("handed_in", [])
    if not isinstance(handed, list):
        raise InvalidState("handed_in must list the seats that handed in during this deal")
    seats = []
    for item in handed:
        if isinstance(item, str) and item.strip().lower() in SEAT_LETTERS[: state.players]:
            item = SEAT_LETTERS.index(item.strip().lower())
        seat = _int(item, "handed_in", 0, state.players - 1)
        if state.hands[seat]:
            raise InvalidState(f"seat {seat} handed in this deal but holds cards")
        if seat in seats:
            raise InvalidState(f"seat {seat} is listed twice in handed_in")
        seats.append(seat)
    state.handed_in = sorted(seats)
    stats = data.get("stats", {})
    if not isinstance(stats, Mapping) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
        for k, v in stats.items()
    ):
        raise InvalidState("stats must map event names to counts")
    state.stats = defaultdict(int, stats)


def _load_pawns(state: KeezbordState, pawns: Any) -> None:
    players = state.players
    length = board_for(players).length
    if pawns is None:
        raise InvalidState('a position needs "pawns": four places per seat')
    for seat, places in enumerate(_per_seat(pawns, "pawns", players, ["N"] * PAWNS)[0]):
        letter = SEAT_LETTERS[seat]
        if not isinstance(places, list) or len(places) != PAWNS:
            n = len(places) if isinstance(places, list) else "no list of"
            raise InvalidState(f"seat {letter} has {n} pawns; every seat has exactly {PAWNS}")
        for i, value in enumerate(places):
            pid = seat * PAWNS + i
            try:
                place = parse_place(value, length)
            except ValueError as exc:
                raise InvalidState(f"pawn {pawn_text(pid)}: {exc}") from None
            if place < 0:
                continue
            if place >= length:
                slot = seat * PAWNS + place - length
                if state.home[slot] >= 0:
                    raise InvalidState(
                        f"two pawns in home space H{place - length + 1} of seat "
                        f"{letter}: {pawn_text(state.home[slot])} and "
                        f"{pawn_text(pid)}"
                    )
                state.home[slot] = pid
                state.at_home[seat] += 1
            else:
                if state.track[place] >= 0:
                    raise InvalidState(
                        f"two pawns on track space {place}: "
                        f"{pawn_text(state.track[place])} and {pawn_text(pid)}"
                    )
                state.track[place] = pid
            state.pos[pid] = place


def cards_dealt(state: KeezbordState) -> int:
    """ "Setup": by deal ``d`` of a cycle every seat has received 5, then 4, then 4 cards."""
    return state.players * sum(DEAL_SIZES[: state.deal])


def check_deal_sequence(state: KeezbordState) -> None:
    """Every card dealt so far this cycle is in a hand or among the cards played (or handed in),
    and the deck holds the rest, so the next deals follow 5, 4, 4."""
    dealt = cards_dealt(state)
    held = sum(len(h) for h in state.hands) + len(state.played)
    if held != dealt:
        raise InvalidState(
            f"deal {state.deal} of a cycle has handed out {dealt} cards to {state.players} players "
            f"(5, then 4, then 4 each), but the hands and the played cards hold {held}"
        )


def _load_cards(state: KeezbordState, data: dict[str, Any]) -> None:
    players = state.players
    hands, names = _per_seat(data.get("hands", {}), "hands", players, [])
    state.hands = [sorted(_cards(h, name)) for h, name in zip(hands, names, strict=True)]
    size = DEAL_SIZES[state.deal - 1]
    for name, hand in zip(names, state.hands, strict=True):
        if len(hand) > size:
            raise InvalidState(
                f"{name} holds {len(hand)} cards; a hand never holds more "
                f"than {size} in deal {state.deal} (the cards are dealt 5, 4, 4)"
            )
    state.played = _cards(data.get("played", []), "played")
    seen = Counter(state.played)
    for hand in state.hands:
        seen.update(hand)
    if "deck" in data:
        state.deck = _cards(data["deck"], "deck")
        seen.update(state.deck)
    each = copies(players)
    for card, n in sorted(seen.items()):
        if n > each:
            raise InvalidState(
                f"card {card_text(card)} appears {n} times but the "
                f"{players}-player deck holds {each}"
            )
    full = Counter({card: each for card in RANKS})
    if "deck" in data:
        missing = full - seen
        if missing:
            some = ", ".join(f"{n} x {card_text(c)}" for c, n in sorted(missing.items()))
            raise InvalidState(
                f"every card of the cycle must be in a hand, the deck or played; "
                f'missing: {some} (or leave out "deck" to have the rest '
                "shuffled into it)"
            )
    else:
        rest = list((full - seen).elements())
        state.rng.shuffle(rest)
        # cards dealt this cycle that the position does not place were played earlier
        unplaced = cards_dealt(state) - sum(len(h) for h in state.hands) - len(state.played)
        if unplaced > 0:
            state.played.extend(rest[:unplaced])
            del rest[:unplaced]
        state.deck = rest
    check_deal_sequence(state)


def _load_turn(state: KeezbordState, data: dict[str, Any]) -> None:
    players = state.players
    won = state.winning_team() is not None
    limit = state.options["max_turns"]
    out_of_turns = limit is not None and state.ply >= limit
    over = won or out_of_turns
    if "to_move" in data:
        to_move = data["to_move"]
    elif over:
        to_move = None
    else:
        to_move = next(
            (
                (state.dealer + k) % players
                for k in range(1, players + 1)
                if state.hands[(state.dealer + k) % players]
            ),
            None,
        )
        if to_move is None:
            raise InvalidState("nobody holds a card, so nobody can move; give the hands")
    if to_move is None:
        if not over:
            raise InvalidState(
                "to_move is null (the game is over) but no team has all its pawns "
                "home" + ("" if limit is None else " and turns remain")
            )
        state.current = None
        return
    if won:
        team = state.winning_team() or ()
        who = " and ".join(f"seat {SEAT_LETTERS[s]} ({s})" for s in team)
        raise InvalidState(
            f"{who} {'has' if len(team) == 1 else 'have'} all {'its' if len(team) == 1 else 'their'} "
            "pawns home, so the game is over: to_move must be null (or left out), "
            f"not {to_move!r}"
        )
    if out_of_turns:
        raise InvalidState(
            f"ply {state.ply} has reached max_turns={limit}, so to_move must be null"
        )
    seat = _int(to_move, "to_move", 0, players - 1)
    if not state.hands[seat]:
        raise InvalidState(f"seat {seat} is to move but holds no cards")
    state.current = seat
