"""Every game's state declares its fields once (``gametable.core.statefields``) and is written out
to match them (typed attributes and ``clone``, so that the optional compiled build makes it a
native class): the attributes are the declared fields in order, ``clone`` makes exactly the
assignments the declarations derive, and a copy plays on as its original and apart from it."""

from __future__ import annotations

import inspect

import pytest
from tests.games import shipped_games

import gametable
import gametable.compiled
from gametable.core.protocol import State
from gametable.core.statefields import clone_lines

#: the first two checks read the state class's source (its annotations, the text of ``clone``),
#: which a compiled class does not keep: they run on the pure engines (a compiled build is used
#: only when it was made from exactly the sources they check)
reads_source = pytest.mark.skipif(
    gametable.compiled.engine().compiled,
    reason="reads the state class's source, which the compiled class does not keep",
)


def declaring_class(game: str) -> type:
    """The class of ``game``'s state that holds its declared fields (``_fields_``)."""
    state = gametable.load_game(game).new_game(gametable.load_game(game).min_players, seed=1)
    return next(c for c in type(state).__mro__ if "_fields_" in vars(c))


@reads_source
@pytest.mark.parametrize("game", shipped_games())
def test_attributes_are_the_declared_fields_in_order(game: str) -> None:
    cls = declaring_class(game)
    header = list(inspect.get_annotations(State))
    own = [name for name in inspect.get_annotations(cls) if name != "_fields_"]
    declared = [f.name for f in cls._fields_]  # type: ignore[attr-defined]
    assert header + own == declared
    if "__slots__" in vars(cls):
        assert set(cls.__slots__) == set(declared)


@reads_source
@pytest.mark.parametrize("game", shipped_games())
def test_clone_copies_each_field_as_declared(game: str) -> None:
    """A field added, removed or copied otherwise must be written in ``clone`` too."""
    cls = declaring_class(game)
    source = inspect.getsource(cls.clone)  # type: ignore[attr-defined]
    written = [line.strip() for line in source.splitlines() if line.strip().startswith("new.")]
    assert written == clone_lines(cls._fields_)  # type: ignore[attr-defined]


def play_on(state: State, steps: int, pick: int = 0) -> None:
    """Play ``steps`` moves, each the legal action at ``pick`` (wrapping), until the game ends."""
    for _ in range(steps):
        if not state.to_move:
            return
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(actions[pick % len(actions)], seat)


@pytest.mark.parametrize("game", shipped_games())
def test_clone_is_independent_and_plays_on_identically(game: str) -> None:
    loaded = gametable.load_game(game)
    state = loaded.new_game(max(loaded.min_players, 3) if 3 in loaded.player_counts else 4, seed=11)
    play_on(state, 40, pick=3)
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    play_on(state, 30, pick=-1)
    play_on(copy, 30, pick=-1)
    assert copy.to_json() == state.to_json()
    before = copy.to_json()
    play_on(state, 2_000)
    assert copy.to_json() == before
