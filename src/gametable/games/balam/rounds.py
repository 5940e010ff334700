"""The round's account (``round_tally``) and the rounds finished (``rounds``) of a Balam
position: their view shapes, how they are written to JSON and read back."""

from __future__ import annotations

from typing import Annotated, Any, TypedDict, cast

import msgspec
from msgspec import Meta

from gametable.core.errors import InvalidState
from gametable.core.positions import expect_int
from gametable.core.statefields import Codec
from gametable.games.balam.account import PRESTIGE_SOURCES, Tally
from gametable.games.balam.board import riches_count
from gametable.games.balam.boardview import Count, RichesCount
from gametable.games.balam.positions import RichesCounts

#: where prestige comes from (the ``source`` of ``BalamData.add_prestige``)


class PrestigeBySource(TypedDict):
    """Prestige won so far this round, per source, one number per seat."""

    ceremony: list[Count]
    cenote: list[Count]
    ball_game: list[Count]
    prosperous: list[Count]
    bonus: list[Count]


class TallyView(TypedDict):
    """The current round's account so far (from which its entry in ``rounds`` is made)."""

    score_before: list[Count]
    production: Annotated[
        list[RichesCount], Meta(description="per seat, the riches its villages produced")
    ]
    prestige: PrestigeBySource
    buildings_lost: list[Count]


class RoundSeatView(TypedDict):
    """One king's account of a finished round."""

    production: Annotated[RichesCount, Meta(description="riches his villages produced")]
    ceremony: Annotated[Count, Meta(description="prestige from his temples")]
    cenote: Annotated[Count, Meta(description="prestige from sacrifices in the cenotes")]
    ball_game: Annotated[Count, Meta(description="prestige from ball games")]
    prosperous: Annotated[Count, Meta(description="prestige taken from Prosperous Katuns")]
    bonus: Annotated[Count, Meta(description="the riches bonus (final round only)")]
    taxes: Annotated[RichesCount, Meta(description="riches his palaces brought to his sheet")]
    chaak: Annotated[
        Count,
        Meta(description="maize the Clemency of Chaak gave him (2, unless the Eclipse was turned)"),
    ]
    riches_lost: Annotated[
        RichesCount,
        Meta(description="riches left on his villages and garrisons, gone back to the supply"),
    ]
    buildings_lost: Annotated[Count, Meta(description="buildings lost to wars and catastrophes")]
    score_before: Annotated[Count, Meta(description="prestige at the round's start")]
    score_after: Annotated[Count, Meta(description="prestige at the round's end")]


class RoundView(TypedDict):
    """A finished round."""

    round: Annotated[int, Meta(ge=1)]
    eclipse: Annotated[bool, Meta(description="no Clemency of Chaak that round")]
    final: Annotated[bool, Meta(description="the last round of the game")]
    seats: list[RoundSeatView]


#: a finished round as the rules keep it until it is read (:func:`round_entry` writes it out):
#: the round, whether the Eclipse was turned, whether it was the last, its account, and per seat
#: the riches its palaces brought, those it lost, Chaak's maize and the prestige at its end
RawRound = tuple[int, bool, bool, Tally, list[list[int]], list[list[int]], list[int], list[int]]


def round_entry(raw: RawRound) -> RoundView:
    """A finished round's entry in ``rounds``, from what the rules kept at its close."""
    number, eclipse, final, tally, taxes, lost, chaak, after = raw
    ceremony, cenote, ball_game, prosperous, bonus = tally.won  # as PRESTIGE_SOURCES
    seats: list[RoundSeatView] = [
        {
            "production": riches_count(tally.produced[q]),
            "ceremony": ceremony[q],
            "cenote": cenote[q],
            "ball_game": ball_game[q],
            "prosperous": prosperous[q],
            "bonus": bonus[q],
            "taxes": riches_count(taxes[q]),
            "chaak": chaak[q],
            "riches_lost": riches_count(lost[q]),
            "buildings_lost": tally.lost[q],
            "score_before": tally.score_before[q],
            "score_after": after[q],
        }
        for q in range(len(after))
    ]
    return {"round": number, "eclipse": eclipse, "final": final, "seats": seats}


def written_rounds(kept: list[RoundView | RawRound]) -> list[RoundView]:
    """The finished rounds, each written out (``kept`` itself when they all are)."""
    if not any(isinstance(entry, tuple) for entry in kept):
        return cast(list[RoundView], kept)
    out: list[RoundView] = []
    for entry in kept:
        out.append(round_entry(entry) if isinstance(entry, tuple) else entry)
    return out


class Rounds(Codec[list[RoundView | RawRound]]):
    """The finished rounds (``rounds``), each entry checked like the rest of a position."""

    def dump(self, value: list[RoundView | RawRound], state: Any) -> Any:
        return list(written_rounds(value))

    def load(self, raw: Any, where: str, state: Any) -> list[RoundView | RawRound]:
        try:
            rounds = msgspec.convert(raw, list[RoundView], strict=True)
        except msgspec.ValidationError as exc:
            raise InvalidState(f"{where}: {exc}") from None
        for entry in rounds:
            if len(entry["seats"]) != state.players:
                raise InvalidState(f"{where}: each round lists {state.players} seats")
        return list(rounds)


def tally_json(tally: Tally) -> TallyView:
    won = dict(zip(PRESTIGE_SOURCES, map(list, tally.won), strict=True))
    return {
        "score_before": list(tally.score_before),
        "production": [riches_count(row) for row in tally.produced],
        "prestige": cast(PrestigeBySource, won),
        "buildings_lost": list(tally.lost),
    }


def load_tally(raw: Any, prestige: list[int]) -> Tally:
    """A round's account: every part defaults to nothing yet (``score_before``: the prestige)."""
    out = Tally.new(prestige)
    if not isinstance(raw, dict):
        raise InvalidState("round_tally must be an object")
    n = len(prestige)

    def seats(value: Any, where: str) -> list[int]:
        if not isinstance(value, list) or len(value) != n:
            raise InvalidState(f"round_tally.{where} must list {n} numbers, one per seat")
        return [expect_int(v, f"round_tally.{where}", 0) for v in value]

    if "score_before" in raw:
        out.score_before = seats(raw["score_before"], "score_before")
    if "buildings_lost" in raw:
        out.lost = seats(raw["buildings_lost"], "buildings_lost")
    won = raw.get("prestige", {})
    if not isinstance(won, dict) or any(k not in PRESTIGE_SOURCES for k in won):
        raise InvalidState(
            f"round_tally.prestige maps {', '.join(PRESTIGE_SOURCES)} to one number per seat"
        )
    for src, value in won.items():
        out.won[PRESTIGE_SOURCES.index(src)] = seats(value, f"prestige.{src}")
    production = raw.get("production", [{} for _ in range(n)])
    if not isinstance(production, list) or len(production) != n:
        raise InvalidState(f"round_tally.production must list {n} objects, one per seat")
    for q, made in enumerate(production):
        if not isinstance(made, dict):
            raise InvalidState("round_tally.production maps riches names to counts")
        out.produced[q] = RichesCounts().load(made, "round_tally.production", None)
    return out
