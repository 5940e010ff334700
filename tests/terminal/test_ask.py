"""``ask QUESTION`` at the prompt answers from the position (gametable.rulebook.ingame): the short
answer and the sections it rests on; a "why not" question is about the move just refused."""

from __future__ import annotations

import contextlib
import io

from rich.console import Console

import gametable
from gametable.bots import make_bot
from gametable.core.record import Record
from gametable.terminal.session import TerminalGame
from tests.terminal.test_session import Script


def balzakken_session(lines: list[str]) -> tuple[TerminalGame, io.StringIO]:
    state = gametable.load_game("balzakken").new_game(3, seed=3)
    record = Record.of(state)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24)
    bots = {s: make_bot("random", seed=s) for s in (1, 2)}
    return TerminalGame(state, record, bots, console, Script(lines)), out


def missing_card(game: TerminalGame) -> str:
    """A card value the seat to move does not hold."""
    hand = set(game.state.view(game.state.to_move[0])["hand"])
    return next(v for v in map(str, range(-1, 12)) if v not in hand)


def test_ask_what_can_i_do_lists_the_choices_and_the_sections():
    game, out = balzakken_session(["ask what can I do?"])
    with contextlib.suppress(EOFError):
        game.run()
    text = out.getvalue()
    assert "Q: what can I do?" in text
    assert "discard" in text and "Rests on:" in text
    assert not game.record.moves  # a question plays nothing


def test_ask_why_after_a_refusal_explains_that_move():
    probe, _ = balzakken_session([])
    card = missing_card(probe)
    game, out = balzakken_session([f"discard {card}", "ask why can't I do that?"])
    with contextlib.suppress(EOFError):
        game.run()
    text = out.getvalue()
    assert "Refused:" in text
    answer = text.split("Q: why can't I do that?", 1)[1]
    assert "Rests on:" in answer and card in answer


def test_a_question_typed_at_the_move_prompt_is_asked_without_the_ask_command():
    """A line that is no move and reads as a question goes to the rules chat instead of being
    refused as a move; a line that is neither is still 'Not understood'."""
    game, out = balzakken_session(
        ["how many points is the lul worth?", "waarom mag ik niet roepen", "flip the table"]
    )
    with contextlib.suppress(EOFError):
        game.run()
    text = out.getvalue()
    assert "Q: how many points is the lul worth?" in text
    assert "Q: waarom mag ik niet roepen" in text
    assert text.count("Not understood") == 1 and "flip the table" in text
    assert not game.record.moves
