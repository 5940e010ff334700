"""The games and player counts the adapter suites run over: every registered game, every count."""

from __future__ import annotations

import gametable


def game_cases() -> list[tuple[str, int]]:
    return [
        (name, players)
        for name in gametable.game_names()
        for players in gametable.load_game(name).player_counts
    ]


def smallest_cases() -> list[tuple[str, int]]:
    return [(name, gametable.load_game(name).min_players) for name in gametable.game_names()]


def case_id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"
