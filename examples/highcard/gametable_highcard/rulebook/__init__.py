"""High Card's rules in our own words: ``rulebook.md`` to read, ``reference.toml`` for the rules
layer (the ``rulebook`` part; :mod:`gametable.rulebook.model`)."""
