"""Node shapes, rings, names and tags: the one home every tree-like picture draws them from."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.draw.labels import Box
from gametheory.draw.shapes import RING, name_spot, outline, ring, tag
from gametheory.draw.svg import text_width
from tests.picture_metrics import hidden, picture, shapes, text_boxes

ROLES = ["MAX", "OR", "MIN", "AND", "chance", "leaf", "end"]
TAGS = {
    "MAX": "rect",
    "OR": "rect",
    "MIN": "circle",
    "AND": "circle",
    "chance": "polygon",
    "leaf": "rect",
    "end": "rect",
}


def test_each_role_has_its_textbook_shape() -> None:
    for role in ROLES:
        drawn = ET.fromstring(outline(role, 50, 50, 14, 14, 'class="node"'))
        assert drawn.tag.removeprefix("{http://www.w3.org/2000/svg}") == TAGS[role]
    # a circle stretched to hold a long value is a pill, a card has rounded corners
    assert outline("MIN", 50, 50, 30, 14, "").startswith("<rect") and 'rx="14.0"' in outline(
        "MIN", 50, 50, 30, 14, ""
    )
    assert 'rx="3.0"' in outline("leaf", 50, 50, 14, 11, "", corner=3)
    assert "rx" not in outline("MAX", 50, 50, 14, 14, "")


sizes = st.floats(6, 40)


@given(st.sampled_from(ROLES), sizes, sizes)
def test_the_ring_stands_ring_pixels_outside_the_outline(role: str, hw: float, hh: float) -> None:
    if TAGS[role] == "circle":
        hh = hw  # a circle (a MIN node that needs no stretching)
    node = outline(role, 100, 100, hw, hh, 'class="node"')
    (shape,) = shapes(picture(node))
    (around,) = shapes(picture(ring(role, 100, 100, hw, hh, "#e8590c")))
    if TAGS[role] == "polygon":  # a diamond's ring is the circle round its corners
        assert around.round and around.box.x1 - 100 == pytest.approx(hw + RING, abs=0.1)
        return
    for inner, outer in ((shape.box.x0, around.box.x0), (shape.box.y0, around.box.y0)):
        assert inner - outer == pytest.approx(RING, abs=0.11)


@given(st.sampled_from(ROLES), sizes, st.text("ABCDEFGHIJK", min_size=1, max_size=3))
def test_a_name_stands_clear_of_the_ring(role: str, half: float, name: str) -> None:
    x, y, anchor = name_spot(role, 100, 100, half, half, 10)
    words = f'<text x="{x}" y="{y}" font-size="10" text-anchor="{anchor}">{name}</text>'
    rings = shapes(picture(ring(role, 100, 100, half, half, "#e8590c")))
    assert not hidden(text_boxes(picture(words)), rings)


@given(st.text("0123456789.,[]+−∞ ", min_size=1, max_size=9), st.booleans(), st.booleans())
def test_a_tag_holds_its_words(words: str, centred: bool, chosen: bool) -> None:
    # a tag as wide as its words and a little more, one line high: what the pictures ask for
    box = Box(50, 40, 50 + text_width(words, 10, bold=chosen) + 6, 40 + 10 + 4)
    frame, text = tag(box, words, 10, centred=centred, emphasis="#e8590c" if chosen else None)
    for inside in text_boxes(picture(text)):
        assert box.x0 <= inside.x0 and inside.x1 <= box.x1
        assert box.y0 <= inside.y0 and inside.y1 <= box.y1
    assert ('stroke-width="1.6"' in frame) == chosen and ('font-weight="bold"' in text) == chosen
