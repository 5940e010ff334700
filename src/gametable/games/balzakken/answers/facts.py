"""Numbers the game's data and engine work out without a whole situation: cards dealt, the
deck, the player counts, a card's points, the cards The Lul makes a player draw, the cost of a
false call, the end of the game.

>>> from gametable.rulebook.question import Question
>>> fact(Question.read("How many points is the Blue Ball worth?")).text.split()[0]
'11.'
>>> fact(Question.read("Hoeveel kaarten krijgt elke speler?")).text.split(".")[0]
'5'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gametable.core.registry import load_game
from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.build import build, load
from gametable.games.balzakken.answers.counts import count_words, players_said
from gametable.games.balzakken.answers.grammar import read_table
from gametable.games.balzakken.answers.names import CARDS, card_name, hand_text, numbered
from gametable.games.balzakken.scoring import BALZAK_LIMIT, FALSE_PENALTY, GAME_END
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balzakken"
_MOST_PLAYERS = re.compile(
    r"\b(?:largest|most|maximum|highest|smallest|fewest|least|minimum|lowest) (?:number of |"
    r"amount of )?players\b|\b(?:maximum|minimum|grootste|kleinste|hoogste|laagste) aantal "
    r"spelers\b|\b(?:meeste|minste) spelers\b"
)


#: "what's it worth", "wat is hij waard": a card's points asked without "how many"
_WORTH = re.compile(
    r"\b(?:what(?:'s| is| are)|how much is)\b.*\bworth\b|\bwat is\b.*\bwaard\b|"
    r"\bhoeveel is\b.*\bwaard\b"
)


#: a card's worth asked as yes or no ("lul worth 10?", "telt de Lul 10 punten?")
_WORTH_YES_NO = re.compile(
    r"^(?:is |does |do |telt |is de |is het )?(?:the |a |an |de |een )?(?:[\w-]+ ){0,2}"
    r"(?:worth|count|counts|telt|waard) (-?\d+)(?: points?| punten)?(?: waard)?\?*$|"
    r"^(?:telt|counts?) (?:the |de |een |a )?[\w-]+(?: [\w-]+)? (-?\d+)(?: points?| punten)?"
    r"(?: waard)?\?*$"
)
#: a hand's points asked ("how much is that?", "hoeveel punten heb ik?"), or a card's worth
_HAND_ASKED = (
    r"\b(?:worth|count|counts|telt|tellen|waard)\b|\bhow many points is my hand\b|"
    r"\bhow much is (?:that|this|it|my hand)\b|\bhow many points (?:do i have|have i got|"
    r"is that)\b|\bhoeveel (?:punten )?(?:is dat|heb ik)\b"
)
_HAND = re.compile(r"\b(?:my hand|in my hand|mijn hand|in mijn hand|the hand|de hand)\b")


#: whether a game may be played with a count of players ("can we play with 8 players?")
_PLAY_WITH = re.compile(
    r"^(?:can|may|could|kunnen|mogen|kan|mag) (?:we|you|i|one|je|jullie|ik|men) (?:also |ook )?"
    r"(?:(?:play|spelen|speel) )?(?:(?:balzakken|this|this game|het|het spel|dit spel) )?"
    r"(?:with|met) \S+ (?:players|people|persons|spelers|mensen|personen)"
    r"(?: (?:play|spelen|spelen\?))?\?*$|"
    r"^(?:are|is|zijn) \S+ (?:players|people|spelers|mensen) (?:allowed|ok|okay|possible|"
    r"toegestaan|mogelijk|genoeg|enough)\?*$|"
    # the count said of us ("kunnen we met z'n tweeën spelen?", "can we play with the 3 of us?")
    r"^(?:kunnen|mogen|kan|mag) (?:we|wij|jullie) (?:ook |ook wel )?(?:(?:balzakken|het|het spel|"
    r"dit spel) )?met (?:z'n|zijn|ons) \S+ (?:(?:balzakken|het|het spel|dit spel) )?"
    r"(?:spelen|balzakken)?\?*$|"
    r"^(?:can|may|could) (?:we|you) (?:also )?(?:play )?(?:balzakken |this game |it )?(?:with )?"
    r"(?:just )?the \S+ of us(?: play)?\?*$|"
    # the count as the subject ("can 9 people play together?", "kunnen 9 mensen meedoen?")
    r"^(?:can|may|could) \S+ (?:players|people|persons) (?:play|join)(?: (?:balzakken|this game|"
    r"this|it|the game))?(?: (?:together|at once|at the same time))?\?*$|"
    r"^(?:kunnen|mogen|kan|mag) \S+ (?:spelers|mensen|personen) (?:samen |tegelijk )?"
    r"(?:(?:balzakken|het|het spel|dit spel) )?(?:spelen|meedoen|meespelen)\?*$"
)


def asks_fact(question: Question) -> bool:
    lower = question.lower
    if question.kind == "yesno" and _PLAY_WITH.search(lower):
        return True
    if question.kind != "yesno" and _MOST_PLAYERS.search(lower):
        return True
    if question.kind != "yesno" and _WORTH.search(lower):
        return bool(CARDS.find(question) or _HAND.search(lower))
    if _WORTH_YES_NO.search(lower) and (CARDS.find(question) or question.numbers):
        return True
    return question.kind == "number"


def fact(question: Question) -> Answer | None:
    """The first of the numbers below that the question asks for."""
    if question.kind == "yesno" and _PLAY_WITH.search(question.lower):
        return players_allowed(question)
    for asks, answer in _FACTS:
        if question.matches(asks):
            reply = answer(question)
            if reply is not None:
                return reply
    return None


def cards_dealt(question: Question) -> Answer | None:
    """Cards in each hand at the deal: a new game of the engine, counted (not the draw pile's
    cards after it, :func:`draw_pile_left`)."""
    if re.search(r"\b(?:draw pile|trekstapel|stock)\b", question.lower):
        return None
    said = players_said(question)
    players = 3 if said is None else said[0]
    game = load_game(GAME)
    if players not in game.player_counts:
        return None
    state = game.new_game(players, seed=1)
    view = state.view(0)
    dealt = len(view["hand"])
    verdict = f"{dealt}."
    if said is not None:
        verdict = question.say(
            f"{dealt} each, {dealt * players} in all with {players} players.",
            f"{dealt} per speler, {dealt * players} in totaal met {players} spelers.",
        )
    return checked(
        GAME, question, verdict,
        question.say(
            f"Every player is dealt {dealt} cards at the start of a round; the rest form the "
            "draw pile, and its top card is turned up to start the discard pile.",
            f"Elke speler krijgt aan het begin van een ronde {dealt} kaarten; de rest is de "
            "trekstapel, en de bovenste kaart gaat open als begin van de aflegstapel.",
        ),
        [refs.SETUP], position=state.to_json(),
    )  # fmt: skip


def draw_pile_left(question: Question) -> Answer | None:
    """The draw pile after the deal and the first discard turned up: a new game of the engine
    with the players said, counted."""
    said = players_said(question)
    game = load_game(GAME)
    if said is None or said[0] not in game.player_counts:
        return None
    players = said[0]
    state = game.new_game(players, seed=1)
    view = state.view(0)
    left = view["draw_pile_size"]
    dealt = sum(view["hand_sizes"])
    return checked(
        GAME, question, f"{left}.",
        question.say(
            f"With {players} players, {dealt} cards are dealt (5 each) and one is turned up to "
            f"start the discard pile, so {left} of the deck's cards stay in the draw pile.",
            f"Met {players} spelers worden {dealt} kaarten gedeeld (5 per speler) en gaat er "
            f"één open als aflegstapel, dus blijven er {left} kaarten in de trekstapel.",
        ),
        [refs.SETUP, refs.BALZAKKEN], position=state.to_json(),
    )  # fmt: skip


def deck_size(question: Question) -> Answer | None:
    """The cards of a new game, counted: hands, the discard pile and the draw pile."""
    state = load_game(GAME).new_game(2, seed=1)
    mentions = CARDS.find(question)
    view = state.view(None)
    total = sum(view["hand_sizes"]) + len(view["discard_pile"]) + view["draw_pile_size"]
    if mentions and len(re.findall(r"\b(?:how many|hoeveel)\b", question.lower)) > 1:
        return _deck_and_copies(question, state.to_json(), total, mentions[0].name)
    kinds = _KINDS_ASKED.search(question.lower)
    if kinds is not None and not mentions and not question.numbers:
        return _copies_of_kind(question, state.to_json(), "action" if kinds.group(1) else "value")
    if mentions or question.numbers:
        return None if not mentions else copies(question, state.to_json(), mentions[0].name)
    return checked(
        GAME, question, f"{total}.",
        question.say(
            f"The deck has {total} cards: four of each Balzak from -1 to 11, four Swingers and "
            "four Luls (the rulebook does not count them; gametable's deck options change it).",
            f"Het spel heeft {total} kaarten: vier van elke Balzak van -1 tot 11, vier Swingers "
            "en vier Lullen (het regelboek telt ze niet; de opties van gametable passen het aan).",
        ),
        [refs.BALZAKKEN],
    )  # fmt: skip


#: a kind of card counted: the action cards, or the copies of each Balzak value
_KINDS_ASKED = re.compile(
    r"\b(action cards?|actiekaarten)\b|\b(?:of|van) (?:each|every|elke|iedere) (?:value|number|"
    r"waarde|getal)\b"
)


def _copies_of_kind(question: Question, whole: dict[str, object], kind: str) -> Answer:
    """How many action cards the deck holds (Swingers and Luls), or of each Balzak value: counted
    in a new game's whole state."""
    hands = whole["hands"]
    assert isinstance(hands, list)
    piles = [*hands, whole["draw_pile"], whole["discard_pile"]]
    held = [c for pile in piles if isinstance(pile, list) for c in pile]
    if kind == "action":
        swingers, luls = held.count("S"), held.count("L")
        verdict = f"{swingers + luls}."
        reason = question.say(
            f"{swingers} Swingers and {luls} Luls (the rulebook does not count them; gametable's "
            "deck options change it).",
            f"{swingers} Swingers en {luls} Lullen (het regelboek telt ze niet; de opties van "
            "gametable passen het aan).",
        )
    else:
        each = {held.count(str(v)) for v in range(-1, 12)}
        if len(each) != 1:
            return copies(question, whole, "0")
        verdict = f"{each.pop()}."
        reason = question.say(
            "Of each Balzak value from -1 to 11 (the rulebook does not count them; gametable's "
            "deck options change it).",
            "Van elke Balzak-waarde van -1 tot 11 (het regelboek telt ze niet; de opties van "
            "gametable passen het aan).",
        )
    return checked(GAME, question, verdict, reason, [refs.BALZAKKEN])


