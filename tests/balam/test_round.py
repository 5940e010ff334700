"""Round structure: laying out the Katuns, divination, turns, the end of a round."""

from __future__ import annotations

import pytest

from gametable.core.errors import IllegalAction
from tests.balam.helpers import GAME, legal, plot_texts, position


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_round_lays_out_players_plus_one_katun_cards(players):
    """BA-052 BA-053: NJ + 1 face-down Katun cards at the start of each round."""
    state = GAME.new_game(players, seed=2)
    assert state.view(None)["katun"]["slots"] == ["?"] * (players + 1)
    assert state.view(None)["katun"]["deck"] == 72 - players - 1


def _observatories(counts):
    sites = {}
    names = ["a2", "c2", "e2", "a5"]
    for seat, n in enumerate(counts):
        if n:
            sites[names[seat]] = {"owner": seat, "plots": ["observatory"] * n}
    return sites


def _next_round(counts, players):
    """Play the last card of a round so that the next round's divination happens."""
    state = position(
        players, sites=_observatories(counts), slots=[None] * players + ["exceptional"]
    )
    state.apply(f"katun {players}")
    while state.phase == "distribution":
        state.apply("done", state.to_move[0])
    return state


@pytest.mark.parametrize(
    ("counts", "peeks"),
    [
        ((2, 1, 0), (3, 1, 0)),  # a leader sees NJ cards, the second one card
        ((2, 2, 1), (1, 1, 0)),  # two tied first: one card each, no second
        ((1, 1, 1), (0, 0, 0)),  # three tied: nobody
        ((3, 1, 1), (3, 0, 0)),  # tie for second: no card
        ((0, 0, 0), (0, 0, 0)),  # no observatory, no divination
    ],
)
def test_divination(counts, peeks):
    """BA-054 BA-083 BA-084 BA-085 BA-086 BA-087 BA-088: observatory counts decide who looks
    secretly at how many of the round's cards."""
    state = _next_round(counts, 3)
    assert tuple(state.view(None)["katun"]["peeked"]) == peeks
    for seat in range(3):
        seen = [c for c in state.view(seat)["katun"]["slots"] if c != "?"]
        assert len(seen) == peeks[seat]
    assert all(c == "?" for c in state.view(None)["katun"]["slots"])


def test_four_tied_observatories_see_nothing():
    """BA-086: a tie between 4 players: nobody looks."""
    state = _next_round((1, 1, 1, 1), 4)
    assert state.view(None)["katun"]["peeked"] == [0, 0, 0, 0]


def test_peeked_cards_survive_resampling_for_that_seat_only():
    """BA-084: what a seat looked at stays where it is when its hidden part is redrawn."""
    state = _next_round((2, 1, 0), 3)
    for seat in range(3):
        mine = state.view(seat)["katun"]["slots"]
        for k in range(5):
            assert state.resample(seat, k).view(seat)["katun"]["slots"] == mine


def test_a_turn_is_pay_then_build_attack_or_pass_or_turn_a_katun():
    """BA-057 BA-058 BA-059 BA-060 BA-062 BA-064 BA-065: pay 1 riches then build, attack or
    pass; or turn over a Katun card instead."""
    state = GAME.new_game(2, seed=4)
    assert legal(state) == {"pay maize", "katun 0", "katun 1", "katun 2"}
    with pytest.raises(IllegalAction, match="pay 1 riches first") as err:
        state.apply("build village a2.0")
    assert err.value.rule.section == "Round Structure > B - Turns (clockwise)"
    state.apply("pay maize")
    assert state.view(0)["kings"][0]["riches"] == {"maize": 5}
    options = legal(state)
    assert "end" in options and "build village a2.0" in options
    assert not any(a.startswith("katun") for a in options)
    state.apply("end")  # pass
    assert state.to_move == (1,)


def test_a_king_without_riches_must_turn_a_katun_card():
    """BA-163 BA-059 BA-065: a king who cannot pay has no other choice than turning over a card
    (our reading: no free pass); every other action is refused citing the turn rule, marked as
    a clarification."""
    state = position(2, kings=[{"riches": {}}, {"riches": {"maize": 1}}])
    assert legal(state) == {"katun 0", "katun 1", "katun 2"}
    for action in ("pay maize", "end", "build village a2.0", "remove a2.0", "attack a2>b2 1 0"):
        with pytest.raises(IllegalAction, match="turn over a Katun card") as err:
            state.apply(action)
        rule = err.value.rule
        assert rule.clarification and rule.section == "Round Structure > B - Turns (clockwise)"
        assert {"BA-059", "BA-163"} <= set(rule.statements)


