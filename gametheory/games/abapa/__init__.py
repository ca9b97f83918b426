"""Abapa (Oware): the rules, the engine's fast path, the game record, evaluation functions."""

from gametheory.games.abapa.rules import *  # noqa: F403
from gametheory.games.abapa.rules import __all__  # noqa: F401
