"""Balam's parts for the rules layer (gametable.rulebook): its rules reference in our words
(``reference.toml``), the questions that measure the answers (``questions/``), its own words for
the search (:mod:`.words`) and what the answers at a table need (:mod:`.standing`)."""
