"""The view on the wire (``gametable.server.wire``): a patch applied to the view before gives
exactly the view after, whatever changed; and the games' real views, patched move after move,
stay exact."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest

from gametable import load_game
from gametable.server.wire import (
    WHOLE,
    Follower,
    Gap,
    Prints,
    apply_patch,
    decode,
    messages,
    patch_value,
)
from gametable.server.wire import _encode as encode
from tests.server.conftest import Server


def sent(ops: Any) -> list:
    """A patch as a client receives it."""
    return decode(encode(patch_value(ops)))


def as_json(view: dict) -> dict:
    return json.loads(json.dumps(view))


def random_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth < 2 and roll < 0.25:
        return {
            rng.choice("abcdefgh"): random_value(rng, depth + 1) for _ in range(rng.randint(0, 6))
        }
    if depth < 2 and roll < 0.5:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return rng.choice([None, True, 0, 7, "x", "y,]", "", [], {}, "é", 1.5])


def mutate(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``view`` with a few random changes: keys set, removed, lists grown or cut,
    objects' keys changed, types changed."""
    out = json.loads(json.dumps(view))
    for _ in range(rng.randint(0, 4)):
        key = rng.choice([*out, "new"])
        value = out.get(key)
        roll = rng.random()
        if isinstance(value, list) and roll < 0.5:
            out[key] = value + [random_value(rng, 1) for _ in range(rng.randint(1, 3))]
        elif isinstance(value, list) and roll < 0.6:
            out[key] = value[: rng.randint(0, len(value))]
        elif isinstance(value, dict) and value and roll < 0.7:
            sub = rng.choice([*value, "zz"])
            if rng.random() < 0.2:
                value.pop(sub, None)
            elif isinstance(value.get(sub), list) and rng.random() < 0.5:
                value[sub] = value[sub] + ["more"]
            else:
                value[sub] = random_value(rng, 1)
        elif roll < 0.85:
            out[key] = random_value(rng)
        else:
            out.pop(key, None)
    return out


@pytest.mark.parametrize("seed", range(30))
def test_a_patch_applied_to_the_view_before_gives_the_view_after(seed: int) -> None:
    rng = random.Random(seed)
    padding = {"static": "p" * WHOLE}  # big enough to be patched rather than sent whole
    view = {**padding, "log": [], "sites": {f"s{i}": {"n": i} for i in range(60)}, "n": 0}
    prints = Prints()
    whole, ops = prints.update(view)
    assert ops is None and whole is not None and decode(whole) == view
    client = decode(whole)
    for _ in range(60):
        new = {**mutate(rng, view), **padding}
        whole, ops = prints.update(new)
        assert whole is None and ops is not None
        before = json.loads(json.dumps(client))
        client = apply_patch(client, sent(ops))
        assert client == new
        assert json.loads(json.dumps(before)) == before  # the old view was not changed
        view = new


def test_unchanged_parts_are_not_sent_and_a_grown_list_sends_its_new_items_only() -> None:
    board = {"sites": [{"id": i, "colour": "maize"} for i in range(100)]}
    log = [f"line {i}" for i in range(50)]
    sites = {f"s{i}": {"owner": None} for i in range(40)}
    prints = Prints()
    prints.update({"board": board, "log": log, "sites": sites})
    sites2 = {**sites, "s7": {"owner": 1}}
    _, ops = prints.update({"board": board, "log": [*log, "line 50"], "sites": sites2})
    assert sent(ops) == [["append", ["log"], ["line 50"]], ["set", ["sites", "s7"], {"owner": 1}]]


def test_a_small_view_is_always_sent_whole() -> None:
    prints = Prints()
    for n in range(3):
        whole, ops = prints.update({"n": n, "log": ["a"] * n})
        assert ops is None and whole is not None and decode(whole)["n"] == n


@pytest.mark.parametrize(
    ("game", "players"),
    [("balam", 2), pytest.param("balam", 4, marks=pytest.mark.slow), ("keezbord", 4)],
)
def test_real_views_patched_move_after_move_stay_exact(game: str, players: int) -> None:
    """Every seat's and the spectators' view of 150 random moves (BA-/KB- positions of every
    kind the random walk reaches), rebuilt from patches by a client."""
    state = load_game(game).new_game(players, seed=11)
    rng = random.Random(3)
    seats: list[int | None] = [*range(players), None]
    prints = {seat: Prints() for seat in seats}
    clients: dict[int | None, dict] = {}
    patched = 0
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        for who in seats:
            whole, ops = prints[who].update(state.view(who))
            if ops is None:
                assert whole is not None
                clients[who] = decode(whole)
            else:
                clients[who] = apply_patch(clients[who], sent(ops))
                patched += 1
            assert clients[who] == as_json(state.view(who))
    if game == "balam":
        assert patched > 100  # Balam's views are big: patched, not sent whole


