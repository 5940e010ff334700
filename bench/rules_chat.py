"""How fast the rules chat answers: per question, and from a fresh process.

    .venv/bin/python bench/rules_chat.py [--repeat N] [--venv] [GAME ...]

1. **Per question**, for each game: p50 and p95 milliseconds of
   :func:`gametable.rulebook.chat.ask` and of :func:`gametable.rulebook.answer.answer` over the
   game's tuning questions (``games/<game>/rulebook/questions/tune.toml``), each asked ``N``
   times (default 3) after the model and the game's entries are loaded.  Every call embeds its question afresh
   (the vectors of questions already asked are forgotten first), as a new question would.
2. **Cold start**: a fresh process that imports the chat, loads the model and answers one
   question from the rules text (a Dutch one, so the search and the model both run), with the
   cache (``GAMETABLE_CACHE``: the entries' vectors and the ready tokenizer)
   warm, and cold (an empty cache directory); the median of 3 runs each, with the time of each
   part.
3. With ``--venv``: the size of a fresh default install (``python3 -m venv`` in a temporary
   folder, then ``pip install -e`` this checkout, then ``du -sm``), which takes a few minutes.

Targets: p95 under 50 ms, cold start (cache warm) under 1 s, a default venv under 300 MB.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gametable.rulebook import embed
from gametable.rulebook.answer import answer
from gametable.rulebook.chat import ask
from gametable.rulebook.evaluate import measured, questions

ROOT = Path(__file__).resolve().parents[1]

#: what the fresh process runs: the times of import, model load and first answer, as JSON
_COLD = """
import json, time
t0 = time.perf_counter()
from gametable.rulebook import embed
from gametable.rulebook.chat import ask
t1 = time.perf_counter()
embed._model()
t2 = time.perf_counter()
reply = ask("balzakken", "mag ik twee kaarten met dezelfde waarde tegelijk afleggen?")
t3 = time.perf_counter()
assert reply.answered and not reply.checked  # answered from the rules text: the search ran
print(json.dumps({"import": t1 - t0, "model": t2 - t1, "first answer": t3 - t2}))
"""


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def timed(call: Callable[[str], object], texts: list[str], repeat: int) -> list[float]:
    """Milliseconds of ``call`` on each text, each embedded afresh."""
    out = []
    for _ in range(repeat):
        for text in texts:
            embed._QUESTIONS.clear()
            started = time.perf_counter()
            call(text)
            out.append((time.perf_counter() - started) * 1000)
    return out


def per_question(games: list[str], repeat: int) -> None:
    print(f"per question ({repeat} passes over the tuning questions, milliseconds):")
    print(
        f"  {'game':<10} {'questions':>9} {'ask p50':>8} {'ask p95':>8} "
        f"{'answer p50':>10} {'answer p95':>10}"
    )
    for game in games:
        texts = [q.text for q in questions(game, "tune")]
        ask(game, "warm up: who begins?")
        chat = timed(lambda t, g=game: ask(g, t), texts, repeat)
        rules = timed(lambda t, g=game: answer(g, t), texts, repeat)
        print(
            f"  {game:<10} {len(texts):>9} {percentile(chat, 0.5):>8.1f} "
            f"{percentile(chat, 0.95):>8.1f} {percentile(rules, 0.5):>10.1f} "
            f"{percentile(rules, 0.95):>10.1f}"
        )


def cold_start(cache: str) -> dict[str, float]:
    env = {**os.environ, "GAMETABLE_CACHE": cache}
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", _COLD], env=env, check=True, capture_output=True, text=True
    )
    parts = json.loads(out.stdout.strip().splitlines()[-1])
    return {"process": time.perf_counter() - started, **parts}


def cold_starts(runs: int = 3) -> None:
    print(f"cold start (a fresh process: import, model, first answer; median of {runs}):")
    with tempfile.TemporaryDirectory() as warm:
        cold_start(warm)  # fills it
        for name, fresh in (("cache warm", False), ("cache cold", True)):
            results = []
            for _ in range(runs):
                if fresh:
                    with tempfile.TemporaryDirectory() as empty:
                        results.append(cold_start(empty))
                else:
                    results.append(cold_start(warm))
            median = {k: statistics.median(r[k] for r in results) for k in results[0]}
            parts = ", ".join(f"{k} {v:.2f} s" for k, v in median.items() if k != "process")
            print(f"  {name}: {median['process']:.2f} s in all ({parts})")


def venv_size() -> None:
    with tempfile.TemporaryDirectory() as folder:
        venv = Path(folder) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(venv / "bin" / "pip"), "install", "-q", "-e", str(ROOT)],
            check=True,
            capture_output=True,
        )
        du = subprocess.run(["du", "-sm", str(venv)], check=True, capture_output=True, text=True)
        print(f"fresh default venv (pip install -e .): {du.stdout.split()[0]} MB")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    repeat = int(args[args.index("--repeat") + 1]) if "--repeat" in args else 3
    games = [a for a in args if not a.startswith("-") and not a.isdigit()] or measured()
    print(f"# bench/rules_chat.py {' '.join(args)}")
    print(f"# model: {embed.model_name() if embed.available() else 'none (words only)'}")
    per_question(games, repeat)
    cold_starts()
    if "--venv" in args:
        venv_size()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