def _deck_and_copies(question: Question, whole: dict[str, object], total: int, card: str) -> Answer:
    """Both asked: the deck's size and how many of one card it holds."""
    of_card = copies(question, whole, card)
    count = of_card.text.split(".")[0]
    en, nl = card_name(card, "en"), card_name(card, "nl")
    verdict = question.say(
        f"{total} cards, {count} of them {en}.", f"{total} kaarten, waarvan {count} keer {nl}."
    )
    return checked(
        GAME, question, verdict,
        question.say(
            "Four of each Balzak from -1 to 11, four Swingers and four Luls (the rulebook does not "
            "count them; gametable's deck options change it).",
            "Vier van elke Balzak van -1 tot 11, vier Swingers en vier Lullen (het regelboek telt "
            "ze niet; de opties van gametable passen het aan).",
        ),
        [refs.BALZAKKEN],
    )  # fmt: skip


def copies(question: Question, whole: dict[str, object], card: str) -> Answer:
    """How many of one card the deck holds: counted in a new game's whole state."""
    hands = whole["hands"]
    assert isinstance(hands, list)
    piles = [*hands, whole["draw_pile"], whole["discard_pile"]]
    count = sum(list(pile).count(card) for pile in piles if isinstance(pile, list))
    en, nl = card_name(card, "en"), card_name(card, "nl")
    return checked(
        GAME, question, f"{count}.",
        question.say(
            f"The deck holds {count} of {en} (the rulebook does not count them; gametable's "
            "deck options change it).",
            f"Het spel heeft {count} keer {nl} (het regelboek telt ze niet; de opties van "
            "gametable passen het aan).",
        ),
        [refs.BALZAKKEN],
    )  # fmt: skip


