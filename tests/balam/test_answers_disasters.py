"""Balam's catastrophes with the riches in the wrong place or the building missing ("4 -
KATUN > CATASTROPHES"): maize only on the king sheet, a prisoner on a garrison rather than in a
reserve, "none in a reserve", the Mayas asked about as "they", each turned over by the engine; and the building
space and small pyramids a construction needs ("2 - CONSTRUCTIONS"), tried in the engine;
near misses left to the rules text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.rulebook.question import Question


def _reply(text: str):
    return ANSWERS.answer(Question.read(text))


def test_maize_only_on_the_sheet_cannot_stop_a_drought():
    """BA-166, BA-167, BA-184: "none in a reserve" denies the stored maize, and the sheet's
    maize never pays: the drought takes 2 villages."""
    reply = _reply(
        "Drought hits me. I have 3 villages, but my only maize is on my king sheet, none in a "
        "reserve. What happens?"
    )
    assert reply is not None and reply.checked
    assert reply.text.startswith("You lose 2 villages")


def test_a_prisoner_on_a_garrison_pays_a_toltec_raid():
    """BA-166, BA-188: a prisoner on a garrison "not in a reserve" still pays the raid."""
    reply = _reply(
        "Toltec raid: my only prisoner is on a garrison, not in a reserve. Can my Mayas pay with it?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("Yes.")


def test_the_mayas_asked_about_as_they_are_the_askers_people():
    """BA-165, BA-185: "can they pay it" about the asker's Mayas is the asker's case."""
    reply = _reply(
        "Insurrection came up. I have a palace and my Mayas have one maize stored in a reserve. "
        "Can they pay it so I keep my palace?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("Yes.")
    other = _reply("Insurrection came up. I have a palace. Can they pay it?")
    assert other is None or not other.checked


def test_anything_happening_without_the_building_is_no():
    """BA-168, BA-185: without a palace the Insurrection does nothing; "anything happen?" is
    answered No."""
    reply = _reply("I drew Insurrection but I have no palace. Anything happen?")
    assert reply is not None and reply.checked and reply.text.startswith("No. Nothing happens")


def test_buying_off_a_drought_with_sheet_maize_is_refused_in_dutch():
    """BA-167, BA-184: "afkopen met maïs van mijn koningsblad": the sheet never pays."""
    reply = _reply("Mag ik een droogte afkopen met maïs van mijn koningsblad?")
    assert reply is not None and reply.checked and reply.text.startswith("Nee.")


def test_riches_said_to_be_in_a_reserve_are_not_denied():
    """BA-165, BA-184: "no maize in a reserve" denies the maize, not the reserve; "1 maize in
    a reserve" lets the Mayas pay."""
    reply = _reply("Drought: 3 villages and 1 maize in a reserve. Can my Mayas pay it?")
    assert reply is not None and reply.checked and reply.text.startswith("Yes.")


