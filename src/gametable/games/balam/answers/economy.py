"""Numbers of the round's economy, each worked out by the engine from a position built from
the question: what villages produce ("5 - PRODUCTION"), the taxes palaces bring to the king
sheet ("6 - DISTRIBUTION > TAXES"), the maize of the Clemency of Chaak ("Round Structure > C"),
and the small pyramids a market puts on the board ("2 - CONSTRUCTIONS")."""

from __future__ import annotations

import re
from typing import Any

from gametable.core.protocol import State
from gametable.core.rules import RuleRef
from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    RICHES_NAMES,
    about_another,
    buildings_in,
    counted,
    name_of,
    negations_placed,
    number_before,
    numbers_in,
    riches_in,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.parts import placed
from gametable.games.balam.answers.scenes import HOME, legal_texts, load, play, position
from gametable.games.balam.board import RICHES
from gametable.games.balam.scoring import riches_bonus
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
#: a harmless card turned over to close the round (its two companions already turned)
_LAST_CARD = "exceptional"
_ASK = vocabulary("""how many much what is are does do did the a an of in for with per each every at
    number amount total get gets i my we you there will would on it its that this
    hoeveel wat is zijn de het een van in voor met per elke iedere bij aantal krijg krijgt ik
    je er worden wordt mijn op""")


def round_account(
    sites: dict[str, list[str | None]], *, eclipse: bool = False
) -> dict[str, Any] | None:
    """The asking king's account of a round closed in the engine: ``sites`` are his, the last
    face-down card is turned over, production, distribution and the round's end follow
    (``eclipse``: the Eclipse was turned in an earlier round)."""
    data = position(sites=sites, phase="turn", riches=[{"maize": 2}])
    gone = ["expedition", "marriage", *(["eclipse"] if eclipse else [])]
    data["katun"] = {"slots": [None, None, _LAST_CARD], "discard": gone}
    state = load(data)
    if state is None:
        return None
    after = play(state, "katun 2")
    for _ in range(4):  # a seat that could still move riches ends its distribution
        seats = [s for s in after.to_move if "done" in legal_texts(after, s)]
        if not seats:
            break
        after = play(after, "done", seat=seats[0])
    finished = after.view(0)["rounds"]
    return {"position": data, **finished[-1]["seats"][0]} if finished else None


# --- production ---------------------------------------------------------------------------

#: sites of each production colour with their plots, none by a volcano or the sea
_COLOUR_SITES = {
    "maize": ("d4", "b3"),
    "cacao": ("e3", "c1"),
    "jade": ("c4", "a3"),
    "obsidian": ("c3",),
    "shell": ("a1",),
}
_SITE_PLOTS = {"d4": 4, "b3": 3, "e3": 3, "c1": 3, "c4": 3, "a3": 3, "c3": 4, "a1": 2}
_PRODUCE = r"\b(produc\w*|make|makes|yield\w*|opbrengst|levert|leveren|maakt|maken|comes? from|give|gives|geeft|geven|oplever\w*)\b"
_PRODUCE_WORDS = vocabulary("""site city has have with villages village on it produce produces production
    make makes made at during in the round yield yields one how many much riches tokens
    plaats stad heeft met dorpen dorp erop produceert produceren productie maakt levert
    op tijdens ronde rijkdommen they them stands stand staat staan end of eind einde and en
    what wat heb ze what's produceren time tijd have do does phase fase""")


_NUM = r"(\d+|a|an|one|two|three|four|een|één|twee|drie|vier)"
_COLOUR = r"(maize|corn|ma[iï]s|cacao|cocoa|jade|obsidian|obsidiaan|shell|schelp)"
#: "2 villages on an obsidian site", "1 on a maize site", "3 dorpen op een maïsplaats"
_VILLAGES_ON = (
    rf"\b{_NUM} (?:(?:villages?|dorpen|dorp) )?(?:on|in|op) (?:an?|een|my|mijn) {_COLOUR}[- ]?"
    r"(?:sites?|city|cities|plaats|stad|tile)\b"
)
_COUNT = {"a": 1, "an": 1, "one": 1, "een": 1, "één": 1, "two": 2, "twee": 2, "three": 3,
          "drie": 3, "four": 4, "vier": 4}  # fmt: skip