def player_counts(question: Question) -> Answer | None:
    counts = load_game(GAME).player_counts
    low, high = min(counts), max(counts)
    return checked(
        GAME, question, question.say(f"{low} to {high} players.", f"{low} tot {high} spelers."),
        question.say(
            f"gametable deals {low} to {high} players 5 cards each from the deck.",
            f"gametable deelt {low} tot {high} spelers elk 5 kaarten uit het spel.",
        ),
        [refs.SETUP],
    )  # fmt: skip


def players_allowed(question: Question) -> Answer | None:
    """ "Can we play with 8 players?": Yes when the engine deals that many players."""
    said = players_said(question)
    if said is None:
        return None
    counts = load_game(GAME).player_counts
    low, high = min(counts), max(counts)
    return checked(
        GAME, question, yes_no(question, said[0] in counts),
        question.say(
            f"gametable deals {low} to {high} players 5 cards each from the deck.",
            f"gametable deelt {low} tot {high} spelers elk 5 kaarten uit het spel.",
        ),
        [refs.SETUP],
    )  # fmt: skip


def hand_points(question: Question) -> Answer | None:
    """A hand of two or more cards said one by one ("3, 4, -1 and 0 in my hand"), valued by
    the engine: Balzakken at face value, The Lul 10, The Swinger 0."""
    me = read_table(question).me
    if len(me.cards) < 2 or me.points or not _HAND.search(question.lower):
        return None
    position = build([list(me.cards), ["9"]], to_move=1)
    state = load(position)
    if state is None:
        return None
    value = state.view(0)["hand_value"]
    used = [refs.BALZAKKEN]
    if "L" in me.cards:
        used.append(refs.LUL_IN_HAND)
    if "S" in me.cards:
        used.append(refs.SWINGER_IN_HAND)
    return checked(
        GAME, question, question.say(f"{value} points.", f"{value} punten."),
        question.say(
            f"Your hand ({hand_text(me.cards, 'en')}) adds up to {value}: each Balzak counts "
            "its value, The Lul 10 and The Swinger 0.",
            f"Je hand ({hand_text(me.cards, 'nl')}) is samen {value} punten: elke Balzak telt "
            "zijn waarde, De Lul 10 en De Swinger 0.",
        ),
        used, position=position,
    )  # fmt: skip


