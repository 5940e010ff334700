"""Counts over a whole table that Keezbord's engine works out: the pack after a deal
(:mod:`.deck`), a rank's copies, the pawns at a table, the steps from the start to the home, a 7's second part.

Every number is read from a new game's position (its deck, hands and board), from the deal sizes
the engine deals, or from a move the referee plays, never written here.

>>> from gametable.rulebook.question import Question
>>> answer_count(Question.read("With 4 players, how many cards are left in the pack after the second deal?")).text.split()[0]
'16'
>>> answer_count(Question.read("How many aces are in the pack with 4 players?")).text.split()[0]
'4'
"""

from __future__ import annotations

import re
from typing import Any

from gametable.games.keezbord import rules as kb
from gametable.games.keezbord.answers import words as w
from gametable.games.keezbord.answers.deck import asks_deck_left, deck_left
from gametable.games.keezbord.answers.referee import GAME as KEEZBORD
from gametable.games.keezbord.answers.referee import Trial, judge
from gametable.games.keezbord.answers.seven import read_seven_rest
from gametable.games.keezbord.board import HOME_TEXT
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "keezbord"
_RANK_NAMES = {
    "A": ("aces", "azen"), "K": ("kings", "heren"), "Q": ("queens", "vrouwen"),
    "J": ("jacks", "boeren"), "7": ("sevens", "zevens"), "4": ("fours", "vieren"),
}  # fmt: skip


def _new_game(players: int) -> dict[str, Any]:
    return KEEZBORD.new_game(players, seed=0).to_json()


def _table(question: Question) -> int | None:
    players = w.players_stated(question)
    return players if players in KEEZBORD.player_counts else None


def answer_count(question: Question) -> Answer | None:
    """The count a "how many" question asks for, or ``None``."""
    if not question.matches(r"\b(how many|how much|how far|hoeveel|hoe ver)\b"):
        return None
    if QUALIFIED_CARDS.search(question.lower):  # a kind of card: only a rank's copies count it
        return copies_of_rank(question)
    if asks_deck_left(question):
        return deck_left(question)  # the pack after the deals said, or nothing: never another count
    for read in (read_seven_rest, copies_of_rank, pawns_at_table, steps_to_home):
        reply = read(question)
        if reply is not None:
            return reply
    return None


#: the placement cards (an Ace or a King brings a pawn out of the nest, KB-021)
_PLACERS = re.compile(
    r"\b(?:how many|hoeveel) (?:placement|placing|placer|plaats|opzet|uitzet)[- ]?(?:cards|kaarten)\b"
)
#: "how many <something> cards": a kind of card the count must read, never the whole pack
QUALIFIED_CARDS = re.compile(
    r"\b(?:how many|hoeveel|number of|aantal)\s+(?!cards?\b|kaarten\b)([a-z-]+)\s+(?:cards?|kaarten)\b"
)


def copies_of_rank(question: Question) -> Answer | None:
    """How many cards of one rank the pack holds: one per player (KB-009 to KB-011); the
    placement cards are the Aces and the Kings together (KB-021)."""
    placers = _PLACERS.search(question.lower) is not None
    rank = next((r for r, names in _RANK_NAMES.items() if question.matches(
        r"\b(?:how many|hoeveel) (?:" + "|".join(names) + r")\b")), None)  # fmt: skip
    if (rank is None and not placers) or not question.matches(
        r"\b(pack|deck|game|stapel|spel|stok)\b"
    ):
        return None
    players = _table(question)
    if players is None:
        return None
    position = _new_game(players)
    cards = [c for hand in position["hands"] for c in hand] + list(position["deck"])
    if placers:
        aces, kings = cards.count("A"), cards.count("K")
        n = aces + kings
        head = question.say(f"{n} placement cards.", f"{n} opzetkaarten.")
        reason = question.say(
            f"An Ace or a King places a pawn; with {players} players the pack holds {aces} "
            f"Aces and {kings} Kings: {aces} + {kings} = {n}.",
            f"Een Aas of een Heer zet een pion op; met {players} spelers telt de stapel {aces} "
            f"azen en {kings} heren: {aces} + {kings} = {n}.",
        )
        return checked(GAME, question, head, reason, [kb.PLACEMENT, kb.CARD_DISTRIBUTION],
                       position=position, topic="number")  # fmt: skip
    n = cards.count(rank or "")
    name = _RANK_NAMES[rank or "A"]
    head = question.say(f"{n} {name[0]}.", f"{n} {name[1]}.")
    reason = question.say(
        f"With {players} players the pack holds {len(cards)} cards, every rank {n} times.",
        f"Met {players} spelers telt de stapel {len(cards)} kaarten, elke kaart {n} keer.",
    )
    return checked(GAME, question, head, reason, [kb.CARD_DISTRIBUTION], position=position,
                   topic="number")  # fmt: skip


def pawns_at_table(question: Question) -> Answer | None:
    """The pawns at a table in all: four for every player (KB-033)."""
    if not question.matches(r"\b(how many|hoeveel) (pawns|pionnen)\b") or not question.matches(
        r"\b(in total|in all|altogether|all together|on the (?:table|board)|in totaal|samen)\b"
    ):
        return None
    players = _table(question)
    if players is None or question.matches(r"\b(team|teams|home|thuis|honk)\b"):
        return None
    position = _new_game(players)
    each = len(position["pawns"][0])
    n = each * len(position["pawns"])
    head = question.say(f"{n} pawns.", f"{n} pionnen.")
    reason = question.say(
        f"Each of the {players} players has {each} pawns: {players} x {each} = {n}.",
        f"Elk van de {players} spelers heeft {each} pionnen: {players} x {each} = {n}.",
    )
    return checked(GAME, question, head, reason, [kb.WINNING], position=position, topic="number")


def steps_to_home(question: Question) -> Answer | None:
    """The steps from one's own start space to the first or last home space: round the whole
    track and into the home (KB-035); the referee confirms the last steps with a 5."""
    if not (w.on_own_start(question) or question.matches(r"\bfrom (?:my|its) (?:own )?start\b")):
        return None
    to = re.search(r"\b(first|last|end|eerste|laatste)\b[^?]*\b(home|honk|thuishonk)\b",
                   question.lower)  # fmt: skip
    if to is None or not question.matches(r"\b(steps?|spaces?|stappen|vakken)\b"):
        return None
    players = w.players_stated(question) or 4
    if players not in KEEZBORD.player_counts:
        return None
    length = int(KEEZBORD.new_game(players, seed=0).view(None)["track_length"])
    last = to.group(1) in ("last", "end", "laatste")
    n = length + (len(HOME_TEXT) - 1 if last else 0)
    target = HOME_TEXT[-1] if last else HOME_TEXT[0]
    trial = Trial.of(players, {"a": [n - 5, "N", "N", "N"]}, ["5"], "5 a1")
    ruling = judge(trial)
    if not ruling.allowed or str(ruling.place_of("a1")) != target:
        return None
    head = question.say(f"{n} steps.", f"{n} stappen.")
    reason = question.say(
        f"The track has {length} spaces, so {length} steps take a pawn from its start round the "
        f"board onto home space H1" + (f", and {n - length} more to {target}." if last else "."),
        f"De baan heeft {length} vakken, dus {length} stappen brengen een pion van zijn startvak "
        "rond het bord naar thuishonkvak H1"
        + (f", en nog {n - length} naar {target}." if last else "."),
    )
    return checked(GAME, question, head, reason, [kb.EXACT_HOME, kb.SETUP],
                   position=trial.position, topic="number")  # fmt: skip
