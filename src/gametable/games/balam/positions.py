"""A Balam state as JSON, and loading one written by ``to_json`` or by hand.

The format is described in ``docs/rules/balam.md`` ("Positions by hand").  Derived values (small
pyramids, the supply, ball games played, the Eclipse) are written for readers and checked on
loading; every invariant is checked and a broken one raises :class:`InvalidState` naming it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gametable.core.errors import InvalidState
from gametable.core.positions import expect_int as _int
from gametable.core.positions import read_header
from gametable.core.rng import Rng
from gametable.games.balam.board import (
    COURT,
    DOUBLE,
    EMPTY,
    GARRISON,
    KINDS,
    LARGE_PYRAMIDS,
    MARKET,
    MAX_PLOTS,
    OBSIDIAN,
    PALACE,
    PRISONER,
    RICHES,
    SECOND,
    SMALL_PYRAMIDS,
    SUPPLY,
    TEMPLE,
    TILE_LIMIT,
    TILE_NAMES,
    VILLAGE,
)
from gametable.games.balam.events import mayas_riches
from gametable.games.balam.katun import (
    CATASTROPHE,
    CATASTROPHES,
    ECLIPSE_WINDOW,
    KIND,
    TEXT,
    deck_places,
    fits_place,
)
from gametable.games.balam.phases import ACT, CHOOSE, DEFEND, DESTROY, DIST, LOSE, PHASES, TURN
from gametable.games.balam.tally import PRESTIGE_SOURCES, copy_tally, new_tally
from gametable.games.balam.wars import SKULL, face_text

if TYPE_CHECKING:
    from gametable.games.balam import Balam
    from gametable.games.balam.state import BalamState


def _plot_text(st: BalamState, b: int) -> str | None:
    k = st.kinds[b]
    if k == EMPTY:
        return None
    name = "+" if k == SECOND else KINDS[k]
    r = st.toks[b]
    return name if r < 0 else f"{name}:{RICHES[r]}"


def public_json(st: BalamState) -> dict[str, Any]:
    """Everything public: the board, the kings, the round; the Katun cards only as counts."""
    board = st.board
    names = board.names
    sites = {}
    for s in board.sites:
        base = s * MAX_PLOTS
        entry: dict[str, Any] = {
            "owner": None if st.owner[s] < 0 else st.owner[s],
            "plots": [_plot_text(st, base + p) for p in range(board.plots[s])],
        }
        if any(st.ctrl[s]):
            entry["pyramids"] = list(st.ctrl[s])
        sites[names[s]] = entry
    war = None
    if st.war is not None:
        war = dict(st.war)
        war["source"] = names[war["source"]]
        war["target"] = names[war["target"]]
    return {
        "game": "balam",
        "version": st.game.version,
        "players": st.players,
        "options": dict(st.options),
        "ply": st.ply,
        "round": st.round,
        "phase": st.phase,
        "current": st.current,
        "round_first": st.round_first,
        "to_move": list(st.to_move),
        "sites": sites,
        "kings": [
            {
                "riches": {RICHES[r]: st.chest[q][r] for r in range(6) if st.chest[q][r]},
                "prestige": st.prestige[q],
            }
            for q in range(st.players)
        ],
        "supply": {RICHES[r]: st.supply[r] for r in range(6)},
        "katun": {
            "deck": len(st.deck),
            "layout": st.layout,
            "discard": [TEXT[c] for c in st.discard],
            "ball_games": st.ball_games,
            "eclipse": st.eclipse,
        },
        "turn": {
            "lock": None if st.lock < 0 else names[st.lock],
            "due": st.due,
            "attacked": st.attacked,
            "war": war,
            "losses": [[KINDS[k], n, None if s < 0 else names[s]] for k, n, s in st.losses],
            "after": st.after,
            "card": None if st.card < 0 else TEXT[st.card],
            "ward": st.warding,
            "offered": [names[c] for c in st.offered],
        },
        "distribution": {
            "done": list(st.done),
            "moved": [f"{names[b // MAX_PLOTS]}.{b % MAX_PLOTS}" for b in sorted(st.moved)],
        },
        "last_roll": [face_text(f) for f in st.last_roll],
        "log": list(st.log),
        "bonus": st.bonus,
        "rounds": list(st.history),
        "round_tally": copy_tally(st.tally),
    }


# -- loading ---------------------------------------------------------------------------------------
def _riches(value: Any, where: str) -> int:
    if value not in RICHES:
        raise InvalidState(f"{where}: {value!r} is not a riches ({', '.join(RICHES)})")
    return RICHES.index(value)


def _pos(st: BalamState, text: Any, where: str) -> int:
    try:
        name, plot = str(text).split(".")
        s = st.board.index(name)
        p = int(plot)
    except (ValueError, KeyError):
        raise InvalidState(f"{where}: {text!r} is not a SITE.PLOT of this board") from None
    if not 0 <= p < st.board.plots[s]:
        raise InvalidState(f"{where}: site {name} has no plot {p}")
    return s * MAX_PLOTS + p


def _site(st: BalamState, name: Any, where: str) -> int:
    if name not in st.board.names:
        raise InvalidState(f"{where}: {name!r} is not a site of this board")
    return st.board.index(name)


def load_position(game: Balam, data: dict[str, Any]) -> BalamState:
    from gametable.games.balam.state import BalamState

    head = read_header(game, data)
    players, options = head.players, head.options
    st = BalamState(game, players, head.seed, options)
    st.rng, st.ply = head.rng, head.ply
    st.round = _int(data.get("round", 1), "round", 1)
    phase = data.get("phase", "turn")
    if phase not in PHASES:
        raise InvalidState(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    st.phase = phase
    st.current = _int(data.get("current", 0), "current", 0, players - 1)
    st.round_first = _int(data.get("round_first", st.current), "round_first", 0, players - 1)
    _load_sites(st, data.get("sites", {}))
    _load_kings(st, data.get("kings"))
    _load_katun(st, data.get("katun", {}))
    _load_turn(st, data.get("turn", {}))
    _load_distribution(st, data.get("distribution", {}))
    _check_supply(st, data.get("supply"))
    roll = data.get("last_roll", [])
    if not isinstance(roll, list):
        raise InvalidState("last_roll must be a list of die faces")
    st.last_roll = [SKULL if f == "X" else _int(int(f), "last_roll", 0, 3) for f in roll]
    log = data.get("log", [])
    if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
        raise InvalidState("log must be a list of sentences")
    st.log = list(log)
    bonus = data.get("bonus")
    if bonus is not None:
        if not isinstance(bonus, list) or len(bonus) != players:
            raise InvalidState("bonus must list one riches bonus per seat")
        bonus = [_int(x, "bonus", 0) for x in bonus]
    st.bonus = bonus
    _load_history(st, data)
    if "to_move" in data and list(data["to_move"]) != list(st.to_move):
        raise InvalidState(
            f"to_move {data['to_move']} does not match the phase: it is {list(st.to_move)}"
        )
    return st


def _load_history(st: BalamState, data: dict[str, Any]) -> None:
    """``rounds`` (finished rounds, default none), ``round_tally`` (the current round's account;
    default: prestige as it is now, production read off the villages during distribution) and
    ``stats`` (event counts, default zeros)."""
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise InvalidState("rounds must be a list of finished rounds (objects)")
    st.history = rounds
    n = st.players
    tally = data.get("round_tally")
    if tally is None:
        st.tally = new_tally(st.prestige)
        if st.phase == DIST:
            for b, k in enumerate(st.kinds):
                if k == VILLAGE and st.toks[b] >= 0 and st.owner[b >> 2] >= 0:
                    made = st.tally["production"][st.owner[b >> 2]]
                    made[RICHES[st.toks[b]]] = made.get(RICHES[st.toks[b]], 0) + 1
    else:
        if not isinstance(tally, dict):
            raise InvalidState("round_tally must be an object")

        def seats(value: Any, where: str) -> list[int]:
            if not isinstance(value, list) or len(value) != n:
                raise InvalidState(f"round_tally.{where} must list {n} numbers, one per seat")
            return [_int(v, f"round_tally.{where}", 0) for v in value]

        out = new_tally(st.prestige)
        if "score_before" in tally:
            out["score_before"] = seats(tally["score_before"], "score_before")
        if "buildings_lost" in tally:
            out["buildings_lost"] = seats(tally["buildings_lost"], "buildings_lost")
        prestige = tally.get("prestige", {})
        if not isinstance(prestige, dict) or any(k not in PRESTIGE_SOURCES for k in prestige):
            raise InvalidState(
                f"round_tally.prestige maps {', '.join(PRESTIGE_SOURCES)} to one number per seat"
            )
        for src, value in prestige.items():
            out["prestige"][src] = seats(value, f"prestige.{src}")
        production = tally.get("production", [{} for _ in range(n)])
        if not isinstance(production, list) or len(production) != n:
            raise InvalidState(f"round_tally.production must list {n} objects, one per seat")
        for q, made in enumerate(production):
            if not isinstance(made, dict):
                raise InvalidState("round_tally.production maps riches names to counts")
            out["production"][q] = {
                RICHES[_riches(r, "round_tally.production")]: _int(v, "round_tally.production", 0)
                for r, v in made.items()
            }
        st.tally = out
    stats = data.get("stats", {})
    if not isinstance(stats, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
        for k, v in stats.items()
    ):
        raise InvalidState("stats must map event names to counts")
    st.stats = Counter(stats)


def _load_sites(st: BalamState, sites: Any) -> None:
    if not isinstance(sites, dict):
        raise InvalidState("sites must map site names to {owner, plots}")
    board = st.board
    for name, entry in sites.items():
        s = _site(st, name, "sites")
        if not isinstance(entry, dict):
            raise InvalidState(f"sites.{name} must be an object with owner and plots")
        plots = entry.get("plots", [])
        if not isinstance(plots, list):
            raise InvalidState(f"sites.{name}.plots must be a list")
        n = board.plots[s]
        if len(plots) > n:
            raise InvalidState(
                f"site {name} has {n} plots but {len(plots)} are given: the site is full"
            )
        owner = entry.get("owner")
        if isinstance(owner, list):
            raise InvalidState(f"site {name} is held by one king at most, not {owner}")
        base = s * MAX_PLOTS
        for p, text in enumerate(plots):
            if text is None:
                continue
            if not isinstance(text, str):
                raise InvalidState(f"sites.{name}.plots[{p}] must be a building name or null")
            kind_text, _, tok = text.partition(":")
            if kind_text == "+":
                st.kinds[base + p] = SECOND
            elif kind_text in KINDS:
                st.kinds[base + p] = KINDS.index(kind_text)
            else:
                raise InvalidState(
                    f"site {name} plot {p}: {kind_text!r} is not a building "
                    f"({', '.join(KINDS)}, or + for the second plot of a palace "
                    "or temple)"
                )
            if tok:
                st.toks[base + p] = _riches(tok, f"site {name} plot {p}")
        for p in range(n):
            k = st.kinds[base + p]
            if 0 <= k < 8 and DOUBLE[k]:
                q = board.second_plot(s, p)
                if q is None or st.kinds[base + q] != SECOND:
                    raise InvalidState(
                        f'site {name}: the {KINDS[k]} on plot {p} needs the next plot, marked "+"'
                    )
            if k == SECOND:
                a = (p - 1) % n
                if not (
                    board.second_plot(s, a) == p
                    and 0 <= st.kinds[base + a] < 8
                    and DOUBLE[st.kinds[base + a]]
                ):
                    raise InvalidState(
                        f'site {name}: plot {p} is marked "+" but no palace or '
                        "temple stands just before it"
                    )
        built = any(st.kinds[base + p] != EMPTY for p in range(n))
        if owner is None:
            if built:
                raise InvalidState(f"site {name} has buildings, so it needs an owner")
        else:
            st.owner[s] = _int(owner, f"sites.{name}.owner", 0, st.players - 1)
            if not built:
                raise InvalidState(
                    f"site {name} has an owner but no building: a site without "
                    "buildings belongs to nobody"
                )
    for s in board.sites:
        base = s * MAX_PLOTS
        for p in range(board.plots[s]):
            _check_token(st, s, p)
            if st.kinds[base + p] == MARKET:
                o = st.owner[s]
                st.ctrl[s][o] += 1
                for t in board.neighbours[s]:
                    st.ctrl[t][o] += 1
    for name, entry in sites.items():
        given = entry.get("pyramids")
        s = board.index(name)
        if given is not None and list(given) != st.ctrl[s]:
            raise InvalidState(
                f"site {name}: small pyramids {given} do not match the markets "
                f"around it ({st.ctrl[s]})"
            )
    used = st.tiles_used()
    for tile, n in enumerate(used):
        if n > TILE_LIMIT[tile]:
            raise InvalidState(
                f"{n} {TILE_NAMES[tile]} tiles are built but there are only {TILE_LIMIT[tile]}"
            )
    for q in range(st.players):
        if st.owner.count(q) > LARGE_PYRAMIDS:
            raise InvalidState(
                f"seat {q} holds {st.owner.count(q)} sites but has only "
                f"{LARGE_PYRAMIDS} large pyramids"
            )
        if st.small_used(q) > SMALL_PYRAMIDS:
            raise InvalidState(
                f"seat {q}'s markets need {st.small_used(q)} small pyramids but "
                f"a king has {SMALL_PYRAMIDS}"
            )


def _check_token(st: BalamState, s: int, p: int) -> None:
    b = s * MAX_PLOTS + p
    r = st.toks[b]
    if r < 0:
        return
    k = st.kinds[b]
    where = f"site {st.board.names[s]} plot {p}"
    if k == SECOND:
        anchor = s * MAX_PLOTS + (p - 1) % st.board.plots[s]
        k = st.kinds[anchor]
    if k == GARRISON and r not in (OBSIDIAN, PRISONER):
        raise InvalidState(f"{where}: a garrison holds only an obsidian or a prisoner")
    if k in (TEMPLE, PALACE) and st.phase != DIST:
        raise InvalidState(f"{where}: temples and palaces hold riches only during distribution")
    if k == VILLAGE:
        if st.phase != DIST:
            raise InvalidState(f"{where}: villages hold their product only during distribution")
        if r != st.board.colour[s]:
            raise InvalidState(
                f"{where}: a village here produces {RICHES[st.board.colour[s]]}, not {RICHES[r]}"
            )
    if k in (MARKET, COURT, 6):
        raise InvalidState(f"{where}: a {KINDS[k]} holds no riches")


def _load_kings(st: BalamState, kings: Any) -> None:
    if not isinstance(kings, list) or len(kings) != st.players:
        raise InvalidState(f"kings must list {st.players} kings, one per seat")
    for q, king in enumerate(kings):
        if not isinstance(king, dict):
            raise InvalidState(f"kings[{q}] must be an object with riches and prestige")
        riches = king.get("riches", {})
        if not isinstance(riches, dict):
            raise InvalidState(f"kings[{q}].riches must map riches names to counts")
        for name, n in riches.items():
            st.chest[q][_riches(name, f"kings[{q}].riches")] = _int(n, f"kings[{q}].{name}", 0)
        st.prestige[q] = _int(king.get("prestige", 0), f"kings[{q}].prestige", 0)


def _check_supply(st: BalamState, given: Any) -> None:
    held = [0] * 6
    for chest in st.chest:
        for r in range(6):
            held[r] += chest[r]
    for r in st.toks:
        if r >= 0:
            held[r] += 1
    for r in range(6):
        st.supply[r] = SUPPLY[r] - held[r]
        if st.supply[r] < 0:
            raise InvalidState(
                f"{held[r]} {RICHES[r]} tokens are in play but the game has only {SUPPLY[r]}"
            )
    if given is not None:
        want = {RICHES[r]: st.supply[r] for r in range(6)}
        if dict(given) != want:
            raise InvalidState(
                f"supply {dict(given)} does not match the tokens in play: it is {want}"
            )


def _load_katun(st: BalamState, katun: Any) -> None:
    if not isinstance(katun, dict):
        raise InvalidState("katun must be an object")
    pool: dict[str, list[int]] = {}
    for c in range(len(TEXT) - 1, -1, -1):
        pool.setdefault(TEXT[c], []).append(c)

    def take(text: Any, where: str) -> int:
        ids = pool.get(text) if isinstance(text, str) else None
        if ids is None:
            raise InvalidState(f"{where}: {text!r} is not a Katun card")
        if not ids:
            raise InvalidState(f"{where}: there are no more {text!r} cards in the deck")
        return ids.pop()

    discard = katun.get("discard", [])
    slots = katun.get("slots", [])
    if not isinstance(discard, list) or not isinstance(slots, list):
        raise InvalidState("katun.discard and katun.slots must be lists")
    if len(slots) > st.players + 1:
        raise InvalidState(f"a round lays out {st.players + 1} Katun cards, not {len(slots)}")
    st.discard = [take(t, "katun.discard") for t in discard]
    st.slots = [-1 if t is None else take(t, "katun.slots") for t in slots]
    deck = katun.get("deck")
    if isinstance(deck, list):
        st.deck = [take(t, "katun.deck") for t in reversed(deck)]
        rest = [c for ids in pool.values() for c in ids]
        if rest:
            raise InvalidState(
                f"every Katun card must be somewhere; missing: "
                f"{sorted(TEXT[c] for c in rest)} (or leave out the deck to have "
                "the rest shuffled into it)"
            )
    else:
        rest = sorted(c for ids in pool.values() for c in ids)
        Rng(st.seed ^ 0xDEC).shuffle(rest)  # never the state's own RNG
        st.deck = rest
    layout = katun.get("layout", False)
    if not isinstance(layout, bool):
        raise InvalidState(f"katun.layout must be true or false, not {layout!r}")
    if layout:
        _check_layout(st)
    st.layout = layout
    peeks = katun.get("peeks", [[] for _ in range(st.players)])
    if not isinstance(peeks, list) or len(peeks) != st.players:
        raise InvalidState(f"katun.peeks must list {st.players} lists of slot numbers")
    for q, seen in enumerate(peeks):
        mask = 0
        for i in seen:
            mask |= 1 << _int(i, f"katun.peeks[{q}]", 0, len(st.slots) - 1)
        st.peeks[q] = mask
    st.ball_games = sum(1 for c in st.discard if KIND[c] == "ball_game")
    st.eclipse = any(KIND[c] == "eclipse" for c in st.discard)
    for key, value in (("ball_games", st.ball_games), ("eclipse", st.eclipse)):
        if key in katun and katun[key] != value:
            raise InvalidState(f"katun.{key} is {katun[key]!r} but the discard pile says {value!r}")


def _check_layout(st: BalamState) -> None:
    """``layout: true`` says the deck was built as the rulebook says: the cards not yet turned
    must sit where such a deck puts them (``katun.deck_places``)."""
    places = deck_places()
    drawn = st.places_dealt()
    face_down = sum(1 for c in st.slots if c >= 0)
    if drawn < 0 or len(st.discard) + len(st.deck) + face_down != len(places):
        raise InvalidState("katun.layout: the whole deck of the rulebook must be in play")
    order = [*st.slots, *reversed(st.deck)]
    for i, c in enumerate(order):
        if c >= 0 and not fits_place(c, places[drawn + i]):
            raise InvalidState(
                f"katun.layout: {TEXT[c]!r} cannot lie at place {drawn + i + 1} of "
                f"a deck built as the rulebook says (a {places[drawn + i]} place)"
            )
    eclipse_seen = any(KIND[c] == "eclipse" for c in st.discard)
    window = [
        drawn + i for i, c in enumerate(order) if c >= 0 and places[drawn + i] == ECLIPSE_WINDOW
    ]
    if not eclipse_seen and not any(KIND[order[p - drawn]] == "eclipse" for p in window):
        raise InvalidState("katun.layout: the Eclipse must lie in its window of the deck")


def _load_turn(st: BalamState, turn: Any) -> None:
    if not isinstance(turn, dict):
        raise InvalidState("turn must be an object")
    lock = turn.get("lock")
    st.lock = -1 if lock is None else _site(st, lock, "turn.lock")
    st.due = _int(turn.get("due", 0), "turn.due", 0, 2)
    st.attacked = bool(turn.get("attacked", False))
    war = turn.get("war")
    if war is not None:
        if not isinstance(war, dict):
            raise InvalidState("turn.war must be an object")
        st.war = {
            "source": _site(st, war.get("source"), "turn.war.source"),
            "target": _site(st, war.get("target"), "turn.war.target"),
            "garrisons": _int(war.get("garrisons", 1), "turn.war.garrisons", 1, MAX_PLOTS),
            "obsidian": _int(war.get("obsidian", 0), "turn.war.obsidian", 0, MAX_PLOTS),
            "defender": _int(war.get("defender", 0), "turn.war.defender", 0, st.players - 1),
            "points": _int(war.get("points", 0), "turn.war.points", 0),
            "defence_obsidian": _int(
                war.get("defence_obsidian", 0), "turn.war.defence_obsidian", 0
            ),
            "destroyed": _int(war.get("destroyed", 0), "turn.war.destroyed", 0),
        }
    elif st.phase in (DEFEND, DESTROY):
        raise InvalidState(f"phase {st.phase} needs turn.war")
    losses = turn.get("losses", [])
    if not isinstance(losses, list):
        raise InvalidState("turn.losses must be a list of [building, count, site or null]")
    st.losses = []
    for item in losses:
        if not isinstance(item, list) or len(item) != 3 or item[0] not in KINDS:
            raise InvalidState(f"turn.losses: {item!r} is not [building, count, site or null]")
        site = -1 if item[2] is None else _site(st, item[2], "turn.losses")
        st.losses.append([KINDS.index(item[0]), _int(item[1], "turn.losses count", 0), site])
    if st.phase == LOSE and not st.losses:
        raise InvalidState("phase lose needs turn.losses")
    st.after = str(turn.get("after", ""))
    card = turn.get("card")
    st.card = -1
    if card is not None:
        matches = [c for c in st.discard if TEXT[c] == card]
        if not matches:
            raise InvalidState(f"turn.card {card!r} must be a card of the discard pile")
        st.card = matches[-1]
    elif st.phase in ("choose", "offer"):
        raise InvalidState(f"phase {st.phase} needs turn.card, the Katun card being resolved")
    st.offered = [_site(st, c, "turn.offered") for c in turn.get("offered", [])]
    st.warding = _int(turn.get("ward", 0), "turn.ward", 0, 2)
    if st.warding:
        if st.phase != CHOOSE or st.card < 0 or KIND[st.card] not in CATASTROPHES:
            raise InvalidState(
                "turn.ward (riches the Mayas still owe) needs phase choose and a "
                "catastrophe as turn.card"
            )
        riches = CATASTROPHE[KIND[st.card]][0]
        held = len(mayas_riches(st, st.current, riches))
        if held < st.warding:
            raise InvalidState(
                f"turn.ward is {st.warding} but seat {st.current}'s reserves and "
                f"garrisons hold only {held} {RICHES[riches]}"
            )
    if st.phase in (TURN, ACT) and not any(c >= 0 for c in st.slots):
        raise InvalidState(
            "during the turns at least one Katun card of the round lies face "
            "down (when the last is turned, the round is over)"
        )


def _load_distribution(st: BalamState, dist: Any) -> None:
    if not isinstance(dist, dict):
        raise InvalidState("distribution must be an object")
    done = dist.get("done", [False] * st.players)
    if not isinstance(done, list) or len(done) != st.players:
        raise InvalidState(f"distribution.done must list {st.players} flags")
    st.done = [bool(x) for x in done]
    st.moved = {_pos(st, x, "distribution.moved") for x in dist.get("moved", [])}
    if st.phase == "distribution" and all(st.done):
        raise InvalidState("in the distribution phase at least one seat is not done")
