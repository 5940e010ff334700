"""The rules page and the table's rules chat in a real browser (Debian's chromium, Playwright),
at 1366x768 and 390x844 (issue 40, item 6).

The rules page: a question, a follow-up read against it, a referee-checked reply whose position
opens on the game's board, the tabs (by mouse and by keyboard), a search of the rulebook and a
deep link to a section.  At a table: the chat opens beside the log and keeps its conversation,
and the seat's hand and controls stay on screen while it is open.

Screenshots go to ``test-artifacts/web/`` (or $GAMETABLE_ARTIFACTS/web).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.conftest import Server
from tests.server.test_web_layout import (  # the same pages, browser and sizes
    ARTIFACTS,
    PLAYERS,
    REGIONS,
    SIZES,
    TURN,
    launch,
    open_page,
    scrolls_sideways,
)

REPLY = 60_000
LUL = "I hold 3 points and The Lul, may I call BALZAK!?"


@pytest.fixture(scope="module")
def browser() -> Iterator:
    yield from launch()


def in_view(page, selector: str) -> bool:
    """Whether the element's box lies wholly inside the viewport."""
    box = page.locator(selector).first.bounding_box()
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    return (
        box is not None
        and box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= vw + 0.5
        and box["y"] + box["height"] <= vh + 0.5
    )


def outside(page, testids: tuple[str, ...]) -> list[str]:
    return [tid for tid in testids if not in_view(page, f"[data-testid='{tid}']")]


def ask(page, conversation: str, field: str, question: str) -> str:
    """Type ``question`` and send it with Enter; the new exchange's reply text.  A reply saying
    the questions of this address ran out is asked again after a pause (the server allows a
    burst, then one every two seconds)."""
    for _ in range(6):
        before = page.locator(f"{conversation} .exchange").count()
        page.fill(field, question)
        page.press(field, "Enter")
        page.wait_for_function(
            f"() => document.querySelectorAll('{conversation} .exchange').length > {before}",
            timeout=REPLY,
        )
        last = page.locator(f"{conversation} .exchange").last
        text = last.locator(".reply").inner_text()
        if "many questions" not in text:
            return text
        page.wait_for_timeout(2500)
    raise AssertionError("the questions stayed refused")


@pytest.mark.parametrize("size", list(SIZES))
def test_rules_page_chat_follow_up_position_tabs_and_search(
    server: Server, browser, size: str
) -> None:
    errors: list[str] = []
    page = open_page(browser, server.base + "/rules/balzakken?tab=chat", size, errors)
    try:
        assert page.get_attribute("#tab-chat", "aria-selected") == "true"
        assert page.locator("#rulebook-panel").is_hidden()
        assert page.locator("#conversation").get_attribute("aria-live") == "polite"
        first = ask(page, "#conversation", "#chat-q", "how many cards are dealt with 4 players?")
        assert first.strip()
        ask(page, "#conversation", "#chat-q", "and with 3 players?")
        # the follow-up was read against the question before it, and both stay on screen
        assert page.locator("#conversation .exchange").count() == 2
        assert "3 players" in page.locator("#conversation .exchange").last.inner_text()
        reply = ask(page, "#conversation", "#chat-q", LUL)
        exchange = page.locator("#conversation .exchange").last
        if exchange.locator(".mark.checked").count():
            assert reply.startswith("No")
            assert "checked by the referee" in exchange.locator(".mark.checked").inner_text()
            with page.context.expect_page() as opened:
                exchange.locator("a.position-link").click()
            board = opened.value
            board.wait_for_selector("[data-testid='board']")
            board.wait_for_selector("[data-testid='hand']")
            assert board.locator("#legal li").count() >= 1
            board.screenshot(path=ARTIFACTS / f"rules-position-{size}.png")
            board.close()
        else:
            assert "not checked by the referee" in exchange.inner_text()
        page.screenshot(path=ARTIFACTS / f"rules-chat-{size}.png")
        # a section link of a reply opens the Rulebook tab at that section
        link = exchange.locator(".rests-on a").first
        section = link.get_attribute("href").lstrip("#")
        link.click()
        assert page.get_attribute("#tab-rulebook", "aria-selected") == "true"
        assert page.locator("#chat-panel").is_hidden()
        page.wait_for_timeout(150)
        assert in_view(page, f"[id='{section}'] h2, [id='{section}'] h3, [id='{section}'] h4")
        # the conversation is kept when the Chat tab comes back (by keyboard)
        page.focus("#tab-rulebook")
        page.keyboard.press("ArrowRight")
        assert page.get_attribute("#tab-chat", "aria-selected") == "true"
        assert page.evaluate("() => document.activeElement.id") == "tab-chat"
        assert page.locator("#conversation .exchange").count() == 3
        # search as you type: words and statement ids
        page.click("#tab-rulebook")
        page.fill("#rules-filter", "BZ-047")
        shown = page.locator("section.rule-section:visible")
        assert 1 <= shown.count() < page.locator("section.rule-section").count()
        assert "BZ-047" in shown.first.inner_text()
        assert "1 section" in page.inner_text("#filter-count")
        page.fill("#rules-filter", "swinger lul")
        assert page.locator("section.rule-section:visible").count() >= 1
        page.screenshot(path=ARTIFACTS / f"rules-search-{size}.png")
        page.fill("#rules-filter", "zzzqqq")
        assert page.locator("section.rule-section:visible").count() == 0
        assert "nothing matches" in page.inner_text("#filter-count")
        page.fill("#rules-filter", "")
        assert page.locator("section.rule-section[hidden]").count() == 0
        assert not scrolls_sideways(page)
    finally:
        page.close()
    assert not errors, errors


