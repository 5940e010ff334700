"""4 - KATUN: every type of card, catastrophes paid by the Mayas, ball games, the Eclipse."""

from __future__ import annotations

import pytest

from gametable.core.errors import IllegalAction
from tests.balam.helpers import GAME, legal, plot_texts, position


def draw(card, *, sites=None, kings=None, players=2, seat=0):
    slots = [card] + ["drought"] * players
    state = position(players, sites=sites, kings=kings, slots=slots, current=seat)
    state.apply("katun 0", seat)
    return state


def riches(state, seat):
    return state.view(None)["kings"][seat]["riches"]


def test_turning_a_card_applies_it():
    """BA-163: the king turns over one of the round's face-down cards and applies it."""
    state = position(2, slots=["exceptional", "drought", "drought"])
    with pytest.raises(IllegalAction, match="not face down"):
        state.apply("katun 3")
    state.apply("katun 0")
    assert state.view(None)["katun"]["slots"] == ["turned", "?", "?"]
    assert state.view(None)["katun"]["discard"] == ["exceptional"]


def test_prosperous_katun_offers_a_choice_of_riches_or_prestige():
    """BA-171: one of the riches or the prestige on the card, at the king's choice."""
    state = draw("prosperous:cacao/jade/prestige:2")
    assert legal(state) == {"take cacao", "take jade", "take prestige"}
    state.apply("take jade")
    assert riches(state, 0) == {"maize": 6, "jade": 1}
    state = draw("prosperous:cacao/jade/prestige:2")
    state.apply("take prestige")
    assert state.view(None)["kings"][0]["prestige"] == 2


def test_favourable_exceptional_expedition_and_cacao_festival():
    """BA-172 BA-173 BA-174 BA-175: the riches listed; 2 maize; one riches of choice; one cacao
    for every king."""
    assert riches(draw("favourable:maize+cacao"), 0) == {"maize": 7, "cacao": 1}
    assert riches(draw("exceptional"), 0) == {"maize": 8}
    state = draw("expedition")
    assert legal(state) == {"take maize", "take cacao", "take shell", "take jade", "take obsidian"}
    state.apply("take shell")
    assert riches(state, 0) == {"maize": 6, "shell": 1}
    state = draw("cacao_festival", players=3, seat=1)
    assert [riches(state, q).get("cacao") for q in range(3)] == [1, 1, 1]


def test_princely_marriage_takes_a_riches_from_another_king():
    """BA-176: the king takes one riches of his choice from another king as a dowry."""
    kings = [{"riches": {}}, {"riches": {"jade": 1}}, {"riches": {"maize": 2}}]
    state = draw("marriage", kings=kings, players=3)
    assert legal(state) == {"dowry 1 jade", "dowry 2 maize"}
    state.apply("dowry 1 jade")
    assert riches(state, 0) == {"jade": 1} and riches(state, 1) == {}


def test_cult_of_the_sacred_cenotes():
    """BA-177 BA-221: the Mayas bring one riches from reserves or garrisons to each cenote,
    following the transport rules, for twice a temple's prestige; never the king's riches."""
    sites = {
        "c2": {"owner": 0, "plots": ["reserve:prisoner", "reserve:maize", "reserve:jade"]},
        "a4": {"owner": 1, "plots": ["market"]},  # closes a4 and a3, b4, a5
        "d2": {"owner": 1, "plots": ["village"]},
    }  # d2 closed to seat 0
    state = draw("cenotes", sites=sites, kings=[{"riches": {"jade": 3}}, {}])
    assert state.phase == "offer"
    offers = legal(state)
    assert "offer c2.0>c2" in offers and "offer c2.0>d3" in offers
    assert not any(a.endswith(">a4") for a in offers)
    state.apply("offer c2.0>d3")  # a prisoner: 6 points
    assert state.view(None)["kings"][0]["prestige"] == 6
    assert not any(a.endswith(">d3") for a in legal(state))  # one riches per cenote
    state.apply("offer c2.1>c2")  # maize: 2 points
    state.apply("done")
    assert state.view(None)["kings"][0]["prestige"] == 8
    assert riches(state, 0) == {"jade": 3}
    assert plot_texts(state.view(None)["sites"]["c2"])[:3] == ["reserve", "reserve", "reserve:jade"]


def test_ball_game_winner_scores_his_cities():
    """BA-179 BA-130: the king with the most ball courts wins prestige equal to his cities."""
    sites = {
        "a2": {"owner": 0, "plots": ["court", "court"]},
        "a3": {"owner": 0, "plots": ["village"]},
        "c2": {"owner": 1, "plots": ["village"]},
    }
    state = draw("ball_game", sites=sites)
    assert [k["prestige"] for k in state.view(None)["kings"]] == [2, 0]
    assert state.view(None)["katun"]["ball_games"] == 1


