"""Positions (JSON), notation, the integer encoding and options: the formats documented in
``docs/rules/balzakken.md`` and the invariants of the rules they must respect."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from balzakken_helpers import GAME, all_cards, deck, hand, position

from gametable import InvalidAction, InvalidState

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "balzakken.md"


def base(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "balzakken",
        "players": 2,
        "hands": [["1", "2"], ["4"]],
        "discard_pile": ["3"],
        "to_move": 0,
    }
    data.update(fields)
    return data


def refused_position(data: dict[str, Any], *words: str) -> str:
    with pytest.raises(InvalidState) as info:
        GAME.state_from_json(data)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


# -- validation -------------------------------------------------------------------------------------


def test_position_refuses_a_card_more_often_than_the_deck_holds() -> None:
    """BZ-014, BZ-055: a position cannot hold more copies of a card than the deck (4 of each value
    by default; 1 with ``copies=1``)."""
    refused_position(base(hands=[["7", "7", "7"], ["7", "7"]]), "7", "5 times", "holds 4")
    refused_position(base(hands=[["7"], ["7"]], options={"copies": 1}), "7", "2 times")
    refused_position(base(hands=[["S", "S", "S"], ["S", "S"]]), "S", "5 times")


def test_position_refuses_an_unknown_card() -> None:
    """BZ-055: cards are "-1".."11", "S" and "L"; anything else is named in the refusal."""
    refused_position(base(hands=[["12"], ["4"]]), "hands[0]", "'12'")
    refused_position(base(discard_pile=["X"]), "discard_pile", "'X'")
    refused_position(base(hands=[["1"], [None]]), "hands[1]")


def test_position_refuses_a_negative_score() -> None:
    """BZ-096: no score-sheet total is ever negative."""
    refused_position(base(scores=[-3, 0]), "scores[0]", "-3")


def test_position_refuses_action_cards_on_the_discard_pile() -> None:
    """BZ-044, BZ-019: action cards never lie on the discard pile; only they lie in front of a
    player."""
    refused_position(base(discard_pile=["3", "S"]), "discard pile", "S")
    refused_position(base(in_front=[["7"], []]), "in_front[0]", "7")


def test_position_refuses_a_missing_card_when_the_draw_pile_is_given() -> None:
    """BZ-016: with ``draw_pile`` written out every card of the deck must be somewhere; without it
    the rest of the deck is shuffled into the draw pile."""
    refused_position(base(draw_pile=["5"]), "missing")
    state = GAME.state_from_json(base())
    assert all_cards(state) == deck()


def test_position_refuses_broken_turn_and_table_fields() -> None:
    """BZ-009, BZ-018, BZ-024: the turn, the table and the game's end must fit together."""
    refused_position(base(hands=[["1"]]), "hands", "2 hands")
    refused_position(base(to_move=2), "to_move")
    refused_position(base(to_move=None), "to_move", "100")
    refused_position(base(scores=[100, 0]), "to_move", "null")
    refused_position(base(discard_pile=[]), "discard pile")
    refused_position(base(dealer=5), "dealer")
    refused_position(base(players=9, hands=[[]] * 9), "9")
    refused_position(base(options={"copies": 0}), "copies")
    refused_position(base(options={"jokers": 2}), "jokers")
    refused_position(base(game="keezbord"), "keezbord")
    refused_position(base(version=99), "version 99")
    refused_position(base(hands="1 2"), "hands")


def test_position_refuses_knowledge_that_is_not_true() -> None:
    """BZ-015: ``known`` may only name cards the seat really holds, never a seat's own hand, and
    each seat knows at least the public row."""
    empty: list[list[str]] = [[], []]
    refused_position(base(known=[[[], ["9"]], empty, empty]), "known[0][1]")
    refused_position(base(known=[[["1"], []], empty, empty]), "known[0][0]")
    refused_position(base(known=[empty, empty, [[], ["4"]]]), "known[0][1]", "public")
    refused_position(base(known=[empty, empty]), "known", "3 rows")
    ok = GAME.state_from_json(base(known=[[[], ["4"]], empty, [[], ["4"]]]))
    assert ok.view(0)["known_cards"] == {"1": ["4"]}
    assert ok.view(None)["known_cards"] == {"1": ["4"]}
    assert ok.view(1)["known_cards"] == {}


