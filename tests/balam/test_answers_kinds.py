"""Balam's answers from the referee, by kind of question: denials read in a catastrophe, two
buildings in one turn, markets' small pyramids, a round's economy (production, taxes, Chaak's
maize), transport through others' sites, a garrison's one obsidian, cenote offerings; each
reply compared with the engine asked directly, and near misses left to the rules text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.games.balam.answers import ANSWERS
from gametable.games.balam.answers.economy import round_account
from gametable.games.balam.answers.markets import WITH_NEIGHBOURS
from gametable.games.balam.answers.scenes import HOME, load, play, position
from gametable.rulebook.question import Question


def ask(text: str):
    """The referee-checked reply to ``text``, with the position it judged when there is one."""
    reply = ANSWERS.answer(Question.read(text))
    assert reply is not None, text
    assert reply.checked, text
    assert reply.position is None or load(reply.position) is not None
    return reply


def test_a_catastrophe_spares_a_king_without_its_building():
    """BA-168: a king without the building the card names loses nothing, however the question
    denies it ("don't own a single", "geen enkel", "no ... at all")."""
    for text in (
        "Earthquake! But I don't own a single temple. What happens to me?",
        "Toltec raid: I have no garrisons at all. What happens?",
        "I turn over a Drought but my cities only have garrisons and temples. What do I lose?",
    ):
        assert ask(text).text.startswith("Nothing happens"), text
    dutch = ask("Er komt een droogte, maar ik heb geen enkel dorp. Wat gebeurt er?")
    assert dutch.text.startswith("Er gebeurt niets") and dutch.lang == "nl"
    assert ask(
        "Drought with 2 villages and no maize in my reserves, what happens?"
    ).text.startswith("You lose 2 villages")


def test_stored_riches_ward_off_a_catastrophe_the_sheet_never():
    """BA-166, BA-167: a prisoner on a garrison may pay a Toltec raid; one on the king's
    sheet may not."""
    stored = ask("Toltec raid with a prisoner on one of my garrisons: can that prisoner pay?")
    assert stored.text.startswith("Yes.")
    sheet = ask(
        "Toltec raid with 2 garrisons and a prisoner on my king sheet, can the prisoner pay?"
    )
    assert sheet.text.startswith("No.")


def test_several_buildings_on_one_site_but_one_site_a_turn():
    """BA-092, BA-093: two buildings on one site in a turn, never on two sites."""
    assert ask("Can I put up a palace and a village on the same site in one turn?").text.startswith(
        "Yes."
    )
    reply = ask("Can I build a temple and a garrison on one site this turn?")
    assert reply.text.startswith("Yes.")
    other = ask("Can I build a village on one of my sites and a garrison on another one this turn?")
    assert other.text.startswith("No.") and "BA-093" in other.text
    assert ask("Kan ik in dezelfde beurt op twee verschillende plaatsen bouwen?").text.startswith(
        "Nee."
    )


def test_market_puts_a_small_pyramid_on_each_neighbour():
    """BA-121, BA-124: a market takes 1 + its neighbours' small pyramids; a king without
    enough cannot build one."""
    for near, _site in WITH_NEIGHBOURS.items():
        reply = ask(f"How many small pyramids does a market take on a site with {near} neighbours?")
        assert reply.text.startswith(f"{near + 1} small pyramids (1 + {near} = {near + 1})")
    assert ask("I've run out of small pyramids. Can I still build a market?").text.startswith("No.")
    assert ask("I have only 6 small pyramids left, can I build a market?").text.startswith("Yes.")
    assert (
        ANSWERS.answer(Question.read("I have 4 small pyramids left, can I build a market?")) is None
    )


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["maize", "cacao", "jade"]), st.integers(1, 3))
def test_production_replies_agree_with_the_engine(colour, villages):
    """BA-193, BA-194: each village produces one riches of its site's colour; the reply gives
    what the engine produced."""
    reply = ask(
        f"A {colour} site has {villages} villages on it. How many {colour} does it produce?"
    )
    assert reply.text.startswith(f"{villages} {colour}.")


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 12))
def test_chaak_gives_two_maize_a_round_before_the_eclipse(rounds):
    """BA-077: while the Eclipse is not drawn, every king gets 2 maize at each round's end."""
    each = round_account({HOME: ["village"]})
    assert each is not None and each["chaak"] == 2
    reply = ask(f"No Eclipse yet after {rounds} rounds. How much maize has Chaak given me?")
    assert reply.text.startswith(f"{rounds} x 2 = {2 * rounds} maize")
    eclipse = Question.read(
        f"After the Eclipse, how much maize does Chaak give me in {rounds} rounds?"
    )
    assert ANSWERS.answer(eclipse) is None


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 4), st.integers(1, 2))
def test_palace_taxes_reach_the_king_sheet(palaces, each):
    """BA-235, BA-239: each palace brings the 1 or 2 riches it collected to the sheet."""
    reply = ask(
        f"I have {palaces} palaces and each collects {each} riches. How many reach my sheet?"
    )
    assert reply.text.startswith(f"{palaces} x {each} = {palaces * each} riches")


