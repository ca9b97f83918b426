"""Pictures of the three forms of a game (:mod:`gametheory.theory`): the tree of an
extensive-form game (SVG), the payoff table of a normal-form game and the table of a
coalitional game (HTML).

The kernel computes (payoffs, best responses, equilibria, the Shapley value); this module
only shows what it computed. Each game object reaches its picture through a display hook
that imports this module when Jupyter asks for it (``_repr_svg_``, ``_repr_html_``), so
``import gametheory.theory.normal_form`` loads no drawing code.

The conventions:

* in a tree, player 1's nodes are squares and player 2's circles (as MAX and MIN elsewhere
  in the package), chance nodes diamonds; payoffs stand under the terminal nodes; the nodes
  of one information set are joined by a dashed line; an equilibrium's moves are red and
  the moves actually played bold, so the line of play reads without colour too;
* in a payoff table, every best response is underlined and bold (the textbook method of
  finding pure equilibria), a cell where both players' payoffs are is a pure Nash
  equilibrium, shaded and starred (★), and every equilibrium is listed underneath.

>>> from gametheory.theory.extensive_form import ultimatum_game
>>> from gametheory.theory.normal_form import prisoners_dilemma
>>> draw_extensive_form(ultimatum_game()).count("(0, 0)")
2
>>> payoff_table_html(prisoners_dilemma()).count("★</td>")
1
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from html import escape

from gametheory.core import GameError
from gametheory.draw.layout import tidy_layout
from gametheory.draw.svg import Svg, document, element, esc
from gametheory.theory.cooperative import CoalitionalGame
from gametheory.theory.extensive_form import (
    ExtensiveFormGame,
    Node,
    SubgamePerfectEquilibrium,
)
from gametheory.theory.extensive_form import (
    Path as LabelPath,
)
from gametheory.theory.normal_form import Equilibrium, NormalFormGame

__all__ = ["CELL", "draw_extensive_form", "payoff_table_html", "coalition_table_html"]

CHOSEN = "#c92a2a"
"""The colour of an equilibrium's moves in a tree."""

CELL = "border:1px solid #999;padding:4px 10px;text-align:center"
"""The style of a cell of a payoff table."""

EQUILIBRIUM_CELL = f"{CELL};background:#fde68a"
"""The style of a cell that is a pure Nash equilibrium."""

MAX_MARKED_NODES = 500
"""``equilibrium=True`` marks an equilibrium only in a tree of at most this many nodes."""

Place = dict[LabelPath, tuple[float, float]]
"""Where each node of a tree is drawn, in pixels."""


# --------------------------------------------------------------------------- extensive form


def draw_extensive_form(
    game: ExtensiveFormGame,
    *,
    equilibrium: SubgamePerfectEquilibrium | None | bool = True,
    unit: float = 60,
) -> Svg:
    """Draw the game tree as SVG.

    Player 1's nodes are squares, player 2's circles (as MAX and MIN elsewhere in the
    package), chance nodes diamonds; payoffs stand under the terminal nodes; the nodes of one
    information set are joined by a dashed line. ``equilibrium=True`` (the default) marks the
    first subgame-perfect equilibrium of a perfect-information game: its moves are drawn in
    red, and the moves actually played are bold. Pass an equilibrium to mark that one, or
    ``None`` / ``False`` for none. ``unit`` is the distance between two neighbouring leaves,
    in pixels.

    Examples
    --------
    >>> from gametheory.theory.extensive_form import ultimatum_game
    >>> picture = draw_extensive_form(ultimatum_game())
    >>> picture.startswith("<svg") and "(8, 2)" in picture
    True
    >>> CHOSEN in draw_extensive_form(ultimatum_game(), equilibrium=None)
    False
    """
    chosen = _chosen_moves(game, equilibrium)
    played = _played(game, chosen) if chosen else set()
    place, width, height = _places(game, unit)
    out = ['<g font-size="13">', *_information_set_lines(game, place)]
    for node in game.nodes.values():  # the edges first, the nodes on top of them
        out.extend(_edges(node, place, chosen.get(node.path), played))
    for node in game.nodes.values():
        out.extend(_node_svg(node, *place[node.path], unit * 0.2))
    if game.name:
        out.append(f'<text x="6" y="16" font-weight="bold">{esc(game.name)}</text>')
    out.append("</g>")
    return document(width, height, out)


def _chosen_moves(
    game: ExtensiveFormGame, equilibrium: SubgamePerfectEquilibrium | None | bool
) -> dict[LabelPath, str]:
    """The move to mark at each decision node: ``equilibrium``'s, or with ``True`` the first
    subgame-perfect equilibrium's (if the game has perfect information and is small)."""
    if equilibrium is True:
        small = game.is_perfect_information() and len(game.nodes) <= MAX_MARKED_NODES
        found = game.backward_induction() if small else []
        equilibrium = found[0] if found else None
    if isinstance(equilibrium, SubgamePerfectEquilibrium):
        return dict(equilibrium.choices)
    return {}


