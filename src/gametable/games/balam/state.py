"""The state of a Balam game: the board, the kings, the Katun cards and where the round stands.

Buildings live in two flat arrays indexed by ``b = 4 * site + plot``: ``kinds[b]`` (EMPTY, a
building kind on its anchor plot, or SECOND on the other plot of a palace/temple) and ``toks[b]``
(the riches lying there or -1; a palace or temple holds its second riches on its SECOND plot).
``ctrl[site][seat]`` counts small pyramids; ``owner[site]`` is the seat whose large pyramid
stands there (-1: nobody).  The Katun deck is a list with its top card last; ``slots`` are the
round's face-down cards (-1 once turned); ``peeks[seat]`` is a bit mask of the slots that seat has
looked at.

Rules live beside it: ``legal`` lists and checks actions; ``flow`` applies them, with ``wars``,
``events`` (Katun cards) and ``distribution`` (the end of a round).  Phases: ``turn`` (pay a
riches or turn a Katun card), ``act`` (build / remove / attack / end),
``cost`` (pay a building's riches one at a time), ``defend`` (the defender's obsidian),
``lose`` (choose buildings lost), ``destroy`` (the attacker chooses buildings), ``choose`` (a
Katun choice; with ``warding`` > 0, which of the Mayas' riches pay for a catastrophe),
``offer`` (cenote sacrifices), ``distribution`` (every seat not yet done),
``over``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gametable.core.protocol import Action, Outcome, State
from gametable.core.rng import Rng, as_rng
from gametable.games.balam.actions import (
    Build,
    Destroy,
    Lose,
    PayFrom,
    Remove,
    codec,
)
from gametable.games.balam.board import (
    BASE_COST,
    DOUBLE,
    EMPTY,
    KINDS,
    LARGE_PYRAMIDS,
    MAIZE,
    MARKET,
    MAX_PLOTS,
    OBSERVATORY,
    PALACE,
    RICHES,
    SECOND,
    SMALL_PYRAMIDS,
    SPECIAL_COST,
    SUPPLY,
    TEMPLE,
    TILE_OF,
    Board,
    board_json,
    load_board,
)
from gametable.games.balam.distribution import reach, usable_mask
from gametable.games.balam.katun import (
    BALL_PLACE,
    ECLIPSE_WINDOW,
    KIND,
    OTHER_PLACE,
    PROSPEROUS_PLACE,
    TEXT,
    build_deck,
    deck_places,
)
from gametable.games.balam.phases import DEFEND, DIST, OVER, TURN
from gametable.games.balam.scoring import (
    SCORE_CAP,
    divination_peeks,
)
from gametable.games.balam.tally import PRESTIGE_SOURCES, copy_tally, new_tally
from gametable.games.balam.wars import parse_faces

if TYPE_CHECKING:
    from gametable.games.balam import Balam

__all__ = ["EVENTS", "PRESTIGE_SOURCES", "BalamState"]

_PLURAL = {"observatory": "observatories"}
#: the keys of :meth:`BalamState.event_counts`, always all present
EVENTS = (
    "rounds",
    "wars",
    "wars_won",
    "wars_lost",
    "buildings_destroyed",
    "prisoners_taken",
    "garrisons_lost_in_war",
    "devastated_cities",
    "catastrophes",
    "catastrophes_paid",
    "catastrophes_suffered",
    "catastrophes_harmless",
    "buildings_lost_to_catastrophes",
    "cities_lost_to_catastrophes",
    *(f"prestige_{src}" for src in PRESTIGE_SOURCES),
    "katun_cards_turned",
    "ball_games",
    "cenote_offerings",
    "dowries",
    "buildings_built",
    *(f"{_PLURAL.get(k, k + 's')}_built" for k in KINDS),
    "buildings_removed",
    "riches_produced",
    "taxes_collected",
    "chaak_maize",
)


_TABLES: dict[str, tuple] = {}


def _tables(board: Board) -> tuple:
    """Shared action objects per board, so legal_actions allocates little."""
    t = _TABLES.get(board.name)
    if t is None:
        pos = [(board.names[b // MAX_PLOTS], b % MAX_PLOTS) for b in range(board.size)]
        build = [[Build(k, *pos[b]) for b in range(board.size)] for k in range(8)]
        remove = [Remove(*p) for p in pos]
        lose = [Lose(*p) for p in pos]
        destroy = [Destroy(*p) for p in pos]
        pay_from = [PayFrom(*p) for p in pos]
        t = _TABLES[board.name] = (pos, build, remove, lose, destroy, pay_from)
    return t


MEMO_SIZE = 4096  # entries kept in each transport memo before it starts afresh


class BalamState(State):
    def __init__(self, game: Balam, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.ply = 0
        self._setup_board(options["board"])
        S, N = len(self.board.names), players
        self.round = 0
        self.phase = TURN
        self.current = options["first_player"]
        self.round_first = options["first_player"]
        self.kinds = [EMPTY] * self.board.size
        self.toks = [-1] * self.board.size
        self.owner = [-1] * S
        self.ctrl = [[0] * N for _ in range(S)]
        self.chest = [[0] * 6 for _ in range(N)]
        self.prestige = [0] * N
        self.supply = list(SUPPLY)
        self.deck: list[int] = []
        #: the deck was built as the rulebook says (public: resampling keeps its structure)
        self.layout = False
        self.slots: list[int] = []
        self.peeks = [0] * N
        self.discard: list[int] = []
        self.ball_games = 0
        self.eclipse = False
        self.lock = -1
        self.due = 0
        self.attacked = False
        self.war: dict[str, int] | None = None
        self.losses: list[list[int]] = []
        self.after = ""
        self.card = -1
        #: riches the Mayas still owe for the catastrophe being warded off (the king chooses)
        self.warding = 0
        self.offered: list[int] = []
        self.done = [False] * N
        self.moved: set[int] = set()
        self.last_roll: list[int] = []
        self.log: list[str] = []
        self.bonus: list[int] | None = None
        #: counts of notable events (see :meth:`event_counts`)
        self.stats: Counter[str] = Counter()
        #: finished rounds, oldest first (append-only; replaced, never changed in place)
        self.history: list[dict[str, Any]] = []
        #: the current round's account (see :func:`new_tally`)
        self.tally: dict[str, Any] = new_tally(self.prestige)
        self._cache: tuple | None = None
        #: memos of transport (pure functions of the board, owners and small pyramids), shared
        #: by clones: open sites by (seat, owners, pyramids), reach by (open sites, site)
        self._open: dict[tuple, int] = {}
        self._reach: dict[tuple[int, int], int] = {}

    def _setup_board(self, name: str) -> None:
        self.board = load_board(name)
        self.codec = codec(self.board, self.players)
        self.tables = _tables(self.board)
        self.faces = parse_faces(self.options["faces"])

    @property
    def target_ball_games(self) -> int:
        n = self.options["ball_games"]
        return self.players if n is None else n

    # -- setup ("Setup") ---------------------------------------------------------------------------
    def setup(self) -> None:
        """Build the deck, give each king 6 maize, start round 1."""
        self.deck = build_deck(self.rng)
        self.layout = True
        for seat in range(self.players):
            self.gain(seat, MAIZE, 6)
        self.start_round()

    def gain(self, seat: int, riches: int, n: int = 1) -> int:
        """Riches from the supply to a king's sheet, as far as the supply lasts."""
        got = min(n, self.supply[riches])
        self.supply[riches] -= got
        self.chest[seat][riches] += got
        return got

    def add_prestige(self, seat: int, points: int, source: str) -> None:
        """Prestige won from ``source`` (one of :data:`PRESTIGE_SOURCES`), counted as gained
        (the score cap may take some of it)."""
        before = self.prestige[seat]
        total = before + points
        self.prestige[seat] = min(total, SCORE_CAP) if self.options["score_cap"] else total
        gained = self.prestige[seat] - before
        if gained:
            self.stats[f"prestige_{source}"] += gained
            self.tally["prestige"][source][seat] += gained

    def lost_buildings(self, seat: int, n: int = 1) -> None:
        """``seat`` lost ``n`` buildings (war, catastrophe) this round."""
        if seat >= 0:
            self.tally["buildings_lost"][seat] += n

    def record_round(
        self, taxes: list[dict[str, int]], lost: list[dict[str, int]], chaak: list[int]
    ) -> None:
        """The round's entry in ``history`` (the ``rounds`` of the view), at its close."""
        t = self.tally
        seats = []
        for q in range(self.players):
            prestige = {src: t["prestige"][src][q] for src in PRESTIGE_SOURCES}
            seats.append(
                {
                    "production": dict(t["production"][q]),
                    "ceremony": prestige["ceremony"],
                    "cenote": prestige["cenote"],
                    "ball_game": prestige["ball_game"],
                    "prosperous": prestige["prosperous"],
                    "bonus": prestige["bonus"],
                    "taxes": dict(taxes[q]),
                    "chaak": chaak[q],
                    "riches_lost": dict(lost[q]),
                    "buildings_lost": t["buildings_lost"][q],
                    "score_before": t["score_before"][q],
                    "score_after": self.prestige[q],
                }
            )
        self.history = [
            *self.history,
            {
                "round": self.round,
                "eclipse": self.eclipse,
                "final": self.phase == OVER,
                "seats": seats,
            },
        ]

    def note(self, text: str) -> None:
        self.log = [*self.log[-29:], text]

    def order_from(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    # -- A - start of the round, divination --------------------------------------------------------
    def start_round(self) -> None:
        self.round += 1
        n = min(self.players + 1, len(self.deck))
        self.slots = [self.deck.pop() for _ in range(n)]
        self.peeks = [0] * self.players
        counts = [self.count_kind(seat, OBSERVATORY) for seat in range(self.players)]
        for seat, k in enumerate(divination_peeks(counts, self.players)):
            if k >= self.players:
                self.peeks[seat] = (1 << min(k, n)) - 1
            elif k:
                self.peeks[seat] = 1 << (n - 1) if counts[seat] < max(counts) else 1
        self.current = self.round_first
        self.phase = TURN
        self.tally = new_tally(self.prestige)
        self.clear_turn()
        self.note(f"round {self.round}: {n} Katun cards laid out; seat {self.current} begins")

    def clear_turn(self) -> None:
        self.lock = -1
        self.due = 0
        self.attacked = False
        self.war = None
        self.losses = []
        self.after = ""
        self.card = -1
        self.warding = 0
        self.offered = []

    def end_turn(self) -> None:
        if all(c < 0 for c in self.slots):
            from gametable.games.balam.distribution import end_round

            end_round(self)
            return
        self.current = (self.current + 1) % self.players
        self.phase = TURN
        self.clear_turn()

    # -- counting ---------------------------------------------------------------------------------
    def count_kind(self, seat: int, kind: int) -> int:
        owner = self.owner
        return sum(1 for b, k in enumerate(self.kinds) if k == kind and owner[b >> 2] == seat)

    def cities(self, seat: int) -> int:
        return self.owner.count(seat)

    def tiles_used(self) -> list[int]:
        used = [0, 0, 0, 0]
        for k in self.kinds:
            if 0 <= k < 8:
                used[TILE_OF[k]] += 1
        return used

    def small_used(self, seat: int) -> int:
        return sum(row[seat] for row in self.ctrl)

    def buildings_of(self, seat: int, kind: int, site: int = -1) -> list[int]:
        owner = self.owner
        if site >= 0:
            if owner[site] != seat:
                return []
            base = site * MAX_PLOTS
            return [base + p for p in range(self.board.plots[site]) if self.kinds[base + p] == kind]
        return [b for b, k in enumerate(self.kinds) if k == kind and owner[b >> 2] == seat]

    def anchors(self, site: int) -> list[int]:
        base = site * MAX_PLOTS
        return [base + p for p in range(self.board.plots[site]) if 0 <= self.kinds[base + p] < 8]

    def second_b(self, b: int) -> int:
        s, p = divmod(b, MAX_PLOTS)
        q = self.board.second_plot(s, p)
        assert q is not None
        return s * MAX_PLOTS + q

    # -- building and losing buildings -------------------------------------------------------------
    def erect(self, seat: int, kind: int, b: int) -> None:
        s = b >> 2
        if self.owner[s] == -1:
            self.owner[s] = seat
        self.kinds[b] = kind
        if DOUBLE[kind]:
            self.kinds[self.second_b(b)] = SECOND
        if kind == MARKET:
            self.ctrl[s][seat] += 1
            for t in self.board.neighbours[s]:
                self.ctrl[t][seat] += 1

    def demolish(self, b: int) -> None:
        """A building goes: riches on it to the supply, a market's small pyramids with it; a site
        with no building left belongs to nobody ("3 - WARS > DEVASTATED CITY")."""
        s = b >> 2
        kind = self.kinds[b]
        plots = [b, self.second_b(b)] if DOUBLE[kind] else [b]
        for x in plots:
            if self.toks[x] >= 0:
                self.supply[self.toks[x]] += 1
                self.toks[x] = -1
            self.kinds[x] = EMPTY
        seat = self.owner[s]
        if kind == MARKET and seat >= 0:
            self.ctrl[s][seat] -= 1
            for t in self.board.neighbours[s]:
                self.ctrl[t][seat] -= 1
        if not self.anchors(s):
            self.owner[s] = -1

    # -- the protocol -----------------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == DIST:
            return tuple(s for s in range(self.players) if not self.done[s])
        if phase == DEFEND:
            return (self.war["defender"],)  # type: ignore[index]
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = list(self.prestige)
        if self.options["ties"] == "cities":
            keys = [(scores[s], self.cities(s)) for s in range(self.players)]
            distinct = sorted(set(keys), reverse=True)
            ranking = tuple(distinct.index(k) + 1 for k in keys)
            winners = tuple(s for s, r in enumerate(ranking) if r == 1)
            return Outcome(
                tuple(scores),
                ranking,
                winners,
                "the most prestige wins; ties go to the most cities",
            )
        return Outcome.from_scores(scores, reason="the most prestige points wins")

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        moving = self.to_move
        if not moving:
            return []
        if seat is None:
            seat = moving[0]
        elif seat not in moving:
            return []
        cache = self._cache
        if cache is not None and cache[0] == self.ply and cache[1] == seat:
            return list(cache[2])
        out = self._legal(seat)
        self._cache = (self.ply, seat, out)
        return list(out)

    def _legal(self, seat: int) -> list[Action]:
        from gametable.games.balam import legal

        return legal.legal_actions(self, seat)

    def check_action(self, action: Action, seat: int) -> None:
        from gametable.games.balam import legal

        legal.check(self, action, seat)

    def _apply(self, action: Action, seat: int) -> None:
        from gametable.games.balam import flow

        self._cache = None
        flow.apply(self, action, seat)

    def describe(self, action: Action, seat: int | None = None) -> str:
        """A short sentence for people (public information only: the board, the kings' sheets,
        the Katun cards turned; never a face-down card)."""
        try:
            return self._describe(action, seat)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            return f"seat {seat}: {action}"

    def _building_words(self, site: str, plot: int, seat: int | None = None) -> str:
        """``seat 2's temple on c3.1`` (or ``the empty plot c3.1``)."""
        b = self.codec.b(site, plot)
        kind = self.kinds[b]
        owner = self.owner[b >> 2]
        if not 0 <= kind < 8:
            return f"the plot {site}.{plot}"
        whose = "its" if owner == seat else f"seat {owner}'s"
        text = f"{whose} {KINDS[kind]} on {site}.{plot}"
        tok = self.toks[b]
        return text + (f" (holding 1 {RICHES[tok]})" if tok >= 0 else "")

    def _describe(self, action: Action, seat: int | None) -> str:
        from gametable.games.balam import actions as a
        from gametable.games.balam.katun import CARDS, CATASTROPHE, KIND
        from gametable.games.balam.phases import COST, OFFER
        from gametable.games.balam.scoring import CENOTE_FACTOR, CEREMONY

        if seat is None:
            seat = self.to_move[0] if self.to_move else self.current
        who = f"seat {seat}"
        names = self.board.names
        card_kind = KIND[self.card] if self.card >= 0 else ""
        if isinstance(action, a.Pay):
            r = RICHES[action.riches]
            if self.phase == COST and self.lock >= 0:
                left = self.due - 1
                return f"{who} pays 1 {r} towards the building on {names[self.lock]}" + (
                    f" ({left} more to pay)" if left > 0 else " (paid in full)"
                )
            return f"{who} pays 1 {r} for the turn, to build, attack or pass"
        if isinstance(action, a.TurnKatun):
            left = sum(1 for c in self.slots if c >= 0) - 1
            return f"{who} turns over face-down Katun card {action.slot}" + (
                " (the last of the round: production and distribution follow)"
                if left == 0
                else f" ({left} left face down)"
            )
        if isinstance(action, a.Build):
            s = self.board.index(action.site)
            kind = KINDS[action.kind]
            where = (
                f"plots {action.plot} and {self.board.second_plot(s, action.plot)}"
                if DOUBLE[action.kind]
                else f"plot {action.plot}"
            )
            held = self.owner[s]
            site = (
                f"its city {action.site}"
                if held == seat
                else f"the free {RICHES[self.board.colour[s]]} site {action.site}"
            )
            cost = BASE_COST[action.kind]
            special = SPECIAL_COST[action.kind]
            pay = (
                f"for 1 {RICHES[special]}"
                if special is not None
                else f"for {cost} riches, paid next"
                if cost
                else ""
            )
            article = "an" if kind[0] in "aeiou" else "a"
            return f"{who} builds {article} {kind} on {where} of {site}" + (
                f" {pay}" if pay else ""
            )
        if isinstance(action, a.Remove):
            return (
                f"{who} removes its {KINDS[self.kinds[self.codec.b(action.site, action.plot)]]}"
                f" on {action.site}.{action.plot}, freeing the plot"
            )
        if isinstance(action, a.Attack):
            t = self.board.index(action.target)
            obs = f", spending {action.obsidian} obsidian" if action.obsidian else ""
            return (
                f"{who} attacks seat {self.owner[t]}'s city {action.target} from "
                f"{action.source} with {action.garrisons} garrison"
                f"{'s' if action.garrisons != 1 else ''}{obs}"
            )
        if isinstance(action, a.End):
            if self.phase == OFFER:
                return f"{who} stops offering"
            if self.lock >= 0:
                return f"{who} stops building on {names[self.lock]} and ends the turn"
            return f"{who} ends the turn"
        if isinstance(action, a.Defend):
            war = self.war or {}
            target = names[war["target"]] if "target" in war else "its city"
            if not action.obsidian:
                return f"{who} defends {target} without spending obsidian"
            return f"{who} spends {action.obsidian} obsidian to defend {target}"
        if isinstance(action, a.Lose):
            why = (
                "to the skulls of the attack"
                if self.after == "destroy"
                else (f"to the {card_kind.replace('_', ' ')}" if card_kind else "")
            )
            return f"{who} gives up {self._building_words(action.site, action.plot, seat)} {why}".strip()
        if isinstance(action, a.Destroy):
            return f"{who} destroys {self._building_words(action.site, action.plot)}"
        if isinstance(action, a.Take):
            if action.riches == 6:
                return f"{who} takes {CARDS[self.card].prestige} prestige offered by the Katun card"
            source = "on an expedition" if card_kind == "expedition" else "from the Katun card"
            return f"{who} takes 1 {RICHES[action.riches]} {source}"
        if isinstance(action, a.Dowry):
            return (
                f"{who} takes 1 {RICHES[action.riches]} from seat {action.seat} as a dowry "
                "(Princely marriage)"
            )
        if isinstance(action, a.Ward):
            from gametable.games.balam.events import mayas_riches

            riches, n, _ = CATASTROPHE[card_kind]
            choice = len(mayas_riches(self, seat, riches)) > n
            return (
                f"{who}'s Mayas pay {n} {RICHES[riches]} from reserves and garrisons to ward "
                f"off the {card_kind.replace('_', ' ')}"
                + (f" ({who} then chooses which)" if choice else "")
            )
        if isinstance(action, a.PayFrom):
            b = self.codec.b(action.site, action.plot)
            r, kind = self.toks[b], self.kinds[b]
            what = (
                f"the {RICHES[r]} in its {KINDS[kind]}"
                if r >= 0 and 0 <= kind < 8
                else "the riches"
            )
            why = f" to ward off the {card_kind.replace('_', ' ')}" if card_kind else ""
            left = self.warding - 1
            return f"{who}'s Mayas pay {what} on {action.site}.{action.plot}{why}" + (
                f" ({left} more to pay)" if left > 0 else ""
            )
        if isinstance(action, a.Suffer):
            _, _, what = CATASTROPHE[card_kind]
            if isinstance(what, str):
                loss = f"its {what} cities"
            else:
                loss = " and ".join(f"{n} {KINDS[k]}{'s' if n > 1 else ''}" for k, n in what)
            return f"{who} suffers the {card_kind.replace('_', ' ')}: it loses {loss}"
        if isinstance(action, a.Offer):
            b = self.codec.b(action.site, action.plot)
            r = self.toks[b]
            return (
                f"{who} sacrifices the {RICHES[r]} on {action.site}.{action.plot} in the "
                f"sacred cenote {action.cenote} for {CENOTE_FACTOR * CEREMONY[r]} prestige"
            )
        if isinstance(action, a.Move):
            b = self.codec.b(action.site, action.plot)
            d = self.codec.b(action.to_site, action.to_plot)
            r = self.toks[b]
            kind = self.kinds[d]
            use = {TEMPLE: " (to sacrifice for prestige)", PALACE: " (taxes for the king)"}.get(
                kind, ""
            )
            return (
                f"{who} carries the {RICHES[r]} on {action.site}.{action.plot} to its "
                f"{KINDS[kind]} on {action.to_site}.{action.to_plot}{use}"
            )
        if isinstance(action, a.Done):
            if self.phase == OFFER:
                return f"{who} stops offering in the cenotes"
            return f"{who} has finished distributing"
        return f"{who}: {action}"

    # -- distribution ------------------------------------------------------------------------------
    def open_sites(self, seat: int) -> int:
        key = (seat, tuple(self.owner), tuple(map(tuple, self.ctrl)))
        mask = self._open.get(key)
        if mask is None:
            if len(self._open) >= MEMO_SIZE:
                self._open.clear()
            mask = self._open[key] = usable_mask(self.board, self.owner, self.ctrl, seat)
        return mask

    def reach_from(self, seat: int, site: int, open_sites: int | None = None) -> int:
        if open_sites is None:
            open_sites = self.open_sites(seat)
        key = (open_sites, site)
        out = self._reach.get(key)
        if out is None:
            if len(self._reach) >= MEMO_SIZE:
                self._reach.clear()
            out = self._reach[key] = reach(self.board, open_sites, site)
        return out

    # -- information --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from gametable.games.balam.positions import public_json

        out = public_json(self)
        slots = []
        for i, c in enumerate(self.slots):
            if c < 0:
                slots.append("turned")
            elif seat is not None and self.peeks[seat] >> i & 1:
                slots.append(TEXT[c])
            else:
                slots.append("?")
        out["katun"]["slots"] = slots
        out["katun"]["peeked"] = [bin(m).count("1") for m in self.peeks]
        out["seat"] = seat
        out["board"] = board_json(self.board)
        out["pyramids_left"] = [
            {"large": LARGE_PYRAMIDS - self.cities(q), "small": SMALL_PYRAMIDS - self.small_used(q)}
            for q in range(self.players)
        ]
        if self.phase == OVER:
            out["outcome"] = self.outcome.to_json()  # type: ignore[union-attr]
        return out

    def resample(self, seat: int | None, rng: Any) -> BalamState:
        """Redraw every Katun card ``seat`` has not seen (deck and face-down, unpeeked slots)."""
        rng = as_rng(rng)
        new = self.clone()
        mine = 0 if seat is None else self.peeks[seat]
        hidden = [i for i, c in enumerate(self.slots) if c >= 0 and not mine >> i & 1]
        pool = sorted(self.deck + [self.slots[i] for i in hidden])  # no trace of the true order
        if self.layout:
            self._redraw_by_layout(new, hidden, pool, rng)
        else:
            rng.shuffle(pool)
            new.deck = pool[: len(self.deck)]
            for i, c in zip(hidden, pool[len(self.deck) :], strict=True):
                new.slots[i] = c
        new.rng = rng.fork()
        new._cache = None
        return new

    def places_dealt(self) -> int:
        """How many cards of the deck were dealt before this round's (face-down or turned)."""
        return len(deck_places()) - len(self.deck) - len(self.slots)

    def _redraw_by_layout(
        self, new: BalamState, hidden: list[int], pool: list[int], rng: Rng
    ) -> None:
        """Redraw the unseen cards keeping what everybody knows of the deck's structure
        (:func:`~gametable.games.balam.katun.deck_places`): Prosperous cards stay among the
        Prosperous places, ball games at the ball games' places, the Eclipse (if unseen) at one
        of the unseen places of its window, equally likely, the other cards elsewhere."""
        places = deck_places()
        drawn = self.places_dealt()
        # place index (top card first) of every unseen position: hidden slots, then the deck
        spots: list[tuple[int, str, int]] = [(drawn + i, "slot", i) for i in hidden]
        top = drawn + len(self.slots)
        spots += [(top + len(self.deck) - 1 - k, "deck", k) for k in range(len(self.deck))]
        by_class: dict[str, list[tuple[int, str, int]]] = {}
        for spot in spots:
            by_class.setdefault(places[spot[0]], []).append(spot)
        cards: dict[str, list[int]] = {}
        for c in pool:  # by the class of place they belong to (the Eclipse apart)
            kind = KIND[c]
            key = kind if kind in (PROSPEROUS_PLACE, BALL_PLACE, "eclipse") else OTHER_PLACE
            cards.setdefault(key, []).append(c)
        deal: list[tuple[tuple[int, str, int], int]] = []
        for cls in (PROSPEROUS_PLACE, BALL_PLACE):
            group, hand = by_class.get(cls, []), cards.get(cls, [])
            rng.shuffle(hand)
            deal += list(zip(group, hand, strict=True))
        window = len(by_class.get(ECLIPSE_WINDOW, []))
        others = by_class.get(ECLIPSE_WINDOW, []) + by_class.get(OTHER_PLACE, [])
        for c in cards.get("eclipse", []):
            deal.append((others.pop(rng.randbelow(window)), c))
        hand = cards.get(OTHER_PLACE, [])
        rng.shuffle(hand)
        deal += list(zip(others, hand, strict=True))
        for (_, where, i), c in deal:
            if where == "slot":
                new.slots[i] = c
            else:
                new.deck[i] = c

    # -- copying, JSON, encoding ------------------------------------------------------------------
    def clone(self) -> BalamState:
        new = object.__new__(BalamState)
        d = new.__dict__
        d.update(self.__dict__)
        new.rng = Rng(self.rng.state)
        new.kinds = self.kinds[:]
        new.toks = self.toks[:]
        new.owner = self.owner[:]
        new.ctrl = [r[:] for r in self.ctrl]
        new.chest = [r[:] for r in self.chest]
        new.prestige = self.prestige[:]
        new.supply = self.supply[:]
        new.deck = self.deck[:]
        new.slots = self.slots[:]
        new.peeks = self.peeks[:]
        new.discard = self.discard[:]
        new.war = None if self.war is None else dict(self.war)
        new.losses = [x[:] for x in self.losses]
        new.offered = self.offered[:]
        new.done = self.done[:]
        new.moved = set(self.moved)
        new.last_roll = self.last_roll[:]
        new.stats = Counter(self.stats)
        new.tally = copy_tally(self.tally)
        # history is append-only and replaced on write: shared
        return new

    def to_json(self) -> dict[str, Any]:
        from gametable.games.balam.positions import public_json

        out = public_json(self)
        out["seed"] = self.seed
        out["rng"] = self.rng.to_json()
        out["katun"]["deck"] = [TEXT[c] for c in reversed(self.deck)]
        out["katun"]["slots"] = [None if c < 0 else TEXT[c] for c in self.slots]
        out["katun"]["peeks"] = [
            [i for i in range(len(self.slots)) if m >> i & 1] for m in self.peeks
        ]
        out["stats"] = dict(sorted(self.stats.items()))
        return out

    def event_counts(self) -> dict[str, int]:
        """Wars (won: at least one building destroyed, else lost), buildings destroyed,
        prisoners taken, garrisons lost to skulls, devastated cities; catastrophes (striking a
        king who has something to lose: paid by the Mayas or suffered; harmless ones apart) and
        what they cost; prestige by source; Katun cards turned, ball games, cenote offerings,
        dowries; buildings built (in all and per kind) and removed; riches produced, palace taxes,
        Chaak's maize; rounds finished."""
        counts = {key: 0 for key in EVENTS}
        counts.update(self.stats)
        counts["rounds"] = len(self.history)
        return counts

    def encode_action(self, action: Action) -> int:
        return self.codec.encode(action)

    def decode_action(self, code: int) -> Action:
        return self.codec.decode(code)
