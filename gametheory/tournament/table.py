"""What the games of a tournament say about the players: the table, intervals, ratings.

A score rate from a few games is uncertain, so every rate comes with its 95 % Wilson
interval (:func:`wilson_interval`); the ratings are the Bradley–Terry fit of all the games
at once, on the Elo scale (:meth:`TournamentResult.ratings`), so they do not depend on the
order the games were played in.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from gametheory.core import GameError
from gametheory.tournament.match import MatchRecord

__all__ = ["FailedGame", "Standing", "TournamentResult", "wilson_interval"]


def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: better than ±2σ for few games.

    Unlike the normal approximation it never leaves [0, 1] and is not empty at 0 or n
    successes (Wilson 1927; ``scipy.stats.binomtest`` offers it for whole numbers of
    successes, and a draw is half of one).

    >>> low, high = wilson_interval(9, 10)
    >>> round(low, 3), round(high, 3)
    (0.596, 0.982)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise GameError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class FailedGame:
    """A game of a tournament that failed, and failed again when it was played again.

    Attributes
    ----------
    players : (str, str)
        The names of A and B.
    opening : tuple
        The opening it was to start from.
    error : str
        What happened, both times.
    """

    players: tuple[str, str]
    opening: tuple[Any, ...]
    error: str


@dataclass(frozen=True)
class Standing:
    """One row of the table.

    Attributes
    ----------
    name : str
    games, wins, draws, losses : int
    score : float
        Points per game: a win 1, a draw ½.
    win_rate, draw_rate, loss_rate : (float, float, float)
        Each rate with its 95 % Wilson interval: ``(rate, low, high)``.
    elo : float
        The Elo-style rating (see :meth:`TournamentResult.ratings`).
    forfeits : int
        Of the losses, those by forfeit (the player failed).
    """

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    win_rate: tuple[float, float, float]
    draw_rate: tuple[float, float, float]
    loss_rate: tuple[float, float, float]
    elo: float
    forfeits: int = 0


@dataclass(frozen=True)
class TournamentResult:
    """The games of a tournament and what they say about the players.

    Attributes
    ----------
    names : tuple of str
        The players, in the order given.
    records : tuple of MatchRecord
        Every game that ended (forfeits included), in the order they were scheduled.
    failures : tuple of FailedGame
        The games that could not be played (they failed twice); they count for nobody.
    unplayed : tuple of FailedGame
        The games not played because the tournament was interrupted (Ctrl-C).
    """

    names: tuple[str, ...]
    records: tuple[MatchRecord, ...]
    failures: tuple[FailedGame, ...] = ()
    unplayed: tuple[FailedGame, ...] = ()

    def points(self) -> dict[tuple[str, str], float]:
        """``points[x, y]``: what x scored against y (win 1, draw ½), both colours together."""
        table = {(x, y): 0.0 for x in self.names for y in self.names if x != y}
        for r in self.records:
            a, b = r.players
            table[a, b] += r.score
            table[b, a] += 1 - r.score
        return table

    def ratings(self, *, anchor: float = 1500.0) -> dict[str, float]:
        """Elo-style ratings: the Bradley–Terry fit of the results, on the Elo scale.

        A rating gap of 400 means the stronger player is expected to score 10 : 1. Draws
        count as half a win for each side. Each pair that met also gets one virtual draw,
        so a player who never lost still has a finite rating; the mean rating is ``anchor``.

        >>> TournamentResult(("x", "y"), ()).ratings()
        {'x': 1500.0, 'y': 1500.0}
        """
        import numpy as np  # here, not with the module: the browser's Python has none

        index = {name: i for i, name in enumerate(self.names)}
        games = np.zeros((len(index), len(index)))  # games[i, j]: how often i met j
        for r in self.records:
            games[index[r.players[0]], index[r.players[1]]] += 1
        games += games.T
        scored = self.points()
        points = np.array([sum(scored.get((x, y), 0.0) for y in self.names) for x in index])
        met = games > 0
        games += met  # the virtual draw: one game more,
        points += met.sum(axis=1) / 2  # half a point to each side
        strength = np.ones(len(index))
        for _ in range(2000):  # the minorisation-maximisation iteration (Hunter 2004)
            total = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
            new = np.where(total > 0, points / np.where(total > 0, total, 1.0), 1.0)
            new /= math.exp(float(np.log(new).mean()))
            converged = float(np.abs(new - strength).max()) < 1e-12
            strength = new
            if converged:
                break
        return {x: anchor + 400 * math.log10(s) for x, s in zip(self.names, strength, strict=True)}

    def standings(self) -> list[Standing]:
        """The table, best score first (then best rating, then name)."""
        elo = self.ratings()
        rows = []
        for x in self.names:
            mine = [r for r in self.records if x in r.players]
            scores = [r.score if r.players[0] == x else 1 - r.score for r in mine]
            won, drawn, lost = (scores.count(s) for s in (1.0, 0.5, 0.0))
            forfeits = sum(r.forfeit is not None and r.players[r.forfeit] == x for r in mine)
            n = len(mine)
            win, draw, loss = (
                (k / n if n else 0.0, *wilson_interval(k, n)) for k in (won, drawn, lost)
            )
            score = (won + drawn / 2) / n if n else 0.0
            rows.append(Standing(x, n, won, drawn, lost, score, win, draw, loss, elo[x], forfeits))
        return sorted(rows, key=lambda row: (-row.score, -row.elo, row.name))

    def problems(self) -> list[str]:
        """Sentences about the forfeits and the failed games (none if all went well).

        >>> TournamentResult(("x", "y"), ()).problems()
        []
        """
        faults = [r for r in self.records if r.forfeit is not None]
        lines = []
        for name in dict.fromkeys(r.players[r.forfeit] for r in faults if r.forfeit is not None):
            lost = [r for r in faults if r.forfeit is not None and r.players[r.forfeit] == name]
            lines.append(f"{name} lost {_games(len(lost))} by forfeit; first: {lost[0].error}")
        if self.failures:
            first = self.failures[0]
            lines.append(
                f"{_games(len(self.failures))} failed and count for nobody; first "
                f"({' vs '.join(first.players)}): {first.error}"
            )
        if self.unplayed:
            lines.append(
                f"{_games(len(self.unplayed))} not played: the tournament was interrupted "
                f"(Ctrl-C); the table counts the {len(self.records)} that ended"
            )
        return lines

    def __str__(self) -> str:
        forfeited = any(r.forfeit is not None for r in self.records)
        head = f"{'player':<24} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'score':>6} {'Elo':>6}"
        lines = [head + f" {'forfeits':>8}" * forfeited]
        for row in self.standings():
            lines.append(
                f"{row.name:<24} {row.games:>5} {row.wins:>4} {row.draws:>4} {row.losses:>4} "
                f"{row.score:>6.1%} {row.elo:>6.0f}" + f" {row.forfeits:>8}" * forfeited
            )
        return "\n".join(lines + self.problems())

    def _repr_html_(self) -> str:
        def rate(r: tuple[float, float, float]) -> str:
            return f"{r[0]:.0%} <small>[{r[1]:.0%}, {r[2]:.0%}]</small>"

        forfeited = any(r.forfeit is not None for r in self.records)
        titles = ["#", "player", "games", "wins", "draws", "losses", "score", "Elo"]
        head = "".join(f"<th>{h}</th>" for h in titles + ["forfeits"] * forfeited)
        body = []
        for k, row in enumerate(self.standings(), 1):
            rates = [rate(r) for r in (row.win_rate, row.draw_rate, row.loss_rate)]
            cells = [str(k), html.escape(row.name), str(row.games), *rates, f"{row.score:.1%}"]
            cells += [f"{row.elo:.0f}"] + [str(row.forfeits)] * forfeited
            body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        note = (
            f"<caption>{len(self.records)} games; rates with 95% Wilson intervals; "
            "Elo-style ratings (mean 1500)</caption>"
        )
        problems = "".join(f"<p>{html.escape(line)}</p>" for line in self.problems())
        table = f"<table>{note}<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        return table + problems

    def plot(self, ax: Any = None) -> Any:
        """Each player's score rate with its 95 % Wilson interval, labelled with the rating.

        Returns the matplotlib ``Axes``.

        >>> TournamentResult(("x", "y"), ()).plot().get_xlabel()
        'score (win 1, draw ½), with 95% Wilson interval'
        """
        import matplotlib.pyplot as plt
        import numpy as np

        if ax is None:
            _, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(self.names)))
        rows = self.standings()[::-1]  # best at the top
        scores = np.array([row.score for row in rows])
        bounds = np.array([wilson_interval(row.score * row.games, row.games) for row in rows])
        bounds = bounds.reshape(-1, 2)
        errors = np.maximum(0.0, [scores - bounds[:, 0], bounds[:, 1] - scores])
        ys = range(len(rows))
        ax.barh(ys, scores, xerr=errors, color="#4c72b0", alpha=0.8, capsize=4)
        ax.set_yticks(list(ys), [f"{row.name}  ({row.elo:.0f})" for row in rows])
        ax.set_xlim(0, 1)
        ax.axvline(0.5, color="grey", lw=0.8, ls="--")
        ax.set_xlabel("score (win 1, draw ½), with 95% Wilson interval")
        ax.set_title(f"Round robin: {len(self.records)} games (Elo-style rating in brackets)")
        ax.figure.tight_layout()
        return ax


def _games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"
