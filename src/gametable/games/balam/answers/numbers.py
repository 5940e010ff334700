"""Numbers the game's data and scoring work out without a full situation: Katun cards laid out
a round, rounds in a game, building costs, temple and cenote prestige, the riches bonus, the
divination's looks, the Clemency of Chaak, the riches a king starts with."""

from __future__ import annotations

import re
from math import ceil

from gametable.core.registry import load_game
from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    CARDS,
    RICHES_NAMES,
    about_another,
    buildings_in,
    counted,
    name_of,
    number_before,
    numbers_in,
    players_in,
    riches_in,
    says_second,
    says_tie,
    understood,
    vocabulary,
)
from gametable.games.balam.board import BASE_COST, DOUBLE, KINDS, RICHES, SPECIAL_COST
from gametable.games.balam.flow import START_MAIZE
from gametable.games.balam.katun import BALL_PLACE, deck_places
from gametable.games.balam.scoring import (
    CENOTE_FACTOR,
    CEREMONY,
    divination_peeks,
)
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
_ORDINAL = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
_ORDINAL_NL = {2: "tweede", 3: "derde", 4: "vierde", 5: "vijfde"}


#: the question frame of the numbers, and each reader's own words
_ASK = vocabulary("""how many much what is are does do did the a an of in for with per each every at number
    amount total get gets i my we you there there's will would should come comes
    hoeveel wat is zijn kost kosten de het een van in voor met per elke iedere bij aantal
    krijg krijgt ik je er worden wordt""")
_WORDS_OF = {
    "cards": vocabulary("""katun katuns card cards turned turn over laid out placed put dealt drawn played
        round rounds players player game beside the board face down start beginning
        katunkaarten katunkaart kaarten kaart omgedraaid gelegd neergelegd ronde rondes spelers
        speler spel klaar liggen ligt begin we're als spelen z'n tweeën drieën vieren
        kings koningen leg legt je play plays lie lies lying was were"""),
    "rounds": vocabulary("""rounds round game last lasts long take takes players player ball games balls until
        end ends by default default if we play to up second third fourth fifth the when over
        finished us afgelopen wanneer eindigt stopt als we met spelen z'n tweeën drieën vieren
        rondes ronde duurt spel spelers speler balspelen standaard normal usual length normale
        gewone lengte we're"""),
    "cost": vocabulary("""cost costs price pay to build building kost kosten prijs betalen bouwen do i need
        riches nodig waarmee betaal with en and mag may can"""),
    "sacrifice": vocabulary("""sacrifice sacrificing sacrificed offer offering points prestige score temple
        temples cenote cenotes ceremony and i my give gives worth for bring
        offer offeren punten tempel ceremonie en ik mijn geeft levert op als prestigepunten
        waard hem haar get gets earn have has one other the each total gets sacrifices
        andere totaal heb twee got this round ronde deze ene mayas people volk to that naar tempels
        another other pts ones second first offers offert offer what's altogether when much
        sacrificed distribution phase verdeling fase time tijd put putting place placed lay
        zet leg"""),
    "bonus": vocabulary("""riches left over remaining at the end of game points prestige score total bonus i
        have had hold and on my sheet king worth give gives what's final finish finishes
        finished ends ended when score get final i'm on am
        blad bonuspunten bonus sta rijkdommen rijkdom over overgebleven aan einde eind van het spel punten prestigepunten
        totaal ik heb en op mijn koningsblad nog erbij krijg they them levert dat afgelopen
        is spel remain remains bring game's over them of still holds hold nog koningsblad stand
        standing eindscore alles al uitgedeeld"""),
    "looks": vocabulary("""observatories observatory most divination look looks see at cards card may can i
        with players player second tied tie for place the against vs versus each are two
        three when if both game do we katun have has hold own got by myself alone peek
        observatoria observatorium sterrenwacht meeste waarzeggerij bekijken kijken zien
        kaarten mag ik met spelers tweede gelijk more than anybody anyone else everybody
        heb als enige en z'n tweeën drieën vieren bekijk zie kijk king us gets to who peek
        nobody as many me wie ons and level top staan third last fourth has none derde
        laatste heeft geen strictly clearly outright sole single we're duidelijk"""),
    "start": vocabulary("""start starts begin begins beginning setup set up with king kings player players
        riches maize tokens game
        begint beginnen starten koning koningen speler spelers rijkdommen spel"""),
}