def card_points(question: Question) -> Answer | None:
    """A card's points in a hand when someone calls: a hand of just that card, valued."""
    mentions = CARDS.find(question)
    numbers = [n for n in question.numbers if -1 <= n <= 11]
    named = list(dict.fromkeys(m.name for m in mentions))
    if len(named) > 1:
        return _cards_points(question, named) if not numbers and question.kind != "yesno" else None
    card = mentions[0].name if mentions else (str(numbers[0]) if len(numbers) == 1 else None)
    if card is None:
        return None
    position = build([[card], ["9"]], to_move=1)
    state = load(position)
    if state is None:
        return None
    value = state.view(0)["hand_value"]
    rule = {"L": refs.LUL_IN_HAND, "S": refs.SWINGER_IN_HAND}.get(card, refs.BALZAKKEN)
    name_en, name_nl = card_name(card, "en"), card_name(card, "nl")
    verdict = f"{value}."
    asked = _WORTH_YES_NO.search(question.lower)
    if question.kind == "yesno" or (asked and question.kind == "other"):
        if asked is None or not mentions:
            return None
        verdict = yes_no(question, int(next(g for g in asked.groups() if g)) == value)
    return checked(
        GAME, question, verdict,
        question.say(
            f"{name_en[0].upper() + name_en[1:]} counts {value} points if it is still in your "
            "hand when someone calls BALZAK!.",
            f"{name_nl[0].upper() + name_nl[1:]} telt {value} punten als hij nog in je hand zit "
            "wanneer iemand BALZAK! roept.",
        ),
        [rule], position=position,
    )  # fmt: skip