def test_position_accepts_cards_written_as_integers() -> None:
    """BZ-055: a Balzak may be written as its number (7) as well as its text ("7")."""
    state = GAME.state_from_json(base(hands=[[7, -1], ["S", 11]], discard_pile=[3]))
    assert hand(state, 0) == ["-1", "7"]
    assert hand(state, 1) == ["11", "S"]


def test_position_from_text() -> None:
    """A position may be given as JSON text; broken JSON is refused as such."""
    state = GAME.state_from_json(json.dumps(base()))
    assert hand(state, 0) == ["1", "2"]
    with pytest.raises(InvalidState, match="JSON"):
        GAME.state_from_json("{not json")


def test_worked_example_of_the_docs_loads() -> None:
    """BZ-014, BZ-045: the worked example under "Positions by hand" in docs/rules/balzakken.md
    loads and plays (kept honest by this test)."""
    text = DOC.read_text()
    section = text[text.index("## Positions by hand") :]
    example = re.search(r"```json\n(.*?)```", section, re.S)
    assert example, "the docs' worked example is missing"
    state = GAME.state_from_json(example.group(1))
    assert state.to_move == (0,)
    assert state.view(None)["in_front"] == [[], ["L"], []]
    assert all_cards(state) == deck()
    state.apply("discard 2x2 top")
    assert "5" in hand(state, 0)


def _after_two_rounds() -> dict[str, Any]:
    """A real game's position after two finished rounds (3 players)."""
    state = GAME.new_game(3, seed=4)
    rng = random.Random(4)
    while len(state.view(None)["rounds"]) < 2:
        state.apply(rng.choice(state.legal_actions()))
    return state.to_json()


def _with_round(data: dict[str, Any], index: int, **changes: Any) -> dict[str, Any]:
    rounds = [dict(r) for r in data["rounds"]]
    rounds[index].update(changes)
    return {**data, "rounds": rounds}


def test_position_checks_the_finished_rounds_like_every_other_field() -> None:
    """BZ-007, BZ-086, BZ-092, BZ-100, BZ-114: the score sheet's history must be well formed
    and agree with the rules that wrote it; each broken record is refused, naming it."""
    data = _after_two_rounds()
    assert GAME.state_from_json(data).to_json() == data
    first = data["rounds"][0]
    refused_position({**data, "rounds": "all good"}, "rounds must be a list")
    refused_position({**data, "rounds": [1, 2]}, "rounds[0] must be an object")
    refused_position(_with_round(data, 0, bonus=3), "rounds[0]", "'bonus'")
    no_caller = {k: v for k, v in first.items() if k != "caller"}
    refused_position({**data, "rounds": [no_caller, data["rounds"][1]]}, "caller")
    refused_position(_with_round(data, 1, caller="me"), "rounds[1].caller", "int")
    refused_position(_with_round(data, 0, kind="great"), "rounds[0].kind")
    refused_position(_with_round(data, 0, hands=[["12"], [], []]), "rounds[0].hands")
    refused_position(_with_round(data, 0, values=[0, 0]), "rounds[0].values", "3 entries")
    refused_position(_with_round(data, 0, caller=5), "rounds[0]", "no seat 5")
    refused_position(_with_round(data, 0, hands=[["7"] * 5, [], []]), "rounds[0]", "5 times")
    refused_position(_with_round(data, 0, in_front=[["7"], [], []]), "rounds[0].in_front[0]")
    wrong_values = [v + 1 for v in first["values"]]
    refused_position(_with_round(data, 0, values=wrong_values), "rounds[0].values")
    wrong_points = [p + 1 for p in first["points"]]
    refused_position(_with_round(data, 0, points=wrong_points), "rounds[0]", "points")
    wrong_totals = [t + 1 for t in first["totals"]]
    refused_position(_with_round(data, 0, totals=wrong_totals), "rounds[0]", "totals")
    refused_position(_with_round(data, 1, round=7), "rounds[1]", "round 2")
    refused_position({**data, "rounds": data["rounds"][1:] + data["rounds"][:1]}, "rounds[1]")
    refused_position({**data, "round": 5}, "last finished round", "round 4")
    refused_position({**data, "scores": [s + 1 for s in data["scores"]]}, "scores", "totals")


