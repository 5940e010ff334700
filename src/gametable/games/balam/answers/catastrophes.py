"""The catastrophes ("4 - KATUN > CATASTROPHES"): what a catastrophe does to a king who has (or
lacks) the building it names and riches in his reserves, and whether the riches a question
names can ward it off, turned over by the engine in a position built from the question."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, overload

from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    CARDS,
    MINE,
    RICHES_NAMES,
    about_another,
    card_in,
    counted,
    name_of,
    negations_placed,
    numbers_in,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.parts import asks, others_told, placed
from gametable.games.balam.answers.scenes import HOME, MORE_SITES, legal_texts, load, play, position
from gametable.games.balam.board import KINDS, RICHES
from gametable.games.balam.katun import CATASTROPHE, NAMES
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
_STORED = (
    r"\b(reserves?|prisons?|garrisons?|stored|voorraa?d\w*|opslag\w*|opgeslagen|garnizoen\w*)\b"
)
_SHEET = r"\b(sheet|koningsblad|my own riches|mijn eigen)\b"


#: the building struck said to stand alone in its city (so the city's emptying is told)
_ALONE = (
    r"\b(?:(?:stands? |is |sits? )?alone|(?:with )?no other buildings?(?: there)?|only building|"
    r"on its own|by itself|(?:staat )?alleen|geen ander\w* gebouw\w*|enige gebouw)\b"
)


def _emptied(before: Any, after: Any) -> int:
    """How many of the asking king's sites the engine left without an owner."""
    held = {n for n, e in before.to_json()["sites"].items() if e["owner"] == 0}
    kept = {n for n, e in after.to_json()["sites"].items() if e["owner"] == 0}
    return len(held - kept)


def _buildings_of(state: Any, seat: int) -> Counter[str]:
    count: Counter[str] = Counter()
    for entry in state.to_json()["sites"].values():
        if entry["owner"] == seat:
            for plot in entry["plots"]:
                if plot and plot != "+" and not plot.startswith("+"):
                    count[plot.split(":")[0]] += 1
    return count


_CATASTROPHE_WORDS = vocabulary("""what happens happen then if when i turn turned turning over draw drew draws get gets
    comes come up card katun but have has had hold no without and my in on only all of reserve raid
    reserves stored store king sheet there there's is are nothing cities city own lose lost
    loses me single any don't do not sitting lying sits lies right now that this pay for use
    ward off it came just anything something keep those mayas give up at all will
    wat gebeurt er bij als ik draai omdraai trek een de met zonder en heb heeft mijn maar
    geen alleen op in van dan kaart komt enkel enkele verlies verliest nu moet iets
    helemaal inleveren betalen houden drawn trok toch still anywhere hand by hits hit was were
    options choices choose option choice keuze keuzes opties mogelijkheden kiezen zijn
    none either while just afkopen ligt daarmee they so happen out kunnen maya's holds
    contains lies liggen staat staan wel nog""")
#: a yes-or-no question about the Mayas paying the card ("can that prisoner pay for the raid?")
_PAYS = (
    r"\b(pay|pays|paid|use|ward|hand (?:\w+ )?(?:over|in)|betalen|betaalt|afweren|afkopen|"
    r"buy (?:it )?off)\b"
)
#: "do I have to pay?", "moet ik iets betalen?": the king never must (he may lose instead)
_MUST = r"\b(have to|has to|need to|must|moet|moeten|verplicht)\b"
#: "do I lose anything?", "moet ik iets inleveren?"
_LOSE = (
    r"\b(lose|lost|losing|verlies\w*|inleveren|kwijt|(?:anything|something|iets) "
    r"(?:happen\w*|gebeurt))\b"
)
#: the Mayas paying ("can they pay it?"): the asker's own people, not another king
_THEY_MAYAS = r"\b(can|could|may|will|do) they\b"


_CATASTROPHE_REFS: list[RuleRef | str] = [rules.CATASTROPHES, "4-katun/negative-events"]


