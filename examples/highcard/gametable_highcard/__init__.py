"""High Card: a tiny trick-taking game with hidden hands, added to gametable as one package.

Two to four players are dealt a few cards from a deck numbered 1 to 13; in turn each plays a
card to the trick, the highest card takes it and leads the next; when the hands are played out,
most tricks wins.  The rules in our words: ``rulebook/rulebook.md``.

This package is the whole game: the declaration below (name, player counts, options and the
parts the other layers find), the engine beside it (``actions``, ``state``, ``positions``,
``views``, ``rules``: they import only ``gametable.core``), the public door (``public``) and the
parts (``bots``, ``features``, ``terminal``, ``web``, ``rulebook``, ``answers``).  gametable
finds it through the ``gametable.games`` entry point in ``pyproject.toml``.

>>> from gametable import load_game
>>> state = load_game("highcard").new_game(2, seed=1)
>>> state.to_move, len(state.view(0)["hand"])
((0,), 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gametable.core.options import Option
from gametable.core.protocol import Action, Game, State
from gametable.core.registry import register
from gametable_highcard import rules
from gametable_highcard.actions import ACTION_TYPES, from_json, parse
from gametable_highcard.positions import load_position
from gametable_highcard.state import DECK_SIZE, HAND_SIZE, HighCardState
from gametable_highcard.views import HighCardView


class HighCard(Game):
    name = "highcard"
    title = "High Card"
    version = 1
    player_counts = (2, 3, 4)
    rulebook = "rulebook/rulebook.md"
    turn_rule = rules.TURN_ORDER
    end_rule = rules.END
    options = (
        Option(
            "cards", DECK_SIZE, "cards in the deck, numbered 1 to this", int, minimum=4, maximum=40
        ),
        Option("hand", HAND_SIZE, "cards dealt to each player", int, minimum=1, maximum=10),
    )
    action_types = ACTION_TYPES
    view_type = HighCardView
    #: the parts the layers above the rules find (gametable.core.parts), each in this package
    parts: ClassVar[Mapping[str, str]] = {
        "heuristic": ".bots.heuristic:HEURISTIC",
        "features": ".features:build",
        "terminal": ".terminal:RENDERER",
        "web": "web/renderer.js",
        "rulebook": "rulebook/reference.toml",
        "answers": ".answers:ANSWERS",
    }

    def check_players(self, players: int, options: Mapping[str, Any]) -> None:
        super().check_players(players, options)
        if players * options["hand"] > options["cards"]:
            raise ValueError(
                f"option 'hand': {options['hand']} cards each for {players} players need "
                f"{players * options['hand']} cards; the deck has {options['cards']}"
            )

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = HighCardState(self, players, seed, options)
        state.deal()
        return state

    def parse_action(self, state: State, text: str) -> Action:
        return parse(text)

    def _action_from_json(self, state: State, cls: type[Action], data: Mapping[str, Any]) -> Action:
        return from_json(data)

    def _state_from_json(self, data: dict[str, Any]) -> State:
        return load_position(self, data)

    def num_distinct_actions(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        return int(self.resolve_options(options)["cards"])

    def max_game_length(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        return players * int(self.resolve_options(options)["hand"])


GAME = register(HighCard())

__all__ = ["GAME", "HighCard", "HighCardState"]