def _cards_points(question: Question, cards: list[str]) -> Answer | None:
    """Several cards' points asked at once: each valued as a hand of its own when someone
    calls (a Lul 10, a Swinger 0), every one answered."""
    values = []
    for card in cards:  # each valued alone, as the one card of a hand
        state = load(build([[card], ["9"]], to_move=1))
        if state is None:
            return None
        values.append(state.view(0)["hand_value"])
    position = build([cards, ["9"]], to_move=1)  # the cards together, to open
    said = [
        f"{card_name(c, question.lang)}: {numbered(v, 'point', question.lang)}"
        for c, v in zip(cards, values, strict=True)
    ]
    verdict = "; ".join(said) + "."
    rules = [
        {"L": refs.LUL_IN_HAND, "S": refs.SWINGER_IN_HAND}.get(c, refs.BALZAKKEN) for c in cards
    ]
    return checked(
        GAME, question, verdict[0].upper() + verdict[1:],
        question.say(
            "Each counts these points if it is still in a hand when someone calls BALZAK!.",
            "Elk telt zoveel punten als hij nog in een hand zit wanneer iemand BALZAK! roept.",
        ),
        rules, position=position,
    )  # fmt: skip


def lul_draws(question: Question) -> Answer | None:
    """The cards The Lul makes a player draw: played by the engine, counted."""
    position = build([["L", "3"], ["4", "5"], ["6", "7"]], to_move=0)
    state = load(position)
    if state is None:
        return None
    before = state.view(0)["hand_sizes"][1]
    state.apply("lul 1", 0)
    drawn = state.view(0)["hand_sizes"][1] - before
    return checked(
        GAME, question, f"{drawn}.",
        question.say(
            f"The player who gets The Lul in front of them draws {drawn} cards from the draw "
            "pile at once; the one who played it draws nothing.",
            f"Wie De Lul voor zich krijgt, trekt meteen {drawn} kaarten van de trekstapel; "
            "wie hem speelde, trekt niets.",
        ),
        [refs.LUL_PLAYED], position=position,
    )  # fmt: skip


def false_cost(question: Question) -> Answer | None:
    """A false call, scored by the engine: a tie on the lowest hand."""
    position = build([["3"], ["3"], ["9"]], to_move=0)
    state = load(position)
    if state is None:
        return None
    state.apply("balzak", 0)
    record = state.view(None)["rounds"][-1]
    cost = record["points"][0]
    if cost != FALSE_PENALTY:
        return None
    return checked(
        GAME, question, f"{cost}.",
        question.say(
            f"A false BALZAK! costs the caller {cost} points (their hand is forfeited); the "
            "lowest other hand writes 0, or with more than 5 points everybody else writes 0.",
            f"Een valse BALZAK! kost de roeper {cost} punten (zijn hand telt niet); de laagste "
            "andere hand schrijft 0 op, of bij meer dan 5 punten schrijven alle anderen 0.",
        ),
        [refs.FALSE, refs.OVERCALL], position=position,
    )  # fmt: skip


def game_end(question: Question) -> Answer | None:
    return checked(
        GAME, question, f"{GAME_END}.",
        question.say(
            f"The game ends after the round in which someone reaches {GAME_END} points or more; "
            "the player with the fewest points wins.",
            f"Het spel eindigt na de ronde waarin iemand {GAME_END} punten of meer haalt; wie de "
            "minste punten heeft, wint.",
        ),
        [refs.GAME_END],
    )  # fmt: skip


def call_limit(question: Question) -> Answer | None:
    return checked(
        GAME, question, f"{BALZAK_LIMIT}.",
        question.say(
            f"You may call BALZAK! on your turn with {BALZAK_LIMIT} points or fewer in your "
            "hand and no action card.",
            f"Je mag BALZAK! roepen in je beurt met {BALZAK_LIMIT} punten of minder in je hand "
            "en geen actiekaart.",
        ),
        [refs.CALL],
    )  # fmt: skip


