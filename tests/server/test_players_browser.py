"""A player with a key, in Debian's chromium at 1366x768 and 390x844: made in the lobby, plays
two short games against a bot from the lobby's form, finds both on their page with a rating
that moved, carries the key to another browser by its link, sees the ladder, and replaces the
key there (the first browser is told its key no longer works, and its lobby works without it).

Screenshots go to ``test-artifacts/web/`` (or $GAMETABLE_ARTIFACTS/web): ``players-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.test_browser import ARGS, CHROMIUM, sync_api
from tests.server.test_web_layout import ARTIFACTS, SIZES, TURN

#: decisions before a Keezbord game ends (two for the player, two for the bot)
TURNS = 4


@pytest.fixture(scope="module")
def browser() -> Iterator:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def play_a_short_game(page, base: str) -> str:
    """From the lobby: a 2-seat Keezbord against the normal bot, ended after :data:`TURNS`
    decisions, played to its end by the first legal action each turn; the table's id."""
    page.goto(base + "/")
    page.locator("[data-testid='player-name']").wait_for()
    page.select_option("#game", "keezbord")
    page.select_option("#players", "2")
    page.select_option("select[data-seat='1']", "bot:normal")
    page.click("#new-table details summary")
    page.fill("input[name='opt-max_turns']", str(TURNS))
    page.click("#new-table button[type='submit']")
    mine = page.locator("a.seat-link[data-seat='0']")
    mine.wait_for()
    mine.click()
    page.wait_for_url("**/t/*#seat=0&token=*")
    table_id = page.url.split("/t/")[1].split("#")[0]
    page.wait_for_function("() => document.getElementById('me').textContent.includes('seat 0')")
    while True:
        page.wait_for_function(
            "() => document.querySelector('.turn.mine')"
            " || document.getElementById('turn').textContent === 'Game over'",
            timeout=TURN,
        )
        if page.locator(".turn.mine").count() == 0:
            assert page.locator("[data-testid='my-rating']").get_attribute("href") == "/me"
            return table_id
        moves = page.locator("#log li:not(.chat-line)").count()
        if not page.locator("#all-legal[open]").count():  # (it may stay open once opened)
            page.click("#all-legal summary")
        page.locator("#all-legal button.legal").first.click()
        if page.locator("[data-testid='confirm'][open]").count():  # a costly move asks first
            page.click("[data-testid='confirm-yes']")
        page.wait_for_function(
            f"() => document.querySelectorAll('#log li:not(.chat-line)').length > {moves}",
            timeout=TURN,
        )


def rating_on_page(page, base: str, table_id: str) -> str:
    """The player's Keezbord rating on their page, once ``table_id`` is counted there."""
    for _ in range(120):  # the server settles a game within a second; slower when loaded
        page.goto(base + "/me")
        page.locator("[data-testid='player']").wait_for()
        row = page.locator(f"[data-testid='finished'] li[data-table='{table_id}']")
        if row.count() and "rating" in row.inner_text():
            return page.locator("tr[data-game='keezbord'] [data-testid='rating']").inner_text()
        page.wait_for_timeout(500)
    raise AssertionError(f"table {table_id} never showed on the player's page")


