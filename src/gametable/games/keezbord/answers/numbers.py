"""Numbers Keezbord's engine works out without a situation: cards dealt, the pack, steps, pawns.

Every number is read from the engine (a new game's view, a card played on a board built for it,
the game's declaration), never written here.

>>> from gametable.rulebook.question import Question
>>> answer_number(Question.read("How many cards are there with 6 players?")).text.split()[0]
'78.'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.counts import QUALIFIED_CARDS
from gametable.games.keezbord.answers.deck import asks_deck_left, deck_left
from gametable.games.keezbord.answers.hands import card_name
from gametable.games.keezbord.answers.rankfacts import placing_ranks
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.games.keezbord.answers.referee import Trial, judge
from gametable.games.keezbord.board import HOME_TEXT
from gametable.games.keezbord.cards import DEAL_SIZES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "keezbord"
_BOTH_PACKS = r"\b(?:both|two|2|beide|twee) (?:packs|decks|spellen|stokken)\b"
_ROUND = r"(?:round|deal|hand|ronde|deling|keer)"


def answer_number(question: Question) -> Answer | None:
    """The number a "how many" question asks for, from the engine, or ``None``."""
    if question.kind not in ("number", "other", "what") and not question.matches(_BOTH_PACKS):
        return None
    if not question.matches(
        r"\b(how many|how much|how far|hoeveel|hoe ver|number of|aantal)\b|" + _BOTH_PACKS
    ):
        return None
    if QUALIFIED_CARDS.search(question.lower):
        return None  # "how many placement cards": a kind of card, counted by answer_count or not
    if asks_deck_left(question):
        return deck_left(question)  # the pack after the deals said, or nothing: never another count
    for read in (
        team_tables,
        dealt,
        pack,
        teams,
        home_spaces,
        spaces,
        steps,
        pawns_each,
        deals_per_dealer,
    ):
        reply = read(question)
        if reply is not None:
            return reply
    return None


def _new_game(players: int) -> dict[str, Any]:
    """A new game's position (JSON) for ``players``: the table the number is read from."""
    return KEEZBORD.new_game(players, seed=0).to_json()


def _new_view(players: int) -> dict[str, Any]:
    return dict(KEEZBORD.state_from_json(_new_game(players)).view(None))


#: a question about the cards of each player (asked without naming a deal: the deals of a cycle)
_EACH_PLAYER = (
    r"\b(each|every|everyone|everybody|per player|a player|apiece|iedereen|elke|iedere|ieder|"
    r"per speler)\b"
)


def dealt(question: Question) -> Answer | None:
    """Cards dealt to each player: 5 in a cycle's first deal, then 4 (KB-004, KB-029)."""
    if not question.matches(r"\bcards?\b|\bkaarten\b") or not question.matches(
        r"\b(deal\w*|get|gets|receive\w*|given|krijg\w*|gedeeld|delen|deelt|each|per player|"
        r"elke speler|iedere speler|per speler)\b"
    ):
        return None
    if question.matches(
        r"\b(pack|deck|box|stok|spel kaarten|stack|pile|stapel|pot|left|remain\w*|stay\w*|over)\b"
    ):
        return None  # the cards left in the pack, not those dealt
    if question.matches(r"\b(total|in all|altogether|in totaal)\b") and not w.players_said(
        question
    ):
        return None
    if question.matches(r"\b(already|so far|by now|al|tot nu toe|inmiddels)\b"):
        return None  # the cards dealt so far, over several deals: not one deal's size
    later = question.matches(
        rf"\b(second|third|later|next|following|after the first|other|tweede|derde|volgende|"
        rf"latere|daarna|andere) {_ROUND}s?\b|\b(after that|then|daarna)\b"
    )
    after_first = r"\b(after the first|na de eerste)\b"
    later = later or question.matches(after_first)
    first = question.matches(r"\b(first|start|beginning|eerste|begin)\b") and not (
        question.matches(after_first)
    )
    if not (first or later or question.matches(_EACH_PLAYER)):
        return None  # no deal asked about, nor each player's cards
    players = w.players_said(question) or 2
    if players not in KEEZBORD.player_counts:
        return None
    view = _new_view(players)
    n_first = view["hand_sizes"][0]
    n_later = DEAL_SIZES[1]
    n = n_later if later and not first else n_first
    if first != later and w.players_said(question) is not None:
        head = question.say(
            f"{n} cards each, {n * players} in all with {players} players.",
            f"{n} kaarten per speler, {n * players} in totaal met {players} spelers.",
        )
    elif first != later:
        head = question.say(f"{n} cards each.", f"{n} kaarten per speler.")
    else:
        head = question.say(
            f"{n_first} cards each, then {n_later}.",
            f"{n_first} kaarten per speler, daarna {n_later}.",
        )
    reason = question.say(
        f"The first deal of a cycle gives {n_first} cards to every player and each later deal "
        f"{n_later}, until the pack is used up.",
        f"De eerste deling geeft iedere speler {n_first} kaarten en elke volgende {n_later}, tot de "
        "stapel op is.",
    )
    return checked(GAME, question, head, reason, [kb.SETUP, kb.NEXT_DEAL],
                   position=_new_game(players), topic="number")  # fmt: skip


