"""The protocol's :class:`~gametable.core.protocol.State` over Balam's data: who decides, the
legal actions (listed once per state), refusals with their rule, the flow, views, resampling."""

from __future__ import annotations

import types
from collections.abc import Collection, Iterable
from typing import Any, Final

from gametable.core.errors import InvalidState
from gametable.core.protocol import Action, Outcome
from gametable.core.rng import Rng, RngSource, as_rng
from gametable.games.balam import describe, distribution, flow, viewbuild
from gametable.games.balam.board import RANDOM
from gametable.games.balam.katun import (
    BALL_PLACE,
    ECLIPSE_WINDOW,
    KIND,
    OTHER_PLACE,
    PROSPEROUS_PLACE,
    deck_places,
)
from gametable.games.balam.phases import DEFEND, DISTRIBUTION, OVER
from gametable.games.balam.state import EVENTS, BalamData
from gametable.games.balam.views import BalamView


def _probe() -> None:
    """Nothing: whether this is a Python function says whether this module runs compiled."""


#: whether this module runs compiled (mypyc makes its functions native, not Python functions)
COMPILED: Final = not isinstance(_probe, types.FunctionType)
#: the longest list of legal actions :meth:`BalamState.check_action` searches for the very
#: action object given; longer lists are checked by the rules, which is quicker interpreted
#: (a search costs some 30 ns an entry there; compiled, about one, so any list is searched)
TRUSTED_LIST: Final = 1 << 30 if COMPILED else 32


#: the states :meth:`BalamState.fresh` copies, by game, players and options (a handful: the
#: same few options are played again and again)
FRESH: Final[dict[tuple[Any, ...], BalamState]] = {}
FRESH_KEPT: Final = 16


