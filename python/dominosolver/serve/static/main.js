// The board's entry point: the screens, and the tabs that switch between them.
import { call } from "./api.js";
import { AnalysisScreen } from "./analysis.js";
import { ChartScreen } from "./chart.js";
import { CorpusScreen } from "./corpus.js";
import { TableScreen } from "./heatmap.js";
import { PlayScreen } from "./play.js";

function showScreen(name) {
  for (const tab of document.querySelectorAll("nav [data-screen]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.screen === name));
  }
  for (const section of document.querySelectorAll("main > section")) section.hidden = section.dataset.screen !== name;
}

async function start() {
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
    analysis: new AnalysisScreen(list, (position) => table.usePosition(position)),
    chart: new ChartScreen(seatsOf),
    play: new PlayScreen(list, { botPause: pause, onReplay: (position, moves) => {
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