# -- JSON round trip --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_json_round_trip_is_exact_and_continues_identically(players: int) -> None:
    """The whole state, generator included, survives to_json -> JSON text -> state_from_json:
    the copy equals the original and continues exactly like it, across rounds."""
    for seed in range(3):
        state = GAME.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            text = json.dumps(state.to_json())
            copy = GAME.state_from_json(json.loads(text))
            assert copy.to_json() == state.to_json()
            action = rng.choice(state.legal_actions())
            state.apply(action)
            copy.apply(str(action))
            assert copy.to_json() == state.to_json()
        assert GAME.state_from_json(state.to_json()).outcome == state.outcome


def test_position_defaults() -> None:
    """A minimal position: round 1, ply 0, scores 0, nothing in front, first dealer to the right
    of ``first_player``, nobody knowing anything of other hands."""
    data = GAME.state_from_json(base()).to_json()
    assert data["round"] == 1 and data["ply"] == 0 and data["scores"] == [0, 0]
    assert data["dealer"] == 1 and data["in_front"] == [[], []]
    assert data["known"] == [[[], []], [[], []], [[], []]]
    assert data["version"] == GAME.version


# -- notation ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("discard 7", "discard 7"),
        ("DISCARD  7X2", "discard 7x2"),
        ("d 7x2 top", "discard 7x2 top"),
        ("discard 7 x 3 draw", "discard 7x3"),
        ("discard -1x2 pile", "discard -1x2"),
        ("swap 11", "swap 11"),
        ("s -1", "swap -1"),
        ("swinger 2", "swinger 2"),
        ("W 2", "swinger 2"),
        ("lul 1", "lul 1"),
        ("L 1", "lul 1"),
        ("balzak", "balzak"),
        ("BALZAK!", "balzak"),
        ("b", "balzak"),
    ],
)
def test_notation_forms(text: str, canonical: str) -> None:
    """The notation of docs/rules/balzakken.md: long and short forms, any case, one canonical
    text that parses back to the same action."""
    state = GAME.new_game(3, seed=0)
    action = GAME.parse_action(state, text)
    assert str(action) == canonical
    assert GAME.parse_action(state, str(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "discard",
        "discard 12",
        "discard x",
        "swap 7x2",
        "swinger",
        "lul -1",
        "balzak 1",
        "pass",
        "draw",
        "discard 7 top top",
    ],
)
def test_garbage_notation_is_invalid(text: str) -> None:
    """Text that is no action raises InvalidAction (a notation error, not a rule)."""
    state = GAME.new_game(3, seed=0)
    before = state.to_json()
    with pytest.raises(InvalidAction):
        state.apply(text)
    assert state.to_json() == before
    with pytest.raises(InvalidAction):
        GAME.parse_action(state, 7)  # type: ignore[arg-type]


def test_every_legal_action_round_trips_through_notation_and_integers() -> None:
    """Every legal action met in play has a text that parses back to it and an integer that
    decodes back to it, within ``num_distinct_actions``."""
    for players in (2, 5, 8):
        size = GAME.num_distinct_actions(players)
        for seed in range(3):
            state = GAME.new_game(players, seed=seed)
            rng = random.Random(seed)
            for _ in range(150):
                if state.is_over:
                    break
                legal = state.legal_actions()
                codes = [state.encode_action(a) for a in legal]
                assert len(set(codes)) == len(codes)
                for action, code in zip(legal, codes, strict=True):
                    assert 0 <= code < size
                    assert state.decode_action(code) == action
                    assert GAME.parse_action(state, str(action)) == action
                state.apply(rng.choice(legal))


# -- integer encoding -------------------------------------------------------------------------------


