"""Balam's answers from the referee for a turn's building
plan told in full (the sheet, the buildings, a free site's plots), compared with the engine's
own play of every payment; a negation carried over "or"; a catastrophe asked about in general;
attacks on a city without garrisons; "they" as the things just named; and their near misses,
left to the rules text."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.answers.plans import FREE_SITES
from gametable.games.balam.answers.scenes import HOME, legal_texts, load, play, position
from gametable.rulebook.question import Question

BASIC = ("village", "garrison", "palace", "temple")
SPECIAL = {"reserve": "maize", "market": "cacao", "observatory": "jade", "court": "shell"}
NAMES = {"court": "ball court"}
PLURAL = {"observatory": "observatories", "village": "villages"}


def reply_to(text: str):
    return ANSWERS.answer(Question.read(text))


def engine_allows(sheet: dict[str, int], kinds: list[str], plots: int) -> bool:
    """Whether the engine lets a king holding ``sheet`` at the start of his turn pay the turn
    and put up every building of ``kinds`` on a free site of ``plots`` plots: every order of
    the buildings, every plot, every payment, tried by brute force."""
    site = FREE_SITES[plots]
    state = load(position(sites={HOME: ["village"]}, riches=[sheet], phase="turn"))
    assert state is not None

    def tries(now, left: Counter[str]) -> bool:
        legal = legal_texts(now)
        pays = [a for a in legal if a.startswith("pay ")]
        if not pays and not left:
            return True
        steps = pays or [
            a for a in legal if a.split()[0] == "build" and a.split()[1] in left
            and a.split()[2].startswith(site + ".")
        ]  # fmt: skip
        return any(
            tries(play(now, a), left - Counter([a.split()[1]]) if a.startswith("build") else left)
            for a in steps
        )

    return any(tries(state, Counter(order)) for order in set(permutations(kinds)))


@settings(max_examples=25, deadline=None)
@given(
    st.dictionaries(st.sampled_from(("maize", "cacao", "jade")), st.integers(1, 4), min_size=1),
    st.lists(st.sampled_from((*BASIC, "market", "reserve", "observatory")), min_size=2, max_size=2),
    st.sampled_from((2, 3, 4)),
)
def test_a_building_plan_told_in_full_gets_the_engines_verdict(sheet, kinds, plots):
    """BA-059, BA-090, BA-093, BA-096, BA-103, BA-106, BA-119, BA-126, BA-129: a king who
    tells his sheet, two buildings and a free site's size gets the engine's verdict, the
    turn's riches paid first."""
    held = " and ".join(f"{n} {r}" for r, n in sheet.items())
    wanted = " and ".join(f"a {NAMES.get(k, k)}" for k in kinds)
    if kinds[0] == kinds[1]:
        wanted = f"two {PLURAL.get(kinds[0], kinds[0] + 's')}"
    text = f"I have {held} on my king sheet. Can I build {wanted} on a free {plots}-plot site?"
    reply = reply_to(text)
    assert reply is not None and reply.checked, text
    expected = "Yes." if engine_allows(sheet, kinds, plots) else "No."
    assert reply.text.split()[0] == expected, (text, reply.text)


_DUTCH_KINDS = {
    "village": "dorp",
    "garrison": "garnizoen",
    "palace": "paleis",
    "court": "balspelveld",
}
_DUTCH_RICHES = {"maize": "maïs", "shell": "schelp", "jade": "jade"}


@settings(max_examples=25, deadline=None)
@given(
    st.dictionaries(st.sampled_from(("maize", "shell", "jade")), st.integers(1, 4), min_size=1),
    st.lists(st.sampled_from(sorted(_DUTCH_KINDS)), min_size=2, max_size=3, unique=True),
    st.booleans(),
)
def test_a_plan_told_sheet_last_or_in_dutch_gets_the_engines_verdict(sheet, kinds, dutch):
    """BA-059, BA-090, BA-093, BA-129: the plan asked first and the sheet told after it ("My
    king sheet has ..., nothing else"), a site "nobody owns", or the whole in Dutch ("Mijn
    koningsblad heeft ..."), on a free 4-plot site: the engine's verdict."""
    if dutch:
        held = " en ".join(f"{n} {_DUTCH_RICHES[r]}" for r, n in sheet.items())
        wanted = " en ".join(f"een {_DUTCH_KINDS[k]}" for k in kinds)
        text = f"Mijn koningsblad heeft {held}. Kan ik deze beurt {wanted} bouwen op een lege plaats van niemand?"
    else:
        held = " and ".join(f"{n} {r}" for r, n in sheet.items())
        wanted = ", ".join(f"a {NAMES.get(k, k)}" for k in kinds)
        text = (f"On my turn I'd like to put {wanted} all on the same empty 4-space site that "
                f"nobody owns. My king sheet has {held}, nothing else. Can I afford all that?")  # fmt: skip
    reply = reply_to(text)
    assert reply is not None and reply.checked, text
    allowed = engine_allows(sheet, kinds, 4)
    expected = ("Ja." if allowed else "Nee.") if dutch else ("Yes." if allowed else "No.")
    assert reply.text.split()[0] == expected, (text, reply.text)