_COLOUR_OF = {"corn": "maize", "mais": "maize", "maïs": "maize", "cocoa": "cacao",
              "obsidiaan": "obsidian", "schelp": "shell"}  # fmt: skip


#: a count asked ("how many riches in all?") rather than what is made
_COUNT_ASKED = r"\b(how many|how much|hoeveel|total|totaal|in all|altogether|samen)\b"
#: what changes a round's production, which :func:`production_by_site` does not read
_NOT_MADE = (
    r"\b(pyramids?|piramides?|control\w*|markets?|markten|enemy|enemy's|vijand\w*|drought|droogte|"
    r"katun|cards?|kaart\w*|lost|lose|verlies\w*|reserves?|transport\w*|store\w*|tax\w*|eclipse|"
    r"sheet|koningsblad|blad)\b"
)
#: a yes-or-no question's opening verb (a bare "Production?" asks what, not whether)
_YES_NO_VERB = (
    r"(?:^|[.?!;]\s*)(?:can|could|may|must|do|does|did|is|are|will|would|should|mag|kan|moet|"
    r"krijg|zijn|wordt|heb)\b"
)


def asks_yes_no(q: Question) -> bool:
    """Whether ``q`` asks yes or no with a verb to ask it (not a bare noun: "Production?")."""
    return q.kind == "yesno" and q.matches(_YES_NO_VERB)


#: villages told by the colour they produce: "2 cacao villages", "2 villages producing cacao
#: (and 2 shell)", "2 dorpen die cacao produceren"
_VILLAGES_OF = rf"\b{_NUM} {_COLOUR} (?:villages?|dorpen|dorp)\b"
_VILLAGES_MAKING = (
    rf"\b{_NUM} (?:villages?|dorpen|dorp) (?:producing|that produce|which produce|making|"
    rf"that make|die|dat) {_COLOUR}\b"
)
_AND_MORE = rf"^(?:,| and| en| plus)+ {_NUM} {_COLOUR}\b(?! (?:site|city|plaats|stad))"


def _villages_told(text: str) -> list[tuple[str, str]]:
    """The (count, colour) of each group of villages the text tells, in whichever way; a
    colour told twice is returned twice (and refused by the reader)."""
    out: list[tuple[str, str]] = list(re.findall(_VILLAGES_ON, text))
    out += re.findall(_VILLAGES_OF, text)
    for found in re.finditer(_VILLAGES_MAKING, text):
        out.append((found.group(1), found.group(2)))
        more = re.match(_AND_MORE, text[found.end() :])
        if more is not None:
            out.append((more.group(1), more.group(2)))
    return out


