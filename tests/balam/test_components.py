"""Components and setup: boards as data, the Katun deck, supplies, the start of the game."""

from __future__ import annotations

from collections import Counter
from typing import get_args

import pytest

from gametable.core.errors import InvalidState
from gametable.core.rng import Rng
from gametable.games.balam.board import (
    COLOURS,
    LARGE_PYRAMIDS,
    LARGE_SET,
    SMALL_PYRAMIDS,
    SMALL_SET,
    SUPPLY,
    TILE_LIMIT,
    BoardError,
    load_board,
    parse_board,
    register_board,
)
from gametable.games.balam.katun import (
    CARDS,
    CATASTROPHES,
    KIND,
    RULEBOOK_COUNTS,
    TYPES,
    CardType,
    build_deck,
    deck_places,
    fits_place,
)
from tests.balam.helpers import GAME, position


def test_default_board_is_a_5_by_6_rectangle_with_sea_in_the_corners():
    """BA-002 BA-003 BA-020 BA-021: 30 tiles side by side (33 minus the 3 red-cross tiles),
    a 5 x 6 rectangle, the four sea (shell) tiles in the corners."""
    board = load_board("default")
    assert len(board.sites) == 33 - 3
    xs = {xy[0] for xy in board.xy}
    ys = {xy[1] for xy in board.xy}
    assert (len(xs), len(ys)) == (5, 6)
    corners = {(0, 0), (4, 0), (0, 5), (4, 5)}
    sea = {board.xy[s] for s in board.sites if COLOURS[board.colour[s]] == "shell"}
    assert sea == corners
    # the seashore: each sea tile and the tiles touching one along an edge (a2 as b1 does)
    sea_sites = {s for s in board.sites if board.xy[s] in corners}
    coast = sea_sites | {t for s in sea_sites for t in board.neighbours[s]}
    assert {board.names[s] for s in board.sites if board.seashore[s]} == {
        board.names[s] for s in coast
    }
    assert {"a2", "e2", "a5", "e5", "b1", "d1", "b6", "d6"} <= {board.names[s] for s in coast}
    # neighbours are orthogonal tiles
    a1 = board.index("a1")
    assert {board.names[t] for t in board.neighbours[a1]} == {"b1", "a2"}


def test_the_tidal_wave_strikes_a_city_beside_a_sea_corner():
    """BA-191: a2 touches the sea tile a1 along an edge, as b1 does: both are on the seashore."""
    sites = {
        "a2": {"owner": 0, "plots": ["village"]},
        "b1": {"owner": 0, "plots": ["village"]},
        "c3": {"owner": 0, "plots": ["village"]},
    }
    state = position(2, sites=sites, slots=["tidal_wave", "drought", "drought"])
    state.apply("katun 0")
    owners = {name: site["owner"] for name, site in state.view(None)["sites"].items()}
    assert (owners["a2"], owners["b1"], owners["c3"]) == (None, None, 0)


def test_a_board_file_may_give_a_shell_site_any_plot_count():
    """BA-096: sites have 2 to 4 plots; that our sea (shell) tiles have 2 is a property of our
    tiles, not a rule, so a board of one's own may differ."""
    data = {"site": [_site(1, colour="shell", plots=4), _site(2)], "path": [["s1", "s2"]]}
    board = parse_board(data, "coast")
    assert board.plots == (4, 3)


def test_sites_have_2_to_4_plots_and_colours_follow_the_supply():
    """BA-096 BA-196: 2 to 4 plots (shell sites 2); five production colours spread roughly as
    the token supply (30 maize, 10 cacao, 8 shell, 8 jade, 16 obsidian)."""
    board = load_board("default")
    assert all(2 <= n <= 4 for n in board.plots)
    for s in board.sites:
        if COLOURS[board.colour[s]] == "shell":
            assert board.plots[s] == 2
    colours = Counter(COLOURS[c] for c in board.colour)
    assert set(colours) == set(COLOURS)
    assert colours["maize"] > colours["obsidian"] > colours["cacao"] >= colours["jade"]
    assert sum(board.volcano) >= 5 and sum(board.seashore) >= 6 and sum(board.cenote) >= 3


