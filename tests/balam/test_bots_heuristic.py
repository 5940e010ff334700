"""The Balam rules of thumb: an economy is built, catastrophes and cards are priced, and the
ISMCTS bot widens Balam's big decisions in the heuristic's order."""

from __future__ import annotations

import functools
import math
import random

import pytest

import gametable
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.bots.ismcts import ISMCTSBot, Node
from gametable.games.balam.bots import facts as bf
from gametable.games.balam.bots import heuristic as hb
from gametable.games.balam.bots import katun as bk
from gametable.games.balam.bots import table as bt
from gametable.games.balam.bots import wars as bw
from gametable.games.balam.bots import weights as ww
from tests.balam.helpers import position


def kings_moves(seed: int) -> tuple[list[tuple[int, str]], gametable.State]:
    game = gametable.load_game("balam")
    state = game.new_game(2, seed=seed)
    bots = [make_bot("heuristic", seed=seed + s) for s in range(2)]
    moves = []
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].act(state, seat)
        moves.append((seat, str(action)))
        state.apply(action, seat)
    return moves, state


def test_the_heuristic_builds_villages_and_temples_and_feeds_them() -> None:
    """Rules of thumb: build an economy (villages produce, temples turn riches into prestige)
    and feed the temples at the distribution (BA-112 BA-117 BA-226)."""
    moves, state = kings_moves(seed=4)
    for seat in (0, 1):
        mine = [text for s, text in moves if s == seat]
        assert any(t.startswith("build village") for t in mine)
        assert any(t.startswith("build temple") for t in mine)
        assert any(t.startswith("move ") for t in mine)
    for seat in (0, 1):
        assert sum(r["seats"][seat]["ceremony"] for r in state.view(None)["rounds"]) > 0


def test_a_catastrophe_costs_only_the_king_who_has_its_buildings() -> None:
    """BA-164 BA-168 BA-182: no village, no drought; a reserve's maize wards it off cheaply."""
    sites = {"a2": {"owner": 0, "plots": ["village", "village", "temple", "+"]}}
    table = bt.read(position(2, sites=sites).view(0))
    exposed = bk.card_value(table, 0, "drought")
    assert exposed < -1.0
    assert bk.card_value(table, 1, "drought") == 0.0
    assert bk.card_value(table, 0, "earthquake") < 0.0  # the temple
    guarded = dict(sites)
    guarded["b3"] = {"owner": 0, "plots": ["reserve:maize"]}
    table = bt.read(position(2, sites=guarded).view(0))
    assert exposed < bk.card_value(table, 0, "drought") == pytest.approx(-(ww.STORED + ww.RICHES))


def test_a_card_the_king_has_seen_is_valued_for_what_it_is() -> None:
    """BA-046 (divination): a card looked at is known; the others are averaged over the deck."""
    state = position(2, slots=["exceptional", "drought", "drought"], peeks=[[0], []])
    table = bt.read(state.view(0))
    assert bk.katun_value(table, 0, 0) == pytest.approx(2 * ww.RICHES)
    unknown = bk.katun_value(bt.read(state.view(1)), 1, 0)
    assert unknown != pytest.approx(2 * ww.RICHES) and -1.0 < unknown < 1.5


def fake_view(deck: int, ball_games: int, slots: list[str], phase: str = "turn") -> dict:
    return {
        "players": 2,
        "options": {},
        "phase": phase,
        "katun": {"deck": deck, "ball_games": ball_games, "slots": slots},
    }


def test_rounds_left_follow_the_ball_games_still_to_come() -> None:
    """Setup (length of the game): the game ends with the round of the Nth ball game."""
    start = bt.rounds_left(fake_view(69, 0, ["?", "?", "?"]))
    assert 6 < start < 10
    one_played = bt.rounds_left(fake_view(40, 1, ["?", "?", "?"]))
    assert 1 < one_played < start
    assert bt.rounds_left(fake_view(30, 2, ["turned", "?", "?"])) == 1.0  # last round
    assert bt.rounds_left(fake_view(30, 2, ["turned"] * 3, phase="distribution")) == 0.0