def production_by_site(q: Question) -> Answer | None:
    """ "2 villages on an obsidian site and 1 on a maize site: what do they produce?": each
    site's villages, produced by the engine over a round's end."""
    found = _villages_told(q.lower)
    asked = q.matches(_PRODUCE) or q.matches(_COUNT_ASKED)
    if len(found) < 2 or not asked or about_another(q) or asks_yes_no(q):
        return None
    told = [(_COUNT.get(n) or int(n), _COLOUR_OF.get(c, c)) for n, c in found]
    colours = [c for _, c in told]
    if len(set(colours)) != len(colours) or any(not 1 <= n <= 4 for n, _ in told):
        return None
    if set(buildings_in(q)) != {"village"} or not negations_placed(q, BUILDINGS, RICHES_NAMES):
        return None
    names = {"village", *colours}
    if not placed(q, {n for n, _ in told}, (BUILDINGS, RICHES_NAMES), names, foreign=_NOT_MADE):
        return None
    places = [next((s for s in _COLOUR_SITES[c] if _SITE_PLOTS[s] >= n), None) for n, c in told]
    if None in places:
        return None
    account = round_account(
        {str(p): ["village"] * n for p, (n, _) in zip(places, told, strict=True)}
    )
    if account is None:
        return None
    made = [(account["production"].get(c, 0), name_of(q, c)) for _, c in told]
    listed = q.say(" and ", " en ").join(f"{m} {name}" for m, name in made)
    total = sum(m for m, _ in made)
    verdict = q.say(f"{listed}.", f"{listed}.")
    if q.matches(_COUNT_ASKED):  # "how many riches in all?": the number first
        verdict = q.say(
            f"{total} riches in all: {listed}.", f"{total} rijkdommen in totaal: {listed}."
        )
    else:
        verdict += q.say(f" {total} riches in all.", f" {total} rijkdommen in totaal.")
    reason = q.say(
        "Each village produces one riches of its own site's colour.",
        "Elk dorp produceert één rijkdom in de kleur van zijn eigen plaats.",
    )
    return checked(
        GAME, q, verdict, reason, ["5-production"], position=account["position"], topic="number"
    )


def production(q: Question) -> Answer | None:
    """ "A maize site has 3 villages on it. How many maize does it make at production?": each
    village's token of its site's colour, as the engine produces them."""
    if not q.matches(_PRODUCE) or about_another(q) or asks_yes_no(q):
        return None
    if buildings_in(q) != ["village"]:
        return None
    n = number_before(q, "villages", "village", "dorpen", "dorp")
    colours = riches_in(q)
    if n is None and colours and not q.matches(r"\b(villages|dorpen)\b"):
        n = 1  # "my village stands on a jade site": one village on a site of a told colour
    if n is None or not 1 <= n <= 4 or len(colours) > 1 or "prisoner" in colours:
        return None
    if not colours:
        return None  # "what does a village produce?": its site's colour, which is not told
    colour = colours[0]
    site = next((s for s in _COLOUR_SITES.get(colour, ()) if _SITE_PLOTS[s] >= n), None)
    if site is None or not negations_placed(q, BUILDINGS, RICHES_NAMES):
        return None
    if not understood(q, _ASK | _PRODUCE_WORDS, lexicons=(BUILDINGS, RICHES_NAMES), numbers={n}):
        return None
    account = round_account({site: ["village"] * n})
    if account is None:
        return None
    made = account["production"].get(colour, 0)
    name = name_of(q, colour)
    verdict = q.say(f"{made} {name}.", f"{made} {name}.")
    reason = q.say(
        f"Each village produces one riches of its site's colour, so {n} village"
        f"{'s' if n != 1 else ''} on a {colour} site make {made} {name}.",
        f"Elk dorp produceert één rijkdom in de kleur van zijn plaats, dus {n} dorp(en) op een "
        f"{name}-plaats maken {made} {name}.",
    )
    refs: list[RuleRef | str] = ["5-production"]
    return checked(GAME, q, verdict, reason, refs, position=account["position"], topic="number")


# --- the Clemency of Chaak ------------------------------------------------------------------

_CHAAK = r"\b(chaak|clemency|genade)\b"
_NO_ECLIPSE = (
    r"\b(no eclipse(?: yet)?|before the eclipse|without (?:an |the )?eclipse|eclipse (?:has not|"
    r"hasn't|not yet)(?: (?:been drawn|been turned|come out|come up|appeared|drawn|turned))?|geen (?:zons)?(?:verduistering|eclips)|nog geen "
    r"(?:zons)?verduistering|eclipse (?:never|did not|didn't) (?:came|come)(?: out| up)?|"
    r"eclipse has never (?:come|been drawn)(?: out| up)?|eclipse (?:has not|hasn't) (?:yet )?come "
    r"(?:out|up))\b"
)
_CHAAK_WORDS = vocabulary("""after in over rounds round so far far how much many maize given gives give has
    have me us we each king the of clemency chaak yet total altogether in all got received did
    na rondes ronde hoeveel mais maïs gekregen gegeven tot nu toe totaal van genade""")


