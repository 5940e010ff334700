"""Yes-or-no facts Keezbord's engine settles without a situation: who can play, what a card moves.

Each reader asks the engine (the game's declaration, a card played on a board built for it) and
answers Yes or No first.  They read only their own narrow wording, after the guard of
:mod:`.guard`; a question that also describes a situation is left to the situation readers.

>>> from gametable.rulebook.question import Question
>>> answer_fact(Question.read("Can 5 of us play?")).text.split()[0]
'No.'
>>> answer_fact(Question.read("Mag ik met een Aas ook gewoon één stap vooruit?")).text.split()[0]
'Ja.'
"""

from __future__ import annotations

import re

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.games.keezbord.answers.referee import Trial, judge
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "keezbord"
#: "can five of us play", "kunnen we met z'n vijven keezen": whether a table of that size plays
_PLAY_AT_ALL = re.compile(
    r"(?:^|[.!?,]\s+)(?:can|could|may|is it possible (?:for|to)|do|kunnen|kun|kan|mogen|mag|"
    r"is het mogelijk)\b"
    r".*\b(?:play|playing|played|spelen|speelt|keezen|keezbord)\b"
    r"|^(?:kunnen|mogen|can|may|could) we (?:ook |also |even |dan )?(?:met z'?n \w+|with \w+ (?:of us|"
    r"players))\b"
)
#: words that make a question about a table size into a situation of its own
_SITUATION = re.compile(
    r"\b(pawns?|pionn?e?n?|cards?|kaarten|teams?|partners?|maat|hand|nest|home|honk|start\w*|"
    r"deal\w*|dealer|deler|board|bord|track|baan)\b"
)
#: a step of a card asked as a yes or no: "can an ace move one step", "gaat de Vrouw 12 vooruit"
_STEP = re.compile(r"\b(steps?|spaces?|squares?|stap|stappen|vak|vakken|vakje|vakjes)\b")
_OTHER_PIECES = re.compile(
    r"\b(opponent|partner|teammate|tegenstander|maat|nest|home|\w*honk|thuis\w*|start\w*|pass\w*|"
    r"hit\w*|slaan|sla|past|voorbij|split\w*|verdel\w*|[a-f][1-4]|other|another|ahead|behind|"
    r"in front|mine|back one|andere|achter|voor de mijne|pawns|pionnen|achterste|voorste|"
    r"(?:spaces|steps|vakken) apart|elkaar|front one)\b"
)
#: a comparison with the other cards, which says nothing the card's own move does not
_LIKE_OTHERS = re.compile(
    r"\b(?:just )?(?:like|as with|zoals|net als) (?:all )?(?:the |de )?(?:other|others|andere)"
    r"(?: cards| kaarten)?\b"
)
_BACKWARD = re.compile(r"\b(back\w*|achteruit\w*|terug\w*)\b")
_FORWARD = re.compile(r"\b(forwards?|ahead|vooruit\w*)\b")


def answer_fact(question: Question) -> Answer | None:
    """The engine's Yes or No to a fact question, or ``None`` (see the module docstring)."""
    if question.kind != "yesno":
        return None
    return (
        teams_at(question)
        or table_size(question)
        or card_steps(question)
        or card_direction(question)
        or card_moves(question)
    )


def table_size(question: Question) -> Answer | None:
    """Whether a number of players can play: only the declared counts, never an odd one
    (KB-069)."""
    players = w.players_said(question)
    if players is None or not _PLAY_AT_ALL.search(question.lower):
        return None
    if _SITUATION.search(question.lower):
        return None
    counts = KEEZBORD.player_counts
    allowed = players in counts
    listed = ", ".join(str(n) for n in counts[:-1]) + f" or {counts[-1]}"
    gelijst = ", ".join(str(n) for n in counts[:-1]) + f" of {counts[-1]}"
    reason = question.say(
        f"Keezbord is played by {listed} players, never an odd number: with four or six you "
        "play in teams of two.",
        f"Keezbord speel je met {gelijst} spelers, nooit met een oneven aantal: met vier of zes "
        "speel je in teams van twee.",
    )
    position = KEEZBORD.new_game(players, seed=0).to_json() if allowed else None
    return checked(GAME, question, yes_no(question, allowed), reason, [kb.TEAMS],
                   position=position, topic="number")  # fmt: skip


