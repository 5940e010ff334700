"""Table life in Debian's chromium (issue 17, items 3-4): joining an open table from the lobby,
taking a move back, and tap-to-explain on a touch phone.

Screenshots go to ``test-artifacts/web/`` (or $GAMETABLE_ARTIFACTS/web).
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.test_browser import ARGS, CHROMIUM, sync_api
from tests.server.test_web_layout import ARTIFACTS, TURN


@pytest.fixture(scope="module")
def browser() -> Iterator:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
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
    body = {
        "game": "balzakken",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "clock": {"mode": "move", "seconds": 2},
    }
    t = httpx.post(server.base + "/api/tables", json=body).json()
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
