import { call } from "./api.js";

// The double-dummy table (dominosolver.ddtable/1) as a heat map: a row per declaration, a column
// per declarer seat, each cell the points the declaring side takes with that seat leading, shaded
// from red (none) to green (every point of the hand).
function shade(points, top) {
  const share = Math.max(0, Math.min(1, points / top));
  return `hsl(${share * 120} 65% ${88 - share * 18}%)`;
}

const declarationName = (d) => (typeof d === "number" ? `${d}s` : d);

// Draw table into root; handPoints: the scale's top (every point of the hand).
export function renderHeatmap(root, table, handPoints = 42) {
  const grid = document.createElement("table");
  grid.className = "heatmap";
  grid.setAttribute("aria-label", "double-dummy table: points by declaration and declarer");
  const head = grid.createTHead().insertRow();
  head.append(Object.assign(document.createElement("th"), { textContent: "trump \\ declarer" }));
  for (const seat of table.seats) head.append(Object.assign(document.createElement("th"), { textContent: seat, scope: "col" }));
  const body = grid.createTBody();
  table.declarations.forEach((declaration, row) => {
    const line = body.insertRow();
    line.append(Object.assign(document.createElement("th"), { textContent: declarationName(declaration), scope: "row" }));
    table.seats.forEach((seat, col) => {
      const points = table.points[row][col];
      const cell = line.insertCell();
      cell.textContent = points;
      cell.style.background = shade(points, handPoints);
      cell.dataset.declaration = String(declaration);
      cell.dataset.seat = seat;
      cell.dataset.points = points;
      cell.setAttribute("aria-label", `${declarationName(declaration)} declared by ${seat}: ${points} points`);
    });
  });
  root.replaceChildren(grid);
}

const $ = (selector) => document.querySelector(selector);

// The Table screen: a deal typed as notation ("hands=..." or four hands), or the Position screen's.
export class TableScreen {
  constructor() {
    this.position = null;
    $("#make-table").addEventListener("click", () => this.table($("#deal").value.trim()));
    $("#use-position").addEventListener("click", () => {
      if (!this.position) return;
      $("#deal").value = JSON.stringify(this.position);
      this.table($("#deal").value);
    });
  }

  // The latest valid position of the Position screen (its hands are the deal).
  usePosition(position) {
    this.position = position;
  }

  async table(text) {
    const status = $("#table-status");
    let deal = text;
    if (text.startsWith("{")) {
      try {
        deal = JSON.parse(text);
      } catch (error) {
        status.textContent = `not JSON: ${error.message}`;
        status.className = "status invalid";
        return;
      }
    }
    status.textContent = "solving…";
    status.className = "status";
    try {
      const table = await call("table", { deal });
      renderHeatmap($("#heatmap"), table);
      status.textContent = `${table.declarations.length} declarations × ${table.seats.length} declarers`;
      status.className = "status valid";
    } catch (error) {
      $("#heatmap").replaceChildren();
      status.textContent = error.message;
      status.className = "status invalid";
    }
  }
}
