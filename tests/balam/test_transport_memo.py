"""The transport memo (``reach_from``) answers as the search itself (``transport.reach``) in any
order of questions: one search fills the answer of every site it reaches."""

from __future__ import annotations

import random

import gametable
from gametable.games.balam.transport import reach


def test_the_memo_answers_as_the_search_for_every_site_and_order() -> None:
    rng = random.Random(3)
    for players in (2, 4):
        state = gametable.load_game("balam").new_game(players, seed=1)
        board = state.board
        sites = list(board.sites)
        for _ in range(200):
            state.reach_memo = {}
            open_sites = rng.getrandbits(len(sites))
            rng.shuffle(sites)
            for site in sites:
                expected = reach(board, open_sites, site)
                assert state.reach_from(0, site, open_sites) == expected, (open_sites, site)


def test_the_board_paths_go_both_ways() -> None:
    """What the memo relies on: a site is its neighbours' neighbour."""
    board = gametable.load_game("balam").new_game(2, seed=1).board
    for s in board.sites:
        for t in board.neighbours[s]:
            assert s in board.neighbours[t]
