"""3 - WARS: attacks, obsidian, dice, losses, destruction, prisoners, devastated cities."""

from __future__ import annotations

import pytest

from gametable.core.errors import IllegalAction, InvalidState
from tests.balam.helpers import EXAMPLES, GAME, legal, plot_texts, position, rng_rolling


def war(sites, faces="3,3,3,3,3,3", riches=None, rng=None, players=2, options=None):
    """Seat 0 has paid the turn's riches and may attack."""
    kings = [{"riches": {"maize": 1, **(riches or {})}}] + [{} for _ in range(players - 1)]
    state = position(
        players, sites=sites, kings=kings, rng=rng, options={"faces": faces, **(options or {})}
    )
    state.apply("pay maize")
    return state


def test_the_rulebook_war_example():
    """BA-157 BA-146 BA-148: purple (2 garrisons, 1 obsidian, on the seashore) attacks grey
    (3 garrisons, 1 obsidian) using his obsidian; grey keeps his; the dice show 3 and a skull:
    attack 3 + 1 = 4 against defence 3; purple loses a garrison (and the obsidian spent), grey
    loses one building, and purple wins 1 prisoner."""
    sites = {
        "beach": {"owner": 0, "plots": ["garrison:obsidian", "garrison", "reserve"]},
        "town": {"owner": 1, "plots": ["garrison:obsidian", "garrison", "garrison", "village"]},
    }
    state = position(
        2,
        sites=sites,
        kings=[{"riches": {"maize": 1}}, {}],
        options={"board": EXAMPLES},
        rng=rng_rolling(3, -1),
    )
    state.apply("pay maize")
    state.apply("attack beach>town 2 1")
    assert state.to_move == (1,) and state.phase == "defend"
    assert legal(state, 1) == {"defend 0", "defend 1"}
    state.apply("defend 0", 1)
    view = state.view(None)
    assert view["last_roll"] == ["3", "X"]
    assert any("attack 4, defence 3" in line for line in view["log"])
    # the skull: the attacker chooses which of his two garrisons goes (the one that spent its
    # obsidian, or the other: the plot left free differs)
    assert state.phase == "lose" and legal(state) == {"lose beach.0", "lose beach.1"}
    state.apply("lose beach.0")
    assert state.phase == "destroy"
    assert legal(state) == {"destroy town.0", "destroy town.1", "destroy town.2", "destroy town.3"}
    state.apply("destroy town.3")  # the village
    sites = state.view(None)["sites"]
    assert plot_texts(sites["beach"]) == [None, "garrison:prisoner", "reserve"]
    assert plot_texts(sites["town"]) == ["garrison:obsidian", "garrison", "garrison", None]
    assert state.to_move == (1,) and state.phase == "turn"


def test_attack_from_a_city_with_a_garrison_against_a_neighbouring_enemy_city():
    """BA-062 BA-134: one attack, from one city holding a garrison, on an enemy city at the end
    of a path; never on a free or own site, nor from a city without garrison."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison"]},
        "b2": {"owner": 1, "plots": ["village"]},
        "a3": {"owner": 0, "plots": ["village"]},
        "b3": {"owner": 1, "plots": ["village"]},
        "d4": {"owner": 1, "plots": ["village"]},
    }
    state = war(sites)
    attacks = {a for a in legal(state) if a.startswith("attack")}
    assert attacks == {"attack a2>b2 1 0"}
    for bad, reason in (
        ("attack a3>b3 1 0", "garrisons"),
        ("attack a2>d4 1 0", "end of a path"),
        ("attack a2>a3 1 0", "enemy city"),
    ):
        with pytest.raises(IllegalAction, match=reason) as err:
            state.apply(bad)
        assert err.value.rule.section == "3 - WARS"


def test_no_attack_after_building_and_only_one_per_turn():
    """BA-134: one attack and only one, instead of building."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["village", "village", "village"]},
    }
    state = war(sites, riches={"jade": 1})
    state.apply("build observatory a2.2")
    with pytest.raises(IllegalAction, match="one attack"):
        state.apply("attack a2>b2 1 0")
    state = war(sites, faces="0,0,0,0,0,0")
    state.apply("attack a2>b2 1 0")
    assert state.to_move == (1,) and state.phase == "turn"


