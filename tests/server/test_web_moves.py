"""The web table's second pass in Debian's chromium, at 1366x768 and 390x844 (issue 43):
confirmations before costly moves (Cancel changes nothing), moves animated as they happen with
their log line lit, the pace setting and reduced motion, the invite links in view with copy
buttons, the log and the chat in the order things happened, the clocks, the selection cleared
when the turn passes, refusals linking their rule, and the sizes of touch targets on a phone.

One server (the session's) and one browser serve the whole module. Screenshots go to
``test-artifacts/web/`` (or $GAMETABLE_ARTIFACTS/web).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.test_web_layout import ARTIFACTS, SIZES, TURN, launch

pytestmark = pytest.mark.slow  # CI runs them (-m ''); a browser is long for the quick loop


@pytest.fixture(scope="module")
def browser() -> Iterator:
    yield from launch(fast=False)  # (the pace is what some of these tests look at)


def new_page(browser, size: str, errors: list[str], **context):
    width, height = SIZES[size]
    ctx = browser.new_context(viewport={"width": width, "height": height}, **context)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def moves_shown(page) -> int:
    return page.locator("#log li[data-n]").count()


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= vw + 0.5
        and box["y"] + box["height"] <= vh + 0.5
    )


# -- 1. no costly misclick --------------------------------------------------------------------------


def balzak_with_a_bad_hand(server: Server, browser, size: str, errors: list[str]):
    """A page at Ann's turn with BALZAK! legal and more than 5 points in her hand (tables are
    dealt at random: a few are tried)."""
    for _ in range(15):
        t = server.create(
            seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
        )
        page = new_page(browser, size, errors)
        page.goto(t["seats"][0]["url"])
        page.wait_for_selector(".turn.mine", timeout=TURN)
        points = int(page.locator("[data-testid='hand'] h2").inner_text().split("·")[1].split()[0])
        if points > 5 and page.locator("#balzak.legal").count():
            return page, points
        page.context.close()
    pytest.fail("no table dealt Ann a hand worth calling falsely in 15 tries")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_false_balzak_call_asks_first_and_cancel_changes_nothing(
    server: Server, browser, size: str
) -> None:
    errors: list[str] = []
    page, points = balzak_with_a_bad_hand(server, browser, size, errors)
    shown = moves_shown(page)
    page.click("#balzak")
    dialog = page.locator("[data-testid='confirm']")
    dialog.wait_for()
    text = page.locator("#confirm-text").inner_text()
    assert f"You hold {points} points" in text and "scores 25" in text
    assert in_view(page, "[data-testid='confirm-yes']") and in_view(
        page, "[data-testid='confirm-cancel']"
    )
    page.screenshot(path=ARTIFACTS / f"confirm-balzak-{size}.png")
    page.click("[data-testid='confirm-cancel']")
    page.wait_for_selector("[data-testid='confirm']", state="hidden")
    page.wait_for_timeout(300)
    assert moves_shown(page) == shown and page.locator(".turn.mine").count() == 1
    assert page.locator("#summary").inner_text() == ""
    # confirmed, the call is made: the round ends as a call with more than 5 points
    page.click("#balzak")
    page.click("[data-testid='confirm-yes']")
    page.wait_for_selector("#round-summary", timeout=TURN)
    assert "over-call" in page.locator("#summary").inner_text()
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("size", list(SIZES))
def test_passing_a_paid_balam_turn_asks_first_and_cancel_changes_nothing(
    server: Server, browser, size: str
) -> None:
    t = server.create("balam", 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    errors: list[str] = []
    page = new_page(browser, size, errors)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector(".turn.mine", timeout=TURN)
    page.click("#balam-choices .chip.pick[data-riches='maize']")  # pay the turn's riches
    end = page.locator("#balam-actions button", has_text="End the turn")
    end.wait_for(timeout=TURN)
    assert moves_shown(page) == 1
    end.click()
    page.locator("[data-testid='confirm']").wait_for()
    assert "neither built nor attacked" in page.locator("#confirm-text").inner_text()
    page.screenshot(path=ARTIFACTS / f"confirm-balam-pass-{size}.png")
    page.keyboard.press("Escape")  # (Escape cancels too)
    page.wait_for_selector("[data-testid='confirm']", state="hidden")
    page.wait_for_timeout(300)
    assert moves_shown(page) == 1 and page.locator(".turn.mine").count() == 1
    assert page.locator("[data-testid='take-back']").count() == 1  # still Undo-able, untouched
    page.context.close()
    assert not errors, errors


# -- 2. every move easy to follow -------------------------------------------------------------------


def keezbord_against_bots(
    server: Server, browser, size: str, errors: list[str], players: int = 4, **context
):
    t = server.create(
        "keezbord",
        players,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1),
    )
    page = new_page(browser, size, errors, **context)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector(".turn.mine", timeout=TURN)
    return page


def play_any(page) -> None:
    """Play the seat's first legal move from the list of all legal moves, confirming it if the
    page asks."""
    shown = moves_shown(page)
    if not page.locator("#all-legal[open]").count():  # (it stays open once opened)
        page.locator("#all-legal summary").click()
    page.locator("#all-legal button.legal").first.click()
    if page.locator("[data-testid='confirm'][open]").count():
        page.click("[data-testid='confirm-yes']")
    # the move shown (until then the banner still says it is the seat's turn)
    page.wait_for_function(
        f"() => document.querySelectorAll('#log li[data-n]').length > {shown}", timeout=TURN
    )


def catch_a_moving_pawn(page, limit_s: float = 120) -> str:
    """Play until a pawn is seen moving on the board; its id."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        moving = page.evaluate(
            "() => { const g = document.querySelector('g.pawn.moving');"
            " return g && g.getAnimations().length ? g.dataset.pawn : null; }"
        )
        if moving:
            return moving
        if page.locator(".turn.mine").count() and page.locator("#all-legal").count():
            play_any(page)
            page.wait_for_timeout(100)
        page.wait_for_timeout(25)
    pytest.fail("no pawn was seen moving")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_pawn_walks_to_where_the_state_says_and_its_log_line_is_lit(
    server: Server, browser, size: str
) -> None:
    errors: list[str] = []
    page = keezbord_against_bots(server, browser, size, errors)
    pawn = catch_a_moving_pawn(page)
    lit = page.locator("#log li.lit")
    assert lit.count() >= 1  # the move's log line is lit while it is shown
    page.screenshot(path=ARTIFACTS / f"keezbord-moving-{size}.png")
    page.wait_for_function(
        f"() => !document.querySelector(\"g.pawn[data-pawn='{pawn}']\").getAnimations().length",
        timeout=10_000,
    )
    # where it ended is where the view puts it: its title says "on space N" or nest/home
    where = page.evaluate(
        f"""() => {{
        const g = document.querySelector("g.pawn[data-pawn='{pawn}']");
        const m = g.querySelector('title').textContent.match(/on space (\\d+)/);
        const c = g.querySelector('circle.body').getBoundingClientRect();
        const at = {{x: c.left + c.width / 2, y: c.top + c.height / 2}};
        if (!m) return {{space: null, at}};
        const s = document.querySelector(`[data-space='${{m[1]}}']`).getBoundingClientRect();
        return {{space: m[1], at, spot: {{x: s.left + s.width / 2, y: s.top + s.height / 2}}}};
        }}"""
    )
    if where["space"] is not None:
        assert abs(where["at"]["x"] - where["spot"]["x"]) < 1.5
        assert abs(where["at"]["y"] - where["spot"]["y"]) < 1.5
    page.context.close()
    assert not errors, errors


