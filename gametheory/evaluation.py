"""Evaluation functions for any game: weighted features, and the defaults players fall back on.

An **evaluation function** is ``evaluate(state, player) -> float``: an estimate of how good
an unfinished position is for ``player`` (positive = good). A search stops at its depth limit
and asks it instead of playing on to the end.

Two habits keep evaluations honest, and every function here keeps them:

* **Antisymmetry** — ``evaluate(s, A) == -evaluate(s, B)``: what is good for one player is
  bad for the other (Abapa and the other games here are zero-sum).
* **Below a win** — for an unfinished position the value is *strictly* between −1 and +1,
  the utilities of a loss and a win, so that a win the search actually finds (+1) always
  beats an estimate and a loss (−1) is always worse than one. Otherwise a search could
  prefer "ten seeds ahead" to "won", or be indifferent between them. A count is brought
  inside by dividing it by one more than the most it can be.

A :class:`LinearEvaluator` combines *features* (functions with the same contract) with
weights, so a student can try their own mix:

>>> from gametheory.games.abapa import Abapa, store_difference, mobility
>>> mix = LinearEvaluator({"store": store_difference, "mobility": mobility}, [3, 1])
>>> game = Abapa()
>>> state = game.state([4, 4, 4, 4, 4, 0] + [4] * 6, stores=(4, 0))
>>> mix.terms(state, 0)
{'store': 0.0625, 'mobility': -0.03571428571428571}
>>> round(mix(state, 0), 4)
0.0268
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from numbers import Real
from typing import Any

from gametheory.core import Evaluation, Game, GameError, OwnEvaluation, Player, check_player

__all__ = ["LinearEvaluator", "default_evaluation", "move_count", "terminal_only"]


class LinearEvaluator:
    """A weighted sum of features: ``Σ wᵢ·fᵢ(state, player) / Σ|wᵢ|``.

    Parameters
    ----------
    features
        Evaluation functions, as ``{name: function}`` or a list (named after the functions).
    weights
        One number per feature, as a list in the same order or ``{name: weight}``.
    normalise
        True (default): divide by ``Σ|wᵢ|``, so the weights are *relative* (``[3, 1]`` means
        "three times as important") and features strictly inside (−1, 1) give a result
        strictly inside (−1, 1). False: the plain weighted sum (which may leave that range).

    Raises
    ------
    GameError
        If a feature is not callable, the weights do not match the features, a weight is not
        a finite number, or every weight is 0.

    Examples
    --------
    >>> from gametheory.games.abapa import Abapa, store_difference, seeds_on_side
    >>> evaluate = LinearEvaluator([store_difference, seeds_on_side], [1, 1])
    >>> evaluate
    LinearEvaluator({'store_difference': 1.0, 'seeds_on_side': 1.0})
    >>> evaluate(Abapa().initial_state(), 0)
    0.0
    >>> LinearEvaluator([store_difference], [1, 2])
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: 2 weights for 1 features (['store_difference']); give one weight per feature
    """

    def __init__(
        self,
        features: Mapping[str, Evaluation] | Sequence[Evaluation],
        weights: Mapping[str, float] | Sequence[float],
        *,
        normalise: bool = True,
    ) -> None:
        if isinstance(features, Mapping):
            named = dict(features)
        else:
            named = {getattr(f, "__name__", f"feature{i}"): f for i, f in enumerate(features)}
            if len(named) != len(features):
                raise GameError(
                    "two features have the same name; pass them as {name: function} instead"
                )
        for name, feature in named.items():
            if not callable(feature):
                raise GameError(f"feature {name!r} is {feature!r}, not a function")
        if isinstance(weights, Mapping):
            missing = sorted(set(named) - set(weights))
            extra = sorted(set(weights) - set(named))
            if missing or extra:
                raise GameError(
                    f"weights must name exactly the features {sorted(named)}; "
                    f"missing {missing}, unknown {extra}"
                )
            values = [weights[name] for name in named]
        else:
            values = list(weights)
            if len(values) != len(named):
                raise GameError(
                    f"{len(values)} weights for {len(named)} features ({list(named)}); "
                    "give one weight per feature"
                )
        for name, weight in zip(named, values, strict=True):
            if (
                isinstance(weight, bool)
                or not isinstance(weight, Real)
                or not math.isfinite(weight)
            ):
                raise GameError(f"the weight of {name!r} must be a finite number, got {weight!r}")
        if not any(values):
            raise GameError("every weight is 0: give at least one feature a weight")
        self.features: dict[str, Evaluation] = named
        self.weights: dict[str, float] = {n: float(w) for n, w in zip(named, values, strict=True)}
        self.normalise = normalise
        self._scale = sum(abs(w) for w in self.weights.values()) if normalise else 1.0
        self.__name__ = "LinearEvaluator"

    def __repr__(self) -> str:
        extra = "" if self.normalise else ", normalise=False"
        return f"LinearEvaluator({self.weights!r}{extra})"

    def terms(self, state: Any, player: Player) -> dict[str, float]:
        """Each feature's contribution (weight × value, scaled), to see why a value is what it is."""
        check_player(player)
        return {
            name: self.weights[name] * float(feature(state, player)) / self._scale
            for name, feature in self.features.items()
        }

    def __call__(self, state: Any, player: Player) -> float:
        return sum(self.terms(state, player).values())


def terminal_only(game: Game[Any, Any]) -> Evaluation:
    """The evaluation that knows nothing: the utility of a finished game, else 0.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> terminal_only(game)(game.initial_state(), 0)
    0.0
    """

    def no_estimate(state: Any, player: Player) -> float:
        return float(game.utility(state, player)) if game.is_terminal(state) else 0.0

    return no_estimate


def default_evaluation(game: Game[Any, Any]) -> Evaluation:
    """The game's own evaluation if it has one (:class:`~gametheory.core.OwnEvaluation`), else
    :func:`terminal_only`.

    Games may offer their favourite heuristic as an ``evaluate`` method — Abapa's is the
    store difference. Players and the console program use this when you do not choose one.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> default_evaluation(game) == game.evaluate
    True
    """
    if isinstance(game, OwnEvaluation):
        return game.evaluate
    return terminal_only(game)


def move_count(game: Game[Any, Any]) -> Evaluation:
    """Mobility for any game: many moves to choose from is good for the player to move.

    ``k / (k + 1)`` for the ``k`` legal moves, positive for the player to move and negative
    for the other, so it stays within (−1, 1).

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> move_count(game)(game.initial_state(), 0), move_count(game)(game.initial_state(), 1)
    (0.8571428571428571, -0.8571428571428571)
    """

    def mobility(state: Any, player: Player) -> float:
        check_player(player)
        k = len(game.legal_moves(state))
        value = k / (k + 1)
        return value if game.to_move(state) == player else -value

    return mobility
