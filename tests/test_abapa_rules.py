"""Abapa's rules (games/abapa/rules.py): every rule case of section 1.2 of the thesis, each
from an explicit position; perft; properties over random games under every rule variant;
positions, text and pictures.

Boards are written as (houses 1-6, houses 7-12); stores make the total 48.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import A, B, GameError, IllegalMoveError
from gametheory.games.abapa import Abapa, AbapaRules, AbapaState
from gametheory.trees import perft

from .strategies import MAX_PLIES, abapa_random_game, abapa_rules


def position(
    game: Abapa,
    a_side: list[int],
    b_side: list[int],
    to_move: int = A,
    stores: tuple[int, int] | None = None,
) -> AbapaState:
    """A position with the stores splitting the missing seeds evenly unless given."""
    on_board = sum(a_side) + sum(b_side)
    if stores is None:
        rest = game.rules.total_seeds - on_board
        stores = (rest // 2, rest - rest // 2)
    return game.state(a_side + b_side, stores, to_move)


GAME = Abapa()


# -- the worked positions of the thesis (shared/SEEDS.md) --------------------------------
def test_opening_then_house_3_matches_the_thesis() -> None:
    state = GAME.result(GAME.initial_state(), 3)
    assert state.houses == (4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4)
    assert state.stores == (0, 0) and state.to_move == B


def test_a_plays_1_then_b_plays_9_matches_the_thesis() -> None:
    state = GAME.result(GAME.result(GAME.initial_state(), 1), 9)
    assert state.houses == (1, 5, 5, 5, 5, 4, 4, 4, 0, 5, 5, 5)
    assert state.stores == (0, 0) and state.to_move == A


def test_the_state_space_chapter_lists_the_first_moves() -> None:
    # the list of H in the state-space chapter: the six openings of A, then B's replies
    openings = {GAME.result(GAME.initial_state(), m).houses for m in range(1, 7)}
    assert (0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4) in openings
    assert (4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4) in openings
    after_1 = GAME.result(GAME.initial_state(), 1)
    assert GAME.result(after_1, 7).houses == (0, 5, 5, 5, 5, 4, 0, 5, 5, 5, 5, 4)
    assert GAME.result(after_1, 12).houses == (1, 6, 6, 6, 5, 4, 4, 4, 4, 4, 4, 0)


# -- sowing --------------------------------------------------------------------------------
def test_lap_skip_a_house_with_12_seeds_skips_the_emptied_house() -> None:
    state = position(GAME, [12, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1])
    after = GAME.result(state, 1)
    # 11 seeds go round to house 12, house 1 is skipped, the 12th lands in house 2
    assert after.houses == (0, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2)
    assert after.stores == state.stores  # last seed on A's own side: no capture


def test_lap_skip_twice_with_23_seeds() -> None:
    state = position(GAME, [23, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1])
    after = GAME.result(state, 1)
    assert after.houses[0] == 0
    assert after.houses == (0, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3)


# -- captures ------------------------------------------------------------------------------
def test_single_capture_of_a_two() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 2], [4, 1, 0, 0, 0, 5])
    report = GAME.explain(state, 6)
    assert report.captured == (8,) and report.seeds_captured == 2
    assert report.state.houses[6:] == (5, 0, 0, 0, 0, 5)
    assert report.state.stores == (state.stores[0] + 2, state.stores[1])


def test_single_capture_of_a_three() -> None:
    state = position(GAME, [5, 2, 0, 0, 0, 0], [0, 0, 0, 0, 0, 2], to_move=B)
    report = GAME.explain(state, 12)  # houses 1 (5 -> 6) and 2 (2 -> 3)
    assert report.captured == (2,) and report.seeds_captured == 3
    assert report.state.stores == (state.stores[0], state.stores[1] + 3)


def test_multiple_capture_runs_backwards() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 3], [1, 2, 1, 4, 0, 0])
    report = GAME.explain(state, 6)  # houses 7, 8, 9 become 2, 3, 2
    assert report.captured == (7, 8, 9)
    assert report.seeds_captured == 7
    assert report.state.houses[6:] == (0, 0, 0, 4, 0, 0)


def test_capture_run_is_broken_by_a_house_that_is_not_two_or_three() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 3], [1, 3, 1, 4, 0, 0])
    report = GAME.explain(state, 6)  # 7 -> 2, 8 -> 4 (breaks the run), 9 -> 2
    assert report.captured == (9,)
    assert report.state.houses[6:9] == (2, 4, 0)


def test_capture_run_is_broken_by_a_house_left_with_one_seed() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 4], [1, 0, 1, 2, 0, 4])
    report = GAME.explain(state, 6)  # 7 -> 2, 8 -> 1, 9 -> 2, 10 -> 3
    assert report.captured == (9, 10)


def test_no_capture_on_your_own_side() -> None:
    state = position(GAME, [0, 0, 0, 2, 1, 2], [4, 4, 4, 4, 4, 4])
    report = GAME.explain(state, 4)  # houses 5 -> 2, 6 -> 3: A's own houses
    assert report.captured == () and report.state.stores == state.stores
    assert report.state.houses[4:6] == (2, 3)


def test_capture_run_stops_at_the_movers_own_side() -> None:
    state = position(GAME, [1, 4, 0, 0, 0, 0], [0, 0, 0, 0, 2, 1], to_move=B)
    report = GAME.explain(state, 11)  # house 12 (B's own) -> 2, house 1 -> 2
    assert report.captured == (1,) and report.seeds_captured == 2
    assert report.state.houses[11] == 2  # B's own 2 is not taken


def test_no_capture_by_a_seed_that_is_not_the_last() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 3], [1, 2, 4, 0, 0, 4])
    report = GAME.explain(state, 6)  # 7 -> 2 and 8 -> 3, but the last seed makes 9 a 5
    assert report.captured == ()
    assert report.state.houses[6:9] == (2, 3, 5)
    assert report.state.stores == state.stores


def test_capture_after_a_lap() -> None:
    # 13 seeds from house 6: houses 7-12 and 1-5 get one, 6 is skipped, 7 and 8 get a second
    state = position(GAME, [0, 0, 0, 0, 0, 13], [0, 0, 5, 0, 0, 0])
    report = GAME.explain(state, 6)
    assert report.sown[-1] == 8
    assert report.captured == (7, 8) and report.seeds_captured == 4


# -- grand slam ----------------------------------------------------------------------------
def grand_slam_position(game: Abapa) -> AbapaState:
    """A's house 6 (2 seeds) makes B's only seeds 2 and 3: a grand slam."""
    return position(game, [4, 0, 0, 1, 0, 2], [1, 2, 0, 0, 0, 0])


def test_grand_slam_no_capture_is_the_default() -> None:
    game = Abapa()
    report = game.explain(grand_slam_position(game), 6)
    assert report.grand_slam and report.captured == () and report.seeds_captured == 0
    assert report.state.houses[6:8] == (2, 3)
    assert report.ending is None


def test_grand_slam_capture_takes_everything() -> None:
    game = Abapa(grand_slam="capture")
    state = grand_slam_position(game)
    report = game.explain(state, 6)
    assert report.grand_slam and report.captured == (7, 8) and report.seeds_captured == 5
    # B has nothing left and cannot move: the game ends, A takes the seeds on A's side
    assert report.ending == "no_moves"
    assert report.state.houses == (0,) * 12
    assert report.state.stores == (state.stores[0] + 5 + 5, state.stores[1])
    assert game.is_terminal(report.state)


def test_grand_slam_forbidden_is_illegal_and_names_the_alternatives() -> None:
    game = Abapa(grand_slam="forbidden")
    state = grand_slam_position(game)
    assert game.legal_moves(state) == (1, 4)
    with pytest.raises(IllegalMoveError, match=r"grand slam.*forbid.*play 1 or 4"):
        game.result(state, 6)


def test_grand_slam_forbidden_allows_it_when_nothing_else_is_legal() -> None:
    game = Abapa(grand_slam="forbidden")
    state = position(game, [0, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 0])
    assert game.legal_moves(state) == (6,)
    report = game.explain(state, 6)
    assert report.grand_slam and report.captured == ()


def test_grand_slam_leave_first_keeps_the_first_house_of_the_run() -> None:
    game = Abapa(grand_slam="leave_first")
    report = game.explain(grand_slam_position(game), 6)
    assert report.captured == (8,) and report.seeds_captured == 3
    assert report.state.houses[6:8] == (2, 0)


def test_grand_slam_leave_last_keeps_the_house_of_the_last_seed() -> None:
    game = Abapa(grand_slam="leave_last")
    report = game.explain(grand_slam_position(game), 6)
    assert report.captured == (7,) and report.seeds_captured == 2
    assert report.state.houses[6:8] == (0, 3)


def test_a_capture_that_leaves_seeds_elsewhere_is_not_a_grand_slam() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 1])
    report = GAME.explain(state, 6)
    assert not report.grand_slam and report.captured == (7, 8)


# -- feeding -------------------------------------------------------------------------------
def test_feeding_obligation_only_moves_that_reach_the_opponent() -> None:
    state = position(GAME, [3, 1, 0, 3, 0, 1], [0] * 6)
    assert GAME.legal_moves(state) == (4, 6)  # 1 (3 seeds) and 2 (1 seed) stay home
    with pytest.raises(IllegalMoveError, match=r"B has no seeds: A must feed.*play 4 or 6"):
        GAME.result(state, 1)
    fed = GAME.result(state, 6)
    assert fed.houses[6] == 1


def test_cannot_feed_ending_the_mover_takes_their_own_seeds() -> None:
    # B's houses 7 and 9 hold one seed each: neither reaches A, whose side is empty
    state = position(GAME, [0] * 6, [1, 0, 1, 0, 0, 0], to_move=B, stores=(23, 23))
    assert GAME.legal_moves(state) == () and GAME.is_terminal(state)
    assert GAME.outcome(state).scores == (23, 25)
    assert GAME.utility(state, B) == 1.0 and GAME.utility(state, A) == -1.0
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.result(state, 7)


def test_cannot_feed_ending_reached_by_a_move_is_settled() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 1], [0, 0, 1, 0, 0, 0], stores=(23, 23))
    report = GAME.explain(state, 6)  # A empties A's side; B cannot feed
    assert report.ending == "no_moves"
    assert report.state.houses == (0,) * 12 and report.state.stores == (23, 25)
    assert GAME.is_terminal(report.state) and GAME.winner(report.state) == B


# -- endings -------------------------------------------------------------------------------
def test_repetition_ending_with_a_position_seen_before() -> None:
    before = position(GAME, [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], stores=(23, 23))
    after = GAME.result(before, 6)
    # the same move from a state that already saw `after` repeats a position
    state = GAME.state(before.houses, before.stores, A, seen=[(after.houses, after.to_move)])
    report = GAME.explain(state, 6)
    assert report.ending == "repetition"
    # both seeds are on B's side when the game ends: B takes them
    assert report.state.houses == (0,) * 12 and report.state.stores == (23, 25)


def test_repetition_ending_two_lone_seeds_chase_each_other() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], stores=(23, 23))
    plies = 0
    while not GAME.is_terminal(state):
        report = GAME.explain(state, GAME.legal_moves(state)[0])
        state = report.state
        plies += 1
    # each seed walks six houses; then the board and the player to move are as at the start
    assert plies == 12 and report.ending == "repetition"
    assert GAME.outcome(state) == (None, (24, 24))


def test_a_capture_forgets_the_positions_seen_before() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 2], [4, 1, 0, 0, 0, 5])
    state = GAME.state(state.houses, state.stores, A, seen=[((4,) * 12, B)])
    assert GAME.result(state, 6).seen == frozenset()
    quiet = GAME.result(GAME.initial_state(), 3)
    assert quiet.seen == {((4,) * 12, A)}


def test_below_four_ending_each_takes_their_own() -> None:
    game = Abapa(cycle="below_four")
    state = position(game, [0, 0, 0, 0, 1, 3], [0, 1, 0, 0, 0, 1], stores=(22, 20))
    report = game.explain(state, 5)  # 1 seed to house 6: A holds 4 seeds, not below four
    assert report.ending is None
    state = position(game, [0, 0, 0, 0, 1, 2], [0, 1, 0, 0, 0, 1], stores=(22, 21))
    report = game.explain(state, 5)  # A 3, B 2 after the move: both below four
    assert report.ending == "below_four"
    assert report.state.houses == (0,) * 12 and report.state.stores == (25, 23)
    assert game.utility(report.state, A) == 1.0


def test_below_four_does_not_apply_under_the_repetition_rule() -> None:
    state = position(GAME, [0, 0, 0, 0, 1, 2], [0, 1, 0, 0, 0, 1], stores=(22, 21))
    assert GAME.explain(state, 5).ending is None


def test_25_seeds_win_at_once() -> None:
    state = position(GAME, [0, 0, 0, 0, 0, 2], [4, 1, 0, 0, 0, 5], stores=(23, 13))
    report = GAME.explain(state, 6)
    assert report.ending == "threshold" and report.state.stores == (25, 13)
    assert GAME.is_terminal(report.state) and GAME.legal_moves(report.state) == ()
    assert report.state.houses[6:] == (5, 0, 0, 0, 0, 5)  # the rest stays on the board
    assert GAME.utility(report.state, A) == 1.0 and GAME.utility(report.state, B) == -1.0
    assert GAME.outcome(report.state) == (A, (25, 13))


def test_24_24_is_a_draw() -> None:
    # a grand slam (no capture) empties A's side; B cannot feed and takes its 2 seeds
    state = position(GAME, [0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0], stores=(24, 22))
    report = GAME.explain(state, 6)
    assert report.grand_slam and report.ending == "no_moves"
    assert report.state.stores == (24, 24)
    assert GAME.utility(report.state, A) == 0.0 and GAME.utility(report.state, B) == 0.0
    assert GAME.winner(report.state) is None


# -- illegal moves ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (8, r"house 8 belongs to B; A plays houses 1-6"),
        (0, r"house 0 does not exist: houses are numbered 1 to 12"),
        (13, r"house 13 does not exist"),
        ("3", r"a move is a house number \(an int\)"),
        (True, r"a move is a house number"),
    ],
)
def test_illegal_moves_say_why(move: object, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason) as error:
        GAME.result(GAME.initial_state(), move)  # type: ignore[arg-type]
    assert "[4 4 4 4 4 4 | 4 4 4 4 4 4] stores 0-0, A to move" in str(error.value)


def test_an_empty_house_is_illegal() -> None:
    state = GAME.result(GAME.result(GAME.initial_state(), 3), 9)
    with pytest.raises(IllegalMoveError, match=r"illegal move 3 in .*: house 3 is empty") as error:
        GAME.result(state, 3)
    assert error.value.reason == "house 3 is empty"  # what a play widget tells the player


# -- the rules as a whole -----------------------------------------------------------------
# -- perft -------------------------------------------------------------------------------------
# -- properties over random games ---------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(rules=abapa_rules, seed=st.integers(0, 10**6))
def test_random_games_keep_the_seeds_and_never_shrink_a_store(rules: AbapaRules, seed: int) -> None:
    game = Abapa(rules)
    steps = abapa_random_game(game, seed)
    total = rules.total_seeds
    for (before, _), (after, _) in zip(steps, steps[1:], strict=False):
        assert sum(after.houses) + sum(after.stores) == total
        assert after.stores[0] >= before.stores[0] and after.stores[1] >= before.stores[1]
        assert after.to_move == 1 - before.to_move
    final = steps[-1][0]
    assert game.legal_moves(final) == ()
    assert game.utility(final, A) == -game.utility(final, B)
    assert sum(game.outcome(final).scores) <= total


@settings(max_examples=25, deadline=None)
@given(rules=abapa_rules, seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_result_never_mutates_and_only_legal_moves_are_accepted(
    rules: AbapaRules, seed: int, pick: int
) -> None:
    game = Abapa(rules)
    steps = abapa_random_game(game, seed)
    state = steps[pick % len(steps)][0]
    legal = game.legal_moves(state)
    assert list(legal) == sorted(legal)
    assert (not legal) == game.is_terminal(state)
    snapshot = (state.houses, state.stores, state.to_move, state.seen, hash(state))
    for house in range(0, 2 * rules.houses_per_side + 2):
        if house in legal:
            after = game.result(state, house)
            assert isinstance(after, AbapaState) and after != state
        else:
            with pytest.raises(IllegalMoveError, match=f"illegal move {house} in "):
                game.result(state, house)
        assert (state.houses, state.stores, state.to_move, state.seen, hash(state)) == snapshot


def test_random_games_end() -> None:
    lengths = [len(abapa_random_game(Abapa(), seed)) - 1 for seed in range(30)]
    assert max(lengths) < MAX_PLIES and min(lengths) > 10


# -- positions ------------------------------------------------------------------------------------
def test_states_are_hashable_values() -> None:
    game = Abapa()
    one = game.result(game.initial_state(), 3)
    two = game.result(game.initial_state(), 3)
    assert one == two and hash(one) == hash(two) and len({one, two}) == 1


def test_states_with_different_pasts_differ_under_repetition() -> None:
    game = Abapa()
    board = game.result(game.initial_state(), 3)
    plain = game.state(board.houses, board.stores, board.to_move)
    assert plain != board  # board remembers the opening; plain does not
    assert plain.houses == board.houses


def test_below_four_states_keep_no_past() -> None:
    game = Abapa(cycle="below_four")
    state = game.result(game.result(game.initial_state(), 3), 9)
    assert state.seen == frozenset()
    assert state == game.state(state.houses, state.stores, state.to_move)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"houses": [4] * 11}, r"houses must list 12 houses \(6 a side\), got 11"),
        ({"houses": [4] * 11 + [-4], "stores": (8, 0)}, r"a house must hold .* got -4"),
        ({"houses": [4] * 12, "stores": (1, 0)}, r"holds 49 seeds .* play with 48"),
        ({"houses": [4] * 12, "to_move": 2}, r"to_move must be 0 \(A\) or 1 \(B\), got 2"),
        ({"houses": [4.0] * 12}, r"a house must hold a whole number"),
        ({"houses": [4] * 12, "stores": (0,)}, r"stores must be two counts"),
    ],
)
def test_state_checks_its_input(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(GameError, match=message):
        Abapa().state(**kwargs)  # type: ignore[arg-type]


def test_rules_check_their_input() -> None:
    with pytest.raises(GameError, match="cycle must be one of"):
        AbapaRules(cycle="forever")  # type: ignore[arg-type]
    with pytest.raises(
        GameError, match="houses_per_side must be a whole number from 1 to 12, got 0"
    ):
        Abapa(houses_per_side=0)
    assert AbapaRules().win_threshold == 25
    assert Abapa(houses_per_side=3, seeds_per_house=3).rules.win_threshold == 10


def test_small_boards_have_their_own_numbering() -> None:
    game = Abapa(houses_per_side=2, seeds_per_house=2)
    start = game.initial_state()
    assert game.legal_moves(start) == (1, 2)
    assert game.result(start, 2).houses == (2, 0, 3, 3)
    with pytest.raises(IllegalMoveError, match="houses are numbered 1 to 4"):
        game.result(start, 5)
    # A's house 1 captures house 3 (B keeps house 4: one reply); A's house 2 would take both
    # of B's houses, a grand slam that captures nothing (two replies)
    assert [perft(game, depth=d) for d in range(1, 3)] == [2, 3]
    assert game.result(start, 1).houses == (0, 3, 0, 2)


def test_game_over_is_an_illegal_move_reason() -> None:
    game = Abapa()
    done = game.state([0] * 12, (24, 24))
    with pytest.raises(IllegalMoveError, match=r"the game is over \(a draw, 24-24\)"):
        game.result(done, 1)
    with pytest.raises(GameError, match="the game is not over"):
        game.utility(game.initial_state(), A)


# -- text and pictures ------------------------------------------------------------------------
def test_text_keeps_the_thesis_orientation() -> None:
    game = Abapa()
    state = game.state([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 0], (1, 1))
    assert game.text(state).splitlines() == [
        "      12 11 10  9  8  7",
        " B  [  0  1  0  9  8  7 ]",
        " 1                         1",
        "    [  1  2  3  4  5  6 ]  A",
        "       1  2  3  4  5  6",
        "A to move",
    ]
    assert str(state) == game.text(state)


def test_svg_board_shows_counts_last_move_and_captures(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gametheory.draw.abapa_board import board_svg
    from gametheory.draw.boards import draw_board

    game = Abapa()
    before = game.state([0, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0], (18, 19))
    report = game.explain(before, 6)
    picture = draw_board(game, report.state, last_move=6, previous=before)
    assert picture.count('class="house') == 12
    assert picture.count(' captured"') == 3  # three houses of class "house captured"
    assert "; captured: houses 7, 8, 9." in picture  # and the text alternative names them
    assert 'class="house last"' in picture
    assert "house 10: 4 seeds" in picture
    assert board_svg(report.state, last_move=6, captured=report.captured) == picture
    assert "<svg" in report.state._repr_svg_()
    picture.save(tmp_path / "board.svg")
    assert (tmp_path / "board.svg").read_text().startswith("<svg")


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
@given(rules=abapa_rules, seed=st.integers(0, 10**6))
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
    # the same counts by the plain rules
    assert [plain_perft(AbapaRules(), Abapa().initial_state(), d) for d in range(1, 5)] == [
        6,
        36,
        190,
        1014,
    ]


def plain_perft(rules: AbapaRules, state: AbapaState, depth: int) -> int:
    """perft by the plain rules: move sequences of exactly ``depth`` plies."""
    if depth == 0:
        return 1
    return sum(
        1 if depth == 1 else plain_perft(rules, plain_play(rules, state, move)[0], depth - 1)
        for move in plain_legal_moves(rules, state)
    )