def test_reduced_motion_shows_moves_without_animating_them(server: Server, browser) -> None:
    errors: list[str] = []
    page = keezbord_against_bots(
        server, browser, "laptop", errors, players=2, reduced_motion="reduce"
    )
    page.evaluate(
        "() => { window.__moved = 0; new MutationObserver(() => {"
        " if (document.querySelector('.moving')) window.__moved++; })"
        ".observe(document.body, {subtree: true, childList: true, attributes: true}); }"
    )
    shown = moves_shown(page)
    for _ in range(3):
        play_any(page)
        page.wait_for_selector(".turn.mine", timeout=TURN)
    assert moves_shown(page) >= shown + 3
    assert page.evaluate("() => window.__moved") == 0
    page.context.close()
    assert not errors, errors


def test_the_pace_setting_is_remembered_and_paces_the_bots(server: Server, browser) -> None:
    errors: list[str] = []
    page = keezbord_against_bots(server, browser, "laptop", errors, players=2)
    assert page.locator("#pace").input_value() == "normal"
    page.select_option("#pace", "slow")
    page.reload()
    page.wait_for_selector(".turn.mine", timeout=TURN)
    assert page.locator("#pace").input_value() == "slow"
    # the bot's move comes at once (the test server's bots do not wait); shown slowly, it waits
    # the slow pace's gap (1.6 s) after the seat's own move, which shows at once
    page.evaluate(
        "() => { window.__shown = []; const seen = new Set();"
        " new MutationObserver(() => { for (const li of document.querySelectorAll('#log li[data-n]'))"
        " if (!seen.has(li.dataset.n)) { seen.add(li.dataset.n);"
        " window.__shown.push([li.classList.contains('mine'), performance.now()]); } })"
        ".observe(document.getElementById('log'), {childList: true}); }"
    )
    gaps: list[float] = []
    for _ in range(6):  # (a bot that handed in its cards lets the seat play again at once)
        play_any(page)
        page.wait_for_selector(".turn.mine", timeout=TURN)
        shown = page.evaluate("() => window.__shown")
        gaps = [b[1] - a[1] for a, b in itertools.pairwise(shown) if a[0] and not b[0]]
        if gaps:
            break
    assert gaps and min(gaps) >= 1500, gaps
    page.context.close()
    assert not errors, errors


