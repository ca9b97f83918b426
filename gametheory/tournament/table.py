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
from typing import TYPE_CHECKING, Any

from gametheory.core import GameError
from gametheory.tournament.match import MatchRecord

if TYPE_CHECKING:
    from gametheory.draw.svg import Svg

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
        met: dict[str, dict[str, int]] = {x: {} for x in self.names}  # met[x][y]: games
        for r in self.records:
            a, b = r.players
            met[a][b] = met[b][a] = met[a].get(b, 0) + 1
        # the virtual draw: one game more for each pair that met, half a point to each side
        scored = self.points()
        points = {x: sum(scored[x, y] + 0.5 for y in met[x]) for x in self.names}
        strength = dict.fromkeys(self.names, 1.0)
        for _ in range(2000):  # the minorisation-maximisation iteration (Hunter 2004)
            new = {}
            for x in self.names:
                total = sum((n + 1) / (strength[x] + strength[y]) for y, n in met[x].items())
                new[x] = points[x] / total if total > 0 else 1.0
            mean_log = math.fsum(math.log(v) for v in new.values()) / len(new)
            new = {x: v / math.exp(mean_log) for x, v in new.items()}
            converged = max(abs(new[x] - strength[x]) for x in self.names) < 1e-12
            strength = new
            if converged:
                break
        return {x: anchor + 400 * math.log10(strength[x]) for x in self.names}

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

    def chart(self) -> Svg:
        """Each player's score with its 95 % Wilson interval, labelled with the rating; the
        best at the top, a dotted line at ½ (an even score).

        >>> picture = TournamentResult(("x", "y"), ()).chart()
        >>> "x (1500) 0 [0, 1]" in picture
        True
        """
        from gametheory.draw.charts import interval_bars

        rows = self.standings()
        return interval_bars(
            [f"{row.name} ({row.elo:.0f})" for row in rows],
            [row.score for row in rows],
            [wilson_interval(row.score * row.games, row.games) for row in rows],
            title=f"Round robin: {_games(len(self.records))} (Elo-style rating in brackets)",
            xlabel="score (win 1, draw ½), with 95% Wilson interval",
            reference=(0.5, "an even score"),
        )


def _games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"
