"""Abapa's fast path (games/abapa/fast.py) gives exactly what the readable rules give.

``successor`` is a second implementation of a move, for the search engine: compiled
sowings, a capture test that looks at one house, no can-move test after most quiet moves
(see the module's docstring); ``order_moves`` guesses captures from a table. Here it is
proven equal to the rules of :mod:`gametheory.games.abapa.rules` (``explain``, ``result``,
``is_terminal``): perft counts through both at depths 1 to 5 from the opening and from
seeded positions under every rule variant; property tests at any position under any rules;
whole small games position by position, with proof that every case of successor was met;
and each table checked against the readable sowing, seed by seed.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter, deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import A, B, GameError
from gametheory.games.abapa import Abapa, AbapaRules, AbapaState, store_difference
from gametheory.games.abapa.fast import FastMoves, _compiled, _last_seeds
from gametheory.games.abapa.rules import _sow
from gametheory.trees import perft

from .strategies import ABAPA_CYCLES, ABAPA_GRAND_SLAMS, abapa_rules

VARIANTS = [
    AbapaRules(grand_slam, cycle)  # type: ignore[arg-type]
    for grand_slam in ABAPA_GRAND_SLAMS
    for cycle in ABAPA_CYCLES
]


def check_position(
    game: Abapa, state: AbapaState, seen_paths: Counter[tuple[str, str | None]]
) -> list[AbapaState]:
    """successor and move_value (the engine's last ply) at ``state`` against the rules,
    for every legal move; the positions after the moves.

    ``seen_paths`` counts which of successor's cases the moves went through, so a test can
    insist that each of them was exercised."""
    children = []
    mine = game.houses_of(state.to_move)
    move_value = game.move_value(store_difference)
    assert move_value is not None and game.move_value(game.evaluate) is None
    for move in game.legal_moves(state):
        report = game.explain(state, move)
        assert game.result(state, move) == report.state
        assert game.successor(state, move) == (report.state, game.is_terminal(report.state))
        assert game.is_terminal(report.state) == (report.ending is not None)
        over = report.ending is not None  # the engine's last ply, scored without the position:
        score = game.utility if over else store_difference  # as the position made and scored
        assert move_value(state, move) == (score(report.state, state.to_move), over)
        children.append(report.state)
        kind = "capture" if report.captured else "quiet"
        if report.grand_slam:
            kind = "grand slam taken" if report.captured else "grand slam, nothing taken"
        elif kind == "quiet" and not any(h in mine for h in report.sown):
            kind = "quiet, no seed home"
        seen_paths[kind, report.ending] += 1
        if not any(state.houses[h - 1] for h in game.houses_of(1 - state.to_move)):
            seen_paths["feeding", report.ending] += 1
    return children


def seeded(game: Abapa, seed: int) -> AbapaState:
    """The position after 10 to 30 random plies from the opening (fewer if the game ends)."""
    rng, state = random.Random(seed), game.initial_state()
    for _ in range(rng.randint(10, 30)):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(game.legal_moves(state)))
    return state


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.grand_slam}-{r.cycle}")
def test_perft_through_both_paths_for_every_rule_variant(rules: AbapaRules) -> None:
    """perft by the readable rules (trees.perft: result and is_terminal) and through
    successor agree at depths 1 to 5, from the opening and from seeded positions, on the
    board of Abapa and on a small one (where grand slams and endings come within reach)."""
    small = AbapaRules(**{**rules.to_dict(), "houses_per_side": 3, "seeds_per_house": 2})
    for game in (Abapa(rules), Abapa(small)):
        for state in (game.initial_state(), seeded(game, 1), seeded(game, 2)):
            readable = [perft(game, state, depth=d) for d in range(1, 6)]
            assert [fast_perft(game, state, d) for d in range(1, 6)] == readable, state


@settings(max_examples=40, deadline=None)
@given(rules=abapa_rules, seed=st.integers(0, 10**6))
def test_successor_is_result_and_is_terminal_in_random_games(rules: AbapaRules, seed: int) -> None:
    from gametheory.core import Successor

    game = Abapa(rules)
    assert isinstance(game, Successor)
    rng = random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        check_position(game, state, Counter())
        state = game.result(state, rng.choice(game.legal_moves(state)))


def test_the_game_keeps_nothing_between_moves() -> None:
    """No cache on the game: after a search's worth of moves every attribute of the game
    and of its fast path is the very object it was, and each is immutable data."""
    game = Abapa()
    before = {**vars(game), **{f"fast.{k}": v for k, v in vars(game._fast).items()}}
    ids = {name: id(value) for name, value in before.items()}
    for state in reachable(game, 300):
        for move in game.legal_moves(state):
            game.successor(state, move)
            game.order_moves(state, game.legal_moves(state))
    after = {**vars(game), **{f"fast.{k}": v for k, v in vars(game._fast).items()}}
    assert {name: id(value) for name, value in after.items()} == ids
    for name, value in after.items():
        assert isinstance(value, (int, str, bool, tuple, AbapaRules, FastMoves)) or callable(
            value
        ), name


@pytest.mark.parametrize("houses", [1, 2, 3, 6])
def test_compiled_sowings_are_the_readable_sowing(houses: int) -> None:
    """Every compiled sowing (each house, 0 to three laps of seeds) makes the board the
    readable sowing makes, and knows where the last seed fell and whether one fell home."""
    size = 2 * houses
    rng = random.Random(houses)
    for start in range(size):
        for seeds in range(1, 3 * size):
            board = [rng.randint(0, 5) for _ in range(size)]
            board[start] = seeds
            sown_board, sown = _sow(tuple(board), start + 1)
            compiled = _compiled(size, start, seeds)
            assert compiled.sow(tuple(board)) == tuple(sown_board), (start, seeds)
            last, mine = sown[-1] - 1, start // houses
            assert compiled.capture_at == (last if last // houses != mine else None)
            assert compiled.sows_home == any((h - 1) // houses == mine for h in sown)


@pytest.mark.parametrize(("houses", "seeds"), [(1, 1), (1, 5), (2, 3), (3, 4), (6, 4), (5, 9)])
def test_the_last_seed_table_agrees_with_sowing_seed_by_seed(houses: int, seeds: int) -> None:
    size, total = 2 * houses, 2 * houses * seeds
    for start in range(size):
        table = _last_seeds(size, start, total)
        assert table[0] == -1
        for count in range(1, total + 1):
            board = [0] * size
            board[start] = count
            last = _sow(tuple(board), start + 1)[1][-1] - 1
            expected = last if last // houses != start // houses else -1
            assert table[count] == expected, (start, count)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Abapa, AbapaState]:
    """Any position a game could be asked about: seeds anywhere (often with one side
    empty, to be fed), any stores (a won game too), either player to move, and under the
    repetition rule a history of earlier boards."""
    rules = draw(abapa_rules)
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


@pytest.mark.parametrize("cycle", ABAPA_CYCLES)
@pytest.mark.parametrize("grand_slam", ABAPA_GRAND_SLAMS)
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
    """Moves from many positions, equal positions that are different objects, in random
    order: successor depends on nothing but its arguments."""
    game = Abapa(houses_per_side=3, seeds_per_house=2)
    states = reachable(game, 400)
    twins = [AbapaState(*s) for s in states]  # equal, not the same object
    pairs = [(s, m) for s in states + twins for m in game.legal_moves(s)]
    random.Random(7).shuffle(pairs)
    for state, move in pairs:
        after = game.result(state, move)
        assert game.successor(state, move) == (after, game.is_terminal(after))


def test_a_game_travels_by_its_rules() -> None:
    """Pickled or copied (as the tournament does), a game keeps its rules and its speed."""
    game = Abapa(grand_slam="capture", houses_per_side=3)
    start = game.initial_state()
    # the compiled sowings cannot be pickled: the game travels as its rules
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
    moves = game.legal_moves(state)
    opponent = game.houses_of(1 - state.to_move)
    hits = []
    for move in moves:
        last = game.explain(state, move).sown[-1]
        if last in opponent and state.houses[last - 1] in (1, 2):
            hits.append(move)
    assert list(game.order_moves(state, moves)) == hits + [m for m in moves if m not in hits]
    n = game.rules.houses_per_side
    if all(seeds < 2 * n - 1 for seeds in state.houses):
        greedy = Abapa(AbapaRules(**{**game.rules.to_dict(), "grand_slam": "capture"}))
        assert hits == [m for m in moves if greedy.explain(state, m).captured]


def _played_out(game: Abapa, state: AbapaState, seed: int) -> AbapaState:
    """A playout the plain way: the rules' legal moves and result, ply after ply."""
    choose = random.Random(seed).choice
    while not game.is_terminal(state):
        state = game.result(state, choose(game.legal_moves(state)))
    return state


@settings(max_examples=200, deadline=None)
@given(positions(), st.integers(0, 10**6))
def test_a_playout_is_the_game_played_move_by_move(
    game_and_state: tuple[Abapa, AbapaState], seed: int
) -> None:
    # from any position (histories included), under every rule variant, with the same
    # random moves: the same finished position (stores, board, history) as the rules give.
    # below_four games can go round in circles: they are played out only when they end.
    game, state = game_and_state
    if game.is_terminal(state) or game.rules.cycle != "repetition":
        return
    assert game.playout(state, random.Random(seed).choice) == _played_out(game, state, seed)


@pytest.mark.parametrize("rules", VARIANTS)
def test_playouts_from_the_opening(rules: AbapaRules) -> None:
    game = Abapa(rules)
    start = game.initial_state()
    if rules.cycle != "repetition":
        with pytest.raises(GameError, match="below_four"):
            game.playout(start, random.Random(0).choice)
        return
    for seed in range(30):
        assert game.playout(start, random.Random(seed).choice) == _played_out(game, start, seed)
