"""Keezbord: race your four pawns round the board and into your home, moved by playing cards.

The rules come from ``shared/rulebooks/keezbord.txt``; our reading of its unclear points is in
``docs/rules/keezbord.md``.  Two players play alone; four or six play in teams of two partners
sitting opposite each other.

>>> from gametable import load_game
>>> game = load_game("keezbord")
>>> state = game.new_game(4, seed=1)
>>> state.to_move, len(state.view(1)["hand"])
((1,), 5)
>>> game.teams(4)
((0, 2), (1, 3))
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
from gametable.games.keezbord import rules
from gametable.games.keezbord.actions import ACTION_TYPES, from_json, num_actions, parse
from gametable.games.keezbord.board import board_for
from gametable.games.keezbord.positions import load_position
from gametable.games.keezbord.state import KeezbordState
from gametable.games.keezbord.textform import parse_position_text
from gametable.games.keezbord.views import KeezbordView

#: decisions within which random playouts end (measured: see docs/rules/keezbord.md)
RANDOM_PLAYOUT_BOUND = {2: 2000, 4: 3000, 6: 6000}


def every_move_shows_a_card(action: Action) -> bool:
    """No move can be taken back (table manners; the rulebook is silent on undoing): every move plays a card from the hand face up (or hands the whole hand in),
    so the others have seen what was hidden.  Always ``False``."""
    return False


class Keezbord(Game):
    name = "keezbord"
    title = "Keezbord"
    version = 1
    player_counts = (2, 4, 6)
    rulebook = "keezbord.txt"
    turn_rule = rules.PLAY_ONE_CARD
    end_rule = rules.WINNING
    options = (
        Option(
            "dealer",
            0,
            "seat that deals the first cycle (the rulebook's starting player); "
            "the seat to its left begins",
            int,
            minimum=0,
            maximum=5,
        ),
        Option(
            "seven_hits_passed",
            False,
            "variant: every pawn a 7 passes on the track is hit "
            "(default: like every move, a 7 hits only where each part ends)",
            bool,
        ),
        Option(
            "king_helps_teammate",
            "when_home",
            "teams: when a King may place a pawn for the partner: 'when_home' (only once all "
            "your pawns are home, when you play for your partner anyway) or 'when_nest_empty' "
            "(also as soon as your own nest is empty); rulebook, Additional Rules",
            str,
            choices=("when_home", "when_nest_empty"),
        ),
        Option(
            "max_turns",
            None,
            "end the game after this many decisions, scoring pawns home "
            "(default: no limit, as in the rulebook)",
            int,
            minimum=1,
            nullable=True,
        ),
    )

    action_types = ACTION_TYPES
    view_type = KeezbordView
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
        "board",
        "cards",
        "checks",
        "generate",
        "pawns",
        "rules",
        "state",
    )

    def check_players(self, players: int, options: Mapping[str, OptionValue]) -> None:
        if isinstance(players, int) and not isinstance(players, bool) and players % 2 == 1:
            raise ValueError(
                f"Keezbord cannot be played by an odd number of players ({players}); "
                'it is played by 2, 4 or 6 (rulebook, "Playing in Teams")'
            )
        super().check_players(players, options)
        if int_option(options, "dealer") >= players:
            raise ValueError(
                f"option 'dealer': seat {options['dealer']} does not exist with "
                f"{players} players; it takes 0 to {players - 1}"
            )

    def teams(
        self, players: int, options: GivenOptions | None = None
    ) -> tuple[tuple[int, ...], ...]:
        return board_for(players).teams

    def _new_state(self, players: int, seed: int, options: Options) -> State:
        state = KeezbordState.create(game=self, players=players, seed=seed, options=options)
        state.deal_next()
        return state

    def parse_action(self, state: State, text: str) -> Action:
        return parse(text, state.players)

    def _action_from_json(self, state: State, cls: type[Action], data: Mapping[str, Any]) -> Action:
        return from_json(cls, data, state.players)

    def view_schema(self, players: int, options: GivenOptions | None = None) -> dict[str, Any]:
        """The declared view (:mod:`~gametable.games.keezbord.views`) with the per-seat lists
        sized for ``players`` and the board's length fixed."""
        schema = super().view_schema(players, options)
        board = board_for(players)
        defs = schema["$defs"]
        view = defs["KeezbordView"]["properties"]
        view["players"]["const"] = players
        view["track_length"]["const"] = board.length
        for name in ("starts", "pawns", "progress", "plays_for", "hand_sizes"):
            view[name]["minItems"] = view[name]["maxItems"] = players
        for name in ("pawns", "progress"):
            items = view[name]["items"]
            items["minItems"] = items["maxItems"] = 4
        view["teams"]["minItems"] = view["teams"]["maxItems"] = len(board.teams)
        return schema

    def _state_from_json(self, data: dict[str, Any]) -> State:
        try:
            return load_position(self, data)
        except KeyError as exc:
            raise InvalidState(f"keezbord position is missing {exc}") from None

    def state_from_text(
        self, text: str, options: GivenOptions | None = None, seed: int = 0
    ) -> State:
        """Load a position written in the one-line text form (see ``KeezbordState.to_text``);
        cards not in a hand or played are shuffled into the deck from ``seed``."""
        data = parse_position_text(text)
        data["options"] = dict(options or {})
        data["seed"] = seed
        return self.state_from_json(data)

    def num_distinct_actions(self, players: int, options: GivenOptions | None = None) -> int:
        return num_actions(players)

    def can_take_back(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Nothing: every Keezbord move lays a card from the hand face up
        (``docs/rules/keezbord.md``, "Taking a move back")."""
        return every_move_shows_a_card(action)

    def max_game_length(self, players: int, options: GivenOptions | None = None) -> int:
        bound = RANDOM_PLAYOUT_BOUND.get(players, 10000)
        options = self.resolve_options(options)
        return (
            bound if options["max_turns"] is None else min(bound, int_option(options, "max_turns"))
        )


GAME = register(Keezbord())

__all__ = ["GAME", "Keezbord", "KeezbordState"]
