"""The web table on a 1366x768 laptop and a 390x844 phone, in Debian's chromium (Playwright).

Issue 17 item 1: for each game the board, the seat's hand (Balzakken, Keezbord), the controls of
the current decision and the turn banner lie inside the viewport together, without scrolling,
also while a choice is under way (a card selected, a plot picked); the page never scrolls
sideways.  Also: the table page's problems (no such table, a key that opens no seat), the lobby's
defaults, the rules side panel, the chat, and the replay page.

Screenshots go to ``test-artifacts/web/`` (or $GAMETABLE_ARTIFACTS/web).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import FastPages, Server
from tests.server.test_browser import ARGS, CHROMIUM, sync_api

ARTIFACTS = (
    Path(
        os.environ.get(
            "GAMETABLE_ARTIFACTS", Path(__file__).resolve().parents[2] / "test-artifacts"
        )
    )
    / "web"
)
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}
#: the regions each game's table page must show at once, by data-testid
REGIONS = {
    "balzakken": ("turn", "board", "hand", "controls"),
    "keezbord": ("turn", "board", "hand", "controls"),
    "balam": ("turn", "board", "controls"),
}
PLAYERS = {"balzakken": 3, "keezbord": 4, "balam": 3}
#: milliseconds to wait for the seat's turn: the bots move first at some tables, and the bot pool's
#: workers start slowly on a busy machine
TURN = 180_000


def launch(fast: bool = True) -> Iterator:
    """Debian's chromium under Playwright, for one module's tests (screenshots in ARTIFACTS);
    its pages show the bots' moves at the fast pace unless ``fast`` is false."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield FastPages(b) if fast else b
        b.close()


@pytest.fixture(scope="module")
def browser() -> Iterator:
    yield from launch()


def open_page(browser, url: str, size: str, errors: list[str]):
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def table(server: Server, game: str, bot: str = "random") -> dict:
    n = PLAYERS[game]
    return server.create(
        game, n, seats=[{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (n - 1)
    )


def outside(page, testids: tuple[str, ...]) -> dict[str, object]:
    """The regions (by data-testid) that are missing or not wholly inside the viewport, with
    their boxes; ``{}`` when all are in view."""
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    bad: dict[str, object] = {}
    for tid in testids:
        loc = page.locator(f"[data-testid='{tid}']")
        box = loc.first.bounding_box() if loc.count() else None
        if box is None:
            bad[tid] = "missing"
        elif not (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= vw + 0.5
            and box["y"] + box["height"] <= vh + 0.5
        ):
            bad[tid] = box
    return bad


def scrolls_sideways(page) -> bool:
    return page.evaluate(
        "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"
    )


def start_a_choice(page, game: str) -> None:
    """Begin a decision the way a person does, so that its controls are on screen."""
    if game == "balzakken":
        page.locator("#hand svg.card.playable").first.click()
        page.wait_for_selector("#actions button")
    elif game == "keezbord":
        cards = page.locator("#hand button.kcard.playable")
        if cards.count():
            cards.first.click()
            page.wait_for_selector("#keez-prompt")
    elif game == "balam":
        plots = page.locator("#balam-map g.plot.pick")
        if plots.count() == 0 and page.locator("#kings .chip.pick[data-riches='maize']").count():
            before = page.locator("#log li").count()
            page.click("#kings .chip.pick[data-riches='maize']")  # pay the turn's riches first
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length > {before}", timeout=TURN
            )
            page.wait_for_selector(".turn.mine", timeout=TURN)
        plots = page.locator("#balam-map g.plot.pick")
        if plots.count():
            plots.first.click()
            page.wait_for_selector("#balam-actions button[data-kind='village']")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(REGIONS))
