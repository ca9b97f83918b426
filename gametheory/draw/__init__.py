"""Pictures in plain SVG: trees, search traces, AND/OR graphs and boards.

No Graphviz binary is needed; :func:`to_graphviz` exports a ``graphviz.Digraph`` for those
who want DOT. Importing this package registers every game's board picture with
:func:`draw_board`.

>>> from gametheory import tree, alphabeta
>>> picture = draw_trace(alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True).trace)
>>> picture.startswith("<svg")
True
"""

from gametheory.draw import abapa_board, checkers_board, gomoku_board  # noqa: F401 (registers)
from gametheory.draw.andor import draw_andor
from gametheory.draw.boards import board_glyph, draw_board, move_label, position_rank
from gametheory.draw.graphs import draw_graph, draw_graphs, tree_layout
from gametheory.draw.layout import layered_layout, tidy_layout
from gametheory.draw.svg import Svg
from gametheory.draw.tree import draw_trace, draw_tree, to_graphviz

__all__ = [
    "Svg",
    "board_glyph",
    "draw_andor",
    "draw_board",
    "draw_graph",
    "draw_graphs",
    "draw_trace",
    "draw_tree",
    "layered_layout",
    "move_label",
    "position_rank",
    "tidy_layout",
    "to_graphviz",
    "tree_layout",
]
