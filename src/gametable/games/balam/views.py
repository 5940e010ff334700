"""What each seat sees (``view(seat)``), declared once as ``TypedDict`` classes.

``Game.view_schema`` derives the JSON Schema from :class:`BalamView` (field descriptions
included), and mypy checks that :func:`~gametable.games.balam.viewbuild.view` builds exactly that.  Everything public is there:
the board and its buildings, the kings' sheets, the Katun cards turned (and those this seat
looked at), the turn under way, the rounds finished.  Never the deck's order, the face-down
cards this seat has not seen, the seed or the RNG.

Every fact is a typed field, so a client never parses text: a plot is a :class:`PlotView`
(its building, the plot that building stands on, the riches lying there), a Katun card a
:class:`CardView`, each site's place on the map is ``x``/``y`` in ``board``.  The cards' texts in
positions (``"prosperous:cacao/jade/prestige:2"``) are given beside them only to name a card the
way a position file does.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

import msgspec

from gametable.games.balam.board import (
    BoardView,
    BuildingName,
    RichesName,
)
from gametable.games.balam.boardview import AllRiches
from gametable.games.balam.katun import CardType
from gametable.games.balam.positions import KingView
from gametable.games.balam.rounds import RoundView, TallyView


def doc(text: str) -> msgspec.Meta:
    """A field's description in the derived JSON Schema."""
    return msgspec.Meta(description=text)


PhaseName = Literal[
    "turn", "act", "cost", "defend", "lose", "destroy", "choose", "offer", "distribution", "over"
]


class BuildingView(TypedDict):
    """A building standing on a site."""

    building: BuildingName
    plots: Annotated[
        list[int], doc("the plots it covers, its anchor first (palaces and temples cover two)")
    ]
    riches: Annotated[
        list[RichesName | None],
        doc(
            "per plot it covers (as in plots), the riches lying there or null (a palace or "
            "temple holds up to 2 riches, the other buildings 1)"
        ),
    ]


class PlotView(TypedDict):
    """A plot that a building covers."""

    building: Annotated[BuildingName, doc("the building covering it")]
    anchor: Annotated[
        int,
        doc(
            "the plot that building stands on: this plot itself, or for the second plot of a "
            "palace or temple the plot where it begins"
        ),
    ]
    riches: Annotated[RichesName | None, doc("the riches lying on this plot (null: none)")]


class SiteView(TypedDict):
    """A site of the board and what stands on it (its layout is in ``board``)."""

    owner: Annotated[int | None, doc("the seat whose city it is (null: a free site)")]
    plots: Annotated[
        list[PlotView | None],
        doc("per plot, numbered from 0: what covers it (null: an empty plot)"),
    ]
    pyramids: NotRequired[
        Annotated[list[int], doc("small pyramids per seat (commercial control), if any")]
    ]
    buildings: Annotated[list[BuildingView], doc("the buildings, by their anchor plot")]


class BuildingCount(TypedDict):
    building: BuildingName
    count: int


class LossView(TypedDict):
    """Buildings a king still owes (a war's losses, a catastrophe)."""

    building: BuildingName
    count: Annotated[int, doc("how many of them")]
    site: Annotated[str | None, doc("the site they must stand on (null: anywhere)")]


class CatastropheView(TypedDict):
    """What a catastrophe asks of the king who turns it over."""

    mayas_pay: Annotated[RichesName, doc("the riches his Mayas may pay to ward it off")]
    count: Annotated[int, doc("how many of that riches")]
    loses: Annotated[
        list[BuildingCount], doc("else the buildings he loses (as far as he has them)")
    ]
    cities: Annotated[
        Literal["volcano", "seashore"] | None,
        doc("else every city of his with this feature is lost (null: buildings instead)"),
    ]


class CardView(TypedDict):
    """A Katun card as printed."""

    type: Annotated[CardType, doc("the card's type")]
    name: Annotated[str, doc("its name, as the rulebook names it")]
    riches: Annotated[
        list[RichesName],
        doc("Favourable: the riches gained; Prosperous: those offered (take one); else none"),
    ]
    prestige: Annotated[int, doc("Prosperous: the prestige points offered instead (0: none)")]
    effect: Annotated[str, doc("what it does, in a sentence")]
    catastrophe: CatastropheView | None
    text: Annotated[str, doc("the card's text in positions, e.g. 'prosperous:cacao/jade'")]


