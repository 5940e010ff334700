"""Who wins, read by its parts ("7 - END OF GAME": the most prestige wins; a tie is shared
with the default option ``ties``): each king's final score told, in any order, set in a
finished position and judged by the engine's outcome.

>>> from gametable.rulebook.question import Question
>>> who_wins(Question.read("Game's over and Mara and I both finished on 52 prestige, the top "
...     "score. Who wins?")).text.split(":")[0]
'You and Mara both win'
"""

from __future__ import annotations

from gametable.games.balam import rules
from gametable.games.balam.answers.grammar import BUILDINGS, RICHES_NAMES
from gametable.games.balam.answers.kings import read_table
from gametable.games.balam.answers.parts import asks, placed
from gametable.games.balam.answers.scenes import load, position
from gametable.rulebook.answer import Answer
from gametable.rulebook.question import Question
from gametable.rulebook.situations import checked

GAME = "balam"
_POINTS = r"(?:prestige points?|prestige|points?|pts|punten|prestigepunten)"
_WHO_WINS = (
    r"\b(who wins|who won|who has won|who is the winner|who's the winner|wie wint|wie heeft "
    r"gewonnen|wie is de winnaar|do we both win|does (?:he|she) win|do i win|win ik)\b"
)
_FOREIGN = (
    r"\b(riches|rijkdom\w*|sheet|blad|bonus|cities|steden|ball ?games?|balspel|katun|round|"
    r"ronde|if|als|still|nog|"
    # a war's winner is no game's winner: its numbers are garrisons or dice, not prestige
    r"wars?|attack\w*|assault|warriors?|garrisons?|soldiers?|troops|army|armies|battles?|"
    r"fights?|dice|die|skulls?|sites?|oorlog\w*|aanval\w*|krijgers?|soldaten|garnizoen\w*|"
    r"leger\w*|strijd|gevecht\w*|dobbelsteen\w*|plaats\w*)\b"
)


def who_wins(q: Question) -> Answer | None:
    """ "Mara and I both finished on 52 prestige, the top score: who wins?"."""
    if not q.matches(_WHO_WINS) or len(asks(q)) != 1:
        return None
    table = read_table(q, {"points": _POINTS})
    if table is None or any(set(c) != {"points"} for c in table.counts.values()):
        return None
    kings = sorted(table.counts, key=lambda k: k != "me")  # the asker first
    if not 2 <= len(kings) <= 4 or ("me" not in kings and len(kings) < 2):
        return None
    scores = [table.counts[k]["points"] for k in kings]
    if not placed(q, set(scores), (RICHES_NAMES, BUILDINGS), set(), foreign=_FOREIGN, others=True):
        return None
    data = position(players=len(kings), phase="over", prestige=scores)
    state = load(data)
    outcome = state.outcome if state is not None else None
    if outcome is None:
        return None
    names = [q.say("you", "jij") if k == "me" else k.title() for k in kings]
    won = [names[s] for s in outcome.winners]
    top = max(scores)
    if len(won) > 1:
        joined = q.say(" and ", " en ").join(won)
        verdict = q.say(
            f"{joined[0].upper()}{joined[1:]} {'both ' if len(won) == 2 else ''}win: a shared "
            f"victory on {top} prestige.",
            f"{joined[0].upper()}{joined[1:]} winnen {'allebei' if len(won) == 2 else 'samen'}: "
            f"een gedeelde overwinning met {top} prestige.",
        )
    else:
        verdict = q.say(f"{won[0].capitalize()} win{'s' if won[0] != 'you' else ''} with {top}.",
                        f"{won[0].capitalize()} wint met {top}.")  # fmt: skip
    reason = q.say(
        "The king with the most prestige wins; kings tied for the most share the victory.",
        "De koning met de meeste prestige wint; gelijke koplopers delen de overwinning.",
    )
    return checked(GAME, q, verdict, reason, [rules.END_OF_GAME], position=data)


READERS = (who_wins,)
