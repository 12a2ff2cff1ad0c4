"""Reading the SVG pictures back in tests: parsed with ``xml.etree`` and checked for what every picture
must be (the SVG namespace, a size and a matching viewBox, coordinates inside it, numbers written
short), then searched by the ``data-*`` attributes the pictures carry."""

from __future__ import annotations

import re
from xml.etree import ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
LONG_NUMBER = re.compile(r"\d\.\d{3,}")  # more than two decimals: a coordinate nobody rounded
PLACED = {"rect": ("x", "y"), "circle": ("cx", "cy"), "text": ("x", "y"), "line": ("x1", "y1")}


def parse_svg(text: str) -> ET.Element:
    """The root of an SVG picture, checked: namespace, size, viewBox, every shape within the picture."""
    assert isinstance(text, str) and text.startswith("<svg")
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    width, height = float(root.get("width")), float(root.get("height"))
    assert 100 <= width <= 4000 and 50 <= height <= 40000, (width, height)
    assert [float(v) for v in root.get("viewBox").split()] == [0, 0, width, height]
    assert root.find(f"{NS}title").text  # named for a screen reader
    for picture in [root, *root.findall(f"{NS}svg")]:  # a stacked picture's parts: each in its own frame
        w, h = float(picture.get("width")), float(picture.get("height"))
        for element in picture.iter():
            keys = PLACED.get(element.tag.removeprefix(NS))
            if keys and element in own_elements(picture):
                x, y = (float(element.get(k)) for k in keys)
                assert 0 <= x <= w and 0 <= y <= h, (ET.tostring(element)[:120], w, h)
    for value in [v for e in root.iter() for v in e.attrib.values()]:
        assert not LONG_NUMBER.search(value), value
    return root


def own_elements(picture: ET.Element) -> list[ET.Element]:
    """The elements of ``picture`` that are not inside a nested ``svg``."""
    out, stack = [], list(picture)
    while stack:
        element = stack.pop()
        if element.tag != f"{NS}svg":
            out.append(element)
            stack.extend(element)
    return out


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls]


def face_up(element: ET.Element) -> list[str]:
    """The tiles drawn face up inside ``element``, in drawing order."""
    return [g.get("data-tile") for g in element.iter(f"{NS}g") if g.get("data-tile")]


def backs(element: ET.Element) -> int:
    return sum(1 for g in element.iter(f"{NS}g") if g.get("data-hidden"))


def hands(root: ET.Element) -> dict[str, tuple[list[str], int]]:
    """Each hand of a board by its seat's name: (its face-up tiles, its count of backs)."""
    return {g.get("data-seat"): (face_up(g), backs(g)) for g in groups(root, "hand")}


def names_tile(svg: str, tile: object) -> bool:
    """Whether the text names ``tile`` ("6-4") anywhere, in an attribute or in words."""
    hi, lo = str(tile).split("-")
    return re.search(rf"(?<![\d.]){hi}-{lo}(?![\d.])", svg) is not None
