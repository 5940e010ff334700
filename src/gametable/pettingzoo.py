"""PettingZoo environments for gametable's games: ``gametable.pettingzoo.env("balzakken", players=4)``.

A thin re-export of :mod:`gametable.adapters.pettingzoo` (needs the ``pettingzoo`` extra).
"""

from gametable.adapters.pettingzoo import GametableEnv, env, raw_env, render_text

__all__ = ["GametableEnv", "env", "raw_env", "render_text"]