def test_the_turns_riches_comes_from_the_kings_sheet():
    """BA-059 BA-090: the turn's riches is one of the king's own: without maize on his sheet
    (but other riches) he cannot pay maize; the refusal cites the turn rule."""
    state = position(2, kings=[{"riches": {"jade": 1}}, {"riches": {"maize": 1}}])
    with pytest.raises(IllegalAction, match="no maize on your king sheet") as err:
        state.apply("pay maize")
    assert not err.value.rule.clarification and "BA-059" in err.value.rule.statements
    assert err.value.rule.section == "Round Structure > B - Turns (clockwise)"


def test_turns_go_clockwise_and_the_round_ends_with_the_last_card():
    """BA-067 BA-068 BA-069 BA-070: after a turn the player to the left plays; turning the last
    card ends the round at once."""
    state = position(3, current=1, slots=["exceptional", "exceptional", None, None])
    state.apply("katun 0")
    assert state.to_move == (2,) and state.round == 1
    state.apply("katun 1")
    assert state.round == 2 and state.phase == "turn"


def test_next_round_starts_left_of_the_last_player():
    """BA-056: the first player of the round sits left of the last person to have played; the
    option next_round=rotate passes the start clockwise instead."""
    state = position(3, current=1, round_first=2, slots=[None, None, None, "exceptional"])
    state.apply("katun 3")
    assert state.to_move == (2,)
    state = position(
        3,
        current=1,
        round_first=2,
        slots=[None, None, None, "exceptional"],
        options={"next_round": "rotate"},
    )
    state.apply("katun 3")
    assert state.to_move == (0,)


def test_end_of_round_production_distribution_chaak_then_a_new_round():
    """BA-071 BA-072 BA-073 BA-075 BA-077 BA-080 BA-081: production and distribution by all
    players, then 2 maize each (Chaak), then a new round."""
    sites = {
        "a2": {"owner": 0, "plots": ["village", "reserve"]},
        "e2": {"owner": 1, "plots": ["village", "reserve"]},
    }
    state = position(
        2, sites=sites, slots=[None, None, "exceptional"], kings=[{"riches": {}}, {"riches": {}}]
    )
    state.apply("katun 2")
    assert state.phase == "distribution" and state.to_move == (0, 1)
    assert plot_texts(state.view(None)["sites"]["a2"]) == ["village:maize", "reserve", None, None]
    state.apply("move a2.0>a2.1", 1 - 1)
    state.apply("done", 1)
    assert state.phase == "turn" and state.round == 2
    kings = state.view(None)["kings"]
    assert kings[0]["riches"] == {"maize": 4} and kings[1]["riches"] == {"maize": 2}
    assert plot_texts(state.view(None)["sites"]["a2"])[1] == "reserve:maize"
    assert plot_texts(state.view(None)["sites"]["e2"])[0] == "village"


def test_no_clemency_after_the_eclipse():
    """BA-077 BA-182: once the Eclipse is drawn, no more 2 maize at the end of rounds."""
    state = position(
        2, slots=[None, "eclipse", "exceptional"], current=0, kings=[{"riches": {}}, {"riches": {}}]
    )
    state.apply("katun 1")
    assert state.view(None)["katun"]["eclipse"]
    state.apply("katun 2")
    kings = state.view(None)["kings"]
    assert kings[0]["riches"] == {} and kings[1]["riches"] == {"maize": 2}


def test_the_game_ends_with_the_round_of_the_last_ball_game():
    """BA-078 BA-079 BA-246: when the agreed number of ball games has been played, the game
    ends at the end of that round, not at once."""
    state = position(2, slots=["ball_game", "exceptional", "exceptional"], discard=["ball_game"])
    state.apply("katun 0")
    assert state.view(None)["katun"]["ball_games"] == 2 and not state.is_over
    state.apply("katun 1")
    assert not state.is_over
    state.apply("katun 2")
    assert state.is_over and state.outcome is not None
    assert state.legal_actions() == []