_LEXICONS = {
    "cards": (CARDS,),
    "rounds": (CARDS,),
    "cost": (BUILDINGS, RICHES_NAMES),
    "sacrifice": (RICHES_NAMES, CARDS),
    "bonus": (RICHES_NAMES,),
    "looks": (BUILDINGS,),
    "start": (RICHES_NAMES,),
}


def _reads(q: Question, words: str, *, numbers: set[int] | None = None, we: bool = False) -> bool:
    """Whether the question holds only the frame, the reader's words, names and the numbers
    it uses (see :func:`~gametable.games.balam.answers.grammar.understood`); ``we`` when the
    question speaks for a group the asker is in ("two of us are tied: can we ...")."""
    used = set(numbers_in(q)) if numbers is None else numbers
    return (we or not about_another(q)) and understood(
        q, _ASK | _WORDS_OF[words], lexicons=_LEXICONS[words], numbers=used
    )


def cards_laid_out(players: int) -> int:
    """The Katun cards a new round lays out, as the engine deals them."""
    state = load_game(GAME).new_game(players, seed=0)
    return len(state.view(0)["katun"]["cards"])


def cards_per_round(q: Question) -> Answer | None:
    """ "How many Katun cards are turned over each round?": NJ + 1, worked out."""
    terse = (
        len(q.words) <= 7
        and players_in(q) is not None
        and not q.matches(r"\b(can|may|do|does|is|are|must|should|will|mag|kan|moet|zijn)\b")
    )
    if not q.matches(r"\b(how many|hoeveel|number of|aantal)\b") and not terse:
        return None  # "3 players katun cards each round?" asks the number too
    if not q.matches(r"\b(cards?|kaarten|katuns?|katunkaart\w*)\b") or not q.matches(
        r"\b(rounds?|ronde|per|each|every|elke|laid out|klaar)\b"
    ):
        return None
    if q.matches(r"\bhow many rounds\b|\bhoeveel rondes?\b"):
        return None
    n = players_in(q) or _players_together(q)
    if n is not None and n not in (2, 3, 4):
        return None
    if not _reads(q, "cards", numbers={n} if n else set()):
        return None
    if n is None:
        counts = {p: cards_laid_out(p) for p in (2, 3, 4)}
        verdict = q.say(
            f"One more than the number of players: {counts[2]} with 2 players, {counts[3]} with "
            f"3, {counts[4]} with 4.",
            f"Eén meer dan het aantal spelers: {counts[2]} met 2 spelers, {counts[3]} met 3, "
            f"{counts[4]} met 4.",
        )
    else:
        k = cards_laid_out(n)
        verdict = q.say(
            f"{k} Katun cards a round with {n} players ({n} + 1 = {k}).",
            f"{k} Katun-kaarten per ronde met {n} spelers ({n} + 1 = {k}).",
        )
    reason = q.say(
        "At the start of each round one card more than the number of players (NJ + 1) is laid "
        "out face down, and the round ends as soon as the last of them is turned over.",
        "Aan het begin van elke ronde liggen er NJ + 1 kaarten gedekt klaar; de ronde eindigt "
        "zodra de laatste daarvan wordt omgedraaid.",
    )
    return checked(GAME, q, verdict, reason, [rules.START_OF_ROUND, rules.TURNS], topic="number")


#: "when does the game end", in English and Dutch
_GAME_END = (
    r"\bwhen (?:does|is) (?:the|a) game (?:end|over|finished)\b|\bwhen is it over\b|"
    r"\bwanneer (?:is|eindigt|stopt) het spel\b"
)
#: "the three of us", "met z'n drieën"
_TOGETHER = {"two": 2, "three": 3, "four": 4, "tweeën": 2, "drieën": 3, "vieren": 4}


