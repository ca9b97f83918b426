"""What one Abapa move did, in words: the report :meth:`~gametheory.games.abapa.rules.Abapa.explain`
gives, for commentary and pictures."""

from __future__ import annotations

from dataclasses import dataclass, field

from gametheory.core import Player, player_name
from gametheory.games.abapa.state import AbapaState, House

__all__ = ["MoveReport"]


@dataclass(frozen=True)
class MoveReport:
    """What one move did, for commentary and pictures (see :meth:`~gametheory.games.abapa.rules.Abapa.explain`).

    Attributes
    ----------
    move, player
        The house played and who played it.
    sown
        The houses that received a seed, in sowing order (the last one is ``sown[-1]``).
    captured
        The houses captured, in increasing order (empty if none).
    seeds_captured
        How many seeds went to the mover's store by capture.
    grand_slam
        True if the capture would have taken all the opponent's seeds.
    ending
        None if the game goes on; else why it ended: ``"threshold"`` (a store passed half of
        the seeds), ``"no_moves"`` (the next player cannot move — cannot feed, or has no
        seeds, or the board is empty), ``"repetition"`` or ``"below_four"``.
    state
        The position after the move.
    """

    move: House
    player: Player
    sown: tuple[House, ...]
    captured: tuple[House, ...]
    seeds_captured: int
    grand_slam: bool
    ending: str | None
    state: AbapaState = field(repr=False)

    def effect(self) -> str:
        """What the move did, without who played it: the end of :meth:`describe`.

        >>> from gametheory.games.abapa import Abapa
        >>> Abapa().explain(Abapa().initial_state(), 3).effect()
        'sows 4 seeds into houses 4–7.'
        """
        return self.describe().split(": ", 1)[1]

    def describe(self) -> str:
        """One sentence about the move.

        >>> from gametheory.games.abapa import Abapa
        >>> Abapa().explain(Abapa().initial_state(), 3).describe()
        'A plays house 3: sows 4 seeds into houses 4–7.'
        >>> game = Abapa()
        >>> game.explain(game.state([0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 3], stores=(18, 22)), 6).describe()
        'A plays house 6: sows 2 seeds into houses 7, 8, captures 5 seeds from houses 7, 8.'
        """
        name = player_name(self.player)
        plural = "s" if len(self.sown) != 1 else ""
        text = f"{name} plays house {self.move}: sows {len(self.sown)} seed{plural} into house{plural} "
        ascending = all(b == a + 1 for a, b in zip(self.sown, self.sown[1:], strict=False))
        if len(self.sown) > 2 and ascending:
            text += f"{self.sown[0]}–{self.sown[-1]}"
        else:
            text += ", ".join(map(str, self.sown))
        if self.captured:
            houses = ", ".join(map(str, self.captured))
            seeds = "s" if self.seeds_captured != 1 else ""
            more = "s" if len(self.captured) != 1 else ""
            text += f", captures {self.seeds_captured} seed{seeds} from house{more} {houses}"
        elif self.grand_slam:
            text += ", a grand slam, which captures nothing"
        text += "."
        endings = {
            "threshold": " The game is over: a store holds more than half of the seeds.",
            "no_moves": " The game is over: the next player cannot move, so each player "
            "takes the seeds on their own side.",
            "repetition": " The game is over: the position repeated, so each player takes "
            "the seeds on their own side.",
            "below_four": " The game is over: both sides hold fewer than 4 seeds, so each "
            "player takes the seeds on their own side.",
        }
        return text + endings.get(self.ending or "", "")
