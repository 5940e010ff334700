"""Clean logs and names (issue 45, item 3): a text frame that is not UTF-8 costs one short
warning per client, not a traceback per frame; seat names reach nobody with control,
escape or bidirectional-override characters in them."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.adversarial.conftest import Attacker, recv_json
from tests.server.conftest import Server


def log_text(server: Server) -> str:
    server.log.flush()
    return Path(server.log.name).read_text()


def test_text_frames_that_are_not_utf8_cost_one_warning_and_no_traceback(strict: Server) -> None:
    player = Attacker(strict)
    table = player.create().json()
    before = log_text(strict)
    for hello_first in (False, True, False):
        ws = player.socket(table["id"], {"type": "hello", "token": None} if hello_first else None)
        if hello_first:
            recv_json(ws)
        ws.send(b"\xff\xfe{not utf-8", text=True)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    time.sleep(0.3)
    new = log_text(strict)[len(before) :]
    assert new.count("not UTF-8") == 1, new
    assert "Traceback" not in new and "Invalid UTF-8" not in new, new
    player.close()


NASTY = "\x1b[2J\x1b[31mEve\x1b[0m\u202e\u2066lol\u0000\u200b\r\nx" + "y" * 10


def test_seat_names_are_cleaned_when_made_and_when_taken(strict: Server) -> None:
    host, stranger = Attacker(strict), Attacker(strict)
    made = host.create(
        seats=[{"kind": "human", "name": NASTY}, {"kind": "open", "name": "open"}]
    ).json()
    assert made["seats"][0]["name"] == "Eve lol x" + "y" * 10
    joined = stranger.http.post(
        f"/api/tables/{made['id']}/join", json={"name": "\u202eMallory\x07"}
    )
    assert joined.status_code == 201, joined.text
    info = stranger.http.get(f"/api/tables/{made['id']}").json()
    names = [seat["name"] for seat in info["seats"]]
    assert names == ["Eve lol x" + "y" * 10, "Mallory"]
    ws = stranger.socket(made["id"], {"type": "hello", "token": None})
    sent = json.dumps([recv_json(ws), recv_json(ws)])
    assert "\\u202e" not in sent and "\\u001b" not in sent and "Mallory" in sent
    ws.close()
    host.close()
    stranger.close()
