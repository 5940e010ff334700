"""5 - PRODUCTION and 6 - DISTRIBUTION: transport, equipment, storage, ceremony, taxes, losses."""

from __future__ import annotations

import random

import pytest

from gametable.core.errors import IllegalAction
from tests.balam.helpers import EXAMPLES, GAME, legal, plot_texts, position

NO_RICHES = [{"riches": {}}, {"riches": {}}]
#: seat 1's city far from the tests' sites, with a riches still to move: a position where seat 0
#: has nothing to move stays in the distribution (a seat with nothing to move is done, and when
#: every seat is done the round is over)
BUSY = {"e5": {"owner": 1, "plots": ["village:maize", "reserve"]}}


def end_round(sites, players=2, kings=None, options=None, current=0):
    """Turn the round's last card (the Eclipse: no Chaak maize) and stop at distribution."""
    state = position(
        players,
        sites=sites,
        kings=kings or [{"riches": {}}] * players,
        slots=[None] * players + ["eclipse"],
        current=current,
        options=options,
    )
    state.apply(f"katun {players}", current)
    return state


def distributing(sites, players=2, done=None):
    """A position in the distribution phase, drawn by hand."""
    return position(
        players,
        sites=sites,
        phase="distribution",
        kings=NO_RICHES[:players],
        slots=[None] * (players + 1),
        distribution={"done": done or [False] * players},
    )


def test_the_rulebook_distribution_example():
    """BA-244 BA-210 BA-211: purple's jade, blocked by grey's market, stays in its city's
    reserve; his shells reach the palace but not the temple; he collects 2 shells, sacrifices
    2 maize (2 points) and loses a shell.  Grey collects 1 cacao and 1 maize, equips a
    garrison and sacrifices 1 prisoner and 1 cacao (5 points)."""
    sites = {
        "coast": {"owner": 0, "plots": ["village", "village"]},
        "bay": {"owner": 0, "plots": ["village", "reserve:prisoner"]},
        "court": {"owner": 0, "plots": ["palace", "+", None]},
        "fields": {"owner": 0, "plots": ["village", "village", "temple", "+"]},
        "jadehill": {"owner": 0, "plots": ["village", "reserve", None]},
        "cacao": {"owner": 1, "plots": ["village", "village", "market"]},
        "plaza": {"owner": 1, "plots": ["village", "palace", "+", None]},
        "forge": {
            "owner": 1,
            "plots": ["village", "garrison:obsidian", "garrison:prisoner", "garrison"],
        },
        "shrine": {"owner": 1, "plots": ["temple", "+", None]},
    }
    state = end_round(sites, options={"board": EXAMPLES})
    assert state.phase == "distribution" and state.to_move == (0, 1)
    produced = state.view(None)["sites"]
    assert plot_texts(produced["coast"]) == ["village:shell", "village:shell"]
    assert plot_texts(produced["jadehill"])[0] == "village:jade"
    assert plot_texts(produced["forge"])[0] == "village:obsidian"
    # purple
    for blocked in ("move bay.0>fields.2", "move jadehill.0>court.0"):
        with pytest.raises(IllegalAction) as err:
            state.apply(blocked, 0)
        assert err.value.rule.section == "6 - DISTRIBUTION > TRANSPORT"
    state.apply("move coast.0>court.0", 0)
    state.apply("move coast.1>court.0", 0)
    with pytest.raises(IllegalAction) as err:
        state.apply("move bay.0>court.0", 0)  # the palace is full
    assert err.value.rule.section == "6 - DISTRIBUTION > TAXES"
    state.apply("move jadehill.0>jadehill.1", 0)
    state.apply("move fields.0>fields.2", 0)
    state.apply("move fields.1>fields.2", 0)
    assert state.to_move == (1,)  # nothing left for purple
    # grey
    state.apply("move cacao.0>plaza.1", 1)
    state.apply("move plaza.0>plaza.1", 1)
    state.apply("move forge.0>forge.3", 1)
    state.apply("move forge.2>shrine.0", 1)
    state.apply("move cacao.1>shrine.0", 1)
    state.apply("done", 1)
    view = state.view(None)
    assert [k["prestige"] for k in view["kings"]] == [2, 5]
    assert view["kings"][0]["riches"] == {"shell": 2}
    assert view["kings"][1]["riches"] == {"maize": 1, "cacao": 1}
    assert plot_texts(view["sites"]["bay"]) == ["village", "reserve:prisoner"]
    assert plot_texts(view["sites"]["jadehill"])[:2] == ["village", "reserve:jade"]
    assert plot_texts(view["sites"]["forge"]) == [
        "village",
        "garrison:obsidian",
        "garrison",
        "garrison:obsidian",
    ]
    assert view["supply"]["shell"] == 6