@pytest.mark.parametrize(
    ("courts", "expected"),
    [
        ((2, 1, 0), (4, 2, 0)),  # winner: 4 cities; second: half of his 4
        ((1, 1, 0), (2, 2, 0)),  # two tied first: half each, nobody second
        ((1, 1, 1), (0, 0, 0)),  # more than 2 tied: nobody
        ((2, 1, 1), (4, 0, 0)),  # tie for second: no points
    ],
)
def test_ball_game_ties_and_second_place(courts, expected):
    """BA-179 BA-180 BA-181 BA-088: ties get half (rounded down), three tied get nothing, a
    single second wins half of what he would win as first, a tie for second nothing."""
    sites = {}
    columns = "ace"
    for seat, n in enumerate(courts):
        c = columns[seat]
        sites[f"{c}2"] = {"owner": seat, "plots": ["court"] * n or ["village"]}
        for row in (3, 4, 5):
            sites[f"{c}{row}"] = {"owner": seat, "plots": ["village"]}
    state = draw("ball_game", sites=sites, players=3)
    assert tuple(k["prestige"] for k in state.view(None)["kings"]) == expected


def test_eclipse_concerns_every_player():
    """BA-182: once drawn, no Clemency of Chaak for anyone."""
    state = draw("eclipse")
    assert state.view(None)["katun"]["eclipse"] is True


@pytest.mark.parametrize(
    ("card", "payment", "buildings", "lost"),
    [
        ("drought", "reserve:maize", ["village", "village", "village"], 2),
        ("insurrection", "reserve:maize", ["palace", "+"], 1),
        ("earthquake", "reserve:prisoner", ["temple", "+"], 1),
        ("pochteca", "garrison:prisoner", ["market", "market"], 2),
        ("toltec_raid", "reserve:prisoner", ["garrison", "garrison"], 2),
        ("decadence", "reserve:prisoner", ["court", "observatory"], 2),
    ],
)
def test_catastrophes_pay_or_lose(card, payment, buildings, lost):
    """BA-184 BA-185 BA-186 BA-187 BA-188 BA-189 BA-164 BA-165 BA-166: the Mayas pay with
    riches of their reserves or garrisons, or the king loses the buildings."""
    sites = {"a2": {"owner": 0, "plots": [*buildings, payment]}}
    state = draw(card, sites=sites)
    assert legal(state) == {"ward", "suffer"}
    warded = state.clone()
    warded.apply("ward")
    plots = plot_texts(warded.view(None)["sites"]["a2"])
    assert plots[len(buildings)] == payment.split(":")[0]
    assert plots[: len(buildings)] == buildings
    state.apply("suffer")
    while state.phase == "lose":
        state.apply(sorted(legal(state))[0])
    plots = plot_texts(state.view(None)["sites"]["a2"])
    assert plots[len(buildings)] == payment  # the Mayas kept their riches
    kinds_left = [p for p in plots[: len(buildings)] if p not in (None, "+")]
    kinds_before = [b for b in buildings if b != "+"]
    assert len(kinds_before) - len(kinds_left) == lost


def test_catastrophes_never_take_the_kings_riches():
    """BA-167: the king's own riches never ward off a catastrophe."""
    sites = {"a2": {"owner": 0, "plots": ["village", "village"]}}
    state = draw("drought", sites=sites, kings=[{"riches": {"maize": 9}}, {}])
    assert riches(state, 0) == {"maize": 9}
    assert state.view(None)["sites"]["a2"]["owner"] is None  # both villages lost


def test_no_building_no_penalty():
    """BA-168: a king without the building named on the card suffers nothing."""
    sites = {"a2": {"owner": 0, "plots": ["village", "reserve:prisoner"]}}
    state = draw("earthquake", sites=sites)
    assert state.phase == "turn"
    assert plot_texts(state.view(None)["sites"]["a2"])[1] == "reserve:prisoner"


def test_the_drawer_chooses_which_buildings_are_lost():
    """BA-184: losing 2 of 3 villages, the king chooses which."""
    sites = {
        "a2": {"owner": 0, "plots": ["village"]},
        "a3": {"owner": 0, "plots": ["village"]},
        "b3": {"owner": 0, "plots": ["village"]},
    }
    state = draw("drought", sites=sites)
    assert legal(state) == {"lose a2.0", "lose a3.0", "lose b3.0"}
    state.apply("lose a3.0")
    state.apply("lose a2.0")
    assert [s for s, v in state.view(None)["sites"].items() if v["owner"] == 0] == ["b3"]


