"""Table life in Debian's chromium (issue 17, items 3-4): joining an open table from the lobby,
taking a move back, and tap-to-explain on a touch phone.

Screenshots go to ``test-artifacts/web/`` (or $GAMETABLE_ARTIFACTS/web).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import httpx
import pytest

from tests.server.conftest import FastPages, Server
from tests.server.test_browser import ARGS, CHROMIUM, sync_api
from tests.server.test_recent_games import finished_public_game, wait_listed
from tests.server.test_web_layout import ARTIFACTS, SIZES, TURN


@pytest.fixture(scope="module")
def browser() -> Iterator:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield FastPages(b)  # (the bots' moves shown at the fast pace)
        b.close()


def test_a_stranger_takes_an_open_seat_from_the_lobby(server: Server, browser) -> None:
    t = server.create(seats=[{"kind": "human", "name": "Ann"}, {"kind": "open"}])
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    join = page.locator(f"button.join[data-table='{t['id']}'][data-seat='1']")
    join.wait_for()
    assert "with Ann" in page.locator(f"#open-tables li[data-table='{t['id']}']").inner_text()
    page.fill("#join-name", "Zoë")
    page.screenshot(path=ARTIFACTS / "lobby-open-tables.png")
    join.click()
    page.wait_for_url(f"**/t/{t['id']}#seat=1&token=*")
    page.wait_for_function("() => document.getElementById('me').textContent.includes('seat 1')")
    assert page.locator("#me").inner_text() == "you are Zoë (seat 1)"
    page.goto(server.base + "/")  # taken: no longer listed, and remembered as mine
    page.locator(f"#my-tables li[data-table='{t['id']}']").wait_for()
    assert page.locator(f"button.join[data-table='{t['id']}']").count() == 0
    page.close()
    assert not errors, errors


def test_a_balam_payment_is_taken_back_with_the_undo_button(server: Server, browser) -> None:
    t = server.create("balam", 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector(".turn.mine", timeout=TURN)
    assert page.locator("#take-back").count() == 0
    page.click("#balam-choices .chip.pick[data-riches='maize']")  # pay the turn's riches
    undo = page.locator("[data-testid='take-back']")
    undo.wait_for()
    assert page.locator("#log li").count() == 1
    box = undo.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768
    page.screenshot(path=ARTIFACTS / "balam-undo-offered.png")
    undo.click()
    page.wait_for_function("() => !document.getElementById('take-back')")
    page.wait_for_function(
        "() => document.querySelectorAll('#log li:not(.chat-line)').length === 0"
    )
    assert "took back" in page.locator("#log li.event").inner_text()
    page.locator("#balam-choices .chip.pick[data-riches='maize']").wait_for()  # to pay again
    page.screenshot(path=ARTIFACTS / "balam-undo-done.png")
    page.close()
    assert not errors, errors


def test_a_tap_explains_what_hover_explains_on_a_phone(server: Server, browser) -> None:
    t = server.create("balam", 2, seats=[{"kind": "human"}] * 2)  # nobody comes: it stays still
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/t/{t['id']}")  # watching: nothing on the page acts
    chip = page.locator("#balam-status .supply .chip").first
    chip.wait_for(timeout=TURN)
    title = chip.get_attribute("title")
    chip.tap()
    tip = page.locator("[data-testid='tip']")
    tip.wait_for()
    assert tip.inner_text() == title
    box = tip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.screenshot(path=ARTIFACTS / "balam-phone-tap-explains.png")
    # an SVG shape explains with its <title>: a site of the map
    site = page.locator("svg g.site").first
    site.locator("rect.tile").tap()
    page.wait_for_function(
        "() => document.getElementById('tip').textContent.includes('plots')", timeout=5000
    )
    context.close()
    assert not errors, errors


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_the_clock_runs_out_and_the_player_takes_the_seat_back(tmp_path, browser) -> None:
    # A server of its own with bots paced as in production (the shared test server's bots move
    # at once, so the stand-in and the random bot could finish the game before the page shows
    # that the seat is away).
    server = Server(tmp_path, extra=["--bot-delay", "0.5"]).start()
    try:
        away_and_back(server, browser)
    finally:
        server.kill()


def away_and_back(server: Server, browser) -> None:
    t = server.create(
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        clock={"mode": "move", "seconds": 2},
    )
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(t["seats"][0]["url"])
    page.locator("[data-testid='clock']").wait_for(timeout=TURN)
    back = page.locator("#back")
    back.wait_for(timeout=60_000)  # Ann did nothing: the bot plays for her
    assert "played by the bot" in page.locator("#turn").inner_text()
    page.screenshot(path=ARTIFACTS / "balzakken-phone-clock-away.png")
    back.click()
    page.wait_for_function("() => !document.getElementById('back')", timeout=10_000)
    page.close()
    assert not errors, errors


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_a_background_tab_shows_the_turn_in_its_title_and_icon(server: Server, browser) -> None:
    t = server.create(seats=[{"kind": "bot", "bot": "random"}, {"kind": "human"}])
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(t["seats"][1]["url"])
    page.evaluate(  # the tab goes to the background
        "() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_function("() => document.title.startsWith('● Your turn')", timeout=TURN)
    assert page.get_attribute("#favicon", "href").startswith("data:image/svg+xml")
    page.evaluate(
        "() => { Object.defineProperty(document, 'hidden', {value: false, configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_function("() => !document.title.startsWith('●')")
    page.close()
    assert not errors, errors


def warlike_choice(legal: list[dict], rng: random.Random) -> dict:
    """A move that brings on wars: the strongest attack, else a building (garrisons first),
    else defending without obsidian, else any move but removing a building."""
    kinds = [a["json"]["kind"] for a in legal]
    attacks = [a for a, k in zip(legal, kinds, strict=True) if k == "attack"]
    if attacks:
        return max(attacks, key=lambda a: a["json"]["garrisons"] + a["json"]["obsidian"])
    builds = [a for a, k in zip(legal, kinds, strict=True) if k == "build"]
    garrisons = [a for a in builds if a["json"]["building"] == "garrison"]
    if garrisons or builds:
        return rng.choice(garrisons or builds)
    defences = [a for a, k in zip(legal, kinds, strict=True) if k == "defend"]
    if defences:
        return min(defences, key=lambda a: a["json"].get("obsidian", 0))
    return rng.choice([a for a, k in zip(legal, kinds, strict=True) if k != "remove"] or legal)


def play_balam_until(server: Server, t: dict, reached, rng: random.Random, limit: int = 1500):
    """Play both seats of the two-seat Balam table ``t`` over sockets (:func:`warlike_choice`)
    until ``reached(message)`` holds for the
    latest message; the clients, or ``None`` if the game ended first."""
    seats = [server.connect(t["id"], s["token"]) for s in t["seats"]]
    n = seats[0].last["seq"]
    for _ in range(limit):
        for c in seats:
            c.at_seq(n)
        if reached(seats[0].last):
            return seats
        if seats[0].last["over"]:
            break
        mover = next(c for c in seats if c.last["legal"])
        choice = warlike_choice(mover.last["legal"], rng)
        mover.send({"type": "act", "action": choice["json"], "seq": n, "id": n + 1})
        n = mover.until("accepted", id=n + 1, timeout=30)["seq"]
    for c in seats:
        c.close()
    return None


def war_won_under_way(msg: dict) -> bool:
    """The attacker won the battle and has buildings to destroy still."""
    view = msg["view"]
    war, fought = view["turn"]["war"], view["last_war"]
    return (
        war is not None
        and fought is not None
        and (war["source"], war["target"]) == (fought["source"], fought["target"])
        and war["points"] > 0
    )


def war_over(msg: dict) -> bool:
    return msg["view"]["last_war"] is not None and msg["view"]["turn"]["war"] is None


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_the_last_balam_war_is_told_in_words(server: Server, browser) -> None:
    """BA-141..BA-153: after a war the page says who attacked which city from where, the
    attack and defence potentials, who won and what each side lost."""
    rng = random.Random(17)
    for _attempt in range(6):  # a quarter of such games end without a war won: play another
        t = server.create(
            "balam", 2, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
        )
        clients = play_balam_until(server, t, war_won_under_way, rng)
        if clients is not None:
            break
    else:
        pytest.fail("no war won in six games of war-minded play")
    errors: list[str] = []
    for stage, size, reached in (("during", "laptop", None), ("after", "phone", war_over)):
        if reached is not None:
            for c in clients:
                c.close()
            clients = play_balam_until(server, t, reached, rng)
            assert clients is not None, "the game ended before the war was over"
        msg = clients[0].last
        war = msg["view"]["last_war"]
        seat = msg["to_move"][0]
        width, height = SIZES[size]
        page = browser.new_page(viewport={"width": width, "height": height})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(t["seats"][seat]["url"])
        told = page.locator("#balam-last-war")
        told.wait_for(timeout=TURN)
        told.scroll_into_view_if_needed()
        page.screenshot(path=ARTIFACTS / f"balam-{size}-war-{stage}.png", full_page=True)
        text = told.inner_text()
        names = {0: "Ann", 1: "Bo"}
        attacker, defender = names[war["attacker"]], names[war["defender"]]
        assert f"{attacker} attacked {defender}'s city {war['target']} from {war['source']}" in text
        assert f"attack {war['attack']} (" in text and f"defence {war['defence']} (" in text
        margin = war["attack"] - war["defence"]
        if margin > 0:
            assert (
                f"{attacker}'s attack beat the defence by {margin}: {defender} loses buildings of"
            ) in text
        else:
            assert f"{defender} held {war['target']}: nothing destroyed" in text
        # what the war changed (BA-143 BA-152 BA-153 BA-159), named in the panel itself
        if war["winner"] is None:
            assert "The war is still being fought" in text
        else:
            assert f"{names[war['winner']]} won the war" in text
        for gone in war["destroyed"] + war["lost"]:
            assert f"{gone['building']} on {gone['site']}.{gone['plot']}" in text
        for site in war["devastated"]:
            assert f"{site} lost its last building: it belongs to no one" in text
        if stage == "after" and margin > 0:  # what fell is among the latest events
            events = page.locator("[data-testid='events']").inner_text()
            assert f"on {war['target']}." in events and "destroyed" in events
        if stage == "during":
            assert margin > 0 and "War this turn" in text and "So far 0 buildings" in text
            prompt = page.locator("#balam-prompt").inner_text()
            assert "catastrophe" not in prompt  # the skulls' losses were called one
            assert f"War on {war['target']}" in prompt or (
                f"Your attack rolled {war['skulls']} skull" in prompt
            )
        if war["skulls"]:
            assert f"{attacker} loses {war['skulls']} garrison" in text
        else:
            assert f"No skull: {attacker} loses no garrison" in text
        box = told.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        # the finished rounds' table fits its panel whole, with no column cut off at its edge
        rounds = page.locator("#balam-rounds .sheet-wrap")
        fits = rounds.evaluate("e => e.scrollWidth <= e.clientWidth")
        assert fits, f"the Rounds table overflows its panel at {size}"
        assert "Ann" in page.locator("#balam-rounds").inner_text()
        page.close()
    for c in clients:
        c.close()
    assert not errors, errors


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_lobby_lists_a_finished_public_game_whose_replay_link_opens_it(
    server: Server, browser, size: str
) -> None:
    """Issue 17 item 3: "Recent games" names a finished game of a table that had a seat open to
    anyone, with its result, at both sizes without sideways scrolling; its link opens the
    replay."""
    t, _moves = finished_public_game(server, "Zoë")
    wait_listed(server, t["id"])
    errors: list[str] = []
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.base + "/")
        item = page.locator(f"#recent-games li[data-table='{t['id']}']")
        item.wait_for()
        text = item.inner_text()
        assert "Keezbord" in text and "Ann" in text and "Zoë" in text and " won" in text
        listed = httpx.get(server.base + "/api/recent-games").json()
        scores = next(g for g in listed if g["id"] == t["id"])["outcome"]["scores"]
        assert f"(Ann {scores[0]:g}, Zoë {scores[1]:g})" in text  # each score after its name
        assert page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        box = item.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
        item.scroll_into_view_if_needed()
        page.screenshot(path=ARTIFACTS / f"lobby-recent-games-{size}.png")
        item.locator("a.replay").click()
        page.wait_for_url(f"**/t/{t['id']}/replay")
        page.wait_for_selector("[data-testid='board']", timeout=TURN)
        assert page.locator("#summary").inner_text().startswith("Game over")
    finally:
        page.close()
    assert not errors, errors
