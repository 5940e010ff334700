"""Balzakken's parts for the bots (declared in the game's parts): the rules of thumb
(``heuristic``), the settings of the bot levels (``levels``), the learned evaluation's standings
(``learned``) and its fitted models (``data/``)."""