def test_volcanic_eruption_strikes_the_drawers_cities_next_to_volcanoes():
    """BA-190: pay 2 prisoners, or lose every city next to a volcano; other kings are safe."""
    sites = {
        "b2": {"owner": 0, "plots": ["village", "reserve:prisoner"]},
        "c3": {"owner": 0, "plots": ["village"]},
        "a2": {"owner": 0, "plots": ["village"]},
        "d2": {"owner": 1, "plots": ["village"]},
    }
    state = draw("eruption", sites=sites)
    assert state.phase == "turn"  # only 1 prisoner: no choice
    owners = {s: v["owner"] for s, v in state.view(None)["sites"].items()}
    assert owners["b2"] is None and owners["c3"] is None
    assert owners["a2"] == 0 and owners["d2"] == 1


def test_tidal_wave_strikes_seashore_cities_unless_two_prisoners_are_paid():
    """BA-191: pay 2 prisoners or lose all cities on the seashore."""
    sites = {
        "b1": {"owner": 0, "plots": ["village", "reserve:prisoner"]},
        "a2": {"owner": 0, "plots": ["garrison:prisoner"]},
    }
    state = draw("tidal_wave", sites=sites)
    assert legal(state) == {"ward", "suffer"}
    state.apply("ward")
    view = state.view(None)
    assert plot_texts(view["sites"]["b1"])[:2] == ["village", "reserve"]
    assert plot_texts(view["sites"]["a2"])[0] == "garrison"


# -- which of the Mayas' riches pay ("4 - KATUN > CATASTROPHES": not said, so the king chooses) --
REPRO = {
    "a2": {"owner": 0, "plots": ["reserve:prisoner", "temple", "+"]},
    "c2": {"owner": 0, "plots": ["garrison:prisoner"]},
}


def test_the_drawer_chooses_which_of_the_mayas_riches_pay():
    """BA-165 BA-166 BA-167: the riches come from the Mayas' reserves or garrisons, never the
    king's chest; which ones is not said, so the drawing king chooses.  He keeps the reserve's
    prisoner (stored to the next round) and pays the garrison's (lost at the round's end)."""
    state = draw("earthquake", sites=REPRO, kings=[{"riches": {"prisoner": 2}}, {}])
    assert legal(state) == {"ward", "suffer"}
    state.apply("ward")
    assert state.phase == "choose" and state.to_move == (0,)
    assert legal(state) == {"pay a2.0", "pay c2.0"}
    state.apply("pay c2.0")
    view = state.view(None)
    assert plot_texts(view["sites"]["a2"])[:3] == ["reserve:prisoner", "temple", "+"]
    assert plot_texts(view["sites"]["c2"])[0] == "garrison"
    assert riches(state, 0) == {"prisoner": 2}  # BA-167: the chest never pays
    assert state.phase == "turn" and state.to_move == (1,)
    assert view["turn"]["ward"] == 0 and view["turn"]["card"] is None
    assert state.event_counts()["catastrophes_paid"] == 1


def test_the_other_choice_pays_the_reserve():
    """BA-166: either of the Mayas' prisoners may go; the king's choice is followed."""
    state = draw("earthquake", sites=REPRO)
    state.apply("ward")
    state.apply("pay a2.0")
    view = state.view(None)
    assert plot_texts(view["sites"]["a2"])[0] == "reserve"
    assert plot_texts(view["sites"]["c2"])[0] == "garrison:prisoner"


def test_the_kings_own_riches_cannot_be_chosen():
    """BA-167: while the Mayas pay, a riches of the king's chest is refused, naming the rule."""
    state = draw("earthquake", sites=REPRO, kings=[{"riches": {"prisoner": 1}}, {}])
    state.apply("ward")
    with pytest.raises(IllegalAction, match="never from the king's chest") as info:
        state.apply("pay prisoner")
    assert "BA-167" in info.value.rule.statements
    with pytest.raises(IllegalAction, match="no prisoner on a reserve or garrison"):
        state.apply("pay a2.1")
    with pytest.raises(IllegalAction, match="choose which prisoner"):
        state.apply("suffer")