def test_villages_produce_their_sites_colour():
    """BA-101 BA-193 BA-194 BA-196 BA-197 BA-198 BA-073: one riches of the site's colour on each
    village; prisoners are never produced."""
    sites = {
        "a2": {"owner": 0, "plots": ["village", "village", "reserve"]},
        "b2": {"owner": 1, "plots": ["village", "garrison"]},
        "a3": {"owner": 0, "plots": ["village"]},
    }
    state = end_round(sites)
    view = state.view(None)["sites"]
    assert plot_texts(view["a2"])[:2] == ["village:maize", "village:maize"]
    assert plot_texts(view["b2"])[:2] == ["village:obsidian", "garrison"]
    assert plot_texts(view["a3"])[0] == "village:jade"
    assert state.view(None)["supply"]["prisoner"] == 10


def test_production_short_of_tokens_follows_turn_order():
    """BA-195: when tokens run short, production goes in turn order (from the next round's
    first player)."""
    sites = {
        "a3": {"owner": 0, "plots": ["village", "reserve:jade", "reserve:jade"]},
        "c4": {"owner": 1, "plots": ["village", "reserve:jade", "reserve:jade"]},
        "e4": {"owner": 1, "plots": ["village", "reserve:jade", "reserve"]},
        "a4": {"owner": 0, "plots": ["reserve:jade", "reserve:jade", "reserve"]},
    }
    # 7 jade stored: one left for the two jade villages; seat 1 plays first next round
    state = end_round(sites, current=0)
    view = state.view(None)["sites"]
    assert plot_texts(view["a3"])[0] == "village"
    assert plot_texts(view["c4"])[0] == "village:jade"
    assert plot_texts(view["e4"])[0] == "village"


def test_everyone_distributes_at_once():
    """BA-072 BA-075 BA-201: all players act in the distribution; each says done."""
    sites = {
        "a2": {"owner": 0, "plots": ["village", "reserve"]},
        "e2": {"owner": 1, "plots": ["village", "reserve"]},
    }
    state = end_round(sites)
    assert state.to_move == (0, 1)
    assert "done" in legal(state, 0) and "done" in legal(state, 1)
    state.apply("done", 1)
    assert state.to_move == (0,)
    with pytest.raises(IllegalAction):
        state.apply("move e2.0>e2.1", 1)


def test_destinations_of_riches():
    """BA-203 BA-204 BA-213 BA-216: a riches goes to a temple, a palace, a reserve, or (only
    obsidian) a garrison."""
    sites = {
        "b2": {"owner": 0, "plots": ["village:obsidian", "garrison", "reserve"]},
        "a2": {"owner": 0, "plots": ["village:maize", "garrison", "temple", "+"]},
        "c2": {"owner": 0, "plots": ["palace", "+"]},
    }
    state = distributing(sites)
    moves = {a for a in legal(state, 0) if a.startswith("move a2.0")}
    assert moves == {"move a2.0>a2.2", "move a2.0>b2.2", "move a2.0>c2.0"}
    assert "move b2.0>a2.1" in legal(state, 0) and "move b2.0>b2.1" in legal(state, 0)


def test_riches_travel_any_distance_through_sites_nobody_controls():
    """BA-206: any distance, without owning the sites crossed."""
    sites = {
        "a1": {"owner": 0, "plots": ["village:shell"]},
        "e6": {"owner": 0, "plots": ["reserve"]},
    }
    state = distributing(sites)
    assert "move a1.0>e6.0" in legal(state, 0)


def test_commercial_control_blocks_transport():
    """BA-207 BA-208 BA-209: a site with more enemy small pyramids than yours cannot be crossed;
    a tie on a held site leaves it to its holder (an enemy city without pyramids is closed);
    a tie on a free site is open to the tied kings."""
    # a 2 x 1 corridor: a1 (seat 0) - b1 - c1 (seat 0 reserve) along the top row
    base = {
        "a1": {"owner": 0, "plots": ["village:shell"]},
        "c1": {"owner": 0, "plots": ["reserve"]},
    }
    state = distributing(base)
    assert "move a1.0>c1.0" in legal(state, 0)  # b1 free, 0 - 0
    # a2 is the only other way round; close it with an enemy city
    closed = {**base, "b1": {"owner": 1, "plots": ["village"]}}
    assert "move a1.0>c1.0" in legal(distributing(closed), 0)  # by a2-b2-c2...
    walled = {**closed, "a2": {"owner": 1, "plots": ["village"]}, **BUSY}
    assert "move a1.0>c1.0" not in legal(distributing(walled), 0)
    # an enemy market on b2 puts a pyramid on b1: free site, 1 - 0: closed for seat 0
    market = {
        **base,
        "b2": {"owner": 1, "plots": ["market"]},
        "a2": {"owner": 1, "plots": ["village"]},
        **BUSY,
    }
    assert "move a1.0>c1.0" not in legal(distributing(market), 0)
    # seat 0 also has a market reaching b1 (from c2... no: from b1's neighbour a1): 1 - 1 tie
    tie = {**market, "a1": {"owner": 0, "plots": ["village:shell", "market"]}}
    assert "move a1.0>c1.0" in legal(distributing(tie), 0)


