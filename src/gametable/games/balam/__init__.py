"""Balam: Maya kings build cities, wage wars and face the Katuns, for prestige.

The rules come from ``shared/rulebooks/balam.txt``; our reading of its unclear points is in
``docs/rules/balam.md``.  Boards and the Katun deck are data (``data/*.toml``).

>>> from gametable import load_game
>>> game = load_game("balam")
>>> state = game.new_game(3, seed=1)
>>> state.to_move, str(state.phase)
((0,), 'turn')
>>> state.view(0)["kings"][0]["riches"]
{'maize': 6}
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
    str_option,
)
from gametable.core.protocol import Action, Game, State
from gametable.core.registry import register
from gametable.games.balam import rules
from gametable.games.balam.actions import ACTION_TYPES
from gametable.games.balam.board import board_frame, check_board_option, register_board
from gametable.games.balam.dice import check_faces
from gametable.games.balam.encoding import action_codec
from gametable.games.balam.engine import BalamState
from gametable.games.balam.notation import from_json, parse
from gametable.games.balam.takeback import a_choice_made_in_the_open
from gametable.games.balam.views import BalamView


class Balam(Game):
    name = "balam"
    title = "Balam"
    version = 1
    player_counts = (2, 3, 4)
    rulebook = "balam.txt"
    turn_rule = rules.TURNS
    end_rule = rules.END_OF_GAME
    options = (
        Option(
            "board",
            "default",
            "board: 'default' (5 x 6), 'small' (4 x 4, for 2 players), 'random' (the default "
            "tiles laid out at random from the seed, sea in the corners), or the name of a board "
            "file registered with --board-file",
            str,
            check=check_board_option,
        ),
        Option(
            "ball_games",
            None,
            "the game ends with the round of this ball game (2-5; default: as many as players)",
            int,
            minimum=2,
            maximum=5,
            nullable=True,
        ),
        Option("first_player", 0, "seat that plays first", int, minimum=0, maximum=3),
        Option(
            "faces",
            "0,1,1,2,3,X",
            "the six die faces: success points 0-3 or X (a skull)",
            str,
            check=check_faces,
        ),
        Option(
            "next_round",
            "left_of_last",
            "who starts a round: 'left_of_last' (left of the "
            "player who turned the last card) or 'rotate' (left of the last round's first)",
            str,
            choices=("left_of_last", "rotate"),
        ),
        Option(
            "market_control",
            "strongest",
            "commercial control with 3-4 kings: a king's riches may not cross a site where "
            "'strongest' (the strongest single enemy) or 'all' (all enemies together) have more "
            "small pyramids than he has",
            str,
            choices=("strongest", "all"),
        ),
        Option("score_cap", False, "prestige stops at 99, as on the printed score track", bool),
        Option(
            "ties",
            "shared",
            "equal prestige at the end: 'shared' win, or 'cities' (more cities ranks higher)",
            str,
            choices=("shared", "cities"),
        ),
    )

    def check_players(self, players: int, options: Mapping[str, OptionValue]) -> None:
        super().check_players(players, options)
        if int_option(options, "first_player") >= players:
            raise ValueError(
                f"option 'first_player': seat {options['first_player']} does not "
                f"exist with {players} players"
            )

    def _new_state(self, players: int, seed: int, options: Options) -> State:
        return BalamState.new(self, players, seed, options)

    action_types = ACTION_TYPES
    view_type = BalamView
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
        "tuned": ".bots.tuned:tuned_heuristic",
        "levels": ".bots.levels:LEVELS",
        "learned": ".bots.learned:LEARNED",
        # the adapters, the terminal and the web page
        "features": ".features:build",
        "terminal": ".terminal:RENDERER",
        "cli": ".cli:OPTIONS",
        "web": "web/renderer.js",
        "cautions": ".web.cautions:CAUTIONS",
    }
    #: the engine modules ``gametable build-engines`` compiles with mypyc (gametable.compiled)
    compiled = (
        "account",
        "actions",
        "board",
        "constructions",
        "dice",
        "distribution",
        "encoding",
        "engine",
        "events",
        "fields",
        "flow",
        "katun",
        "memos",
        "notation",
        "phases",
        "randomboard",
        "rules",
        "scoring",
        "state",
        "transport",
        "turns",
        "wars",
        "warlog",
    )

    def parse_action(self, state: State, text: str) -> Action:
        assert isinstance(state, BalamState)
        return parse(text, state.board, state.players)

    def _action_from_json(self, state: State, cls: type[Action], data: Mapping[str, Any]) -> Action:
        assert isinstance(state, BalamState)
        return from_json(cls, data, state.board, state.players)

    def _state_from_json(self, data: dict[str, Any]) -> State:
        """A position (``docs/rules/balam.md``, "Positions by hand"), every field checked."""
        state = BalamState.load_json(data, game=self)
        if "to_move" in data and list(data["to_move"]) != list(state.to_move):
            hint = (
                " (in the distribution a seat with nothing left to move is done)"
                if state.phase == "distribution"
                else ""
            )
            raise InvalidState(
                f"to_move {data['to_move']} does not match the phase: it is "
                f"{list(state.to_move)}{hint}"
            )
        return state

    def view_schema(self, players: int, options: GivenOptions | None = None) -> dict[str, Any]:
        """The view's schema, with one entry per seat where the view lists the seats."""
        schema = super().view_schema(players, options)
        defs = schema["$defs"]
        per_seat = {
            "BalamView": ("kings", "pyramids_left"),
            "DistributionView": ("done",),
            "KatunView": ("peeked",),
            "RoundView": ("seats",),
        }
        for name, keys in per_seat.items():
            for key in keys:
                defs[name]["properties"][key].update(minItems=players, maxItems=players)
        return schema

    def num_distinct_actions(self, players: int, options: GivenOptions | None = None) -> int:
        board = board_frame(str_option(self.resolve_options(options), "board"))
        return action_codec(board, players).size

    def can_take_back(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Building choices of one's own turn, and riches moved in one's distribution, until a
        die is rolled or a Katun card turned (:mod:`~gametable.games.balam.takeback`)."""
        return a_choice_made_in_the_open(before, seat, action, after)

    def max_game_length(self, players: int, options: GivenOptions | None = None) -> int:
        # Nothing in the rules bounds a round tightly, but every turn that is not a Katun costs
        # a riches from a limited supply.  Measured: 450 random playouts took at most 373
        # decisions (mean 207 / 271 / 302 for 2 / 3 / 4 players); this bound is generous.
        return 3000


GAME = register(Balam())

__all__ = ["GAME", "Balam", "BalamState", "register_board"]