def test_board_hand_and_controls_fit_one_screen(
    server: Server, browser, game: str, size: str
) -> None:
    t = table(server, game)
    errors: list[str] = []
    page = open_page(browser, t["seats"][0]["url"], size, errors)
    try:
        page.wait_for_selector(".turn.mine", timeout=TURN)
        page.wait_for_timeout(200)  # fonts and the last layout pass
        assert outside(page, REGIONS[game]) == {}
        assert not scrolls_sideways(page)
        assert page.evaluate("() => window.scrollY") == 0
        page.screenshot(path=ARTIFACTS / f"{game}-{size}.png")
        start_a_choice(page, game)
        assert outside(page, REGIONS[game]) == {}, "a choice under way pushed something away"
        assert not scrolls_sideways(page)
        page.screenshot(path=ARTIFACTS / f"{game}-{size}-choosing.png")
    finally:
        page.close()
    assert not errors, errors


@pytest.mark.parametrize("game", list(REGIONS))
def test_a_spectator_sees_the_board_on_a_phone_without_sideways_scrolling(
    server: Server, browser, game: str
) -> None:
    t = table(server, game)
    errors: list[str] = []
    page = open_page(browser, t["spectator_url"], "phone", errors)
    try:
        page.wait_for_selector("[data-testid='board']", timeout=TURN)
        assert outside(page, ("turn", "board")) == {}
        assert not scrolls_sideways(page)
        assert page.locator("[data-testid='hand']").count() == 0
    finally:
        page.close()
    assert not errors, errors


def test_balam_katun_cards_are_named_in_words(server: Server, browser) -> None:
    t = server.create("balam", 2, seats=[{"kind": "human"}, {"kind": "human"}])
    other = server.connect(t["id"], t["seats"][1]["token"])
    errors: list[str] = []
    page = open_page(browser, t["seats"][0]["url"], "phone", errors)
    try:
        page.wait_for_selector(".turn.mine", timeout=TURN)
        page.click("button.katun.legal >> nth=0")
        seq = other.at_seq(1)
        katun = seq["view"]["katun"]
        turned = seq["view"]["turn"]["katun_card"] or katun["discard_cards"][-1]
        page.wait_for_selector("#katun-in-play, #katun-last")
        said = page.locator("#balam-choices").inner_text()
        assert f"{turned['name']}: {turned['effect']}" in said
        assert turned["text"] not in said or ":" not in turned["text"]  # never the internal id
        page.screenshot(path=ARTIFACTS / "balam-katun.png")
    finally:
        other.close()
        page.close()
    assert not errors, errors


def test_a_move_on_a_closed_socket_fails_with_a_message(server: Server, browser) -> None:
    """Issue 23: a request whose socket closes before the answer is rejected, not left pending
    (the page says so); so is one made while the socket is down."""
    t = server.create("balzakken", 2, seats=[{"kind": "human"}, {"kind": "human"}])
    sockets: list = []
    cut = {"now": False}

    def route(ws) -> None:
        if cut["now"]:  # the reconnection attempts fail too
            ws.close()
            return
        to_server = ws.connect_to_server()
        ws.on_message(lambda message: None if cut["now"] else to_server.send(message))
        sockets.append(ws)

    errors: list[str] = []
    width, height = SIZES["phone"]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route_web_socket("**/ws/**", route)
    try:
        page.goto(t["seats"][0]["url"])
        page.wait_for_selector(".turn.mine", timeout=TURN)
        page.locator("#hand svg.card.playable").first.click()
        cut["now"] = True  # the move goes out but never reaches the server
        page.locator("#actions button.legal").first.click()
        sockets[-1].close()
        page.wait_for_selector("#why:not([hidden])", timeout=TURN)
        assert "not connected to the table" in page.locator("#why").inner_text()
        page.click("#why .close")
        page.locator("#actions button.legal").first.click()  # while it is down
        page.wait_for_selector("#why:not([hidden])", timeout=TURN)
        assert "not connected to the table" in page.locator("#why").inner_text()
    finally:
        page.close()
    assert not errors, errors


def test_no_such_table_says_so_and_stops_connecting(server: Server, browser) -> None:
    errors: list[str] = []
    page = open_page(browser, server.base + "/t/nosuchtable", "phone", errors)
    try:
        page.wait_for_selector("#to-lobby")
        assert "no table here" in page.locator("#turn").inner_text()
        assert page.locator("#conn").inner_text() == "not connected"
        assert not page.locator("#chat").is_visible()
        page.screenshot(path=ARTIFACTS / "no-such-table.png")
    finally:
        page.close()
    assert not errors, errors


