"""Balam's parts for the bots (declared in the game's ``parts``): the rules of thumb
(``heuristic``: :mod:`.heuristic`, reading the board through :mod:`.table`, :mod:`.katun` and
:mod:`.wars`, weighing by :mod:`.weights`, the game's facts from :mod:`.facts`), the same with
weights fitted by self-play (``tuned``: :mod:`.tuned`; fitted by ``python -m`` :mod:`.tune`),
the settings of the bot levels (``levels``), the learned evaluation's standings (``learned``)
and its fitted models (``data/``)."""
