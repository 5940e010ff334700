"""The rulebook inside gametable: each game's rules in our own words, searchable.

>>> from gametable import rulebook
>>> ref = rulebook.load("balzakken")
>>> ref.section("playing-the-game/important").title
'Important'
>>> hit = rulebook.search("balzakken", "can I call BALZAK! with a Swinger in my hand?")[0]
>>> hit.id, hit.statement.refs
('card-types/action-card-1-the-swinger', ('BZ-065', 'BZ-066'))

Every ``IllegalAction.rule`` resolves to a section: ``rulebook.resolve(exc.rule)``.
"""

from gametable.rulebook.answer import Answer, Source, answer
from gametable.rulebook.evaluate import Evaluation, evaluate
from gametable.rulebook.model import (
    Item,
    Reference,
    Section,
    UnknownRulebook,
    UnknownSection,
    available,
    load,
    resolve,
)
from gametable.rulebook.search import Hit, search
from gametable.rulebook.words import tokenize

__all__ = [
    "Answer",
    "Evaluation",
    "Hit",
    "Item",
    "Reference",
    "Section",
    "Source",
    "UnknownRulebook",
    "UnknownSection",
    "answer",
    "available",
    "evaluate",
    "load",
    "resolve",
    "search",
    "tokenize",
]