def chaak_total(q: Question) -> Answer | None:
    """ "No Eclipse yet after 4 rounds: how much maize has Chaak given me?": the maize the
    engine gives at the end of a round, times the rounds."""
    if not q.matches(_CHAAK) or about_another(q) or q.kind == "yesno":
        return None
    if q.matches(r"\b(eclipse|verduistering|eclips)\b") and not q.matches(_NO_ECLIPSE):
        return None
    rounds = number_before(q, "rounds", "round", "rondes", "ronde")
    if rounds is None or not 1 <= rounds <= 20 or set(numbers_in(q)) - {rounds}:
        return None
    if not understood(
        q,
        _ASK | _CHAAK_WORDS,
        lexicons=(RICHES_NAMES,),
        numbers={rounds},
        phrases=(_NO_ECLIPSE,),
    ):
        return None
    account = round_account({HOME: ["village"]})
    if account is None:
        return None
    each = account["chaak"]
    maize = name_of(q, "maize")
    verdict = q.say(
        f"{rounds} x {each} = {rounds * each} {maize}.",
        f"{rounds} x {each} = {rounds * each} {maize}.",
    )
    reason = q.say(
        f"While the Eclipse has not been drawn, the Clemency of Chaak gives every king {each} "
        "maize at the end of each round.",
        f"Zolang de zonsverduistering niet getrokken is, geeft de Genade van Chaak elke koning "
        f"{each} maïs aan het einde van elke ronde.",
    )
    refs: list[RuleRef | str] = [rules.END_OF_ROUND]
    return checked(GAME, q, verdict, reason, refs, position=account["position"], topic="number")


# --- taxes ----------------------------------------------------------------------------------

#: sites for a king's palaces (room for one palace each), none by a volcano or the sea
_PALACE_SITES = ("c4", "a3", "e3", "e4")
_TAX_WORDS = vocabulary("""palace palaces each collects collect collecting gets get receives with riches
    taxes tax how many end up on my king sheet go goes to does do and both every one two
    paleis paleizen elk elke int innen krijgt met rijkdommen belasting komen op mijn
    koningsblad terecht have has heb en reach reaches come comes at most maximum max can i
    round hoogstens maximaal per ronde kan ik""")


#: riches carried onto a palace ("I move 3 riches onto one palace")
_MOVED_ONTO = (
    r"\b(?:move\w*|put\w*|bring\w*|carr\w*|rout\w*|send\w*|breng\w*|leg\w*|zet\w*)\b.*"
    r"\b(?:onto|on|to|into|op|naar|in)\b"
)
#: the riches each palace gets ("two per palace", "2 riches on each palace")
_SHARE = (
    r"\b(\d|one|two|een|twee) (?:riches |rijkdommen )?(?:per|on each|for each|each|op elk|per "
    r"stuk op elk) (?:palace|paleis)\b"
)
#: what the taxes position does not hold
_NOT_TAXED = (
    r"\b(if|unless|als|tenzij|attack\w*|market\w*|pyramid\w*|control\w*|enemy|vijand\w*|temples?|"
    r"reserves?|garrisons?|sacrific\w*|offer\w*|eclipse|chaak)\b"
)