def _played(game: ExtensiveFormGame, chosen: Mapping[LabelPath, str]) -> set[LabelPath]:
    """The nodes play reaches with positive probability when everyone follows ``chosen``."""
    reached: set[LabelPath] = set()
    stack: list[LabelPath] = [()]
    while stack:
        path = stack.pop()
        reached.add(path)
        node = game.nodes[path]
        if node.is_chance:
            stack.extend(
                c for c, p in zip(node.children(), node.probabilities, strict=True) if p > 0
            )
        elif not node.is_terminal and path in chosen:
            stack.append((*path, chosen[path]))
    return reached


def _places(game: ExtensiveFormGame, unit: float) -> tuple[Place, float, float]:
    """Where each node goes (a tidy tree, the root on top), and the picture's size."""
    root: LabelPath = ()
    where = tidy_layout(root, lambda path: game.nodes[path].children())
    level, margin = unit * 1.2, unit * 0.8
    top = margin * 0.7 + (22 if game.name else 0)  # room for the title
    width = max(x for x, _ in where.values()) * unit + 2 * margin
    height = max(d for _, d in where.values()) * level + top + margin
    place = {path: (margin + x * unit, top + d * level) for path, (x, d) in where.items()}
    return place, width, height


def _information_set_lines(game: ExtensiveFormGame, place: Place) -> list[str]:
    """A dashed line joining the nodes of each information set, from left to right."""
    out = []
    dashed = 'stroke="#555" stroke-width="1.5" stroke-dasharray="6 4"'
    for s in game.infosets:
        points = sorted(place[p] for p in s.members)
        for (x1, y1), (x2, y2) in itertools.pairwise(points):
            out.append(element("line", dashed, x1=x1, y1=y1, x2=x2, y2=y2))
    return out


def _edges(node: Node, place: Place, chosen: str | None, played: set[LabelPath]) -> list[str]:
    """The edges from ``node`` to its children, each with its move (and probability)."""
    x, y = place[node.path]
    out = []
    for k, (move, child) in enumerate(zip(node.moves, node.children(), strict=True)):
        cx, cy = place[child]
        colour = CHOSEN if chosen == move else "#555" if child in played else "#999"
        width = 3.5 if child in played else 1.4
        pen = f'stroke="{colour}" stroke-width="{width}"'
        out.append(element("line", pen, x1=x, y1=y, x2=cx, y2=cy))
        label = move if not node.is_chance else f"{move} ({node.probabilities[k]:g})"
        # beside its edge, never on it: the last edge's label on its right, the others' on
        # their left, so that two neighbouring edges' labels face away from each other
        last = k == len(node.moves) - 1
        side, dx = ("start", 7) if last else ("end", -7)
        out.append(
            f'<text x="{(x + cx) / 2 + dx:.1f}" y="{(y + cy) / 2 + 4:.1f}" text-anchor="{side}" '
            f'font-style="italic">{esc(label)}</text>'
        )
    return out


def _node_svg(node: Node, x: float, y: float, r: float) -> list[str]:
    """A node's shape and its player's number; a terminal node's dot and payoffs."""
    style = 'fill="white" stroke="black" stroke-width="1.5"'
    if node.is_terminal:
        payoffs = ", ".join(f"{p:g}" for p in node.payoffs)
        return [
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="black"/>',
            f'<text x="{x:.1f}" y="{y + 20:.1f}" text-anchor="middle">({esc(payoffs)})</text>',
        ]
    if node.is_chance:
        shape = (
            f'<polygon points="{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} '
            f'{x - r:.1f},{y:.1f}" {style}/>'
        )
        label = "C"
    elif node.player == 0:
        shape = element("rect", style, x=x - r, y=y - r, width=2 * r, height=2 * r)
        label = "1"
    else:
        shape = element("circle", style, cx=x, cy=y, r=r)
        label = str((node.player or 0) + 1)
    return [
        shape,
        f'<text x="{x:.1f}" y="{y + 4.5:.1f}" text-anchor="middle" font-weight="bold">'
        f"{label}</text>",
    ]


# --------------------------------------------------------------------------- normal form


