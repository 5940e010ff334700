"""One package per game; each registers itself with gametable.core.registry when imported."""