# -- 3. nothing off screen --------------------------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES))
def test_the_invite_links_come_into_view_with_a_copy_button_each(
    server: Server, browser, size: str
) -> None:
    errors: list[str] = []
    page = new_page(browser, size, errors, permissions=["clipboard-read", "clipboard-write"])
    page.goto(server.base + "/")
    page.wait_for_selector("select[data-seat='1']")
    page.select_option("select[data-seat='1']", "human")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#links li button.copy")
    page.wait_for_timeout(900)  # the smooth scroll
    assert in_view(page, "#created h2")
    links = page.locator("#links a.seat-link")
    assert links.count() == 2
    for i in range(2):
        assert in_view(page, f"#links li:nth-child({i + 1}) button.copy"), i
    page.screenshot(path=ARTIFACTS / f"lobby-invite-links-{size}.png")
    page.locator("#links li:nth-child(2) button.copy").click()
    page.wait_for_function(
        "() => document.querySelector('#links li:nth-child(2) button.copy').textContent.startsWith('copied')"
    )
    assert page.evaluate("() => navigator.clipboard.readText()") == links.nth(1).get_attribute(
        "href"
    )
    page.context.close()
    assert not errors, errors


def test_keezbord_pawns_and_balam_plots_are_touch_sized_on_a_phone(server: Server, browser) -> None:
    errors: list[str] = []
    page = keezbord_against_bots(server, browser, "phone", errors)
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('g.pawn circle.hit')].map((c) => c.getBoundingClientRect().width)"
    )
    assert sizes and min(sizes) >= 24, sizes
    page.context.close()
    t = server.create(
        "balam", 3, seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2
    )
    page = new_page(browser, "phone", errors)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector(".turn.mine", timeout=TURN)
    page.click("#balam-zoom")
    plots = page.evaluate(
        "() => [...document.querySelectorAll('rect.plot-box')].map((r) => r.getBoundingClientRect().width)"
    )
    assert min(plots) >= 24, plots
    assert in_view(page, "[data-testid='turn']") and in_view(page, "#balam-zoom")
    page.locator("#balam-map-frame").evaluate("(f) => { f.scrollLeft = 200; }")
    page.screenshot(path=ARTIFACTS / "balam-phone-larger-map.png")
    assert not page.evaluate(
        "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"
    )
    page.context.close()
    assert not errors, errors


# -- 4. the small wrongs ----------------------------------------------------------------------------