def test_the_turns_riches_come_first_from_a_sheet_told_whole():
    """BA-059, BA-126: "all I have is 1 cacao" leaves nothing for a market once the turn is
    paid; "2 maize left" is one short of a temple (1 + 2 = 3)."""
    market = reply_to("All I have on my king sheet is 1 cacao. Can I build a market?")
    assert market is not None and market.checked and market.text.startswith("No.")
    temple = reply_to("I have 2 maize left and I want to build a temple. Enough?")
    assert temple is not None and temple.text.startswith("No.") and "3 riches" in temple.text


def test_the_most_buildings_of_one_kind_is_counted_by_the_engine():
    """BA-059, BA-096, BA-103: with 4 maize and nothing else, the turn takes 1 and leaves 3
    villages; with 9 maize a free 3-plot site holds 3."""
    four = reply_to("I have 4 maize and nothing else. How many villages can I build at most on a free 4-plot site?")  # fmt: skip
    assert four is not None and four.text.startswith("3.")
    nine = reply_to("I have 9 maize. How many villages can I build at most on a free 3-plot site?")
    assert nine is not None and nine.text.startswith("3.")
    assert engine_allows({"maize": 4}, ["village"] * 3, 4)
    assert not engine_allows({"maize": 4}, ["village"] * 4, 4)


def test_palace_and_temple_need_four_plots():
    """BA-096, BA-106, BA-109: a palace and a temple take 2 plots each, so a 3-plot site
    cannot hold both."""
    reply = reply_to("Can I build a palace and a temple together on an empty site that has only 3 plots?")  # fmt: skip
    assert reply is not None and reply.text.startswith("No.") and "4 plot" in reply.text


def test_building_plan_near_misses_are_left_to_the_rules_text():
    """BA-090, BA-092: a plan with stored riches, an enemy's site or riches paid before is not
    one the plan reader builds."""
    for text in (
        "I have 2 maize in my reserve. Can I build a palace and a village on a free 4-plot site?",
        "I have 3 maize. Can I build a village and a garrison on a free 3-plot site in an enemy city?",
        "I already paid. I have 3 maize. Can I build a temple and a village on a free 3-plot site?",
    ):
        reply = reply_to(text)
        assert reply is None or "plan needs" not in reply.text, (text, reply.text)


def test_no_building_or_another_is_denied_both():
    """BA-168: "no ball court or observatory" denies both, so a Decadence costs nothing (not
    an observatory kept by a misreading)."""
    reply = reply_to("I drew the Decadence and have no ball court or observatory. What happens?")
    assert reply is not None and reply.checked and reply.text.startswith("Nothing happens")
    near = reply_to("I drew the Decadence; I have no ball court and 1 observatory. What happens?")
    assert near is not None and near.text.startswith("You lose 1 observatory")


def test_a_catastrophe_asked_in_general_is_not_a_kings_case():
    """BA-168: "what does the Decadence card do?" names no king's holdings: the rules text
    answers, never a referee's "nothing happens to you"."""
    for text in ("What does the Decadence card do?", "What does a Drought do?"):
        reply = reply_to(text)
        assert reply is None, (text, reply.text)


def test_a_city_without_garrisons_may_be_attacked_but_cannot_attack():
    """BA-134, BA-135: the attacker needs a garrison in his own city; the attacked city needs
    none."""
    target = reply_to("Can I attack if the enemy city has no garrisons?")
    assert target is not None and target.checked and target.text.startswith("Yes.")
    source = reply_to("My city has a village and a temple but no garrison. Can I attack from it?")
    assert source is not None and source.checked and source.text.startswith("No.")
    far = reply_to("Can I attack a city that isn't next to mine?")
    assert far is not None and far.checked and far.text.startswith("No.")


def test_they_are_the_riches_just_named():
    """BA-251, BA-101: "how many points do they give" speaks of the riches, not of other
    players; a village whose site's colour is not told is left to the rules text."""
    bonus = reply_to("I end the game with 9 riches on my king sheet. How many points do they give?")  # fmt: skip
    assert bonus is not None and bonus.text.startswith("4 prestige points")
    made = reply_to("Three villages on a jade site: what do they produce?")
    assert made is not None and made.text.startswith("3 jade")
    assert reply_to("What does a village produce?") is None
    assert reply_to("Can they build a market without cacao?") is None
