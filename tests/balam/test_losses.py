"""The loser chooses what he loses ("3 - WARS", "4 - KATUN > NEGATIVE EVENTS"): whenever the
candidates differ in site, riches or what they leave room for (buildings never move, so the plot
freed decides where a palace or temple can later stand), the seat chooses with ``lose``; the
engine decides only when every choice leaves the same position, the plots' numbering aside."""

from __future__ import annotations

import pytest

from gametable.core.errors import IllegalAction
from gametable.games.balam.board import plot_symmetries, second_of
from tests.balam.helpers import legal, play, plot_texts, position


def skulls(sites, skulls_rolled=1, riches=None):
    """Seat 0 attacks b2 from a2 with ``skulls_rolled`` garrisons; every die shows a skull."""
    kings = [{"riches": {"maize": 1, **(riches or {})}}, {}]
    state = position(2, sites=sites, kings=kings, options={"faces": "X,X,X,X,X,X"})
    play(state, "pay maize", f"attack a2>b2 {skulls_rolled} 0")
    return state


def attack_from_a1(sites):
    """Seat 0 attacks b1 from the corner a1 (2 plots) with 1 garrison; the die shows a skull."""
    kings = [{"riches": {"maize": 1}}, {}]
    state = position(2, sites=sites, kings=kings, options={"faces": "X,X,X,X,X,X"})
    play(state, "pay maize", "attack a1>b1 1 0")
    return state


def catastrophe(card, sites):
    slots = [card, "exceptional", "exceptional"]
    state = position(2, sites=sites, slots=slots, kings=[{}, {}])
    state.apply("katun 0")
    return state


def test_the_attacker_chooses_the_garrison_that_keeps_room_for_a_palace():
    """BA-143 BA-099 BA-098 (the issue's example): a2 holds village, garrison, garrison and an
    empty plot; one skull.  Losing plot 2 leaves plots 2-3 free for a palace, losing plot 1
    leaves no two touching plots: the attacker chooses, and a palace can then stand there."""
    sites = {
        "a2": {"owner": 0, "plots": ["village", "garrison", "garrison", None]},
        "b2": {"owner": 1, "plots": ["village"]},
    }
    state = skulls(sites, riches={"jade": 3})
    assert state.phase == "lose" and state.to_move == (0,)
    assert legal(state) == {"lose a2.1", "lose a2.2"}
    other = state.clone()
    state.apply("lose a2.2")
    assert plot_texts(state.view(None)["sites"]["a2"]) == ["village", "garrison", None, None]
    play(state, "katun 0")  # seat 1's turn (an Exceptional Katun)
    state.apply("pay jade")
    assert "build palace a2.2" in legal(state)
    other.apply("lose a2.1")
    play(other, "katun 0", "pay jade")
    assert not any(a.startswith(("build palace a2", "build temple a2")) for a in legal(other))


def test_the_riches_on_a_garrison_make_a_difference():
    """BA-143 BA-144: a garrison holding a riches and an empty one are not alike (a1 is a
    2-plot site)."""
    sites = {
        "a1": {"owner": 0, "plots": ["garrison:obsidian", "garrison"]},
        "b1": {"owner": 1, "plots": ["village"]},
    }
    state = attack_from_a1(sites)
    assert legal(state) == {"lose a1.0", "lose a1.1"}
    state.apply("lose a1.1")
    assert plot_texts(state.view(None)["sites"]["a1"]) == ["garrison:obsidian", None]


def test_no_question_when_every_choice_leaves_the_same_position():
    """BA-143: two bare garrisons filling a 2-plot site leave the same site whichever goes (a
    lone free plot, no palace room either way): the engine takes one, no ``lose`` is asked.
    Likewise four bare garrisons on a 4-plot site (a 2 x 2 square: every corner alike)."""
    sites = {
        "a1": {"owner": 0, "plots": ["garrison", "garrison"]},
        "b1": {"owner": 1, "plots": ["village"]},
    }
    state = attack_from_a1(sites)
    assert state.phase == "turn" and state.to_move == (1,)
    assert plot_texts(state.view(None)["sites"]["a1"]) == [None, "garrison"]
    square = {
        "a2": {"owner": 0, "plots": ["garrison"] * 4},
        "b2": {"owner": 1, "plots": ["village"]},
    }
    state = skulls(square)
    assert state.phase == "turn"
    assert plot_texts(state.view(None)["sites"]["a2"]) == [None, "garrison", "garrison", "garrison"]


