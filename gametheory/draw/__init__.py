"""Pictures in plain SVG: trees, AND/OR graphs and boards, with no Graphviz binary needed."""

from gametheory.draw.svg import Svg

__all__ = ["Svg"]
