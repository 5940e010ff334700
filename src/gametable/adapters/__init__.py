"""Bridges from gametable to other game frameworks.

- :mod:`gametable.adapters.openspiel`: every game as an OpenSpiel Python game
  (``python_gametable_<name>``); needs the ``openspiel`` extra.
- :mod:`gametable.adapters.pettingzoo`: every game as a PettingZoo AEC environment
  (also reachable as ``gametable.pettingzoo.env``); needs the ``pettingzoo`` extra.
- :mod:`gametable.adapters.features`: the fixed-size encoding of a view both share.

Nothing here is imported by gametable itself: import the adapter you need.
"""