def _players_together(q: Question) -> int | None:
    """The players counted as a group ("the three of us", "met z'n drieën")."""
    found = re.search(r"\b(?:the (two|three|four) of us|z'n (tweeën|drieën|vieren))\b", q.lower)
    if found is None:
        return None
    return _TOGETHER[found.group(1) or found.group(2)]


def ball_game_places() -> list[int]:
    """The places (top card = 1) of the ball games in a deck built as the rulebook says."""
    return [i + 1 for i, kind in enumerate(deck_places()) if kind == BALL_PLACE]


def rounds_in_game(q: Question) -> Answer | None:
    """ "How many rounds does a game last with 3 players?": the round of the last ball game."""
    asks_end = q.matches(_GAME_END)
    if not asks_end and not q.matches(
        r"\b(how many rounds|hoeveel rondes?|number of rounds|how long does)\b"
    ):
        return None
    n = players_in(q) or _players_together(q)
    if n is None or n not in (2, 3, 4):
        return None
    ordinal = re.search(
        r"\b(second|third|fourth|fifth|tweede|derde|vierde|vijfde) (?:ball|balspel)", q.lower
    )
    ordinals = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "tweede": 2, "derde": 3,
                "vierde": 4, "vijfde": 5}  # fmt: skip
    balls = (
        ordinals[ordinal.group(1)]
        if ordinal
        else number_before(q, "ball", "balspelen", "balspellen") or n
    )
    if not 2 <= balls <= 5 or not _reads(q, "rounds", numbers={n, balls}):
        return None
    place = ball_game_places()[balls - 1]
    per_round = cards_laid_out(n)
    rounds = ceil(place / per_round)
    first = (rounds - 1) * per_round + 1
    verdict = q.say(
        f"{rounds} rounds with {n} players.",
        f"{rounds} rondes met {n} spelers.",
    )
    if asks_end:
        verdict = q.say(
            f"After the round of the {_ORDINAL[balls]} ball game: round {rounds} with {n} players.",
            f"Na de ronde van het {_ORDINAL_NL[balls]} balspel: ronde {rounds} met {n} spelers.",
        )
    reason = q.say(
        f"The game ends with the round of the {_ORDINAL[balls]} ball game, which lies at place "
        f"{place} of the deck (10 Prosperous cards on top, then piles with a ball game between "
        f"each two), and {per_round} cards are laid out a round ({n} + 1), so it comes out in "
        f"round {rounds} (cards {first} to {first + per_round - 1}).",
        f"Het spel eindigt met de ronde van het {_ORDINAL_NL[balls]} balspel, dat op plaats "
        f"{place} van de stapel ligt, en er komen {per_round} kaarten per ronde ({n} + 1), dus "
        f"het komt in ronde {rounds} (kaarten {first} tot {first + per_round - 1}).",
    )
    refs: list[RuleRef | str] = [
        rules.SETUP_LENGTH,
        "setup/building-the-card-deck",
        rules.START_OF_ROUND,
    ]
    return checked(GAME, q, verdict, reason, refs, topic="number")


def building_cost(q: Question) -> Answer | None:
    """ "What does a palace cost?": the rulebook's cost, from the game's data."""
    if not q.matches(
        r"\b(cost|costs|price|how much|what do i pay|kost|kosten|prijs|betalen|waarmee betaal)\b"
    ):
        return None
    named = buildings_in(q)
    if len(named) != 1 or q.kind == "yesno" or not _reads(q, "cost", numbers=set()):
        return None
    kind = KINDS.index(named[0])
    name = name_of(q, named[0])
    special = SPECIAL_COST[kind]
    if special is not None:
        riches = name_of(q, RICHES[special])
        verdict = q.say(f"1 {riches}.", f"1 {riches}.")
        reason = q.say(
            f"A {name} is one of the 4 special buildings: it costs exactly 1 {riches} from "
            "the king sheet.",
            f"Een {name} is een van de 4 bijzondere gebouwen: het kost precies 1 {riches} van "
            "het koningsblad.",
        )
    else:
        cost = BASE_COST[kind]
        plots = 2 if DOUBLE[kind] else 1
        verdict = q.say(f"{cost} riches of any type.", f"{cost} rijkdom(men) naar keuze.")
        reason = q.say(
            f"A {name} is a base building, paid with any riches from the king sheet; it takes "
            f"{plots} plot{'s' if plots > 1 else ''} of its site.",
            f"Een {name} is een basisgebouw, te betalen met elke rijkdom van het koningsblad; "
            f"het neemt {plots} bouwplaats{'en' if plots > 1 else ''} in.",
        )
    return checked(GAME, q, verdict, reason, [rules.COSTS, rules.PLOTS], topic="number")


