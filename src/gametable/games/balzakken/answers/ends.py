"""A round's end and the game's end, answered by the engine from the parts a question tells:
each hand's points when someone calls (a Lul 10, a Swinger 0; "Card Types"), a total after
this round's points ("Tasty (In-Between) Positions") and the winner of the totals said
("Overview > In a (nut)shell").  Chosen by :mod:`.concepts`.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from typing import Any

from gametable.games.balzakken.answers import refs
from gametable.games.balzakken.answers.asks import Asked
from gametable.games.balzakken.answers.build import build, free, load
from gametable.games.balzakken.answers.scene import Player, Scene
from gametable.games.balzakken.answers.seating import capital, label, listed
from gametable.games.balzakken.answers.sheet import judge_round
from gametable.games.balzakken.answers.totals import round_scoring
from gametable.games.balzakken.scoring import GAME_END, TASTY
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked, yes_no

GAME_NAME = "balzakken"


def _with_caller(scene: Scene) -> tuple[Scene, Player] | None:
    """The scene with a caller: the one said, given a hand that may call when none is said,
    else an unnamed caller who holds 0 points."""
    caller = scene.caller
    if caller is None:
        caller = Player("caller", called=True)
        scene = dataclasses.replace(scene, players=[*scene.players, caller])
    if not caller.hand_said:
        used = Counter(c for p in scene.players for c in p.cards)
        spare = next((v for v in ("0", "1", "2", "3", "4", "5", "-1") if free(v, used)), None)
        if spare is None:
            return None
        caller.cards = [spare]
    return scene, caller


def round_values(question: Question, scene: Scene, ask: Asked) -> Answer | None:
    """Each hand's points when the round ends with a call, from the engine's record."""
    placed = _with_caller(scene)
    if placed is None:
        return None
    scene, caller = placed
    r = judge_round(scene, caller)
    if r is None or r.filled:
        return None
    values = r.record["values"]
    asked_keys = set(ask.who) - {"everyone", "others", "him"}
    pool = [
        i for i, p in enumerate(r.seats)
        if not p.called and (not asked_keys or p.key in asked_keys)
    ]  # fmt: skip
    if not pool or any(not r.seats[i].hand_said for i in pool):
        return None
    said = [f"{label(question, r.seats[i])} {values[i]}" for i in pool]
    if "fewest" in ask.wants:
        if len(pool) < 2:
            return None
        best = min(values[i] for i in pool)
        low = [label(question, r.seats[i]) for i in pool if values[i] == best]
        verdict = (
            question.say(
                f"{capital(listed(question, low))} hold the same, {best} each",
                f"{capital(listed(question, low))} hebben evenveel, elk {best}",
            )
            if len(low) > 1
            else question.say(f"{capital(low[0])}, with {best}", f"{capital(low[0])}, met {best}")
        )
        verdict += f" ({listed(question, said)})."
    elif len(pool) == 1:
        worth = re.search(r"\b(?:worth|waard)\b", ask.text) is not None
        n = values[pool[0]]
        verdict = f"{n}." if worth else question.say(f"{n} points.", f"{n} punten.")
    else:
        verdict = capital(listed(question, said)) + question.say(" points.", " punten.")
    held = {c for i in pool for c in r.seats[i].cards}
    reason, sources = _values_reason(question, held)
    return checked(GAME_NAME, question, verdict, reason, sources, position=r.position)


def _values_reason(question: Question, held: set[str]) -> tuple[str, list[refs.RuleRef]]:
    """Why the hands count what they count: the action cards among them named."""
    en = ["When someone calls BALZAK!, every hand counts its Balzakken at face value"]
    nl = ["Als iemand BALZAK! roept, telt elke hand de Balzakken naar hun waarde"]
    sources = [refs.BALZAKKEN]
    if "L" in held:
        en.append("a Lul still in hand counts ten")
        nl.append("De Lul in de hand telt tien")
        sources.append(refs.LUL_IN_HAND)
    if "S" in held:
        en.append("a Swinger still in hand counts nothing")
        nl.append("De Swinger in de hand telt niets")
        sources.append(refs.SWINGER_IN_HAND)
    return question.say(", ".join(en) + ".", ", ".join(nl) + "."), sources


def total_after(question: Question, scene: Scene, ask: Asked) -> Answer | None:
    """A total on the sheet plus the points of the rounds said (one round, or several one
    after another), the tasty positions and the game's end, as the engine scores each round."""
    me = scene.me
    if me is None or me.total is None or me.gain is None:
        return None
    gains = [me.gain, *me.later]
    if any(g < 0 for g in gains) or (scene.rounds is not None and scene.rounds != len(gains)):
        return None  # "three rounds" said, and another count of rounds' points
    steps = _rounds_scored(question, me.total, gains)
    if steps is None:
        return None
    said, after, over, position = steps
    verdict = said if len(gains) == 1 else f"{after}: {said}"
    if over:
        verdict += question.say(": the game ends", ": het spel is afgelopen")
    elif "over" in ask.wants:  # asked beside the total: said either way
        verdict += question.say(
            f": the game goes on (no total has reached {GAME_END})",
            f": het spel gaat door (geen totaal is {GAME_END} of meer)",
        )
    verdict += "."
    if ask.yesno:
        if "over" not in ask.wants:
            return None
        verdict = f"{yes_no(question, over)} {verdict}"
    reason = question.say(
        "A total of exactly 69 drops back to 50 and exactly 99 to 75; the game ends once a "
        "total is 100 or more.",
        "Precies 69 zakt terug naar 50 en precies 99 naar 75; het spel eindigt zodra een "
        "totaal 100 of meer is.",
    )
    return checked(
        GAME_NAME, question, verdict, reason, [refs.TASTY, refs.GAME_END], position=position
    )


