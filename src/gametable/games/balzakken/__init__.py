"""Balzakken: hold 5 points or fewer, call BALZAK!, score low.

The rules come from ``shared/rulebooks/balzakken.txt``; our reading of its unclear points is in
``docs/rules/balzakken.md``.

>>> from gametable import load_game
>>> game = load_game("balzakken")
>>> state = game.new_game(3, seed=1)
>>> state.to_move
(0,)
>>> len(state.view(0)["hand"])
5
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gametable.core.errors import InvalidState
from gametable.core.options import (
    GivenOptions,
    Option,
    Options,
    OptionValue,
    int_option,
)
from gametable.core.protocol import Action, Game, State
from gametable.core.registry import register
from gametable.games.balzakken import rules
from gametable.games.balzakken.actions import ACTION_TYPES, from_json, num_actions, parse
from gametable.games.balzakken.cards import BALZAK_VALUES
from gametable.games.balzakken.positions import load_position
from gametable.games.balzakken.state import HAND_SIZE, BalzakkenState
from gametable.games.balzakken.views import BalzakkenView, narrow_to_table


def every_move_draws_or_shows_a_card(action: Action) -> bool:
    """No move can be taken back (table manners; the rulebook is silent on undoing): every move draws a card (a discard), shows one from the hand (a swap, The Swinger, The Lul) or ends the round (BALZAK!),
    so the others have seen what was hidden.  Always ``False``."""
    return False


class Balzakken(Game):
    name = "balzakken"
    title = "Balzakken"
    version = 1
    player_counts = (2, 3, 4, 5, 6, 7, 8)
    rulebook = "balzakken.txt"
    turn_rule = rules.TURN_ORDER
    end_rule = rules.OVERVIEW
    options = (
        Option(
            "copies", 4, "copies of each Balzak value -1..11 in the deck", int, minimum=1, maximum=8
        ),
        Option("swingers", 4, "number of Swinger cards in the deck", int, minimum=0, maximum=8),
        Option("luls", 4, "number of Lul cards in the deck", int, minimum=0, maximum=8),
        Option("first_player", 0, "seat that begins the first round", int, minimum=0, maximum=7),
    )
    action_types = ACTION_TYPES
    view_type = BalzakkenView
    #: the game's parts for the layers above its rules (gametable.core.parts), each in this
    #: package
    parts: ClassVar[Mapping[str, str]] = {
        # the rules layer: its rules in our words, questions, words, standing, answers
        "rulebook": "rulebook/reference.toml",
        "questions": "rulebook/questions",
        "words": ".rulebook.words:WORDS",
        "standing": ".rulebook.standing:AT_TABLE",
        "answers": ".answers:ANSWERS",
        # the bots
        "heuristic": ".bots.heuristic:HEURISTIC",
        "levels": ".bots.levels:LEVELS",
        "learned": ".bots.learned:LEARNED",
        # the adapters, the terminal and the web page
        "features": ".features:build",
        "terminal": ".terminal:RENDERER",
        "web": "web/renderer.js",
        "cautions": ".web.cautions:CAUTIONS",
    }
    #: the engine modules ``gametable build-engines`` compiles with mypyc (gametable.compiled)
    compiled = (
        "actions",
        "cards",
        "hands",
        "knowledge",
        "legal",
        "rules",
        "scoring",
        "state",
    )

    def check_players(self, players: int, options: Mapping[str, OptionValue]) -> None:
        super().check_players(players, options)
        balzakken = int_option(options, "copies") * len(BALZAK_VALUES)
        if balzakken <= HAND_SIZE * players:
            raise ValueError(
                f"option 'copies': {options['copies']} copies per value make {balzakken} Balzakken, "
                f"too few to deal {HAND_SIZE} cards to {players} players and turn up a discard"
            )
        if int_option(options, "first_player") >= players:
            raise ValueError(
                f"option 'first_player': seat {options['first_player']} does not exist "
                f"with {players} players; it takes 0 to {players - 1}"
            )

    def _new_state(self, players: int, seed: int, options: Options) -> State:
        state = BalzakkenState.create(game=self, players=players, seed=seed, options=options)
        state.deal_round()
        return state

    def parse_action(self, state: State, text: str) -> Action:
        return parse(text)

    def _action_from_json(self, state: State, cls: type[Action], data: Mapping[str, Any]) -> Action:
        return from_json(cls, data)

    def view_schema(self, players: int, options: GivenOptions | None = None) -> dict[str, Any]:
        """The view schema, narrowed to the table: seats ``0..players-1``, per-seat lists of
        ``players`` entries."""
        schema = super().view_schema(players, options)
        narrow_to_table(schema, players)
        schema["$defs"]["BalzakkenView"]["properties"]["players"]["const"] = players
        return schema

    def _state_from_json(self, data: dict[str, Any]) -> State:
        try:
            return load_position(self, data)
        except KeyError as exc:
            raise InvalidState(f"balzakken position is missing {exc}") from None

    def num_distinct_actions(self, players: int, options: GivenOptions | None = None) -> int:
        return num_actions(players, int_option(self.resolve_options(options), "copies"))

    def can_take_back(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Nothing: every Balzakken move draws a card or shows one (``docs/rules/balzakken.md``,
        "Taking a move back")."""
        return every_move_draws_or_shows_a_card(action)

    def max_game_length(self, players: int, options: GivenOptions | None = None) -> int:
        # Nothing in the rules bounds a round; random play calls BALZAK! within a few dozen
        # turns, and every round adds points.  This bound is generous for such play.
        return 4000 * players


GAME = register(Balzakken())

__all__ = ["GAME", "Balzakken", "BalzakkenState"]
