"""Bot specs: ``name`` or ``name:key=value,...``, with clear errors."""

from __future__ import annotations

import pytest

from gametable.bots import HeuristicBot, ISMCTSBot, RandomBot, bot_names, make_bot, parse_bot_spec


def test_parse_spec() -> None:
    assert parse_bot_spec("ismcts:iterations=2000,rollout=random,c=0.5") == (
        "ismcts",
        {"iterations": 2000, "rollout": "random", "c": 0.5},
    )
    assert parse_bot_spec(" heuristic ") == ("heuristic", {})


def test_known_bots() -> None:
    assert {"random", "heuristic", "ismcts"} <= set(bot_names())
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("heuristic", seed=1), HeuristicBot)
    bot = make_bot("ismcts:iterations=2000,depth=0", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 2000 and bot.depth == 0


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (
            "alphazero",
            "unknown bot 'alphazero'; known bots: easy, normal, hard, heuristic, improve, ismcts, random",
        ),
        ("ismcts:iterations", "not of the form key=value"),
        ("ismcts:speed=3", "bad parameters for bot 'ismcts'"),
        ("ismcts:iterations=0", "iterations must be a positive integer"),
        ("ismcts:iterations=1.5", "iterations must be a positive integer"),
        ("ismcts:seconds=-1", "seconds must be a positive number"),
        ("ismcts:rollout=smart", "rollout must be one of random, heuristic, none"),
        ("random:depth=3", "bad parameters for bot 'random'"),
        ("ismcts:draws=0", "draws must be a positive integer"),
        ("hard:draws=65", "draws must be a positive integer of at most 64"),
    ],
)
def test_bad_specs_say_why(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        make_bot(spec)