@pytest.mark.parametrize("players, copies", [(2, 1), (3, 4), (8, 4), (2, 8)])
def test_integer_encoding_is_a_bijection(players: int, copies: int) -> None:
    """Every integer below ``num_distinct_actions`` decodes to a distinct action that encodes
    back to it; the size is 13 + 2*13*(copies-1) + 13 + 2*players + 1."""
    size = GAME.num_distinct_actions(players, {"copies": copies})
    assert size == 13 + 2 * 13 * (copies - 1) + 13 + 2 * players + 1
    state = GAME.new_game(2, seed=0, options={"copies": max(copies, 2)})
    data = state.to_json()
    data.update(
        players=players,
        hands=[[] for _ in range(players)],
        scores=[0] * players,
        in_front=[[] for _ in range(players)],
        options={"copies": copies},
    )
    for key in ("draw_pile", "known", "dealer"):
        data.pop(key)
    if players * 5 >= copies * 13:
        pytest.skip("deck too small to seat so many players")
    state = GAME.state_from_json(data)
    texts = set()
    for code in range(size):
        action = state.decode_action(code)
        assert state.encode_action(action) == code
        texts.add(str(action))
    assert len(texts) == size
    with pytest.raises(ValueError):
        state.decode_action(size)


def test_integer_encoding_layout() -> None:
    """The documented layout (3 players, 4 copies): single discards 0..12, multi-discards from
    the draw pile 13..51, taking the former top 52..90, swaps 91..103, Swingers 104..106,
    Luls 107..109, BALZAK! 110."""
    state = GAME.new_game(3, seed=0)
    expect = {
        "discard -1": 0,
        "discard 11": 12,
        "discard -1x2": 13,
        "discard -1x4": 15,
        "discard 0x2": 16,
        "discard 11x4": 51,
        "discard -1x2 top": 52,
        "discard 11x4 top": 90,
        "swap -1": 91,
        "swap 11": 103,
        "swinger 0": 104,
        "swinger 2": 106,
        "lul 0": 107,
        "lul 2": 109,
        "balzak": 110,
    }
    for text, code in expect.items():
        assert state.encode_action(GAME.parse_action(state, text)) == code, text
    assert GAME.num_distinct_actions(3) == 111
    for text in ("discard 7 top", "discard 7x5", "swinger 3"):
        with pytest.raises(ValueError):
            state.encode_action(GAME.parse_action(state, text))


# -- options ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, players, name",
    [
        ({"copies": 0}, 3, "copies"),
        ({"copies": 9}, 3, "copies"),
        ({"copies": "many"}, 3, "copies"),
        ({"copies": 1}, 3, "copies"),  # 13 Balzakken cannot cover a deal of 15
        ({"copies": 2}, 6, "copies"),  # 26 Balzakken cannot cover a deal of 30 + 1
        ({"swingers": -1}, 3, "swingers"),
        ({"luls": 9}, 3, "luls"),
        ({"luls": True}, 3, "luls"),
        ({"first_player": 3}, 3, "first_player"),
        ({"first_player": -1}, 3, "first_player"),
        ({"jokers": 1}, 3, "jokers"),
    ],
)
def test_bad_option_values_are_refused_naming_the_option(
    options: dict[str, Any], players: int, name: str
) -> None:
    """BZ-014, BZ-023, BZ-055: the options standing in for the unprinted deck and "the youngest
    begins" refuse values that make no game, naming the option."""
    with pytest.raises(ValueError, match=name):
        GAME.new_game(players, seed=0, options=options)


def test_player_counts_two_to_eight_with_the_default_deck() -> None:
    """BZ-014: the default deck (52 Balzakken) deals 2 to 8 players; 1 and 9 are refused."""
    for players in range(2, 9):
        assert GAME.new_game(players, seed=0).players == players
    for players in (1, 9):
        with pytest.raises(ValueError, match="players"):
            GAME.new_game(players, seed=0)
    assert GAME.new_game(5, seed=0, options={"copies": 2}).players == 5


def test_options_given_as_text_are_parsed() -> None:
    """Options typed on a command line arrive as text and are converted."""
    state = GAME.new_game(
        2, seed=0, options={"copies": "2", "swingers": "0", "luls": "1", "first_player": "1"}
    )
    assert state.options == {"copies": 2, "swingers": 0, "luls": 1, "first_player": 1}
    assert all_cards(state) == deck(2, 0, 1)
    assert state.to_move == (1,)


def test_position_helper_matches_new_game_format() -> None:
    """A dealt game and a hand-written position share one format: a new game's JSON loads as a
    position and equals it."""
    state = GAME.new_game(3, seed=4)
    assert GAME.state_from_json(state.to_json()) == state
    assert position([["1"], ["2"], ["3"]]).players == 3