def test_a_distribution_move_is_worth_where_the_riches_lands() -> None:
    """BA-226 BA-231: a temple turns a jade into 2 prestige; left on a village it is discarded."""
    sites = {"a3": {"owner": 0, "plots": ["village:jade", "temple", "+"]}}
    state = position(2, sites=sites, phase="distribution")
    view = state.view(0)
    to_temple = state.game.parse_action(state, "move a3.0>a3.1")
    assert hb.move_gain(view, to_temple) == pytest.approx(2 - ww.LOOSE)
    assert hb.building_at(view, "a3", 2) == ("temple", "")  # the temple's +


def paid_turn() -> gametable.State:
    state = gametable.load_game("balam").new_game(2, seed=3)
    state.apply("pay maize", 0)
    assert len(state.legal_actions(0)) > 100
    return state


def test_the_ranking_puts_the_heuristics_choice_first() -> None:
    state = paid_turn()
    legal = state.legal_actions(0)
    ranked = hb.rank(state, 0, legal, random.Random(1))
    assert sorted(map(str, ranked)) == sorted(map(str, legal))
    scores = hb.action_scores(state.view(0), 0, legal, state.clone)
    assert max(scores) == scores[legal.index(ranked[0])]
    assert str(ranked[0]).startswith("build ")


def test_ismcts_widens_a_big_decision_progressively() -> None:
    """Progressive widening: 2 + sqrt(visits) actions, in the heuristic's order, made-in-advance
    children first."""
    state = paid_turn()
    legal = state.legal_actions(0)
    bot = ISMCTSBot(seed=1)
    node = Node(0)
    favourite = legal[-1]
    node.children[(0, favourite)] = Node(0)
    first = bot.widened(node, state, 0, legal, hb.rank)
    assert first[0] == favourite and len(first) == 2
    node.visits = 49
    later = bot.widened(node, state, 0, legal, hb.rank)
    assert len(later) == 2 + math.isqrt(49) and later[:2] == first


def test_ismcts_on_a_big_balam_turn_considers_few_moves() -> None:
    state = paid_turn()
    bot = ISMCTSBot(seed=2, iterations=40)
    choice = bot.choose(SeatState(state, 0))
    assert choice in state.legal_actions(0)
    assert bot.last_iterations == 40


def test_with_the_rulebook_deck_the_last_round_and_the_first_cards_are_known() -> None:
    """BA-027 .. BA-033 and Setup (length of the game): the ball games lie at fixed places, so a
    2-player game (2 ball games, the second at place 32, 3 cards a round) ends with round 11;
    the first rounds' cards are Prosperous."""
    state = gametable.load_game("balam").new_game(2, seed=1)
    view = state.view(0)
    assert view["katun"]["layout"] is True
    assert bt.rounds_left(view) == 11.0
    table = bt.read(view)
    assert bk.katun_value(table, 0, 0) == pytest.approx(ww.GAIN["prosperous"])


def test_riches_owed_for_a_building_count_against_the_king() -> None:
    """2 - CONSTRUCTIONS: a temple costs 2 riches; while they are owed, they are not his."""
    state = paid_turn()
    temple = next(a for a in state.legal_actions(0) if str(a).startswith("build temple"))
    state.apply(temple, 0)
    before = bt.read(state.view(0)).estates[0]
    while state.view(None)["phase"] == "cost":
        state.apply(state.legal_actions(0)[0], 0)
    after = bt.read(state.view(0)).estates[0]
    assert sum(before.chest.values()) == sum(after.chest.values())


def test_an_attack_is_worth_what_it_adds_to_the_lead() -> None:
    """3 - WARS, rule of thumb "attack weak neighbours": with two kings, destroying the
    neighbour's city is worth its buildings to him; with three, hurting a king who is not the
    best other one raises the lead less (here: not at all, the leader is the third king)."""
    sites = {
        "b2": {"owner": 0, "plots": ["garrison", "garrison", "garrison"]},
        "c2": {"owner": 1, "plots": ["village", "temple", "+", None]},
    }
    two = bt.read(position(2, sites=sites).view(0))
    gain = bw.attack_gain(two, 0, "b2", "c2", 3, 0)
    assert gain > 1.0
    rich = {"riches": {"maize": 6}, "prestige": 40}
    three = bt.read(position(3, sites=sites, kings=[{"riches": {"maize": 6}}] * 2 + [rich]).view(0))
    assert bw.attack_gain(three, 0, "b2", "c2", 3, 0) < gain
    # one garrison: 7/6 points on average, one building point destroyed of the city's three
    assert 0 < bw.attack_gain(two, 0, "b2", "c2", 1, 0) < gain


