"""A market's small pyramids read by its parts ("2 - CONSTRUCTIONS", the market): a market on a
site with N neighbouring sites puts one small pyramid on its site and one on each neighbour,
and takes them all when it is lost.  Counted by the engine: a market is built on a site of the
default board with that many neighbours, and the small pyramids the king has left are read
from his view.

>>> from gametable.rulebook.question import Question
>>> market_pyramids(Question.read("My market stands on a site with 4 neighbouring sites. If it "
...     "gets destroyed, how many small pyramids come off the board?")).text.split(":")[0]
'5 small pyramids'
"""

from __future__ import annotations

import re

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import BUILDINGS, name_of, number_before
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import load, play, position
from gametable.games.balam.board import load_board
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
_SMALL = r"\b(?:small |little |kleine? )(?:pyramids?|piramides?|piramiden)\b"
_FOREIGN = (
    r"\b(enemy|enemy's|his|her|vijand\w*|tegenstander\w*|control\w*|transport\w*|through|door|"
    r"pass\w*|cross\w*|large|grote|if i have|left|over)\b"
)
_HOW_MANY = r"\b(how many|hoeveel|number of|aantal)\b"


def _site_with(neighbours: int) -> str | None:
    """A site of the default board with that many neighbours (by no sea, the first found)."""
    board = load_board("default")
    for s, near in enumerate(board.neighbours):
        if len(near) == neighbours and board.plots[s] >= 2:
            return str(board.names[s])
    return None


#: an ask of what the market costs ("what does it cost", "wat kost dat")
_COST_ASKED = r"\b(?:cost\w*|kost\w*|pay|betaal\w*|price|prijs)\b"


def _market_cost(q: Question, site: str) -> str | None:
    """What building a market on ``site`` takes from a king's sheet, as the engine takes it."""
    sheet = {"maize": 2, "cacao": 1, "jade": 1}
    state = load(position(sites={}, riches=[sheet], phase="act"))
    if state is None:
        return None
    after = play(state, f"build market {site}.0")
    left = after.view(0)["kings"][0]["riches"]
    paid = [f"{n - left.get(r, 0)} {name_of(q, r)}" for r, n in sheet.items() if n > left.get(r, 0)]
    return " + ".join(paid) or None


def market_pyramids(q: Question) -> Answer | None:
    """ "A market on a site with 4 neighbouring sites: how many small pyramids (does it need,
    come off when it is destroyed)?": 1 + the neighbours, as the engine places them."""
    if "market" not in {m.name for m in BUILDINGS.find(q)} or not q.matches(_SMALL):
        return None
    said = asks(q)
    costs = [a for a in said if re.search(_COST_ASKED, a)]
    if not q.matches(_HOW_MANY) or len(said) - len(costs) != 1 or len(costs) > 1:
        return None  # one ask of the small pyramids, and perhaps one of the market's cost
    near = number_before(
        q, "neighbouring", "neighboring", "neighbours", "neighbors", "adjacent", "neighbour",
        "aangrenzende", "buurplaatsen", "buren", "buurlocaties", "buursites", "buurvakken",
    )  # fmt: skip
    if near is None:
        return None
    site = _site_with(near)
    if site is None or not placed(q, {near}, (BUILDINGS,), {"market"}, foreign=_FOREIGN):
        return None
    data = position(sites={site: ["market", None]})
    state = load(data)
    if state is None:
        return None
    on_board = 15 - state.view(0)["pyramids_left"][0]["small"]
    verdict = q.say(
        f"{on_board} small pyramids: 1 on the market's own site + {near} on the neighbouring "
        "sites.",
        f"{on_board} kleine piramides: 1 op de plaats van de markt + {near} op de aangrenzende "
        "plaatsen.",
    )
    if costs:
        paid = _market_cost(q, site)
        if paid is None:
            return None
        cost = q.say(f"It costs {paid}.", f"Hij kost {paid}.")
        verdict = f"{cost} {verdict}" if said[0] in costs else f"{verdict} {cost}"
    reason = q.say(
        "A market puts one small pyramid of its colour on its site and one on each neighbouring "
        "site; when the market is lost, they all come off the board.",
        "Een markt zet een kleine piramide op zijn plaats en een op elke aangrenzende plaats; "
        "gaat de markt verloren, dan gaan ze allemaal van het bord.",
    )
    return checked(GAME, q, verdict, reason, [rules.MARKET_PYRAMIDS], position=data, topic="number")


READERS = (market_pyramids,)