#: "one temple ... the other ...": where the riches of a second temple begin
_OTHER_TEMPLE = (
    r"\b(?:(?:the|my|his|her) (?:other|second)(?: one| temple)?|another(?: one| temple)?|in another|"
    r"(?:de|een|mijn|zijn|haar) (?:andere|tweede)(?: tempel)?)\b"
)


def _temple_shares(q: Question) -> list[dict[str, int]] | None:
    """The riches each temple sacrifices: one share, or two when the question splits them
    ("one temple 2 prisoners, another a jade"); ``None`` when it splits them more often."""
    parts = re.split(_OTHER_TEMPLE, q.lower)
    if len(parts) > 2:
        return None
    for part in parts:
        named = [m.name for m in RICHES_NAMES.find(Question.read(part))]
        if len(named) != len(set(named)):
            return None  # "a prisoner and a prisoner": a count :func:`counted` reads once
    if len(parts) == 1:
        return [counted(q, RICHES_NAMES)]
    shares = [counted(Question.read(part), RICHES_NAMES) for part in parts]
    first = re.search(
        r"\b(?:in|on|at|op) (?:one|the first|my|een|de eerste|de ene|mijn) (?:temple|tempel)\b",
        parts[0],
    )
    if not sum(shares[1].values()) and first is not None:
        # "2 cacao in one temple and 1 obsidian in another": the riches come before each temple
        before, between = parts[0][: first.start()], parts[0][first.end() :]
        shares = [counted(Question.read(part), RICHES_NAMES) for part in (before, between)]
    return shares if all(sum(share.values()) for share in shares) else None


def _each_value(q: Question) -> Answer | None:
    """ "What does a prisoner give in a cenote? And a jade?": each riches' own value, when
    every one is named once."""
    given = counted(q, RICHES_NAMES)
    if len(given) < 2 or set(given.values()) != {1}:
        return None
    if q.matches(r"\bcenotes?\b") and q.matches(r"\b(temples?|tempels?)\b"):
        return None  # two places of sacrifice: which value is asked is not told
    if not _reads(q, "sacrifice", numbers={1}):
        return None
    cenote = q.matches(r"\bcenotes?\b")
    factor = CENOTE_FACTOR if cenote else 1
    values = [(name_of(q, r), CEREMONY[RICHES.index(r)] * factor) for r in given]
    listed = "; ".join(f"{name} {value}" for name, value in values)
    verdict = q.say(f"Prestige points each: {listed}.", f"Prestigepunten per stuk: {listed}.")
    return _ceremony_reply(q, verdict, cenote)