def palace_taxes(q: Question) -> Answer | None:
    """ "I have 2 palaces and each collects 2 riches: how many reach my sheet?": the taxes
    the engine brings to the king sheet at the end of the round."""
    if "palace" not in buildings_in(q) or about_another(q) or q.kind == "yesno":
        return None
    if not q.matches(r"\b(collect\w*|tax\w*|int|innen|belasting\w*)\b|" + _MOVED_ONTO):
        return None
    palaces = number_before(q, "palaces", "palace", "paleizen", "paleis")
    if palaces is None and q.matches(
        r"\b(?:both (?:my |of my )?palaces|(?:mijn )?beide paleizen)\b"
    ):
        palaces = 2  # "both my palaces"
    if palaces is None and q.matches(r"\b(?:my|a|the|mijn|een|het) (?:palace|paleis)\b"):
        palaces = 1 if not q.matches(r"\b(palaces|paleizen)\b") else None
    each = told = number_before(q, "riches", "rijkdommen", "rijkdom", *RICHES)
    routed = counted(q, RICHES_NAMES)  # "3 maize and 1 prisoner into them, two per palace"
    share = re.search(_SHARE, q.lower)
    if share is not None and routed:
        each = told = _COUNT.get(share.group(1)) or int(share.group(1))  # the riches per palace
        if palaces is None or sum(routed.values()) != palaces * each:
            return None  # the riches told do not make up the shares told
    if each is None and q.matches(r"\b(at most|at the most|maximum|max|hoogstens|maximaal)\b"):
        each = 2  # "how many at most": every palace collecting its full 2
    if palaces is None or each is None or not 1 <= palaces <= 4 or not 1 <= each <= 4:
        return None
    if (
        palaces > 1
        and told is not None
        and not q.matches(r"\b(each|every|both|all|per|elk|elke|ieder|allebei|beide|alle)\b")
    ):
        return None  # "3 riches onto 2 palaces": how they are shared is not told
    each = min(each, 2)  # a palace collects 2 at most (6 - DISTRIBUTION > TAXES)
    numbers = {palaces, each} | ({told} if told is not None else set())
    if share is not None:
        numbers |= set(routed.values()) | {sum(routed.values())}
    if not understood(
        q, _ASK | _TAX_WORDS, lexicons=(BUILDINGS, RICHES_NAMES), numbers=numbers
    ) and not placed(
        q, numbers, (BUILDINGS, RICHES_NAMES), {"palace", *RICHES}, foreign=_NOT_TAXED
    ):
        return None
    sites: dict[str, list[str | None]] = {}
    for site in _PALACE_SITES[:palaces]:
        sites[site] = ["palace:maize", "+:maize" if each == 2 else "+"]
    sites[HOME] = [*sites.get(HOME, []), "reserve"]
    data = position(sites=sites, phase="distribution", riches=[{}])
    data["sites"]["d4"] = {"owner": 0, "plots": ["village:maize"]}
    state = load(data)
    if state is None:
        return None
    taxes = _taxes_after(state)
    if taxes is None:
        return None
    verdict = q.say(
        f"{palaces} x {each} = {taxes} riches.", f"{palaces} x {each} = {taxes} rijkdommen."
    )
    if told is not None and told > each:
        verdict = q.say(
            f"{taxes}: a palace collects 2 riches at most, so {palaces * (told - each)} of them "
            f"{'stays' if palaces * (told - each) == 1 else 'stay'} uncollected.",
            f"{taxes}: een paleis int hoogstens 2 rijkdommen, dus {palaces * (told - each)} "
            "ervan worden niet geïnd.",
        )
    reason = q.say(
        "At the end of the round each palace puts the riches it collected (1 or 2) on its "
        "king's sheet, where he may spend them; a palace keeps nothing.",
        "Aan het einde van de ronde legt elk paleis de rijkdommen die het inde (1 of 2) op het "
        "koningsblad van zijn koning; een paleis bewaart niets.",
    )
    refs: list[RuleRef | str] = ["6-distribution/taxes"]
    return checked(GAME, q, verdict, reason, refs, position=data, topic="number")


def _taxes_after(state: State) -> int | None:
    after = _closed(state)
    if after is None:
        return None
    return sum(after.view(0)["rounds"][-1]["seats"][0]["taxes"].values())