_PLAYERS_ASKED = re.compile(
    r"\b(?:how many|hoeveel) (?:players|people|spelers|mensen|personen)\b"
    r"|\b(?:with|met) (?:how many|hoeveel)\b"
)


_START_OF = re.compile(
    r"\b(?:which|what|welk|welke) (?:space|vak)\b[^?]*\b(?:seat|player|speler) ([a-f])'?s? "
    r"(?:start|startvak)\b|\b(?:which|what) (?:space|vak)\b[^?]*\bthe (first|second|third|"
    r"fourth|fifth|sixth) player'?s start\b"
)
_ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth")


def start_space(question: Question) -> Answer | None:
    """A seat's start space at a stated table, from a new game's board (KB-041)."""
    m = _START_OF.search(question.lower)
    players = w.players_stated(question)
    if m is None or players not in KEEZBORD.player_counts:
        return None
    seat = "abcdef".index(m.group(1)) if m.group(1) else _ORDINAL.index(m.group(2))
    if players is None or seat >= players:
        return None
    view = _new_view(players)
    space = view["starts"][seat] if "starts" in view else None
    if not isinstance(space, int):
        return None
    head = question.say(f"Space {space}.", f"Vak {space}.")
    reason = question.say(
        f"With {players} players the track has {view['track_length']} spaces and the starts "
        f"are {', '.join(str(s) for s in view['starts'])}, one per seat in turn.",
        f"Met {players} spelers heeft de baan {view['track_length']} vakken en de startvakken "
        f"zijn {', '.join(str(s) for s in view['starts'])}, één per speler.",
    )
    return checked(GAME, question, head, reason, [kb.SETUP], position=_new_game(players),
                   topic="number")  # fmt: skip


def team_tables(question: Question) -> Answer | None:
    """With how many players you play in teams: every declared table larger than two
    (KB-065 to KB-069)."""
    if not (question.matches(r"\b(teams?|partners?|maat|teamgenoot)\b")
            and _PLAYERS_ASKED.search(question.lower)):  # fmt: skip
        return None
    if w.players_stated(question) is not None:
        return None
    sizes = [n for n in KEEZBORD.player_counts if n > 2]
    listed = " or ".join(str(n) for n in sizes)
    gelijst = " of ".join(str(n) for n in sizes)
    teams_of = [len(_new_view(n)["teams"]) for n in sizes]
    head = question.say(f"{listed} players.", f"Met {gelijst} spelers.")
    reason = question.say(
        "; ".join(f"{n} players play in {t} teams of two" for n, t in zip(sizes, teams_of,
                                                                          strict=True))
        + ", partners sitting opposite each other; two players play each for himself.",
        "; ".join(f"met {n} spelers speel je in {t} teams van twee" for n, t in zip(
            sizes, teams_of, strict=True)).capitalize()
        + ", partners tegenover elkaar; met twee speelt ieder voor zich.",
    )  # fmt: skip
    return checked(GAME, question, head, reason, [kb.TEAMS], position=_new_game(sizes[0]),
                   topic="number")  # fmt: skip


