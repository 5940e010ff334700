"""High Card in the web page: create a table in the lobby, play a card, in a real browser
(Debian's chromium driven by Playwright, as ``tests/server/test_browser.py`` of gametable)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
CHROMIUM = os.environ.get("GAMETABLE_CHROMIUM", "/usr/bin/chromium")
if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"chromium is not installed at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is missing")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``python -m gametable.server`` on loopback; its base URL."""
    data = tmp_path_factory.mktemp("server")
    port = free_port()
    with open(data / "server.log", "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gametable.server", "--host", "127.0.0.1", "--port",
             str(port), "--data-dir", str(data), "--bot-delay", "0"],
            stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert proc.poll() is None, (data / "server.log").read_text()
            try:
                if httpx.get(base + "/api/health", timeout=0.5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(15)


def test_a_table_from_the_lobby_and_a_card_played(server: str, tmp_path: Path) -> None:
    games = {g["name"]: g for g in httpx.get(server + "/api/games").json()}
    assert games["highcard"]["player_counts"] == [2, 3, 4]
    assert "takes the trick" in httpx.get(server + "/static/js/renderers/highcard.js").text
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + "/")
        page.select_option("#game", "highcard")
        page.select_option("#players", "2")
        page.select_option("select[data-seat='1']", "bot:heuristic")
        page.click("button[type=submit]")
        page.click("a.seat-link[data-seat='0']")
        page.wait_for_selector(".turn.mine", timeout=60_000)
        hand = page.locator("#hand button.legal")
        assert hand.count() == 3
        card = hand.first.get_attribute("data-card")
        page.click("#hand button.legal >> nth=0")
        # the card lies on the table (or, the bot having answered, in the last trick)
        page.wait_for_function(
            f"() => [...document.querySelectorAll('[data-card=\"{card}\"]')]"
            ".some(e => !e.closest('#hand'))"
        )
        page.wait_for_function(
            "() => document.querySelectorAll('#hand button.legal').length === 2", timeout=60_000
        )
        page.screenshot(
            path=str(Path(os.environ.get("GAMETABLE_ARTIFACTS", tmp_path)) / "highcard.png")
        )
        browser.close()
    assert not errors, errors
