"""Monte Carlo tree search as a picture: the tree it grew, and one phase of one iteration.

Every picture is drawn from the search's trace (:mod:`gametheory.search.mcts_trace`): the
picture of step ``k`` is the replay of the first ``k`` events. The conventions follow the
pictures of the textbook searches (:mod:`gametheory.draw.tree`):

* MAX nodes (the root player moves) are squares, MIN nodes circles, chance nodes diamonds,
  finished games small cards;
* every node of the search tree shows **N**, its visits (top), and **Q**, the mean result of
  those visits for the player to move there (bottom);
* in an explicit tree, the nodes the search has not added yet are drawn faint, with their
  payoffs for MAX, so you see the tree grow into the game;
* the step's phase is coloured: the way down in **selection** is orange, with the UCB1 score
  of every child it compared written under the child (the winner's in bold), and the
  caption works out one of them: UCB1 takes Q for the player choosing, so where the other
  player moves at the child it is the child's −Q (the Q it shows); the node
  added by **expansion** has a green ring; the **simulation** is a dashed line to the end of
  the game with its result; **backpropagation** paints the updated nodes blue;
* as in the pictures of the textbook searches, a ring follows its node's outline a few
  pixels outside it, and names stand clear of it: left of a node, under a finished game;
  a UCB1 tag sits under the ring (and under a finished game's name).

>>> from gametheory import tree
>>> from gametheory.search.mcts import mcts
>>> result = mcts(tree([[1, -1], [0, 0]]), iterations=6, seed=0, trace=True)
>>> picture = draw_mcts(result, result.trace.step_of(5, "selection"))
>>> picture.startswith("<svg"), picture.count('class="ucb"')
(True, 4)
"""

from __future__ import annotations

from gametheory.core import ArgumentTypeError, GameError
from gametheory.draw.boards import move_label
from gametheory.draw.labels import Box, Placer, text_box
from gametheory.draw.layout import path_children, tidy_layout
from gametheory.draw.shapes import RING, Style, name_spot, outline, ring, tag
from gametheory.draw.svg import Svg, caption_block, caption_lines, document, element, text_width
from gametheory.draw.svg import text as svg_text
from gametheory.formatting import number_text
from gametheory.search.mcts_trace import MCTSSnapshot, MCTSTrace, q_text, ucb_text
from gametheory.search.result import SearchResult
from gametheory.search.trace import Address
from gametheory.trees import GameTree, Node

__all__ = ["draw_mcts", "FULL_TREE_LIMIT"]

FULL_TREE_LIMIT = 63
"""An explicit tree with at most this many nodes is drawn whole, the unvisited part faint."""

MORE = 1 << 30
"""The last step of the path of a "+k" mark: the k nodes left out below its parent."""

INK = "#222222"
FAINT = "#767676"
FILL = "#eef3fa"
SELECT = "#c2410c"
EXPAND = "#0f766e"
SIMULATE = "#9d174d"
BACKUP = "#1d4ed8"
BACKUP_FILL = "#d0e6fb"


def _sizes(columns: float) -> Style:
    """Full size up to 14 nodes across, then closer together, so the picture stays within
    ~900 px; the words never shrink below three quarters, nor the nodes below what holds
    them (a wider picture is scaled down as a whole, see :func:`~gametheory.draw.svg.document`).
    """
    k = max(0.5, min(1.0, 14 / columns))
    words = max(k, 0.75)
    radius = 19 * words
    small = 9.5 * words
    # between two rows: a ring, a UCB1 tag, then room for the edges' labels
    level = 84 * words + small + 8
    return Style(max(58 * k, 2 * radius + 8), level, radius, 11 * words, small)


