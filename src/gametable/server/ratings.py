"""Ratings of people and bots on one scale: OpenSkill's Plackett-Luce model, per game.

A player's rating starts where openskill starts everyone (``mu`` 25, ``sigma`` 25/3, as the
arena's bots start) and moves once per finished game against the others at the table.  The
bots of each level carry the ratings an arena run of the levels gave them
(``data/bot_ratings.json``, written by ``scripts/bot_ratings.py``); they are the fixed points of
the scale and do not move when people beat them, so "rated between normal and hard" keeps its
meaning.  A human seat without a player key plays as a newcomer and is not stored.

Places come from the game's :class:`~gametable.core.protocol.Outcome` (its ``ranking``), with
one change: a seat played by the stand-in bot when the game ended (its player let the clock run
out and did not come back), or the seat an abandoned game was waiting for, *left* the game and
is placed last, below everyone who stayed, as Board Game Arena counts a player who quits.  Partners (Keezbord's teams, ``Game.teams``) are
rated as one team: their place is the team's.

>>> placings((1, 2, 3), left={0})
(3, 1, 2)
>>> [round(r.mu, 1) for r in rate([[Rating(25, 8.333)], [Rating(25, 8.333)]], [1, 2])]
[27.6, 22.4]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from openskill.models import PlackettLuce

#: openskill's newcomer: the prior of every player and every unrated human seat
NEW_MU = 25.0
NEW_SIGMA = 25.0 / 3.0
#: the file of the bot levels' ratings (``scripts/bot_ratings.py`` writes it)
BOT_RATINGS = "data/bot_ratings.json"


@dataclass(frozen=True)
class Rating:
    """A skill estimate: mean ``mu`` and uncertainty ``sigma`` (95% within ``mu +- 1.96 sigma``)."""

    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return self.mu - 1.96 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 1.96 * self.sigma


NEWCOMER = Rating(NEW_MU, NEW_SIGMA)


def placings(
    ranking: Sequence[int], left: set[int] | frozenset[int] = frozenset()
) -> tuple[int, ...]:
    """Each seat's place: the outcome's ``ranking``, the seats that ``left`` after all the others
    (sharing the last place among themselves).

    >>> placings((1, 1, 2), left={1})
    (1, 3, 2)
    >>> placings((2, 1), left={0, 1})
    (1, 1)
    """
    stayed = [r for s, r in enumerate(ranking) if s not in left]
    if not stayed:  # everyone left: nobody is counted below anyone
        return tuple(1 for _ in ranking)
    distinct = sorted(set(stayed))
    place = {r: i + 1 for i, r in enumerate(distinct)}
    last = len(distinct) + 1
    return tuple(last if s in left else place[r] for s, r in enumerate(ranking))


def team_places(teams: Sequence[Sequence[int]], places: Sequence[int]) -> list[int]:
    """A team's place: its best seat's (partners share their outcome; a partner who left does
    not pull the team down while the other stayed)."""
    return [min(places[s] for s in team) for team in teams]


def rate(teams: Sequence[Sequence[Rating]], places: Sequence[int]) -> list[Rating]:
    """Every seat's rating after one game, team by team in order (flattened): Plackett-Luce
    over the teams' places (1 is best; equal places tie)."""
    model = PlackettLuce()
    found = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
    updated = model.rate(found, ranks=[float(p) for p in places])
    return [Rating(float(r.mu), float(r.sigma)) for team in updated for r in team]


@dataclass(frozen=True)
class BotRatings:
    """The bot levels' ratings per game: ``levels[game][level]``."""

    levels: Mapping[str, Mapping[str, Rating]]
    games: Mapping[str, Mapping[str, int]]

    def of(self, game: str, bot: str | None) -> Rating | None:
        """The rating of bot spec ``bot`` at ``game``: a level's (``hard``, never
        ``hard:iterations=9``: another setting is another bot), or ``None`` (no rating)."""
        return self.levels.get(game, {}).get(bot or "")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BotRatings:
        levels: dict[str, dict[str, Rating]] = {}
        games: dict[str, dict[str, int]] = {}
        for game, entry in data.get("games", {}).items():
            for level, r in entry.get("levels", {}).items():
                levels.setdefault(game, {})[level] = Rating(float(r["mu"]), float(r["sigma"]))
                games.setdefault(game, {})[level] = int(r.get("games", 0))
        return cls(levels, games)

    @classmethod
    def packaged(cls) -> BotRatings:
        """The ratings shipped with gametable (``server/data/bot_ratings.json``)."""
        text = resources.files("gametable.server").joinpath(BOT_RATINGS).read_text()
        return cls.from_json(json.loads(text))


@dataclass(frozen=True)
class Seat:
    """One seat of a finished table as rating sees it: a player (``player``: their id, with the
    rating they had), a bot (``bot``: its spec) or a human without a key."""

    player: str | None = None
    bot: str | None = None
    rating: Rating | None = None


@dataclass(frozen=True)
class Settlement:
    """What a finished table changes: each seat's place, who left, and the new rating of each
    player seat (empty when the table is not rated; ``note`` says why)."""

    places: tuple[int, ...]
    left: frozenset[int]
    before: Mapping[int, Rating]
    after: Mapping[int, Rating]
    note: str

    @property
    def rated(self) -> bool:
        return bool(self.after)


def settle(
    game: str,
    seats: Sequence[Seat],
    ranking: Sequence[int],
    left: set[int],
    teams: Sequence[Sequence[int]],
    bots: BotRatings,
) -> Settlement:
    """The places and the players' new ratings at a finished table (the module's docstring).

    A table is rated when it has a player and every bot at it has a rating; otherwise only the
    places are written, and ``note`` says why.
    """
    places = placings(ranking, left)
    before = {s: seat.rating or NEWCOMER for s, seat in enumerate(seats) if seat.player}
    if not before:
        return Settlement(places, frozenset(left), {}, {}, "no player with a key sat here")
    unrated = sorted({seat.bot or "" for seat in seats if seat.bot and not bots.of(game, seat.bot)})
    if unrated:
        note = f"not rated: no rating for the bot {', '.join(unrated)} in {game}"
        return Settlement(places, frozenset(left), before, {}, note)
    current = [
        before.get(s) or (bots.of(game, seat.bot) if seat.bot else None) or NEWCOMER
        for s, seat in enumerate(seats)
    ]
    new = rate([[current[s] for s in team] for team in teams], team_places(teams, places))
    order = [s for team in teams for s in team]
    after = {s: r for s, r in zip(order, new, strict=True) if s in before}
    return Settlement(places, frozenset(left), before, after, "rated")
