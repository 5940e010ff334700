"""What a turn's action did, said in one sentence from the engine's views before and after it
(:mod:`.turns`): the card swapped for the discard pile's top, the cards discarded and drawn
back, The Lul laid and the cards it made a player draw, the hands The Swinger exchanged."""

from __future__ import annotations

import re
from typing import Any

from gametable.core.protocol import State
from gametable.core.rules import RuleRef
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.names import card_name, numbered
from gametable.rulebook.question import Question


def _swinger_did(
    question: Question, was: dict[str, Any], target: int, sized: bool
) -> tuple[str, list[RuleRef]]:
    """What playing The Swinger on ``target`` did, from the view before it; hand sizes are
    stated only when the question said them (the ones a position is built with are not)."""
    sizes = was["hand_sizes"]
    theirs_en = numbered(sizes[target], "card", "en") if sizes[target] else "empty hand"
    theirs_nl = numbered(sizes[target], "card", "nl") if sizes[target] else "lege hand"
    if sizes[target] and not sized:
        theirs_en, theirs_nl = "cards", "kaarten"
    if was["hand"] == ["S"]:
        return question.say(
            "With The Swinger as your last card you lay it in front of the player you "
            f"choose and swap your empty hand (0 points) for their {theirs_en}: "
            "they are left with no cards, so on their turn they must call BALZAK!.",
            "Met De Swinger als laatste kaart leg je hem voor de gekozen speler en ruil je "
            f"je lege hand (0 punten) tegen zijn {theirs_nl}: hij houdt geen "
            "kaarten over en moet in zijn beurt BALZAK! roepen.",
        ), [refs.SWINGER_LAST_CARD]
    mine_en = f"other {numbered(sizes[0] - 1, 'card', 'en')}" if sized else "other cards"
    mine_nl = f"overige {numbered(sizes[0] - 1, 'card', 'nl')}" if sized else "overige kaarten"
    return question.say(
        "The Swinger goes face up in front of the chosen player (it stays there until "
        f"someone calls BALZAK!) and you swap your {mine_en} for their {theirs_en}; nobody "
        "draws.",
        "De Swinger gaat open voor de gekozen speler (hij blijft daar liggen tot iemand "
        f"BALZAK! roept) en jullie ruilen je {mine_nl} tegen zijn {theirs_nl}; niemand trekt.",
    ), [refs.SWINGER_PLAYED]


def what_it_did(
    question: Question,
    before: State,
    after: State,
    action: str,
    *,
    top_said: bool = True,
    sized: bool = False,
) -> tuple[str, list[RuleRef]]:
    """What the accepted action did, read from the views before and after (the discard pile's
    top card named only when the question said it)."""
    was, now = before.view(0), after.view(0)
    sizes, new_sizes = was["hand_sizes"], now["hand_sizes"]
    kind, _, rest = action.partition(" ")
    if kind == "lul":
        target = int(rest)
        drawn = new_sizes[target] - sizes[target]
        return question.say(
            f"The Lul goes face up in front of the chosen player (it stays there until someone "
            f"calls BALZAK!), who draws {drawn} cards at once; you draw nothing, so you play on "
            "with one card fewer.",
            f"De Lul gaat open voor de gekozen speler (hij blijft daar liggen tot iemand BALZAK! "
            f"roept), die meteen {drawn} kaarten trekt; jij trekt niets en speelt verder met een "
            "kaart minder.",
        ), [refs.LUL_PLAYED]
    if kind == "swinger":
        return _swinger_did(question, was, int(rest), sized)
    if kind == "swap" and not top_said:
        return question.say(
            f"Your {bare(card_name(rest, 'en'))} goes onto the discard pile and you take its "
            "top card into your hand.",
            f"Je {bare(card_name(rest, 'nl'))} gaat op de aflegstapel en je neemt de bovenste "
            "kaart in je hand.",
        ), [refs.SWAP]
    if kind == "swap":
        top = was["discard_pile"][-1]
        return question.say(
            f"Your {bare(card_name(rest, 'en'))} goes onto the discard pile and you take its "
            f"top card ({card_name(top, 'en')}) into your hand.",
            f"Je {bare(card_name(rest, 'nl'))} gaat op de aflegstapel en je neemt de bovenste kaart "
            f"({card_name(top, 'nl')}) in je hand.",
        ), [refs.SWAP]
    card, _, count_text = rest.split()[0].partition("x")
    count = int(count_text or 1)
    source = question.say(
        "the card that lay on top of the discard pile before you discarded"
        if "top" in action
        else "the draw pile (or, if you choose, the card that lay on top of the discard pile "
        "before you discarded)",
        "de kaart die vóór het afleggen bovenop de aflegstapel lag"
        if "top" in action
        else "de trekstapel (of, als je wilt, de kaart die vóór het afleggen bovenop de "
        "aflegstapel lag)",
    )
    if count > 1:
        return question.say(
            f"Balzakken of one value may go down together: you discard {count} and draw back "
            f"one card, from {source}, so you play on with {count - 1} fewer.",
            f"Balzakken van dezelfde waarde mogen samen: je legt er {count} af en trekt er één "
            f"terug, van {source}, dus je speelt verder met {count - 1} minder.",
        ), [refs.SAME_VALUE]
    return question.say(
        f"You discard the {card} first and then draw one card from the draw pile.",
        f"Je legt eerst de {card} af en trekt dan één kaart van de trekstapel.",
    ), [refs.DISCARD]


def bare(name: str) -> str:
    """A card's name after "your" / "je": without its article ("Blue Ball (11)")."""
    return re.sub(r"^(?:the|de|The|De) ", "", name)
