"""Questions about other games and sports, declined before any reader or the rules text.

Balzakken shares many words with other games and sports ("players", "team", "cards", "points",
"hand", "call"), so a question such as "how many players does a hockey team have?" reads, word
for word, much like "how many players can play?".  A question that names another game or sport,
or something Balzakken has not (teams, a goalkeeper, a touchdown), is about something else: it
is declined, with the closest sections of the rules offered to read, in the question's language.
A question that names Balzakken's own cards or call is never declined here.

>>> from gametable.rulebook.question import Question
>>> elsewhere(Question.read("How many players does a basketball team have?"))
True
>>> elsewhere(Question.read("Hoeveel spelers staan er in een voetbalteam?"))
True
>>> elsewhere(Question.read("How many players can play Balzakken?"))
False
>>> elsewhere(Question.read("I have a 2, a 3 and an ace. Can I call BALZAK!?"))
True
"""

from __future__ import annotations

import re

from gametable.rulebook.answer import Answer, answer
from gametable.rulebook.question import Question

GAME = "balzakken"

#: parts of words that name another sport or game wherever they stand ("voetbalteam",
#: "basketballers", "schaakbord")
_INSIDE = (
    "football|voetbal|basketbal|volleybal|handbal|korfbal|honkbal|baseball|softball|hockey|"
    "cricket|rugby|tennis|badminton|bowling|snooker|biljart|billiard|waterpolo|schaak|chess|"
    "poker|blackjack|canasta|klaverjas|monopoly|scrabble|yahtzee|backgammon|mahjong|solitaire|"
    "hartenjagen|wielren|schaats|formule ?1|formula ?1"
)
#: whole words that name another sport or game, or what Balzakken has not
_WHOLE = (
    "golf|darts|dart|uno|ludo|bridge|rummy|rummikub|pesten|jokeren|whist|euchre|cribbage|"
    "go fish|domino|dominoes|dominoën|werewolf|weerwolven|mafia|cluedo|catan|stratego|"
    "risk the game|mens erger je niet|keezen|keezbord|balam|tarot|hold'?em|nfl|nba|fifa|"
    "soccer|sport|sports|team|teams|teammate|teammates|teamgenoot|teamgenoten|ploeg|ploegen|"
    "elftal|goalkeeper|keeper|doelman|touchdown|offside|buitenspel|inning|innings|wicket|"
    "home run|slam dunk|driepunter|three-pointer|penalty kick|free kick|strafschop|vrije trap|"
    "racket|"
    # cards of everyday life
    "credit ?cards?|debit cards?|gift ?cards?|birthday cards?|christmas cards?|business cards?|"
    "sim ?cards?|bank ?cards?|greeting cards?|creditcard|bankpas|pinpas|kerstkaart(?:en)?|"
    "verjaardagskaart(?:en)?|visitekaartjes?"
)
#: players counted in a group that is no game of Balzakken ("players in an orchestra", "spelers
#: in een elftal"): its table, round or game are its own
_GROUP = re.compile(
    r"\bplayers? (?:are |is |does |do |play |there )*(?:in|on|of) (?:a|an|one|een) "
    r"(?!(?:game|round|table|turn|hand|match of balzakken|balzakken)\b)[a-z]+"
    r"|\bspelers? (?:staan |zitten |zijn |spelen |er )*(?:in|bij|van) (?:een|één) "
    r"(?!(?:spel|spelletje|potje|ronde|tafel|beurt|hand|balzakken)\b)[a-z]+"
)
_OTHER = re.compile(rf"(?:{_INSIDE})|\b(?:{_WHOLE})\b")
#: a card of another deck asked about ("what is a Queen worth?", "telt een Aas als 1?"); "de
#: vrouw naast me" is a player, so only a card said with its worth counts
_DECK = (
    r"(?:heer|vrouw|boer|aas|koning|koningin|king|queen|jack|ace|joker|boor|"
    r"(?:harten|schoppen|klaver|ruiten)\w*|hearts|spades|clubs|diamonds)"
)
_FOREIGN_CARD = re.compile(
    rf"\b(?:een|de|a|an|the) {_DECK} (?:\w+ )?(?:waard|worth|tellen|telt|counts?|als)\b"
    rf"|\b(?:telt|counts?|tellen|worth|waard is) (?:een|de|a|an|the) {_DECK}\b"
)
#: a card of another deck said to be held ("I have a 2, a 3 and an ace", "ik heb een aas en een
#: 2"): only the names no player of the table goes by (a "vrouw" or "heer" may be a player)
_HELD_FOREIGN = re.compile(
    r"\b(?:i have|i hold|i've got|i got|holding|in my hand|ik heb|heb ik|ik houd|in mijn hand)\b"
    r"[^.?!]{0,40}?\b(?:an?|een|the|de|my|mijn|two|twee|\d) (?:ace|aas|azen|aces|king|kings|koning|"
    r"queen|queens|koningin|jack|jacks|joker|jokers)\b"
)
#: Balzakken's own things: a question naming them is about Balzakken
_OWN = re.compile(
    r"\bbalzak|\b(?:the |de )?(?:lul|lull|luls|lullen|swinger|swingers|swingr|bruisbal|"
    r"bruisballen|blue ball|blauwe bal)\b"
)


def elsewhere(question: Question) -> bool:
    """Whether ``question`` is about another game or sport (see the module docstring)."""
    lower = question.lower
    other = _OTHER.search(lower) or _GROUP.search(lower) or _FOREIGN_CARD.search(lower)
    if _HELD_FOREIGN.search(lower):
        return True  # a hand holding a card this game has not: no position holds it
    return other is not None and _OWN.search(lower) is None


def decline(question: Question) -> Answer:
    """The polite decline of a question about something else, with the closest sections."""
    closest = answer(GAME, question.text)
    if _FOREIGN_CARD.search(question.lower) or _HELD_FOREIGN.search(question.lower):
        text = question.say(
            "Balzakken has no such card: its cards are the Balzakken from -1 to 11, The Swinger "
            "and The Lul. The closest sections are listed below.",
            "Zo'n kaart zit niet in Balzakken: het spel heeft de Balzakken van -1 tot 11, De "
            "Swinger en De Lul. De dichtstbijzijnde delen staan hieronder.",
        )
    else:
        text = question.say(
            "That is not about Balzakken, so I cannot answer it; I answer questions about the "
            "rules of Balzakken. The closest sections are listed below.",
            "Dat gaat niet over Balzakken, dus daar kan ik geen antwoord op geven; ik beantwoord "
            "vragen over de regels van Balzakken. De dichtstbijzijnde delen staan hieronder.",
        )
    related = (*closest.sources, *closest.related)
    return Answer(
        GAME, question.text, text, (), answered=False, related=related, lang=question.lang
    )