#: teams or partners asked about, for a number of players said
_TEAMS_ASKED = re.compile(
    r"\b(?:in )?(?:teams?|pairs|partners?|teammates?|samen|in (?:een )?team|maat|maten|partner)\b"
)
#: words that make a teams question about something else than whether there are teams
_TEAMS_ELSE = re.compile(
    r"\b(?:pawns?|pionn?e?n?|cards?|kaarten|hit\w*|slaan|move|zet\w*|swap|ruil\w*|win\w*|home|"
    r"thuis|nest|start\w*|who|wie|where|waar|which|welke|sit\w*|zit\w*)\b"
)


def teams_at(question: Question) -> Answer | None:
    """Whether a table of the size said plays in teams: the teams of a new game at that table
    (Playing in Teams, KB-065 to KB-068)."""
    players = w.players_stated(question)  # said outright: "teams" alone says no count
    lower = question.lower
    if players is None or not _TEAMS_ASKED.search(lower) or _TEAMS_ELSE.search(lower):
        return None
    if w.cards_named(question) or re.search(
        r"\b(?:for|voor|with|met) (?:my|mijn) (?:partner|maat)", lower
    ):
        return None
    if players not in KEEZBORD.player_counts:
        return None
    position = KEEZBORD.new_game(players, seed=0).to_json()
    teams = KEEZBORD.new_game(players, seed=0).view(None)["teams"]
    paired = all(len(t) == 2 for t in teams)
    listed = question.say(
        "; ".join(" and ".join(f"seat {'abcdef'[s]}" for s in t) for t in teams),
        "; ".join(" en ".join(f"stoel {'abcdef'[s]}" for s in t) for t in teams),
    )
    reason = (
        question.say(
            f"With {players} players partners sit opposite each other: {listed}.",
            f"Met {players} spelers zitten partners tegenover elkaar: {listed}.",
        )
        if paired
        else question.say(
            f"With {players} players each plays alone; teams are for four or six players.",
            f"Met {players} spelers speelt ieder voor zich; teams zijn er met vier of zes spelers.",
        )
    )
    return checked(GAME, question, yes_no(question, paired), reason, [kb.TEAMS],
                   position=position, topic="number")  # fmt: skip


def card_steps(question: Question) -> Answer | None:
    """Whether a card moves a pawn the number of steps asked, played on a board built for it
    (Card Meanings, KB-049 to KB-061)."""
    cards = w.cards_named(question)
    said = w.all_spaces_said(question)
    if len(cards) != 1 or len(said) != 1 or not _STEP.search(question.lower):
        return None
    if _OTHER_PIECES.search(_LIKE_OTHERS.sub(" ", question.lower)):
        return None
    card, asked = cards[0], said[0]
    if card in ("K", "J") or (card == "7" and asked < 7):
        return None  # no steps, a swap, or part of a 7 (the seven's readers answer those)
    trial = Trial.of(2, {"a": [20, "N", "N", "N"]}, [card], f"{card} a1")
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    end = int(ruling.place_of("a1"))
    back, moves = end < 20, abs(end - 20)
    if _BACKWARD.search(question.lower):
        direction_right = back
    elif _FORWARD.search(question.lower):
        direction_right = not back
    else:
        direction_right = True
    allowed = moves == asked and direction_right
    name = {"A": "An Ace", "Q": "A Queen"}.get(card, f"A {card}")
    naam = {"A": "Een Aas", "Q": "Een Vrouw"}.get(card, f"Een {card}")
    extra = ("; it can also place a pawn", "; hij kan ook een pion op het bord zetten")
    reason = question.say(
        f"{name} moves a pawn {moves} {'space' if moves == 1 else 'spaces'} "
        f"{'backwards' if back else 'forwards'}{extra[0] if card == 'A' else ''}.",
        f"{naam} zet een pion {moves} {'vak' if moves == 1 else 'vakken'} "
        f"{'achteruit' if back else 'vooruit'}{extra[1] if card == 'A' else ''}.",
    )
    ref = {"A": kb.ACE, "4": kb.FOUR, "7": kb.SEVEN}.get(card, kb.CARD_MEANINGS)
    return checked(GAME, question, yes_no(question, allowed), reason, [ref],
                   position=trial.position)  # fmt: skip


