"""The state of a Balam game: its fields (:mod:`~gametable.games.balam.fields`) with the
checks of a loaded position and the small queries and changes every rule uses.

The rules are functions over this data, one module per rulebook section, and
:mod:`~gametable.games.balam.flow` runs the turns and rounds; the
:class:`~gametable.games.balam.phases.Phase` says which decision comes next.
"""

from __future__ import annotations

from typing import Final, cast

from gametable.core.errors import InvalidState
from gametable.core.protocol import Action
from gametable.games.balam import rules
from gametable.games.balam.account import PRESTIGE_SOURCES
from gametable.games.balam.board import (
    BUILDINGS,
    DOUBLE,
    EMPTY,
    GARRISON,
    KINDS,
    MARKET,
    MAX_PLOTS,
    NO_RICHES,
    RESERVE,
    RICHES,
    SECOND_PLOT,
    SUPPLY,
    TILE_OF,
)
from gametable.games.balam.dice import SKULL
from gametable.games.balam.fields import BalamFields
from gametable.games.balam.katun import CATASTROPHE, CATASTROPHES, KIND
from gametable.games.balam.memos import UNKNOWN, CityMemo
from gametable.games.balam.phases import (
    ACT,
    CHOOSE,
    DEFEND,
    DESTROY,
    DISTRIBUTION,
    LOSE,
    OFFER,
    OVER,
    PHASE_RULE,
    TURN,
    AfterLosses,
)
from gametable.games.balam.rounds import RawRound, RoundView, written_rounds
from gametable.games.balam.rules import Refusal
from gametable.games.balam.scoring import SCORE_CAP
from gametable.games.balam.transport import reach, usable_masks
from gametable.games.balam.warlog import (
    WarResult,
)