def teams(question: Question) -> Answer | None:
    """Teams at a table: how many, and the pawns a team brings home (KB-065 to KB-068, KB-074)."""
    if not question.matches(r"\b(teams?)\b"):
        return None
    players = w.players_stated(question)
    if players is None or players not in KEEZBORD.player_counts or players == 2:
        return None
    view = _new_view(players)
    n = len(view["teams"])
    per_team = len(view["teams"][0])
    pawns = per_team * len(view["pawns"][0])
    if question.matches(r"\b(pawns|pionnen)\b"):
        head = question.say(f"{pawns} pawns.", f"{pawns} pionnen.")
        reason = question.say(
            f"A team is {per_team} partners with {len(view['pawns'][0])} pawns each, and it "
            f"wins when all {pawns} are home.",
            f"Een team is {per_team} partners met elk {len(view['pawns'][0])} pionnen; het wint "
            f"als alle {pawns} thuis zijn.",
        )
        refs = [kb.TEAMS, kb.WINNING]
    else:
        head = question.say(f"{n} teams.", f"{n} teams.")
        reason = question.say(
            f"With {players} players you play in {n} teams of {per_team}, partners sitting "
            "opposite each other.",
            f"Met {players} spelers speel je in {n} teams van {per_team}, partners tegenover "
            "elkaar.",
        )
        refs = [kb.TEAMS]
    return checked(GAME, question, head, reason, refs, position=_new_game(players),
                   topic="number")  # fmt: skip


#: a pawn's way to its home asked, not the home's size: "how many steps does my pawn need ..."
_WAY_HOME = (
    r"\b(?:pawns?|pion\w*|steps?|stappen|need|needs|nodig|reach|before|voor|past|voorbij|move\w*|"
    r"zet\w*|to get|te komen|until|tot)\b"
)


def home_spaces(question: Question) -> Answer | None:
    """The spaces of a home: four (the board's)."""
    if question.matches(_WAY_HOME):
        return None
    if not (
        w.says_home(question)
        and question.matches(
            r"\b(spaces|squares|fields|spots|places|vakken|vakjes|plaatsen|plekken)"
        )
    ):
        return None
    n = len(HOME_TEXT)
    head = question.say(f"{n}.", f"{n}.")
    reason = question.say(
        f"Each player's home has {n} spaces ({', '.join(HOME_TEXT)}), one for each pawn.",
        f"De thuishonk van iedere speler heeft {n} vakken ({', '.join(HOME_TEXT)}), één per pion.",
    )
    return checked(GAME, question, head, reason, [kb.WINNING], position=_new_game(2),
                   topic="number")  # fmt: skip


def pack(question: Question) -> Answer | None:
    """The cards in play for a number of players: 26, 52 or 78 (KB-009 to KB-011); no odd
    number of players (KB-069)."""
    if not question.matches(r"\bcards?\b|\bkaarten\b|" + _BOTH_PACKS):
        return None
    players = w.players_said(question)
    if players is None or question.matches(r"\b(partner|teammate|maat)\b"):
        return None
    if question.matches(r"\b(deal\w*|dealt|gedeeld|delen|deelt)\b") and question.matches(
        r"\b(rounds?|deals?|rondes?|delingen|deling|first|eerste|second|tweede)\b"
    ):
        return None  # the cards of one deal: dealt()
    try:
        view = _new_view(players)
    except ValueError:  # the game refuses the table: an odd count, or too many or too few
        return _no_such_table(question, players)
    if question.matches(_PLACING_ASKED):
        return _placing_in_pack(question, players)
    total = sum(view["hand_sizes"]) + view["deck_size"]
    head = question.say(f"{total}.", f"{total}.")
    if question.matches(_BOTH_PACKS):
        head = f"{yes_no(question, total > 52)} {total} cards."
    reason = question.say(
        f"With {players} players the game uses {total} cards, 13 ranks {players} times over, "
        "without jokers.",
        f"Met {players} spelers speel je met {total} kaarten, {players} keer de 13 kaarten, "
        "zonder jokers.",
    )
    refs = [kb.CARD_DISTRIBUTION] + ([kb.SIX_PLAYER_DECK] if players == 6 else [])
    details = (
        ("The rulebook's six-player sentence names clubs twice; gametable uses six of every "
         "rank (docs/rules/keezbord.md).",) if players == 6 else ()
    )  # fmt: skip
    return checked(GAME, question, head, reason, refs, details=details,
                   position=_new_game(players), topic="number")  # fmt: skip


#: the cards counted are only those that place a pawn ("let you put a pawn on the board")
_PLACING_ASKED = (
    r"\b(?:let|lets|allow|allows|that|which|to|can|could) (?:you |me |us )?(?:put|place|bring|get)"
    r"\b[^?]*"
    r"\b(?:pawn|board|nest|out)\b|\b(?:op het bord|uit het nest) (?:te )?(?:zetten|brengen|halen)\b"
)