def test_other_boards_can_be_built():
    """BA-024: boards of other sizes and shapes; the small board for 2 players."""
    small = load_board("small")
    assert len(small.sites) == 16
    state = GAME.new_game(2, seed=3, options={"board": "small"})
    assert len(state.view(0)["sites"]) == 16


def _site(i, colour="maize", plots=3, **extra):
    return {"id": f"s{i}", "colour": colour, "plots": plots, **extra}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"site": [_site(1, colour="gold"), _site(2)], "path": [["s1", "s2"]]}, "unknown colour"),
        ({"site": [_site(1, plots=5), _site(2)], "path": [["s1", "s2"]]}, "a site has 2 to 4"),
        ({"site": [_site(1, plots=1), _site(2)], "path": [["s1", "s2"]]}, "a site has 2 to 4"),
        ({"site": [_site(1), _site(2), _site(3)], "path": [["s1", "s2"]]}, "cannot be reached"),
        ({"site": [_site(1), _site(2)], "path": [["s1", "s9"]]}, "unknown site"),
        ({"site": [_site(1), _site(1)], "path": []}, "two sites are called"),
        ({"site": [_site(1, features=["lava"]), _site(2)], "path": [["s1", "s2"]]}, "features"),
    ],
)
def test_bad_board_files_are_refused_with_the_reason(data, message):
    with pytest.raises(BoardError, match=message):
        parse_board(data, "bad")


