// The play chart of a graded hand (dominosolver.analysis/1): a bar for the points the declaring
// side ends the hand with under perfect play, at the start and after each play (the analysis's
// "projection"), green while that makes the bid and red once it does not, the bid as a dashed line.
// Under the bars ▼ marks a play that lowered the total (the side's costly play), ▲ one that
// raised it (an opponent's gift). The grades themselves are a table beside it.
import { call } from "./api.js";
import { moveWords } from "./moves.js";

const SVG = "http://www.w3.org/2000/svg";
const LINE = 14; // px: the least distance between two of the axis's labels (11 px type, 13 px boxes)

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// An <svg> chart of an analysis's projection; playName(i) names play i for the bars' labels.
export function playChart(projection, playName) {
  const { totals, need, hand_points: top, team } = projection;
  const bar = 14;
  const gap = 4;
  const height = 160;
  const left = 34;
  const width = Math.max(left + totals.length * (bar + gap) + 10, 420);
  const y = (points) => 10 + height * (1 - points / top);
  // The viewBox lets a narrow screen shrink the chart whole (board.css: max-width 100%).
  const svg = el("svg", { width, height: height + 44, viewBox: `0 0 ${width} ${height + 44}`, role: "img", class: "play-chart",
    "aria-label": `${team}: points at the hand's end with perfect play, before and after each play` });
  svg.append(el("line", { x1: left - 4, x2: left - 4, y1: 10, y2: 10 + height, stroke: "#999" }));
  svg.append(el("text", { x: 2, y: y(top) + 4, class: "axis" }, String(top)));
  svg.append(el("text", { x: 2, y: y(0) + 4, class: "axis" }, "0"));
  totals.forEach((total, i) => {
    const x = left + i * (bar + gap);
    const made = need === null || total >= need;
    const rect = el("rect", { x, y: y(total), width: bar, height: Math.max(1, y(0) - y(total)),
      class: made ? "made" : "short", "data-index": i, "data-total": total });
    const what = i === 0 ? "at the start" : `after ${playName(i - 1)}`;
    rect.append(el("title", {}, `${what}: ${team} ends with ${total}`));
    svg.append(rect);
    if (i > 0 && total !== totals[i - 1]) {
      const lower = total < totals[i - 1];
      svg.append(el("text", { x: x + 2, y: height + 26, class: lower ? "costly" : "gift" }, lower ? "▼" : "▲"));
    }
  });
  if (need !== null) {
    svg.append(el("line", { x1: left - 4, x2: width - 6, y1: y(need), y2: y(need), class: "bid-line" }));
    // Its label beside the line, kept a line's height off the top's and the 0's (The Big Game's 65
    // of 66 would write one over the other).
    const label = Math.min(Math.max(y(need), y(top) + LINE), y(0) - LINE);
    svg.append(el("text", { x: 2, y: label + 4, class: "axis bid-label" }, String(need)));
  }
  svg.append(el("text", { x: left, y: height + 42 },
    `${team}: points at the hand's end with perfect play from each play on${need === null ? "" : `; needs ${need}`}`));
  return svg;
}

// The grades as a table: seat, move, value before and after, cost; costly rows marked.
// names: the analysis's names.moves (a Bingo declaration with its points), else moveWords' own.
export function gradesTable(plays, seatName, names) {
  const table = document.createElement("table");
  table.className = "ranked grades";
  // Every hand known: a costly play is named beside the best plays, with its label (42's family).
  table.createCaption().textContent = "graded with every hand known";
  const explained = plays.some((play) => "label" in play);
  const heads = ["#", "seat", "move", "before", "after", "cost", ...(explained ? ["best", "label"] : [])];
  table.createTHead().insertRow().append(...heads.map((t) => Object.assign(document.createElement("th"), { textContent: t })));
  const body = table.createTBody();
  plays.forEach((play, i) => {
    const row = body.insertRow();
    const move = moveWords(play.tile ?? play.move, names);
    row.dataset.cost = play.cost ?? "";
    if (play.label) row.dataset.label = play.label;
    if (play.cost) row.style.background = "#fbe0e0";
    const cells = [i + 1, seatName(play.seat), move, play.before, play.after, play.cost];
    if (explained) cells.push(play.best ? play.best.join(" ") : "", play.label ?? "");
    for (const text of cells) row.insertCell().textContent = text ?? "?";
  });
  return table;
}

