"""Moving riches in the distribution, tried in the engine: through sites a king does not own
("6 - DISTRIBUTION > TRANSPORT") and onto a garrison that already carries an obsidian
("6 - DISTRIBUTION > EQUIPMENT OF GARRISONS")."""

from __future__ import annotations

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import (
    BUILDINGS,
    RICHES_NAMES,
    about_another,
    buildings_in,
    counted,
    name_of,
    numbers_in,
    understood,
    vocabulary,
)
from gametable.games.balam.answers.parts import placed
from gametable.games.balam.answers.scenes import HOME, load, play, position, refusal
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME = "balam"
#: a city of the asking king two sites away from :data:`HOME`, every site between free
OTHER_CITY = "e4"
_GOODS = r"\b(riches|goods|tokens?|rijkdom\w*|goederen)\b"
_THROUGH = r"\b(through|across|cross|crosses|crossing|via|pass|passes|door|langs)\b"
_NOT_MINE = (
    r"\b(?:i|you) (?:do not|don't|dont) own\b|\bnot (?:mine|my own)\b|\bi don't hold\b|"
    r"\bniet van mij\b|\bdie ik niet bezit\b|\bown\b|\bbezit\w*\b"
)
_MUST = r"\b(have to|has to|need to|needs to|must|required|necessary|moet|moeten|nodig)\b"
_WORDS = vocabulary("""can i may my move carry send bring riches goods tokens through across cross crosses
    crossing via pass passes a site sites i do not don't own the that on way along to have
    has need must be mine each every all of are is required necessary when travel go goes
    mag kan ik mijn rijkdommen goederen door een plaats plaatsen die niet bezit bezitten
    moet moeten van mij verplaatsen brengen waar gaan de""")


def through_unowned(q: Question) -> Answer | None:
    """ "Can I move riches through a site I do not own?" (yes) and "do I have to own the sites
    my riches pass through?" (no): a riches moved across free sites in the engine.  A city
    (a site with buildings) is somebody's, and its small pyramids decide: not read here."""
    if q.kind != "yesno" or about_another(q) or numbers_in(q):
        return None
    if not (q.matches(_GOODS) or RICHES_NAMES.find(q)) or not q.matches(_THROUGH):
        return None
    if not q.matches(_NOT_MINE) or q.matches(r"\b(enemy|pyramids?|piramides?|vijand\w*)\b"):
        return None
    if not understood(q, _WORDS, lexicons=(RICHES_NAMES,), phrases=(_NOT_MINE, _MUST)):
        return None
    data = position(
        sites={HOME: ["village:jade"], OTHER_CITY: ["reserve"]},
        phase="distribution",
        riches=[{}],
    )
    state = load(data)
    if state is None:
        return None
    action = f"move {HOME}.0>{OTHER_CITY}.0"
    crosses = refusal(state, action) is None
    must = q.matches(_MUST)
    reason = q.say(
        "Riches and prisoners travel any distance, through sites their king does not own; "
        "only a city where an enemy has more small pyramids than he has, or whose owner ties "
        "with him, closes the way.",
        "Rijkdommen en gevangenen gaan elke afstand, ook door plaatsen die hun koning niet "
        "bezit; alleen een stad waar een vijand meer kleine piramides heeft, of waarvan de "
        "eigenaar er evenveel heeft, sluit de weg.",
    )
    details = (q.say(f"Tried: {action} (across free sites)", f"Geprobeerd: {action}"),)
    return checked(
        GAME,
        q,
        yes_no(q, not crosses if must else crosses),
        reason,
        ["6-distribution/transport"],
        position=data,
        details=details,
    )


# --- equipment of garrisons -----------------------------------------------------------------

_SECOND = r"\b(two|2|second|another|more than one|twee|tweede|nog een|meer dan één)\b"
_EQUIP_WORDS = vocabulary("""can may i put place move give a garrison one on it hold have carry get two second
    another more than obsidian obsidians tokens
    mag kan ik een garnizoen op zetten leggen hebben dragen krijgen twee tweede nog meer dan
    obsidiaan load onto to make extra strong stronger stack same time and both at prisoners
    prisoner gevangene gevangenen dezelfde tegelijk en after winning war won na""")


def second_obsidian(q: Question) -> Answer | None:
    """ "Can I put two obsidian on one garrison?": an obsidian moved in the engine onto a
    garrison that already carries one."""
    if q.kind != "yesno" or about_another(q) or not q.matches(_SECOND):
        return None
    if [m.name for m in RICHES_NAMES.find(q)] != ["obsidian"]:
        return None
    if not q.matches(r"\b(garrisons?|garnizoen\w*)\b"):
        return None
    if not understood(
        q, _EQUIP_WORDS, lexicons=(RICHES_NAMES,), phrases=(_SECOND,), numbers={1, 2}
    ):
        return None
    data = position(
        sites={"c3": ["village:obsidian", "garrison:obsidian", "garrison"]},
        phase="distribution",
        riches=[{}],
    )
    state = load(data)
    if state is None:
        return None
    action = "move c3.0>c3.1"
    refused = refusal(state, action)
    if refused is None:
        return None  # the engine would take it: not the rule this reader tells
    reason = (
        q.say(
            "A garrison carries at most 1 obsidian (one token in all); a second obsidian goes to "
            "another garrison or a reserve",
            "Een garnizoen draagt hoogstens 1 obsidiaan (één fiche in totaal); een tweede "
            "obsidiaan gaat naar een ander garnizoen of een voorraad",
        )
        + f" ({refused.rule.section}, BA-213)."
    )
    details = (q.say(f"Tried: {action} (refused: {refused.explanation})",
                     f"Geprobeerd: {action} (geweigerd)"),)  # fmt: skip
    return checked(GAME, q, yes_no(q, False), reason, [refused.rule], position=data,
                   details=details)  # fmt: skip