def sacrifice_points(q: Question) -> Answer | None:
    """ "What do I score for sacrificing 2 maize and a prisoner?": the ceremony's values (twice
    as much in a cenote)."""
    if not q.matches(r"\b(sacrific\w*|offer\w*|ceremon\w*|temples?|tempels?|cenotes?)\b"):
        return None
    if q.kind not in ("number", "what") and not q.matches(
        r"\b(how many|hoeveel|points?|pts|punten|prestige|total|totaal|worth|waard)"
    ):
        return None
    if q.text.count("?") > 1:
        return _each_value(q)  # "what does a prisoner give? and a jade?": two values, no sum
    shares = _temple_shares(q)
    if shares is None:
        return None
    given: dict[str, int] = {}
    for share in shares:
        for riches, n in share.items():
            given[riches] = given.get(riches, 0) + n
    if not given or sum(given.values()) == 0:
        return None
    temples = len(shares) if len(shares) > 1 else number_before(q, "temples", "tempels") or 1
    used = {n for share in shares for n in share.values()} | (
        {temples, 1} if temples > 1 else set()
    )
    if not _reads(q, "sacrifice", numbers=used):
        return None
    if q.matches(r"\bcenotes?\b") and q.matches(r"\b(temples?|tempels?)\b"):
        return None  # two places of sacrifice in one question
    if any(sum(share.values()) > 2 for share in shares if len(shares) > 1):
        return None  # a temple takes 2 riches at most
    if sum(given.values()) > 2 * (1 if q.matches(r"\bcenotes?\b") else temples):
        return None  # a temple takes 2 riches at most: more is another question
    if temples > 1 and len(shares) == 1 and max(given.values()) > 2:
        return None  # how the riches are shared over the temples is not told
    cenote = q.matches(r"\bcenotes?\b")
    factor = CENOTE_FACTOR if cenote else 1
    parts = []
    total = 0
    for riches, n in given.items():
        each = CEREMONY[RICHES.index(riches)] * factor
        parts.append(f"{n} x {each}")
        total += n * each
    sum_text = " + ".join(parts)
    verdict = q.say(
        f"{total} prestige points ({sum_text} = {total}).",
        f"{total} prestigepunten ({sum_text} = {total}).",
    )
    return _ceremony_reply(q, verdict, cenote)


def _ceremony_reply(q: Question, verdict: str, cenote: bool) -> Answer:
    """A sacrifice's points, ``verdict`` first, with the ceremony's values as the reason (and
    the cenote's doubling when the question sacrifices at one)."""
    reason = q.say(
        "A temple scores 1 for a maize, 2 for a cacao, shell, jade or obsidian and 3 for a "
        "prisoner" + (", and a cenote twice as much." if cenote else "."),
        "Een tempel geeft 1 voor maïs, 2 voor cacao, schelp, jade of obsidiaan en 3 voor een "
        "gevangene" + (", en een cenote het dubbele." if cenote else "."),
    )
    refs: list[RuleRef | str] = [rules.CEREMONY]
    if cenote:
        refs.append(rules.CENOTES)
    return checked(GAME, q, verdict, reason, refs, topic="number")


def _number(word: str) -> int | None:
    words = {"two": 2, "three": 3, "four": 4, "twee": 2, "drie": 3, "vier": 4, "one": 1,
             "zero": 0, "none": 0, "een": 1, "één": 1, "nul": 0}  # fmt: skip
    return int(word) if word.isdigit() else words.get(word)


#: "nobody has as many observatories as me": the asker alone leads (no tie)
_NOBODY_AS_MANY = (
    r"\bnobody (?:else )?has as many (?:observatories )?as (?:me|i do)\b|\bniemand heeft er "
    r"(?:zoveel|evenveel)\b"
)


#: "two of us have 2 observatories each": a tie said without the word
_EACH_OF_US = (
    r"\b(?:two|three|2|3|twee|drie) (?:of us|van ons) (?:both )?(?:have|hebben) \w+ "
    r"(?:observator\w*|sterrenwacht\w*) (?:each|apiece|elk|allebei)\b"
)