def test_a_chat_line_stays_after_the_move_it_followed(server: Server, browser) -> None:
    t = server.create(seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    errors: list[str] = []
    page = new_page(browser, "laptop", errors)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector("#log-panel")
    players = [server.connect(t["id"], s["token"]) for s in t["seats"]]
    seq = players[0].last["seq"]
    for n in (1, 2):  # two moves, a chat line between them
        mover = next(c for c in players if c.last["legal"])
        choice = next(x for x in mover.last["legal"] if x["json"]["kind"] != "balzak")
        mover.send({"type": "act", "action": choice["json"], "seq": seq, "id": n})
        seq = mover.until("accepted", id=n)["seq"]
        for c in players:
            c.at_seq(seq)
        if n == 1:
            page.wait_for_selector("#log li[data-n='1']", timeout=TURN)
            httpx.post(
                f"{server.base}/api/tables/{t['id']}/chat",
                json={"text": "after the first move"},
                headers={"authorization": f"Bearer {t['seats'][1]['token']}"},
            ).raise_for_status()
            page.wait_for_selector("#log li.chat-line")
    page.wait_for_selector("#log li[data-n='2']", timeout=TURN)
    order = page.evaluate(
        "() => [...document.querySelectorAll('#log li')].map((li) => li.dataset.n ?? 'chat')"
    )
    assert order.index("chat") == order.index("1") + 1 and order.index("chat") < order.index("2")
    for c in players:
        c.close()
    page.context.close()
    assert not errors, errors


def test_two_seats_browsers_show_the_same_second_of_a_clock(server: Server, browser) -> None:
    t = server.create(
        seats=[{"kind": "human"}, {"kind": "human"}], clock={"mode": "bank", "seconds": 600}
    )
    errors: list[str] = []
    pages = [new_page(browser, "laptop", errors) for _ in range(2)]
    for page, seat in zip(pages, t["seats"], strict=True):
        page.goto(seat["url"])
        page.locator("[data-testid='clock']").wait_for(timeout=TURN)
    read = "() => document.querySelector(\"[data-testid='clock']\").textContent"
    compared = 0
    for _ in range(10):
        # the second page read between two readings of the first: when those two agree (no
        # second turned meanwhile), the second page must show the same
        before, second, after = (
            pages[0].evaluate(read),
            pages[1].evaluate(read),
            pages[0].evaluate(read),
        )
        if before == after:
            assert second == before
            compared += 1
        pages[0].wait_for_timeout(450)
    assert compared >= 5
    for page in pages:
        page.context.close()
    assert not errors, errors


def test_the_selection_is_cleared_when_the_turn_passes(server: Server, browser) -> None:
    t = server.create(seats=[{"kind": "human"}, {"kind": "human"}])
    errors: list[str] = []
    page = new_page(browser, "laptop", errors)
    me = next(s for s in t["seats"] if s["seat"] == 0)
    page.goto(me["url"])
    players = [server.connect(t["id"], s["token"]) for s in t["seats"]]
    first = next(c for c in players if c.last["legal"])
    if first is players[1]:  # Bob begins: he plays, then it is Ann's turn
        choice = next(x for x in first.last["legal"] if x["json"]["kind"] != "balzak")
        first.send({"type": "act", "action": choice["json"], "seq": first.last["seq"], "id": 1})
        players[0].at_seq(first.until("accepted", id=1)["seq"])
    page.wait_for_selector(".turn.mine", timeout=TURN)
    page.locator("#hand svg.card.playable").first.click()
    page.wait_for_selector("#actions button")
    # Ann moves from another tab (her seat's other socket): the turn passes with a card selected
    ann = players[0]
    choice = next(x for x in ann.last["legal"] if x["json"]["kind"] != "balzak")
    ann.send({"type": "act", "action": choice["json"], "seq": ann.last["seq"], "id": 2})
    ann.until("accepted", id=2)
    page.wait_for_selector(".turn:not(.mine)", timeout=TURN)
    page.wait_for_timeout(300)
    assert page.locator("#hand svg.card.selected").count() == 0
    assert page.locator("#actions button.illegal").count() <= 1  # (BALZAK! alone)
    for c in players:
        c.close()
    page.context.close()
    assert not errors, errors


def test_a_turned_katun_card_refusal_links_its_rule(server: Server, browser) -> None:
    t = server.create("balam", 2, seats=[{"kind": "human"}, {"kind": "human"}])
    errors: list[str] = []
    page = new_page(browser, "laptop", errors)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector(".turn.mine", timeout=TURN)
    page.click("button.katun.legal[data-slot='0']")
    page.wait_for_selector("button.katun.turned[data-slot='0']", timeout=TURN)
    page.locator("button.katun.turned[data-slot='0']").click(force=True)  # (aria-disabled)
    why = page.locator("#why")
    why.wait_for()
    page.wait_for_selector("#why a.rule")
    assert "/rules/balam#" in page.locator("#why a.rule").get_attribute("href")
    page.context.close()
    assert not errors, errors
