"""End to end in a real browser: Debian's chromium driven by Playwright, on loopback.

Screenshots of each board are saved under ``test-artifacts/server/`` (or $GAMETABLE_ARTIFACTS).
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from gametable.server import wire
from tests.server.conftest import FastPages, Server

CHROMIUM = os.environ.get("GAMETABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(
    os.environ.get(
        "GAMETABLE_ARTIFACTS", Path(__file__).resolve().parents[2] / "test-artifacts" / "server"
    )
)

if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(
        f"chromium is not installed at {CHROMIUM} (apt-get install -y chromium)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is missing")


@pytest.fixture(scope="module")
def browser() -> Iterator:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield FastPages(b)  # (the bots' moves shown at the fast pace)
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
    page.wait_for_selector(".turn.mine", timeout=120_000)  # bots first; slow on a busy machine


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
        "() => [...document.querySelectorAll('#actions button.illegal')].some(b => b.title)"
    )
    illegal.click(force=True)  # aria-disabled: clicking it explains instead of acting
    assert "rulebook" in page.locator("#why").inner_text()
    page.screenshot(path=ARTIFACTS / "balzakken-choose.png", full_page=True)

    called = False
    for _ in range(40):
        my_turn(page)
        seq_before = page.locator("#log li").count()
        # (BALZAK! is legal at the very start of about half the deals: play a little first)
        if page.get_attribute("#balzak", "class") == "legal" and seq_before >= 2:
            page.click("#balzak")
            if page.locator("[data-testid='confirm'][open]").count():  # more than 5 points
                page.click("[data-testid='confirm-yes']")
            called = True
            break
        cards = page.locator("#hand svg.card.playable")
        texts = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
        action_cards = [i for i, c in enumerate(texts) if c in ("S", "L")]
        index = (
            action_cards[0] if action_cards else max(range(len(texts)), key=lambda i: int(texts[i]))
        )
        if "selected" not in (cards.nth(index).get_attribute("class") or ""):
            cards.nth(index).click()  # (a second click would deselect it)
        page.click("#actions button.legal >> nth=0")
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {seq_before}")
    assert called, "BALZAK! never became legal"
    page.wait_for_selector("#round-summary", timeout=10_000)
    assert "called BALZAK!" in page.locator("#summary").inner_text()
    # the log says what the call was and what it cost, under the call itself
    note = page.locator("#log li.note").last.inner_text()
    assert "called BALZAK!" in note and "Points written:" in note, note
    assert any(kind in note for kind in ("a good call", "a false call", "an over-call")), note
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
    t = server.create(
        game, n, seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)
    )
    page = browser.new_page(viewport={"width": 900, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(t["seats"][0]["url"])
    try:
        page.wait_for_selector("#board > *", timeout=20_000)
    except sync_api.TimeoutError:
        state = page.evaluate(
            "() => [document.querySelector('#turn').innerText,"
            " document.querySelector('#conn').innerText]"
        )
        raise AssertionError(f"no board drawn; page says {state}; errors {errors}") from None
    page.screenshot(path=ARTIFACTS / f"{game}.png", full_page=True)
    if page.locator(".turn.mine").count():
        before = page.locator("#log li").count()
        page.evaluate(
            "() => document.querySelectorAll('#board details').forEach(d => d.open = true)"
        )
        page.click("#board button.legal:visible >> nth=0")
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    page.close()
    assert not errors, errors


def open_seat(server: Server, browser, game: str, players: int, seats: list, size=(390, 844)):
    games = {g["name"]: g for g in httpx.get(server.base + "/api/games").json()}
    if game not in games:
        pytest.skip(f"{game} is not registered yet")
    t = server.create(game, players, seats=seats)
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector("#board > *", timeout=20_000)
    return t, page, errors


def confirm_if_asked(page) -> None:
    """Confirm the move if the page asks first (a pawn of one's own side sent home)."""
    if page.locator("[data-testid='confirm'][open]").count():
        page.click("[data-testid='confirm-yes']")


def wait_log_grows(page, before: int) -> None:
    page.wait_for_function(
        f"() => document.querySelectorAll('#log li').length > {before}", timeout=20_000
    )


def keez_play_one(page) -> str:
    """Play one move the way a person does: a highlighted card, then a highlighted pawn."""
    my_turn(page)
    before = page.locator("#log li").count()
    cards = page.locator("#hand button.kcard.playable")
    if cards.count() == 0:
        page.click("#hand-in")
        wait_log_grows(page, before)
        return "hand in"
    # prefer a plain move card, to exercise card-then-pawn
    texts = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    # a 7 or a Jack when there is one (several clicks), else a plain move, an Ace or King last
    order = sorted(
        range(len(texts)), key=lambda i: (texts[i] not in ("7", "J"), texts[i] in ("A", "K"))
    )
    card = texts[order[0]]
    cards.nth(order[0]).click()
    assert "selected" in page.locator("#hand button.kcard.selected").first.get_attribute("class")
    pawns = page.locator("#keez-board g.pawn.pick")
    if pawns.count() == 0:  # an Ace or King: place from the nest with the button
        page.click("#place")
    else:
        pawns.first.click()
        confirm_if_asked(page)
        if card in ("7", "J"):  # played at once, or a second choice to make
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length > {before}"
                " || document.querySelector('#keez-board g.pawn.chosen')"
            )
            if page.locator("#keez-board g.pawn.chosen").count():
                page.screenshot(path=ARTIFACTS / f"keezbord-{card}-first-pawn.png", full_page=True)
                if card == "7":
                    page.locator("button.steps.legal, #keez-controls button.legal").first.click()
                    confirm_if_asked(page)
                    # all seven steps play at once (the log grows once the server answers);
                    # fewer leave the pawn chosen and the pawns for the rest highlighted
                    page.wait_for_function(
                        f"() => document.querySelectorAll('#log li').length > {before}"
                        " || (document.querySelector('#keez-board g.pawn.chosen')"
                        " && document.querySelector('#keez-board g.pawn.pick'))"
                    )
                    if page.locator("#log li").count() == before:
                        page.locator("#keez-board g.pawn.pick").first.click()
                        confirm_if_asked(page)
                else:
                    page.locator("#keez-board g.pawn.pick").first.click()
                    confirm_if_asked(page)
    wait_log_grows(page, before)
    return card


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_keezbord_click_a_card_then_a_pawn(server: Server, browser) -> None:
    t, page, errors = open_seat(
        server, browser, "keezbord", 4, [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    )
    my_turn(page)
    page.screenshot(path=ARTIFACTS / "keezbord-start.png", full_page=True)
    # a card with no legal action explains itself on hover
    dim = page.locator("#hand button.kcard.dim")
    if dim.count():
        dim.first.hover()
        page.wait_for_function(
            "() => [...document.querySelectorAll('#hand button.kcard.dim')].some(b => b.title)"
        )
    played: list[str] = []
    for _ in range(16):  # a few moves, a 7 or a Jack among them if the cards allow
        if page.locator(".turn").inner_text() == "Game over":
            break
        played.append(keez_play_one(page))
        moves = [c for c in played if c != "hand in"]
        if len(moves) >= 4 and ({"7", "J"} & set(moves) or len(played) >= 10):
            break
    my_turn(page)
    # select a playable card and show the pawns it may move
    cards = page.locator("#hand button.kcard.playable")
    if cards.count():
        cards.first.click()
        page.wait_for_selector("#keez-prompt")
        other = page.locator("#keez-board g.pawn:not(.pick)").last  # this card cannot move it
        other.hover()
        page.wait_for_selector("#keez-board g.pawn[data-why]")
    page.screenshot(path=ARTIFACTS / "keezbord-select.png", full_page=True)
    wide = browser.new_page(viewport={"width": 1100, "height": 900})
    wide.goto(t["seats"][0]["url"])
    wide.wait_for_selector("#keez-board")
    wide.screenshot(path=ARTIFACTS / "keezbord-wide.png", full_page=True)
    wide.close()
    spectator = browser.new_page(viewport={"width": 390, "height": 844})
    spectator.on("pageerror", lambda e: errors.append(str(e)))
    spectator.goto(t["spectator_url"])
    spectator.wait_for_selector("#keez-board g.pawn")
    assert spectator.locator("#hand").count() == 0
    spectator.close()
    page.close()
    assert not errors, errors
    assert played


def balam_legal(page) -> list[str]:
    return page.locator("#all-legal button.legal").evaluate_all(
        "bs => bs.map(b => b.dataset.action)"
    )


def balam_do(page, notation: str) -> None:
    """Play ``notation`` with the gestures a person would use on the map and sheets."""
    before = page.locator("#log li").count()
    words = notation.split()
    if words[0] == "pay":
        page.click(f"#kings .chip.pick[data-riches='{words[1]}']")
    elif words[0] == "katun":
        page.click(f"button.katun.legal[data-slot='{words[1]}']")
    elif words[0] == "build":
        page.click(f"#balam-map g.plot.pick[data-plot='{words[2]}']")
        page.click(f"#balam-actions button.legal[data-kind='{words[1]}']")
    elif words[0] == "move":
        src, dst = words[1].split(">")
        page.click(f"#balam-map g.token-g.pick[data-token='{src}']")
        page.wait_for_selector(f"#balam-map g.plot.dest[data-plot='{dst}']")
        page.screenshot(path=ARTIFACTS / "balam-distribution.png", full_page=True)
        page.click(f"#balam-map g.plot.dest[data-plot='{dst}']")
    elif words[0] == "attack":
        src, dst = words[1].split(">")
        page.click(f"#balam-map g.site.source[data-site='{src}'] > rect.tile")
        page.click(f"#balam-map g.site.dest[data-site='{dst}'] > rect.tile")
        page.click(f"#balam-actions button[data-action='{notation}']")
    elif page.locator(f"#balam-actions button.legal[data-action='{notation}']").count():
        page.click(f"#balam-actions button.legal[data-action='{notation}']")
    else:
        page.evaluate(
            "() => document.querySelectorAll('#board details').forEach(d => d.open = true)"
        )
        page.click(f"#all-legal button.legal[data-action='{notation}']")
    wait_log_grows(page, before)


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_balam_build_and_distribute_on_the_map(server: Server, browser) -> None:
    t, page, errors = open_seat(
        server, browser, "balam", 2, [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    )
    my_turn(page)
    page.screenshot(path=ARTIFACTS / "balam-start.png", full_page=True)
    # an empty plot explains on hover why it cannot be built on yet (pay the turn's riches first)
    plot = page.locator("#balam-map g.plot:not(.pick)").first
    plot.hover()
    page.wait_for_selector("#balam-map g.plot[data-why]")
    plot.click()
    assert "rulebook" in page.locator("#why").inner_text()
    done: list[str] = []
    built_round = 0
    moved = False
    for _ in range(60):
        if page.locator(".turn").inner_text() == "Game over":
            break
        my_turn(page)
        legal = balam_legal(page)
        status = page.locator("#balam-status").inner_text()
        rnd = int(status.split()[1])
        moves = [n for n in legal if n.startswith("move ")]
        builds = [n for n in legal if n.startswith("build ")]
        reserves = [n for n in builds if n.startswith("build reserve")]
        katun = [n for n in legal if n.startswith("katun")]
        if moves:  # distribution: carry a riches to the reserve
            pick = moves[0]
        elif builds and built_round != rnd:  # a village, then a reserve beside it
            villages = [n for n in builds if n.startswith("build village")]
            pick = villages[0] if villages else builds[0]
            built_round = rnd
        elif reserves and "reserve" not in " ".join(done[-4:]):
            pick = reserves[0]
        elif "pay maize" in legal and (
            (built_round != rnd and "phase turn" in status) or "phase cost" in status
        ):
            pick = "pay maize"
        elif "end" in legal:
            pick = "end"
        else:
            pick = katun[0] if katun else ("done" if "done" in legal else legal[0])
        if pick.startswith("build") and len(done) < 6:
            page.click(f"#balam-map g.plot.pick[data-plot='{pick.split()[2]}']")
            page.screenshot(path=ARTIFACTS / "balam-build.png", full_page=True)
            page.click("#balam-actions button:has-text('cancel')")
        balam_do(page, pick)
        done.append(pick)
        if pick.startswith("move"):
            moved = True
            done_button = page.locator("#balam-actions button.legal[data-action='done']")
            if done_button.count():  # more could move: end the distribution by hand
                balam_do(page, "done")
            break
    page.screenshot(path=ARTIFACTS / "balam-after.png", full_page=True)
    wide = browser.new_page(viewport={"width": 1100, "height": 900})
    wide.goto(t["seats"][0]["url"])
    wide.wait_for_selector("#balam-map")
    wide.screenshot(path=ARTIFACTS / "balam-wide.png", full_page=True)
    wide.close()
    page.close()
    assert not errors, errors
    assert any(n.startswith("build") for n in done), done
    print("balam moves:", done, "distribution move:", moved)


def test_balam_attack_by_clicking_two_cities(server: Server, browser) -> None:
    t, page, errors = open_seat(server, browser, "balam", 2, [{"kind": "human"}, {"kind": "human"}])
    other = server.connect(t["id"], t["seats"][1]["token"])

    def seat1(*actions: str) -> None:
        for n, action in enumerate(actions):
            other.send({"type": "act", "action": action, "id": n + 1})
            other.until("accepted", id=n + 1)

    try:
        my_turn(page)
        balam_do(page, "pay maize")
        balam_do(page, "build garrison b2.0")
        balam_do(page, "pay maize")
        balam_do(page, "end")
        seat1("pay maize", "build village c2.0", "pay maize", "end")
        my_turn(page)
        balam_do(page, "pay maize")
        page.click("#balam-map g.site.source[data-site='b2'] > rect.tile")
        page.wait_for_selector("#balam-map g.site.dest[data-site='c2']")
        # a city that cannot be attacked from b2 says why on hover
        page.locator("#balam-map g.site[data-site='e6'] > rect.tile").hover()
        page.wait_for_selector("#balam-map g.site[data-site='e6'][data-why]")
        page.screenshot(path=ARTIFACTS / "balam-attack.png", full_page=True)
        before = page.locator("#log li").count()
        page.click("#balam-map g.site.dest[data-site='c2'] > rect.tile")
        page.click("#balam-actions button[data-action='attack b2>c2 1 0']")
        wait_log_grows(page, before)
        page.screenshot(path=ARTIFACTS / "balam-war.png", full_page=True)
        # a spectator sees the same map, without choices
        spectator = browser.new_page(viewport={"width": 390, "height": 844})
        spectator.on("pageerror", lambda e: errors.append(str(e)))
        spectator.goto(t["spectator_url"])
        spectator.wait_for_selector("#balam-map g.site[data-site='c2']")
        assert spectator.locator("#balam-choices").count() == 0
        spectator.close()
    finally:
        other.close()
        page.close()
    assert not errors, errors


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_a_balam_page_kept_up_by_patches_draws_what_a_fresh_page_draws(
    server: Server, browser
) -> None:
    """The web client applies the ``patch`` of each ``update`` (``applyPatch`` in table.js):
    after 40 moves played from two other sockets, the board of the page that followed them
    move by move is the board of a page opened afresh (whole view in its ``sync``), for the
    seat and for a spectator.  Screenshots: balam-patched-*.png."""
    t = server.create("balam", 2)
    seats = [server.connect(t["id"], s["token"]) for s in t["seats"]]
    pages = {}
    for who, url in (("seat0", t["seats"][0]["url"]), ("spectator", f"/t/{t['id']}")):
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(url if url.startswith("http") else server.base + url)
        page.wait_for_selector("#board > *", timeout=20_000)
        pages[who] = (page, errors)
    rng = random.Random(4)
    for n in range(1, 41):
        seat = next(i for i, c in enumerate(seats) if c.last["legal"])
        mover = seats[seat]
        mover.send({"type": "act", "action": rng.choice(mover.last["legal"])["json"], "id": n})
        seq = mover.until("accepted", id=n)["seq"]
        for c in seats:
            c.at_seq(seq)
    moves = seats[0].last["seq"]
    patches = sum(
        "patch" in m for f in seats[0].ws.frames for m in wire.messages(f) if m["type"] == "update"
    )
    assert patches >= moves - 1  # the sockets got patches (so did the pages: same messages)
    for who, (page, errors) in pages.items():
        page.wait_for_function(
            f"() => document.querySelectorAll('#log li').length >= {moves}", timeout=30_000
        )
        page.screenshot(path=ARTIFACTS / f"balam-patched-{who}.png", full_page=True)
        fresh = browser.new_page(viewport={"width": 1366, "height": 900})
        fresh.goto(page.url)
        fresh.wait_for_function(
            f"() => document.querySelectorAll('#log li').length >= {moves}", timeout=30_000
        )
        fresh.screenshot(path=ARTIFACTS / f"balam-fresh-{who}.png", full_page=True)
        board = "() => document.querySelector('#board').innerHTML"
        assert page.evaluate(board) == fresh.evaluate(board), who
        fresh.close()
        page.close()
        assert not errors, errors
    for c in seats:
        c.close()
