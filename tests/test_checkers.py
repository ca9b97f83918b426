"""Checkers: every rule as a named case, perft against an independent brute-force generator."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.core import GameError, IllegalMoveError
from gametheory.files import load_checkers_evaluation
from gametheory.games.checkers import (
    BLACK_KING,
    BLACK_MAN,
    EMPTY,
    WHITE_KING,
    WHITE_MAN,
    Checkers,
    CheckersEvaluation,
    CheckersRules,
    CheckersState,
    square,
    square_name,
)
from gametheory.search import alphabeta, minimax
from gametheory.trees import perft

# -- an independent move generator: coordinates, strings, and a different search --------------
# Pieces are the letters w W b B on a dict {(file, rank): letter}, files and ranks 0..7; a move
# is a list of square names. It is written from the rules, not from the package's code.


def oracle_moves(
    pieces: dict[tuple[int, int], str],
    white: bool,
    rules: CheckersRules,
    *,
    remove_at_once: bool = False,
) -> set[tuple[str, ...]]:
    """Every legal move as a tuple of square names. ``remove_at_once`` plays the wrong rule
    (captured pieces vanish at once), to show that the package does not."""
    mine = "wW" if white else "bB"
    ahead = 1 if white else -1
    far = 7 if white else 0

    def name(f: int, r: int) -> str:
        return "abcdefgh"[f] + str(r + 1)

    def inside(f: int, r: int) -> bool:
        return 0 <= f <= 7 and 0 <= r <= 7

    def is_king(letter: str) -> bool:
        return letter.isupper()

    def ways(letter: str) -> list[tuple[int, int]]:
        if is_king(letter):
            return [(1, 1), (-1, 1), (1, -1), (-1, -1)]
        return [(1, ahead), (-1, ahead)]

    def longest(letter: str) -> int:
        return 8 if is_king(letter) and rules.flying_kings else 1

    captures: list[tuple[tuple[str, ...], str]] = []

    def hunt(
        board: dict[tuple[int, int], str],
        at: tuple[int, int],
        letter: str,
        gone: list[tuple[int, int]],
        trail: list[str],
    ) -> None:
        extended = False
        for df, dr in ways(letter):
            # walk to the first piece within reach
            f, r = at
            walked = 0
            victim = None
            while True:
                f, r = f + df, r + dr
                walked += 1
                if not inside(f, r) or walked > longest(letter):
                    break
                if (f, r) in board:
                    victim = (f, r)
                    break
            if victim is None or board[victim] in mine or victim in gone:
                continue
            f, r = victim
            for _ in range(longest(letter)):
                f, r = f + df, r + dr
                if not inside(f, r) or (f, r) in board:
                    break
                extended = True
                new_letter = letter
                if rules.promote_mid_capture and not is_king(letter) and r == far:
                    new_letter = letter.upper()
                if remove_at_once:
                    after = {k: v for k, v in board.items() if k != victim}
                    hunt(after, (f, r), new_letter, gone, trail + [name(f, r)])
                else:
                    hunt(board, (f, r), new_letter, gone + [victim], trail + [name(f, r)])
        if len(trail) > 1 and (not extended or not rules.full_capture):
            captures.append((tuple(trail), letter))  # where the piece may stop

    for (f, r), letter in sorted(pieces.items()):
        if letter not in mine:
            continue
        board = {k: v for k, v in pieces.items() if k != (f, r)}
        before = len(captures)
        hunt(board, (f, r), letter, [], [name(f, r)])
        # remember which kind of piece started each capture, for king priority
        captures[before:] = [(m, letter) for m, _ in captures[before:]]
    if captures:
        chosen = captures
        if rules.king_priority and any(is_king(letter) for _, letter in chosen):
            chosen = [c for c in chosen if is_king(c[1])]
        if rules.majority_capture:
            most = max(len(m) for m, _ in chosen)
            chosen = [c for c in chosen if len(c[0]) == most]
        return {m for m, _ in chosen}
    steps = set()
    for (f, r), letter in pieces.items():
        if letter not in mine:
            continue
        for df, dr in ways(letter):
            for k in range(1, longest(letter) + 1):
                g, s = f + k * df, r + k * dr
                if not inside(g, s) or (g, s) in pieces:
                    break
                steps.add((name(f, r), name(g, s)))
    return steps


def oracle_play(
    pieces: dict[tuple[int, int], str], white: bool, move: tuple[str, ...]
) -> dict[tuple[int, int], str]:
    def coords(text: str) -> tuple[int, int]:
        return "abcdefgh".index(text[0]), int(text[1]) - 1

    path = [coords(s) for s in move]
    after = dict(pieces)
    letter = after.pop(path[0])
    for (f0, r0), (f1, r1) in itertools.pairwise(path):
        df, dr = (1 if f1 > f0 else -1), (1 if r1 > r0 else -1)
        for k in range(1, abs(f1 - f0)):
            after.pop((f0 + k * df, r0 + k * dr), None)
    if any(r == (7 if white else 0) for _, r in path[1:]):
        letter = letter.upper()
    after[path[-1]] = letter
    return after


def oracle_perft(
    pieces: dict[tuple[int, int], str], white: bool, rules: CheckersRules, depth: int
) -> int:
    if depth == 0:
        return 1
    return sum(
        oracle_perft(oracle_play(pieces, white, m), not white, rules, depth - 1)
        for m in oracle_moves(pieces, white, rules)
    )


def as_pieces(state: CheckersState) -> dict[tuple[int, int], str]:
    letters = {WHITE_MAN: "w", WHITE_KING: "W", BLACK_MAN: "b", BLACK_KING: "B"}
    return {(sq % 8, sq // 8): letters[p] for sq, p in enumerate(state.board) if p != EMPTY}


def names(game: Checkers, state: CheckersState) -> set[tuple[str, ...]]:
    return {tuple(square_name(sq) for sq in m) for m in game.legal_moves(state)}


RULES = [
    CheckersRules(),
    CheckersRules.czech(),
    CheckersRules(flying_kings=False),
    CheckersRules(promote_mid_capture=True, majority_capture=True),
    CheckersRules.thesis_program(),
    CheckersRules(rows=3, king_priority=True, promote_mid_capture=True, full_capture=False),
]

DARK = [sq for sq in range(64) if (sq // 8 + sq % 8) % 2 == 0]


@st.composite
def positions(draw: st.DrawFn) -> CheckersState:
    """Random positions with a few pieces of each kind (no man on its crowning rank)."""
    board = [EMPTY] * 64
    chosen = draw(st.lists(st.sampled_from(DARK), min_size=2, max_size=14, unique=True))
    for sq in chosen:
        options = [WHITE_KING, BLACK_KING]
        if sq // 8 != 7:
            options.append(WHITE_MAN)
        if sq // 8 != 0:
            options.append(BLACK_MAN)
        board[sq] = draw(st.sampled_from(options))
    return CheckersState(tuple(board), draw(st.sampled_from([0, 1])), 0)


# -- perft: two generators agree ----------------------------------------------------------------
def test_perft_from_the_opening_two_ways() -> None:
    game = Checkers()
    ours = [perft(game, depth=d) for d in range(5)]
    start = as_pieces(game.initial_state())
    theirs = [oracle_perft(start, True, game.rules, d) for d in range(5)]
    assert ours == theirs == [1, 7, 49, 392, 3136]


def test_perft_of_the_czech_setup_two_ways() -> None:
    game = Checkers(CheckersRules.czech())
    start = as_pieces(game.initial_state())
    ours = [perft(game, depth=d) for d in range(5)]
    assert ours == [oracle_perft(start, True, game.rules, d) for d in range(5)]
    # twelve men on three ranks: the published counts of 8x8 draughts from the opening
    assert ours == [1, 7, 49, 302, 1469]


@pytest.mark.parametrize(
    "rules",
    RULES,
    ids=["thesis", "czech", "short-kings", "russian-ish", "thesis-program", "czech-stop-any-time"],
)
@given(state=positions())
def test_move_generator_agrees_with_the_brute_force_oracle(
    rules: CheckersRules, state: CheckersState
) -> None:
    game = Checkers(rules)
    assert names(game, state) == oracle_moves(as_pieces(state), state.to_move == 0, rules)


@given(state=positions())
def test_result_agrees_with_the_oracle_and_never_mutates(state: CheckersState) -> None:
    game = Checkers()
    before = state.board
    for move in game.legal_moves(state):
        after = game.result(state, move)
        text = tuple(square_name(sq) for sq in move)
        assert as_pieces(after) == oracle_play(as_pieces(state), state.to_move == 0, text)
        assert after.to_move == 1 - state.to_move
        hash(after)
    assert state.board == before


@given(state=positions())
def test_no_piece_is_captured_twice(state: CheckersState) -> None:
    game = Checkers()
    for move in game.legal_moves(state):
        taken = game.captured(state, move)
        assert len(set(taken)) == len(taken) == len(move) - 1 or not taken


# -- every rule as a named case -------------------------------------------------------------
def test_capturing_is_compulsory() -> None:
    game = Checkers()
    s = game.from_fen("W:Wc3,g3:Bd4")
    assert [game.notation(m, s) for m in game.legal_moves(s)] == ["c3:e5"]
    with pytest.raises(IllegalMoveError, match="capturing is compulsory; capture with c3:e5"):
        game.result(s, game.move("g3-h4"))


def test_a_multi_jump_must_be_completed() -> None:
    game = Checkers()
    s = game.from_fen("W:Wc3:Bd4,d6,f6")
    assert [game.notation(m) for m in game.legal_moves(s)] == ["c3:e5:c7", "c3:e5:g7"]
    with pytest.raises(IllegalMoveError, match="not finished; go on to c3:e5:c7, c3:e5:g7"):
        game.result(s, game.move("c3:e5"))
    after = game.result(s, game.move("c3:e5:g7"))
    assert game.fen(after) == "B:Wg7:Bd6:Q0"


def test_the_thesis_program_lets_a_capture_stop_after_any_jump() -> None:
    game = Checkers(CheckersRules.thesis_program())
    s = game.from_fen("W:Wc3:Bd4,d6,f6")
    assert [game.notation(m, s) for m in game.legal_moves(s)] == ["c3:e5", "c3:e5:c7", "c3:e5:g7"]
    stopped = game.result(s, game.move("c3:e5"))
    assert game.fen(stopped) == "B:We5:Bd6,f6:Q0"  # one man taken, the move is over
    # capturing itself stays compulsory
    with pytest.raises(IllegalMoveError, match="capturing is compulsory"):
        game.result(game.from_fen("W:Wc3,g3:Bd4"), game.move("g3-h4"))


@given(state=positions())
def test_stopping_early_only_adds_the_beginnings_of_full_captures(state: CheckersState) -> None:
    full = Checkers().legal_moves(state)
    free = Checkers(CheckersRules.thesis_program()).legal_moves(state)
    beginnings = {m[:k] for m in full for k in range(2, len(m) + 1)}
    if full and Checkers().captured(state, full[0]):
        assert set(free) == beginnings and set(full) <= set(free)
    else:
        assert free == full  # no capture: the same steps


def test_the_default_rules_are_unchanged_by_the_option() -> None:
    assert CheckersRules().full_capture and CheckersRules.czech().full_capture
    assert [perft(Checkers(), depth=d) for d in range(5)] == [1, 7, 49, 392, 3136]
    with pytest.raises(GameError, match="majority_capture=True needs full_capture=True"):
        CheckersRules(majority_capture=True, full_capture=False)


def test_promotion_ends_the_capture_by_default_and_crowns() -> None:
    game = Checkers()
    s = game.from_fen("W:Wd6:Be7,g7")
    assert [game.notation(m, s) for m in game.legal_moves(s)] == ["d6:f8"]
    assert game.fen(game.result(s, game.move("d6:f8"))) == "B:WKf8:Bg7:Q0"


def test_promotion_mid_capture_goes_on_as_a_king_when_the_option_is_on() -> None:
    game = Checkers(CheckersRules(promote_mid_capture=True))
    s = game.from_fen("W:Wd6:Be7,g7")
    assert [game.notation(m) for m in game.legal_moves(s)] == ["d6:f8:h6"]
    assert game.fen(game.result(s, game.move("d6:f8:h6"))) == "B:WKh6:B:Q0"


def test_a_flying_king_captures_from_afar_and_lands_anywhere_beyond() -> None:
    game = Checkers()
    s = game.from_fen("W:WKa1:Bd4")
    assert [game.notation(m, s) for m in game.legal_moves(s)] == [
        "a1:e5",
        "a1:f6",
        "a1:g7",
        "a1:h8",
    ]
    short = Checkers(CheckersRules(flying_kings=False))
    assert short.legal_moves(s) == (short.move("a1-b2"),)


def test_two_pieces_in_a_row_cannot_be_jumped() -> None:
    game = Checkers()
    s = game.from_fen("W:WKa1:Bd4,e5")
    assert all(not game.captured(s, m) for m in game.legal_moves(s))


def test_a_captured_piece_stays_until_the_end_and_blocks() -> None:
    # the king on d6 takes c7 and lands on b8; if c7 vanished at once it could come back
    # down the long diagonal through d6 and take g3 as well, but c7 still stands and blocks
    game = Checkers()
    s = game.from_fen("W:WKd6:Bg3,c7")
    assert [game.notation(m, s) for m in game.legal_moves(s)] == ["d6:h2", "d6:b8"]
    wrong = oracle_moves(as_pieces(s), True, game.rules, remove_at_once=True)
    assert wrong == {("d6", "b8", "h2"), ("d6", "h2", "b8")}
    with pytest.raises(IllegalMoveError):
        game.result(s, game.move("d6:b8:h2"))


def test_king_priority_is_a_rules_option() -> None:
    s = Checkers().from_fen("W:WKa1,e3:Bd4,f4")
    free = {Checkers().notation(m, s) for m in Checkers().legal_moves(s)}
    assert {"e3:c5", "e3:g5"} <= free
    czech = Checkers(CheckersRules(king_priority=True))
    kings = {czech.notation(m, s) for m in czech.legal_moves(s)}
    assert kings == {m for m in free if m.startswith("a1")} and kings


def test_majority_capture_is_a_rules_option() -> None:
    s = Checkers().from_fen("W:Wc3,e3:Bd4,d6,f4")
    free = {Checkers().notation(m, s) for m in Checkers().legal_moves(s)}
    assert free == {"c3:e5:c7", "e3:c5:e7", "e3:g5"}
    most = Checkers(CheckersRules(majority_capture=True))
    assert {most.notation(m, s) for m in most.legal_moves(s)} == {"c3:e5:c7", "e3:c5:e7"}


def test_a_player_who_cannot_move_loses() -> None:
    game = Checkers()
    s = game.from_fen("W:Wa1:Bb2,c3")  # the man on a1 is stuck and cannot jump two in a row
    assert game.legal_moves(s) == ()
    assert game.is_terminal(s) and game.winner(s) == 1
    assert game.utility(s, 0) == -1.0 and game.utility(s, 1) == 1.0
    assert "Black wins" in game.text(s)


def test_draw_after_the_documented_number_of_quiet_plies() -> None:
    game = Checkers(CheckersRules(draw_plies=4))
    s = game.from_fen("W:WKa1:BKh2")
    for text in ("a1-b2", "h2-g1", "b2-a1"):
        s = game.result(s, game.move(text))
    assert s.quiet == 3 and not game.is_terminal(s)
    s = game.result(s, game.move("g1-h2"))
    assert game.is_terminal(s) and game.utility(s, 0) == game.utility(s, 1) == 0.0
    assert game.text(s).endswith("draw")


def test_captures_and_promotions_reset_the_quiet_count() -> None:
    game = Checkers()
    s = game.from_fen("W:Wc3,b6:Bd4,h8:Q17")
    assert game.result(s, game.move("c3:e5")).quiet == 0
    s2 = game.from_fen("W:Wb6:Bh2:Q17")
    assert game.result(s2, game.move("b6-a7")).quiet == 18
    assert game.result(game.from_fen("W:Wa7:Bh2:Q17"), game.move("a7-b8")).quiet == 0


def test_illegal_moves_say_why() -> None:
    game = Checkers()
    s = game.initial_state()
    with pytest.raises(IllegalMoveError, match="d4 holds no White piece"):
        game.result(s, game.move("d4-e5"))
    with pytest.raises(
        IllegalMoveError, match=r"not a legal move for White; legal from here: b2-a3, b2-c3"
    ):
        game.result(s, game.move("b2-d4"))
    with pytest.raises(IllegalMoveError, match="a move is a tuple"):
        game.result(s, "d2-e3")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="light square"):
        game.move("d3-e4")


# -- save and load ------------------------------------------------------------------------------
@given(state=positions(), quiet=st.integers(0, 59))
def test_a_position_survives_save_and_load(state: CheckersState, quiet: int) -> None:
    game = Checkers()
    state = state._replace(quiet=quiet)
    assert game.from_fen(game.fen(state)) == state
    assert game.state(game.text(state), state.to_move, quiet) == state


def test_a_saved_game_file_round_trips(tmp_path: Path) -> None:
    game = Checkers()
    s = game.result(game.initial_state(), game.move("d2-e3"))
    target = tmp_path / "position.txt"
    target.write_text(game.fen(s), encoding="utf-8")
    assert game.from_fen(target.read_text(encoding="utf-8")) == s


def test_bad_positions_are_refused_with_the_reason() -> None:
    game = Checkers()
    with pytest.raises(GameError, match="a man on b8, its far rank"):
        game.from_fen("W:Wb8:B")
    with pytest.raises(GameError, match="expected 'W:W<white squares>"):
        game.from_fen("white to move")


# -- evaluation from a data file ------------------------------------------------------------
def test_the_default_evaluation_is_the_thesis_material_with_bonuses() -> None:
    evaluate = load_checkers_evaluation()
    assert (evaluate.man, evaluate.king) == (3.0, 10.0)
    game = Checkers()
    # one White man on a1 (back rank and side: 3 + 2) against one Black man on d6 (3 + 0)
    assert evaluate.score(game.from_fen("W:Wa1:Bd6"), 0) == 2.0
    assert evaluate.score(game.from_fen("W:Wa1:Bd6"), 1) == -2.0
    # for a search, the same order, scaled strictly between a loss and a win
    assert evaluate(game.from_fen("W:Wa1:Bd6"), 0) == 2.0 / evaluate.scale


@given(state=positions())
def test_evaluation_is_strictly_between_a_loss_and_a_win(state: CheckersState) -> None:
    """A search must never prefer an estimate to a win it has found (utility ±1)."""
    heavy = CheckersEvaluation(man=3, king=10, bonus={(0, 1): 5.0, (63, 2): -7.0})
    for evaluate in (load_checkers_evaluation(), heavy, CheckersEvaluation(man=1, king=1)):
        for player in (0, 1):
            assert -1 < evaluate(state, player) < 1
            assert evaluate(state, player) * evaluate.scale == pytest.approx(
                evaluate.score(state, player)
            )


def test_a_full_board_of_the_best_pieces_stays_below_the_scale() -> None:
    """The scale's bound is reached by no position, even one no game can reach."""
    evaluate = CheckersEvaluation(man=3, king=10, bonus={(sq, 2): 4.0 for sq in range(64)})
    kings_everywhere = CheckersState(
        tuple(2 if (sq // 8 + sq % 8) % 2 == 0 else 0 for sq in range(64)), 0, 0
    )
    assert evaluate.score(kings_everywhere, 0) == 32 * 14
    assert evaluate(kings_everywhere, 0) < 1


@given(state=positions())
def test_evaluation_is_zero_sum_and_colour_blind(state: CheckersState) -> None:
    evaluate = load_checkers_evaluation()
    assert evaluate(state, 0) == -evaluate(state, 1)
    turned = CheckersState(tuple(-p for p in reversed(state.board)), 1 - state.to_move, 0)
    assert evaluate(turned, 1) == evaluate(state, 0)


def test_changing_a_weight_changes_the_choice() -> None:
    # White can crown the man on g7; with kings worth 10 that is the best move one ply
    # ahead, with kings worth 2 (less than a man) the search prefers to keep the man
    game = Checkers()
    s = game.from_fen("W:Wa3,g7:Bb6,h4")
    high = minimax(game, s, 1, CheckersEvaluation(man=3, king=10)).move
    low = minimax(game, s, 1, CheckersEvaluation(man=3, king=2)).move
    assert game.notation(high) == "g7-f8"
    assert low is not None and low[0] != square("g7")


def test_the_searches_play_checkers() -> None:
    game = Checkers()
    evaluate = load_checkers_evaluation()
    a = alphabeta(game, None, 3, evaluate)
    b = minimax(game, None, 3, evaluate)
    assert a.value == b.value and a.move == b.move
    assert a.move in game.legal_moves(game.initial_state())


def test_the_board_picture_shows_every_piece_and_the_last_move() -> None:
    from gametheory.draw.boards import draw_board
    from gametheory.draw.checkers_board import draw_checkers  # registers the renderer

    game = Checkers()
    s = game.from_fen("W:WKd6,a1,c3:Bg3,c7,Kf8")
    move = game.move("d6:h2")
    after = game.result(s, move)
    picture = draw_board(game, after, last_move=move)
    assert picture == draw_checkers(game, after, last_move=move)
    assert picture.count('class="man"') == 3 and picture.count('class="king"') == 2
    assert "<polyline" in picture and "Black (B) to move" in picture
    assert after._repr_svg_().count('class="king"') == 2


def test_moves_are_labelled_in_the_games_notation() -> None:
    from gametheory.core import MoveNotation
    from gametheory.draw.boards import move_label

    game = Checkers()
    s = game.from_fen("W:WKa1:Bd4")
    assert isinstance(game, MoveNotation)
    for move in game.legal_moves(s):  # a king's capture from afar, not a step
        assert move_label(game, move, s) == game.move_label(move, s) == game.notation(move, s)
        assert ":" in move_label(game, move, s)
    assert move_label(game, (18, 27)) == "c3-d4"
