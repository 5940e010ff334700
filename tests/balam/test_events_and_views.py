"""Event counts, the rounds history, the board and pyramids in the view, describe() in words."""

from __future__ import annotations

import json
import random

import pytest

from gametable.games.balam.board import LARGE_PYRAMIDS, SMALL_PYRAMIDS, load_board
from gametable.games.balam.rounds import PRESTIGE_SOURCES
from gametable.games.balam.state import EVENTS
from tests.balam.helpers import GAME, position


def play(players: int, seed: int, options: dict | None = None, check_every: int = 0):
    state = GAME.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    while state.to_move:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        text = state.describe(action, seat)
        assert text.startswith(f"seat {seat}") and not text.startswith(f"seat {seat}: "), text
        state.apply(action, seat)
        if check_every and state.ply % check_every == 0:
            again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again.event_counts() == state.event_counts()
            assert again.view(None) == state.view(None)
            assert state.clone().event_counts() == state.event_counts()
    return state


def standing(state) -> int:
    return sum(len(state.anchors(s)) for s in state.board.sites)


@pytest.mark.parametrize(
    ("players", "options"), [(2, None), (3, None), (4, None), (2, {"board": "small"})]
)
def test_event_counts_and_rounds_agree_with_the_game(players, options):
    for seed in range(4):
        state = play(players, seed, options, check_every=37)
        counts = state.event_counts()
        assert set(counts) == set(EVENTS)
        assert counts["wars_won"] + counts["wars_lost"] == counts["wars"]
        assert (
            counts["catastrophes_paid"] + counts["catastrophes_suffered"] == counts["catastrophes"]
        )
        assert counts["prisoners_taken"] <= counts["buildings_destroyed"]
        assert sum(counts[f"prestige_{src}"] for src in PRESTIGE_SOURCES) == sum(state.prestige)
        assert counts["katun_cards_turned"] == len(state.discard)
        assert counts["buildings_built"] == sum(
            counts[k] for k in EVENTS if k.endswith("_built") and k != "buildings_built"
        )
        lost = (
            counts["buildings_destroyed"]
            + counts["garrisons_lost_in_war"]
            + counts["buildings_lost_to_catastrophes"]
        )
        assert counts["buildings_built"] - counts["buildings_removed"] - lost == standing(state)

        rounds = state.view(None)["rounds"]
        assert counts["rounds"] == len(rounds) == state.round
        assert [r["round"] for r in rounds] == list(range(1, len(rounds) + 1))
        assert rounds[-1]["final"] and not any(r["final"] for r in rounds[:-1])
        score = [0] * players
        for r in rounds:
            for q, row in enumerate(r["seats"]):
                assert row["score_before"] == score[q]
                gained = sum(row[src] for src in PRESTIGE_SOURCES)
                assert row["score_after"] - row["score_before"] == gained
                score[q] = row["score_after"]
                if r["eclipse"]:
                    assert row["chaak"] == 0
        assert score == state.prestige
        seats = [row for r in rounds for row in r["seats"]]
        assert counts["riches_produced"] == sum(sum(row["production"].values()) for row in seats)
        assert counts["taxes_collected"] == sum(sum(row["taxes"].values()) for row in seats)
        assert counts["chaak_maize"] == sum(row["chaak"] for row in seats)
        assert sum(row["buildings_lost"] for row in seats) == lost
        for src in PRESTIGE_SOURCES:
            assert counts[f"prestige_{src}"] == sum(row[src] for row in seats)


