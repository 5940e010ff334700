"""Event counts, the deal's public facts in the view, and describe() in words."""

from __future__ import annotations

import json
import random

import pytest

from gametable.games.keezbord.state import EVENTS
from tests.keezbord.helpers import GAME, position


def random_game(players: int, seed: int, options: dict | None = None, check_every: int = 0):
    state = GAME.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    while state.to_move:
        action = rng.choice(state.legal_actions())
        text = state.describe(action)
        assert text.startswith(f"seat {state.to_move[0]} ") and str(action) != text
        state.apply(action)
        if check_every and state.ply % check_every == 0:
            check_deal_view(state)
            again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again.event_counts() == state.event_counts()
            assert state.clone().event_counts() == state.event_counts()
    return state


def check_deal_view(state) -> None:
    view = state.view(None)
    deal = view["deal_played"]
    assert view["played"][len(view["played"]) - len(deal) :] == deal
    size = 5 if view["deal"] == 1 else 4
    assert len(deal) == size * state.players - sum(view["hand_sizes"])
    for seat in view["handed_in"]:
        assert view["hand_sizes"][seat] == 0


@pytest.mark.parametrize(
    ("players", "options"), [(2, None), (4, None), (6, None), (4, {"seven_hits_passed": True})]
)
def test_event_counts_agree_with_the_game(players, options):
    for seed in range(3):
        state = random_game(players, seed, options, check_every=7)
        counts = state.event_counts()
        assert set(counts) == set(EVENTS)
        view = state.view(None)
        home = sum(1 for places in view["pawns"] for p in places if str(p).startswith("H"))
        assert counts["pawns_home"] == home
        assert counts["hits"] == counts["hits_own"] + counts["hits_opponent"]
        assert counts["cards_played"] + counts["hand_ins"] == state.ply
        assert counts["deals"] >= counts["cycles"] >= 1
        assert counts["placements"] >= home  # every pawn home was placed first
        assert counts["seven_splits"] > 0 and counts["jack_swaps"] > 0


def test_a_new_game_counts_its_first_deal_and_zeros_otherwise():
    counts = GAME.new_game(4, seed=1).event_counts()
    assert counts["deals"] == 1 and counts["cycles"] == 1
    assert all(v == 0 for k, v in counts.items() if k not in ("deals", "cycles"))


def test_hits_split_by_team():
    s = position(
        4,
        pawns={"a": [3, "N", "N", "N"], "b": [11, "N", "N", "N"], "c": [20, "N", "N", "N"]},
        hands={"a": ["8", "Q"]},
    )
    assert "hitting b1 back to the nest" in s.describe(s.game.parse_action(s, "8 a1"))
    s.apply("8 a1")
    assert s.event_counts()["hits_opponent"] == 1 and s.event_counts()["hits_own"] == 0
    # a Queen from space 8 lands on partner c's pawn on space 20: a hit on the own team
    s2 = position(4, pawns={"a": [8, "N", "N", "N"], "c": [20, "N", "N", "N"]}, hands={"a": ["Q"]})
    s2.apply("Q a1")
    assert s2.event_counts()["hits_own"] == 1 and s2.event_counts()["hits"] == 1


def test_handing_in_is_public_and_counted():
    s = position(2, pawns={}, hands={"a": ["3", "5"], "b": ["Q"]})
    assert s.view(None)["handed_in"] == []
    assert "hands in its 2 cards" in s.describe(s.game.parse_action(s, "hand in"))
    s.apply("hand in")
    view = s.view(1)
    assert view["handed_in"] == [0]
    assert view["deal_played"][-2:] == ["3", "5"]
    assert s.event_counts()["hand_ins"] == 1
    data = s.to_json()
    assert data["handed_in"] == [0] and data["stats"] == {"hand_ins": 1}
    assert GAME.state_from_json(data).to_json() == data


def test_the_cards_played_add_to_the_counts_a_position_gave():
    """The cards played are counted apart from the other events: a position's counts (a zero
    and an event name of its own kept as given) go on from where it stood."""
    stats = {"cards_played": 3, "hits": 0, "custom": 2}
    s = position(
        2, pawns={"a": [5, "N", "N", "N"]}, hands={"a": ["2", "3"], "b": ["3"]}, stats=stats
    )
    assert s.to_json()["stats"] == {"cards_played": 3, "custom": 2, "hits": 0}
    s.apply("2 a1")
    assert s.event_counts()["cards_played"] == 4
    data = s.to_json()
    assert data["stats"] == {"cards_played": 4, "custom": 2, "hits": 0}
    assert GAME.state_from_json(data).to_json() == data == s.clone().to_json()
    fresh = position(2, pawns={"a": [5, "N", "N", "N"]}, hands={"a": ["2"], "b": ["3"]})
    fresh.apply("2 a1")
    assert fresh.to_json()["stats"] == {"cards_played": 1}


def test_positions_without_the_new_fields_load_with_defaults():
    s = position(2, pawns={"a": [5, "N", "N", "N"]}, hands={"a": ["2"], "b": ["3"]})
    assert s.view(None)["handed_in"] == []
    assert s.event_counts() == {key: 0 for key in EVENTS}


@pytest.mark.parametrize(
    "bad", [{"handed_in": [0]}, {"handed_in": "a"}, {"stats": {"hits": -1}}, {"handed_in": [1, 1]}]
)
def test_bad_new_fields_are_refused(bad):
    from gametable.core.errors import InvalidState

    with pytest.raises(InvalidState):
        position(2, hands={"a": ["2"]}, **bad)


def test_describe_says_where_each_part_goes():
    s = position(
        2,
        pawns={"a": [60, 10, "N", "N"], "b": [13, "N", "N", "N"]},
        hands={"a": ["7", "4", "A", "J"]},
    )
    say = {
        t: s.describe(s.game.parse_action(s, t))
        for t in ("7 a1:5 a2:2", "4 a2", "A place", "J a2 b1", "7 a2")
    }
    assert say["7 a1:5 a2:2"] == (
        "seat 0 plays a 7 split in two: a1 moves 5 forward from space "
        "60 into home space H2, then a2 moves 2 forward from space 10 "
        "to space 12"
    )
    assert say["4 a2"] == "seat 0 plays a 4: a2 moves 4 back from space 10 to space 6"
    assert say["A place"] == "seat 0 plays an Ace: a3 leaves the nest for its start space 0"
    assert "a2 (space 10) and b1 (space 13) change places" in say["J a2 b1"]
    assert say["7 a2"].endswith("from space 10 to space 17")


def test_renderer_shows_this_deal_and_who_handed_in():
    import io

    from rich.console import Console

    from gametable.terminal.render import renderer_for

    s = position(2, pawns={}, hands={"a": ["3", "5"], "b": ["Q"]}, played=["K", "2"])
    s.apply("hand in")
    console = Console(record=True, width=100, file=io.StringIO())
    console.print(renderer_for("keezbord").board(s.view(1)))
    text = " ".join(console.export_text().split())
    # the deal also shows the cards the position leaves unplaced (counted as played earlier)
    assert "This deal (9): [K] [2] " in text and "[3] [5] · handed in: a" in text
