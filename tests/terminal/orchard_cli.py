"""``gametable`` with the Orchard test game registered: ``python orchard_cli.py play orchard``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from orchard import OrchardGame

from gametable.cli import main
from gametable.core.registry import register

if __name__ == "__main__":
    register(OrchardGame())
    main()