class RoundCardView(TypedDict):
    """One of the round's Katun cards laid beside the board."""

    slot: int
    face_down: Annotated[bool, doc("still face down (false: turned over)")]
    card: Annotated[
        CardView | None, doc("the card if this seat looked at it (divination), else null")
    ]


class KatunView(TypedDict):
    """The Katun cards: the deck (counted), this round's cards, those turned over."""

    deck: Annotated[int, doc("cards left in the deck")]
    layout: Annotated[bool, doc("the deck was built as the rulebook says (its structure is known)")]
    discard: Annotated[list[str], doc("the cards turned over, oldest first, as text")]
    discard_cards: Annotated[list[CardView], doc("the same cards, described")]
    ball_games: Annotated[int, doc("ball games played")]
    eclipse: Annotated[bool, doc("the Eclipse was turned: no more Clemency of Chaak")]
    slots: Annotated[
        list[str],
        doc("per card of the round: 'turned', '?' (face down) or its text if this seat saw it"),
    ]
    cards: Annotated[list[RoundCardView], doc("the same cards, described")]
    peeked: Annotated[list[int], doc("per seat, how many of the round's cards it looked at")]


class WarView(TypedDict):
    """An attack under way."""

    source: Annotated[str, doc("the attacking city")]
    target: Annotated[str, doc("the attacked city")]
    garrisons: Annotated[int, doc("garrisons committed (dice rolled)")]
    obsidian: Annotated[int, doc("obsidian the attacker spent")]
    defender: Annotated[int, doc("the defending seat")]
    points: Annotated[int, doc("destruction points left to the attacker")]
    defence_obsidian: Annotated[int, doc("obsidian the defender spent")]
    destroyed: Annotated[int, doc("buildings destroyed so far")]


class FallenView(TypedDict):
    """A building a war took away ("3 - WARS"): destroyed by the attacker, or a garrison the
    attacker lost to a skull; with what went with it."""

    site: Annotated[str, doc("the city it stood in")]
    plot: Annotated[int, doc("the plot it stood on (its anchor plot)")]
    building: BuildingName
    owner: Annotated[int, doc("the seat whose city it was")]
    riches: Annotated[list[RichesName], doc("the riches lying on it, lost with it")]
    pyramids: Annotated[
        int,
        doc(
            "small pyramids (commercial control) discarded with it: a market's, on its city "
            "and each neighbouring one; else 0"
        ),
    ]


class PlotRef(TypedDict):
    """A plot of a site."""

    site: str
    plot: int


class LastWarView(TypedDict):
    """The last war ("3 - WARS"), kept until the next war: the battle, what it changed on the
    board and who won (public: every seat sees the same)."""

    source: Annotated[str, doc("the attacking city")]
    target: Annotated[str, doc("the attacked city")]
    attacker: Annotated[int, doc("the attacking seat")]
    defender: Annotated[int, doc("the defending seat")]
    garrisons: Annotated[int, doc("garrisons committed (dice rolled, shown in last_roll)")]
    attack_obsidian: Annotated[int, doc("obsidian the attacker spent")]
    defence_garrisons: Annotated[
        int, doc("the defender's garrisons counted: the attacked city's and his adjacent cities'")
    ]
    defence_obsidian: Annotated[int, doc("obsidian the defender spent")]
    attack: Annotated[int, doc("the attack: success points rolled + obsidian spent")]
    defence: Annotated[int, doc("the defence: garrisons counted + obsidian spent")]
    skulls: Annotated[int, doc("skulls rolled: garrisons the attacker lost")]
    winner: Annotated[
        int | None,
        doc(
            "the seat that won: the attacker if he destroyed at least one building, else the "
            "defender; null while the war is still being fought (losses or destruction to "
            "choose), or in a position written before the winner was recorded"
        ),
    ]
    destroyed: Annotated[
        list[FallenView],
        doc("the defender's buildings destroyed, in the order destroyed (so far, while fought)"),
    ]
    lost: Annotated[
        list[FallenView], doc("the attacker's garrisons lost to the skulls, in the order lost")
    ]
    prisoners: Annotated[
        list[PlotRef],
        doc(
            "the garrisons of the attacking city that took a prisoner, one per "
            "building destroyed while a garrison was free and a prisoner left in the supply"
        ),
    ]
    prisoners_lost: Annotated[
        int, doc("buildings destroyed whose prisoner was lost (no free garrison, or none left)")
    ]
    devastated: Annotated[
        list[str],
        doc("the cities whose last building the war took: they belong to no one since then"),
    ]


