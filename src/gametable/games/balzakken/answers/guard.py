"""When Balzakken's situation grammar must stay silent: a question it does not wholly read.

A reply checked by the referee must never be wrong, so the readers only build a position when
every part of the question is one they place in it.  :func:`understood` looks at the question
before any reader: the phrases the readers know ("not my turn", "after discarding", "at once",
"if it is still in my hand", "5 points or fewer") are set aside, and what is left must hold no
negation, condition, second step or alternative ("don't", "instead", "any more", "first ...
then", "unless", "or"), no second question, no other player as the one who acts ("can my
neighbour call?"), no card of another deck ("the queen"), no item of a listed hand that is no
card at all ("a 2, a 3 and a banana": :func:`unknown_item`) and nothing off the table
("coworker").
:func:`fits` looks at the reply afterwards: every number the question says was read by the
reader that answered, every card it names lies in the position judged, a hand said two ways ("3
points and a 2") is not guessed at, and a count of players said is the count judged.  Either
failing, the rules text answers instead, marked as not checked.

>>> from gametable.rulebook.question import Question
>>> understood(Question.read("Can I call BALZAK! with 2 points when it is not my turn?"))
True
>>> understood(Question.read("I don't have the Lul any more, I hold 3 points. Can I call?"))
True
>>> understood(Question.read("I don't know what my neighbour holds. Can I call with 3 points?"))
False
>>> understood(Question.read("If I play the Lul first, can I then call BALZAK!?"))
False
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from gametable.games.balzakken.answers.asking import VERDICT_ASKED
from gametable.games.balzakken.answers.counts import players_said
from gametable.games.balzakken.answers.grammar import read_table
from gametable.games.balzakken.answers.mentions import IN_FRONT_OF_ME, NOT_HELD, held_mentions
from gametable.games.balzakken.answers.names import VALUE_WORDS
from gametable.games.balzakken.answers.nextturn import NEXT_ASKED
from gametable.games.balzakken.answers.pile import said_top
from gametable.games.balzakken.answers.vocab import BESIDE, OTHER_CALLED, OTHERS_HIGHER
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question

#: the action cards and named Balzakken by their names (a hand said with "only" or "but")
_CARD_NAMES = r"(?:the lul|lul|lull|swinger|swingr|bruisbal|blue ball|blauwe bal|de lul)\b"
#: phrases the readers place in a position (set aside before looking for what they do not read)
_KNOWN = re.compile(
    # whose turn it is, and an action before the call (calls.py)
    r"\b(?:it is |it's |when it is |when it's |while it is |als het |wanneer het |terwijl het )?"
    r"(?:not my turn|not on my turn|"
    r"out of turn|niet aan de beurt|niet mijn beurt|niet aan zet|buiten mijn beurt)\b"
    r"|\bafter (?:discarding|dumping|throwing|tossing|swapping|playing|drawing|putting down|laying down|"
    r"throwing down|getting rid of|i (?:lay|laid|put|give|gave|discard|discarded|swap|swapped|play|"
    r"played|draw|drew))\b|\bna het (?:afleggen|ruilen|spelen)\b"
    r"|\bin the same turn\b|\bin dezelfde beurt\b"
    r"|\b(?:on my |in my |my )?(?:last|previous) turn\b|\b(?:de |mijn )?vorige beurt\b"
    # an action card said to be held after "but" ("maar de lul nog in mijn hand", "but the
    # Swinger is still in my hand")
    rf"|\b(?:but|maar) (?:the |a |my |de |een |mijn )?{_CARD_NAMES} (?:is |zit |ligt )?"
    r"(?:still |nog |ook )?in (?:my|mijn) hand\b"
    # a follow-up's number replaced ("on exactly 99 instead of 69"): not part of the situation
    r"|\binstead of -?\d+\b|\bin plaats van -?\d+\b"
    # the game's last round told before its totals ("Final round just got scored: ...")
    r"|^(?:the )?(?:last|final) round(?: (?:is|was|just|got|has|been|over|scored|done|finished))*"
    r"(?=\s*:)|^(?:de )?(?:laatste |slot)ronde(?: (?:is|was|voorbij|klaar|gespeeld))*(?=\s*:)"
    # the asker's own turn said ("now that it's my turn", "als ik aan de beurt ben")
    r"|\b(?:now that |when |once |als |wanneer |zodra )?(?:it's |it is |het )?(?:my turn|"
    r"mijn beurt(?: is)?)\b|\b(?:als|wanneer|zodra) ik aan de beurt ben\b"
    # a hand's points said again ("that's only 3 points", "dat is maar 2 punten"); the
    # readers check that the cards add up to them
    r"|\b(?:that's|that is|thats|dat is|dat zijn)(?: only| just| maar| slechts)?(?= -?\d+ "
    r"(?:points?|punten)\b)"
    # the moment of a call out of turn (calls.py reads whose turn it is)
    r"|\b(?:right now |now |nu )?(?:before|voordat) (?:he|she|they|the next player|my neighbou?r|"
    r"the others?|hij|zij|ze|de volgende speler|mijn buurman) (?:plays|goes|moves|has played|"
    r"speelt|aan de beurt is|zet)\b|\bright now\b"
    r"|\bis still thinking about (?:his|her|their) turn\b|\bdenkt nog na over zijn beurt\b"
    # the deal as the moment asked about (facts.draw_pile_left)
    r"|\bafter (?:the deal|dealing)(?: and (?:turning|flipping) (?:over |up )?the first (?:card|discard))?\b"
    r"|\bna het (?:delen|uitdelen)(?: en (?:het )?omdraaien van de eerste (?:afleg)?kaart)?\b"
    r"|\b(?:liggen|zitten) er nog (?=(?:op|in) de trekstapel\b)"
    # the draw pile running out, as the condition asked about (whatif.py)
    r"|\b(?:als|wanneer|zodra) de (?:trekstapel|stapel) (?:op|leeg) is\b"
    # "mag ik toch ...": may I still, a filler
    r"|(?<=\bmag ik )toch\b|(?<=\bkan ik )toch\b"
    # the asker's first turn of a round: a turn like any other
    r"|\b(?:on |in )?my (?:very )?first (?:turn|go|move)(?: of the (?:round|game))?\b"
    r"|\b(?:in |op )?mijn (?:aller)?eerste beurt(?: van de ronde| van het spel)?\b"
    # bounds the rulebook says in words
    r"|\b(?:points? )?or (?:fewer|less|lower|more|higher|under|below)\b|\bof (?:minder|meer)\b"
    r"|\b(?:meer|minder|hoger|lager) dan\b|\bnever below\b"
    r"|^(?:so |and )?(?:what happens|wat gebeurt er) (?:if|when|als|wanneer)\b"
    r"|^(?:so |and )?(?:what if|wat als)\b"
    # the turns' words (turns.py)
    r"|\b(?:at once|at the same time|together|tegelijk|tegelijkertijd|samen)\b"
    r"|\binstead of (?:drawing|discarding|swapping)(?: (?:a|one) card)?(?: from the draw pile)?\b"
    r"|\binstead of (?:from )?the draw pile\b|\bin plaats van (?:van )?de trekstapel\b"
    r"|\b(?:that|which|die) (?:was|lay|lies|is|ligt|lag) (?:on top|bovenop)(?: of the discard pile|"
    r" van de aflegstapel)?(?: before| earlier| first| eerst| daarvoor)?\b"
    r"|\b(?:can|may|could|mag|kan) i (?:still|nog) (?:play|spelen|use|swing|give|lay|geven)\b"
    r"|\bmy (?:only|last) card\b|\bmijn (?:enige|laatste) kaart\b|\balleen nog\b"
    # conditions the scoring and the facts read
    r"|\b(?:if|when|while|as|als|wanneer|terwijl) (?:someone|somebody|anyone|another player|"
    r"the other player|a player|my neighbou?r|my opponent|iemand|een andere speler|mijn buurman|"
    r"mijn tegenstander) (?:else )?(?:balzak!? )?(?:calls|called|makes|made|roept|riep)\b"
    # the same condition with the caller named ("when Dirk calls", "als oma BALZAK! roept")
    r"|\b(?:if|when|while|as|als|wanneer|terwijl) (?:my |mijn |je |your )?[a-z]+ "
    r"(?:balzak!? |(?:a |een )(?:good |goede |false |valse )?balzak!? )?"
    r"(?:calls|called|makes|made|shouts|shouted|roept|riep|doet|deed)\b"
    r"|\bafter drawing(?: back| one| a card)?\b|\b(?:have|hold) after\?*$"
    # an action card played by another player, said as the question's condition
    r"|\b(?:if|when|als|wanneer) (?:someone|somebody|another player|my neighbou?r|my opponent|"
    r"iemand|een andere speler|mijn buurman|mijn tegenstander) (?:plays|puts|gives|lays|speelt|"
    r"legt|geeft)\b|\b(?:als|wanneer) (?:iemand|een andere speler|mijn buurman|mijn tegenstander) "
    r"(?:[^\W\d_]+ ){0,4}(?:speelt|legt|geeft|neerlegt)\b"
    r"|\b(?:heb|houd) ik (?:dan )?nog\b"
    r"|\b(?:ik|hij|zij|ze|je) (?:heb|hebt|heeft|houd|houdt|had) (?:ook )?nog\b"
    r"|\b(?:iemand|een speler|een andere speler) anders\b"
    r"|\b(?:if|when) (?:i|you) (?:get|am|are|'m) (?:stuck|left|caught) with (?:it|him|her)\b"
    r"|\b(?:als|wanneer) (?:je|ik) (?:hem|die|haar) (?:nog )?(?:hebt|heb|vasthebt|vasthoudt|"
    r"houdt)\b|\bmaar ook\b|\bals ik -?\d+ punten (?:heb|hebt)\b"
    r"|\b(?:als|wanneer|when|if) (?:i|ik) (?:\w+ ){0,6}(?:throw|dump|toss|rid|gooi|leg|afleg|aflegt|weggooi|wegleg|discard|swap|ruil|play|"
    r"speel)\b"
    r"|\b(?:if|when|als|wanneer) (?:it is|it's|hij|ze) (?:still )?(?:nog )?in (?:my|your|his|her|"
    r"mijn|je|zijn|haar) hand\b"
    r"|\b(?:still|nog) (?:have|has|hold|holds|holding|got|heb|heeft|houd)\b"
    r"|\b(?:if|when|als) (?:the lul|it|de lul|hij) is played on (?:them|him|her|you|me)\b"
    r"|\b(?:if|when|als|wanneer) (?:i|ik) (?:call|calls|called|roep)\b"
    r"|\bno cards(?: left)?(?: in (?:my|his|her) hand)?(?: any ?more)?\b|\bgeen kaarten(?: meer)?\b"
    r"|\bno more cards\b|\b(?:and )?no action cards?\b|\bgeen actiekaart(?:en)?\b"
    # a hand said after "but", "only" or "had" ("but Tom also had exactly 2", "I only have 2")
    r"|\bbut (?:my |the |his |her )?(?:i|he|she|[a-z]+) (?:also |too |only |just )?(?:has|had|have|holds|held|hold) "
    r"(?:exactly |also |only |just )?(?=-?\d+\b(?! (?:points? |punten )?(?:in front|voor)))"
    r"|\b(?:only|just) (?:have|has|hold|holds|heb|heeft)\b"
    r"|\bmy (?:only|one) (?:opponent|neighbou?r)\b|\bthe only other player\b"
    r"|\bmijn enige (?:tegenstander|tegenspeler)\b"
    # "only" said of a number or card held ("I had only 2 points", "holding just the Bruisbal",
    # "ik had er zelf maar 3"), and of the players asked about ("only one of them?")
    r"|(?:(?<=had )|(?<=has )|(?<=have )|(?<=held )|(?<=hold )|(?<=holds )|(?<=holding )|"
    r"(?<=heb )|(?<=hebt )|(?<=heeft )|(?<=zelf )|(?<=er ))"
    rf"(?:only|just|maar) (?=(?:a |an |the |de |een )?(?:-?\d|{_CARD_NAMES}))"
    r"|\bmaar (?=-?\d+ punten\b)"
    rf"|\b(?:a|an|de|een|the) {_CARD_NAMES} only\b|(?<=\d) only\b"
    # a hand said as a condition of the question ("If I have a 5 and the Lul, how many ...")
    r"|^(?:if|when|als|wanneer) (?:i|ik) (?:have|hold|heb|houd)\b"
    r"|\b(?:only|just) one of (?:them|us)\b|\b(?:maar|alleen) (?:een|één) van (?:hen|ons)\b"
    # a question after "but" ("I know I blew it, but who writes down what?")
    r"|\b(?:but|maar) (?=(?:who|what|how|wie|wat|hoe|hoeveel)\b)"
    # a total said to drop back all the same ("do I still drop back to 50?")
    r"|\b(?:still|nog) (?:drop|drops|go back|goes back|fall back|falls back|terug)\b"
    # a total before the round ("I had 87 and picked up 12")
    r"|^(?:i|ik) (?:had|was on|was at|stond op|had er) (?=-?\d+ (?:points |punten )?(?:and|en) )"
    # the count asked for after an action ("how many cards does Kim hold after that?")
    r"|\b(?:have|hold|has|holds|heeft|houdt|heb|hebt|houd)(?: [^\W\d_]+)? (?:after that|afterwards|daarna|then|"
    r"dan|now|nu)\?*$"
    r"|\bafter (?:dealing|the deal|het delen)\b"
    r"|\b(?:turning up |turn up |turned up )?the first (?:discard|card turned up|open card)\b"
    r"|\b(?:turning up |turn up |turned up )?the first card (?:for|of|on) the discard pile\b"
    # another player's call said after the hand ("11, 11 and 8 after a good BALZAK! by Tom")
    r"|\bafter (?:a|the) (?:good |false |valid )?(?:balzak!?|call)(?= by\b)"
    r"|\bthe first card (?:is |gets )?(?:turned|flipped) (?:up|over)\b"
    r"|\b(?:after|at the end of) (?:this|the|that) round\b|\bna (?:deze|de|die) ronde\b"
    # Dutch "dan" as a question's filler ("is het spel dan afgelopen?", "schrijf ik dan -2 op?")
    r"|\b(?:is|ben|kom|komt|schrijf|mag|krijg|heb|zit|ga|gaat|wordt|word|klopt|moet|trek|pak|hoef|"
    r"kan|sta|staat|eindig|eindigt) "
    r"(?:ik|het spel|het|hij|ze|je) dan\b|\bdat ik dan\b"
    # the card drawn back after discarding several ("mag ik daarna mijn eigen tien terugpakken")
    r"|\b(?:mag|kan) ik daarna (?:[^\W\d_]+ ){0,3}(?:terugpakken|terugnemen|pakken|nemen|"
    r"trekken)\b"
    # whether the player an action card is played on draws ("moet hij kaarten trekken?")
    r"|\b(?:must|does|will|moet|hoeft) (?:he|she|hij|zij|ze) (?:also |then |still |ook |dan |nog )?"
    r"(?:(?:twee |2 |two )?(?:kaarten|cards) )?(?:draw|take|trekken|pakken)\b"
    # a hand shown after the call ("and then my neighbour showed 3 too")
    r"|\b(?:and )?then (?=(?:my |the |his |her )?[a-z]+ (?:also |too )?(?:showed|shows|had|has|"
    r"held|revealed|turned out to have)\b)"
    r"|\b(?:had|held) (?=(?:a |an |the |exactly |only |just )?-?\d)"
    r"|\b(?:(?:i|he|she|we) (?:still )?(?:had|held)|(?:zit|zat|zaten) (?:nog )?met|"
    r"was (?:caught|stuck|left) with|got stuck with)\b"
    r"|\bcall(?:ed)? (?:balzak!? )?first\b|\b(?:in one go|in one turn|all at once|in (?:een|één|1) "
    r"keer|in (?:een|één) beurt)\b|\b(?:since|as|because) they'?re (?:next to each other|in a row|"
    r"consecutive)\b"
)
#: phrases the grammar reads (:mod:`.vocab`), set aside too
_KNOWN_READ = (OTHERS_HIGHER, OTHER_CALLED, VERDICT_ASKED, BESIDE, NEXT_ASKED)
#: a hand said after "but" or "maar" ("but the player across from me also had 4", "maar mijn
#: buurman heeft ook 3"): a statement of a hand, no condition (the words between name a player)
_BUT_HOLDS = re.compile(
    r"\b(?:but|maar) (?:(?!if\b|unless\b|when\b|only\b|not\b|never\b|als\b|niet\b|alleen\b|"
    r"geen\b)[a-z']+\s+){1,6}?(?:also |too |only |just |exactly |ook |nog |precies )?"
    r"(?:has|had|have|got|holds|held|hold|heeft|heb|hebt|had|hebben|houdt|turns out to have|"
    r"turned out to have|was holding|is holding|holding)(?: er)? "
    r"(?:also |too |exactly |only |just |ook |precies |maar )?"
    rf"(?=-?\d+\b|(?:a |an |the |de |een )?{_CARD_NAMES})"
    r"|\b(?:turns|turned) out to (?:have|hold)\b|\bas well\b"
    r"|\bthe (?:last|fourth|fifth) (?:one|player)\b|\bde laatste(?: speler)?\b"
)
#: what no reader places, once the known phrases are set aside
_UNREAD_EN = re.compile(
    r"\b(?:not|never|no|none|nothing|nobody|noone|cannot|instead|still|anymore|any more|"
    r"first|then|afterwards|after|before|again|unless|otherwise|except|although|though|or|"
    r"would|had|were|already|if|suppose|assuming|but|only|last|next|previous|later|"
    r"until|till|without|twice|every time|whenever|separately|individually|singly|one by one|"
    r"one at a time|each on (?:its|their) own)\b|n't\b"
)
_UNREAD_NL = re.compile(
    r"\b(?:niet|nooit|geen|niets|niemand|anders|eerst|daarna|dan|nog|toch|weer|behalve|tenzij|"
    r"pas|zou|zouden|als|maar|al|na|voordat|zonder|stel|alleen|laatste|volgende|vorige|"
    r"of|los|apart|afzonderlijk|een voor een|één voor één|een per keer|één per keer|"
    r"stuk voor stuk)\b"
)
#: another player as the one who acts ("can my neighbour call?")
_OTHER_ACTS = re.compile(
    r"\b(?:can|may|could|must|mag|kan|moet) (?:he|she|they|someone|somebody|anyone|my neighbou?r|"
    r"my opponent|my partner|another player|the other player|the next player|hij|zij|iemand|"
    r"mijn buurman|mijn tegenstander|een andere speler)\b"
)
#: cards of other decks, and words from off the table
_FOREIGN = re.compile(
    r"\b(?:ace|king|queen|jack|joker|heer|vrouw|boer|aas|heart|hearts|spade|spades|club|clubs|"
    r"diamond|diamonds|harten|schoppen|klaver|ruiten|dice|pawn|pawns|pion|city|cities|"
    r"coworker|colleague|boss|job|work|money|euro|euros|dollar|dollars|bank|phone|"
    r"wife|husband|girlfriend|boyfriend|email|printer|computer|kids|child|"
    r"football|soccer|tennis|golf|collega|baas|geld|werk|telefoon|"
    # other games
    r"ludo|chess|schaken|checkers|dammen|poker|bridge|monopoly|uno|scrabble|tarot|klaverjassen|"
    r"klaverjas|hearts|solitaire|blackjack|pesten|mens erger je niet|risk|catan|keezen|keez|"
    r"keezbord|balam)\b"
)


#: a sum restated and put to be confirmed ("thats 2 points right?", "dat is 3 toch?"): no second
#: question (the grammar reads the sum as restating the cards, :func:`.grammar._restated_sum`)
_TAGS = re.compile(
    r"\b(?:that'?s|thats|so|dat is|dus)\s+-?\d+\s*(?:points?|punten)?,?\s*"
    r"(?:right|correct|yes|yeah|toch|ja|klopt dat|klopt)\s*\?+"
)


#: a call made by someone the question names after "when" or "if", never the asker ("when Dirk
#: made a good BALZAK!", "als oma BALZAK! roept")
_ANOTHER_CALLS = re.compile(
    r"\b(?:if|when|while|as|once|als|wanneer|toen|terwijl|zodra) (?!(?:i|ik|you|je|jij|we|wij)\b)"
    r"[a-z]+ (?:[a-z!]+ ){0,4}?(?:calls|called|makes|made|shouts|shouted|yells|yelled|roept|riep|"
    r"doet|deed|maakt|maakte)\b"
)
#: a player picked out by a number ("the player with 1", "de speler met 3"): no hand of its own
_PICKED_BY_NUMBER = re.compile(
    r"\b(?:the (?:player|one|guy|person)|whoever|de speler|degene|wie) (?:with|who (?:has|had|holds)|"
    r"met|die) -?\d+\b"
)


#: a card said to lie on the table or in front of a player ("a Lul lies in front of her"): not
#: in a hand, and no reader places it
_LAID_OUT = re.compile(
    r"\b(?:lul|lull|swinger)\b[^.?!]{0,20}\b(?:lies|lying|ligt|liggen)\b[^.?!]{0,25}"
    r"(?:\bin front of (?!me\b|myself\b)|\bon the table\b|\bop (?:de )?tafel\b|\bvoor (?!mij\b))"
)


#: a hand told as a list after a verb of holding ("I have a 2, a 3 and a banana"), up to the end
#: of its sentence
_HELD_LIST = re.compile(
    r"\b(?:i have|i hold|i've got|i got|i'm holding|i am holding|holding|my hand is|my hand:|"
    r"ik heb|heb ik|ik houd|mijn hand is)\b"
    # "I have played / just discarded / to call": a verb after it, no list of cards
    r"(?!\s+(?:just |already |net |al )?(?:\w+ed|been|to|drawn|thrown|taken|got|gotten|put|laid|"
    r"had|made|gespeeld|gelegd|getrokken|geroepen|gewisseld|afgelegd|gegooid|weggegooid)\b)"
    r"([^.?!;:]*)"
)
#: one item of such a list said with an article: the word after it
_ITEM = re.compile(r"\b(?:a|an|one|een|één|another|nog een)\s+([a-z][\w'-]*)")
#: the words an item of a hand may start with: Balzakken's cards by name, and the numbers
_ITEM_WORDS = frozenset(
    ["lul", "lull", "swinger", "blue", "blauwe", "bruisbal", "bruise", "single", "pair", "paar",
     "minus", "min", "total", "totaal", "hand", "couple", "few", "score", "good", "false", "goede",
     "valse", "call", "action", "actiekaart", "of", "at", "keer", "time", "go", "turn", "beurt",
     "round", "ronde", "player", "speler", "move", "zet", "the", "de", "het", "my", "mijn", "van"]
)  # fmt: skip
_ITEM_WORDS |= frozenset(VALUE_WORDS)
#: a card counted, not named: "drawing back one card", "één kaart" (but "another card" is a card
#: the hand holds and no one says which)
_COUNTED_CARD = re.compile(r"\b(?:one|één|1)\s+(?:card|kaart)\b")


def unknown_item(question: Question) -> bool:
    """A hand listed with an item that is no card of the game ("a banana", "a red card", "one
    unknown card", "another card"): the list cannot be built, so nothing in it is judged."""
    for held in _HELD_LIST.finditer(question.lower):
        for item in _ITEM.finditer(_COUNTED_CARD.sub(" ", held.group(1))):
            word = item.group(1)
            if word not in _ITEM_WORDS and word not in _NUMBER_WORDS:
                return True
    return False


def understood(question: Question) -> bool:
    """Whether the readers may read ``question`` at all (see the module docstring)."""
    if unknown_item(question):
        return False
    if _ANOTHER_CALLS.search(question.lower) and read_table(question).caller == 0:
        return False  # "als Bram een goede BALZAK! roept" read with the asker as the caller
    if len(re.findall(r"\?+", _TAGS.sub(" ", question.lower))) > 1:
        return False
    laid_out = _LAID_OUT.search(IN_FRONT_OF_ME.sub(" ", question.lower))  # not mine to hold
    if _PICKED_BY_NUMBER.search(question.lower) or laid_out:
        return False
    rest = _BUT_HOLDS.sub(" ", BESIDE.sub(" ", NOT_HELD.sub(" ", _TAGS.sub(" ", question.lower))))
    rest = IN_FRONT_OF_ME.sub(" ", _KNOWN.sub(" ", rest))  # read by calls.may_call
    for known in _KNOWN_READ:
        rest = known.sub(" ", rest)
    unread = _UNREAD_NL if question.lang == "nl" else _UNREAD_EN
    if unread.search(rest) or _UNREAD_EN.search(_english_only(rest)):
        return False
    return not (_OTHER_ACTS.search(rest) or _FOREIGN.search(rest))


def _english_only(text: str) -> str:
    """The English markers that Dutch shares no spelling with (a Dutch question saying "not")."""
    return " ".join(w for w in re.findall(r"[\w']+", text) if w not in {"or", "but", "had"})


#: numbers the question says: digits, and counts in words from two up (one and een are also
#: articles)
_NUMBER_WORDS = frozenset(
    [
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "twee",
        "drie",
        "vier",
        "vijf",
        "zes",
        "zeven",
        "acht",
        "negen",
        "tien",
        "elf",
        "twaalf",
    ]
)


def number_words(question: Question) -> set[int]:
    """The indices in ``question.words`` of the numbers it says, known phrases aside."""
    known = _known_words(question)
    words = question.words
    return {
        i
        for i, w in enumerate(words)
        if (w.lstrip("-").isdigit() or w in _NUMBER_WORDS)
        and i not in known
        and not (i > 0 and words[i - 1] in ("all", "alle", "all the") and not w.isdigit())
    }


def _known_words(question: Question) -> set[int]:
    """Indices of the words inside known phrases ("5 points or fewer" keeps its 5: a bound)."""
    out: set[int] = set()
    lower = question.lower
    for match in re.finditer(r"\b(?:instead of|in plaats van) (-?\d+)\b", lower):
        out.add(len(re.findall(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?", lower[: match.start(1)])))
    for match in re.finditer(r"\b(?:\d+ )?(?:points? )?or (?:fewer|less|more)\b", lower):
        if re.match(r"\d", match.group(0)) and re.search(r"\bwith\b|\bmet\b", lower):
            continue  # "with 5 points or fewer": the asker's own points, read as such
        first = len(re.findall(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?", lower[: match.start()]))
        size = len(re.findall(r"-?\d+|[^\W\d_]+(?:'[^\W\d_]+)?", match.group(0)))
        out.update(range(first, first + size))
    return out


def fits(question: Question, reply: Answer, read: Collection[int], *, hands: bool) -> bool:
    """Whether ``reply`` judged the situation the question says: every number read (``read``
    holds the word indices the reader used), every card named in the position, the players,
    and (``hands``: the reader built the hands the question describes) each hand said once."""
    if number_words(question) - set(read):
        return False
    if not _verdict_fits(question, reply):
        return False
    position = reply.position
    if position is None:
        return True
    said = players_said(question)
    if said is not None and said[0] != position.get("players"):
        return False
    if not _cards_placed(question, position):
        return False
    if not _my_cards_held(question, position):
        return False
    return not hands or _hands_said_once(question)


def _my_cards_held(question: Question, position: dict[str, object]) -> bool:
    """Every card the question says the asker holds (not the discard pile's top it may say) is
    in one hand of the position judged, as often as it is said: a position that left one out
    judged another hand."""
    hands = position.get("hands")
    if not isinstance(hands, list) or not hands or not isinstance(hands[0], list):
        return True
    said = Counter(read_table(said_top(question)[1]).holders[0].cards)
    for card in ("S", "L"):  # an action card held and then played is named twice, held once
        said[card] = min(said[card], 1)
    # the asker's seat depends on the reader (a call is built with its caller first); a card
    # may lie in front of its player (an action card played), and a count of cards may be
    # judged on a hand of as many cards with other values (a count read without the values)
    fronts = position.get("in_front")
    fronts = fronts if isinstance(fronts, list) else []
    for seat, hand in enumerate(hands):
        front = fronts[seat] if seat < len(fronts) and isinstance(fronts[seat], list) else []
        if isinstance(hand, list) and not said - Counter(str(c) for c in [*hand, *front]):
            return True
    size = sum(said.values())
    return any(isinstance(hand, list) and len(hand) == size for hand in hands)


#: a verdict opening a reply, in either language
_VERDICT = re.compile(r"^(?:yes|no|ja|nee)\b", re.IGNORECASE)
#: a guess told after a question word ("where does it go, discard pile?", "who wins, me?"):
#: the reply would have to say yes or no to the guess, which the readers do not judge
_GUESS_TAIL = re.compile(
    r"^(?:where|who|which|what|when|waar|wie|welke|wat|wanneer)\b[^?]*,"
    r"\s*(?:[^\W\d_]+\s*){1,3}\?+\s*$"
)


def _verdict_fits(question: Question, reply: Answer) -> bool:
    """A yes/no question gets a reply that opens with its verdict, and a question that offers
    its own guess after a question word is left to the rules text (no checked reply half
    answers it)."""
    if _GUESS_TAIL.search(question.lower):
        return False
    return question.kind != "yesno" or bool(_VERDICT.match(reply.text))


def _cards_placed(question: Question, position: dict[str, object]) -> bool:
    """Every card named by name (The Lul, The Swinger, the Blue Ball, the Bruisbal) lies
    somewhere in the position judged (a hand, the discard pile, in front of a player)."""
    placed: list[str] = []
    for key in ("hands", "in_front"):
        for cards in position.get(key, []) or []:  # type: ignore[attr-defined]
            placed.extend(cards)
    placed.extend(position.get("discard_pile", []) or [])  # type: ignore[arg-type]
    return all(m.name in placed for m in held_mentions(question))


def _hands_said_once(question: Question) -> bool:
    """No hand said as two sums ("3 and 5 points"), or as points and Balzakken at once ("3
    points and a 2"): the readers do not guess which is meant."""
    table = read_table(said_top(question)[1])  # the discard pile's top is nobody's hand
    if table.unsure:
        return False
    for holder in table.holders:
        balzakken = [c for c in holder.cards if c not in ("S", "L")]
        if len(holder.points) > 1 or (holder.points and balzakken):
            return False
    return True
