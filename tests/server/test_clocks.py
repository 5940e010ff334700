"""Turn clocks (issue 17): when a seat's time runs out the heuristic bot plays for it, and its
player takes the seat back by saying anything.  Tiny clocks, so the tests are quick."""

from __future__ import annotations

import time

import httpx
import pytest

from gametable.server.clocks import RETURN_SECONDS, Clock, ClockError, Timing
from tests.server.conftest import Server, keep_playing


def test_a_move_clock_gives_each_decision_the_same_time() -> None:
    timing = Timing(Clock("move", 10.0), players=2)
    timing.start({0}, now=100.0)
    assert timing.deadline(0) == 110.0 and timing.expired(now=109.9) == []
    assert timing.expired(now=110.0) == [0] and timing.away == {0}
    timing.away.clear()
    timing.start({1}, now=200.0)
    timing.moved(1, now=205.0)
    assert timing.banks == [10.0, 10.0]  # a move clock keeps no bank


def test_a_bank_is_spent_by_thinking_and_refilled_by_increments() -> None:
    timing = Timing(Clock("bank", 60.0, increment=2.0), players=2)
    timing.start({0}, now=0.0)
    timing.moved(0, now=15.0)
    assert timing.banks[0] == 47.0
    timing.start({1}, now=15.0)
    assert timing.expired(now=75.0) == [1] and timing.banks[1] == 0.0
    timing.away.discard(1)  # back: an empty bank gives a short time per decision
    assert timing.allowance(1) == RETURN_SECONDS
    timing.start({1}, now=80.0)
    timing.moved(1, now=90.0)
    assert timing.banks[1] == 2.0


def test_a_stored_clock_resumes_its_banks_and_away_seats_and_its_decisions_start_at_load() -> None:
    timing = Timing(Clock("bank", 60.0, increment=2.0), players=3)
    timing.start({0}, now=0.0)
    assert timing.stored_after_move(0, now=10.0) == {"banks": [52.0, 60.0, 60.0], "away": []}
    assert timing.banks[0] == 60.0  # only a preview: the move is not made yet
    timing.moved(0, now=10.0)
    timing.start({1}, now=10.0)
    timing.expired(now=70.0)
    back = Timing.restored(timing.clock, 3, timing.to_store())
    assert back.banks == [52.0, 0.0, 60.0] and back.away == {1} and back.started == {}
    back.start({2}, now=500.0)  # the decision under way when the server stopped starts afresh
    assert back.deadline(2) == 560.0


@pytest.mark.parametrize(
    "stored",
    [
        None,
        "x",
        {"banks": [1.0]},
        {"banks": [1.0, "a"]},
        {"banks": [1.0, float("nan")]},
        {"away": [5, -1, True, "0"]},
    ],
)
def test_a_malformed_stored_clock_starts_afresh(stored) -> None:
    timing = Timing.restored(Clock("bank", 60.0), 2, stored)
    assert timing.banks == [60.0, 60.0] and timing.away == set()


@pytest.mark.parametrize(
    "clock",
    [
        {"mode": "hourglass", "seconds": 5},
        {"mode": "move", "seconds": 0.01},
        {"mode": "move", "seconds": "5"},
        {"mode": "bank", "seconds": 1e12},
        {"mode": "move", "seconds": 5, "extra": 1},
    ],
)
def test_clocks_that_are_not_clocks_are_refused(server: Server, clock) -> None:
    with pytest.raises(ClockError):
        Clock.from_json(clock)
    r = httpx.post(
        server.base + "/api/tables", json={"game": "balzakken", "players": 2, "clock": clock}
    )
    assert r.status_code == 422


def test_the_bot_plays_for_a_seat_whose_time_ran_out_until_its_player_is_back(
    server: Server,
) -> None:
    t = server.create(options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    slow = server.create(clock={"mode": "move", "seconds": 1.5})
    assert httpx.get(f"{server.base}/api/tables/{t['id']}").json()["clock"] is None
    ann = server.connect(slow["id"], slow["seats"][0]["token"])
    assert ann.last["clock"]["mode"] == "move" and "0" in ann.last["clock"]["left"]
    # Ann thinks too long (and seat 1 never came): the bot plays for both
    ran_out = ann.until("clock", timeout=30)
    assert 0 in ran_out["clock"]["away"]
    update = ann.until("update", timeout=60)
    assert update["log"][-1]["seat"] == 0  # the bot's move for seat 0
    ann.send({"type": "back", "id": "here"})
    ann.until("back", id="here")
    deadline = time.monotonic() + 60
    while True:  # Ann's next turn is hers again: she acts in time and it counts
        msg = ann.next(max(0.01, deadline - time.monotonic()))
        if msg["type"] == "clock":
            assert 0 not in msg["clock"]["away"]
        if msg["type"] in ("update", "sync") and 0 in msg["to_move"] and msg["legal"]:
            if 0 in msg["clock"]["away"]:
                continue
            choice = keep_playing(msg["legal"])
            ann.send({"type": "act", "action": choice["json"], "seq": msg["seq"], "id": "mine"})
            reply = ann.until("accepted", id="mine", timeout=10)
            assert reply["seq"] == msg["seq"] + 1
            break
    info = httpx.get(f"{server.base}/api/tables/{slow['id']}").json()
    assert info["clock"] == {"mode": "move", "seconds": 1.5, "increment": 0.0}
    ann.close()


def test_an_empty_bank_hands_the_seat_to_the_bot(server: Server) -> None:
    slow = server.create(
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        clock={"mode": "bank", "seconds": 0.5},
    )
    ann = server.connect(slow["id"], slow["seats"][0]["token"])
    assert ann.last["clock"]["banks"] == [0.5, 0.5]
    ran_out = ann.until("clock", timeout=30)["clock"]
    assert ran_out["away"] == [0] and ran_out["banks"][0] == 0.0
    assert ann.until("update", timeout=60)["log"][-1]["seat"] == 0
    ann.close()