def test_riches_cross_sites_their_king_does_not_own():
    """BA-206: riches travel through sites their king does not own; owning them is not
    needed (a city, always somebody's, is left to the rules text)."""
    assert ask("Can I move riches through a site I do not own?").text.startswith("Yes.")
    assert ask("Do I have to own the sites my riches pass through?").text.startswith("No.")
    city = Question.read("Can my jade pass through a city I don't own?")
    assert ANSWERS.answer(city) is None


def test_a_garrison_carries_one_obsidian():
    """BA-213, BA-216: a second obsidian is refused on a garrison that carries one."""
    assert ask("Can a garrison carry a second obsidian?").text.startswith("No.")
    assert ask("Mag een garnizoen twee obsidiaan hebben?").text.startswith("Nee.")
    assert ANSWERS.answer(Question.read("Can I put obsidian on a garrison?")) is None


def test_cenote_offerings_never_come_from_the_sheet():
    """BA-177: the Cult of the sacred cenotes takes riches from reserves and garrisons only."""
    reply = ask("I drew Cult of the sacred cenotes. Can I offer jade from my king sheet?")
    assert reply.text.startswith("No.")
    data = position(
        sites={HOME: ["village", "reserve:jade"]}, riches=[{"jade": 1}], phase="turn",
        card="cenotes",
    )  # fmt: skip
    state = load(data)
    assert state is not None
    offers = [str(a) for a in play(state, "katun 0").legal_actions(0)]
    assert all(a.startswith(("offer c4.1>", "done")) for a in offers)


def test_game_end_and_katun_cards_counted_for_the_players():
    """BA-043, BA-053: the game ends with the round of the N-th ball game; N + 1 cards a
    round."""
    assert ask("When does the game end with 4 players?").text.startswith(
        "After the round of the fourth ball game"
    )
    assert ask("Wanneer is het spel afgelopen als we met z'n drieën spelen?").text.startswith(
        "Na de ronde van het derde balspel"
    )
    assert ask("Hoeveel Katunkaarten liggen er klaar met 4 spelers?").text.startswith("5 Katun")


_NEAR_MISSES = (
    "I don't know, earthquake with a temple, what happens?",
    "Drought: I have 3 maize on my king sheet but I doubt any are in my reserves. Can I use it?",
    "Can my jade pass through a city I don't own?",
    "I have 3 small pyramids left, can I build a market?",
    "Can I build a market instead of a palace with 1 cacao?",
    "Can my opponent put up a palace and a village on one site?",
    "How many riches do 4 villages produce on a jade site?",
    "Ball game: I'm tied with other kings and have 5 cities, my points?",
    "Can I pass my turn first?",
)


def test_near_misses_are_left_to_the_rules_text():
    """BA-093, BA-124, BA-168, BA-179, BA-206: a question with a word the situation does not
    place (a stray denial, a city rather than a site, a count that depends on the site, another
    king, more villages than any such site holds) gets no referee-checked reply."""
    for text in _NEAR_MISSES:
        reply = ANSWERS.answer(Question.read(text))
        assert reply is None, (text, reply and reply.text)


def test_a_catastrophe_handed_over_or_drawn_without_its_building():
    """BA-166, BA-168: "drawn", "hand over" and "still" read as the card and its payment; a king
    without the named building pays nothing, one who has it is never forced to pay, and a
    card asked about for nobody in particular stays with the rules text."""
    for text in (
        "A Drought is drawn but I have no villages. What do I pay?",
        "Earthquake turned over by me, but I have no temple anywhere. Do I still have to hand "
        "over a prisoner?",
    ):
        reply = ask(text)
        assert "Nothing happens" in reply.text, text
    dutch = ask("Ik trok een Droogte, maar ik heb geen dorpen. Moet ik dan toch iets betalen?")
    assert dutch.text.startswith("Nee.") and dutch.lang == "nl"
    forced = ask("Earthquake: I have a temple and a prisoner in a reserve. Must I hand it over?")
    assert forced.text.startswith("No.")
    handed = ask("Drought drawn, I have 2 villages and a maize in a reserve. Can I hand it over?")
    assert handed.text.startswith("Yes.")
    assert (
        ANSWERS.answer(Question.read("Who hands over a prisoner when an Earthquake is drawn?"))
        is None
    )