def card_direction(question: Question) -> Answer | None:
    """Whether a card moves a pawn forward (or backward), no number of steps said: the card
    played on a board built for it (Card Meanings, KB-049 to KB-063)."""
    cards = w.cards_named(question)
    lower = _LIKE_OTHERS.sub(" ", question.lower)
    back, ahead = _BACKWARD.search(lower), _FORWARD.search(lower)
    if len(cards) != 1 or w.all_spaces_said(question) or bool(back) == bool(ahead):
        return None
    if _OTHER_PIECES.search(lower) or cards[0] in ("K", "J"):
        return None
    card = cards[0]
    trial = Trial.of(2, {"a": [20, "N", "N", "N"]}, [card], f"{card} a1")
    ruling = judge(trial)
    if not ruling.allowed:
        return None
    end = int(ruling.place_of("a1"))
    moves_back = end < 20
    steps = abs(end - 20)
    name = {"A": "An Ace", "Q": "A Queen"}.get(card, f"A {card}")
    naam = {"A": "Een Aas", "Q": "Een Vrouw"}.get(card, f"Een {card}")
    reason = question.say(
        f"{name} moves a pawn {steps} {'space' if steps == 1 else 'spaces'} "
        f"{'backwards' if moves_back else 'forwards'}.",
        f"{naam} zet een pion {steps} {'vak' if steps == 1 else 'vakken'} "
        f"{'achteruit' if moves_back else 'vooruit'}.",
    )
    ref = {"A": kb.ACE, "4": kb.FOUR, "7": kb.SEVEN}.get(card, kb.CARD_MEANINGS)
    return checked(GAME, question, yes_no(question, moves_back == bool(back)), reason, [ref],
                   position=trial.position)  # fmt: skip


#: a card asked to move a pawn at all: "can an ace also be used to move a pawn?", "mag ik met een
#: heer ook 1 vakje vooruit?"
_MOVES = re.compile(r"\b(?:move|moves|moving|step|steps|go forward|vooruit\w*|verzetten|lopen)\b")


_NAMES = {"A": ("the Ace", "de Aas"), "K": ("the King", "de Heer"), "Q": ("the Queen", "de Vrouw")}


def card_moves(question: Question) -> Answer | None:
    """Whether a card can move a pawn (its steps, when said), besides what else it does: the
    card played on a board with a pawn out and pawns in the nest, its legal plays listed by the
    engine (Card Meanings, KB-049 to KB-063)."""
    lower = w.COMPARED.sub(" ", question.lower)
    asked = Question.read(lower)
    cards = w.cards_named(asked)
    if len(cards) != 1 or not _MOVES.search(lower) or _BACKWARD.search(lower):
        return None
    if _OTHER_PIECES.search(_LIKE_OTHERS.sub(" ", lower)) or cards[0] == "J":
        return None
    said = w.all_spaces_said(asked)
    if len(said) > 1:
        return None
    card = cards[0]
    placed = {*said, int(card) if card.isdigit() else None}
    if any(n not in placed for n in asked.numbers):
        return None  # a number not read as the card or its steps ("drie pionnen"): not built
    trial = Trial.of(2, {"a": [20, "N", "N", "N"]}, [card], f"{card} a1")
    ruling = judge(trial)
    steps = abs(int(ruling.place_of("a1")) - 20) if ruling.allowed else 0
    moves = ruling.allowed and (not said or said[0] == steps)
    plays = ", ".join(a for a in ruling.legal if a.startswith(card))
    en, nl = _NAMES.get(card, (f"the {card}", f"de {card}"))
    reason = question.say(
        f"Played with a pawn out and pawns in the nest, the engine lets {en} make: {plays}"
        + (f"; it moves a pawn {steps} forward." if ruling.allowed else "; it moves no pawn."),
        f"Met een pion op de baan en pionnen in het nest laat de engine {nl} doen: {plays}"
        + (f"; hij zet een pion {steps} vooruit." if ruling.allowed else "; hij verzet geen pion."),
    )
    ref = {"A": kb.ACE, "K": kb.KING}.get(card, kb.CARD_MEANINGS)
    return checked(GAME, question, yes_no(question, moves), reason, [ref],
                   position=trial.position)  # fmt: skip
