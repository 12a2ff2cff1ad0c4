// The board without a server: the replies of the HTTP API that the WebAssembly module can give
// (docs/javascript.md), for a page exported by `dominosolver board --export` and opened from a file
// or a static host. The export's script sets globalThis.dominosolverOffline = {games, load,
// unavailable}: GET /v1/games's reply for the games the module plays, the module's load(), and why
// each screen and game the module cannot serve needs the server. A page served by `dominosolver
// serve` has none of it, and asks the server.
export const offline = globalThis.dominosolverOffline ?? null;

// An endpoint the module does not answer: its reason, shown where the board would have asked.
export class Unavailable extends Error {
  constructor(what) {
    super(`${what} needs the server (dominosolver serve): the offline board has the module's positions and exact solver only`);
    this.name = "Unavailable";
  }
}

// The screens the module cannot drive, each with why: shown in their place, with no button to press.
export const UNAVAILABLE = {
  table: "The double-dummy table (POST /v1/table) is made by the Python package: the offline board has no tables.",
  chart: "Grading a hand (POST /v1/analyse) is the Python package's analysis: the module has no grader.",
  play: "The bots, their hints, claims and bid advice run in the Python package (POST /v1/new-game, bot-move, "
    + "hint, advise-bid, claim): the module has no bots.",
  corpus: "A corpus of solved deals is the server's files (dominosolver serve --corpus DIR).",
};

let core = null; // the module, loaded at the first question
const module = () => (core ??= offline.load());

// The module's answer to POST /v1/<path> (GET for games), in the API's shapes (docs/http.md).
export async function answer(path, body, { signal } = {}) {
  if (path === "games") return offline.games;
  const handler = HANDLERS[path];
  if (!handler) throw new Unavailable(`POST /v1/${path}`);
  const ds = await module();
  await new Promise((resolve) => setTimeout(resolve)); // the page draws "solving…" before a search
  return handler(ds, body ?? {}, signal);
}

function showReply(ds, position) {
  const state = ds.read(position);
  return {
    schema: "dominosolver.show/1",
    game: state.position.game,
    position: state.position,
    notation: ds.positionText ? ds.positionText(state.position) : null, // a module without it: none to show
    to_move: state.toMove,
    legal_moves: state.legalMoves,
  };
}

const HANDLERS = {
  hint: (ds, { view, samples, seed }, signal) => offline.hintWorker().hint(view, { samples, seed, signal }),
  show: (ds, { position }) => showReply(ds, position),
  play: (ds, { position, move }) => showReply(ds, move === undefined ? position : ds.play(position, move)),
  solve: (ds, { position }) => {
    const solved = ds.solve(position);
    const game = ds.read(position).position.game;
    return { schema: "dominosolver.solve/1", game, pov: solved.pov, value: solved.value, moves: solved.moves,
      best: solved.best, equivalent: solved.equivalent, pv: solved.pv, nodes: solved.nodes, units: solved.units };
  },
};