_AFTER_ECLIPSE = (
    r"\b(?:after|since|na) (?:the |de )?(?:eclipse|zonsverduistering|eclips)\b|\beclipse (?:has |was |is )?"
    r"(?:already )?(?:been )?(?:drawn|turned|out|come out|came out|gone)\b"
)
_NEXT_ROUND = vocabulary("""end of the round no eclipse yet my king sheet was is empty and palace palaces
    collects collected collect taxes tax how many riches will i have on sheet when next round
    starts start begins begin at the beginning of after already drawn been come came out has
    nothing had with each both two one there then took takes take in brought brings got gets
    do out
    einde van de ronde geen verduistering zonsverduistering nog mijn koningsblad leeg en
    paleis paleizen int inde innen elk elke hoeveel rijkdommen heb ik op als volgende begint na al""")


def sheet_after_round(q: Question) -> Answer | None:
    """ "End of the round, no Eclipse yet; my sheet was empty and my palace collects 2 cacao:
    how many riches at the next round?": the taxes and Chaak's maize, the round closed by the
    engine."""
    if "palace" not in buildings_in(q) or about_another(q) or q.kind == "yesno":
        return None
    if not q.matches(r"\b(sheet|koningsblad)\b") or not q.matches(
        r"\b(next|volgende|start|begin\w*)\b"
    ):
        return None
    eclipse = q.matches(_AFTER_ECLIPSE)
    if not eclipse and not q.matches(_NO_ECLIPSE):
        return None  # whether Chaak still gives is not told
    before, collected = _sheet_and_taxes(q)
    palaces = number_before(q, "palaces", "paleizen") or 1
    each = sum(collected.values())
    if before is None or len(collected) != 1 or not 1 <= each <= 2 or not 1 <= palaces <= 3:
        return None
    kind = next(iter(collected))
    if not understood(q, _ASK | _NEXT_ROUND, lexicons=(BUILDINGS, RICHES_NAMES),
                      numbers={before, palaces, each}, phrases=(_NO_ECLIPSE, _AFTER_ECLIPSE)):  # fmt: skip
        return None
    sites: dict[str, list[str | None]] = {
        site: [f"palace:{kind}", f"+:{kind}" if each == 2 else "+"]
        for site in _PALACE_SITES[:palaces]
    }
    sites[HOME] = [*sites.get(HOME, []), "reserve"]
    data = position(sites=sites, phase="distribution", riches=[{"maize": before} if before else {}],
                    discard=["expedition", "eclipse"] if eclipse else ["expedition"])  # fmt: skip
    data["sites"]["d4"] = {"owner": 0, "plots": ["village:maize"]}
    state = load(data)
    after = _closed(state) if state is not None else None
    if after is None:
        return None
    held = sum(after.view(0)["kings"][0]["riches"].values())
    chaak = after.view(0)["rounds"][-1]["seats"][0]["chaak"]
    taxes = palaces * each
    verdict = q.say(
        f"{held} riches: {before} + {taxes} of taxes + {chaak} maize of Chaak = {held}.",
        f"{held} rijkdommen: {before} + {taxes} belasting + {chaak} maïs van Chaak = {held}.",
    )
    reason = q.say(
        "At the end of the round the riches a palace collected go to the king sheet, and as "
        "long as the Eclipse has not been drawn the Clemency of Chaak adds 2 maize.",
        "Aan het einde van de ronde gaan de rijkdommen die een paleis inde naar het "
        "koningsblad, en zolang de zonsverduistering niet getrokken is geeft Chaak 2 maïs.",
    )
    refs: list[RuleRef | str] = ["6-distribution/taxes", rules.END_OF_ROUND]
    return checked(GAME, q, verdict, reason, refs, position=data, topic="number")


def _sheet_and_taxes(q: Question) -> tuple[int | None, dict[str, int]]:
    """The riches on the sheet before the round's end and those each palace collected, read
    clause by clause ("my sheet has 1 maize and my palace took in 2 jade")."""
    before: int | None = None
    collected: dict[str, int] = {}
    for clause in re.split(r"[,;.:!?]|\band\b|\ben\b", q.lower):
        part = Question.read(clause)
        if re.search(r"\b(sheet|koningsblad)\b", clause):
            if re.search(r"\b(empty|leeg|nothing|niets|no riches|geen rijkdom\w*)\b", clause):
                before = 0
            else:
                before = (
                    number_before(part, "riches", "rijkdommen")
                    or sum(counted(part, RICHES_NAMES).values())
                    or before
                )
        elif re.search(r"\b(palaces?|paleis|paleizen)\b", clause):
            collected |= counted(part, RICHES_NAMES)
    return before, collected