#: entries kept in the transport memo of a board before it starts afresh
MEMO_SIZE: Final = 1 << 16
#: the sentences of the game's log kept: the last ones
LOG_KEPT: Final = 30
_PLURAL = {"observatory": "observatories"}
#: the keys of ``event_counts``, always all present
EVENTS: Final = (
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
assert PRESTIGE_SOURCES == ("ceremony", "cenote", "ball_game", "prosperous", "bonus")
#: the event counted when a building of each kind is built
BUILT: Final = tuple(f"{_PLURAL.get(k, k + 's')}_built" for k in KINDS)


def not_now(state: BalamData, action: Action) -> Refusal:
    """The refusal of an action that the current phase does not offer."""
    return Refusal(
        f"{action} is not possible now ({state.phase} phase)",
        PHASE_RULE.get(state.phase, rules.TURNS),
    )


class BalamData(BalamFields):
    """A Balam game's fields with the checks of a loaded position and the small queries and
    changes every rule uses."""

    # -- loading ----------------------------------------------------------------------------------------------
    def _after_load(self) -> None:
        self.ball_games = sum(1 for c in self.discard if KIND[c] == "ball_game")
        self.eclipse = any(KIND[c] == "eclipse" for c in self.discard)
        self._derive_supply()
        self._check_turn()
        self._check_last_war()
        if self.phase is DISTRIBUTION and all(self.done):
            raise InvalidState("in the distribution phase at least one seat is not done")

    def _derive_supply(self) -> None:
        """The supply is what the kings' sheets and the board do not hold."""
        held = [0] * len(RICHES)
        for chest in self.sheets:
            for r, n in enumerate(chest):
                held[r] += n
        for r in self.riches_on:
            if r >= 0:
                held[r] += 1
        for r, total in enumerate(SUPPLY):
            self.supply[r] = total - held[r]
            if self.supply[r] < 0:
                raise InvalidState(
                    f"{held[r]} {RICHES[r]} tokens are in play but the game has only {total}"
                )

    def _check_turn(self) -> None:
        """Each phase has the details it needs."""
        phase = self.phase
        if self.war is None and phase in (DEFEND, DESTROY):
            raise InvalidState(f"phase {phase} needs turn.war")
        if phase is LOSE and not self.losses:
            raise InvalidState("phase lose needs turn.losses")
        if self.card < 0 and phase in (CHOOSE, OFFER):
            raise InvalidState(f"phase {phase} needs turn.card, the Katun card being resolved")
        if self.warding:
            if phase is not CHOOSE or self.card < 0 or KIND[self.card] not in CATASTROPHES:
                raise InvalidState(
                    "turn.ward (riches the Mayas still owe) needs phase choose and a "
                    "catastrophe as turn.card"
                )
            riches = CATASTROPHE[KIND[self.card]][0]
            held = len(self.mayas_riches(self.current, riches))
            if held < self.warding:
                raise InvalidState(
                    f"turn.ward is {self.warding} but seat {self.current}'s reserves and "
                    f"garrisons hold only {held} {RICHES[riches]}"
                )
        if phase in (TURN, ACT) and not any(c >= 0 for c in self.slots):
            raise InvalidState(
                "during the turns at least one Katun card of the round lies face down (when "
                "the last is turned, the round is over)"
            )

    def _check_last_war(self) -> None:
        """The last war's totals add up ("3 - WARS": attack = success points + obsidian,
        defence = garrisons + obsidian), and agree with ``last_roll`` when it holds its dice."""
        result = self.last_war
        if result is None:
            return
        if result.attacker == result.defender:
            raise InvalidState("last_war: a king does not attack himself")
        if result.defence != result.defence_garrisons + result.defence_obsidian:
            raise InvalidState("last_war.defence must be defence_garrisons + defence_obsidian")
        if result.attack_obsidian > result.garrisons or result.skulls > result.garrisons:
            raise InvalidState("last_war: more obsidian or skulls than garrisons committed")
        if len(self.last_roll) == result.garrisons:
            points = sum(f for f in self.last_roll if f != SKULL)
            if (result.attack, result.skulls) != (
                points + result.attack_obsidian,
                self.last_roll.count(SKULL),
            ):
                raise InvalidState(
                    "last_war.attack (success points + attack_obsidian) and skulls must "
                    "match last_roll"
                )
        elif result.attack < result.attack_obsidian:
            raise InvalidState("last_war.attack is at least the obsidian spent")
        self._check_war_changes(result)

    def _check_war_changes(self, result: WarResult) -> None:
        """What the last war changed agrees with its battle: the attacker's garrisons of the
        attacking city lost to skulls (one each at most), the defender's buildings of the
        attacked city destroyed, a prisoner at most per building destroyed, on a plot of the
        attacking city, and the winner the attacker exactly when something was destroyed."""
        source, target = result.source, result.target
        if len(result.lost) > result.skulls or any(
            (x.kind, x.pos // MAX_PLOTS, x.owner) != (GARRISON, source, result.attacker)
            for x in result.lost
        ):
            raise InvalidState(
                "last_war.lost holds at most one garrison of the attacker's attacking city "
                "per skull"
            )
        if any(
            (x.pos // MAX_PLOTS, x.owner) != (target, result.defender) for x in result.destroyed
        ):
            raise InvalidState("last_war.destroyed holds buildings of the defender's attacked city")
        if len(result.prisoners) > len(result.destroyed) or any(
            b // MAX_PLOTS != source for b in result.prisoners
        ):
            raise InvalidState(
                "last_war.prisoners: at most one per building destroyed, on plots of the "
                "attacking city"
            )
        if any(s not in (source, target) for s in result.devastated):
            raise InvalidState("last_war.devastated: only the two cities at war can be devastated")
        if result.winner >= 0 and result.winner != (
            result.attacker if result.destroyed else result.defender
        ):
            raise InvalidState(
                "last_war.winner is the attacker if he destroyed a building, else the defender"
            )

    def places_dealt(self) -> int:
        """How many cards of the deck were dealt before this round's (face-down or turned)."""
        return self.cards().places_dealt()

    @property
    def target_ball_games(self) -> int:
        n = self.options["ball_games"]
        return self.players if n is None else int(n)

    # -- small changes every rule uses --------------------------------------------------------------------
    def count(self, event: str, n: int = 1) -> None:
        """One more (or ``n`` more) of a notable event (see ``event_counts``)."""
        stats = self.stats
        stats[event] = stats.get(event, 0) + n

    def gain(self, seat: int, riches: int, n: int = 1) -> int:
        """Riches from the supply to a king's sheet, as far as the supply lasts."""
        got = min(n, self.supply[riches])
        self.supply[riches] -= got
        self.sheets[seat][riches] += got
        return got

    def pay_to_supply(self, seat: int, riches: int) -> None:
        """A riches from a king's sheet back to the supply."""
        self.sheets[seat][riches] -= 1
        self.supply[riches] += 1

    def add_prestige(self, seat: int, points: int, source: str) -> None:
        """Prestige won from ``source`` (one of :data:`PRESTIGE_SOURCES`), counted as gained
        (the score cap may take some of it)."""
        before = self.prestige[seat]
        total = before + points
        self.prestige[seat] = min(total, SCORE_CAP) if self.options["score_cap"] else total
        gained = self.prestige[seat] - before
        if gained:
            self.count(f"prestige_{source}", gained)
            self.tally.won[PRESTIGE_SOURCES.index(source)][seat] += gained

    def lost_buildings(self, seat: int, n: int = 1) -> None:
        """``seat`` lost ``n`` buildings (war, catastrophe) this round."""
        if seat >= 0:
            self.tally.lost[seat] += n

    def clear_turn(self) -> None:
        """Nothing of a turn remains under way."""
        self.build_site = -1
        self.cost_due = 0
        self.attacked = False
        self.war = None
        self.losses = ()
        self.after_losses = AfterLosses.NOTHING
        self.card = -1
        self.warding = 0
        if self.offered:  # (a clone copies it: an empty list may stay)
            self.offered = []

    def record_round(self, taxes: list[list[int]], lost: list[list[int]], chaak: list[int]) -> None:
        """The round's entry in ``history`` (the ``rounds`` of the view), at its close: per seat
        the riches its palaces brought (``taxes``), those it lost, Chaak's maize; kept as the
        rules leave them, written out when read (:func:`~gametable.games.balam.rounds.round_entry`).
        The round's account is the next round's to replace, or, after the last, kept apart."""
        final = self.phase is OVER
        tally = self.tally.copy() if final else self.tally
        raw: RawRound = (
            self.round,
            self.eclipse,
            final,
            tally,
            taxes,
            lost,
            chaak,
            self.prestige[:],
        )
        self.rounds_kept = [*self.rounds_kept, raw]

    @property
    def history(self) -> list[RoundView]:
        """The finished rounds, oldest first, written out (those played here on first reading,
        then kept written: the same list until the next round ends).  Read them, never change
        them: clones share them."""
        kept = self.rounds_kept
        written = written_rounds(kept)
        if written is not kept:
            self.rounds_kept = cast(list[RoundView | RawRound], written)
        return written

    @history.setter
    def history(self, rounds: list[RoundView]) -> None:
        self.rounds_kept = list(rounds)

    def note(self, text: str) -> None:
        """A sentence for the game's log (:attr:`log` keeps the last :data:`LOG_KEPT`), kept
        as a pair with those noted before, written out when read (or when they grow many)."""
        self.log_notes = (text, self.log_notes)
        self.log_noted += 1
        if self.log_noted >= 2 * LOG_KEPT:
            self.write_log()

    @property
    def log(self) -> list[str]:
        """The game's log: its last sentences, oldest first (the same list until the next
        sentence; clones share it: read it, never change it)."""
        if self.log_noted:
            self.write_log()
        return self.log_kept

    @log.setter
    def log(self, sentences: list[str]) -> None:
        self.log_kept = sentences
        self.log_notes = None
        self.log_noted = 0

    def write_log(self) -> None:
        """Write the sentences noted since out into the log: the last :data:`LOG_KEPT` of all."""
        noted: list[str] = []
        notes = self.log_notes
        while notes is not None:
            text, notes = notes
            noted.append(text)
        noted.reverse()
        self.log_kept = (self.log_kept + noted)[-LOG_KEPT:]
        self.log_notes = None
        self.log_noted = 0

    def order_from(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    def erect(self, seat: int, kind: int, b: int) -> None:
        """A building goes up (a new site becomes the king's city; a market brings small
        pyramids onto its site and the neighbours)."""
        s, p = b // MAX_PLOTS, b % MAX_PLOTS
        if self.owner[s] == -1:
            self.owner[s] = seat
            self.city_memo = CityMemo(self.players)
        self.plot_memo = [None] * self.players
        self.buildings[b] = kind
        self.free_plots[s] &= ~(1 << p)
        self.tiles[TILE_OF[kind]] += 1
        if DOUBLE[kind]:
            second = self.second_pos(b)
            self.buildings[second] = SECOND_PLOT
            self.free_plots[s] &= ~(1 << second % MAX_PLOTS)
        if kind == MARKET:
            self.pyramids[s][seat] += 1
            for t in self.board.neighbours[s]:
                self.pyramids[t][seat] += 1
            self.small_placed[seat] += 1 + len(self.board.neighbours[s])
            self.city_memo = CityMemo(self.players)

    def demolish(self, b: int) -> None:
        """A building goes: riches on it to the supply, a market's small pyramids with it; a site
        with no building left belongs to nobody ("3 - WARS > DEVASTATED CITY")."""
        s = b // MAX_PLOTS
        kind = self.buildings[b]
        plots = [b, self.second_pos(b)] if DOUBLE[kind] else [b]
        for x in plots:
            if self.riches_on[x] >= 0:
                self.supply[self.riches_on[x]] += 1
                self.riches_on[x] = NO_RICHES
            self.buildings[x] = EMPTY
            self.free_plots[s] |= 1 << x % MAX_PLOTS
        self.tiles[TILE_OF[kind]] -= 1
        seat = self.owner[s]
        if kind == MARKET and seat >= 0:
            self.pyramids[s][seat] -= 1
            for t in self.board.neighbours[s]:
                self.pyramids[t][seat] -= 1
            self.small_placed[seat] -= 1 + len(self.board.neighbours[s])
            self.city_memo = CityMemo(self.players)
        if self.free_plots[s] == (1 << self.board.plots[s]) - 1:  # no building left
            self.owner[s] = -1
            self.city_memo = CityMemo(self.players)
        self.plot_memo = [None] * self.players

    def take_riches(self, b: int) -> int:
        """The riches lying on plot position ``b`` goes back to the supply; which was it."""
        r = self.riches_on[b]
        self.riches_on[b] = NO_RICHES
        self.supply[r] += 1
        return r

    # -- queries ---------------------------------------------------------------------------------------------
    def count_kind(self, seat: int, kind: int) -> int:
        buildings = self.buildings
        n = 0
        for b in self.plots_of(seat):
            if buildings[b] == kind:
                n += 1
        return n

    def cities(self, seat: int) -> int:
        return len(self.cities_of(seat))

    def plots_of(self, seat: int) -> tuple[int, ...]:
        """The plot positions of ``seat``'s cities, in order (memoised like ``cities_of``)."""
        memo = self.city_memo.plots
        plots = memo[seat]
        if plots is None:
            counts = self.board.plots
            found: list[int] = []
            for s in self.cities_of(seat):
                found += range(s * MAX_PLOTS, s * MAX_PLOTS + counts[s])
            plots = memo[seat] = tuple(found)
        return plots

    def cities_of(self, seat: int) -> tuple[int, ...]:
        """The sites where ``seat`` has a city (memoised until a building goes up or down)."""
        memo = self.city_memo.cities
        sites = memo[seat]
        if sites is None:
            sites = memo[seat] = tuple([s for s, holder in enumerate(self.owner) if holder == seat])
        return sites

    def small_used(self, seat: int) -> int:
        return self.small_placed[seat]

    def buildings_of(self, seat: int, kind: int, site: int = -1) -> list[int]:
        """The positions of ``seat``'s buildings of ``kind`` (on ``site``, or anywhere)."""
        owner = self.owner
        if site >= 0:
            if owner[site] != seat:
                return []
            base = site * MAX_PLOTS
            return [
                base + p for p in range(self.board.plots[site]) if self.buildings[base + p] == kind
            ]
        buildings = self.buildings
        return [b for b in self.plots_of(seat) if buildings[b] == kind]

    def anchors(self, site: int) -> list[int]:
        """The positions of the buildings standing on ``site`` (each on its anchor plot)."""
        base = site * MAX_PLOTS
        kinds = self.buildings
        return [base + p for p in range(self.board.plots[site]) if kinds[base + p] in BUILDINGS]

    def second_pos(self, b: int) -> int:
        """The second plot of the palace or temple anchored on ``b`` (from the board's table)."""
        q = self.board.second_at[b]
        assert q >= 0
        return q

    def mayas_riches(self, seat: int, riches: int) -> list[int]:
        """Positions of ``riches`` in the king's reserves and garrisons (the Mayas' riches)."""
        buildings, riches_on = self.buildings, self.riches_on
        return [
            b
            for b in self.plots_of(seat)
            if riches_on[b] == riches and buildings[b] in (RESERVE, GARRISON)
        ]

    def mayas_sources(self, seat: int) -> list[int]:
        """Positions of every riches in the king's reserves and garrisons."""
        buildings, riches_on = self.buildings, self.riches_on
        return [
            b
            for b in self.plots_of(seat)
            if riches_on[b] >= 0 and buildings[b] in (RESERVE, GARRISON)
        ]

    def open_sites(self, seat: int) -> int:
        """The sites ``seat``'s riches may cross or enter, as a bit mask (memoised)."""
        memo = self.city_memo
        mask = memo.open[seat]
        if mask == UNKNOWN:  # every seat's at once: the distribution asks them all
            memo.open = usable_masks(
                self.board, self.owner, self.pyramids, self.players, self.options["market_control"]
            )
            mask = memo.open[seat]
        return mask

    def reach_from(self, seat: int, site: int, open_sites: int | None = None) -> int:
        """The sites a riches of ``seat`` lying on ``site`` may be carried to (memoised)."""
        if open_sites is None:
            open_sites = self.open_sites(seat)
        key = open_sites * len(self.board.names) + site  # (open sites, site) as one number
        memo = self.reach_memo
        out = memo.get(key)
        if out is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            out = reach(self.board, open_sites, site)
            # the sites reached are the site alone (closed) or open sites joined to it by
            # open sites; paths go both ways, so each of them reaches the same sites: one
            # search answers for them all
            base = key - site
            rest = out
            while rest:
                low = rest & -rest
                memo[base + low.bit_length() - 1] = out
                rest ^= low
        return out