def catastrophe(q: Question) -> Answer | None:
    """ "A drought but I have no villages", "an earthquake with a prisoner in my reserve",
    "can that prisoner pay for the raid?": the card turned over by the engine, and what it
    did (or whether the Mayas could pay it)."""
    card = card_in(q)
    if card is None or not _read_whole(q, card):
        return None
    source, _paid = _payment(q, card)
    _riches, _count, loses = CATASTROPHE[card]
    if isinstance(loses, str):
        return None  # the cities by a volcano or the sea: another position
    asks = _catastrophe_asks(q)
    if asks is None:
        return None
    named = counted(q, BUILDINGS)
    if asks == "lose" and not any(KINDS[k] in named for k, _n in loses):
        return None  # "do I lose anything?" turns on the buildings: the question must say
    data = _catastrophe_position(
        q, card, threatened=asks in ("pay", "must"), sheet_only=asks == "pay" and source == "sheet"
    )
    state = load(data) if data is not None else None
    if data is None or state is None:
        return None
    before = _buildings_of(state, 0)
    after = play(state, "katun 0")
    legal = legal_texts(after, 0)
    told = _what_happened(q, card, before - _buildings_of(after, 0), before, legal)
    if told is None:
        return None
    emptied = _emptied(state, after) if q.matches(_ALONE) else 0
    if emptied:  # "3 - WARS > DEVASTATED CITY": a site left without a building is nobody's
        told = (told[0] + " " + q.say(
            f"That leaves {emptied} of your cities without a building: it belongs to nobody now.",
            f"Daardoor heeft {emptied} van je steden geen gebouw meer: die is nu van niemand.",
        ), told[1])  # fmt: skip
    threatened = any(before[KINDS[k]] for k, _n in loses)
    verdict, reason = told
    if asks == "pay":
        if not threatened and not counted(q, RICHES_NAMES):
            return checked(  # "no villages, do I pay?": nothing to pay, nothing lost
                GAME, q, f"{yes_no(q, False)} {verdict}", reason, _CATASTROPHE_REFS,
                position=data, topic="situation",
            )  # fmt: skip
        if not threatened:
            return None  # "can I pay it with maize?" supposes what is not
        verdict, reason = yes_no(q, "ward" in legal), _ward_reason(q, card)
        if "ward" not in legal and any(KINDS[k] in named for k, _n in loses):
            reason += " " + told[0]  # the loss, when the question told the buildings
    elif asks == "must":
        verdict = f"{yes_no(q, False)} {verdict}"
    elif asks == "lose":
        if threatened and "ward" in legal:
            return None  # it is the king's choice: not a yes or a no
        verdict = f"{yes_no(q, threatened)} {verdict}"
    return checked(GAME, q, verdict, reason, _CATASTROPHE_REFS, position=data, topic="situation")


def _read_whole(q: Question, card: str) -> bool:
    """Whether the question is a king's own case of ``card`` with every part placed: its
    numbers (the payment asked included), names and negations, and the card's riches told
    where the position can put them."""
    plain = q
    if q.matches(r"\b(mayas?|people|volk|maya's)\b"):
        plain = Question.read(re.sub(_THEY_MAYAS, r"\1 i", q.lower))
    if card not in CATASTROPHE or about_another(plain):
        return False
    story = _story(q)
    numbers = set(counted(q, BUILDINGS).values()) | set(counted(q, RICHES_NAMES).values())
    numbers |= _payment(q, card)[1]
    numbers |= {bare} if (bare := _bare_count(story.lower)) is not None else set()
    lexicons = (CARDS, BUILDINGS, RICHES_NAMES)
    # "it stands alone, with no other building there": said of the city, placed by the layout
    gate = Question.read(re.sub(_ALONE, " ", q.text, flags=re.IGNORECASE))
    if not understood(
        gate, _CATASTROPHE_WORDS, lexicons=lexicons, phrases=(_STORED, _SHEET, _MUST),
        numbers=numbers,
    ) and not _parts_placed(gate, card, numbers):  # fmt: skip
        return False
    if not _riches_placed(story, card):
        return False  # a count of the card's riches told where the position cannot put it
    # "what does the Decadence do?": the card in general, not a king's case
    return negations_placed(gate, BUILDINGS, RICHES_NAMES) and _a_situation(q)


