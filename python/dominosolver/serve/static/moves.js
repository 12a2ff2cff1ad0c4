// Every legal move with its exact value (a dominosolver.solve/1 reply), coloured by what it costs
// against the best move: green costs nothing, red costs the most of the moves on offer.
import { tileButton } from "./domino.js";

const isTile = (move) => /^\d-\d$/.test(move);

// A move as a clickable thing: a domino for a tile, a word button for Bingo's close, declare, draw
// (text: the words shown, when they are not the move's own: "declare fives" for "declare 5").
export function moveButton(move, { label, onClick, size = 56, text = move } = {}) {
  if (isTile(move)) {
    const button = tileButton(move, { label, onClick: () => onClick?.(move), size });
    button.dataset.move = move;
    return button;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "action word-move";
  button.textContent = text;
  button.dataset.move = move;
  button.setAttribute("aria-label", label ?? `move ${move}`);
  if (onClick) button.addEventListener("click", () => onClick(move));
  return button;
}

// A move as the board prints it: its name from the server (a bot game's names.moves: "declare
// fives", "declare 5-5 and 1-1 (20 points)"), else a Bingo declaration's doubles in words
// ("declare:5-5,1-1" is "declare 5-5 and 1-1"), else the move as written.
export function moveWords(move, names) {
  if (names?.[move]) return names[move];
  if (!move.startsWith("declare:")) return move;
  const tiles = move.slice("declare:".length).split(",");
  return `declare ${tiles.length < 3 ? tiles.join(" and ") : `${tiles.slice(0, -1).join(", ")} and ${tiles.at(-1)}`}`;
}

// A hint's table as both screens word it: its columns (units: points or tricks; chance: the
// game's P(make) or P(win)), a figure and a chance as they print them.
export const hintHeads = (units, chance) => ["rank", "move", `mean ${units}`, "± s.e.", chance];
export const figure = (x) => (x === null || x === undefined ? "–" : x.toFixed(2));
export const percent = (p) => (p === null || p === undefined ? "–" : `${(100 * p).toFixed(1)}%`);

// What each move costs: how far its value falls short of the best move's (the solver names the
// best, so the direction of "better" is its, never the board's).
export function costs(solved) {
  const best = solved.moves[solved.best[0]];
  return Object.fromEntries(Object.entries(solved.moves).map(([move, value]) => [move, Math.abs(best - value)]));
}

function colour(cost, worst) {
  const hue = worst === 0 ? 120 : 120 - (120 * cost) / worst;
  return `hsl(${hue} 60% 88%)`;
}

// Draw the moves of a solve into root; onPlay(move) plays one.
export function renderMoves(root, solved, onPlay) {
  root.replaceChildren();
  const cost = costs(solved);
  const worst = Math.max(...Object.values(cost));
  const units = solved.units ?? "points";
  const ordered = Object.entries(solved.moves).sort((a, b) => cost[a[0]] - cost[b[0]]);
  for (const [move, value] of ordered) {
    const cell = document.createElement("div");
    cell.className = "move";
    cell.dataset.move = move;
    cell.dataset.value = value;
    cell.dataset.cost = cost[move];
    cell.style.background = colour(cost[move], worst);
    const text = document.createElement("span");
    text.className = "value";
    text.textContent = `${move}: ${value}` + (cost[move] ? ` (−${cost[move]})` : " best");
    cell.append(moveButton(move, { label: `play ${move}: value ${value} ${units}, costs ${cost[move]}`, onClick: onPlay }), text);
    root.append(cell);
  }
}

// The principal variation as text, its next move marked.
export function renderPv(root, pv) {
  root.replaceChildren();
  pv.forEach((move, i) => {
    const span = document.createElement("span");
    span.textContent = move;
    span.dataset.move = move;
    if (i === 0) span.className = "next";
    root.append(span, document.createTextNode(" "));
  });
}