def _closed(state: State) -> State | None:
    after = play(state, "done")
    for _ in range(3):
        seats = [s for s in after.to_move if "done" in legal_texts(after, s)]
        if not seats:
            break
        after = play(after, "done", seat=seats[0])
    return after if after.view(0)["rounds"] else None


# --- the riches bonus of a last round without the Eclipse ------------------------------------

#: the question's round is the game's last ("the last round", "the round of the second ball game")
_LAST_ROUND = (
    r"\b(?:last|final|laatste) (?:round|ronde)\b|\bround of the (?:second|third|fourth|fifth|last) "
    r"ball game\b"
)
#: the sheet told before the Clemency of Chaak gives its maize ("after taxes", "before Chaak")
_BEFORE_CHAAK = r"\b(after (?:the )?taxes|before (?:the )?(?:clemency|chaak)|na de belasting)\b"
_LAST_WORDS = vocabulary("""eclipse the it's its last round final after taxes before clemency of chaak
    never came come out up has hasn't not yet been drawn i have on my sheet king riches and
    nothing else comes in no palaces palace players player two three four second third fourth
    fifth ball game how many big bonus points do get will what is at end my riches
    in holds hold score""")


def bonus_after_chaak(q: Question) -> Answer | None:
    """ "Last round, no Eclipse, after taxes I have 5 riches on my sheet: my riches bonus?":
    Chaak's 2 maize come first, then half a point per riches."""
    if not q.matches(_NO_ECLIPSE) or not q.matches(_LAST_ROUND) or about_another(q):
        return None
    if not q.matches(r"\b(bonus|points?|prestige)\b") or q.matches(
        r"\b(?:after|na) (?:the )?chaak\b"
    ):
        return None
    if "palace" in buildings_in(q) and not q.matches(r"\bno palaces?\b"):
        return None  # taxes still to come, not told
    left = number_before(q, "riches", "rijkdommen")
    players = number_before(q, "players", "spelers")
    if left is None:
        return None
    told = {left} | ({players} if players else set())
    if set(numbers_in(q)) - told:
        return None
    phrases = (_NO_ECLIPSE, _LAST_ROUND, _BEFORE_CHAAK)
    if not understood(q, _ASK | _LAST_WORDS, numbers=told, phrases=phrases):
        return None
    account = round_account({HOME: ["village"]})
    if account is None:
        return None
    chaak = account["chaak"]
    total = left + chaak
    bonus = riches_bonus(total)
    verdict = q.say(
        f"{bonus} prestige points: {left} + {chaak} maize of Chaak = {total} riches, {total} // 2 "
        f"= {bonus}.",
        f"{bonus} prestigepunten: {left} + {chaak} maïs van Chaak = {total} rijkdommen, {total} "
        f"// 2 = {bonus}.",
    )
    reason = q.say(
        f"Without the Eclipse, the Clemency of Chaak gives each king {chaak} maize at the end of "
        "the last round too, before the riches bonus (half a point per riches on the sheet, "
        "rounded down).",
        f"Zonder zonsverduistering geeft de Genade van Chaak ook aan het einde van de laatste "
        f"ronde {chaak} maïs, vóór de rijkdombonus (een half punt per rijkdom, naar beneden).",
    )
    refs: list[RuleRef | str] = [rules.END_OF_ROUND, "7-end-of-game/riches-bonus"]
    return checked(GAME, q, verdict, reason, refs, position=account["position"], topic="number")


READERS = (
    production_by_site,
    production,
    chaak_total,
    sheet_after_round,
    palace_taxes,
    bonus_after_chaak,
)
_ = re
