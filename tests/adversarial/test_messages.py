"""Error messages tell people to install extras that exist (issue 16, item 9: the messages named
``gametable[simulate]`` and ``gametable[server]``; the extras are ``sim``, and the server needs
none)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_extra_named_in_the_code_exists() -> None:
    extras = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    )
    named = {}
    for path in (ROOT / "src" / "gametable").rglob("*.py"):
        for match in re.finditer(r"gametable\[([^\]]+)\]", path.read_text()):
            for extra in match.group(1).split(","):
                named.setdefault(extra.strip(), []).append(path.name)
    assert named, "the scan found no install hints at all"
    unknown = {extra: files for extra, files in named.items() if extra not in extras}
    assert not unknown, f"extras named but not defined in pyproject.toml: {unknown}"