def test_riches_in_a_controlled_city_stay_there():
    """BA-210 BA-211: riches produced in a city an enemy controls are used only there, and no
    riches may enter such a city."""
    sites = {
        "a2": {"owner": 0, "plots": ["village:maize", "reserve"]},
        "a3": {"owner": 0, "plots": ["reserve"]},
        "b2": {"owner": 1, "plots": ["market"]},
    }
    state = distributing(sites)
    moves = {a for a in legal(state, 0) if a.startswith("move")}
    assert moves == {"move a2.0>a2.1"}


def test_one_obsidian_per_garrison_and_only_obsidian_kept():
    """BA-112 BA-213 BA-214 BA-216 BA-241: one obsidian per garrison; a garrison keeps its
    obsidian between rounds but not a prisoner."""
    sites = {
        "b2": {"owner": 0, "plots": ["village:obsidian", "garrison:obsidian", "garrison:prisoner"]},
        **BUSY,
    }
    state = distributing(sites)
    assert state.to_move == (1,)  # seat 0 has nothing to move: done
    state.apply("done", 1)
    assert plot_texts(state.view(None)["sites"]["b2"]) == [
        "village",
        "garrison:obsidian",
        "garrison",
    ]


def test_reserves_hold_one_riches_and_keep_it():
    """BA-115 BA-117 BA-218 BA-219 BA-223 BA-155: a reserve holds one riches of any type, kept
    from round to round, and movable again in the next round; prisoners must reach a temple,
    reserve or palace or be lost."""
    sites = {
        "a2": {"owner": 0, "plots": ["reserve:jade", "reserve", "garrison:prisoner"]},
        "a3": {"owner": 0, "plots": ["village:jade", "reserve"]},
    }
    state = distributing(sites)
    assert "move a2.0>a3.1" in legal(state, 0)  # stored riches move again
    state.apply("move a2.2>a2.1", 0)
    assert not any(a.endswith(">a2.1") for a in legal(state, 0))
    state.apply("done", 0)
    state.apply("done", 1) if 1 in state.to_move else None
    plots = plot_texts(state.view(None)["sites"]["a2"])
    assert plots[:3] == ["reserve:jade", "reserve:prisoner", "garrison"]


@pytest.mark.parametrize(
    ("riches", "points"),
    [
        ("maize", 1),
        ("cacao", 2),
        ("obsidian", 2),
        ("shell", 2),
        ("jade", 2),
        ("prisoner", 3),
    ],
)
def test_ceremony_prestige(riches, points):
    """BA-107 BA-225 BA-226 BA-229 BA-230 BA-231 BA-232 BA-233: a temple sacrifices 1 or 2
    riches for 1 (maize), 2 (cacao, obsidian, shell, jade) or 3 (prisoner) points each."""
    sites = {
        "a2": {"owner": 0, "plots": [f"reserve:{riches}", f"reserve:{riches}", "temple", "+"]},
        "a3": {"owner": 0, "plots": [f"reserve:{riches}"]},
    }
    state = distributing(sites)
    state.apply("move a2.0>a2.2", 0)
    state.apply("move a2.1>a2.2", 0)
    assert not any(a.endswith(">a2.2") for a in legal(state, 0))  # two at most
    state.apply("done", 0)
    state.apply("done", 1) if 1 in state.to_move else None
    view = state.view(None)
    assert view["kings"][0]["prestige"] == 2 * points
    assert plot_texts(view["sites"]["a2"]) == ["reserve", "reserve", "temple", "+"]
    assert plot_texts(view["sites"]["a3"])[0] == f"reserve:{riches}"


def test_the_king_never_gives_his_riches_to_the_mayas():
    """BA-227 BA-228: nothing moves from the king sheet in distribution."""
    sites = {"a2": {"owner": 0, "plots": ["temple", "+"]}, **BUSY}
    state = position(
        2,
        sites=sites,
        phase="distribution",
        slots=[None] * 3,
        kings=[{"riches": {"jade": 3}}, {}],
    )
    # his sheet's jade cannot go to the empty temple: nothing to move, so he is done at once
    assert state.to_move == (1,)