def draw_mcts(
    trace: MCTSTrace | SearchResult,
    step: int | MCTSSnapshot | None = None,
    *,
    full_tree: bool | None = None,
    max_nodes: int = 30,
    caption: bool | str = True,
    narration: bool = False,
) -> Svg:
    """Draw step ``step`` of a Monte Carlo tree search (the finished search by default).

    Parameters
    ----------
    trace
        The search's :class:`~gametheory.search.mcts_trace.MCTSTrace`, or a result of
        :func:`~gametheory.search.mcts.mcts` run with ``trace=True``.
    step
        How many events to replay, ``0 .. len(trace)`` (see ``trace.step_of``), or a
        snapshot already replayed; None for all of them.
    full_tree
        For a search on an explicit tree: draw the whole tree, the part the search has not
        added faint. By default, when it has at most :data:`FULL_TREE_LIMIT` nodes.
    max_nodes
        Draw this many nodes of the search tree at most (more only if the current step needs
        them): the nodes of the current step, then the most visited ones; every node comes
        with its ancestors, and the k nodes left out below a node show as one more child of
        it, "+k".
    caption
        True for the default caption (iteration, phase, what N and Q mean), a string for
        your own, False for none.
    narration
        Add the step's sentence to the caption.

    Returns
    -------
    Svg

    Raises
    ------
    IndexError
        If ``step`` is outside ``0 .. len(trace)``.
    TypeError
        If ``trace`` is not a Monte Carlo tree search's trace.

    Examples
    --------
    >>> from gametheory import Nim
    >>> from gametheory.search.mcts import mcts
    >>> picture = draw_mcts(mcts(Nim(5), iterations=30, seed=2, trace=True), max_nodes=12)
    >>> picture.count('class="node"')
    12
    """
    found = trace.trace if isinstance(trace, SearchResult) else trace
    if not isinstance(found, MCTSTrace):
        raise ArgumentTypeError(
            "draw_mcts needs the trace of a Monte Carlo tree search (mcts(..., trace=True)), "
            f"got {type(found).__name__}"
        )
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise GameError(f"max_nodes must be a whole number >= 1, got {max_nodes!r}")
    snap = step if isinstance(step, MCTSSnapshot) else found.snapshot(step)
    root = found.states.get(())
    whole = root if isinstance(root, Node) else None
    if full_tree is None:
        full_tree = whole is not None and len(GameTree(whole)) <= FULL_TREE_LIMIT
    if full_tree and whole is None:
        raise GameError("full_tree=True needs a search on an explicit tree (a GameTree)")
    picture = _Picture(found, snap, whole if full_tree else None, max_nodes)
    return picture.render(_caption(picture, caption, narration))


def _caption(picture: _Picture, caption: bool | str, narration: bool) -> list[str]:
    trace, snap = picture.trace, picture.snap

    def default() -> list[str]:
        phase = f" · {snap.phase}" if snap.phase else ""
        lines = [
            f"iteration {snap.iteration} of {trace.iterations}{phase} · step {snap.step} of "
            f"{len(trace)} · {len(snap.nodes)} nodes · c = {number_text(round(trace.c, 3))}",
            "in each node: N (visits) above Q (mean result for the player to move there)",
        ]
        if isinstance(trace.states.get(()), Node):
            lines[-1] += "; faint: not in the search tree yet (leaves: payoff for MAX)"
        return lines + [_ucb_legend(picture)] if snap.ucb else lines

    return caption_lines(caption, default, snap.narration if narration else "")


def _ucb_legend(picture: _Picture) -> str:
    """What a UCB1 tag is, worked out for the first move on the way down that had one."""
    trace, snap = picture.trace, picture.snap
    child = next(p for p in snap.line if p in snap.ucb)
    parent = child[:-1]
    q = snap.value(child, trace.players.get(parent, trace.root_player))
    assert q is not None  # selection compares only children visited before
    c, n_parent, n = f"{trace.c:.4g}", snap.visits[parent], snap.visits[child]
    name = f" to {picture.name(child)}" if picture.name(child) else ""
    worked = f"{q_text(q)} + {c}·√(ln {n_parent} / {n}) ≈ {ucb_text(snap.ucb[child])}"
    return (
        "UCB1 under a node = its Q for the player choosing it (−Q when the other player "
        f"moves at the node) + {_unbroken('c·√(ln N(parent) / N)')}, e.g. move "
        f"{picture.label(child)}{name}: {_unbroken(worked)}"
    )


def _unbroken(formula: str) -> str:
    """``formula`` with no-break spaces, so that a caption's line never breaks inside it."""
    return formula.replace(" ", "\u00a0")


