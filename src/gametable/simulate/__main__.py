"""``python -m gametable.simulate simulate|report ...`` (the same commands as ``gametable``)."""

from gametable.simulate.cli import main

main()