def payoff_table_html(game: NormalFormGame, *, marks: bool = True) -> str:
    """The payoff table of a two-player game, as HTML: a row per row strategy, a column per
    column strategy, ``row payoff, column payoff`` in each cell.

    With ``marks`` (the default) every best response is underlined and bold, the pure Nash
    equilibria (the cells where both payoffs are) are shaded and starred, and every
    equilibrium is listed underneath; ``marks=False`` gives the bare table, for an exercise
    that asks what the marks would be.

    Examples
    --------
    >>> from gametheory.theory.normal_form import prisoners_dilemma
    >>> table = payoff_table_html(prisoners_dilemma())
    >>> table.count("<u>"), "<u><b>-5</b></u>, <u><b>-5</b></u> ★" in table
    (4, True)
    >>> "<u>" in payoff_table_html(prisoners_dilemma(), marks=False)
    False
    """
    m, n = game.shape
    row_best = {(i, j) for j in range(n) for i in game.row_best_responses(j)} if marks else set()
    col_best = {(i, j) for i in range(m) for j in game.col_best_responses(i)} if marks else set()
    head = f"<th style='{CELL}'>{escape(game.players[0])} \\ {escape(game.players[1])}</th>"
    head += "".join(f"<th style='{CELL}'>{escape(label)}</th>" for label in game.col_labels)
    body = []
    for i in range(m):
        cells = [f"<th style='{CELL}'>{escape(game.row_labels[i])}</th>"]
        for j in range(n):
            a, b = game.payoff(i, j)
            text = f"{_number(a, (i, j) in row_best)}, {_number(b, (i, j) in col_best)}"
            style, star = (EQUILIBRIUM_CELL, " ★") if (i, j) in row_best & col_best else (CELL, "")
            cells.append(f"<td style='{style}'>{text}{star}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    caption = f"<caption>{escape(game.name)}</caption>" if game.name else ""
    table = (
        f"<table style='border-collapse:collapse'>{caption}<tr>{head}</tr>{''.join(body)}</table>"
    )
    return table + _equilibria_html(game) if marks else table


def _number(value: float, best: bool) -> str:
    """A payoff in a table cell, underlined and bold if it is a best response."""
    return f"<u><b>{value:g}</b></u>" if best else f"{value:g}"


def _equilibria_html(game: NormalFormGame) -> str:
    """What the marks mean, and every Nash equilibrium (pure and mixed) with its payoffs."""
    try:
        equilibria = game.nash_equilibria()
        sets = [c for c in game.equilibrium_components() if not c.is_isolated]
    except GameError:  # too large: the table still shows the pure equilibria
        return (
            "<p style='margin:4px 0'>Underlined: best responses. ★: pure Nash "
            "equilibrium. The game is too large to list its equilibria here (vertex "
            "enumeration grows exponentially with its size).</p>"
        )
    where = {e: k for k, c in enumerate(sets, 1) for e in c.equilibria}
    lines = [
        f"<li>({escape(_mix_text(e, game, 0))}; {escape(_mix_text(e, game, 1))}) → "
        f"{e.payoffs[0]:.4g}, {e.payoffs[1]:.4g}"
        + (f" (a corner of set {where[e]})" if e in where else "")
        + "</li>"
        for e in equilibria
    ]
    note = (
        " (a degenerate game: these are the corners of its sets of equilibria, and every "
        "mixture of the corners of one set is an equilibrium too)"
        if sets
        else ""
    )
    return (
        f"<p style='margin:4px 0'>Underlined: best responses. ★: pure Nash equilibrium. "
        f"Nash equilibria{note}:</p><ul style='margin:0'>" + "".join(lines) + "</ul>"
    )


def _mix_text(equilibrium: Equilibrium, game: NormalFormGame, player: int) -> str:
    """A player's strategy in an equilibrium: its label if pure, else ``0.6 opera + 0.4 ...``."""
    mix = (equilibrium.row, equilibrium.col)[player]
    labels = (game.row_labels, game.col_labels)[player]
    support = equilibrium.supports[player]
    if len(support) == 1:
        return labels[support[0]]
    return " + ".join(f"{mix[k]:.3g} {labels[k]}" for k in support)


# --------------------------------------------------------------------------- coalitional form


def coalition_table_html(game: CoalitionalGame) -> str:
    """A table of every coalition and its value, and the Shapley value underneath, as HTML.

    >>> from gametheory.theory.cooperative import glove_game
    >>> coalition_table_html(glove_game()).count("<tr>")  # the heading and 2³ coalitions
    9
    """
    rows = "".join(
        f"<tr><td style='padding:2px 8px'>{escape(game.coalition_text(s)) if s else '∅'}</td>"
        f"<td style='padding:2px 8px;text-align:right'>{game.v(s):g}</td></tr>"
        for s in game.coalitions
    )
    phi = ", ".join(f"{p!r}: {x:.4g}" for p, x in game.shapley_value().items())
    return (
        "<table><tr><th>coalition S</th><th>v(S)</th></tr>"
        + rows
        + f"</table><p>Shapley value: {escape(phi)}</p>"
    )