def test_no_choice_when_only_the_riches_needed_are_there():
    """BA-166: with no more of the riches than the card asks, the Mayas pay at once."""
    sites = {"a2": {"owner": 0, "plots": ["reserve:prisoner", "temple", "+", "reserve:maize"]}}
    state = draw("earthquake", sites=sites)
    state.apply("ward")
    assert state.phase == "turn"
    assert plot_texts(state.view(None)["sites"]["a2"]) == [
        "reserve",
        "temple",
        "+",
        "reserve:maize",
    ]


def test_a_drought_lets_the_king_choose_among_reserves_of_maize():
    """BA-165 BA-166: maize in several reserves; the king picks the one that goes."""
    sites = {
        "a2": {"owner": 0, "plots": ["village", "reserve:maize"]},
        "a3": {"owner": 0, "plots": ["reserve:maize", "reserve:prisoner"]},
    }
    state = draw("drought", sites=sites)
    state.apply("ward")
    assert legal(state) == {"pay a2.1", "pay a3.0"}  # the prisoner is not asked
    state.apply("pay a3.0")
    view = state.view(None)
    assert plot_texts(view["sites"]["a2"])[:2] == ["village", "reserve:maize"]
    assert plot_texts(view["sites"]["a3"])[:2] == ["reserve", "reserve:prisoner"]


def test_two_prisoners_among_three_are_chosen_one_at_a_time():
    """BA-166 BA-191: a tidal wave asks 2 prisoners; with 3, the king chooses twice."""
    sites = {
        "b1": {"owner": 0, "plots": ["village", "reserve:prisoner"]},
        "a2": {"owner": 0, "plots": ["garrison:prisoner", "reserve:prisoner"]},
    }
    state = draw("tidal_wave", sites=sites)
    state.apply("ward")
    assert legal(state) == {"pay b1.1", "pay a2.0", "pay a2.1"}
    assert state.view(None)["turn"]["ward"] == 2
    assert "(1 more to pay)" in state.describe(GAME.parse_action(state, "pay a2.0"))
    state.apply("pay a2.0")
    assert legal(state) == {"pay b1.1", "pay a2.1"}
    assert state.view(None)["turn"]["ward"] == 1
    state.apply("pay b1.1")
    view = state.view(None)
    assert state.phase == "turn"
    assert plot_texts(view["sites"]["a2"])[:2] == ["garrison", "reserve:prisoner"]
    assert plot_texts(view["sites"]["b1"])[:2] == ["village", "reserve"]


def test_a_payment_under_way_survives_json_and_resampling():
    """BA-166: the riches still owed (``turn.ward``) round-trip; resampling keeps them."""
    state = draw("earthquake", sites=REPRO)
    state.apply("ward")
    data = state.to_json()
    assert data["turn"]["ward"] == 1
    again = GAME.state_from_json(data)
    assert again.to_json() == data
    assert legal(again) == {"pay a2.0", "pay c2.0"}
    other = state.resample(1, 5)
    assert legal(other, 0) == {"pay a2.0", "pay c2.0"}
    assert other.view(None)["turn"]["ward"] == 1


@pytest.mark.parametrize(
    ("phase", "card", "ward", "match"),
    [
        ("turn", None, 1, "needs phase choose"),
        ("choose", "expedition", 1, "needs phase choose and a catastrophe"),
        ("choose", "tidal_wave", 2, "hold only 1 prisoner"),
        ("choose", "earthquake", 3, "turn.ward"),
    ],
)
def test_an_impossible_payment_under_way_is_refused(phase, card, ward, match):
    """BA-166: the riches owed must be held by the Mayas, during a catastrophe."""
    from gametable.core.errors import InvalidState

    sites = {"a2": {"owner": 0, "plots": ["reserve:prisoner", "temple", "+"]}}
    discard = [card] if card else []
    turn = {"ward": ward} | ({"card": card} if card else {})
    with pytest.raises(InvalidState, match=match):
        position(
            2,
            sites=sites,
            phase=phase,
            discard=discard,
            turn=turn,
            slots=["drought", "drought", "drought"],
        )


def test_an_expedition_never_brings_a_prisoner():
    """BA-174 BA-197 BA-198: Expedition return gives one riches of the king's choice; we read
    it as one of the five produced riches (prisoners are only captured): ``take prisoner`` is
    refused as a clarification."""
    state = draw("expedition")
    assert legal(state) == {f"take {r}" for r in ("maize", "cacao", "shell", "jade", "obsidian")}
    with pytest.raises(IllegalAction, match="never a prisoner") as err:
        state.apply("take prisoner")
    assert err.value.rule.clarification and "BA-174" in err.value.rule.statements
    with pytest.raises(IllegalAction, match="offers only") as err:
        state.apply("take prestige")
    assert not err.value.rule.clarification