def _placing_in_pack(question: Question, players: int) -> Answer:
    """The cards of the pack that place a pawn: the placing ranks (each tried by the referee)
    counted in a new game's pack (KB-021, KB-049, KB-050)."""
    position = _new_game(players)
    cards = list(position["deck"]) + [c for hand in position["hands"] for c in hand]
    ranks = placing_ranks()
    each = {r: cards.count(r) for r in ranks}
    n = sum(each.values())
    listed = " + ".join(f"{k} x {r}" for r, k in each.items())
    names = [card_name(r, question.lang) for r in ranks]
    head = question.say(f"{n} cards.", f"{n} kaarten.")
    reason = question.say(
        f"Only {' and '.join(names)} place a pawn, and the {players}-player pack of "
        f"{len(cards)} cards holds {listed} = {n} of them.",
        f"Alleen {' en '.join(names)} zetten een pion op het bord, en de stapel voor "
        f"{players} spelers ({len(cards)} kaarten) heeft er {listed} = {n}.",
    )
    return checked(GAME, question, head, reason, [kb.PLACEMENT, kb.ACE, kb.KING, kb.CARD_DISTRIBUTION],
                   position=position, topic="number")  # fmt: skip


def _no_such_table(question: Question, players: int) -> Answer:
    counts = ", ".join(str(n) for n in KEEZBORD.player_counts)
    reason = question.say(
        f"Keezbord is played by {counts} players, never an odd number, so there is no game "
        f"with {players}.",
        f"Keezbord speel je met {counts} spelers, nooit met een oneven aantal, dus niet met "
        f"{players}.",
    )
    head = question.say("None.", "Geen.")
    return checked(GAME, question, head, reason, [kb.TEAMS], topic="number")


_STEP_QUESTION = re.compile(
    r"\b(steps?|spaces?|far|move|moves|go|goes|vakken|stappen|ver|lopen|loopt|vooruit|achteruit)\b"
)


#: a pawn's place told ("my pawn is on my start", "mijn pion staat ..."), or a second card
_PAWN_PLACED = (
    r"\b(?:my pawn|mijn pion|the pawn|de pion|it|hij)\b[^.?]{0,30}\b(?:is|stands|sits|staat|zit)"
    r"\b|\b(?:and then|then|daarna|dan)\b"
)


def steps(question: Question) -> Answer | None:
    """How far a card moves a pawn: played on a board built for it (Card Meanings)."""
    card = w.first_card(question)
    if card is None or not _STEP_QUESTION.search(question.lower):
        return None
    if question.matches(r"\b(other|second|rest|remaining|andere|tweede|overige)\b"):
        return None  # a part of a split 7, or another pawn: not one card's steps
    if w.all_spaces_said(question) or question.matches(_PAWN_PLACED):
        return None  # a pawn's place told: where it ends is asked, not the card's steps
    if card == "K":
        return _king_steps(question)
    if card == "J":
        return None
    action = "4 a1" if card == "4" else f"{card} a1"
    trial = Trial.of(2, {"a": [20, "N", "N", "N"]}, [card], action)
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    end = ruling.place_of("a1")
    n = abs(int(end) - 20)
    back = card == "4"
    name = {"A": "An Ace", "Q": "A Queen"}.get(card, f"A {card}")
    naam = {"A": "Een Aas", "Q": "Een Vrouw"}.get(card, f"Een {card}")
    head = question.say(
        f"{n}{' backwards' if back else ''}.", f"{n}{' achteruit' if back else ''}."
    )
    extra = {
        "A": ("; it can also place a pawn", "; hij kan ook een pion op het bord zetten"),
        "7": (", or split over two pawns, 7 in all", ", of verdeeld over twee pionnen, samen 7"),
    }.get(card, ("", ""))
    reason = question.say(
        f"{name} moves a pawn {n} {'space' if n == 1 else 'spaces'} "
        f"{'backwards' if back else 'forwards'}{extra[0]}.",
        f"{naam} zet een pion {n} {'vak' if n == 1 else 'vakken'} "
        f"{'achteruit' if back else 'vooruit'}{extra[1]}.",
    )
    ref = {"A": kb.ACE, "7": kb.SEVEN, "4": kb.FOUR}.get(card, kb.CARD_MEANINGS)
    return checked(GAME, question, head, reason, [ref], position=trial.position, topic="number")