class BalamState(BalamData):
    """A Balam game: the declared fields of :class:`~gametable.games.balam.state.BalamData`,
    played by the rules through :mod:`~gametable.games.balam.flow`."""

    @classmethod
    def new(cls, game: Any, players: int, seed: int, options: dict[str, Any]) -> BalamState:
        """A new game, set up and ready for the first turn."""
        state = cls.fresh(game, players, seed, options)
        flow.setup(state)
        return state

    @classmethod
    def fresh(cls, game: Any, players: int, seed: int, options: dict[str, Any]) -> BalamState:
        """A state as :meth:`create` makes it, before the setup: on a board the options fix, a
        copy of one made once for the game, players and options (``clone``, several times
        quicker than running every field's factory), with this game's seed and RNG; on a
        random board (which the seed draws) made afresh."""
        if options["board"] == RANDOM:
            return cls.create(game=game, players=players, options=options, seed=seed, rng=Rng(seed))
        key = (cls, id(game), players, *sorted(options.items()))
        made = FRESH.get(key)
        if made is None:
            if len(FRESH) >= FRESH_KEPT:
                FRESH.clear()
            made = FRESH[key] = cls.create(
                game=game, players=players, options=options, seed=seed, rng=Rng(seed)
            )
        state = made.clone()
        state.options = options
        state.seed = seed
        state.rng = Rng(seed)
        # the other memos are shared until the position changes, as between any clones; the
        # views' memo lasts the whole game: each game keeps its own
        state.view_memo = {}
        return state

    def _after_load(self) -> None:
        """As the data's checks, and in the distribution a seat with nothing left to move is
        done, as in play (a position cannot leave it waiting to say ``done``)."""
        super()._after_load()
        if self.phase is DISTRIBUTION:
            distribution.mark_idle_seats_done(self)
            if all(self.done):
                raise InvalidState(
                    "in the distribution phase some seat must have a riches left to move (a "
                    "seat with nothing to move is done): with none, the round is over"
                )

    # -- who decides ------------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        moving = self.moving
        if moving is None:
            moving = self.moving = self._to_move()
        return moving

    def _to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is OVER:
            return ()
        if phase is DISTRIBUTION:
            return tuple(s for s in range(self.players) if not self.done[s])
        if phase is DEFEND:
            assert self.war is not None
            return (self.war.defender,)
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def outcome(self) -> Outcome | None:
        if self.phase is not OVER:
            return None
        scores = list(self.prestige)
        if self.options["ties"] == "cities":
            keys = [(scores[s], self.cities(s)) for s in range(self.players)]
            distinct = sorted(set(keys), reverse=True)
            ranking = tuple(distinct.index(k) + 1 for k in keys)
            winners = tuple(s for s, r in enumerate(ranking) if r == 1)
            return Outcome(
                tuple(scores),
                ranking,
                winners,
                "the most prestige wins; ties go to the most cities",
            )
        return Outcome.from_scores(scores, reason="the most prestige points wins")

    # -- actions ------------------------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None or seat != self.listed_seat:
            moving = self.moving
            if moving is None:
                moving = self.moving = self._to_move()
            if not moving:
                return []
            if seat is None:
                seat = moving[0]
                if seat == self.listed_seat:
                    return list(self.listed)
            elif seat not in moving:
                return []
            listed = flow.phase_actions(self, seat)
            # a list of its own (compiled, a loop over a list is a native one; over a sequence
            # of unknown type, a generic iteration): apply searches it at every action
            self.listed = listed if isinstance(listed, list) else list(listed)
            self.listed_seat = seat
        return list(self.listed)

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """As :meth:`State.apply`: validate, then apply; an illegal action is refused with its
        rule and the state untouched.

        An action object found in a short list of this very state's legal actions for ``seat``
        (listed since the last action, so ``seat`` is to move) is applied at once: it was
        listed by the rules' refusal functions.  Anything else takes the protocol's path."""
        if seat is not None and seat == self.listed_seat:
            listed = self.listed
            if len(listed) <= TRUSTED_LIST:
                for legal in listed:
                    if legal is action:
                        self.listed_seat = -1
                        self.moving = None
                        flow.apply(self, legal, seat)
                        self.ply += 1
                        return
        super().apply(action, seat)

    def check_action(self, action: Action, seat: int) -> None:
        """Accept a legal action; refuse anything else naming the rule it breaks (the rules'
        refusal functions are those the legal actions are listed by).

        An action object taken from a short list of this very state's legal actions (the
        same object, listed since the last action) is accepted as it is: it was listed by
        those refusal functions."""
        if seat == self.listed_seat and len(self.listed) <= TRUSTED_LIST:
            for legal in self.listed:
                if legal is action:
                    return
        refusal = flow.refusal(self, action, seat)
        if refusal is not None:
            raise refusal.error()

    def _apply(self, action: Action, seat: int) -> None:
        self.listed_seat = -1
        self.moving = None
        flow.apply(self, action, seat)

    def describe(self, action: Action, seat: int | None = None) -> str:
        """A short sentence for people (public information only: the board, the kings' sheets,
        the Katun cards turned; never a face-down card)."""
        if seat is None:
            seat = self.to_move[0] if self.to_move else self.current
        try:
            return describe.describe(self, action, seat)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            # an action that does not fit this position (a site of another board...) is told
            # as it is written
            return f"seat {seat}: {action}"

    # -- information ----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> BalamView:
        """What ``seat`` sees (built and type-checked in
        :func:`~gametable.games.balam.viewbuild.view`)."""
        return viewbuild.view(self, seat, self.to_move, self.outcome)

    def views(self, seats: Iterable[int | None]) -> dict[int | None, BalamView]:
        """Several seats' views, their public part built once (see
        :func:`~gametable.games.balam.viewbuild.views`): read them, never change them."""
        return viewbuild.views(self, list(seats), self.to_move, self.outcome)

    def view_parts(self, seat: int | None, parts: Collection[str]) -> dict[str, Any]:
        """Only the named parts of :meth:`view`, built alone (see
        :func:`~gametable.games.balam.viewbuild.view_parts`): read them, never change them."""
        return viewbuild.view_parts(self, seat, self.to_move, self.outcome, parts)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["to_move"] = list(self.to_move)
        return out

    def resample(self, seat: int | None, rng: RngSource) -> BalamState:
        """Redraw every Katun card ``seat`` has not seen (deck and face-down, unpeeked slots);
        the dice to come are the new RNG's (any a position fixed are forgotten)."""
        rng = as_rng(rng)
        new = self.clone()
        mine = 0 if seat is None else self.peeks[seat]
        hidden = [i for i, c in enumerate(self.slots) if c >= 0 and not mine >> i & 1]
        pool = sorted(self.deck + [self.slots[i] for i in hidden])  # no trace of the true order
        if self.layout:
            self._redraw_by_layout(new, hidden, pool, rng)
        else:
            rng.shuffle(pool)
            new.deck = pool[: len(self.deck)]
            for i, c in zip(hidden, pool[len(self.deck) :], strict=True):
                new.slots[i] = c
        new.rng = rng.fork()
        new.dice = []  # the next rolls a position fixed are hidden like the RNG's
        new.listed_seat = -1
        return new

    def _redraw_by_layout(
        self, new: BalamState, hidden: list[int], pool: list[int], rng: Rng
    ) -> None:
        """Redraw the unseen cards keeping what everybody knows of the deck's structure
        (:func:`~gametable.games.balam.katun.deck_places`): Prosperous cards stay among the
        Prosperous places, ball games at the ball games' places, the Eclipse (if unseen) at one
        of the unseen places of its window, equally likely, the other cards elsewhere."""
        places = deck_places()
        drawn = self.places_dealt()
        # place index (top card first) of every unseen position: hidden slots, then the deck
        spots: list[tuple[int, str, int]] = [(drawn + i, "slot", i) for i in hidden]
        top = drawn + len(self.slots)
        spots += [(top + len(self.deck) - 1 - k, "deck", k) for k in range(len(self.deck))]
        by_class: dict[str, list[tuple[int, str, int]]] = {}
        for spot in spots:
            by_class.setdefault(places[spot[0]], []).append(spot)
        cards: dict[str, list[int]] = {}
        for c in pool:  # by the class of place they belong to (the Eclipse apart)
            kind = KIND[c]
            key = kind if kind in (PROSPEROUS_PLACE, BALL_PLACE, "eclipse") else OTHER_PLACE
            cards.setdefault(key, []).append(c)
        deal: list[tuple[tuple[int, str, int], int]] = []
        for cls in (PROSPEROUS_PLACE, BALL_PLACE):
            group, hand = by_class.get(cls, []), cards.get(cls, [])
            rng.shuffle(hand)
            deal += list(zip(group, hand, strict=True))
        window = len(by_class.get(ECLIPSE_WINDOW, []))
        others = by_class.get(ECLIPSE_WINDOW, []) + by_class.get(OTHER_PLACE, [])
        for c in cards.get("eclipse", []):
            deal.append((others.pop(rng.randbelow(window)), c))
        hand = cards.get(OTHER_PLACE, [])
        rng.shuffle(hand)
        deal += list(zip(others, hand, strict=True))
        for (_, where, i), c in deal:
            if where == "slot":
                new.slots[i] = c
            else:
                new.deck[i] = c

    # -- counting and encoding ------------------------------------------------------------------------
    def event_counts(self) -> dict[str, int]:
        """Wars (won: at least one building destroyed, else lost), buildings destroyed,
        prisoners taken, garrisons lost to skulls, devastated cities; catastrophes (striking a
        king who has something to lose: paid by the Mayas or suffered; harmless ones apart) and
        what they cost; prestige by source; Katun cards turned, ball games, cenote offerings,
        dowries; buildings built (in all and per kind) and removed; riches produced, palace taxes,
        Chaak's maize; rounds finished."""
        counts = dict.fromkeys(EVENTS, 0)
        counts.update(self.stats)
        counts["rounds"] = len(self.rounds_kept)  # (not written out for a count)
        return counts

    def encode_action(self, action: Action) -> int:
        return self.action_codec.encode(action)

    def decode_action(self, code: int) -> Action:
        return self.action_codec.decode(code)
