"""The examples in the simulate package's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["play", "runner", "stats", "cli"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(f"gametable.simulate.{name}")
    assert doctest.testmod(module).failed == 0
