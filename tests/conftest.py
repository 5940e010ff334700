"""Settings for the whole test run.

The run already keeps both cores busy with its xdist workers (``-n auto``), each of which may
start servers, terminals and a browser of its own.  The rules search's embedding model (torch)
would otherwise start a thread per core in every worker and server, and a parallel step waits
for its slowest thread: with the other core busy, a question took several times as long as
alone.  One thread each is set before any worker or server starts (they inherit the
environment), and before torch is first imported (on the first question)."""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