def test_a_bad_key_offers_to_watch_instead(server: Server, browser) -> None:
    t = table(server, "balzakken")
    errors: list[str] = []
    page = open_page(
        browser, f"{server.base}/t/{t['id']}#seat=0&token=not-the-key", "phone", errors
    )
    try:
        page.wait_for_selector("#watch-instead", timeout=TURN)
        assert "does not open a seat" in page.locator("#turn").inner_text()
        assert page.locator("[data-testid='hand']").count() == 0  # no empty board
        page.click("#watch-instead")
        page.wait_for_selector("[data-testid='board']", timeout=TURN)
        assert page.locator("#me").inner_text() == "watching"
        assert not page.locator("#chat").is_visible()  # spectators read, do not write
    finally:
        page.close()
    assert not errors, errors


def test_lobby_offers_the_bot_levels_by_name_with_normal_as_default_and_remembers_my_tables(
    server: Server, browser
) -> None:
    """Issue 17 item 3: seats are filled with bots by level (easy, normal, hard, each said in a
    line), ``normal`` (the rules of thumb, as in the terminal) by default; the other bots stay
    under "other bots"."""
    errors: list[str] = []
    page = open_page(browser, server.base + "/", "phone", errors)
    try:
        page.select_option("#game", "keezbord")
        page.select_option("#players", "4")
        assert page.locator("select[data-seat='0'] option:checked").inner_text() == (
            "you (this browser)"
        )
        for seat in (1, 2, 3):
            assert page.input_value(f"select[data-seat='{seat}']") == "bot:normal"
        levels = page.locator("select[data-seat='1'] optgroup[label='bot level'] option")
        assert levels.all_inner_texts() == ["bot: easy", "bot: normal (default)", "bot: hard"]
        others = page.locator("select[data-seat='1'] optgroup[label='other bots'] option")
        assert {"bot: heuristic", "bot: random", "bot: ismcts"} <= set(others.all_inner_texts())
        lines = page.locator("[data-testid='levels'] li")
        assert [li.get_attribute("data-level") for li in lines.all()] == ["easy", "normal", "hard"]
        assert all(len(text.split(": ", 1)[1]) > 20 for text in lines.all_inner_texts())
        assert (
            "(default)"
            in page.locator("[data-testid='levels'] li[data-level='normal']").inner_text()
        )
        assert "players" in page.locator("#about").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
        page.click("button[type=submit]")
        page.wait_for_selector("a.seat-link[data-seat='0']")
        assert page.locator("#links li").first.inner_text().startswith("Seat 0 (you)")
        page.goto(server.base + "/")
        page.wait_for_selector("#my-tables li a")
        assert "Keezbord · seat 0" in page.locator("#my-tables").inner_text()
        page.screenshot(path=ARTIFACTS / "lobby.png", full_page=True)
    finally:
        page.close()
    assert not errors, errors


def test_a_table_made_for_friends_only_calls_no_seat_mine(server: Server, browser) -> None:
    """Seat 0 given to a bot: the invite links are all friends' ("Seat 1 (you)" was shown), and
    no seat is remembered as this browser's."""
    errors: list[str] = []
    page = open_page(browser, server.base + "/", "laptop", errors)
    try:
        page.select_option("#game", "balzakken")
        page.select_option("#players", "2")
        page.select_option("select[data-seat='0']", "bot:easy")
        page.select_option("select[data-seat='1']", "human")
        page.click("button[type=submit]")
        page.wait_for_selector("a.seat-link[data-seat='1']")
        assert page.locator("#links").inner_text().count("(you)") == 0
        assert page.locator("a.seat-link[data-seat='1']").inner_text() == "invite link"
        remembered = page.evaluate("() => localStorage.getItem('gametable:my-tables')")
        assert remembered is None or json.loads(remembered) == []
        r = httpx.get(server.base + "/api/games").json()
        assert all(g["default_bot"] == "normal" for g in r)
        assert [lv["name"] for lv in r[0]["levels"]] == ["easy", "normal", "hard"]
    finally:
        page.close()
    assert not errors, errors