_CARDS = r"(?:cards?|kaarten|kaart)"
#: (pattern in the question, its answer), tried in order; each pattern names what it counts,
#: so that a question sharing only a word with the game ("how many cards for Christmas") is
#: left alone
_FACTS: tuple[tuple[str, Callable[[Question], Answer | None]], ...] = (
    (
        r"\b(?:draw|draws|trek|trekt|trekken)\b.*\b(?:lul|lull)\b|\b(?:lul|lull)\b.*"
        r"\b(?:draw|draws|trek|trekt|trekken)\b",
        lul_draws,
    ),
    (
        r"\b(?:false|valse|foute) (?:balzak|call|roep)\b.*\b(?:cost|costs|kost|score|get|"
        r"krijg|krijgt|points|punten)\b|\b(?:cost|costs|kost)\b.*\b(?:false|valse|foute) "
        r"(?:balzak|call|roep)",
        false_cost,
    ),
    (
        r"\b(?:game|spel)\b.*\b(?:end|ends|eindigt|afgelopen|over)\b|\b(?:end|ends|eindigt)\b"
        r".*\b(?:game|spel)\b",
        game_end,
    ),
    (_HAND_ASKED, hand_points),
    (
        r"\b(?:worth|count|counts|telt|tellen|waard)\b|\bhow many points is (?:the|a|an)\b",
        card_points,
    ),
    (
        r"\b(?:how many|how much|up to|at most|most|maximum|hoeveel|hooguit|maximaal|maximum)\b"
        r"(?: points?| punten)?.*\b(?:call|calling|roepen|roep)\b|\b(?:call|calling|roepen|roep)\b"
        r".*\b(?:how many|how much|at most|hoeveel|hooguit|maximaal) (?:points|punten)\b",
        call_limit,
    ),
    (
        rf"\b(?:how many|hoeveel) {_CARDS}\b.*\b(?:left|remain|remaining|over|stay|blijven|"
        r"(?:liggen|zitten) er nog)\b.*"
        r"\b(?:draw pile|deck|stock|trekstapel|stapel)\b|\b(?:draw pile|trekstapel)\b.*"
        rf"\b(?:how many|hoeveel) {_CARDS}\b|"
        rf"\b(?:how many|hoeveel) {_CARDS}\b.*\b(?:draw pile|trekstapel|stock)\b.*"
        r"\b(?:deal|dealt|dealing|delen|gedeeld|uitdelen)\b",
        draw_pile_left,
    ),
    (
        r"^(?:with )?how many players|^(?:met )?hoeveel spelers|^with how many|^met hoeveel|"
        r"\bhow many (?:people|persons|players) (?:can|may|could) (?:play|join)\b|"
        r"\bhoeveel (?:mensen|personen|spelers) (?:kunnen|mogen) (?:spelen|meedoen|mee)\b|"
        + _MOST_PLAYERS.pattern,
        player_counts,
    ),
    (
        rf"\bhow many {_CARDS} (?:are )?(?:there )?(?:in|does|do) (?:the |a |het )?(?:whole |entire |"
        r"full )?(?:deck|box|"
        r"game|balzakken)|"
        rf"\bhow many {_CARDS} (?:are )?there (?:in total|altogether|all together)\b|"
        rf"\bhoeveel {_CARDS} (?:zitten |zijn )?(?:er )?in (?:het |de )?(?:hele |gehele |"
        r"volledige )?(?:spel|doos|stapel)|"
        rf"\bhoeveel {_CARDS} (?:heeft|telt|bevat) (?:het |de )?(?:hele )?(?:spel|doos|balzakken)|\bhow many (?:luls?|lull|swingers?|blue balls?|bruisbal\w*)\b.*\b(?:deck|"
        r"game|box)|\bhoeveel (?:lullen|swingers|bruisballen|actiekaarten)\b|"
        r"\bhow many (?:luls?|lull|swingers?|action cards?|blue balls?|bruisbal\w*) (?:are there|"
        r"does it have|are in it)\b|\bhow many action cards\b|"
        r"\b(?:how many|hoeveel) (?:cards|balzakken|kaarten) (?:are there )?(?:of|van) (?:each|every|"
        r"elke|iedere) (?:value|number|waarde|getal)\b",
        deck_size,
    ),
    (
        rf"\b(?:how many|hoeveel) {_CARDS}\b.*\b(?:deal|dealt|get|gets|receive|start|begin|"
        r"hand|krijg|krijgt|krijgen|gedeeld|delen|begin|start)\b",
        cards_dealt,
    ),
)


def read_numbers(question: Question) -> set[int]:
    """The indices (in ``question.words``) of the numbers the facts read: a count of players,
    or the value of the one card asked about."""
    out: set[int] = set()
    out |= count_words(question)
    if question.matches(r"\b(?:worth|count|counts|telt|tellen|waard)\b"):
        values = [i for i, w in enumerate(question.words) if w.lstrip("-").isdigit()]
        if len(values) == 1:
            out.add(values[0])
        elif _HAND.search(question.lower):
            out |= read_table(question).read
    elif question.matches(_HAND_ASKED) and _HAND.search(question.lower):
        out |= read_table(question).read
    return out
