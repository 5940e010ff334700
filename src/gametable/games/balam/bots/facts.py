"""The public facts of Balam the rules of thumb weigh, in the form they read them (names, as in
the view), taken from the game's public door (:mod:`gametable.games.balam.public`), never copied.

>>> SACRIFICE["prisoner"], BASE_COST["temple"], OWN_COST["court"], DECK["ball_game"]
(3, 2, 'shell', 5)
>>> CATASTROPHE["drought"], BALL_PLACES, ECLIPSE_WINDOW
(('maize', 1, (('village', 2),)), (21, 32, 43, 53, 63), frozenset({35, 36, 37, 38, 39}))
"""

from __future__ import annotations

from collections.abc import Mapping

from gametable.games.balam import public

#: prestige a temple gives for each riches ("6 - DISTRIBUTION > Ceremony")
SACRIFICE: Mapping[str, int] = dict(zip(public.RICHES, public.CEREMONY, strict=True))
#: a sacrifice in a cenote counts this many times a temple's
CENOTE_FACTOR = public.CENOTE_FACTOR
#: riches of any type a base building costs
BASE_COST: Mapping[str, int] = {
    kind: cost
    for kind, cost, own in zip(public.KINDS, public.BASE_COST, public.SPECIAL_COST, strict=True)
    if own is None
}
#: the riches of its own type each other building costs (one)
OWN_COST: Mapping[str, str] = {
    kind: public.RICHES[own]
    for kind, own in zip(public.KINDS, public.SPECIAL_COST, strict=True)
    if own is not None
}
#: the rulebook's Katun deck ("4 - KATUN"): cards of each type
DECK: Mapping[str, int] = public.KATUN_COUNTS
#: what a catastrophe asks of the Mayas and what it takes otherwise ("4 - KATUN"): (riches, how
#: many, buildings lost as (kind, count), or the feature of the cities lost)
CATASTROPHE: Mapping[str, tuple[str, int, tuple[tuple[str, int], ...] | str]] = {
    kind: (
        public.RICHES[riches],
        count,
        takes if isinstance(takes, str) else tuple((public.KINDS[b], n) for b, n in takes),
    )
    for kind, (riches, count, takes) in public.CATASTROPHE.items()
}


def _places(kind: str) -> tuple[int, ...]:
    return tuple(i + 1 for i, place in enumerate(public.deck_places()) if place == kind)


#: what everybody knows of a deck built by the rules (docs/rules/balam.md, "Hidden
#: information"; rulebook "Setup > Building the card deck"), places counted from the top card = 1
PROSPEROUS_PLACES = frozenset(_places(public.PROSPEROUS_PLACE))
BALL_PLACES = _places(public.BALL_PLACE)
ECLIPSE_WINDOW = frozenset(_places(public.ECLIPSE_WINDOW))