def test_katun_cards_a_round_counted_for_kings():
    """BA-053: a round lays out one Katun card more than there are players, however the
    players are called ("3 kings", "we play with")."""
    reply = ask("We play with 3 kings. How many Katun cards are laid out face down each round?")
    assert reply.text.startswith("4 Katun cards")
    dutch = ask("Hoeveel Katun-kaarten leg je per ronde klaar met 4 spelers?")
    assert dutch.text.startswith("5 Katun-kaarten")
    assert ANSWERS.answer(Question.read("How many Katun cards do 5 kings lay out a round?")) is None


def test_a_ball_game_told_in_shorthand_counts_as_written():
    """BA-179, BA-180, BA-088: '2nd' reads as second (half the cities, rounded down), 'me and 1
    other' as a tie of two; a question about the other kings is not the asker's own score."""
    assert ask("im 2nd in ball courts and i have 7 cities, pts?").text.startswith("7 // 2 = 3")
    assert ask("ball game tie me and 1 other, i have 5 cities, points?").text.startswith(
        "5 // 2 = 2"
    )
    dutch = ask("balspel alleen gewonnen met 4 steden, hoeveel punten")
    assert dutch.text.startswith("4 prestigepunten")
    assert (
        ANSWERS.answer(
            Question.read("ball game tie me and 1 other, i have 5 cities, what do the others get?")
        )
        is None
    )


def test_the_lone_leader_in_observatories_told_other_ways():
    """BA-083, BA-084: the king with more observatories than anybody else looks at as many
    cards as there are players ("met z'n vieren": 4); another king leading is not the
    asker's case."""
    assert ask(
        "4 players. I have more observatories than anybody else. How many Katun cards can I "
        "look at?"
    ).text.startswith("4 cards")
    dutch = ask("We zijn met z'n vieren en ik heb als enige de meeste observatoria. Hoeveel?")
    assert dutch.text.startswith("4 kaart")
    other = "3 players: Ann has more observatories than anybody else. How many cards can I see?"
    assert ANSWERS.answer(Question.read(other)) is None


def test_a_round_end_yes_no_follows_what_it_asks_lost_or_kept():
    """BA-241, BA-242: obsidian on a garrison stays, a prisoner on one is lost; the verdict
    answers the question's own polarity ("discarded", "thrown away" ask whether it is lost;
    "keep", "stay" whether it stays), and a yes or no that asks neither is not built."""
    assert ask("Is obsidian on a garrison discarded at the end of the round?").text.startswith(
        "No."
    )
    assert ask("Does the obsidian on my garrison stay there into the next round?").text.startswith(
        "Yes."
    )
    assert ask("Is a prisoner on my garrison thrown away at the end of the round?").text.startswith(
        "Yes."
    )
    assert ask("Can I keep a prisoner on a garrison until the next round?").text.startswith("No.")
    assert ask("Is jade in my reserve thrown away at the end of the round?").text.startswith("No.")
    neither = "Is obsidian on a garrison at the end of the round?"
    assert ANSWERS.answer(Question.read(neither)) is None


def test_two_buildings_on_a_bare_other_site_are_refused():
    """BA-092, BA-093: one site a turn, however the second site is said ("on another",
    "on my other city", "op een andere"); a question naming a second site and the same site
    is not built."""
    for text in (
        "Can I build a village on one site and a garrison on another in the same turn?",
        "In one turn, can I put a temple on one city and a village on my other city?",
    ):
        assert ask(text).text.startswith("No."), text
    dutch = ask(
        "Mag ik in één beurt een dorp op de ene plaats en een garnizoen op een andere bouwen?"
    )
    assert dutch.text.startswith("Nee.")
    same = ask("Can I put up a palace and a village on the same site in one turn?")
    assert same.text.startswith("Yes.")
    mixed = "Can I build a village on another site and a garrison on the same site in one turn?"
    assert ANSWERS.answer(Question.read(mixed)) is None


def test_a_catastrophe_asked_as_options_is_the_kings_choice():
    """BA-166, BA-167: with the buildings and the riches stored, the king chooses between
    paying and losing, asked as "what are my options/choices" or "wat zijn mijn opties"; a
    yes or no about paying stays a yes or no."""
    for text in (
        "I draw a Drought with 2 villages and a maize stored in a reserve. What are my choices?",
        "Drought! I have 3 villages and one maize stored in a reserve. What are my options?",
    ):
        assert ask(text).text.startswith("You choose"), text
    dutch = ask("Droogte: ik heb 2 dorpen en 1 maïs in een opslag. Wat zijn mijn opties?")
    assert dutch.text.startswith("Je kiest")
    paid = ask("Earthquake: I have a temple and a prisoner in a reserve. Can I pay with it?")
    assert paid.text.startswith("Yes.")