def test_taxes_go_to_the_king():
    """BA-104 BA-235 BA-236 BA-237 BA-238 BA-239: a palace collects 1 or 2 riches, prisoners
    included, onto the king sheet, for building the base buildings."""
    sites = {"a2": {"owner": 0, "plots": ["reserve:prisoner", "village:maize", "palace", "+"]}}
    state = distributing(sites)
    state.apply("move a2.0>a2.2", 0)
    state.apply("move a2.1>a2.2", 0)
    state.apply("done", 1) if 1 in state.to_move else None
    assert state.view(None)["kings"][0]["riches"] == {"maize": 3, "prisoner": 1}


def test_unused_riches_are_lost():
    """BA-205 BA-241 BA-242: riches left on the board outside reserves (and garrison obsidian)
    are discarded at the end of the round."""
    sites = {"a2": {"owner": 0, "plots": ["village:maize", "village:maize", "reserve"]}}
    state = distributing(sites)
    state.apply("done", 0)
    state.apply("done", 1) if 1 in state.to_move else None
    assert plot_texts(state.view(None)["sites"]["a2"])[:3] == ["village", "village", "reserve"]
    assert state.view(None)["supply"]["maize"] == 30 - 4  # Chaak's 2 maize each


@pytest.mark.parametrize(
    ("move", "section", "words"),
    [
        ("move a2.0>a2.1", "6 - DISTRIBUTION > EQUIPMENT OF GARRISONS", "only obsidian"),
        ("move a2.0>a2.2", "6 - DISTRIBUTION > STORAGE", "already holds"),
        ("move a2.0>a3.0", "6 - DISTRIBUTION > CEREMONY", "already has 2"),
        ("move a2.0>b2.0", "6 - DISTRIBUTION", "your own buildings"),
        ("move a2.2>a2.3", "6 - DISTRIBUTION", "no riches goes"),
    ],
)
def test_refused_moves_name_the_rule(move, section, words):
    """BA-213 BA-218 BA-225 BA-204: each refused move cites the rule it breaks and changes
    nothing."""
    sites = {
        "a2": {"owner": 0, "plots": ["village:maize", "garrison", "reserve:jade", "observatory"]},
        "a3": {"owner": 0, "plots": ["temple:cacao", "+:cacao"]},
        "b2": {"owner": 1, "plots": ["reserve"]},
        # a move seat 0 may make, so that he is still distributing
        "e2": {"owner": 0, "plots": ["village:maize", "reserve"]},
    }
    state = position(2, sites=sites, phase="distribution", kings=NO_RICHES, slots=[None] * 3)
    assert state.to_move == (0,)  # seat 1 has nothing to move: done
    before = state.to_json()
    with pytest.raises(IllegalAction, match=words) as err:
        state.apply(move, 0)
    assert err.value.rule.section == section
    assert state.to_json() == before


@pytest.mark.parametrize("control", ["strongest", "all"])
def test_market_control_strongest_enemy_or_all_enemies(control):
    """BA-207 BA-208 BA-210 (option ``market_control``): in seat 0's city c3 he has 1 small
    pyramid, seats 1 and 2 one each (their markets on c2 and c4).  Against the strongest single
    enemy it is a tie, and a king keeps control of his own city: its obsidian may leave.  Against
    all enemies together (2 to 1) the city is controlled: its obsidian is used only there."""
    sites = {
        "c3": {"owner": 0, "plots": ["village:obsidian", "market", "reserve", None]},
        "b3": {"owner": 0, "plots": ["reserve"]},
        "c2": {"owner": 1, "plots": ["market"]},
        "c4": {"owner": 2, "plots": ["market"]},
    }
    state = position(
        3,
        sites=sites,
        phase="distribution",
        kings=[{"riches": {}}] * 3,
        slots=[None] * 4,
        options={"market_control": control},
    )
    assert state.view(None)["sites"]["c3"]["pyramids"] == [1, 1, 1]
    assert state.view(None)["options"]["market_control"] == control
    moves = {a for a in legal(state, 0) if a.startswith("move")}
    if control == "strongest":
        assert moves == {"move c3.0>c3.2", "move c3.0>b3.0"}
    else:
        assert moves == {"move c3.0>c3.2"}
        with pytest.raises(IllegalAction) as err:
            state.apply("move c3.0>b3.0", 0)
        assert err.value.rule.section == "6 - DISTRIBUTION > TRANSPORT"


def test_market_control_readings_agree_with_two_kings():
    """BA-207: with 2 kings the only enemy is the strongest: both readings of
    ``market_control`` give the same legal actions all game long."""
    for seed in (3, 4):
        strongest = GAME.new_game(2, seed=seed)
        combined = GAME.new_game(2, seed=seed, options={"market_control": "all"})
        picker = random.Random(seed)
        while strongest.to_move:
            seat = picker.choice(strongest.to_move)
            actions = strongest.legal_actions(seat)
            assert combined.legal_actions(seat) == actions
            action = picker.choice(actions)
            strongest.apply(action, seat)
            combined.apply(action, seat)
        assert combined.is_over