def test_committed_garrisons_and_obsidian():
    """BA-135 BA-136 BA-137 BA-138 BA-141: the attacker commits up to his city's garrisons,
    rolls one die each, and chooses to spend obsidian, which is lost whatever happens."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison:obsidian", "garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["village", "village", "village"]},
    }
    state = war(sites, faces="0,0,0,0,0,0")
    attacks = {a for a in legal(state) if a.startswith("attack")}
    assert attacks == {
        "attack a2>b2 1 0",
        "attack a2>b2 1 1",
        "attack a2>b2 2 0",
        "attack a2>b2 2 1",
        "attack a2>b2 3 0",
        "attack a2>b2 3 1",
    }
    with pytest.raises(IllegalAction, match="has 3 garrisons"):
        state.apply("attack a2>b2 4 0")
    state.apply("attack a2>b2 2 1")
    assert len(state.view(None)["last_roll"]) == 2
    assert plot_texts(state.view(None)["sites"]["a2"])[0] == "garrison"
    assert state.view(None)["supply"]["obsidian"] == 16


def test_the_defender_chooses_obsidian_from_the_city_and_adjacent_friendly_cities():
    """BA-139 BA-140 BA-147: the defender decides during the attacker's turn; his defence is
    the garrisons of the city and of his adjacent cities, plus obsidian spent."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison", "garrison", "garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["garrison:obsidian", "village"]},
        "c2": {"owner": 1, "plots": ["garrison:obsidian"]},
        "b3": {"owner": 1, "plots": ["garrison"]},
        "d2": {"owner": 1, "plots": ["garrison:obsidian"]},
    }  # not adjacent to b2
    state = war(sites, faces="2,2,2,2,2,2")
    state.apply("attack a2>b2 4 0")
    assert state.to_move == (1,)
    assert legal(state, 1) == {"defend 0", "defend 1", "defend 2"}
    with pytest.raises(IllegalAction):
        state.apply("defend 0", 0)
    state.apply("defend 2", 1)
    assert any("attack 8, defence 5" in line for line in state.view(None)["log"])
    # 3 points: the attacker chooses 3 of the 2 buildings of b2 -> all destroyed
    assert state.view(None)["sites"]["b2"]["owner"] is None
    assert plot_texts(state.view(None)["sites"]["c2"])[0] == "garrison"


def test_nothing_happens_when_the_attack_is_not_stronger():
    """BA-149: attack minus defence zero or less: no building is lost."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison"]},
        "b2": {"owner": 1, "plots": ["garrison", "village"]},
    }
    state = war(sites, faces="1,1,1,1,1,1")
    state.apply("attack a2>b2 1 0")
    assert plot_texts(state.view(None)["sites"]["b2"])[:2] == ["garrison", "village"]


def test_each_skull_costs_the_attacker_a_garrison_of_his_choice():
    """BA-143 BA-144 BA-145: one garrison lost per skull, chosen by the attacker, with the
    riches on it; the defender gets no prisoner for it."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison:prisoner", "garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["garrison", "garrison", "village"]},
    }
    state = war(sites, faces="X,X,X,X,X,X")
    state.apply("attack a2>b2 1 0")
    assert state.phase == "lose"
    assert legal(state) == {"lose a2.0", "lose a2.1", "lose a2.2"}
    state.apply("lose a2.0")
    view = state.view(None)
    assert plot_texts(view["sites"]["a2"])[:3] == [None, "garrison", "garrison"]
    assert view["supply"]["prisoner"] == 10
    assert view["kings"][1]["riches"] == {}