class TurnView(TypedDict):
    """The turn under way."""

    lock: Annotated[str | None, doc("the site the king builds on this turn")]
    due: Annotated[int, doc("riches still owed for the building just built")]
    attacked: Annotated[bool, doc("the king attacked this turn")]
    war: WarView | None
    losses: Annotated[list[LossView], doc("buildings the king still owes")]
    after: Annotated[
        Literal["", "destroy", "katun"],
        doc("what follows the losses: the destruction of a war, or the end of a Katun card"),
    ]
    card: Annotated[str | None, doc("the Katun card being resolved, as text")]
    katun_card: Annotated[CardView | None, doc("the Katun card being resolved, described")]
    ward: Annotated[int, doc("riches the Mayas still owe for the catastrophe (the king chooses)")]
    offered: Annotated[list[str], doc("cenotes already offered to (Cult of the sacred cenotes)")]


class DistributionView(TypedDict):
    """The distribution at the end of a round."""

    done: Annotated[list[bool], doc("per seat, finished distributing")]
    moved: Annotated[list[str], doc("plots ('SITE.PLOT') whose riches were moved there already")]


class PyramidsLeft(TypedDict):
    """The pyramids still in a king's hand."""

    large: Annotated[int, doc("12 less his cities (his 13th large pyramid marks his score)")]
    small: Annotated[int, doc("15 less those his markets stand on (his 16th marks his score)")]


class OptionsView(TypedDict):
    """The game's options (see the game's header)."""

    board: str
    ball_games: int | None
    first_player: int
    faces: str
    next_round: Literal["left_of_last", "rotate"]
    market_control: Literal["strongest", "all"]
    score_cap: bool
    ties: Literal["shared", "cities"]


class OutcomeView(TypedDict):
    scores: list[float]
    ranking: list[int]
    winners: list[int]
    reason: str


class BalamView(TypedDict):
    """What one seat (or a spectator) of a Balam game sees."""

    game: Literal["balam"]
    version: int
    players: int
    options: OptionsView
    ply: Annotated[int, doc("decisions made so far")]
    round: int
    phase: Annotated[PhaseName, doc("which decision comes next")]
    current: Annotated[int, doc("the seat whose turn it is")]
    round_first: Annotated[int, doc("the seat that began the round")]
    to_move: Annotated[list[int], doc("the seats that must decide now")]
    seat: Annotated[int | None, doc("whose view this is (null: a spectator)")]
    sites: Annotated[dict[str, SiteView], doc("every site, by its id")]
    kings: list[KingView]
    supply: Annotated[AllRiches, doc("riches tokens left in the supply")]
    katun: KatunView
    turn: TurnView
    distribution: DistributionView
    last_roll: Annotated[list[str], doc("the last war's dice: success points 0-3, or X (skull)")]
    last_war: Annotated[
        LastWarView | None, doc("the last war's totals (null before the first war)")
    ]
    log: Annotated[list[str], doc("the last events, in words")]
    bonus: Annotated[list[int] | None, doc("the riches bonus per seat, once the game is over")]
    rounds: Annotated[list[RoundView], doc("the finished rounds, oldest first")]
    round_tally: TallyView
    board: BoardView
    pyramids_left: list[PyramidsLeft]
    outcome: NotRequired[OutcomeView]
