"""2 - CONSTRUCTIONS: where, what, costs, plots, removal, markets and pyramid limits."""

from __future__ import annotations

import pytest

from gametable.core.errors import IllegalAction, InvalidState
from tests.balam.helpers import legal, plot_texts, position


def paid(riches=None, sites=None, seat=0, players=2):
    """A state where ``seat`` has paid the turn's riches and may build, attack or pass."""
    kings = [{"riches": {"maize": 6}} for _ in range(players)]
    chest = {"maize": 1}
    for name, n in (riches or {}).items():
        chest[name] = chest.get(name, 0) + n
    kings[seat] = {"riches": chest}
    state = position(players, kings=kings, sites=sites, current=seat)
    state.apply("pay maize")
    return state


def test_the_king_pays_from_his_sheet_never_from_the_board():
    """BA-090 BA-091: construction is paid from the king sheet; riches in reserves or garrisons
    cannot pay."""
    state = paid({}, sites={"a2": {"owner": 0, "plots": ["reserve:jade", "village"]}})
    assert not any(a.startswith("build") for a in legal(state))
    with pytest.raises(IllegalAction, match="costs 1 riches"):
        state.apply("build village a2.2")


def test_build_on_own_or_free_sites_only():
    """BA-092 BA-094: on his own site or on one nobody holds; a new site gets his large
    pyramid."""
    state = paid({"maize": 3}, sites={"b2": {"owner": 1, "plots": ["village"]}})
    with pytest.raises(IllegalAction, match="belongs to seat 1") as err:
        state.apply("build village b2.1")
    assert err.value.rule.section == "2 - CONSTRUCTIONS"
    state.apply("build village a2.0")
    state.apply("pay maize")
    assert state.view(None)["sites"]["a2"]["owner"] == 0


def test_several_buildings_on_one_site_but_one_site_per_turn():
    """BA-093 BA-095: several buildings on the same site in one turn, never on two sites."""
    state = paid({"maize": 4})
    play = state.apply
    play("build village a2.0")
    play("pay maize")
    play("build garrison a2.1")
    play("pay maize")
    with pytest.raises(IllegalAction, match="one site per turn"):
        play("build village b2.0")
    assert all(a in ("end",) or " a2." in a for a in legal(state))
    play("end")
    assert plot_texts(state.view(None)["sites"]["a2"])[:2] == ["village", "garrison"]


def test_plots_and_palaces_taking_two_adjacent_plots():
    """BA-096 BA-099: a site has 2 to 4 plots; palace and temple take two adjacent plots."""
    state = paid({"maize": 6})
    with pytest.raises(IllegalAction, match="last of this site"):
        state.apply("build palace a3.2")  # a3 has 3 plots in a row
    state.apply("build palace a2.3")  # a2 has 4 plots in a square: 3 touches 0
    state.apply("pay maize")
    state.apply("pay maize")
    assert plot_texts(state.view(None)["sites"]["a2"]) == ["+", None, None, "palace"]
    state.apply("build village a2.2")
    state.apply("pay maize")
    with pytest.raises(IllegalAction, match="also covers plot 2"):
        state.apply("build temple a2.1")
    with pytest.raises(IllegalAction, match="already built"):
        state.apply("build village a2.0")


def test_removing_buildings_while_modifying():
    """BA-097 BA-098: buildings may be removed free of charge to build others in their place;
    there is no way to move a building."""
    sites = {"a2": {"owner": 0, "plots": ["village", "village"]}}
    state = paid({"jade": 1}, sites=sites)
    state.apply("remove a2.1")
    assert state.view(0)["kings"][0]["riches"] == {"jade": 1}
    state.apply("build observatory a2.1")
    assert plot_texts(state.view(None)["sites"]["a2"])[:2] == ["village", "observatory"]
    with pytest.raises(IllegalAction):
        state.apply("remove b2.0")
    assert not any(a.startswith("move") for a in legal(state))


@pytest.mark.parametrize(
    ("kind", "cost", "chest_after"),
    [
        ("village", {"cacao": 1}, {}),
        ("garrison", {"prisoner": 1}, {}),
        ("palace", {"jade": 1, "shell": 1}, {}),
        ("temple", {"obsidian": 2}, {}),
    ],
)
def test_base_buildings_cost_any_riches(kind, cost, chest_after):
    """BA-100 BA-101 BA-103 BA-104 BA-106 BA-107 BA-109 BA-110 BA-114 BA-238: village and
    garrison cost 1 riches of any type, palace and temple 2 (prisoners included)."""
    state = paid(cost)
    state.apply(f"build {kind} a2.0")
    assert state.phase == "cost"
    for name, n in cost.items():
        for _ in range(n):
            state.apply(f"pay {name}")
    assert state.phase == "act"
    assert state.view(0)["kings"][0]["riches"] == chest_after


@pytest.mark.parametrize(
    ("kind", "riches"),
    [
        ("reserve", "maize"),
        ("market", "cacao"),
        ("observatory", "jade"),
        ("court", "shell"),
    ],
)
def test_special_buildings_need_their_riches(kind, riches):
    """BA-115 BA-119 BA-120 BA-126 BA-127 BA-129 BA-130 BA-132: reserve 1 maize, market 1
    cacao, observatory 1 jade, ball court 1 shell."""
    state = paid({"obsidian": 3})
    with pytest.raises(IllegalAction, match=f"costs 1 {riches}"):
        state.apply(f"build {kind} a3.0")
    state = paid({riches: 1})
    state.apply(f"build {kind} a3.0")
    assert state.phase == "act"
    assert state.view(0)["kings"][0]["riches"] == {}