def test_sheet_maize_asked_to_pay_is_refused_without_supposing_the_loss():
    """BA-166, BA-167: "3 maize on my king sheet but none in my reserves, can I use it?" is No;
    the reply names no loss of buildings the question did not tell."""
    reply = _reply(
        "Drought: I have 3 maize on my king sheet but none in my reserves. Can I use it?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("No.")
    assert "lose" not in reply.text.lower()


def test_one_free_space_cannot_hold_a_temple_or_palace():
    """BA-096, BA-099: a temple or palace takes 2 neighbouring spaces, so one free space on
    the site refuses it (asked "one space is free", "één vakje vrij") and takes a village."""
    for text in (
        "Only one space is free on my site. Can I put a temple there?",
        "Kan ik een paleis bouwen als er maar één vakje vrij is?",
    ):
        reply = _reply(text)
        assert reply is not None and reply.checked and reply.text.startswith(("No.", "Nee.")), text
    village = _reply("Only one space is free on my site. Can I put a village there?")
    assert village is not None and village.checked and village.text.startswith("Yes.")


def test_a_market_short_of_small_pyramids_for_its_neighbours_is_refused():
    """BA-121, BA-124: a market takes a small pyramid on its site and one on each neighbour:
    3 left for a site with 4 neighbours is too few, 4 for a site with 3 is enough."""
    short = _reply(
        "I want to build a market on a site with 4 neighbours, but I have only 3 small "
        "pyramids left. Can I?"
    )
    assert short is not None and short.checked and short.text.startswith("No.")
    enough = _reply(
        "I want a market on a site with 3 neighbouring sites, but I only have 4 small pyramids "
        "left. Can I build it?"
    )
    assert enough is not None and enough.checked and enough.text.startswith("Yes.")


def test_two_free_spaces_that_do_not_touch_cannot_hold_a_palace():
    """BA-096, BA-099: a palace or temple needs two neighbouring spaces; two free spaces that
    do not touch refuse it but take a village, on the king's own site."""
    palace = _reply(
        "my site has 2 free spaces but they aren't next to each other. can i build a palace there?"
    )
    assert palace is not None and palace.checked and palace.text.startswith("No.")
    village = _reply(
        "My site has 2 free spaces but they aren't next to each other. Can I build a village there?"
    )
    assert village is not None and village.checked and village.text.startswith("Yes.")
    assert "your own site" in village.text


def test_palaces_collect_at_most_two_riches_each():
    """BA-235, BA-236: each palace collects 1 or 2 riches a round, so two palaces bring at most 4."""
    reply = _reply("With two palaces, how many riches at most can I collect in taxes each round?")
    assert reply is not None and reply.checked and reply.text.startswith("2 x 2 = 4 riches")


# --- the payment asked about: its riches and where they lie (BA-165..BA-167, BA-184..BA-188)
#: a catastrophe whose Mayas pay one riches, the building it strikes and that riches
_CARDS = {
    "Drought": ("villages", "maize", "Droogte", "dorpen", "maïs"),
    "Insurrection": ("palace", "maize", "Opstand", "paleis", "maïs"),
    "Earthquake": ("temple", "prisoner", "Aardbeving", "tempel", "gevangene"),
    "Toltec raid": ("garrisons", "prisoner", "Toltec raid", "garnizoenen", "gevangene"),
}


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(_CARDS)),
    st.integers(0, 1),
    st.integers(0, 4),
    st.sampled_from(["sheet", "stored", None]),
    st.booleans(),
)
def test_the_payment_asked_about_is_judged_where_its_riches_lie(
    card, stored, on_sheet, source, dutch
):
    """BA-165..BA-167: the Mayas pay a catastrophe only from their reserves or garrisons, never
    from the king's sheet; the riches told (a count in a reserve, a count on the sheet, "none"
    in the reserves) are all placed, and the payment asked about (from the sheet, from a
    reserve, or unsaid) is the one judged, whatever the count in the asking clause."""
    building, riches, card_nl, building_nl, riches_nl = _CARDS[card]
    if dutch:
        store = f"Er ligt {stored} {riches_nl} in mijn voorraden" if stored else (
            f"In mijn voorraden ligt geen {riches_nl}")  # fmt: skip
        sheet = f"op mijn koningsblad liggen er {on_sheet}" if on_sheet else ""
        where = {"sheet": " van mijn koningsblad", "stored": " uit mijn voorraad", None: ""}
        text = (f"Ik trek {card_nl} en heb een {building_nl}. {store}"
                f"{', maar ' + sheet if sheet else ''}. Mag ik met een {riches_nl}{where[source]} "
                "betalen?")  # fmt: skip
    else:
        store = f"{stored} {riches} in one of my reserves" if stored else (
            f"none of my reserves hold {riches}")  # fmt: skip
        sheet = f"I have {on_sheet} {riches} on my king sheet" if on_sheet else ""
        where = {"sheet": " from my sheet", "stored": " from my reserve", None: ""}
        text = (f"{card} just hit me. I own my {building}, {store}"
                f"{', but ' + sheet if sheet else ''}. Can I pay one {riches}{where[source]} to "
                "keep them?")  # fmt: skip
    reply = _reply(text)
    if reply is None or not reply.checked:
        return  # left to the rules text: never a wrong verdict
    pays = stored > 0 and source != "sheet"
    yes, no = ("Ja", "Nee") if dutch else ("Yes", "No")
    assert reply.text.startswith(yes if pays else no), (text, reply.text)


