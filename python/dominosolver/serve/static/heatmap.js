import { call } from "./api.js";

// The double-dummy table of a deal of the 42 family (dominosolver.ddtable/1; Moon's moontable/1,
// in tricks) as a heat map: a row per declaration, a column per declarer seat, each cell the points
// (Moon: tricks) the declaring side takes with that seat leading, shaded from red (none) to green
// (every point, or trick, of the hand).
function shade(points, top) {
  const share = Math.max(0, Math.min(1, points / top));
  return `hsl(${share * 120} 65% ${88 - share * 18}%)`;
}

// Draw table into root. top: the scale's top (every point, or trick, of the hand); name(d): a
// declaration as tables print it ("fives"); units: "points" or "tricks".
export function renderHeatmap(root, table, { top = 42, name = String, units = "points" } = {}) {
  const values = table.points ?? table.tricks; // Moon's tables count tricks
  const grid = document.createElement("table");
  grid.className = "heatmap";
  grid.setAttribute("aria-label", `double-dummy table: ${units} by declaration and declarer`);
  const head = grid.createTHead().insertRow();
  head.append(Object.assign(document.createElement("th"), { textContent: "trump \\ declarer" }));
  for (const seat of table.seats) head.append(Object.assign(document.createElement("th"), { textContent: seat, scope: "col" }));
  const body = grid.createTBody();
  table.declarations.forEach((declaration, row) => {
    const line = body.insertRow();
    line.append(Object.assign(document.createElement("th"), { textContent: name(declaration), scope: "row" }));
    table.seats.forEach((seat, col) => {
      const points = values[row][col];
      const cell = line.insertCell();
      cell.textContent = points;
      cell.style.background = shade(points, top);
      cell.dataset.declaration = String(declaration);
      cell.dataset.seat = seat;
      cell.dataset.points = points;
      cell.setAttribute("aria-label", `${name(declaration)} declared by ${seat}: ${points} ${units}`);
    });
  });
  root.replaceChildren(grid);
}

const $ = (selector) => document.querySelector(selector);

// ["Texas 42", "Moon", "The Big Game"] as "Texas 42, Moon and The Big Game".
export function inWords(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}

// The Table screen: a deal typed as notation ("hands=...", a game's leading word for Moon or The
// Big Game), or the Position screen's; games: GET /v1/games's list (each game's board row names its
// declarations and the top of its scale).
export class TableScreen {
  constructor(games = []) {
    this.games = games;
    this.position = null;
    // Which games have a table, as their rows say (the exported board: those of the module)
    const tabled = games.filter((g) => (g.tables ?? []).includes("table")).map((g) => g.title);
    if (tabled.length) $("#table-about").textContent = `${$("#table-about").textContent.replace(/\.$/, "")}: ${inWords(tabled)}.`;
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
    this.asked?.abort(); // a table still being made for an earlier deal is not wanted any more
    const asked = (this.asked = new AbortController());
    try {
      const onProgress = ({ solved, cells }) => {
        if (!asked.signal.aborted) status.textContent = `solving… ${solved} of ${cells} cells`;
      };
      const table = await call("table", { deal }, { signal: asked.signal, onProgress });
      if (asked.signal.aborted) return; // a later deal's table takes its place
      const row = this.games.find((g) => g.tag === table.game)?.board;
      const names = Object.fromEntries((row?.declarations ?? []).map((d) => [d.trump, d.name]));
      const units = table.tricks ? "tricks" : "points";
      renderHeatmap($("#heatmap"), table, {
        top: (units === "tricks" ? row?.hand_tricks : row?.hand_points) ?? (units === "tricks" ? 7 : 42),
        name: (d) => names[String(d)] ?? String(d),
        units,
      });
      status.textContent = `${table.declarations.length} declarations × ${table.seats.length} declarers (${units})`;
      status.className = "status valid";
    } catch (error) {
      if (asked.signal.aborted) return; // a later deal's table took its place
      $("#heatmap").replaceChildren();
      status.textContent = error.message;
      status.className = "status invalid";
    }
  }
}
