"""High Card's parts for the bots (:mod:`gametable.bots`)."""