def seen_by_a_stranger(browser, url: str, size: str, tables: set[str]) -> None:
    """The player's page by its link in a browser without its key: the ratings and finished
    games, but neither the games in progress nor the key nor the ladder setting."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(url)
    page.locator("[data-testid='finished'] li").first.wait_for()
    games = page.locator("[data-testid='finished'] li")
    assert {games.nth(i).get_attribute("data-table") for i in range(games.count())} == tables
    assert page.locator("[data-testid='ratings'] tr[data-game='keezbord']").count() == 1
    assert page.locator("#playing-panel").is_hidden()
    for private in ("key-link", "key-code", "listed", "replace-key"):
        assert page.locator(f"[data-testid='{private}']").count() == 0
    page.screenshot(path=ARTIFACTS / f"players-public-{size}.png", full_page=True)
    context.close()


def replaced_elsewhere_leaves_a_note_and_a_working_lobby(page, other, base: str) -> None:
    """The key replaced on the ``other`` device: ``page``'s browser, still holding the old key,
    is told so in the lobby, forgets it, and opens tables without a player."""
    other.locator("details.key-tools summary").click()
    other.once("dialog", lambda d: d.accept())
    old = other.locator("[data-testid='key-code']").input_value()
    with other.expect_navigation(timeout=TURN):  # the page reloads with the new key
        other.click("[data-testid='replace-key']")
    other.locator("[data-testid='player']").wait_for()
    assert other.evaluate("() => localStorage.getItem('gametable:player-key')") != old
    page.goto(base + "/")
    note = page.locator("[data-testid='key-dropped']")
    note.wait_for()
    assert "replaced" in note.inner_text()
    assert page.evaluate("() => localStorage.getItem('gametable:player-key')") is None
    assert page.locator("[data-name='0']").is_enabled()
    page.click("#new-table button[type='submit']")
    page.locator("a.seat-link[data-seat='0']").wait_for()
    assert not page.locator("#create-error").inner_text()


@pytest.mark.slow  # CI runs it (-m ''); two games per screen size
@pytest.mark.parametrize("size", list(SIZES))
def test_a_player_plays_two_games_and_finds_both_with_a_moved_rating(
    server: Server, browser, size: str
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.fill("[data-testid='new-player-name']", f"Tester {size}")
    page.click("[data-testid='new-player']")
    assert page.locator("[data-testid='player-name']").inner_text() == f"Tester {size}"
    assert page.locator("[data-name='0']").is_disabled()  # seat 0 plays under the player's name
    page.screenshot(path=ARTIFACTS / f"players-lobby-{size}.png")
    first = play_a_short_game(page, server.base)
    after_first = rating_on_page(page, server.base, first)
    second = play_a_short_game(page, server.base)
    after_second = rating_on_page(page, server.base, second)
    assert after_first != "25.0 ± 16.3" and after_second != after_first  # moved each time
    games = page.locator("[data-testid='finished'] li")
    assert {games.nth(i).get_attribute("data-table") for i in range(games.count())} == {
        first,
        second,
    }
    assert page.locator("[data-testid='finished'] a.replay").count() == 2
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.screenshot(path=ARTIFACTS / f"players-page-{size}.png", full_page=True)
    link = page.locator("[data-testid='key-link']").input_value()
    public = page.locator("[data-testid='page-link']").get_attribute("href")
    seen_by_a_stranger(browser, server.base + public, size, {first, second})
    assert "/me#key=gtp-" in link
    other = browser.new_context(viewport={"width": width, "height": height}).new_page()
    other.goto(link)  # another device: the key comes in the link's fragment, never sent
    other.locator("[data-testid='player']").wait_for()
    assert other.locator("[data-testid='player']").inner_text() == f"Tester {size}"
    assert "#" not in other.url
    page.goto(server.base + "/ladder/keezbord")
    page.locator("[data-testid='ladder'] tbody tr").first.wait_for()
    assert {"bot easy", "bot normal", "bot hard"} <= set(
        page.locator("[data-testid='ladder'] tbody td:nth-child(2)").all_inner_texts()
    )
    assert "2 of 5 rated games" in page.locator("[data-testid='ladder-not-yet']").inner_text()
    page.screenshot(path=ARTIFACTS / f"players-ladder-{size}.png", full_page=True)
    replaced_elsewhere_leaves_a_note_and_a_working_lobby(page, other, server.base)
    other.context.close()
    context.close()
    assert not errors, errors


@pytest.mark.slow  # CI runs it (-m '')
@pytest.mark.parametrize("size", list(SIZES))
def test_a_player_opening_an_invite_link_takes_the_seat_by_name(
    server: Server, browser, size: str
) -> None:
    width, height = SIZES[size]
    made = server.create(game="keezbord", players=2, seats=[{"kind": "human"}] * 2)
    invite = made["seats"][1]["url"]
    made_player = httpx.post(f"{server.base}/api/players", json={"name": f"Guest {size}"}).json()
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.evaluate(f"() => localStorage.setItem('gametable:player-key', {made_player['key']!r})")
    page.goto(invite)
    page.locator("[data-testid='claim']").wait_for()
    page.screenshot(path=ARTIFACTS / f"players-claim-{size}.png")
    page.click("[data-testid='claim-seat']")
    page.wait_for_function(
        f"() => document.getElementById('me').textContent.includes('Guest {size}')", timeout=TURN
    )
    assert made["seats"][1]["token"] not in page.url and "#seat=1&token=" in page.url
    assert page.locator("[data-testid='claim']").count() == 0
    mine = httpx.get(
        f"{server.base}/api/players/me", headers={"X-Player-Key": made_player["key"]}
    ).json()
    assert [g["table"] for g in mine["playing"]] == [made["id"]]
    # another player's key link, opened here: asked first, and kept out when declined
    other_key = httpx.post(f"{server.base}/api/players", json={"name": f"Other {size}"}).json()
    for choice, name in ((False, f"Guest {size}"), (True, f"Other {size}")):
        page.once("dialog", lambda d, yes=choice: d.accept() if yes else d.dismiss())
        page.goto(f"{server.base}/me#key={other_key['key']}")
        page.wait_for_function(
            f"() => document.querySelector(\"[data-testid='player']\")?.textContent === {name!r}"
        )
    context.close()
    assert not errors, errors