def test_a_bad_board_file_or_option_is_refused(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(
        '[[site]]\nid = "x"\ncolour = "maize"\nplots = 9\n'
        '[[site]]\nid = "y"\ncolour = "maize"\nplots = 2\n'
        '[[path]]\nbetween = ["x", "y"]\n'
    )
    with pytest.raises(BoardError, match="plots"):
        register_board("bad", path)
    with pytest.raises(BoardError, match="not a readable board file"):
        register_board("missing", tmp_path / "missing.toml")
    with pytest.raises(ValueError, match="there is no board 'bad'"):
        GAME.new_game(2, seed=1, options={"board": "bad"})


def test_katun_deck_has_72_cards_with_the_rulebook_counts():
    """BA-004 BA-170 BA-178 BA-183: 72 cards; 34 positive, 6 neutral, 32 negative."""
    assert len(CARDS) == 72
    kinds = Counter(KIND)
    positive = (
        "prosperous",
        "favourable",
        "exceptional",
        "expedition",
        "cacao_festival",
        "marriage",
        "cenotes",
    )
    negative = (
        "drought",
        "insurrection",
        "earthquake",
        "pochteca",
        "toltec_raid",
        "decadence",
        "eruption",
        "tidal_wave",
    )
    assert sum(kinds[k] for k in positive) == 34
    assert kinds["ball_game"] + kinds["eclipse"] == 6
    assert sum(kinds[k] for k in negative) == 32
    assert (kinds["prosperous"], kinds["favourable"], kinds["drought"]) == (10, 14, 6)


def test_the_katun_card_types_are_the_card_type_literals_values_in_the_rulebooks_order():
    """BA-169 BA-170 BA-178 BA-183: ``TYPES`` is read off ``CardType`` (one source); every
    card type the rulebook counts is one of them, listed in the rulebook's order (card numbers
    0 to 16, the catastrophes last), and the view schema's card ``type`` offers exactly these."""
    assert get_args(CardType) == TYPES
    assert tuple(RULEBOOK_COUNTS) == TYPES and set(KIND) == set(TYPES)
    assert TYPES[TYPES.index("drought") :] == CATASTROPHES  # card numbers 9 to 16
    card = GAME.view_schema(2)["$defs"]["CardView"]["properties"]["type"]
    assert set(card["enum"]) == set(TYPES)


def test_deck_building():
    """BA-027 BA-028 BA-029 BA-030 BA-031 BA-032 BA-033: the prosperous cards on top, the 5
    ball games between 6 piles of the other cards, the Eclipse near the middle."""
    places = set()
    for seed in range(20):
        top_down = build_deck(Rng(seed))[::-1]
        assert len(top_down) == 72
        assert all(KIND[c] == "prosperous" for c in top_down[:10])
        rest = [c for c in top_down[10:] if KIND[c] != "eclipse"]
        balls = [i for i, c in enumerate(rest) if KIND[c] == "ball_game"]
        gaps = [b - a - 1 for a, b in zip([-1, *balls], balls, strict=False)]
        assert len(balls) == 5 and all(9 <= g <= 10 for g in gaps)
        assert len(rest) - balls[-1] - 1 in (9, 10)
        eclipse = next(i for i, c in enumerate(top_down) if KIND[c] == "eclipse")
        assert 34 <= eclipse <= 38  # 0-based: places 35 to 39 from the top, as documented
        places.add(eclipse + 1)
    assert places == {35, 36, 37, 38, 39}  # each of the five places happens


def test_setup_gives_each_king_6_maize_and_a_score_of_0():
    """BA-007 BA-008 BA-035 BA-036 BA-037 BA-041: a king sheet each with 6 maize; scores at 0;
    the riches supply beside the board."""
    for n in (2, 3, 4):
        state = GAME.new_game(n, seed=1)
        view = state.view(None)
        assert [k["riches"] for k in view["kings"]] == [{"maize": 6}] * n
        assert [k["prestige"] for k in view["kings"]] == [0] * n
        assert view["supply"]["maize"] == 30 - 6 * n


def test_limited_supplies():
    """BA-009 BA-010 BA-011 BA-012 BA-014 BA-037: 13 large and 16 small pyramids per king (52
    and 64 for 4 colours), one of each on the score track, so 12 and 15 to build with; 99
    building tiles of 4 types, 82 riches tokens of 6 types."""
    assert 4 * LARGE_SET == 52 and 4 * SMALL_SET == 64
    assert (LARGE_PYRAMIDS, SMALL_PYRAMIDS) == (12, 15)
    for n in (2, 3, 4):
        view = GAME.new_game(n, seed=1).view(None)
        assert view["pyramids_left"] == [{"large": 12, "small": 15}] * n
    assert sum(TILE_LIMIT) == 99 and len(TILE_LIMIT) == 4
    assert SUPPLY == (30, 10, 8, 8, 16, 10) and sum(SUPPLY) == 82


def test_dice_have_0_to_3_points_or_a_skull():
    """BA-016 BA-017 BA-142: six faces of 0-3 success points or a skull; the option sets them."""
    from gametable.games.balam.dice import parse_faces

    assert parse_faces("0,1,1,2,3,X") == (0, 1, 1, 2, 3, -1)
    with pytest.raises(ValueError):
        GAME.new_game(2, seed=1, options={"faces": "0,1,2,3,4,X"})
    assert GAME.new_game(2, seed=1, options={"faces": "3,3,3,3,3,3"}).faces == (3,) * 6


def test_score_track_cap_is_an_option():
    """BA-022 BA-023 BA-038 BA-039 BA-040: the track shows 0 to 99 (tens and units); by
    default our score keeps counting past 99, the option score_cap stops it at 99."""
    from tests.balam.helpers import position

    for cap, expected in ((False, 100), (True, 99)):
        state = position(
            2,
            options={"score_cap": cap},
            kings=[{"prestige": 98}, {}],
            slots=["prosperous:cacao/shell/prestige:2", "drought", "drought"],
        )
        state.apply("katun 0")
        state.apply("take prestige")
        assert state.view(None)["kings"][0]["prestige"] == expected


def test_game_length_and_first_player_options():
    """BA-043 BA-044 BA-045 BA-046 BA-047 BA-048 BA-049: the game lasts until the Nth ball game
    (N = players by default, 2 to 5 by option); the first player is chosen by option."""
    for n in (2, 3, 4):
        assert GAME.new_game(n, seed=1).target_ball_games == n
    assert GAME.new_game(2, seed=1, options={"ball_games": 5}).target_ball_games == 5
    for bad in (1, 6):
        with pytest.raises(ValueError):
            GAME.new_game(2, seed=1, options={"ball_games": bad})
    assert GAME.new_game(3, seed=1, options={"first_player": 2}).to_move == (2,)
    with pytest.raises(ValueError):
        GAME.new_game(2, seed=1, options={"first_player": 3})


def deck_order(state):
    """Kinds of the cards not yet turned, with their places (top card = place 1)."""
    drawn = 72 - len(state.deck) - len(state.slots)
    order = [*state.slots, *reversed(state.deck)]
    return {drawn + i + 1: KIND[c] for i, c in enumerate(order) if c >= 0}


def test_the_places_every_deck_shares_are_public():
    """BA-027 .. BA-033: whoever built the deck knows the Prosperous cards are the first 10, the
    ball games lie at places 21, 32, 43, 53 and 63, and the Eclipse in places 35 to 39."""
    places = deck_places()
    assert [i + 1 for i, p in enumerate(places) if p == "prosperous"] == list(range(1, 11))
    assert [i + 1 for i, p in enumerate(places) if p == "ball_game"] == [21, 32, 43, 53, 63]
    assert [i + 1 for i, p in enumerate(places) if p == "window"] == [35, 36, 37, 38, 39]
    for seed in range(20):
        top_down = build_deck(Rng(seed))[::-1]
        assert all(fits_place(c, places[i]) for i, c in enumerate(top_down))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resampling_keeps_the_structure_of_the_deck(players):
    """BA-027 .. BA-033: imagined decks keep what every player knows of the real one: the
    unseen Prosperous cards on top, ball games at their places, the Eclipse in its window."""
    state = GAME.new_game(players, seed=players)
    seen_windows = set()
    for k in range(40):
        imagined = state.resample(0, k)
        order = deck_places()
        for place, kind in deck_order(imagined).items():
            assert fits_place_kind(kind, order[place - 1]), (place, kind)
        seen_windows.add(next(p for p, kind in deck_order(imagined).items() if kind == "eclipse"))
        assert imagined.layout
    assert seen_windows == {35, 36, 37, 38, 39}  # the Eclipse's place stays unknown


def fits_place_kind(kind, place):
    if place in ("prosperous", "ball_game"):
        return kind == place
    if place == "window":
        return kind not in ("prosperous", "ball_game")
    return kind not in ("prosperous", "ball_game", "eclipse")


def test_a_position_that_claims_the_rulebook_deck_must_have_one():
    """A hand-written position may say its deck was built by the rules (``layout: true``); the
    cards not yet turned must then lie where such a deck puts them."""
    state = GAME.new_game(2, seed=4)
    data = state.to_json()
    assert data["katun"]["layout"] is True
    assert GAME.state_from_json(data).layout
    data["katun"]["deck"] = list(reversed(data["katun"]["deck"]))
    with pytest.raises(InvalidState, match=r"katun\.layout"):
        GAME.state_from_json(data)
    data["katun"]["layout"] = False
    assert not GAME.state_from_json(data).layout
    data["katun"]["layout"] = "yes"
    with pytest.raises(InvalidState, match="true or false"):
        GAME.state_from_json(data)


def test_a_two_player_game_never_turns_the_eclipse():
    """BA-033 BA-045 BA-053 BA-182: with the rulebook's deck, 2 players turn 3 cards a round and
    stop with the round of the 2nd ball game (place 32: round 11 deals places 31 to 33), before
    the Eclipse's window (places 35 to 39); 3 players (4 cards a round, the 3rd ball game at place
    43) turn it."""
    places = deck_places()
    balls = [i + 1 for i, place in enumerate(places) if place == "ball_game"]
    window = [i + 1 for i, place in enumerate(places) if place == "window"]
    for players, eclipse_turned in ((2, False), (3, True), (4, True)):
        per_round = players + 1
        last_round = -(-balls[players - 1] // per_round)
        assert (last_round * per_round >= max(window)) is eclipse_turned
    for seed in range(3):
        state = GAME.new_game(2, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        view = state.view(None)
        assert not view["katun"]["eclipse"]
        assert not any(r["eclipse"] for r in view["rounds"])
