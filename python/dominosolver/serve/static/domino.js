// Dominoes drawn as SVG: two square halves with pips, the high end first ("6-4": 6 then 4).
const SVG = "http://www.w3.org/2000/svg";

// Pip centres on a half's 3x3 grid (0, 1, 2 on each axis) for 0..9 pips (double-nine at most).
const PIPS = {
  0: [],
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
  7: [[0, 0], [0, 1], [0, 2], [1, 1], [2, 0], [2, 1], [2, 2]],
  8: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1], [2, 2]],
  9: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2]],
};

function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function half(group, pips, x0, y0) {
  for (const [col, row] of PIPS[pips]) {
    group.append(el("circle", { cx: x0 + 10 + col * 10, cy: y0 + 10 + row * 10, r: 3.2, class: "pip" }));
  }
}

// The two numbers of a tile written "6-4" (also "64"); a play that leads a tile low, The Big Game's
// "8-2:2" (docs/notation.md), is that tile.
export function ends(tile) {
  const text = String(tile).split(":")[0];
  const parts = text.includes("-") ? text.split("-") : [...text];
  return parts.map(Number);
}

// An <svg> of one domino. vertical: the high end on top. size: its long side in CSS pixels.
// The label reads "domino 6-4" for screen readers; data-tile holds the tile for scripts and tests.
export function dominoSvg(tile, { vertical = false, size = 56, faceDown = false } = {}) {
  const [high, low] = ends(tile);
  const [w, h] = vertical ? [40, 80] : [80, 40];
  const svg = el("svg", {
    viewBox: `0 0 ${w} ${h}`,
    width: vertical ? size / 2 : size,
    height: vertical ? size : size / 2,
    class: "domino" + (faceDown ? " face-down" : ""),
    role: "img",
    "aria-label": faceDown ? "hidden domino" : `domino ${high}-${low}`,
  });
  svg.append(el("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: 5, class: "face" }));
  if (!faceDown) {
    svg.append(vertical ? el("line", { x1: 6, y1: 40, x2: 34, y2: 40, class: "bar" })
                        : el("line", { x1: 40, y1: 6, x2: 40, y2: 34, class: "bar" }));
    half(svg, high, 0, 0);
    half(svg, low, vertical ? 0 : 40, vertical ? 40 : 0);
  }
  return svg;
}

// Every tile of a set up to max_pip, high end first, in the order 6-6, 6-5, ... 0-0.
export function tileSet(maxPip = 6) {
  const tiles = [];
  for (let high = maxPip; high >= 0; high--) {
    for (let low = high; low >= 0; low--) tiles.push(`${high}-${low}`);
  }
  return tiles;
}

// A tile as the one-line notation writes it: "6-4" -> "64".
export function compact(tile) {
  return ends(tile).join("");
}

// A button showing a domino: what the board's hands, palettes and move lists are made of.
export function tileButton(tile, { label, onClick, vertical = false, size = 56, className = "" } = {}) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tile " + className;
  button.dataset.tile = tile;
  button.setAttribute("aria-label", label ?? `tile ${tile}`);
  button.append(dominoSvg(tile, { vertical, size }));
  if (onClick) button.addEventListener("click", () => onClick(tile));
  return button;
}
