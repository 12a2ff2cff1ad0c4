"""An SVG document built with ``xml.etree``: a canvas of a given size that elements are added to,
written out as text. Every picture of ``dominosolver.pictures`` is one of these; the shared palette
and type sizes live here so that boards, heat maps and charts look alike."""

from __future__ import annotations

from collections.abc import Iterable
from xml.etree import ElementTree as ET

__all__ = ["FONT", "INK", "PAPER", "SVG_NS", "Canvas", "stack", "text_width"]

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, sans-serif"
INK = "#222222"  # text, tile edges and pips
PAPER = "#ffffff"
FELT = "#2f6b4f"  # the table under a board
MUTED = "#777777"  # captions, axes

Attribute = str | int | float


def number(value: float) -> str:
    """A coordinate as short text: whole numbers without a point, others to two decimals."""
    rounded = round(float(value), 2)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:g}"


def text_width(words: str, size: float) -> float:
    """About how wide ``words`` are in the sans-serif font at ``size``: enough to size a picture
    around its text (a browser measures exactly; nothing here can)."""
    return 0.56 * size * len(words)


def attributes(attrs: dict[str, Attribute | None]) -> dict[str, str]:
    """Keyword arguments as SVG attributes: ``class_`` -> ``class``, ``data_tile`` -> ``data-tile``,
    ``stroke_width`` -> ``stroke-width``; None leaves the attribute out."""
    out = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
    return out


class Canvas:
    """An SVG picture ``width`` x ``height`` units, its viewBox the same, on a white ground."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width, self.height = width, height
        self.root = ET.Element("svg", attributes({
            "xmlns": SVG_NS, "width": width, "height": height, "viewBox": f"0 0 {number(width)} {number(height)}",
            "font_family": FONT,
        }))
        ET.SubElement(self.root, "title").text = title  # what a screen reader or a browser tab shows
        self.add("rect", x=0, y=0, width=width, height=height, fill=PAPER)

    def add(self, tag: str, parent: ET.Element | None = None, **attrs: Attribute | None) -> ET.Element:
        """A new ``tag`` element inside ``parent`` (default: the picture itself)."""
        return ET.SubElement(self.root if parent is None else parent, tag, attributes(attrs))

    def text(self, x: float, y: float, words: str, parent: ET.Element | None = None, size: float = 13,
             **attrs: Attribute | None) -> ET.Element:
        element = self.add("text", parent, x=x, y=y, font_size=size, fill=attrs.pop("fill", INK), **attrs)
        element.text = words
        return element

    def group(self, parent: ET.Element | None = None, **attrs: Attribute | None) -> ET.Element:
        return self.add("g", parent, **attrs)

    def to_svg(self) -> str:
        return ET.tostring(self.root, encoding="unicode")


def stack(pictures: Iterable[Canvas], title: str, gap: float = 16) -> Canvas:
    """Pictures one under another in one picture (a whole game's charts, hand after hand): each
    keeps its own coordinates inside a nested ``svg`` placed at its offset."""
    pictures = list(pictures)
    width = max((p.width for p in pictures), default=0)
    height = sum(p.height for p in pictures) + gap * max(len(pictures) - 1, 0)
    canvas = Canvas(width, height, title)
    y = 0.0
    for p in pictures:
        nested = canvas.add("svg", x=0, y=y, width=p.width, height=p.height, viewBox=p.root.get("viewBox"))
        nested.extend(list(p.root))
        y += p.height + gap
    return canvas
