// The board's entry point: the screens, and the tabs that switch between them.
import { backend, call } from "./api.js";
import { AnalysisScreen } from "./analysis.js";
import { ChartScreen } from "./chart.js";
import { CorpusScreen } from "./corpus.js";
import { TableScreen } from "./heatmap.js";
import { offline, UNAVAILABLE } from "./offline.js";
import { PlayScreen } from "./play.js";

function showScreen(name) {
  for (const tab of document.querySelectorAll("nav [data-screen]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.screen === name));
  }
  for (const section of document.querySelectorAll("main > section")) section.hidden = section.dataset.screen !== name;
}

// The offline board (backend "module"): a note under the title says what works without a server,
// and each screen the module cannot drive shows why in place of its controls.
function markOffline() {
  const games = offline.games.games.map((g) => g.title).join(", ");
  const missing = offline.unavailable_games.map(({ title, reason }) => `${title} (${reason})`);
  // Folded to one line (a phone's screen is for the table): its summary opens the rest.
  const note = document.createElement("details");
  note.id = "backend";
  note.setAttribute("role", "note");
  const more = document.createElement("p");
  note.append(Object.assign(document.createElement("summary"), { textContent: "Offline: no server; some parts need one" }), more);
  more.textContent = `${games} are played against the bots, their positions checked, solved and `
    + "hinted from the view of the seat to move, and their deals' tables made, in this browser by the WebAssembly module. "
    + `${missing.length ? `Not offline: ${missing.join("; ")}; ` : ""}the Chart screen, the Play screen's claims `
    + "and grades, and a corpus need the server (dominosolver serve).";
  document.querySelector("header").append(note);
  for (const [screen, reason] of Object.entries(UNAVAILABLE)) {
    const section = document.querySelector(`main > section[data-screen="${screen}"]`);
    const panel = document.createElement("div");
    panel.className = "panel unavailable";
    panel.dataset.unavailable = screen;
    const title = document.createElement("h2");
    title.textContent = "Not available offline";
    const why = document.createElement("p");
    why.textContent = `${reason} Open the board that dominosolver serve serves to use this screen.`;
    panel.append(title, why);
    section.replaceChildren(panel);
  }
}

async function start() {
  document.body.dataset.backend = backend; // "server" (dominosolver serve) or "module" (an exported site)
  if (offline) markOffline();
  for (const tab of document.querySelectorAll("nav [data-screen]")) {
    tab.addEventListener("click", () => showScreen(tab.dataset.screen));
  }
  const games = await call("games");
  const list = games.games ?? games;
  const seatsOf = (tag) => list.find((g) => g.tag === tag).seats;
  const table = new TableScreen(list);
  const pause = Number(new URLSearchParams(location.search).get("pause") ?? 250); // ms between bot moves
  // The screens, for scripts and tests to read their state (window.board.play.state: the game's reply).
  window.board = {
    table,
    analysis: new AnalysisScreen(list, (position) => table?.usePosition(position)),
    chart: offline ? null : new ChartScreen(seatsOf),
    play: new PlayScreen(list, { botPause: pause, offline: Boolean(offline), onReplay: (position, moves) => {
      showScreen("position"); // a reviewed hand, its plays in the move list to step through
      window.board.analysis.loadLine(position, moves);
    } }),
    corpus: null,
  };
  // The Corpus screen, where the server serves a corpus of solved deals (serve --corpus).
  if (games.corpus) {
    window.board.corpus = new CorpusScreen(games.corpus);
    document.querySelector('nav [data-screen="corpus"]').hidden = false;
  }
  // A link names a position or a game: open it (the screen's own replies keep the link current).
  const [kind, value] = location.hash.slice(1).split("=", 2);
  if (kind === "position" && value) {
    showScreen("position");
    await window.board.analysis.load(decodeURIComponent(value));
  } else if (kind === "game" && value) {
    showScreen("play");
    window.board.play.reopen(decodeURIComponent(value));
  }
  document.body.dataset.ready = "true"; // every screen is wired
}

start();
