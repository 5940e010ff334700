"""3 - WARS: the last war's record (the view's ``last_war``) says what the war changed on the
board (the garrisons lost to skulls, the buildings destroyed with their riches and market
pyramids, the prisoners taken or lost, the cities left to no one) and who won, the same for
every seat, and survives a position's JSON round trip."""

from __future__ import annotations

import pytest

from gametable.core.errors import InvalidState
from tests.balam.helpers import EXAMPLES, GAME, play, position

#: the rulebook's war example (BA-157), with a second obsidian on the attacker's garrisons
EXAMPLE_SITES = {
    "beach": {"owner": 0, "plots": ["garrison:obsidian", "garrison:obsidian", "reserve"]},
    "town": {"owner": 1, "plots": ["garrison:obsidian", "garrison", "garrison", "village"]},
}


def fallen(site, plot, building, owner, riches=(), pyramids=0):
    return {
        "site": site,
        "plot": plot,
        "building": building,
        "owner": owner,
        "riches": list(riches),
        "pyramids": pyramids,
    }


def example_war():
    """Purple (seat 0) attacks grey from beach with 2 garrisons and 1 obsidian; grey keeps his
    obsidian; the dice show 3 and a skull (attack 4, defence 3)."""
    state = position(
        2,
        sites=EXAMPLE_SITES,
        kings=[{"riches": {"maize": 1}}, {}],
        options={"board": EXAMPLES},
        dice=["3", "X"],
    )
    play(state, "pay maize", "attack beach>town 2 1")
    state.apply("defend 0", 1)
    return state


def war(sites, faces, garrisons=1):
    """Seat 0 attacks b2 from a2 on the default board; every die shows ``faces``."""
    state = position(2, sites=sites, kings=[{"riches": {"maize": 1}}, {}], options={"faces": faces})
    play(state, "pay maize", f"attack a2>b2 {garrisons} 0")
    return state


def last_war(state):
    """The last war as every seat sees it (checked to be the same for all: it is public)."""
    seen = [state.view(seat)["last_war"] for seat in (None, *range(state.players))]
    assert all(x == seen[0] for x in seen)
    return seen[0]


def test_the_rulebook_example_records_the_garrison_lost_the_building_destroyed_and_the_winner():
    """BA-143 BA-144 BA-150 BA-152 BA-153 BA-157: the skull costs purple the garrison he
    chooses (with its obsidian), he destroys the grey garrison he chooses (with its obsidian)
    and puts the prisoner on his free garrison; purple won. Until the war is over, the record
    holds what has happened so far and no winner."""
    state = example_war()
    during = last_war(state)
    assert (during["winner"], during["lost"], during["destroyed"]) == (None, [], [])
    state.apply("lose beach.1")
    during = last_war(state)
    assert during["lost"] == [fallen("beach", 1, "garrison", 0, ["obsidian"])]
    assert (during["winner"], during["destroyed"]) == (None, [])
    state.apply("destroy town.0")
    assert state.phase == "turn"
    report = last_war(state)
    assert report["winner"] == 0
    assert report["lost"] == [fallen("beach", 1, "garrison", 0, ["obsidian"])]
    assert report["destroyed"] == [fallen("town", 0, "garrison", 1, ["obsidian"])]
    assert (report["prisoners"], report["prisoners_lost"]) == ([{"site": "beach", "plot": 0}], 0)
    assert report["devastated"] == []
    assert state.view(None)["sites"]["beach"]["plots"][0]["riches"] == "prisoner"


def test_the_defender_wins_when_nothing_is_destroyed():
    """BA-148 BA-149: attack 0 against defence 1: nothing happens, the defender won."""
    sites = {"a2": {"owner": 0, "plots": ["garrison"]}, "b2": {"owner": 1, "plots": ["garrison"]}}
    report = last_war(war(sites, faces="0,0,0,0,0,0"))
    assert report["winner"] == 1
    assert (report["destroyed"], report["lost"], report["prisoners"]) == ([], [], [])
    assert (report["prisoners_lost"], report["devastated"]) == (0, [])


def test_a_point_too_few_for_a_temple_destroys_nothing_and_the_defender_wins():
    """BA-151: 1 destruction point and only a temple to destroy: nothing goes, the defender
    won (a war is won by destroying; docs/rules/balam.md, "3 - WARS")."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison"]},
        "b2": {"owner": 1, "plots": ["temple", "+"]},
    }
    report = last_war(war(sites, faces="1,1,1,1,1,1"))
    assert report["attack"] - report["defence"] == 1
    assert (report["winner"], report["destroyed"]) == (1, [])


def test_destroyed_buildings_are_recorded_with_their_riches_and_market_pyramids():
    """BA-152 BA-153 BA-159: the reserve goes with its jade, the market with its small
    pyramids (on its city and each neighbouring one); every building is a prisoner on a free
    garrison; b2 lost its last building and belongs to no one."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison", "garrison", "garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["reserve:jade", "market", "village"]},
    }
    state = war(sites, faces="3,3,3,3,3,3")
    report = last_war(state)
    neighbours = next(s for s in state.view(None)["board"]["sites"] if s["id"] == "b2")
    assert report["destroyed"] == [
        fallen("b2", 0, "reserve", 1, ["jade"]),
        fallen("b2", 1, "market", 1, pyramids=1 + len(neighbours["neighbours"])),
        fallen("b2", 2, "village", 1),
    ]
    assert report["prisoners"] == [{"site": "a2", "plot": p} for p in range(3)]
    assert report["prisoners_lost"] == 0
    assert (report["devastated"], report["winner"]) == (["b2"], 0)