def test_rules_side_panel_answers_about_the_position(server: Server, browser) -> None:
    t = table(server, "keezbord")
    errors: list[str] = []
    page = open_page(browser, t["seats"][0]["url"], "laptop", errors)
    try:
        page.wait_for_selector("[data-testid='board']", timeout=TURN)
        page.click("#ask-open")
        page.fill("#ask-q", "what can I do now?")
        page.click("#ask-form button[type=submit]")
        page.wait_for_selector("#ask-answer .reply", timeout=60_000)
        assert page.locator("#ask-answer .reply").inner_text().strip()
        page.screenshot(path=ARTIFACTS / "ask-the-rules.png")
    finally:
        page.close()
    assert not errors, errors


def test_chat_reaches_the_table_as_text(server: Server, browser) -> None:
    t = server.create(
        "balzakken", 2, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    )
    other = server.connect(t["id"], t["seats"][1]["token"])
    spectator = server.connect(t["id"], None)
    errors: list[str] = []
    page = open_page(browser, t["seats"][0]["url"], "phone", errors)
    try:
        page.wait_for_selector("#chat:not([hidden])", timeout=TURN)
        page.fill("#chat-text", "<b>hi</b>\nthere")
        page.click("#chat button[type=submit]")
        for client in (other, spectator):
            line = client.until("chat", timeout=20)
            assert line == {
                "type": "chat",
                "seat": 0,
                "from": "Ann (seat 0)",
                "text": "<b>hi</b> there",
            }
        page.wait_for_selector("#log li.chat-line")
        assert page.locator("#log li.chat-line b").count() == 1  # the speaker, not the markup
        assert "<b>hi</b> there" in page.locator("#log li.chat-line").inner_text()
        # spectators read but do not write
        res = httpx.post(f"{server.base}/api/tables/{t['id']}/chat", json={"text": "hello"})
        assert res.status_code == 403
    finally:
        other.close()
        spectator.close()
        page.close()
    assert not errors, errors


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_replay_steps_through_a_finished_game_for_each_view(server: Server, browser) -> None:
    t = server.create("balzakken", 2, seats=[{"kind": "bot", "bot": "random"}] * 2)
    watcher = server.connect(t["id"], None)
    try:
        while not watcher.last["over"]:
            watcher.next(timeout=60)
    finally:
        watcher.close()
    moves = len(httpx.get(f"{server.base}/api/tables/{t['id']}/record").json()["moves"])
    for seat in (None, 0):
        query = "" if seat is None else f"?seat={seat}"
        body = httpx.get(f"{server.base}/api/tables/{t['id']}/replay{query}").json()
        assert len(body["positions"]) == moves + 1
        assert ("hand" in body["positions"][0]) == (seat is not None)
    errors: list[str] = []
    page = open_page(browser, f"{server.base}/t/{t['id']}/replay", "laptop", errors)
    try:
        page.wait_for_selector("[data-testid='board']", timeout=TURN)
        assert page.locator("#summary").inner_text().startswith("Game over")
        page.click("#first")
        assert page.locator("#where").inner_text().startswith("start")
        page.click("#next")
        assert page.locator("#where").inner_text().startswith("move 1 of")
        page.select_option("#viewer", "0")
        page.wait_for_selector("[data-testid='hand']")
        page.screenshot(path=ARTIFACTS / "replay.png")
    finally:
        page.close()
    assert not errors, errors


def test_chat_is_rate_limited_per_seat(server: Server) -> None:
    """A seat writing faster than the table can read is refused (429) after a short burst; the
    other seat may still write."""
    t = server.create("balzakken", 2, seats=[{"kind": "human"}, {"kind": "human"}])
    url = f"{server.base}/api/tables/{t['id']}/chat"
    ann, bo = ({"Authorization": f"Bearer {s['token']}"} for s in t["seats"])
    codes = [httpx.post(url, json={"text": f"line {i}"}, headers=ann).status_code for i in range(8)]
    assert codes[0] == 202 and 429 in codes
    refused = httpx.post(url, json={"text": "again"}, headers=ann)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert httpx.post(url, json={"text": "hello"}, headers=bo).status_code == 202