#: what the catastrophe's position does not hold: a condition, another card or phase (a round
#: said as the time of the card, "later in the round", is no phase)
_NOT_HELD = (
    r"\b(if|unless|als|tenzij|attack\w*|aanval\w*|eclipse|ball ?game|balspel|"
    r"(?<!in the )(?<!this )(?<!same )(?<!deze )(?<!dezelfde )(?:round|ronde)|"
    r"production|productie|transport\w*|sacrific\w*|offer\w*|other|another|andere|instead)\b"
)


def _parts_placed(q: Question, card: str, numbers: set[int]) -> bool:
    """The part-based gate (:func:`.parts.placed`): every number, name and negation placed,
    nothing the position does not hold, and every count of the riches that wards off the
    card placed in the reserves and garrisons or on the sheet."""
    names = {card, *KINDS, *RICHES}
    lexicons = (CARDS, BUILDINGS, RICHES_NAMES)
    if not placed(q, numbers, lexicons, names, foreign=_NOT_HELD) or others_told(q, *lexicons):
        return False
    riches = RICHES[CATASTROPHE[card][0]]
    loses = CATASTROPHE[card][2]
    built = counted(q, BUILDINGS)
    if isinstance(loses, str) or not any(KINDS[k] in built for k, _n in loses):
        return False  # the buildings the card strikes not told: nothing to build from
    return not set(counted(q, RICHES_NAMES)) - {riches}  # where other riches lie is not read


def _riches_placed(story: Question, card: str) -> bool:
    """Whether every count of the card's riches the situation tells (the question before what
    it asks) is placed in the reserves and garrisons or on the king's sheet."""
    return _placed(story, RICHES[CATASTROPHE[card][0]], every=True) is not None


def _story(q: Question) -> Question:
    """The situation a question tells: the question without what it asks (its last ask), so
    that "can I pay one of those maize?" is not read as a maize held."""
    ask = _last_ask(q)
    if ask is None:
        return q
    at = q.lower.rindex(ask)
    return Question.read(q.lower[:at] + q.lower[at + len(ask) :])


def _last_ask(q: Question) -> str | None:
    """The question's last ask: as :func:`.parts.asks` reads it, else its last sentence that
    ends with a question mark ("must I pay a maize?")."""
    said = asks(q)
    if said and said[-1] in q.lower:
        return said[-1]
    found = re.search(r"[^.!?]*\?\s*$", q.lower)
    return found.group(0).strip() if found and found.group(0).strip() else None


def _payment(q: Question, card: str) -> tuple[str | None, set[int]]:
    """Where the payment asked about comes from (``"sheet"``, ``"stored"`` or ``None``) and
    the numbers said with it, when they are the card's count ("can I pay one of those maize
    from my sheet?": ``("sheet", {1})``)."""
    ask = _last_ask(q)
    if ask is None or not re.search(_PAYS, ask):
        return None, set()
    source = "sheet" if re.search(_SHEET, ask) else "stored" if re.search(_STORED, ask) else None
    numbers = set(numbers_in(Question.read(ask)))
    return source, numbers if numbers <= {CATASTROPHE[card][1]} else set()


def _a_situation(q: Question) -> bool:
    """Whether a question about a catastrophe tells a king's own case: he speaks of himself
    ("I drew", "my villages") or names what he holds; a card asked about in general is for
    the rules text."""
    mine = any(word in MINE for word in q.words)
    return mine or bool(counted(q, BUILDINGS)) or bool(counted(q, RICHES_NAMES))


