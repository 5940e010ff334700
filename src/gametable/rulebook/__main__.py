"""``python -m gametable.rulebook [-v] [GAME ...]`` prints the search's top-1/top-3 accuracy."""

from gametable.rulebook.evaluate import main

if __name__ == "__main__":
    raise SystemExit(main())
