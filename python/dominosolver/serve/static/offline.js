// The board without a server: the replies of the HTTP API that the WebAssembly module can give
// (docs/javascript.md), for a page exported by `dominosolver board --export` and opened from a file
// or a static host. The export's script sets globalThis.dominosolverOffline = {games, load,
// unavailable}: GET /v1/games's reply for the games the module plays, the module's load(), and why
// each screen and game the module cannot serve needs the server. A page served by `dominosolver
// serve` has none of it, and asks the server.
export const offline = globalThis.dominosolverOffline ?? null;

// An endpoint the module does not answer: its reason, shown where the board would have asked.
export class Unavailable extends Error {
  constructor(what, why = "the offline board has the module's positions, exact solver, tables, hints and games against its bots only") {
    super(`${what} needs the server (dominosolver serve): ${why}`);
    this.name = "Unavailable";
  }
}

// The screens the module cannot drive, each with why: shown in their place, with no button to press.
export const UNAVAILABLE = {
  chart: "Grading a hand (POST /v1/analyse) is the Python package's analysis: the module has no grader.",
  corpus: "A corpus of solved deals is the server's files (dominosolver serve --corpus DIR).",
};

// What the Play screen cannot ask offline, by endpoint, each with why.
export const PLAY_UNAVAILABLE = {
  claim: "the claim is the Python package's (offline the Claim button stays off)",
  analyse: "grading the bots' plays is the Python package's analysis (offline a review shows the hands as dealt and the result)",
};
// The Play screen's hint (the default worlds, no time asked) stops within this: The Big Game's first
// tricks take up to seconds a world (a 42 hint takes well under a second).
const PLAY_HINT_MS = 5000;

let core = null; // the module, loaded at the first question
const module = () => (core ??= offline.load());

// The module's answer to POST /v1/<path> (GET for games), in the API's shapes (docs/http.md).
export async function answer(path, body, { signal, onProgress } = {}) {
  if (path === "games") return offline.games;
  const handler = HANDLERS[path];
  if (!handler) throw new Unavailable(`POST /v1/${path}`, PLAY_UNAVAILABLE[path]);
  const ds = await module();
  await new Promise((resolve) => setTimeout(resolve)); // the page draws "solving…" before a search
  return handler(ds, body ?? {}, signal, onProgress);
}

// The bot to move: its question answered in the hint worker (a bid advice, or a hint of its view),
// then its move played. An advice the module cannot give (rules it does not advise, a Big Game
// hint whose time ran out before any world) leaves the bot to its rule of thumb (game.js).
async function botMove(ds, { token }, signal) {
  const question = ds.botQuestion(token);
  const worker = offline.hintWorker();
  let advice = null;
  try {
    if (question.hint) {
      advice = await worker.hint(question.hint.view, { ...question.hint.options, signal });
    } else if (question.bid || question.declare) {
      const { hand, options } = question.bid ?? question.declare;
      advice = await worker.adviseBid(hand, { ...options, signal });
    }
  } catch (error) {
    if (error.name === "AbortError") throw error;
    advice = null;
  }
  return ds.botMove(token, question, advice);
}

// Bid advice from the human's view in the auction (POST /v1/advise-bid {view}): its call, or the
// declaration of the contract it won, as the module's adviseBid gives it (the games and rules it
// advises; another's question gets its error). As the server asks Python's advise_bid(view): its
// default deals and the question's own seed (the same figures as the served board's), and what the
// contract shows (a plunger's doubles, kept with it in every deal).
// The view is the module's own game's, so an advice it refuses is one it does not give (The Big
// Game's, whose adviser is the Python package's): the server's, and said so.
async function adviseBid(ds, { view }) {
  if (!view || typeof view !== "object") throw new Unavailable("POST /v1/advise-bid without a view");
  const auction = (view.auction ?? []).map((a) => [a.seat, a.kind ? `${a.bid}:${a.kind}` : a.bid]);
  try {
    return await offline.hintWorker().adviseBid(view.hand, { seat: view.seat, auction,
      ...(view.game ? { game: view.game } : {}), rules: view.rules ?? {},
      ...(view.revealed && Object.keys(view.revealed).length ? { revealed: view.revealed } : {}) });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    const title = offline.games.games.find((g) => g.tag === view.game)?.title ?? "this game";
    throw new Unavailable(`Bid advice in ${title}`, error.message);
  }
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
  "new-game": (ds, body) => {
    // The games of the export's GET /v1/games (the module's): the module's bots play each.
    if (body.game !== undefined && !offline.games.games.some((g) => g.tag === body.game)) {
      throw new Unavailable(`A game of ${body.game} against the bots`, "the module plays the games of its list only");
    }
    return ds.newGame(body);
  },
  game: (ds, { token }) => ds.gameState(token),
  move: (ds, { token, move }) => ds.gameMove(token, move),
  "bot-move": botMove,
  "advise-bid": adviseBid,
  // A hint within `time` seconds as the HTTP API's; the Play screen's within PLAY_HINT_MS.
  // A {position, seat} (a position set up in mid-trick) is hinted from the seat's view of it (the module's viewOf).
  hint: (ds, { view, position, seat, samples, seed, time }, signal) => offline.hintWorker().hint(view ?? position, {
    samples, seed, signal, ...(view ? {} : { seat }),
    timeMs: time !== undefined && time !== null ? 1000 * time
      : samples === undefined ? PLAY_HINT_MS : undefined }),
  // A deal's table (the module's table(), in the hint worker, a cell at a time, each told to
  // onProgress): the signal stops it between cells.
  table: (ds, { deal, specials }, signal, onProgress) => offline.hintWorker().table(deal,
    { signal, onProgress, ...(specials === undefined ? {} : { specials }) }),
  show: (ds, { position }) => showReply(ds, position),
  play: (ds, { position, move }) => showReply(ds, move === undefined ? position : ds.play(position, move)),
  solve: (ds, { position }) => {
    const solved = ds.solve(position);
    const game = ds.read(position).position.game;
    return { schema: "dominosolver.solve/1", game, pov: solved.pov, value: solved.value, moves: solved.moves,
      best: solved.best, equivalent: solved.equivalent, pv: solved.pv, nodes: solved.nodes, units: solved.units };
  },
};