def test_three_garrisons_in_a_row_are_not_alike():
    """BA-143 BA-099: on a 3-plot site the middle plot is not an end plot: losing an end keeps
    two touching plots for a later palace once another goes, losing the middle does not.  The
    two ends are alike, but the middle differs, so the attacker chooses among all three."""
    sites = {
        "a2": {"owner": 0, "plots": ["village"]},
        "b1": {"owner": 0, "plots": ["garrison", "garrison", "garrison"]},
        "c1": {"owner": 1, "plots": ["village"]},
    }
    kings = [{"riches": {"maize": 1}}, {}]
    state = position(2, sites=sites, kings=kings, options={"faces": "X,X,X,X,X,X"})
    play(state, "pay maize", "attack b1>c1 1 0")
    assert legal(state) == {"lose b1.0", "lose b1.1", "lose b1.2"}


def test_each_skull_is_a_choice_of_its_own():
    """BA-143: two skulls, three bare garrisons and a village on a 4-plot site: the first loss
    is chosen, and the second too while what remains differs."""
    sites = {
        "a2": {"owner": 0, "plots": ["village", "garrison", "garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["village"]},
    }
    state = skulls(sites, skulls_rolled=2)
    # losing plot 1 or plot 3 (mirror images across the village) differs from losing plot 2
    assert legal(state) == {"lose a2.1", "lose a2.2", "lose a2.3"}
    state.apply("lose a2.3")
    assert legal(state) == {"lose a2.1", "lose a2.2"}
    state.apply("lose a2.2")
    assert plot_texts(state.view(None)["sites"]["a2"]) == ["village", "garrison", None, None]
    assert state.phase == "turn"


def test_the_toltec_raid_lets_the_king_choose_his_garrisons():
    """BA-188 (Toltec raid: lose 2 garrisons): the same choice as a war's losses."""
    sites = {"a2": {"owner": 0, "plots": ["village", "garrison", "garrison", "garrison"]}}
    state = catastrophe("toltec_raid", sites)
    assert state.phase == "lose"
    assert legal(state) == {"lose a2.1", "lose a2.2", "lose a2.3"}
    with pytest.raises(IllegalAction, match="not one of the buildings you owe") as info:
        state.apply("lose a2.0")
    assert "BA-168" in info.value.rule.statements
    play(state, "lose a2.1", "lose a2.2")
    assert plot_texts(state.view(None)["sites"]["a2"]) == ["village", None, None, "garrison"]


def test_a_catastrophe_decides_alone_when_the_choices_are_alike():
    """BA-185 (Insurrection: lose 1 palace): two palaces filling a 4-plot site leave the same
    site whichever goes; BA-184 (Drought: lose 2 villages) with villages on two sites asks."""
    sites = {"a2": {"owner": 0, "plots": ["palace", "+", "palace", "+"]}}
    state = catastrophe("insurrection", sites)
    assert state.phase == "turn" and state.to_move == (1,)
    assert plot_texts(state.view(None)["sites"]["a2"]) == [None, None, "palace", "+"]
    sites = {
        "a2": {"owner": 0, "plots": ["village", "village"]},
        "b3": {"owner": 0, "plots": ["village"]},
    }
    state = catastrophe("drought", sites)
    assert legal(state) == {"lose a2.0", "lose a2.1", "lose b3.0"}


@pytest.mark.parametrize("plots", [2, 3, 4])
def test_plot_symmetries_keep_which_plots_a_palace_covers(plots):
    """BA-096 BA-099: a renumbering of a site's plots counts as the same site only if every
    palace or temple place maps to a palace or temple place."""
    pairs = {frozenset((p, q)) for p in range(plots) if (q := second_of(plots, p)) is not None}
    symmetries = plot_symmetries(plots)
    assert tuple(range(plots)) in symmetries
    assert len(symmetries) == {2: 2, 3: 2, 4: 8}[plots]
    for sigma in symmetries:
        assert {frozenset(sigma[p] for p in pair) for pair in pairs} == pairs
