"""gametable's core and games never import the adapters (nor OpenSpiel or PettingZoo)."""

from __future__ import annotations

import subprocess
import sys


def test_importing_gametable_and_its_games_loads_no_adapter() -> None:
    code = (
        "import sys, gametable\n"
        "for name in gametable.game_names():\n"
        "    gametable.load_game(name)\n"
        "loaded = [m for m in sys.modules\n"
        "          if m.startswith(('gametable.adapters', 'gametable.pettingzoo', 'pyspiel',\n"
        "                           'pettingzoo', 'gymnasium'))]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