def divination_looks(q: Question) -> Answer | None:
    """ "With the most observatories at 3 players, how many cards may I look at?"."""
    if not q.matches(r"\b(observator\w*|divination|waarzeg\w*|sterrenwacht\w*)\b"):
        return None
    if not q.matches(r"\b(how many|hoeveel|look|see|peek|bekijken|kijken|zien|wie|who)\b"):
        return None
    table = re.search(r"\b(?:with|at|met|bij|in an?) (\w+)[- ](?:players?|spelers?)\b", q.lower)
    n = _number(table.group(1)) if table else players_in(q) or _players_together(q)
    tie = (says_tie(q) or q.matches(_EACH_OF_US)) and not q.matches(_NOBODY_AS_MANY)
    group = re.search(r"\b(two|three|four|2|3|4|twee|drie|vier) (?:of us|van ons)\b", q.lower)
    told_n = n is not None
    if n is None and (tie or says_second(q)):
        n = 4  # a tie or a second place looks at 1 card or none, whatever the table
    if n is None or n not in (2, 3, 4):
        return None
    against = re.search(r"\b(\w+) (?:observator\w+ )?(?:against|vs|versus|tegen) (\w+)\b", q.lower)
    used = {n} | ({_number(group.group(1)) or 0} if group else set())
    tied_three = tie and (
        q.matches(r"\b(three|3|drie) (players|kings|spelers|koningen|of us|van ons)\b")
    )
    if against and _number(against.group(1)) is not None and _number(against.group(2)) is not None:
        mine, theirs = _number(against.group(1)), _number(against.group(2))
        assert mine is not None and theirs is not None
        counts = [mine, theirs] + [0] * (n - 2)
        used |= {mine, theirs}
    elif tie and says_second(q):
        if n < 3:
            return None
        counts = [1, 1, 2] + [0] * (n - 3)
    elif tied_three:
        if n < 3:
            return None
        counts = [2, 2, 2] + [0] * (n - 3)
        used.add(3)
    elif tie:
        counts = [2, 2] + [0] * (n - 2)
        used.add(2)
    elif says_second(q):
        counts = [1, 2] + [0] * (n - 2)
    else:
        counts = [2, 1] + [0] * (n - 2)
    if not _reads(q, "looks", numbers=used, we=group is not None):
        return None
    if group is not None and (_number(group.group(1)) or 0) != 2 + tied_three:
        return None  # "two of us" must be the tie the counts hold
    looks = divination_peeks(counts, n)[0]
    verdict = q.say(f"{looks} card{'s' if looks != 1 else ''}.", f"{looks} kaart(en).")
    if looks == 0:
        verdict = q.say("None: 0 cards.", "Geen: 0 kaarten.")
    nj = f"NJ = {n}" if told_n else "NJ (the number of players)"
    reason = q.say(
        f"The king with the most observatories looks at {nj} cards and a lone second at 1; "
        "two kings tied for first look at 1 each, and a tie for second or of three sees nothing.",
        f"De koning met de meeste observatoria bekijkt {nj.replace('the number of players', 'het aantal spelers')} "
        "kaarten en een enige tweede 1; twee gelijke eersten bekijken er elk 1, een gelijke "
        "tweede plaats of drie gelijken niets.",
    )
    return checked(GAME, q, verdict, reason, [rules.DIVINATION], topic="number")


def start_riches(q: Question) -> Answer | None:
    """ "How many riches does a king start with?": 6 maize."""
    if not q.matches(r"\b(start|begin|beginning|setup|set up|begint|starten)\b"):
        return None
    if not q.matches(r"\b(how many|hoeveel|what)\b") or q.matches(r"\b(cards?|kaarten|rounds?)\b"):
        return None
    if not (q.matches(r"\b(riches|rijkdom\w*|tokens?)\b") or "maize" in riches_in(q)):
        return None
    if not _reads(q, "start", numbers=set()):
        return None
    state = load_game(GAME).new_game(2, seed=0)
    maize = state.view(0)["kings"][0]["riches"].get("maize", 0)
    assert maize == START_MAIZE
    verdict = q.say(f"{maize} maize.", f"{maize} maïs.")
    reason = q.say(
        "Each king starts with 6 maize on his king sheet and 0 prestige.",
        "Elke koning begint met 6 maïs op zijn koningsblad en 0 prestige.",
    )
    return checked(GAME, q, verdict, reason, ["setup/setting-up-the-other-elements"])


READERS = (
    rounds_in_game,
    cards_per_round,
    building_cost,
    sacrifice_points,
    divination_looks,
    start_riches,
)
_ = re