def test_temples_and_palaces_need_two_points():
    """BA-150 BA-151: the attacker chooses what to destroy; a temple or palace costs 2."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["temple", "+", "village"]},
    }
    state = war(sites, faces="1,1,1,1,1,1")  # 1 point: only the village can go
    state.apply("attack a2>b2 1 0")
    assert state.phase == "turn"
    assert plot_texts(state.view(None)["sites"]["b2"]) == ["temple", "+", None]
    state = war(sites, faces="2,2,2,2,2,2")
    state.apply("attack a2>b2 1 0")
    assert legal(state) == {"destroy b2.0", "destroy b2.2"}
    state.apply("destroy b2.0")
    assert plot_texts(state.view(None)["sites"]["b2"]) == [None, None, "village"]


def test_destroyed_buildings_lose_their_riches_and_market_pyramids():
    """BA-152: riches on destroyed reserves or garrisons and their market pyramids go too."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison", "garrison", "garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["reserve:jade", "market", "village"]},
    }
    state = war(sites, faces="3,3,3,3,3,3")
    state.apply("attack a2>b2 1 0")
    view = state.view(None)
    assert view["supply"]["jade"] == 8
    assert all("pyramids" not in s for s in view["sites"].values())


def test_prisoners_go_onto_free_garrisons_of_the_attacking_city():
    """BA-153 BA-154 BA-015: one prisoner per building destroyed, one per garrison; prisoners
    that do not fit in the attacking city are lost."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison", "garrison:obsidian", "garrison"]},
        "b2": {"owner": 1, "plots": ["village", "village", "village"]},
    }
    state = war(sites, faces="3,3,3,3,3,3")
    state.apply("attack a2>b2 1 0")
    view = state.view(None)
    assert plot_texts(view["sites"]["a2"]) == [
        "garrison:prisoner",
        "garrison:obsidian",
        "garrison:prisoner",
        None,
    ]
    assert view["supply"]["prisoner"] == 8


def test_a_devastated_city_can_be_taken_at_once_without_paying_again():
    """BA-159 BA-160: a city that loses its last building belongs to nobody; the attacker may
    build on it straight after the assault without paying the turn's riches again."""
    sites = {"a2": {"owner": 0, "plots": ["garrison"]}, "b2": {"owner": 1, "plots": ["village"]}}
    state = war(sites, riches={"jade": 1})
    state.apply("attack a2>b2 1 0")
    assert state.view(None)["sites"]["b2"]["owner"] is None
    assert state.phase == "act"
    builds = {a for a in legal(state) if a.startswith("build")}
    assert builds and all(" b2." in a for a in builds)
    state.apply("build observatory b2.0")
    assert state.view(None)["sites"]["b2"]["owner"] == 0
    state.apply("end")
    assert state.to_move == (1,)


# -- dice fixed by a position, and the last war's totals in the view (issue 20.6) ------------------
EXAMPLE_SITES = {
    "beach": {"owner": 0, "plots": ["garrison:obsidian", "garrison", "reserve"]},
    "town": {"owner": 1, "plots": ["garrison:obsidian", "garrison", "garrison", "village"]},
}


