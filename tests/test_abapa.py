"""Abapa as a whole: perft, properties over random games, positions, records, pictures."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametheory.core import A, B, GameError, IllegalMoveError
from gametheory.files import load_record, save_record
from gametheory.games.abapa import (
    Abapa,
    AbapaRecord,
    AbapaRules,
    AbapaState,
    replay,
)
from gametheory.trees import perft

RULES = st.builds(
    AbapaRules,
    grand_slam=st.sampled_from(["no_capture", "capture", "forbidden", "leave_first", "leave_last"]),
    cycle=st.sampled_from(["repetition", "below_four"]),
    houses_per_side=st.sampled_from([2, 3, 6]),
    seeds_per_house=st.sampled_from([1, 2, 3, 4]),
)

MAX_PLIES = 2_000  # random games end within a few hundred plies (longest seen: about 300)


def random_game(game: Abapa, seed: int) -> list[tuple[AbapaState, int]]:
    """(position, move) pairs of a random game, plus the final position with move 0."""
    rng = random.Random(seed)
    state = game.initial_state()
    steps: list[tuple[AbapaState, int]] = []
    while not game.is_terminal(state):
        assert len(steps) < MAX_PLIES, "the game did not end"
        move = rng.choice(game.legal_moves(state))
        steps.append((state, move))
        state = game.result(state, move)
    steps.append((state, 0))
    return steps


# -- perft -------------------------------------------------------------------------------------
def test_perft_from_the_opening() -> None:
    assert [perft(Abapa(), depth=d) for d in range(1, 5)] == [6, 36, 190, 1014]


# -- properties over random games ---------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**6))
def test_random_games_keep_the_seeds_and_never_shrink_a_store(rules: AbapaRules, seed: int) -> None:
    game = Abapa(rules)
    steps = random_game(game, seed)
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
@given(rules=RULES, seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_result_never_mutates_and_only_legal_moves_are_accepted(
    rules: AbapaRules, seed: int, pick: int
) -> None:
    game = Abapa(rules)
    steps = random_game(game, seed)
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
    lengths = [len(random_game(Abapa(), seed)) - 1 for seed in range(30)]
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
    assert picture.count("captured") == 3
    assert 'class="house last"' in picture
    assert "house 10: 4 seeds" in picture
    assert board_svg(report.state, last_move=6, captured=report.captured) == picture
    assert "<svg" in report.state._repr_svg_()
    record = replay(game, [3, 9])
    assert 'class="house last"' in record._repr_svg_()
    picture.save(tmp_path / "board.svg")
    assert (tmp_path / "board.svg").read_text().startswith("<svg")


# -- records ----------------------------------------------------------------------------------
def test_replay_and_json_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = Abapa(grand_slam="capture", cycle="below_four")
    moves = [move for state, move in random_game(game, 7)[:-1]]
    record = replay(game, moves)
    assert record.final == random_game(game, 7)[-1][0]
    path = tmp_path / "game.json"
    save_record(path, record)
    loaded = load_record(path)
    assert loaded == record and loaded.rules == game.rules
    assert json.loads(path.read_text())["rules"]["grand_slam"] == "capture"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"game": "chess", "format": 1, "moves": []}', "not a saved Abapa game"),
        ('{"game": "abapa", "format": 9, "moves": []}', "format 9 is not supported"),
        ('{"game": "abapa", "format": 1, "moves": "3 9"}', '"moves": a list'),
        ('{"game": "abapa", "format": 1, "moves": [3, 9, 13]}', r"move 3 \(13\) is illegal"),
        ('{"game": "abapa", "format": 1, "moves": [3, "9"]}', r"move 2 \('9'\) is illegal"),
        ('{"game": "abapa", "format": 1, "rules": {"speed": 2}, "moves": []}', "unknown rule"),
        ('{"game": "abapa", "format": 1, "rules": [], "moves": []}', "rules must be a JSON"),
    ],
)
def test_corrupt_records_are_rejected_whole(text: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        AbapaRecord.from_json(text)


def test_loading_a_missing_or_binary_file_names_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(GameError, match="cannot read saved game"):
        load_record(tmp_path / "nowhere.json")
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(GameError, match="bad.json"):
        load_record(tmp_path / "bad.json")


def test_a_finished_game_cannot_be_extended() -> None:
    game = Abapa()
    moves = [move for _, move in random_game(game, 3)[:-1]]
    with pytest.raises(GameError, match=rf"move {len(moves) + 1} \(1\) is illegal: .*game is over"):
        replay(game, [*moves, 1])