// Each seat's share of plays that lost nothing, with every hand known (analysis/1 "accuracy").
function accuracyLine(accuracy, seatName) {
  const line = document.createElement("p");
  line.className = "accuracy";
  line.textContent = "accuracy: " + Object.entries(accuracy)
    .map(([seat, a]) => `${seat} ${a.percent.toFixed(0)}% (${a.best}/${a.plays})`).join(", ");
  return line;
}

// One graded hand: its chart (42 in points) and its grades, appended to root.
export function renderAnalysis(root, analysis, seatName, title) {
  const box = document.createElement("div");
  box.className = "graded-hand";
  const heading = document.createElement("h2");
  heading.textContent = title;
  box.append(heading);
  const playName = (i) => {
    const play = analysis.plays[i];
    return `${seatName(play.seat)} ${moveWords(play.tile ?? play.move, analysis.names?.moves)}`;
  };
  if (analysis.auction) box.append(auctionTable(analysis.auction, seatName));
  if (analysis.discard) box.append(discardTable(analysis.discard));
  if (analysis.projection) box.append(playChart(analysis.projection, playName));
  box.append(gradesTable(analysis.plays, seatName, analysis.names?.moves));
  if (analysis.accuracy) box.append(accuracyLine(analysis.accuracy, seatName));
  root.append(box);
}

// The auction's grades (analyse with auction): each call and the declaration, the adviser's action,
// the best by expected marks in play and what the choice gave up against it.
function auctionTable(grades, seatName) {
  const table = document.createElement("table");
  table.className = "auction-grades";
  table.createTHead().insertRow().append(...["seat", "choice", "advised", "best", "expected marks", "cost"].map((t) =>
    Object.assign(document.createElement("th"), { textContent: t })));
  const body = table.createTBody();
  const marks = (x) => (x === null ? "–" : x.toFixed(2));
  for (const g of [...grades.calls, ...(grades.declaration ? [grades.declaration] : [])]) {
    const row = body.insertRow();
    row.dataset.cost = g.cost ?? "";
    for (const text of [seatName(g.seat), g.choice, g.advised, g.best, marks(g.expected), marks(g.cost)]) {
      row.insertCell().textContent = text;
    }
  }
  return table;
}

// The bidder's discard (Moon's widow, The Big Game's exchange) graded with every hand known: each
// tile it could have laid away, what its side then takes, whether that makes the bid.
function discardTable(grade) {
  const table = document.createElement("table");
  table.className = "discard-grades";
  table.createCaption().textContent =
    `the discard, every hand known: ${grade.choice} laid away, best ${grade.best}, cost ${grade.cost} ${grade.units}`;
  table.createTHead().insertRow().append(...["discard", grade.units, "makes"].map((t) =>
    Object.assign(document.createElement("th"), { textContent: t })));
  const body = table.createTBody();
  for (const [tile, value] of Object.entries(grade.values)) {
    const row = body.insertRow();
    row.dataset.tile = tile;
    if (tile === grade.choice) row.className = "chosen";
    for (const text of [tile === grade.choice ? `${tile} (laid away)` : tile, value, grade.makes[tile] ? "yes" : "no"]) {
      row.insertCell().textContent = text;
    }
  }
  return table;
}

const $ = (selector) => document.querySelector(selector);

// The Chart screen: a pasted hand, deal or game, graded by the server, a chart per hand.
export class ChartScreen {
  constructor(seatsOf) {
    this.seatsOf = seatsOf; // game tag -> its seat names
    $("#grade").addEventListener("click", () => this.grade($("#record").value));
  }

  async grade(text) {
    const status = $("#chart-status");
    const root = $("#charts");
    root.replaceChildren();
    let record;
    try {
      record = JSON.parse(text);
    } catch (error) {
      status.textContent = `not JSON: ${error.message}`;
      status.className = "status invalid";
      return;
    }
    status.textContent = "grading…";
    status.className = "status";
    try {
      const graded = await call("analyse", { record });
      const seats = this.seatsOf(graded.game);
      const seatName = (seat) => seats[seat];
      const hands = graded.hands ?? graded.deals ?? [graded];
      hands.forEach((analysis, i) => {
        if (analysis) renderAnalysis(root, analysis, seatName, hands.length > 1 ? `Hand ${i + 1}` : "The hand");
      });
      status.textContent = `${hands.filter(Boolean).length} graded`;
      status.className = "status valid";
    } catch (error) {
      status.textContent = error.message;
      status.className = "status invalid";
    }
  }
}