#: a last clause that asks yes or no ("Pochteca turned over; will I lose something?")
_ASKS_YES_NO = (
    r"(?:^|[.;:!?]\s*)(?:can|could|may|must|do|does|will|would|should|shall|am|is|mag|moet|"
    r"kan|zal|verlies|krijg)\b[^.;:!?]*\?\s*$"
)


#: a yes-or-no clause that ends the question with no stop before it ("no villages do i pay?",
#: its question mark left off too), not "what do I pay?"
_ENDS_YES_NO = (
    r"(?<!what )(?<!which )(?<!much )(?<!many )(?<!wat )(?<!hoeveel )\b(?:do|does|will|would|must|"
    r"can|could|may|should|moet|mag|kan|zal) (?:i|we|my|me|ik|mijn)\b[^.;:!?]*\??\s*$"
)


#: a last clause that asks what ("Wat zijn mijn opties?"), whatever verb follows
_ASKS_WHAT = r"(?:^|[.;:!?]\s*)(?:what|which|wat|welke)\b[^.;:!?]*\?\s*$"


def _catastrophe_asks(q: Question) -> str | None:
    """What a question about a catastrophe asks: ``"what"`` happens, whether the Mayas can
    ``"pay"`` it with riches it names, whether the king ``"must"`` pay (never: he may lose the
    buildings instead), or whether he will ``"lose"`` anything; ``None`` for another yes/no."""
    if q.matches(r"\b(how many|how much|hoeveel)\b"):
        return "what"  # "how many markets do I lose?": what happens, counted
    if re.search(_ASKS_WHAT, q.lower) or (
        q.kind != "yesno"
        and not re.search(_ASKS_YES_NO, q.lower)
        and not re.search(_ENDS_YES_NO, q.lower)
    ):
        return "what"
    if q.matches(_MUST) and q.matches(_PAYS) and not q.matches(r"\b(with|met)\b"):
        return "must"
    if q.matches(_PAYS):
        return "pay"
    if q.matches(_LOSE):
        return "lose"
    return None


def _catastrophe_position(
    q: Question, card: str, *, threatened: bool = False, sheet_only: bool = False
) -> dict[str, Any] | None:
    """The asking king's cities as the question tells them (the buildings named, the riches
    stored), with ``card`` the round's first face-down card; ``None`` when they do not fit on
    the board.  ``threatened``: a question about paying the card supposes the king has the
    buildings it threatens, when it names none of them; ``sheet_only``: the payment asked
    about comes from the king's sheet, so the position holds the card's riches there only."""
    riches, _count, loses = CATASTROPHE[card]
    assert not isinstance(loses, str)
    named = counted(q, BUILDINGS)
    held = {k: n for k, n in named.items() if k not in ("reserve",) or n == 0}
    if threatened and not any(KINDS[k] in named for k, _n in loses):
        held |= {KINDS[k]: n for k, n in loses}
    stored, on_sheet = _placed(_story(q), RICHES[riches])
    if sheet_only:
        stored, on_sheet = 0, max(on_sheet, stored, 1)
    plots: list[str] = []
    for kind, n in held.items():
        plots += [kind, "+"] * n if kind in ("palace", "temple") else [kind] * n
    store_kind = "reserve" if RICHES[riches] == "maize" else "garrison"
    plots += [f"{store_kind}:{RICHES[riches]}"] * stored
    spare = "garrison" if KINDS.index("village") in [k for k, _n in loses] else "village"
    sites = _spread(plots or [spare])
    if sites is None:
        return None
    return position(
        sites=sites,
        riches=[{"cacao": 1, **({RICHES[riches]: on_sheet} if on_sheet else {})}],
        phase="turn",
        card=card,
    )


