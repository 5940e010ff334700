"""One file per schema revision, oldest first (v0001 is the schema of gametable 0.1.0)."""
