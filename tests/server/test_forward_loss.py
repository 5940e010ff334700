"""A forwarded socket whose holder dies (issue 45, item 5): the forwarding worker closes its
clients' sockets with 1013 (try again) and says so in one warning line, not a traceback per
socket."""

from __future__ import annotations

from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import Server
from tests.server.test_cluster import Seat, worker_args


@pytest.mark.slow  # two servers started
def test_a_dead_holder_costs_one_warning_and_no_traceback(tmp_path: Path) -> None:
    holder = Server(tmp_path, extra=worker_args("w0", []))
    forwarder = Server(tmp_path, extra=worker_args("w1", []))
    try:
        holder.start()
        forwarder.start()
        tables = [holder.create() for _ in range(3)]
        forwarded = []
        for table in tables:
            Seat(holder.base, table["id"], table["seats"][0]["token"])  # held by w0
            forwarded.append(Seat(forwarder.base, table["id"], table["seats"][1]["token"]))
            forwarded.append(Seat(forwarder.base, table["id"], None))
        holder.kill()
        for seat in forwarded:
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    seat.ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        log = Path(forwarder.log.name).read_text()
        assert "Traceback" not in log, log
        assert log.count("does not answer") == 1, log
    finally:
        holder.kill()
        forwarder.kill()
