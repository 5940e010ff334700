"""End to end in a real browser: Debian's chromium driven by Playwright, on loopback.

Screenshots of each board are saved under ``test-artifacts/server/`` (or $GAMETABLE_ARTIFACTS).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import Server

CHROMIUM = os.environ.get("GAMETABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(os.environ.get("GAMETABLE_ARTIFACTS",
                                Path(__file__).resolve().parents[2] / "test-artifacts" / "server"))

if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"chromium is not installed at {CHROMIUM} (apt-get install -y chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is missing")


@pytest.fixture(scope="module")
def browser() -> Iterator:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser) -> Iterator:
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    page.close()
    assert not errors, errors


def my_turn(page) -> None:
    page.wait_for_selector(".turn.mine", timeout=20_000)


def test_balzakken_against_a_bot_through_the_page(server: Server, page) -> None:
    page.goto(server.base + "/")
    page.select_option("#game", "balzakken")
    page.select_option("#players", "2")
    page.select_option("select[data-seat='1']", "bot:random")
    page.fill("input[data-name='0']", "Ann <b>")
    page.click("button[type=submit]")
    page.wait_for_selector("a.seat-link[data-seat='0']")
    page.screenshot(path=ARTIFACTS / "lobby.png", full_page=True)
    page.click("a.seat-link[data-seat='0']")
    my_turn(page)
    assert page.locator("#me").inner_text() == "you are Ann <b> (seat 0)"  # text, never markup
    page.screenshot(path=ARTIFACTS / "balzakken-start.png", full_page=True)

    # an illegal choice explains itself on hover, with the rule it breaks
    cards = page.locator("#hand svg.card")
    for i in range(cards.count()):  # a card for which some choice is illegal
        cards.nth(i).click()
        if page.locator("#actions button.illegal").count():
            break
    illegal = page.locator("#actions button.illegal").first
    illegal.hover()
    page.wait_for_function(
        "() => [...document.querySelectorAll('#actions button.illegal')].some(b => b.title)")
    illegal.click(force=True)  # aria-disabled: clicking it explains instead of acting
    assert "rulebook" in page.locator("#why").inner_text()
    page.screenshot(path=ARTIFACTS / "balzakken-choose.png", full_page=True)

    called = False
    for _ in range(40):
        my_turn(page)
        seq_before = page.locator("#log li").count()
        if page.get_attribute("#balzak", "class") == "legal":
            page.click("#balzak")
            called = True
            break
        cards = page.locator("#hand svg.card.playable")
        texts = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
        action_cards = [i for i, c in enumerate(texts) if c in ("S", "L")]
        index = action_cards[0] if action_cards else max(range(len(texts)), key=lambda i: int(texts[i]))
        if "selected" not in (cards.nth(index).get_attribute("class") or ""):
            cards.nth(index).click()  # (a second click would deselect it)
        page.click("#actions button.legal >> nth=0")
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {seq_before}")
    assert called, "BALZAK! never became legal"
    page.wait_for_selector("#round-summary", timeout=10_000)
    assert "called BALZAK!" in page.locator("#summary").inner_text()
    page.screenshot(path=ARTIFACTS / "balzakken-balzak.png", full_page=True)
    assert page.locator("#log li").count() >= 2
    with page.context.expect_page() as rules_page:
        page.click("#rules-link")
    rules = rules_page.value
    rules.wait_for_load_state()
    assert rules.locator("section.rule-section, li[id]").count() > 3
    rules.screenshot(path=ARTIFACTS / "balzakken-rules.png")
    rules.close()


@pytest.mark.parametrize("game", ["keezbord", "balam"])
def test_other_games_show_a_board(server: Server, browser, game: str) -> None:
    games = {g["name"]: g for g in httpx.get(server.base + "/api/games").json()}
    if game not in games:
        pytest.skip(f"{game} is not registered yet")
    n = games[game]["player_counts"][0]
    t = server.create(game, n, seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1))
    page = browser.new_page(viewport={"width": 900, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(t["seats"][0]["url"])
    try:
        page.wait_for_selector("#board > *", timeout=20_000)
    except sync_api.TimeoutError:
        state = page.evaluate("() => [document.querySelector('#turn').innerText,"
                              " document.querySelector('#conn').innerText]")
        raise AssertionError(f"no board drawn; page says {state}; errors {errors}") from None
    page.screenshot(path=ARTIFACTS / f"{game}.png", full_page=True)
    if page.locator(".turn.mine").count():
        before = page.locator("#log li").count()
        page.click("#board button.legal >> nth=0")
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    page.close()
    assert not errors, errors
