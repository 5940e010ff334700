"""The hand-written Keezbord evaluation (the leaf of ``hard`` at four and six seats, where no
learned model exists): a team's lead is read per partner (KB-065, KB-066: partners play for
one result), so two partners' standings do not saturate it twice as soon as one seat's."""

from __future__ import annotations

import gametable
from gametable.bots import make_bot
from gametable.bots.heuristics import heuristic_for
from gametable.bots.heuristics.keezbord import EVAL_SCALE, team_scores
from gametable.core.protocol import State


def positions(players: int, seed: int) -> list[State]:
    """Every position of a game between heuristic bots."""
    state = gametable.load_game("keezbord").new_game(players, seed=seed)
    bots = [make_bot("heuristic", seed=seed + s) for s in range(players)]
    out = [state.clone()]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].act(state, seat), seat)
        out.append(state.clone())
    return out


def test_keezbord_team_evaluation_reads_the_lead_per_partner_KB065_KB066() -> None:
    evaluate = heuristic_for("keezbord").evaluate
    assert evaluate is not None
    # positions where one team leads by more than a lone seat's sure-win margin, but by less
    # than two partners' (each partner's share of the lead within a lone seat's range)
    found = 0
    for seed in (1, 2):
        for state in positions(4, seed):
            leads = team_scores(state.view(None))
            if not any(EVAL_SCALE / 2 < abs(d) < EVAL_SCALE for d in leads):
                continue
            found += 1
            values = evaluate(state)
            for lead, value in zip(leads, values, strict=True):
                assert value == 0.5 + lead / (2 * EVAL_SCALE)
                assert 0.0 < value < 1.0  # not saturated: moves can still be told apart
            assert values[0] == values[2] and values[1] == values[3]  # partners share it
    assert found >= 10


def test_keezbord_two_player_evaluation_reads_a_seats_lead_whole() -> None:
    evaluate = heuristic_for("keezbord").evaluate
    assert evaluate is not None
    for state in positions(2, 1):
        leads = team_scores(state.view(None))
        expected = [min(1.0, max(0.0, 0.5 + d / EVAL_SCALE)) for d in leads]
        assert list(evaluate(state)) == expected