def test_prisoners_with_no_free_garrison_are_recorded_as_lost():
    """BA-153 BA-154: the attacking city's garrisons all hold obsidian: the three prisoners
    are lost."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison:obsidian", "garrison:obsidian"]},
        "b2": {"owner": 1, "plots": ["village", "village", "village"]},
    }
    report = last_war(war(sites, faces="3,3,3,3,3,3"))
    assert len(report["destroyed"]) == 3
    assert (report["prisoners"], report["prisoners_lost"]) == ([], 3)


def test_an_attacking_city_emptied_by_the_skulls_is_recorded_as_devastated():
    """BA-143 BA-159: the skull takes the attacker's only building: his city belongs to no one,
    and with nothing destroyed the defender won."""
    sites = {"a2": {"owner": 0, "plots": ["garrison"]}, "b2": {"owner": 1, "plots": ["village"]}}
    state = war(sites, faces="X,X,X,X,X,X")
    report = last_war(state)
    assert report["lost"] == [fallen("a2", 0, "garrison", 0)]
    assert (report["devastated"], report["winner"], report["destroyed"]) == (["a2"], 1, [])
    assert state.view(None)["sites"]["a2"]["owner"] is None


def test_a_catastrophe_after_a_war_leaves_its_record_alone():
    """BA-188 (Toltec raid): the garrisons a catastrophe takes are not the last war's."""
    sites = {"a2": {"owner": 0, "plots": ["village", "garrison", "garrison", "garrison"]}}
    data = position(
        2, sites=sites, slots=["toltec_raid", "exceptional", "exceptional"], kings=[{}, {}]
    ).to_json()
    data["last_war"] = {
        "source": "b2",
        "target": "a2",
        "attacker": 1,
        "defender": 0,
        "garrisons": 1,
        "defence_garrisons": 3,
        "attack": 0,
        "defence": 3,
        "skulls": 0,
        "winner": 0,
    }
    state = GAME.state_from_json(data)
    before = last_war(state)
    play(state, "katun 0", "lose a2.1", "lose a2.2")
    assert last_war(state) == before


def test_the_record_survives_a_json_round_trip_and_older_positions_still_load():
    """A position keeps the whole record; one written before it was recorded (no ``winner``,
    ``destroyed``, ...) loads with nothing recorded and the winner unknown (null)."""
    state = example_war()
    play(state, "lose beach.1", "destroy town.0")
    data = state.to_json()
    assert GAME.state_from_json(data).view(None) == state.view(None)
    older = {k: v for k, v in data["last_war"].items() if k in OLD_KEYS}
    old = GAME.state_from_json({**data, "last_war": older}).view(None)["last_war"]
    assert {k: old[k] for k in OLD_KEYS} == {k: last_war(state)[k] for k in OLD_KEYS}
    assert old["winner"] is None and old["destroyed"] == old["lost"] == old["prisoners"] == []


OLD_KEYS = (
    "source",
    "target",
    "attacker",
    "defender",
    "garrisons",
    "attack_obsidian",
    "defence_garrisons",
    "defence_obsidian",
    "attack",
    "defence",
    "skulls",
)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"winner": 1}, "winner is the attacker if he destroyed a building"),
        ({"destroyed": [fallen("beach", 2, "reserve", 0)]}, "buildings of the defender's"),
        ({"lost": [fallen("beach", 2, "reserve", 0)]}, "one garrison of the attacker's"),
        ({"prisoners": ["beach.0", "beach.1"]}, "at most one per building destroyed"),
        ({"devastated": ["coast"]}, "only the two cities at war"),
        ({"destroyed": [fallen("town", 7, "village", 1)]}, "between 0 and 3"),
        ({"destroyed": [fallen("town", 3, "lake", 1)]}, "is not a building"),
    ],
)
def test_positions_with_an_impossible_war_record_are_refused(change, message):
    """BA-143 BA-150 BA-153 BA-159: what the record says the war changed must fit the war."""
    state = example_war()
    play(state, "lose beach.1", "destroy town.0")
    data = state.to_json()
    data["last_war"] = {**data["last_war"], **change}
    with pytest.raises(InvalidState, match=message):
        GAME.state_from_json(data)