def test_a_position_fixes_the_next_dice_and_the_view_shows_the_war_totals():
    """BA-141 BA-142 BA-146 BA-147 BA-148: the rulebook's war example set up by hand with its
    dice (3 and a skull) written in the position: the roll shows them, and the view gives the
    battle's totals (attack 3 + 1 = 4, defence 3 garrisons + 0 obsidian = 3, one skull)."""
    state = position(
        2,
        sites=EXAMPLE_SITES,
        kings=[{"riches": {"maize": 1}}, {}],
        options={"board": EXAMPLES},
        dice=["3", "X"],
    )
    assert state.view(None)["last_war"] is None
    assert state.to_json()["dice"] == ["3", "X"]
    state.apply("pay maize")
    state.apply("attack beach>town 2 1")
    state.apply("defend 0", 1)
    view = state.view(1)
    assert view["last_roll"] == ["3", "X"]
    assert view["last_war"] == {
        "source": "beach",
        "target": "town",
        "attacker": 0,
        "defender": 1,
        "garrisons": 2,
        "attack_obsidian": 1,
        "defence_garrisons": 3,
        "defence_obsidian": 0,
        "attack": 4,
        "defence": 3,
        "skulls": 1,
        # the war goes on: the attacker has a garrison to lose, then a building to destroy
        "winner": None,
        "destroyed": [],
        "lost": [],
        "prisoners": [],
        "prisoners_lost": 0,
        "devastated": [],
    }
    assert state.to_json()["dice"] == []  # used up: the next rolls are the RNG's
    # the totals stay in the view (and in positions) after the war, until the next one
    state.apply("lose beach.0")
    state.apply("destroy town.3")
    assert state.phase == "turn" and state.view(0)["last_war"]["attack"] == 4
    again = GAME.state_from_json(state.to_json())
    assert again.view(0)["last_war"] == state.view(0)["last_war"]


def test_fixed_dice_come_before_the_rngs_and_the_rng_takes_over():
    """BA-141: one die per committed garrison; a position may fix fewer dice than are rolled,
    the rest come from the state's RNG (the same rolls as without the fixed dice)."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison", "garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["village", "village", "village"]},
    }
    rng = rng_rolling(1, 2, 1)
    kings = [{"riches": {"maize": 1}}, {}]
    fixed = position(2, sites=sites, kings=kings, rng=rng, dice=["0"])
    plain = position(2, sites=sites, kings=kings, rng=rng)
    for state in (fixed, plain):
        state.apply("pay maize")
        state.apply("attack a2>b2 3 0")
    assert fixed.view(None)["last_roll"] == ["0", "1", "2"]
    assert plain.view(None)["last_roll"] == ["1", "2", "1"]


def test_fixed_dice_are_hidden_like_the_rng():
    """The next rolls are nobody's knowledge: views do not show the fixed dice, and a seat's
    resampled world forgets them (its dice are the new RNG's)."""
    state = position(2, sites=EXAMPLE_SITES, options={"board": EXAMPLES}, dice=["3", "3"])
    plain = position(2, sites=EXAMPLE_SITES, options={"board": EXAMPLES})
    for seat in (None, 0, 1):
        assert state.view(seat) == plain.view(seat)
    assert state.resample(0, 5).to_json()["dice"] == []


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"dice": ["4"]}, "between 0 and 3"),
        ({"dice": ["3"], "options": {"faces": "0,1,1,2,2,X"}}, "not a face of the die"),
        ({"dice": "3 X"}, "must be a list"),
        (
            {
                "last_war": {
                    "source": "a2",
                    "target": "b2",
                    "attacker": 0,
                    "defender": 1,
                    "garrisons": 2,
                    "defence_garrisons": 1,
                    "attack": 4,
                    "defence": 2,
                    "skulls": 0,
                }
            },
            "defence_garrisons \\+ defence_obsidian",
        ),
        (
            {
                "last_roll": ["3", "X"],
                "last_war": {
                    "source": "a2",
                    "target": "b2",
                    "attacker": 0,
                    "defender": 1,
                    "garrisons": 2,
                    "defence_garrisons": 1,
                    "attack": 4,
                    "defence": 1,
                    "skulls": 1,
                },
            },
            "match last_roll",
        ),
    ],
)
def test_positions_with_impossible_dice_or_war_totals_are_refused(extra, message):
    data = position(2).to_json()
    data.update({k: v for k, v in extra.items() if k != "options"})
    data["options"] = {**data["options"], **extra.get("options", {})}
    with pytest.raises(InvalidState, match=message):
        GAME.state_from_json(data)