_HOLD_WORDS = vocabulary("""can a an one my the reserve prison hold holds store stores keep keeps take
    takes contain contains put place in it into also even same single both at once there
    mag kan een mijn de het voorraad voorraden opslagplaats gevangenis bewaren houden opslaan leggen
    zetten in erin er ook zelfs tegelijk dezelfde allebei of type kind any soort""")


def reserve_holds(q: Question) -> Answer | None:
    """ "Can a reserve hold a prisoner?", "2 maize in one reserve?": the riches moved onto a
    reserve in the engine's distribution (one riches of any type, and only one)."""
    if q.kind != "yesno" or about_another(q) or buildings_in(q) != ["reserve"]:
        return None
    given = counted(q, RICHES_NAMES)
    if len(given) != 1 or not 1 <= sum(given.values()) <= 2:
        return None
    kind, n = next(iter(given.items()))
    if not understood(q, _HOLD_WORDS, lexicons=(BUILDINGS, RICHES_NAMES), numbers={n, 1}):
        return None
    plots: list[str | None] = [f"reserve:{kind}" for _ in range(n)]  # moved reserve to reserve
    plots.append("reserve")
    data = position(phase="distribution", sites={"c3": plots}, riches=[{}])
    state = load(data)
    if state is None:
        return None
    for i in range(n - 1):
        state = play(state, f"move c3.{i}>c3.{n}")
    refused = refusal(state, f"move c3.{n - 1}>c3.{n}")
    name = f"{n} {name_of(q, kind)}" if n > 1 else name_of(q, kind)
    if refused is None:
        reason = q.say(
            f"A reserve (prison) stores one riches of any type, a {name} too, and keeps it into "
            "the next round.",
            f"Een voorraad (gevangenis) bewaart één rijkdom van elke soort, ook {name}, tot de "
            "volgende ronde.",
        )
    else:
        reason = q.say(
            f"A reserve holds only one riches, so {name} need {n} reserves.",
            f"Een voorraad bewaart maar één rijkdom, dus {name} hebben {n} voorraden nodig.",
        )
    return checked(GAME, q, yes_no(q, refused is None), reason, [rules.STORAGE], position=data)


_AFTER_WAR = (
    r"\b(?:after|when|na)(?: (?:winning|i win|i won|i've won|having won|het winnen van))? (?:a |an |the |"
    r"een |de )?(?:war|battle|attack|fight|oorlog|aanval|gevecht)\b"
)


_MOVED = r"\b(move|put|place|carry|bring|add|zet\w*|leg\w*|verplaats\w*|breng\w*)\b"
#: what a garrison's load tried in the distribution does not hold
_NOT_HELD = r"\b(if|unless|als|tenzij|temple\w*|palace\w*|reserve\w*|sheet|koningsblad|market\w*)\b"


def garrison_holds(q: Question) -> Answer | None:
    """ "Can I put 2 prisoners on the same garrison?", "an obsidian and a prisoner on one
    garrison?": the second riches moved in the engine onto a garrison that holds the first."""
    if q.kind != "yesno" or about_another(q) or buildings_in(q) != ["garrison"]:
        return None
    given = counted(q, RICHES_NAMES)
    items = [r for r, n in given.items() for _ in range(n)]
    said = [m.name for m in RICHES_NAMES.find(q)]
    if len(items) == 1 and (q.matches(_SECOND) or said.count(items[0]) == 2):
        items *= 2  # "a second prisoner", or "holding a prisoner ... move a prisoner onto it"
    if (
        len(items) != 2
        or items == ["obsidian", "obsidian"]
        or not set(items) <= {"obsidian", "prisoner"}
    ):
        return None
    lexicons = (BUILDINGS, RICHES_NAMES)
    if not understood(
        q,
        _EQUIP_WORDS | _HOLD_WORDS,
        lexicons=lexicons,
        numbers={1, 2},
        phrases=(_SECOND, _AFTER_WAR),
    ) and not (
        q.matches(_MOVED)  # the parts gate reads a riches moved onto it, not a war's spoils
        and placed(q, {1, 2}, lexicons, {"garrison", "obsidian", "prisoner"}, foreign=_NOT_HELD)
    ):
        return None
    data = position(
        sites={"c3": [f"garrison:{items[0]}", f"reserve:{items[1]}", "reserve"]},
        phase="distribution",
        riches=[{}],
    )
    state = load(data)
    if state is None:
        return None
    refused = refusal(state, "move c3.1>c3.0")
    if refused is None:
        return None  # the engine would take it: not the rule this reader tells
    reason = q.say(
        "A garrison holds a single riches, one obsidian or one prisoner (one prisoner per "
        "garrison after a war too); a second one needs another garrison or a reserve.",
        "Een garnizoen houdt één rijkdom, één obsidiaan of één gevangene (ook na een oorlog één "
        "gevangene per garnizoen); een tweede heeft een ander garnizoen of een voorraad nodig.",
    )
    return checked(GAME, q, yes_no(q, False), reason, [refused.rule, rules.DESTRUCTION],
                   position=data)  # fmt: skip


READERS = (through_unowned, second_obsidian, reserve_holds, garrison_holds)