class _Picture:
    """The scene of one snapshot: which nodes, where, and how each one looks."""

    def __init__(
        self, trace: MCTSTrace, snap: MCTSSnapshot, whole: Node | None, max_nodes: int
    ) -> None:
        self.trace, self.snap, self.whole = trace, snap, whole
        self.searched = set(snap.nodes)
        self.explicit: dict[Address, Node] = {}
        if whole is not None:  # the explicit tree's nodes by their paths from the search's start
            self.explicit = {n.path[len(whole.path) :]: n for n in GameTree(whole)}
        shown = self._chosen(max_nodes) | set(self.explicit)
        self.hidden: dict[Address, int] = {}
        for path in self.searched - shown:
            parent = path[:-1]
            while parent not in shown:
                parent = parent[:-1]
            self.hidden[parent] = self.hidden.get(parent, 0) + 1
        self.kids = path_children(shown)
        # what is left out below a node is one more child of it, "+k", laid out like the rest
        for parent in self.hidden:
            self.kids[parent].append(parent + (MORE,))
            self.kids[parent + (MORE,)] = []
        top: Address = ()
        self.xy = tidy_layout(top, lambda p: self.kids[p])
        self.s = _sizes(max(x for x, _ in self.xy.values()) + 1)
        self.line = set(snap.line) if snap.phase in ("selection", "expansion") else set()
        self.backed = set(snap.line) if snap.phase == "backpropagation" else set()

    def _chosen(self, max_nodes: int) -> set[Address]:
        """The nodes to draw: the current step's, then the most visited, with ancestors."""
        snap = self.snap
        must = set(snap.line) | {p for p in snap.ucb if p in self.searched}
        ranked = sorted(self.searched, key=lambda p: (-snap.visits.get(p, 0), len(p), p))
        chosen: set[Address] = set()
        for path in [*sorted(must), *ranked]:
            if len(chosen) >= max_nodes and path not in must:
                break
            chosen.update(path[:k] for k in range(len(path) + 1))
        return chosen

    # -- looks -------------------------------------------------------------------------
    def role(self, path: Address) -> str:
        if path[-1:] == (MORE,):
            return "more"
        if path in self.searched:
            return self.trace.role(path)
        node = self.explicit[path]
        if node.is_leaf:
            return "end"
        if node.probabilities is not None:
            return "chance"
        return "MAX" if node.player == self.trace.root_player else "MIN"

    def label(self, path: Address) -> str:
        trace = self.trace
        if self.whole is not None:
            parent = self.explicit[path[:-1]]
            if parent.probabilities is not None:
                return f"{parent.probabilities[path[-1]]:.2g}"
            return parent.labels[path[-1]]
        if path in trace.probabilities:
            return f"{trace.label(path)} ({trace.probabilities[path]:.2g})"
        if trace.game is not None and path in trace.moves:
            return move_label(trace.game, trace.moves[path], trace.states.get(path[:-1]))
        return trace.label(path)

    def name(self, path: Address) -> str:
        return self.explicit[path].name if self.whole is not None else ""

    # -- drawing -----------------------------------------------------------------------
    def place(self, path: Address) -> tuple[float, float]:
        x, depth = self.xy[path]
        s = self.s
        return self.margin + x * s.unit, self.top + depth * s.level

    def half(self, path: Address) -> tuple[float, float]:
        """Half the width and half the height of the node's outline."""
        r = self.s.radius
        role = self.role(path)
        if role == "more":
            return self.s.small, self.s.small * 0.5
        if role == "chance":
            return r * 1.25, r * 1.25
        if role == "end":
            return r * 1.1, r if path in self.searched else r * 0.8
        return r, r

    def name_spot(self, path: Address) -> tuple[float, float, str]:
        """Where the node's name stands, clear of its ring: left of it, or under a leaf."""
        return name_spot(self.role(path), *self.place(path), *self.half(path), self.s.small)

    def below(self, path: Address) -> float:
        """The top of the free room under a node: below its ring (drawn or not) and its name."""
        x, y = self.place(path)
        bottom = y + self.half(path)[1] + RING + 1.5  # the ring's stroke is 3 wide
        if self.name(path) and self.role(path) == "end":
            bottom = self.name_spot(path)[1] + self.s.small * 0.24
        return bottom + 2

    def tag_text(self, path: Address) -> str:
        """``UCB 2.18``, or just ``2.18`` where neighbours stand too close for the word."""
        score = ucb_text(self.snap.ucb[path])
        wide = len(f"UCB {score}") * self.s.small * 0.6 + 6
        return f"UCB {score}" if wide + 4 <= self.s.unit else score

    def tag_box(self, path: Address) -> Box:
        """The frame of the UCB1 tag under a node."""
        x, top = self.place(path)[0], self.below(path)
        w = len(self.tag_text(path)) * self.s.small * 0.6 + 6
        return Box(x - w / 2, top, x + w / 2, top + self.s.small + 4)

    def render(self, caption: list[str]) -> Svg:
        s = self.s
        columns = max(x for x, _ in self.xy.values()) + 1
        self.margin = max(s.unit * 0.9, 40.0)
        self.top = self.half(())[1] + RING + 4  # room for the root's ring
        width = self.width = max(columns * s.unit + 2 * self.margin - s.unit, 480.0)
        self.lowest = max(self.below(p) for p in self.xy)
        order = sorted(self.xy, key=lambda p: (len(p), p))
        self.spots = self._place_labels(order)
        out = [part for path in order if path for part in self._edge(path)]
        out += [part for path in order for part in self._node_svg(path)]
        out += self._playout()
        words, height = caption_block(caption, width, self.lowest + 10, s.small)
        return document(width, height, out + words)

    def route(self, path: Address) -> list[tuple[float, float]]:
        """The edge into ``path``: from its parent's outline to its own."""
        parent = path[:-1]
        (x1, y1), (x2, y2) = self.place(parent), self.place(path)
        return [(x1, y1 + self.half(parent)[1]), (x2, y2 - self.half(path)[1])]

    def _place_labels(self, order: list[Address]) -> dict[Address, tuple[float, float, str]]:
        """Where each edge's label goes: beside its edge, clear of every node (and the ring
        it may have), name, UCB1 tag and other label (:class:`~gametheory.draw.labels.Placer`)."""
        s = self.s
        placer = Placer()
        for path in order:
            x, y = self.place(path)
            hw, hh = self.half(path)
            room = 0.0 if self.role(path) == "more" else RING + 2
            placer.block(Box(x - hw - room, y - hh - room, x + hw + room, y + hh + room))
            name = self.name(path)
            if name:
                nx, ny, anchor = self.name_spot(path)
                placer.block(text_box(nx, ny, name, s.small, anchor))
            if path in self.snap.ucb:
                placer.block(self.tag_box(path))
        routes = {path: self.route(path) for path in order if path}
        texts = {path: self.label(path) for path in routes if path[-1] != MORE}
        return placer.place_all(routes, texts, s.small, prefer=0.55, span=(0.15, 0.9))

    def _edge(self, path: Address) -> list[str]:
        (x1, y1), (x2, y2) = self.route(path)
        ends = {"x1": x1, "y1": y1, "x2": x2, "y2": y2}
        if path[-1] == MORE:
            dotted = f'stroke="{FAINT}" stroke-width="1" stroke-dasharray="3 3"'
            return [element("line", dotted, **ends)]
        searched = path in self.searched
        colour, width = (INK, 1.3) if searched else (FAINT, 1.0)
        if path in self.line:
            colour, width = SELECT, 3.2
        elif path in self.backed:
            colour, width = BACKUP, 3.2
        parts = [element("line", f'stroke="{colour}" stroke-width="{width:g}"', **ends)]
        if path in self.spots:
            x, y, anchor = self.spots[path]
            ink = "#444444" if searched else FAINT
            parts.append(svg_text(x, y, self.label(path), self.s.small, ink, anchor))
        return parts

    def _ring(self, path: Address) -> str | None:
        """The colour of the ring round a node the step is about, by the step's phase."""
        snap = self.snap
        if path == snap.path and snap.phase == "expansion" and path != () and path in self.searched:
            return EXPAND
        if path == snap.path and snap.phase in ("selection", "simulation"):
            return SELECT if snap.phase == "selection" else SIMULATE
        return BACKUP if path in self.backed else None

    def _node_svg(self, path: Address) -> list[str]:
        s, snap = self.s, self.snap
        x, y = self.place(path)
        if path[-1:] == (MORE,):
            more = svg_text(x, y + s.small * 0.35, f"+{self.hidden[path[:-1]]}", s.small, "#595959")
            return ['<g class="more">', more, "</g>"]
        hw, hh = self.half(path)
        role, searched = self.role(path), path in self.searched
        parts = [f'<g class="node" id="n{"".join(f"-{i}" for i in path)}">']
        colour = self._ring(path)
        if colour is not None:  # a few pixels outside the outline, like the textbook searches'
            parts.append(ring(role, x, y, hw, hh, colour, opacity=0.9))
        fill = BACKUP_FILL if path in self.backed else FILL if searched else "#ffffff"
        stroke = INK if searched else FAINT
        paint = f'class="node {role}" fill="{fill}" stroke="{stroke}" stroke-width="1.4"'
        parts.append(outline(role, x, y, hw, hh, paint, corner=s.radius * 0.3))
        if searched:
            visits, q = snap.visits.get(path, 0), snap.values.get(path)
            mean = "–" if q is None else q_text(q)
            parts.append(svg_text(x, y - s.font * 0.15, visits, s.font, INK, bold=True))
            parts.append(svg_text(x, y + s.font * 0.95, mean, s.small, INK))
        elif self.whole is not None and role == "end":
            payoff = self.explicit[path].payoff
            if payoff is not None:
                parts.append(svg_text(x, y + s.font * 0.36, number_text(payoff), s.font, FAINT))
        name = self.name(path)
        if name:
            nx, ny, anchor = self.name_spot(path)
            parts.append(svg_text(nx, ny, name, s.small, "#555555" if searched else FAINT, anchor))
        if path in snap.ucb:
            parts.extend(self._ucb_tag(path))
        parts.append("</g>")
        return parts

    def _ucb_tag(self, path: Address) -> list[str]:
        box = self.tag_box(path)
        self.lowest = max(self.lowest, box.y1)
        chosen = SELECT if path in self.snap.line else None
        words = tag(box, self.tag_text(path), self.s.small, centred=True, emphasis=chosen)
        return ['<g class="ucb">', *words, "</g>"]

    def _playout(self) -> list[str]:
        """At a simulation step: the playout's way to the end of the game, and its result."""
        snap, s = self.snap, self.s
        if snap.phase != "simulation" or snap.outcome is None:
            return []
        start = snap.path
        x, y = self.place(start)
        dashed = f'stroke="{SIMULATE}" stroke-width="2.6" stroke-dasharray="5 3"'
        parts = ['<g class="playout">']
        if self.whole is not None:  # follow the playout through the faint tree
            path = start
            for move in snap.playout:
                path = path + (int(move),)
                (x1, y1), (x2, y2) = self.route(path)
                parts.append(element("line", dashed, x1=x1, y1=y1, x2=x2, y2=y2))
            x = self.place(path)[0]
            y = self.below(path) + s.small * 0.8  # under the last node and its name
            anchor, where = "middle", ""
        else:  # a stub under the node; the words go under the whole tree, where nothing is
            top = self.below(start) - 2
            end = top + s.level * 0.3
            parts.append(element("line", dashed, x1=x, y1=top, x2=x, y2=end))
            y = max(self.lowest, end) + s.small + 4
            anchor, where = "start", f"playout from {self.trace.name(start)}: "
        plies = len(snap.playout)
        a, b = snap.outcome
        who = self.trace.who
        played = f"{plies} move{'s' * (plies != 1)} →" if plies else "game over:"
        a_text, b_text = number_text(a, sign=True), number_text(b, sign=True)
        text = f"{where}{played} {a_text} for {who(0)}, {b_text} for {who(1)}"
        if anchor == "start":  # centred under the node, but inside the picture
            wide = text_width(text, s.small, bold=True)
            x = max(8.0, min(x - wide / 2, self.width - 8 - wide))
        self.lowest = max(self.lowest, y + s.small * 0.3)
        parts.append(svg_text(x, y, text, s.small, SIMULATE, anchor, bold=True))
        parts.append("</g>")
        return parts
