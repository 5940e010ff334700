"""Playing in the terminal: the interactive loop and per-game rendering, on the public protocol."""