def test_a_frame_may_hold_several_messages() -> None:
    assert messages('{"type": "pong"}') == [{"type": "pong"}]
    assert messages('[{"type": "update"}, {"type": "accepted"}]') == [
        {"type": "update"},
        {"type": "accepted"},
    ]


def test_a_client_without_the_view_before_a_patch_must_resync() -> None:
    follower = Follower()
    follower.take({"type": "sync", "seq": 4, "takebacks": 0, "view": {"a": 1}})
    got = follower.take({"type": "update", "seq": 5, "takebacks": 0, "patch": [["set", ["a"], 2]]})
    assert got["view"] == {"a": 2} and "patch" not in got
    with pytest.raises(Gap):  # seq 6 missed
        follower.take({"type": "update", "seq": 7, "takebacks": 0, "patch": []})
    with pytest.raises(Gap):  # a move was taken back since
        follower.take({"type": "update", "seq": 6, "takebacks": 1, "patch": []})


# -- through a server -------------------------------------------------------------------------------
def test_balam_updates_carry_patches_that_rebuild_each_seats_view_exactly(server: Server) -> None:
    """Two seats and a spectator play 60 random Balam moves; a second window of seat 1 opens
    halfway (its first update is a patch to the view its ``sync`` gave).  Every view each socket
    rebuilds is the seat's view of the record's state at that ``seq``, and most updates were
    patches, much shorter than the views."""
    t = server.create(game="balam", players=2)
    seats = [server.connect(t["id"], s["token"]) for s in t["seats"]]
    spectator = server.connect(t["id"], None)
    late = None
    rng = random.Random(8)
    moves: list[tuple[int, str]] = []
    for n in range(1, 61):
        seat = next(i for i, c in enumerate(seats) if c.last["legal"])
        mover = seats[seat]
        action = rng.choice(mover.last["legal"])["notation"]
        mover.send({"type": "act", "action": action, "id": n})
        seq = mover.until("accepted", id=n)["seq"]
        moves.append((seat, action))
        for c in (*seats, spectator, *([late] if late else [])):
            c.at_seq(seq)
        if n == 30:
            late = server.connect(t["id"], t["seats"][1]["token"])
        if seats[0].last["over"]:
            break
    db = sqlite3.connect(server.data_dir / "gametable.sqlite3")
    (seed,) = db.execute("SELECT seed FROM gt_tables WHERE id = ?", (t["id"],)).fetchone()
    db.close()
    state = load_game("balam").new_game(2, seed=int(seed))
    states = [state.clone()]
    for seat, action in moves:
        state.apply(action, seat)
        states.append(state.clone())
    patches = updates = 0
    for client, seat in ((seats[0], 0), (seats[1], 1), (spectator, None), (late, 1)):
        assert client is not None
        for msg in client.messages:
            if msg["type"] in ("update", "sync"):
                assert msg["view"] == as_json(states[msg["seq"]].view(seat)), (seat, msg["seq"])
        for frame in client.ws.frames:
            for msg in messages(frame):
                if msg["type"] == "update":
                    updates += 1
                    patches += "patch" in msg
                    assert "patch" in msg or "view" in msg
    assert (
        updates >= 3 * 55 and patches >= updates - 4
    )  # the first update of each socket may be whole
    for c in (*seats, spectator, late):
        assert c is not None
        c.close()


def test_the_movers_update_and_its_answer_come_in_one_frame(server: Server) -> None:
    t = server.create(game="balzakken", players=2)
    a, b = (server.connect(t["id"], s["token"]) for s in t["seats"])
    mover = a if a.last["legal"] else b
    action = next(x for x in mover.last["legal"] if x["notation"] != "balzak")["notation"]
    mover.send({"type": "act", "action": action, "id": "one"})
    mover.until("accepted", id="one")
    frame = messages(mover.ws.frames[-1])
    assert [m["type"] for m in frame] == ["update", "accepted"]
    a.close()
    b.close()
