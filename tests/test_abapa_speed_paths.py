"""Abapa's fast paths give exactly what the plain rules give.

The game remembers legal moves, works each sowing out once per board size, and accepts a
legal move without building error text; ``successor`` (the engine's way of making a move)
has a body of its own, with compiled sowings, a capture test that looks at one house, no
can-move scan after a quiet move and a history shared by sibling moves; ``is_terminal``
and ``store_difference`` take shortcuts too. Here the plain rules are written out again
the slow, obvious way (one seed at a time, every test repeated at each call), and random
games, random positions and whole small games under every rule variant are played through
both.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter, deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import A, B, GameError, IllegalMoveError
from gametheory.games.abapa import Abapa, AbapaRules, AbapaState, store_difference
from gametheory.trees import perft

GRAND_SLAMS = ["no_capture", "capture", "forbidden", "leave_first", "leave_last"]
CYCLES = ["repetition", "below_four"]
RULES = st.builds(
    AbapaRules,
    grand_slam=st.sampled_from(GRAND_SLAMS),
    cycle=st.sampled_from(CYCLES),
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
def plain_store_difference(state: AbapaState, player: int) -> float:
    own, opp = state.stores[player], state.stores[1 - player]
    return (own - opp) / (sum(state.houses) + sum(state.stores))


def check_position(
    game: Abapa, state: AbapaState, seen_paths: Counter[tuple[str, str | None]]
) -> list[AbapaState]:
    """Every fast path at ``state`` against the plain rules; the positions after its moves.

    ``seen_paths`` counts which of successor's cases the moves went through, so a test can
    insist that each of them was exercised."""
    rules = game.rules
    legal = plain_legal_moves(rules, state)
    assert game.legal_moves(state) == legal
    assert game.is_terminal(state) == (not legal)
    for player in (A, B):
        assert store_difference(state, player) == plain_store_difference(state, player)
    children = []
    for move in legal:
        after, _, captured, _, slam, ending = plain_play(rules, state, move)
        assert game.successor(state, move) == (after, ending is not None)
        children.append(after)
        n = rules.houses_per_side
        mine = range(state.to_move * n, (state.to_move + 1) * n)
        sown = plain_sow(state.houses, state.to_move, move)[1]
        kind = "capture" if captured else "quiet"
        if slam:
            kind = "grand slam taken" if captured else "grand slam, nothing taken"
        elif kind == "quiet" and not any(i in mine for i in sown):
            kind = "quiet, no seed home"
        seen_paths[kind, ending] += 1
        if not any(state.houses[i] for i in range(2 * n) if i not in mine):
            seen_paths["feeding", ending] += 1
    return children


@settings(max_examples=40, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**6))
def test_successor_is_result_and_is_terminal(rules: AbapaRules, seed: int) -> None:
    from gametheory.core import Successor

    game = Abapa(rules)
    assert isinstance(game, Successor)
    rng = random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        for move in game.legal_moves(state):
            after = game.result(state, move)
            assert game.successor(state, move) == (after, game.is_terminal(after))
        check_position(game, state, Counter())
        state = game.result(state, rng.choice(game.legal_moves(state)))


@st.composite
def positions(draw: st.DrawFn) -> tuple[Abapa, AbapaState]:
    """Any position a game could be asked about: seeds anywhere (often with one side
    empty, to be fed), any stores (a won game too), either player to move, and under the
    repetition rule a history of earlier boards."""
    rules = draw(RULES)
    n, total = rules.houses_per_side, rules.total_seeds
    on_board = draw(st.integers(0, total))
    cuts = sorted(draw(st.lists(st.integers(0, on_board), min_size=2 * n - 1, max_size=2 * n - 1)))
    houses = [b - a for a, b in zip([0, *cuts], [*cuts, on_board], strict=True)]
    rng = random.Random(draw(st.integers(0, 10**6)))
    rng.shuffle(houses)
    empty = draw(st.sampled_from((None, A, B)))
    if empty is not None:
        houses[empty * n : (empty + 1) * n] = [0] * n
        on_board = sum(houses)
    store_a = draw(st.integers(0, total - on_board))
    seen = [
        (rng.sample(houses, len(houses)), rng.choice((A, B)))
        for _ in range(draw(st.integers(0, 3)))
    ]
    game = Abapa(rules)
    state = game.state(
        houses, (store_a, total - on_board - store_a), draw(st.sampled_from((A, B))), seen
    )
    return game, state


@settings(max_examples=200, deadline=None)
@given(positions())
def test_fast_paths_at_any_position(game_and_state: tuple[Abapa, AbapaState]) -> None:
    game, state = game_and_state
    check_position(game, state, Counter())


@pytest.mark.parametrize("rules", [AbapaRules(), AbapaRules(cycle="below_four")])
def test_fast_paths_when_the_opponent_must_be_fed(rules: AbapaRules) -> None:
    """Hand-made positions where the opponent has no seeds: the mover can feed them with
    some houses only, or with none (the game is over though the mover has seeds)."""
    game = Abapa(rules)
    boards = [
        ([1, 0, 0, 0, 0, 0] + [0] * 6, A, True),  # house 1 cannot reach B
        ([1, 0, 0, 0, 0, 1] + [0] * 6, A, False),  # house 6 can
        ([0] * 6 + [3, 0, 0, 2, 0, 0], B, True),  # neither 7 nor 10 reaches A
        ([0] * 6 + [0, 0, 0, 2, 0, 6], B, False),  # 12 does
    ]
    for houses, mover, over in boards:
        stores = ((48 - sum(houses)) // 2, 48 - sum(houses) - (48 - sum(houses)) // 2)
        state = game.state(houses, stores, mover)
        check_position(game, state, Counter())
        assert game.is_terminal(state) == over


def reachable(game: Abapa, limit: int) -> list[AbapaState]:
    """The first ``limit`` positions of the game, breadth first from the opening."""
    start = game.initial_state()
    found, queue = {start}, deque([start])
    while queue and len(found) < limit:
        state = queue.popleft()
        for move in game.legal_moves(state):
            after = game.result(state, move)
            if after not in found:
                found.add(after)
                queue.append(after)
    return list(found)


def played(game: Abapa, games: int) -> list[AbapaState]:
    """The positions of ``games`` seeded random games."""
    states = []
    for seed in range(games):
        rng, state = random.Random(seed), game.initial_state()
        while game.legal_moves(state):
            states.append(state)
            state = game.result(state, rng.choice(game.legal_moves(state)))
    return states


@pytest.mark.parametrize("cycle", CYCLES)
@pytest.mark.parametrize("grand_slam", GRAND_SLAMS)
def test_every_case_of_successor_on_small_boards(grand_slam: str, cycle: str) -> None:
    """Whole small games position by position, random games on bigger boards, and proof
    that every case of successor (captures, grand slams, each way a game ends, feeding) was
    met."""
    paths: Counter[tuple[str, str | None]] = Counter()
    for n, seeds, limit, games in (
        (2, 1, 3000, 0),
        (2, 2, 3000, 0),
        (3, 2, 2000, 20),
        (6, 4, 0, 5),
    ):
        rules = AbapaRules(grand_slam, cycle, houses_per_side=n, seeds_per_house=seeds)  # type: ignore[arg-type]
        game = Abapa(rules)
        for state in reachable(game, limit) + played(game, games):
            check_position(game, state, paths)
    # on the full board, a quiet move that leaves B no move though B holds 5 seeds
    stuck = game.state([0, 0, 0, 0, 0, 1, 4, 0, 0, 0, 0, 0], (21, 22))
    check_position(game, stuck, paths)
    cycle_end = cycle  # "repetition" or "below_four"
    expected = {
        ("quiet", None),
        ("quiet", cycle_end),
        ("quiet, no seed home", None),
        ("quiet, no seed home", "no_moves"),
        ("capture", None),
        ("capture", "threshold"),
        ("capture", cycle_end if cycle == "below_four" else "no_moves"),
        ("feeding", None),
    }
    if grand_slam in ("no_capture", "forbidden", "leave_first", "leave_last"):
        expected.add(("grand slam, nothing taken", None))
    if grand_slam == "capture":  # the victim is left without seeds
        expected.add(("grand slam taken", cycle_end if cycle == "below_four" else "no_moves"))
    if grand_slam in ("leave_first", "leave_last"):
        expected.add(("grand slam taken", None))
    assert expected <= set(paths), sorted(expected - set(paths), key=str)


def test_successor_in_any_order() -> None:
    """The history successor shares between sibling moves never leaks to other positions:
    moves from many positions, equal positions that are different objects, in random order."""
    game = Abapa(houses_per_side=3, seeds_per_house=2)
    states = reachable(game, 400)
    twins = [AbapaState(*s) for s in states]  # equal, not the same object
    pairs = [(s, m) for s in states + twins for m in game.legal_moves(s)]
    random.Random(7).shuffle(pairs)
    for state, move in pairs:
        after = game.result(state, move)
        assert game.successor(state, move) == (after, game.is_terminal(after))


def test_store_difference_still_refuses_a_bad_player() -> None:
    state = Abapa().initial_state()
    for player in (2, -1, True, None, "0", 0.5):
        with pytest.raises(GameError, match=f"player must be 0 .A. or 1 .B., got {player!r}"):
            store_difference(state, player)  # type: ignore[arg-type]


def test_a_game_travels_by_its_rules() -> None:
    """Pickled or copied (as the tournament does), a game keeps its rules and its speed."""
    game = Abapa(grand_slam="capture", houses_per_side=3)
    start = game.initial_state()
    game.successor(start, 1)  # the compiled sowings exist now, and cannot be pickled
    for again in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert again == game and again.rules == game.rules
        assert again.successor(start, 1) == game.successor(start, 1)


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
    assert [fast_perft(game, start, d) for d in range(1, 7)] == [6, 36, 190, 1014, 5219, 27332]


@settings(max_examples=200, deadline=None)
@given(positions())
def test_order_moves_puts_the_captures_first(game_and_state: tuple[Abapa, AbapaState]) -> None:
    """order_moves keeps every move and puts first, in their order, the moves whose last
    seed falls into an opponent's house holding 1 or 2; without a lap round the board
    those are exactly the moves that would capture if grand slams capture."""
    game, state = game_and_state
    n = game.rules.houses_per_side
    moves = game.legal_moves(state)
    hits = []
    for move in moves:
        _, sown, run, _ = plain_sow(state.houses, state.to_move, move)
        last = sown[-1]
        if last // n != state.to_move and state.houses[last] in (1, 2):
            hits.append(move)
    assert list(game.order_moves(state, moves)) == hits + [m for m in moves if m not in hits]
    if all(seeds < 2 * n - 1 for seeds in state.houses):
        would_capture = [m for m in moves if plain_sow(state.houses, state.to_move, m)[2]]
        assert hits == would_capture
