"""Abapa's fast paths give exactly what the plain rules give.

The game remembers legal moves, works each sowing out once per board size, and accepts a
legal move without building error text. Here the plain rules are written out again the
slow, obvious way (one seed at a time, every test repeated at each call), and random games
under every rule variant are played through both.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import A, B, IllegalMoveError
from gametheory.games.abapa import Abapa, AbapaRules, AbapaState
from gametheory.trees import perft

RULES = st.builds(
    AbapaRules,
    grand_slam=st.sampled_from(["no_capture", "capture", "forbidden", "leave_first", "leave_last"]),
    cycle=st.sampled_from(["repetition", "below_four"]),
    houses_per_side=st.sampled_from([2, 3, 4, 6]),
    seeds_per_house=st.sampled_from([1, 2, 3, 4, 5]),
)


# -- the plain rules ------------------------------------------------------------------------
def plain_sow(
    houses: tuple[int, ...], player: int, move: int
) -> tuple[list[int], list[int], list[int], bool]:
    """Board after sowing, sown indices, capture run (last seed first), grand slam or not."""
    n = len(houses) // 2
    board = list(houses)
    start = move - 1
    seeds, board[start] = board[start], 0
    sown = []
    pos = start
    while seeds:
        pos = (pos + 1) % (2 * n)
        if pos == start:
            continue
        board[pos] += 1
        sown.append(pos)
        seeds -= 1
    lo = (1 - player) * n
    run = []
    if lo <= pos < lo + n:
        while pos >= lo and board[pos] in (2, 3):
            run.append(pos)
            pos -= 1
    slam = bool(run) and sum(board[i] for i in run) == sum(board[lo : lo + n])
    return board, sown, run, slam


def plain_legal(rules: AbapaRules, houses: tuple[int, ...], player: int) -> tuple[int, ...]:
    n = rules.houses_per_side
    lo, hi = player * n, (player + 1) * n
    moves = tuple(i + 1 for i in range(lo, hi) if houses[i])
    opponent = houses[n:] if player == A else houses[:n]
    if not any(opponent):
        moves = tuple(m for m in moves if (m - 1) + houses[m - 1] >= hi)
    if rules.grand_slam == "forbidden" and any(opponent):
        allowed = tuple(m for m in moves if not plain_sow(houses, player, m)[3])
        moves = allowed or moves
    return moves


def plain_legal_moves(rules: AbapaRules, state: AbapaState) -> tuple[int, ...]:
    if max(state.stores) >= rules.win_threshold:
        return ()
    return plain_legal(rules, state.houses, state.to_move)


def plain_play(
    rules: AbapaRules, state: AbapaState, move: int
) -> tuple[AbapaState, tuple[int, ...], tuple[int, ...], int, bool, str | None]:
    """The position after a legal ``move``, and what a MoveReport says about it."""
    assert move in plain_legal_moves(rules, state)
    n, mover = rules.houses_per_side, state.to_move
    board, sown, run, slam = plain_sow(state.houses, mover, move)
    if slam and rules.grand_slam in ("no_capture", "forbidden"):
        run = []
    elif slam and rules.grand_slam == "leave_first":
        run = run[:-1]
    elif slam and rules.grand_slam == "leave_last":
        run = run[1:]
    taken = sum(board[i] for i in run)
    for i in run:
        board[i] = 0
    stores = list(state.stores)
    stores[mover] += taken
    nxt = 1 - mover
    houses = tuple(board)
    seen: frozenset[tuple[tuple[int, ...], int]] = frozenset()
    ending = None
    if stores[mover] >= rules.win_threshold:
        ending = "threshold"
    elif rules.cycle == "repetition":
        if not taken:
            if (houses, nxt) in state.seen:
                ending = "repetition"
            else:
                seen = state.seen | {(state.houses, mover)}
    elif sum(board[:n]) < 4 and sum(board[n:]) < 4:
        ending = "below_four"
    if ending is None and not plain_legal(rules, houses, nxt):
        ending = "no_moves"
    if ending in ("repetition", "below_four", "no_moves"):
        stores[A] += sum(board[:n])
        stores[B] += sum(board[n:])
        houses = (0,) * (2 * n)
        seen = frozenset()
    after = AbapaState(houses, (stores[0], stores[1]), nxt, seen)
    captured = tuple(sorted(i + 1 for i in run))
    return after, tuple(i + 1 for i in sown), captured, taken, slam, ending


# -- the game against the plain rules --------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**6))
def test_random_games_follow_the_plain_rules(rules: AbapaRules, seed: int) -> None:
    game = Abapa(rules)
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(400):
        legal = game.legal_moves(state)
        assert legal == plain_legal_moves(rules, state)
        assert game.is_terminal(state) == (not legal)
        for house in range(0, 2 * rules.houses_per_side + 2):
            if house not in legal:
                with pytest.raises(IllegalMoveError, match=f"illegal move {house} in "):
                    game.result(state, house)
        if not legal:
            break
        move = rng.choice(legal)
        report = game.explain(state, move)
        after, sown, captured, taken, slam, ending = plain_play(rules, state, move)
        assert game.result(state, move) == after == report.state
        assert (report.sown, report.captured, report.seeds_captured) == (sown, captured, taken)
        assert (report.grand_slam, report.ending) == (slam, ending)
        state = after


def test_non_int_moves_take_the_plain_checks() -> None:
    game = Abapa()
    start = game.initial_state()
    for move in (True, 3.0, "3", None):
        with pytest.raises(IllegalMoveError, match="a move is a house number"):
            game.result(start, move)  # type: ignore[arg-type]


def test_perft_to_depth_five() -> None:
    assert [perft(Abapa(), depth=d) for d in range(1, 6)] == [6, 36, 190, 1014, 5219]


# -- the engine's fast path -------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**6))
def test_successor_is_result_and_is_terminal(rules: AbapaRules, seed: int) -> None:
    from gametheory.search.engine import Successor

    game = Abapa(rules)
    assert isinstance(game, Successor)
    rng = random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        for move in game.legal_moves(state):
            after = game.result(state, move)
            assert game.successor(state, move) == (after, game.is_terminal(after))
        state = game.result(state, rng.choice(game.legal_moves(state)))


def fast_perft(game: Abapa, state: AbapaState, depth: int) -> int:
    """perft through successor(), which is what the engine uses."""
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves(state):
        after, over = game.successor(state, move)
        total += 1 if depth == 1 else (0 if over else fast_perft(game, after, depth - 1))
    return total


def test_perft_through_the_fast_path() -> None:
    game = Abapa()
    start = game.initial_state()
    assert [fast_perft(game, start, d) for d in range(1, 6)] == [6, 36, 190, 1014, 5219]