def test_a_riches_told_where_the_position_cannot_hold_it_is_not_judged():
    """BA-166: a maize "in een van mijn voorraden" is a maize stored (the Dutch plural), never
    a position without it that refuses the payment."""
    reply = _reply(
        "Ik trek Droogte en heb 2 dorpen. Er ligt 1 maïs in een van mijn voorraden. Mag ik die "
        "maïs betalen om mijn dorpen te houden?"
    )
    assert reply is not None and reply.checked and reply.text.startswith("Ja")


def test_sheet_riches_asked_as_the_payment_are_refused_even_with_a_stored_one():
    """BA-167, BA-184: the payment asked about is the sheet's maize: No, even though a reserve
    holds one (the Mayas could pay with that one instead)."""
    reply = _reply(
        "Insurrection came up and I have a palace. One of my reserves holds a maize and my king "
        "sheet has 3 maize. Can I pay a maize from my sheet to keep the palace?"
    )
    assert reply is None or not reply.checked or reply.text.startswith("No")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from((2, 3, 4)), st.integers(0, 6), st.sampled_from(["if", "with", "dutch"]))
def test_ba121_a_market_short_of_small_pyramids_told_with_its_cacao(near, left, said):
    """BA-121, BA-124: a market puts a small pyramid on its site and on each neighbouring site;
    a king with fewer left cannot build it, whatever else the question says of the cacao."""
    if said == "dutch":
        text = (f"Ik wil een markt bouwen op een plaats met {near} buurplaatsen en ik heb nog "
                f"{left} kleine piramides over. Mag dat met mijn cacao?")  # fmt: skip
    elif said == "if":
        text = (f"I want to build a market on a site that has {near} neighbouring sites at the "
                f"end of its paths. I've only got {left} small pyramids left in my supply. Can I "
                "still build it if I have the cacao?")  # fmt: skip
    else:
        text = (f"My site has {near} neighbouring sites and I have only {left} small pyramids "
                "left. Can I build a market there with my cacao?")  # fmt: skip
    reply = _reply(text)
    if left in (3, 4) and reply is None:
        return
    assert reply is not None and reply.checked, text
    allowed = left >= near + 1
    yes, no = ("Ja", "Nee") if said == "dutch" else ("Yes", "No")
    assert reply.text.startswith(yes if allowed else no), (text, reply.text)


def test_ba160_a_catastrophe_that_empties_a_city_leaves_it_to_nobody():
    """BA-188, BA-160 (our reading: any site left without a building belongs to nobody): a
    Toltec raid unpaid takes the garrison that stood alone, and the city is nobody's; told
    with other buildings, no city is said to be emptied."""
    reply = _reply(
        "Toltec raid, no prisoners in my reserves or garrisons. I own exactly one garrison in "
        "the whole game, and it stands alone in one of my cities with no other building there. "
        "What happens to that city?"
    )
    assert reply is not None and reply.checked
    assert "belongs to nobody" in reply.text, reply.text
    other = _reply("Toltec raid and no prisoners in my reserves. I have 1 garrison. What happens?")
    assert other is None or "nobody" not in other.text


@settings(max_examples=12, deadline=None)
@given(st.sampled_from((2, 3, 4)), st.booleans(), st.booleans())
def test_ba121_a_markets_cost_and_small_pyramids_asked_together(near, dutch, cost_first):
    """BA-121, BA-124, BA-126: a market costs 1 cacao and puts 1 + its neighbours' small
    pyramids on the board; both asked in one question are both answered, in the order asked."""
    if dutch:
        asked = ["wat kost dat", "hoeveel kleine piramides zet ik neer"]
        asked = asked if cost_first else asked[::-1]
        text = f"Ik wil een markt bouwen op een locatie met {near} buurlocaties. {asked[0].capitalize()}, en {asked[1]}?"
    else:
        asked = ["what does it cost", "how many small pyramids does it put down"]
        asked = asked if cost_first else asked[::-1]
        text = f"A market on a site with {near} neighbouring sites: {asked[0]}, and {asked[1]}?"
    reply = _reply(text)
    assert reply is not None and reply.checked, text
    assert f"{near + 1} {'kleine piramides' if dutch else 'small pyramids'}" in reply.text
    assert "1 cacao" in reply.text
    first_cost = reply.text.index("1 cacao") < reply.text.index(str(near + 1))
    assert first_cost == cost_first, (text, reply.text)
