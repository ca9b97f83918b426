"""Shared test settings."""

import os

import pytest
from hypothesis import HealthCheck, settings

# "ci" (the default) draws the same examples on every run of the same code, so that a run on a
# developer's machine and the CI run of that commit agree; "explore" draws new ones each run,
# and more of them: run it now and then (HYPOTHESIS_PROFILE=explore make unit) to find new bugs.
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _autosave_in_a_temporary_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The console program keeps games in progress here, not in the home folder."""
    folder = tmp_path_factory.mktemp("autosave")
    monkeypatch.setenv("GAMETHEORY_AUTOSAVE", str(folder / "abapa-autosave.json"))


# -- the slow tier --------------------------------------------------------------------------
# `make quick` leaves these out (pytest -m "not slow"); `make unit` runs them. Each is here
# with why it is slow: every test function that took a second or more in one unit run on
# the 2 shared cores (load average 11 to 13).
SLOW = {
    "test_abapa_endgame.py::test_the_history_exact_search_agrees_wherever_no_cycle_decides": "the exact search with the game's history against the database, up to 6 houses a side (50 s)",
    "test_abapa_endgame.py::test_values_and_distances_are_those_of_a_plain_recursive_search": "a recursive search of every board, value and distance, up to 6 houses a side (3-7 s each, load 14)",
    "test_abapa_endgame.py::test_a_distance_is_one_more_than_the_best_moves": "hypothesis draws many examples (3.2 s, load 14)",
    "test_abapa_endgame.py::test_the_file_is_read_without_numpy": "a fresh interpreter without numpy (2.1 s, load 14)",
    "test_search_limits.py::test_a_very_deep_line_is_a_clear_error_not_a_crash": "builds and searches a tree 30,000 plies deep (26 s)",
    "test_andor.py::test_abapa_full_2x2_board_agrees_with_a_memoised_search_everywhere": "solves all 170,807 positions of Abapa on a 2x2 board and checks each against a memoised search (22 s)",
    "test_search_limits.py::test_engine_memory_grows_linearly_with_the_depth": "the engine under tracemalloc on lines 100 and 300 plies deep (17 s)",
    "test_mcts.py::test_a_deep_monte_carlo_tree_needs_memory_linear_in_its_depth": "MCTS under tracemalloc on a deep line (15 s)",
    "test_search_limits.py::test_a_deep_search_and_its_trace_need_memory_linear_in_the_depth": "six searches under tracemalloc down lines 600 and 1,200 plies deep (29 s in all)",
    "test_mcts.py::test_no_word_of_a_monte_carlo_picture_is_cut_by_a_ring_or_printed_over_another": "13 s in one unit run",
    "test_tournament.py::test_dask_cluster_gives_the_same_table": "starts a dask cluster (11 s)",
    "test_draw_graphs.py::test_the_same_bytes_whatever_the_hash_seed": "draws in fresh Python processes under other hash seeds (11 s)",
    "test_abapa_fast.py::test_every_case_of_successor_on_small_boards": "8 s in one unit run",
    **{
        f"test_teacher_league.py::{name}": "a league of students' files with openings, each file in its own process (the module's league, about 30 s)"
        for name in (
            "test_only_the_files_that_loaded_play_and_every_pair_plays_each_opening_both_ways",
            "test_the_files_that_never_loaded_are_listed_apart_and_not_rated",
            "test_the_files_that_behave_never_forfeit_and_lead_the_table",
            "test_a_misbehaving_file_forfeits_with_its_reason",
            "test_a_print_is_counted_not_forfeited",
            "test_a_file_name_with_a_newline_or_an_escape_writes_no_row_of_its_own",
        )
    },
    "test_teacher_cycle.py::test_a_class_of_forty_from_assignment_to_league_in_under_two_minutes": "a whole class of forty: assignment, hand-ins from a zip, report, league (about 50 s)",
    "test_teacher_docs.py::test_every_snippet_runs_as_written": "every snippet of docs/teacher.md as written, a league among them (about 80 s)",
    "test_teacher_nbgrader.py::test_an_nbgrader_course_releases_and_autogrades_the_notebook": "an nbgrader course releases and autogrades a notebook (about 40 s)",
    "test_practice_levels.py::test_levels_guarantee_their_cutoffs": "7 s in one unit run",
    "test_theory_input_checks.py::test_superadditivity_is_quick_and_refused_past_its_limit": "6 s in one unit run",
    "test_mcts.py::test_a_selection_picture_works_out_a_ucb1_score_from_the_parents_side": "6 s in one unit run",
    "test_draw_labels.py::test_the_labels_of_a_wide_fan_cost_near_linear_work": "6 s in one unit run",
    "test_equilibria.py::test_extreme_equilibria_and_nash_subsets_equal_gambits": "cross-checks against Gambit (6 s)",
    "test_practice_drill.py::test_no_student_input_raises": "hypothesis draws many examples (6 s)",
    "test_search.py::test_too_deep_raises_a_clear_error": "5 s in one unit run",
    "test_abapa_endgame.py::test_the_values_are_those_of_an_exhaustive_and_or_labelling": "5 s in one unit run",
    "test_accessibility.py::test_every_text_the_package_draws_meets_aa_contrast": "4 s in one unit run",
    "test_widgets_play_perfect.py::test_the_verdicts_said_are_the_databases": "hypothesis draws many examples (4 s)",
    "test_equilibria.py::test_games_with_duplicate_and_dominated_strategies_give_gambits_answers": "cross-checks against Gambit (4 s)",
    "test_practice_answers.py::test_parse_number_returns_a_number_or_raises_an_answer_error": "hypothesis draws many examples (4 s)",
    "test_lesson_checks_abapa.py::test_the_weights_exercise_comes_out_as_its_solution_says": "4 s in one unit run",
    "test_teacher_report.py::test_the_simulated_class_hands_in_clean_records": "4 s in one unit run",
    "test_teacher_report.py::test_the_simulated_class_is_the_same_every_time": "4 s in one unit run",
    "test_lesson_checks_hints.py::test_mix": "4 s in one unit run",
    "test_practice_drill.py::test_max_has_a_real_choice_in_every_random_drill": "4 s in one unit run",
    "test_abapa_endgame.py::test_the_cycle_bounds_are_those_of_and_or_labelling": "3 s in one unit run",
    "test_teacher_replay.py::test_the_databases_verdict_is_used_where_it_has_one_over_a_bigger_drop_of_the_search": "3 s in one unit run",
    "test_teacher_replay.py::test_a_league_gives_its_lost_games_and_each_opens_in_the_explorer": "runs a league (3 s)",
    "test_draw_tree.py::test_big_trees_draw": "3 s in one unit run",
    "test_practice_grading.py::test_a_single_changed_value_is_one_mistake_at_that_node": "hypothesis draws many examples (3 s)",
    "test_teacher_records.py::test_the_students_notebook_runs_and_writes_its_records": "runs a student's notebook (3 s)",
    "test_equilibria.py::test_the_full_strategic_form_of_a_tree_is_solved_through_its_duplicates": "cross-checks against Gambit (3 s)",
    "test_mcts.py::test_every_run_on_every_small_tree_chooses_a_minimax_move": "3 s in one unit run",
    "test_tournament.py::test_a_game_that_kills_its_worker_twice_is_reported_as_failed": "3 s in one unit run",
    "test_errors.py::test_no_module_raises_outside_the_family": "parses every module of the package (3 s)",
    "test_practice_drill.py::test_on_trees_of_any_shape_right_is_right_and_a_slip_is_caught": "hypothesis draws many examples (3 s)",
    "test_search.py::test_deep_chain_does_not_crash": "3 s in one unit run",
    "test_equilibria.py::test_gambits_example_games_give_gambits_extreme_equilibria": "cross-checks against Gambit (3 s)",
    "test_widgets_play.py::test_perfect_play_at_tictactoe_is_a_draw": "3 s in one unit run",
    "test_draw_labels.py::test_the_grid_and_the_early_stops_pick_the_spots_every_line_would": "hypothesis draws many examples (2 s)",
    "test_practice_drill.py::test_of_two_slips_the_one_earlier_in_the_search_is_reported": "hypothesis draws many examples (2 s)",
    "test_search_limits.py::test_solving_a_game_with_cycles_stops_with_the_and_or_value": "2 s in one unit run",
    "test_practice_drill.py::test_a_single_slip_is_caught_at_the_node_it_affects": "hypothesis draws many examples (2 s)",
    "test_abapa_evaluation.py::test_estimates_are_strictly_inside_minus_one_one": "hypothesis draws many examples (2 s)",
    "test_tournament.py::test_a_player_that_kills_its_own_process_under_a_time_limit": "2 s in one unit run",
    "test_practice_drill.py::test_the_practice_package_draws_and_makes_widgets_only_inside_its_display_hooks": "2 s in one unit run",
    "test_practice_grading.py::test_every_other_single_slip_is_one_mistake_where_it_first_shows": "hypothesis draws many examples (2 s)",
    "test_engine.py::test_abapa_deepening_by_two_gives_the_textbook_value": "hypothesis draws many examples (2 s)",
    "test_repetitions.py::test_mcts_with_a_greedy_playout_caught_in_a_cycle_stops_near_its_time_limit": "2 s in one unit run",
    "test_practice_grading.py::test_the_right_answer_has_no_mistakes_and_scores_one": "hypothesis draws many examples (2 s)",
    "test_practice_drill.py::test_a_picture_marks_only_what_was_written_and_the_first_mistake": "hypothesis draws many examples (2 s)",
    "test_abapa_endgame.py::test_move_values_are_the_values_of_the_children": "hypothesis draws many examples (1.3 s)",
    "test_abapa_endgame.py::test_the_bounds_hold_every_value": "1.1 s in one unit run",
    "test_andor.py::test_labels_are_the_signs_of_minimax_and_negamax_values": "hypothesis draws many examples (1.8 s)",
    "test_mcts.py::test_a_ucb1_tag_stands_clear_of_the_ring_around_its_node": "1.7 s in one unit run",
    "test_tournament.py::test_the_same_under_a_time_limit": "1.7 s in one unit run",
    "test_tournament.py::test_a_hanging_player_forfeits_in_a_worker_too": "1.7 s in one unit run",
    "test_tournament.py::test_process_pool_gives_the_same_table": "1.4 s in one unit run",
    "test_tournament.py::test_a_killed_worker_is_replaced_and_its_games_played_again": "1.2 s in one unit run",
    "test_draw_graphs.py::test_every_edge_is_drawn_once_and_parallel_edges_apart": "hypothesis draws many examples (1.6 s)",
    "test_draw_graphs.py::test_the_same_picture_every_time_and_nothing_on_pyplot": "1.1 s in one unit run",
    "test_theory_input_checks.py::test_the_count_is_the_number_listed_and_the_first_is_the_tie_rules": "hypothesis draws many examples (1.4 s)",
    "test_theory_input_checks.py::test_the_equilibrium_returned_is_the_textbook_tie_rules": "hypothesis draws many examples (1.0 s)",
    "test_practice_drill.py::test_minimax_negamax_andor_agree_with_the_exact_values": "hypothesis draws many examples (1.9 s)",
    "test_practice_drill.py::test_the_solution_of_a_random_drill_is_right": "hypothesis draws many examples (1.4 s)",
    "test_practice_drill.py::test_every_textbook_form_of_alpha_beta_is_right": "hypothesis draws many examples (1.2 s)",
    "test_accessibility.py::test_every_picture_is_an_image_with_a_title_and_a_description": "1.7 s in one unit run",
    "test_teacher_report.py::test_the_page_has_the_mistakes_the_plots_and_the_table": "1.5 s in one unit run",
    "test_teacher_report.py::test_files_not_used_are_listed_on_the_page": "1.3 s in one unit run",
    "test_teacher_replay.py::test_the_losing_move_is_the_last_one_from_a_won_position": "hypothesis draws many examples (1.1 s)",
    "test_draw_tree.py::test_a_window_never_lies_over_the_edge_coming_down_to_its_node": "1.4 s in one unit run",
    "test_widgets_play.py::test_play_widget_writes_moves_in_the_games_notation": "1.3 s in one unit run",
    "test_widgets_play.py::test_depths_offered_are_those_the_game_affords": "1.2 s in one unit run",
    "test_abapa_evaluation.py::test_store_difference_is_the_plain_formula": "hypothesis draws many examples (1.3 s)",
    "test_teacher_assign.py::test_a_seed_does_not_depend_on_the_process_hash_seed": "1.8 s in one unit run",
    "test_normal_form.py::test_equilibria_equal_nashpy_on_non_degenerate_games": "hypothesis draws many examples (1.7 s)",
    "test_normal_form.py::test_zero_sum_value_agrees_with_nashpy_linear_program": "hypothesis draws many examples (1.4 s)",
    "test_cli_input_and_saves.py::test_a_session_of_every_bad_input_leaves_the_game_intact": "1.7 s in one unit run",
    "test_widgets_mcts.py::test_the_table_writes_q_as_the_picture_does": "1.6 s in one unit run",
    "test_perfect_play.py::test_the_package_evaluations_and_mcts_side_by_side": "1.4 s in one unit run",
    "test_players.py::test_the_depth_two_player_blocks_a_four": "1.4 s in one unit run",
    "test_lesson_checks_graph_algorithms.py::test_the_sudoku_with_givens_has_one_solution": "1.4 s in one unit run",
    "test_abapa_rules.py::test_random_games_follow_the_plain_rules": "hypothesis draws many examples (1.4 s)",
    "test_trees.py::test_a_deep_expanded_tree_needs_memory_linear_in_its_depth": "1.3 s in one unit run",
    "test_widgets_explorer.py::test_a_wide_picture_is_scaled_to_the_output_area_not_cut_off": "1.3 s in one unit run",
    "test_tournament_match.py::test_off_the_main_thread_a_slow_move_forfeits_too": "1.2 s in one unit run",
    "test_tournament_faults.py::test_ctrl_c_with_a_process_pool_keeps_what_was_played": "1.1 s in one unit run",
    "test_teacher_command.py::test_a_league_from_the_console": "1.1 s in one unit run",
    "test_conformance.py::test_result_never_mutates_and_states_are_hashable": "hypothesis draws many examples (1.9 s)",
    "test_gomoku.py::test_candidate_moves_are_the_empty_cells_near_stones": "hypothesis draws many examples (1.1 s)",
    "test_lesson_checks_minimax_chance.py::test_a_numpy_number_is_a_number": "1.0 s in one unit run",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of SLOW as slow, with their reason."""
    for item in items:
        key = f"{item.path.name}::{item.originalname if isinstance(item, pytest.Function) else item.name}"
        if key in SLOW:
            item.add_marker(pytest.mark.slow(reason=SLOW[key]))