_CLAUSES = r"[,;.:!?]|\b(?:and|en|but|maar|wel|while|terwijl)\b"
#: a clause that denies what it names ("none of my reserves hold maize")
_DENIED = r"\b(none|no|not|nothing|geen|niet|niets|empty|leeg|lege)\b"
_BARE = (
    r"\b(?:er (?:liggen|ligt|zijn) |(?:liggen|ligt|zijn) er |there (?:are|is) )(\d+)\b(?! [a-z])|"
    r"\b(\d+) of them\b"
)


def _bare_count(text: str) -> int | None:
    """A count said with no riches named ("liggen er 2", "2 of them"), or ``None``."""
    found = re.search(_BARE, text)
    return None if found is None else int(found.group(1) or found.group(2))


@overload
def _placed(q: Question, kind: str) -> tuple[int, int]: ...
@overload
def _placed(q: Question, kind: str, *, every: bool) -> tuple[int, int] | None: ...
def _placed(q: Question, kind: str, *, every: bool = False) -> tuple[int, int] | None:
    """How many of the riches ``kind`` the question places in reserves or garrisons and on
    the king sheet, clause by clause ("one of my reserves holds a maize, and I have 4 maize on
    my king sheet": 1 and 4); a count said with no place takes the question's only place.
    ``every``: ``None`` when a clause counts them and places them nowhere."""
    stored = on_sheet = 0
    whole_stored = q.matches(_STORED) and not q.matches(_SHEET)
    whole_sheet = q.matches(_SHEET) and not q.matches(_STORED)
    only = set(counted(q, RICHES_NAMES)) <= {kind}
    for clause in re.split(_CLAUSES, q.lower):
        n = counted(Question.read(clause), RICHES_NAMES).get(kind)
        if n is None and only:
            n = _bare_count(clause)  # "op mijn koningsblad liggen er 2": the riches named
        if n is None:
            continue
        if re.search(_DENIED, clause) and not re.search(r"\d", clause):
            n = 0  # "none of my reserves hold maize"
        here_stored = bool(re.search(_STORED, clause))
        here_sheet = bool(re.search(_SHEET, clause))
        if here_stored or (whole_stored and not here_sheet):
            stored = max(stored, n)
        elif here_sheet or whole_sheet:
            on_sheet = max(on_sheet, n)
        elif every and n:
            return None
    return stored, on_sheet


#: the catastrophes' names in Dutch (ours: the rulebook is English only)
_DUTCH_NAMES = {
    "drought": "Droogte",
    "insurrection": "Opstand",
    "earthquake": "Aardbeving",
    "pochteca": "Pochteca",
    "toltec_raid": "Tolteekse overval",
    "decadence": "Decadentie",
}


def card_name(q: Question, card: str) -> str:
    """A Katun card's name in the question's language."""
    return q.say(NAMES[card], _DUTCH_NAMES.get(card, NAMES[card]))


def _ward_reason(q: Question, card: str) -> str:
    """Who may ward off a catastrophe, and what it takes otherwise."""
    _riches, _count, loses = CATASTROPHE[card]
    otherwise = ""
    if not isinstance(loses, str):
        asked = " and ".join(_count_of(q, n, KINDS[k]) for k, n in loses)
        otherwise = q.say(f" Otherwise it takes {asked}.", f" Anders kost het {asked}.")
    return (
        q.say(
            f"The Mayas may ward off the {NAMES[card]} with the riches it asks for when their reserves "
            "or garrisons hold it (a prisoner on a garrison counts), never with the king's sheet.",
            f"De Maya's mogen een {card_name(q, card)} afweren met de gevraagde rijkdom als hun voorraden "
            "of garnizoenen die hebben (een gevangene op een garnizoen telt mee), nooit met het "
            "koningsblad.",
        )
        + otherwise
    )


#: a question asking what is left after the catastrophe ("how many markets do I have left?")
_LEFT_AFTER = (
    r"\b(left|remain\w*|afterwards|after it|over|overhouden|houd ik over|hou ik over|blijven|"
    r"blijft|resterend\w*)\b"
)