def test_the_loser_keeps_room_for_a_palace() -> None:
    """BA-143 BA-099 BA-098: of two bare garrisons lost to a skull, the heuristic gives up the
    one whose plot, with the empty plot beside it, makes room for a palace or temple."""
    sites = {
        "a2": {"owner": 0, "plots": ["village", "garrison", "garrison", None]},
        "b2": {"owner": 1, "plots": ["village"]},
    }
    kings = [{"riches": {"maize": 1}}, {}]
    state = position(2, sites=sites, kings=kings, options={"faces": "X,X,X,X,X,X"})
    state.apply("pay maize")
    state.apply("attack a2>b2 1 0")
    assert sorted(map(str, state.legal_actions(0))) == ["lose a2.1", "lose a2.2"]
    for seed in range(3):
        bot = make_bot("heuristic", seed=seed)
        assert str(bot.act(state, 0)) == "lose a2.2"
    ranked = hb.rank(state, 0, state.legal_actions(0), random.Random(0))
    assert str(ranked[0]) == "lose a2.2"


def test_the_loser_keeps_his_riches() -> None:
    """BA-143 BA-144: of two garrisons, the one holding obsidian is kept."""
    sites = {
        "a1": {"owner": 0, "plots": ["garrison:obsidian", "garrison"]},
        "b1": {"owner": 1, "plots": ["village"]},
    }
    kings = [{"riches": {"maize": 1}}, {}]
    state = position(2, sites=sites, kings=kings, options={"faces": "X,X,X,X,X,X"})
    state.apply("pay maize")
    state.apply("attack a1>b1 1 0")
    assert str(make_bot("heuristic", seed=0).act(state, 0)) == "lose a1.1"


def reference_worth(table: bt.Table, estate: bt.Estate) -> float:
    """A king's worth written as plainly as the docstring of :mod:`hb` says (no cache, the
    buildings counted kind by kind): the heuristic's faster :func:`bt.worth` must agree."""
    produced = sorted(
        (
            bf.SACRIFICE[table.colour[site]]
            for site, kinds in estate.sites.items()
            for kind in kinds
            if kind == "village"
        ),
        reverse=True,
    )
    room = 2 * estate.count("temple")
    fed = produced[:room]
    rest = len(produced) - len(fed)
    taxed = min(rest, 2 * estate.count("palace"))
    unfed = rest - taxed
    income = sum(fed) + ww.RICHES * taxed + ww.UNFED * unfed + ww.ROOM * (room - len(fed))
    static = sum(ww.STATIC.get(k, 0.2) for kinds in estate.sites.values() for k in kinds)
    return (
        estate.prestige
        + ww.RICHES * sum(estate.chest.values())
        + estate.carried
        + static
        + ww.FUTURE * table.rounds * income
    )


def test_the_rules_of_thumb_read_the_same_from_the_parts_as_from_the_whole_view() -> None:
    """The parts of a view the heuristic asks for (``bt.PARTS``) score every action exactly as
    the whole view does, and the cached worth is the plain one, along a game of its own."""
    state = gametable.load_game("balam").new_game(2, seed=6)
    rng = random.Random(6)
    checked = 0
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and state.ply % 2 == 0:
            imagine = functools.partial(state.resample, seat, 11)
            scores = [
                hb.action_scores(view, seat, legal, imagine)
                for view in (state.view(seat), state.view_parts(seat, bt.PARTS))
            ]
            assert scores[0] == scores[1]
            table = bt.read(state.view_parts(seat, bt.PARTS))
            for estate in table.estates:
                plain = reference_worth(table, estate)
                assert bt.worth(table, estate) == plain
                assert bt.worth(table, estate) == plain  # from the cache
                for site in table.colour:
                    for kind in ("village", "temple", "palace"):
                        built = bt.with_building(estate, site, kind)
                        assert bt.worth(table, built) == reference_worth(table, built)
            checked += 1
        action = legal[0] if len(legal) == 1 else hb.choose(SeatState(state, seat), rng)
        state.apply(action, seat)
    assert checked > 50