#: a total said as it stands after a round ("I'm on 99 after a round", "na een ronde op 69")
_AFTER_ROUND = re.compile(
    r"\b(?:after (?:a|the|this|that) round|at the end of (?:a|the) round|once the round is (?:over|"
    r"scored)|na (?:een|de|deze) ronde|aan het eind(?:e)? van (?:een|de) ronde)\b"
)


def landed(question: Question, scene: Scene, ask: Asked) -> Answer | None:
    """A total said to stand at exactly 69 or 99 after a round: the engine scores a round that
    lands there, and the total drops back ("Tasty (In-Between) Positions")."""
    me = scene.me
    if me is None or me.total not in TASTY or not _AFTER_ROUND.search(question.lower):
        return None
    total = int(me.total)
    steps = _rounds_scored(question, total - 10, [10])
    if steps is None:
        return None
    _, after, _, position = steps
    verdict = question.say(
        f"{after}: a total of exactly {total} after a round drops back to {after}.",
        f"{after}: een totaal van precies {total} na een ronde zakt terug naar {after}.",
    )
    reason = question.say(
        "The drop is no choice in gametable: a total landing exactly on 69 or 99 always goes "
        "back, and passing over them changes nothing.",
        "Het terugzakken is in gametable geen keuze: een totaal dat precies op 69 of 99 "
        "uitkomt, gaat altijd terug; eroverheen gaan verandert niets.",
    )
    return checked(GAME_NAME, question, verdict, reason, [refs.TASTY], position=position)


def _rounds_scored(
    question: Question, before: int, gains: list[int]
) -> tuple[str, int, bool, dict[str, Any]] | None:
    """Each round scored by the engine from the total before it: the sums worked out, the
    total after the last, whether the game is over, and the last round's position; ``None``
    when a round the question tells comes after the game's end."""
    said: list[str] = []
    position: dict[str, Any] | None = None
    over = False
    for gain in gains:
        if over:
            return None  # a round told after the game ended
        position = round_scoring(before, gain)
        state = load(position) if position is not None else None
        if state is None or position is None:
            return None
        state.apply("balzak", position["to_move"])
        view = state.view(0)
        record = view["rounds"][-1]
        if record["points"][0] != gain:
            return None
        after = int(record["totals"][0])
        step = f"{before} + {gain} = {before + gain}"
        if after != before + gain:
            step += question.say(
                f", which drops back to {after}", f", en dat zakt terug naar {after}"
            )
        said.append(step)
        before, over = after, bool(view["is_over"])
    if position is None:
        return None
    return "; ".join(said), before, over, position


def winners(question: Question, scene: Scene, ask: Asked) -> Answer | None:
    """Who wins with the totals said: the engine's outcome of a game over with them."""
    totals = [p.total for p in scene.players]
    if any(t is None or t < 0 for t in totals) or len(totals) > 8:
        return None
    sheet = [int(t) for t in totals if t is not None]
    position = build([["9"] for _ in sheet], to_move=0, scores=sheet)
    if max(sheet) < GAME_END:
        return None  # no total ends the game: the other readers say the game goes on
    position["to_move"] = None
    state = load(position)
    outcome = state.outcome if state is not None else None
    if outcome is None:
        return None
    names = [label(question, scene.players[w]) for w in outcome.winners]
    best = sheet[outcome.winners[0]]
    verdict = (
        question.say(
            f"{listed(question, names)} share the win on {best}",
            f"{listed(question, names)} delen de winst op {best}",
        )
        if len(names) > 1
        else question.say(
            f"{names[0]} {'win' if names[0] in ('you', 'You') else 'wins'} on {best}",
            f"{names[0]} wint met {best}",
        )
    )
    reason = question.say(
        f"The game ends once a total reaches {GAME_END} or more, and the lowest total wins; "
        "players tied on it share the win.",
        f"Het spel eindigt zodra een totaal {GAME_END} of meer is, en het laagste totaal wint; "
        "wie daarop gelijk staat, deelt de winst.",
    )
    return checked(
        GAME_NAME, question, capital(verdict) + ".", reason, [refs.GAME_END], position=position
    )