def _king_steps(question: Question) -> Answer | None:
    """A King moves no pawn: the referee refuses it on a pawn and lets it place one (KB-050)."""
    move = judge(Trial.of(2, {"a": [20, "N", "N", "N"]}, ["K"], "K a1"))
    place = judge(Trial.of(2, {"a": [20, "N", "N", "N"]}, ["K"], "K place"))
    if move.allowed or not place.allowed:
        return None
    head = question.say("None.", "Geen.")
    reason = question.say(
        "A King moves no pawn; it only brings a pawn from the nest onto your start space.",
        "Een Heer zet geen pion vooruit; hij zet alleen een pion uit het nest op je startvak.",
    )
    return checked(GAME, question, head, reason, [kb.KING, kb.PLACEMENT],
                   position=Trial.of(2, {"a": [20, "N", "N", "N"]}, ["K"], "K place").position,
                   topic="number")  # fmt: skip


def pawns_each(question: Question) -> Answer | None:
    """Pawns per player: four (the board's)."""
    if not question.matches(r"\b(how many|hoeveel) (pawns?|pionnen)\b") or question.matches(
        r"\bhome|thuis|team"
    ):
        return None
    if not question.matches(r"\b(each|every|per|have|has|get|heeft|krijgt|elke|iedere|does a)\b"):
        return None
    n = len(_new_view(2)["pawns"][0])
    head = question.say(f"{n}.", f"{n}.")
    reason = question.say(
        f"Every player has {n} pawns, which start in the nest and must all reach the home.",
        f"Iedere speler heeft {n} pionnen, die in het nest beginnen en allemaal thuis moeten komen.",
    )
    return checked(GAME, question, head, reason, [kb.WINNING], position=_new_game(2),
                   topic="number")  # fmt: skip


def deals_per_dealer(question: Question) -> Answer | None:
    """How many deals one dealer makes: until the pack is used up, 5 then 4 and 4 (KB-003)."""
    if not question.matches(r"\b(dealer|deler|deals?|rounds?|rondes?)\b") or not question.matches(
        r"\b(dealer|deler|before|until|voordat|tot|per cycle|cycle|cyclus|pack)\b"
    ):
        return None
    if question.matches(r"\bcards? (?:each|per)|kaarten per\b"):
        return None
    n = len(DEAL_SIZES)
    sizes = " + ".join(str(s) for s in DEAL_SIZES)
    head = question.say(f"{n} deals.", f"{n} rondes.")
    if question.matches(r"\b(how many|hoeveel) (cards|kaarten)\b"):
        total = sum(DEAL_SIZES)
        head = question.say(f"{total} cards each.", f"{total} kaarten per speler.")
        if question.matches(r"\b(in total|in all|altogether|all together|in totaal|samen)\b"):
            told = w.players_said(question)
            if told is None or told not in KEEZBORD.player_counts:
                return None  # the total over the table needs the number of players
            head = question.say(
                f"{told * total} cards in all: {total} to each of the {told} players.",
                f"{told * total} kaarten in totaal: {total} voor elk van de {told} spelers.",
            )
    reason = question.say(
        f"A dealer deals until the pack is used up: {sizes} = {sum(DEAL_SIZES)} cards per player, "
        "then the player to the dealer's left takes over.",
        f"Een deler deelt tot de stapel op is: {sizes} = {sum(DEAL_SIZES)} kaarten per speler; "
        "daarna neemt de speler links van de deler het over.",
    )
    players = w.players_said(question) or 2
    position = _new_game(players if players in KEEZBORD.player_counts else 2)
    return checked(GAME, question, head, reason, [kb.SETUP, kb.NEXT_DEAL],
                   position=position, topic="number")  # fmt: skip


def spaces(question: Question) -> Answer | None:
    """The track's length for a number of players: 64, or 96 with six (our board)."""
    if not question.matches(r"\b(spaces|squares|fields|vakken|vakjes)\b") or not question.matches(
        r"\b(board|track|bord|baan)\b"
    ):
        return None
    players = w.players_said(question) or 4
    if players not in KEEZBORD.player_counts:
        return None
    n = _new_view(players)["track_length"]
    head = question.say(f"{n}.", f"{n}.")
    reason = question.say(
        f"With {players} players the track has {n} spaces, 16 per seat's section "
        "(the rulebook does not draw the board; this is the standard Keezen board).",
        f"Met {players} spelers heeft de baan {n} vakken, 16 per speler (het spelregelboekje "
        "tekent het bord niet; dit is het gewone keezenbord).",
    )
    return checked(GAME, question, head, reason, [kb.SETUP], position=_new_game(players),
                   topic="number")  # fmt: skip