def _what_happened(
    q: Question, card: str, lost: Counter[str], before: Counter[str], legal: list[str]
) -> tuple[str, str] | None:
    """The verdict and the reason for a catastrophe the engine turned over: nothing (none of
    its buildings), a choice (the Mayas can pay) or the buildings lost."""
    riches, count, loses = CATASTROPHE[card]
    assert not isinstance(loses, str)
    lost_kinds = [KINDS[k] for k, _n in loses]
    asked = " and ".join(_count_of(q, n, KINDS[k]) for k, n in loses)
    names = [name_of(q, k) for k in lost_kinds]
    if not any(before[k] for k in lost_kinds):
        return q.say("Nothing happens to you.", "Er gebeurt niets met jou."), q.say(
            f"The {NAMES[card]} costs a king who has none of the buildings it names nothing: "
            f"without a {' or '.join(names)} your Mayas pay nothing and you lose nothing.",
            f"De {card_name(q, card)} kost een koning zonder de genoemde gebouwen niets: zonder "
            f"{' of '.join(names)} betalen je Maya's niets en verlies je niets.",
        )
    pay = f"{count} {name_of(q, RICHES[riches])}"
    if "ward" in legal:
        return q.say(
            f"You choose: your Mayas pay {pay} from your reserves or garrisons, or you lose "
            f"{asked}.",
            f"Je kiest: je Maya's betalen {pay} uit je voorraden of garnizoenen, of je verliest "
            f"{asked}.",
        ), _ward_reason(q, card)
    if sum(lost[k] for k in lost_kinds) == 0 and not any(a.startswith("lose") for a in legal):
        return None
    what = " and ".join(_count_of(q, lost[k], k) for k in lost_kinds if lost[k])
    verdict = q.say(f"You lose {what or asked}.", f"Je verliest {what or asked}.")
    if q.matches(_LEFT_AFTER) and len(loses) == 1:
        kind, n = KINDS[loses[0][0]], loses[0][1]
        gone = lost[kind] or min(n, before[kind])  # lost already, or the loss still to choose
        kept = _count_of(q, before[kind] - gone, kind)
        said = _count_of(q, gone, kind)
        verdict = q.say(
            f"You keep {kept}: you lose {said}.", f"Je houdt {kept} over: je verliest {said}."
        )
    return verdict, q.say(
        f"Your Mayas hold no {RICHES[riches]} in reserves or garrisons to pay the "
        f"{NAMES[card]}, and the riches on the king's sheet never pay for a catastrophe.",
        f"Je Maya's hebben geen {name_of(q, RICHES[riches])} in voorraden of garnizoenen om "
        f"de {card_name(q, card)} te betalen, en het koningsblad betaalt nooit voor een ramp.",
    )


def _count_of(q: Question, n: int, kind: str) -> str:
    """ "2 villages", "1 temple" (in the question's language)."""
    name = name_of(q, kind)
    if n == 1:
        return f"1 {name}"
    plural = {"village": "dorpen", "palace": "paleizen", "temple": "tempels",
              "garrison": "garnizoenen", "market": "markten", "observatory": "observatoria",
              "court": "balspelvelden"}  # fmt: skip
    english = (
        "ball courts"
        if kind == "court"
        else ("observatories" if kind == "observatory" else kind + "s")
    )
    return f"{n} {q.say(english, plural.get(kind, name))}"


def _spread(plots: list[str]) -> dict[str, list[str | None]] | None:
    """The plots over the asking king's cities, 3 to a city (a palace or temple kept whole)."""
    sites: dict[str, list[str | None]] = {}
    names = (HOME, *MORE_SITES)
    row: list[str | None] = []
    for plot in plots:
        if len(row) == 3 or (len(row) == 2 and plot in ("palace", "temple")):
            if len(sites) >= len(names):
                return None
            sites[names[len(sites)]] = row
            row = []
        row.append(plot)
    if row:
        if len(sites) >= len(names):
            return None
        sites[names[len(sites)]] = row
    return sites


READERS = (catastrophe,)