def test_a_market_places_small_pyramids_on_its_site_and_neighbours():
    """BA-120 BA-121 BA-122: one small pyramid on the site and one on each neighbour, friendly,
    hostile or neutral."""
    state = paid({"cacao": 1}, sites={"c2": {"owner": 1, "plots": ["village"]}})
    state.apply("build market b2.0")
    sites = state.view(None)["sites"]
    for name in ("b2", "a2", "c2", "b1", "b3"):
        assert sites[name]["pyramids"] == [1, 0]
    assert "pyramids" not in sites["a1"]


def test_no_market_without_enough_small_pyramids():
    """BA-124: a king without enough small pyramids cannot build a market."""
    # markets on c2 (5 pyramids) and on the corners a1 and e6 (3 each) use 11 of 15
    sites = {
        "c2": {"owner": 0, "plots": ["market"]},
        "a1": {"owner": 0, "plots": ["market"]},
        "e6": {"owner": 0, "plots": ["market"]},
    }
    state = paid({"cacao": 1}, sites=sites)
    assert "build market a6.0" in legal(state)  # a corner needs 3
    with pytest.raises(IllegalAction, match="small pyramids"):
        state.apply("build market d3.0")  # needs 5, 4 left


def test_the_small_pyramid_on_the_score_track_is_not_for_markets():
    """BA-037 BA-124 BA-009: of a king's 16 small pyramids one marks his score from the setup, so
    15 go to markets: with 13 on the board, a market needing 3 more (a 16th) is refused."""
    sites = {
        "c2": {"owner": 0, "plots": ["market"]},
        "c4": {"owner": 0, "plots": ["market"]},
        "a1": {"owner": 0, "plots": ["market"]},
    }
    state = paid({"cacao": 1}, sites=sites)
    assert not any(a.startswith("build market") for a in legal(state))
    with pytest.raises(IllegalAction, match="you have 2 of your 15 left") as info:
        state.apply("build market a6.0")
    assert "BA-037" in info.value.rule.statements
    assert state.view(0)["pyramids_left"][0] == {"large": 9, "small": 2}


def test_a_lost_market_takes_its_pyramids_away():
    """BA-125: when a market is lost its small pyramids are removed."""
    sites = {"b2": {"owner": 0, "plots": ["market", "village"]}}
    state = paid({}, sites=sites)
    state.apply("remove b2.0")
    assert all("pyramids" not in s for s in state.view(None)["sites"].values())


def test_twelve_large_pyramids():
    """BA-009 BA-010 BA-037: a king's set has 13 large pyramids but one marks his score on the
    track from the setup, so he holds at most 12 sites, one large pyramid each."""
    names = ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3"]
    sites = {n: {"owner": 0, "plots": ["village"]} for n in names}
    state = paid({"maize": 2}, sites=sites)
    assert not any(" c3." in a for a in legal(state))
    with pytest.raises(IllegalAction, match="12 large pyramids") as info:
        state.apply("build village c3.0")
    assert info.value.rule.clarification and "BA-037" in info.value.rule.statements
    state.apply("build village a1.1")


def test_a_thirteenth_city_cannot_be_written_in_a_position():
    """BA-037 BA-009: a position giving a king 13 cities is refused (one large pyramid is on
    the score track)."""
    names = ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3"]
    sites = {n: {"owner": 0, "plots": ["village"]} for n in names}
    with pytest.raises(InvalidState, match="only 12 large pyramids"):
        position(2, sites=sites)


def test_building_tiles_run_out():
    """BA-012 BA-013: 99 double-sided tiles; all 22 market/reserve tiles built means no more
    reserves or markets."""
    names = [f"{c}{r}" for r in range(1, 7) for c in "abcde"]
    sites = {}
    left = 22
    for n in names[2:]:
        if left:
            k = min(left, 2)
            sites[n] = {"owner": 1, "plots": ["reserve"] * k}
            left -= k
    state = paid({"maize": 2}, sites=sites)
    with pytest.raises(IllegalAction, match="market/reserve tiles"):
        state.apply("build reserve a1.0")


def test_a_palace_needs_the_next_plot_as_our_plot_layout_reads():
    """BA-096 BA-099: plots lie in a row (a 4-plot site a 2 x 2 square): on a 3-plot site a
    palace cannot be anchored on the last plot; the refusal rests on our reading of the plots'
    layout (a clarification), while a 4-plot site's palace on plot 3 covers plots 3 and 0."""
    state = paid({"maize": 2}, sites={"a3": {"owner": 0, "plots": ["village"]}})
    with pytest.raises(IllegalAction, match="last of this site") as err:
        state.apply("build palace a3.2")  # a3 has 3 plots
    assert err.value.rule.clarification
    state.apply("build palace a2.3")  # a2 has 4 plots
    assert plot_texts(state.view(None)["sites"]["a2"]) == ["+", None, None, "palace"]