def test_deep_link_opens_its_section_in_the_rulebook_tab(server: Server, browser) -> None:
    errors: list[str] = []
    page = open_page(
        browser, server.base + "/rules/keezbord?x=1#playing-the-game", "laptop", errors
    )
    try:
        ids = page.eval_on_selector_all("section.rule-section", "els => els.map(e => e.id)")
        target = ids[len(ids) // 2]
        page.goto(f"{server.base}/rules/keezbord#{target}")
        page.wait_for_timeout(300)
        assert page.get_attribute("#tab-rulebook", "aria-selected") == "true"
        assert in_view(page, f"[id='{target}'] > :first-child")
        page.goto(f"{server.base}/rules/keezbord?q=can+I+pass+a+pawn+on+its+start%3F")
        page.wait_for_selector("#conversation .exchange .reply", timeout=REPLY)
        assert page.get_attribute("#tab-chat", "aria-selected") == "true"
    finally:
        page.close()
    assert not errors, errors


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(REGIONS))
def test_table_chat_keeps_the_hand_and_controls_on_screen(
    server: Server, browser, game: str, size: str
) -> None:
    """Opening the rules chat at a table and asking in it never moves the seat's hand and
    controls off a 1366x768 screen; the conversation stays while the game goes on, and the
    log is one tab away."""
    n = PLAYERS[game]
    t = server.create(
        game, n, seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)
    )
    errors: list[str] = []
    page = open_page(browser, t["seats"][0]["url"], size, errors)
    try:
        page.wait_for_selector(".turn.mine", timeout=TURN)
        page.click("#ask-open")
        assert page.get_attribute("#tab-ask", "aria-selected") == "true"
        assert page.evaluate("() => document.activeElement.id") == "ask-q"
        ask(page, "#ask-answer", "#ask-q", "what can I do now?")
        ask(page, "#ask-answer", "#ask-q", "how does the game end?")
        assert page.locator("#ask-answer .exchange:not(.failed)").count() == 2
        if size == "laptop":
            assert outside(page, REGIONS[game]) == []
            assert in_view(page, "#ask-q")
            assert in_view(page, "#ask-answer .exchange:last-child .reply")
            assert page.evaluate("() => window.scrollY") == 0
        assert not scrolls_sideways(page)
        page.screenshot(path=ARTIFACTS / f"table-chat-{game}-{size}.png")
        page.click("#tab-log")
        assert page.locator("#log-tab").is_visible() and page.locator("#ask-panel").is_hidden()
        page.click("#tab-ask")
        assert page.locator("#ask-answer .exchange:not(.failed)").count() == 2
        if size == "laptop":
            assert outside(page, REGIONS[game]) == []
    finally:
        page.close()
    assert not errors, errors