def test_json_round_trips_in_every_phase_keep_the_counts():
    seen = set()
    for seed in range(6):
        state = GAME.new_game(4, seed=seed)
        rng = random.Random(seed)
        while state.to_move:
            seat = state.to_move[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            if state.war is not None or state.phase not in seen:
                seen.add(state.phase)
                data = json.loads(json.dumps(state.to_json()))
                again = GAME.state_from_json(data)
                assert again.to_json() == data
                assert again.event_counts() == state.event_counts()
    assert {"defend", "lose", "distribution", "over"} <= seen


def test_a_new_game_counts_nothing():
    assert GAME.new_game(3, seed=1).event_counts() == {key: 0 for key in EVENTS}


def test_random_games_see_wars_and_catastrophes():
    totals = {key: 0 for key in EVENTS}
    for seed in range(12):
        for k, v in play(4, seed).event_counts().items():
            totals[k] += v
    for key in (
        "wars",
        "catastrophes",
        "katun_cards_turned",
        "villages_built",
        "ball_games",
        "prestige_ceremony",
        "prestige_bonus",
        "riches_produced",
        "chaak_maize",
    ):
        assert totals[key] > 0, key


@pytest.mark.parametrize("board", ["default", "small"])
def test_view_shows_the_board_layout_and_pyramids_left(board):
    state = GAME.new_game(2, seed=3, options={"board": board})
    layout = load_board(board)
    view = state.view(0)
    assert view["board"]["name"] == board
    sites = view["board"]["sites"]
    assert [s["id"] for s in sites] == list(layout.names)
    for i, site in enumerate(sites):
        assert (site["x"], site["y"]) == layout.xy[i]
        assert site["plots"] == layout.plots[i]
        assert site["neighbours"] == [layout.names[t] for t in layout.neighbours[i]]
    view["board"]["sites"][0]["id"] = "changed"
    assert state.view(0)["board"]["sites"][0]["id"] == layout.names[0]
    assert view["pyramids_left"] == [{"large": LARGE_PYRAMIDS, "small": SMALL_PYRAMIDS}] * 2
    rng = random.Random(1)
    while state.round < 3 and state.to_move:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    for q, left in enumerate(view["pyramids_left"]):
        cities = sum(1 for s in view["sites"].values() if s["owner"] == q)
        small = sum(s.get("pyramids", [0] * 2)[q] for s in view["sites"].values())
        assert left == {"large": LARGE_PYRAMIDS - cities, "small": SMALL_PYRAMIDS - small}


def test_positions_without_the_new_fields_load_with_defaults():
    state = position(2, kings=[{"riches": {"maize": 2}, "prestige": 5}, {"prestige": 1}])
    assert state.event_counts() == {key: 0 for key in EVENTS}
    view = state.view(None)
    assert view["rounds"] == []
    assert view["round_tally"]["score_before"] == [5, 1]


def test_a_distribution_position_by_hand_reads_production_off_the_villages():
    state = position(
        2,
        phase="distribution",
        slots=[None, None, None],
        sites={"a2": {"owner": 0, "plots": ["village:maize", "temple", "+"]}},
    )
    assert state.view(None)["round_tally"]["production"] == [{"maize": 1}, {}]
    state.apply("move a2.0>a2.1", 0)
    assert state.view(None)["rounds"][-1]["seats"][0]["ceremony"] == 1


def test_describe_in_words():
    state = position(
        2,
        sites={
            "a2": {"owner": 0, "plots": ["village", "garrison:obsidian"]},
            "b2": {"owner": 1, "plots": ["village", "garrison"]},
        },
        kings=[{"riches": {"maize": 6, "jade": 1}}, {"riches": {"maize": 6}}],
    )
    say = {str(a): state.describe(a) for a in state.legal_actions()}
    assert say["pay maize"] == "seat 0 pays 1 maize for the turn, to build, attack or pass"
    assert say["katun 0"] == "seat 0 turns over face-down Katun card 0 (2 left face down)"
    state.apply("pay maize")
    say = {str(a): state.describe(a) for a in state.legal_actions()}
    assert say["build temple a2.2"] == (
        "seat 0 builds a temple on plots 2 and 3 of its city a2 for 2 riches, paid next"
    )
    assert say["build observatory a1.0"] == (
        "seat 0 builds an observatory on plot 0 of the free shell site a1 for 1 jade"
    )
    attack = next(t for t in say if t.startswith("attack a2>b2 1"))
    assert say[attack].startswith("seat 0 attacks seat 1's city b2 from a2 with 1 garrison")
    assert say["end"] == "seat 0 ends the turn"


# -- the terminal renderer reads the new view keys ---------------------------------------------------
def _render(thing) -> str:
    import io

    from rich.console import Console

    console = Console(record=True, width=100, file=io.StringIO())
    console.print(thing)
    return " ".join(console.export_text().split())


def test_renderer_takes_the_layout_from_the_view():
    from gametable.terminal.render import renderer_for

    renderer = renderer_for("balam")
    view = GAME.new_game(3, seed=1).view(0)
    view["options"]["board"] = "/nonexistent/board.toml"
    view["board"]["name"] = "/nonexistent/board.toml"  # the view's own layout is used
    view["board"]["sites"][0]["colour"] = "jade"
    view["pyramids_left"][1] = {"large": 11, "small": 9}
    text = _render(renderer.board(view))
    assert "a1 JAD" in text and "b1 MAI" in text
    assert "11 ■ 9 ▲" in text


def test_renderer_summary_reads_the_rounds():
    from gametable.terminal.render import renderer_for

    renderer = renderer_for("balam")
    state = GAME.new_game(2, seed=3)
    rng = random.Random(3)
    before = state.view(None)
    shown = []
    while state.to_move:
        state.apply(rng.choice(state.legal_actions()))
        after = state.view(None)
        summary = renderer.summary(before, after)
        if summary is not None:
            shown.append(_render(summary))
        before = after
    ends = [" ".join(t.replace("┃", " ").split()) for t in shown if t.startswith("End of round")]
    assert len(ends) == len(state.view(None)["rounds"])
    assert all("ceremony cenote katun" in t and "made taxes Chaak unused lost" in t for t in ends)
    assert "bonus" in ends[-1] and "the game is over" in ends[-1]
