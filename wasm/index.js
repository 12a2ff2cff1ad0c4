// dominosolver for JavaScript: the C++ core's 42 family (Texas 42, Moon, Partnership Moon, The Big
// Game) as a WebAssembly module. Positions are `dominosolver.position/1` objects, the JSON the
// Python package reads and writes (docs/json.md); docs/javascript.md shows the API.
import createCore from "./dominosolver_core.mjs";
import { gameFlow } from "./game.js";
import { NotationError, positionOfText, positionText, viewOfText, viewText } from "./notation.js";

export const POSITION_SCHEMA = "dominosolver.position/1";
export const VIEW_SCHEMA = "dominosolver.view/1";
export const HINT_SCHEMA = "dominosolver.hint/1";
const GAMES = ["texas42", "moon", "moon4", "biggame"];
const FIELDS = ["schema", "game", "trump", "leader", "hands", "trick", "rules", "contract", "history", "discard"];
// Every field of a view's JSON (python/dominosolver/texas42/view.py's _JSON_KEYS).
const VIEW_FIELDS = ["schema", "game", "seat", "rules", "trump", "contract", "auction", "hand", "hand_sizes", "leader",
  "to_move", "trick", "plays", "voids", "points", "gone", "revealed", "legal_moves", "legal_bids", "discard"];

/** Any error of bad input (the Python package's DominoSolverError). */
export class DominoSolverError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}
/** Text or JSON that cannot be read. */
export class ParseError extends DominoSolverError {}
/** Fields that describe no position play can reach. */
export class InvalidPositionError extends DominoSolverError {}
/** A play the position does not allow. */
export class IllegalMoveError extends DominoSolverError {}
/** A player's view that no deal fits (a kind of InvalidPositionError, as in Python). */
export class InvalidViewError extends InvalidPositionError {}

/** A search that gave up before any answer: a hint whose time ran out before any world was solved. */
export class SearchLimitError extends InvalidPositionError {}

const ERRORS = { ParseError, InvalidPositionError, InvalidViewError, IllegalMoveError, SearchLimitError, RangeError, Error };

// The core's answer, or its error thrown as the class of that name.
function answer(out) {
  if (out && typeof out === "object" && "error" in out) {
    const Cls = ERRORS[out.error.name] || Error;
    throw new Cls(out.error.message);
  }
  return out;
}

// A position object (or its JSON text), its fields checked as the Python package checks them.
// The JSON object of a position's or a view's one-line text (notation.js), its errors as ParseError.
function ofText(read, text) {
  try {
    return read(text);
  } catch (e) {
    if (e instanceof NotationError) throw new ParseError(e.message);
    throw e;
  }
}

// Options checked for names the call does not know (a misspelt "sample" would silently be the default),
// as Python refuses an unknown keyword.
function knownOptions(what, options, names) {
  const unknown = Object.keys(options ?? {}).filter((k) => !names.includes(k)).sort();
  if (unknown.length)
    throw new ParseError(`unknown ${what} option(s): ${unknown.map((k) => `'${k}'`).join(", ")} (known: ${names.join(", ")})`);
}
const HINT_OPTIONS = ["samples", "seed", "timeMs", "exactLimit", "objective", "means", "score", "weighting", "method", "seat",
  "shouldStop", "onProgress"];

function positionObject(position) {
  let obj = position;
  if (typeof position === "string") {
    if (!position.trim().startsWith("{")) return ofText(positionOfText, position);  // its leader may be left to the contract
    try {
      obj = JSON.parse(position);
    } catch (e) {
      throw new ParseError(`position JSON: ${e.message}`);
    }
  }
  if (obj === null || typeof obj !== "object" || Array.isArray(obj))
    throw new ParseError("a position is a dominosolver.position/1 object");
  const schema = obj.schema ?? POSITION_SCHEMA;
  if (schema !== POSITION_SCHEMA) throw new ParseError(`unknown schema ${JSON.stringify(schema)} (expected '${POSITION_SCHEMA}')`);
  const game = obj.game ?? "texas42";
  if (!GAMES.includes(game))
    throw new ParseError(`this is a ${JSON.stringify(game)} position, not one of the 42 family's (${GAMES.join(", ")})`);
  for (const key of ["trump", "leader", "hands"])
    if (!(key in obj)) throw new ParseError(`position JSON lacks '${key}'`);
  const unknown = Object.keys(obj).filter((k) => !FIELDS.includes(k)).sort();
  if (unknown.length) throw new ParseError(`unknown position field(s): ${unknown.join(", ")}`);
  if (obj.rules != null && (typeof obj.rules !== "object" || Array.isArray(obj.rules)))
    throw new ParseError("'rules' must be an object of flags");
  return obj;
}

// The seats of The Big Game's calls in a view's text: the core replays the auction.
let callers = () => {
  throw new ParseError("The Big Game's auction text needs the module: load() it first");
};

// A view object (or its JSON text), its fields checked as PlayerView.from_json checks them.
function viewObject(view) {
  let obj = view;
  if (typeof view === "string") {
    if (!view.trim().startsWith("{")) return ofText((text) => viewOfText(text, callers), view);
    try {
      obj = JSON.parse(view);
    } catch (e) {
      throw new ParseError(`view JSON: ${e.message}`);
    }
  }
  if (obj === null || typeof obj !== "object" || Array.isArray(obj)) throw new ParseError("a view is a dominosolver.view/1 object");
  const schema = obj.schema ?? VIEW_SCHEMA;
  if (schema !== VIEW_SCHEMA) throw new ParseError(`unknown schema ${JSON.stringify(schema)} (expected '${VIEW_SCHEMA}')`);
  const game = obj.game ?? "texas42";
  if (!GAMES.includes(game))
    throw new ParseError(`this is a ${JSON.stringify(game)} view, not one of the 42 family (${GAMES.join(", ")})`);
  for (const key of ["seat", "hand"]) if (!(key in obj)) throw new ParseError(`view JSON lacks '${key}'`);
  const unknown = Object.keys(obj).filter((k) => !VIEW_FIELDS.includes(k)).sort();
  if (unknown.length) throw new ParseError(`unknown view field(s): ${unknown.map((k) => `'${k}'`).join(", ")}`);
  if (obj.rules != null && (typeof obj.rules !== "object" || Array.isArray(obj.rules)))
    throw new ParseError("'rules' must be an object of flags");
  return obj;
}

// The view as the package writes it, after checking that the facts the JSON states (whose turn, the
// trick, points, voids, legal plays, revealed tiles) are those its plays give.
function readView(core, view) {
  const obj = viewObject(view);
  const { view: read, seatNames } = answer(core.readView(obj));
  const seat = (v) => (v === null || v === undefined ? null : typeof v === "number" ? v
    : seatNames.findIndex((n) => n.toLowerCase() === String(v).toLowerCase()));
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const stated = {
    leader: [seat(obj.leader), read.leader], to_move: [seat(obj.to_move), read.to_move],
    trick: [obj.trick, read.trick], points: [obj.points, read.points], voids: [obj.voids, read.voids],
    legal_moves: [[...(obj.legal_moves ?? [])].sort(), [...(read.legal_moves ?? [])].sort()],
    revealed: [obj.revealed, read.revealed ?? {}],
  };
  for (const [key, [given, derived]] of Object.entries(stated))
    if (key in obj && !same(given, derived))
      throw new InvalidViewError(`the view states ${key}=${JSON.stringify(obj[key])} but its plays give ${JSON.stringify(derived)}`);
  return read;
}

function freshSeed() {
  const word = new Uint32Array(1);
  globalThis.crypto.getRandomValues(word);  // Python's new_seed: 32 random bits
  return word[0];
}

// The options of a hint, checked, as the core reads them.
function hintOptions({ samples, seed, timeMs, exactLimit, objective, means, score, weighting, method } = {}, stoppable) {
  if (method !== undefined && method !== "pimc")
    throw new ParseError(`unknown method ${JSON.stringify(method)}: the module's hints are "pimc" (method "infoset" is Python's)`);
  const out = { stoppable: Boolean(stoppable), freshSeed: freshSeed() };
  const number = (name, value) => {
    if (typeof value !== "number" || Number.isNaN(value)) throw new ParseError(`${name} must be a number, not ${JSON.stringify(value)}`);
    out[name] = value;
  };
  if (samples !== undefined) number("samples", samples);
  if (seed !== undefined && seed !== null) number("seed", seed);
  if (timeMs !== undefined && timeMs !== null) number("timeMs", timeMs);
  if (exactLimit !== undefined) number("exactLimit", exactLimit);
  if (objective !== undefined) out.objective = String(objective);
  if (means !== undefined) out.means = String(means);
  if (score !== undefined && score !== null) out.score = score;
  if (weighting !== undefined) out.weighting = String(weighting);
  return out;
}

// Whether a hint's target is a position (a position/1 object, its JSON or its one-line text) rather
// than a view (Python's games.is_view_text: a view's text names its seat).
function isPosition(target) {
  let obj = target;
  if (typeof target === "string") {
    const text = target.trim();
    if (!text.startsWith("{")) return !text.split(/\s+/).some((token) => token.startsWith("seat="));
    try {
      obj = JSON.parse(text);
    } catch {
      return false;  // viewObject says what is wrong with it
    }
  }
  return obj !== null && typeof obj === "object" && !Array.isArray(obj) &&
    (obj.schema === POSITION_SCHEMA || (obj.schema === undefined && "hands" in obj && !("hand" in obj)));
}

// A seat's view of a position, as Python's Position.view(seat) (PlayerView.of_position): no seat,
// the seat to move's. `auction`: the calls, as a view's JSON lists them.
function viewOfPosition(core, position, { seat, auction } = {}) {
  if (auction !== undefined && auction !== null && !Array.isArray(auction))
    throw new ParseError("auction must be a list of {seat, bid} objects, as a view's JSON lists them");
  return answer(core.viewOf(positionObject(position), seat ?? null, auction ?? null)).view;
}

// The view a hint is for: a view (its stated facts checked), or a seat's view of a position (Python's
// hint(position, seat), the HTTP API's {"position", "seat"}).
function hintView(core, target, seat) {
  if (isPosition(target)) return viewOfPosition(core, target, { seat });
  const obj = viewObject(target);
  const read = readView(core, obj);
  if (seat !== undefined && seat !== null) {
    const { seatNames } = answer(core.readView(obj));
    const asked = typeof seat === "number" ? seat : seatNames.findIndex((n) => n.toLowerCase() === String(seat).toLowerCase());
    if (asked !== read.seat)
      throw new ParseError(`seat ${seatNames[asked] ?? seat}: this is ${seatNames[read.seat]}'s view, it cannot advise another seat`);
  }
  return obj;
}

/**
 * A hint's steps (internal: index.js and hint-worker.js drive it): yields after each batch of
 * worlds, returns the hint/1 object. `control.stop()` answers whether to stop (Python's
 * should_stop); `control.onProgress(partial)` receives the hint so far after each batch but the last.
 */
export function* hintSteps(core, target, options = {}, control = {}) {
  knownOptions("hint", options, HINT_OPTIONS);
  const { seat, ...rest } = options;
  const obj = hintView(core, target, seat);
  const { id } = answer(core.hintStart(obj, hintOptions(rest, control.stoppable)));
  try {
    for (;;) {
      const step = answer(core.hintStep(id, Boolean(control.stop && control.stop())));
      if (step.progress && control.onProgress) control.onProgress(answer(core.hintPartial(id)));
      if (step.done) return answer(core.hintResult(id));
      yield step;
    }
  } finally {
    core.hintEnd(id);
  }
}

// The leading word of a deal's text ("moon hands=..."), as Python's notation TAGS.
const DEAL_TAGS = { 42: "texas42", texas42: "texas42", moon: "moon", moon4: "moon4", biggame: "biggame" };
// A tile as the core reads it: "64" and "6-4" are "6-4" (Python's Tile reads both).
const tileName = (t) => (typeof t === "string" && /^[0-9][0-9]$/.test(t.trim()) ? `${t.trim()[0]}-${t.trim()[1]}` : t);

// A deal as Python's table functions read one (texas42/solve.py's _read_deal): 'hands=66.64.../...'
// (after a game's word: 'moon hands=...'), a position (its text, JSON or object: its whole deal),
// {game, rules, hands}, or a list of hands; as the core's table reads it: {position} or {game, rules, hands}.
function dealObject(deal) {
  let obj = deal;
  if (typeof deal === "string") {
    let text = deal.trim();
    let game = "texas42";
    const [word, ...rest] = text.split(/\s+/);
    if (word in DEAL_TAGS && rest.join(" ").startsWith("hands=")) {
      game = DEAL_TAGS[word];
      text = rest.join(" ");
    }
    if (text.includes("=") && !/^(hands=|\{|\[)/.test(text)) return { position: positionObject(text) };
    if (text.startsWith("{") || text.startsWith("[")) {
      try {
        obj = JSON.parse(text);
      } catch (e) {
        throw new ParseError(`deal JSON: ${e.message}`);
      }
    } else {
      obj = { game, hands: text.replace(/^hands=/, "").split("/").map((h) => (h === "" || h === "-" ? [] : h.split("."))) };
    }
  }
  if (Array.isArray(obj)) obj = { hands: obj };
  if (obj === null || typeof obj !== "object") throw new ParseError("a deal is 'hands=66.64.../...', a position, or {game, rules, hands}");
  if (obj.schema === POSITION_SCHEMA || "trump" in obj) return { position: positionObject(obj) };
  const game = obj.game ?? "texas42";
  if (!GAMES.includes(game))
    throw new ParseError(`this is a ${JSON.stringify(game)} deal, not one of the 42 family's (${GAMES.join(", ")})`);
  if (obj.rules != null && (typeof obj.rules !== "object" || Array.isArray(obj.rules)))
    throw new ParseError("'rules' must be an object of flags");
  const hands = Array.isArray(obj.hands) ? obj.hands.map((h) => (Array.isArray(h) ? h.map(tileName) : h)) : obj.hands;
  return { game, ...(obj.rules ? { rules: obj.rules } : {}), hands };
}

/**
 * A table's steps (internal: index.js and hint-worker.js drive it): yields {solved, cells} after
 * each cell of a double-dummy table (The Big Game's take seconds each), returns the table's JSON as
 * `POST /v1/table` answers it (dominosolver.ddtable/1, Moon's moontable/1, with `specials` the
 * specialtable/1). `control.stop()` answered true between cells ends it with a SearchLimitError.
 */
export function* tableSteps(core, deal, options = {}, control = {}) {
  knownOptions("table", options, ["specials", "shouldStop"]);
  const { specials = false } = options;
  if (typeof specials !== "boolean") throw new ParseError(`specials must be true or false, not ${JSON.stringify(specials)}`);
  const { id } = answer(core.tableStart(dealObject(deal), specials));
  try {
    for (;;) {
      const step = answer(core.tableStep(id));
      if (step.done) return answer(core.tableResult(id));
      if (control.stop && control.stop()) throw new SearchLimitError(`the table was stopped after ${step.solved} of ${step.cells} cells`);
      yield step;
    }
  } finally {
    core.tableEnd(id);
  }
}

// A bid question's options checked, as the core's adviseBid and bidStart read them.
function bidQuestion(hand, options = {}) {
  knownOptions("adviseBid", options, ["seat", "auction", "samples", "seed", "rules", "game", "score", "timeMs", "revealed"]);
  const { seat = 0, auction = [], samples = 200, seed, rules, game, score, timeMs, revealed } = options;
  // "6-6 6-5 ...", "66.65.64...", "10 20 30 ..." or a list, as Python's advise_bid reads a hand.
  if (typeof hand === "string") hand = hand.trim().split(/[\s,.]+/).filter(Boolean);
  if (Array.isArray(hand)) hand = hand.map(tileName);
  const given = seed !== undefined && seed !== null;  // none: Python's question_seed, a hash of the question
  if (given && (!Number.isSafeInteger(seed) || seed < 0)) throw new ParseError("seed must be a whole number from 0");
  if (typeof samples !== "number") throw new ParseError(`samples must be a number, not ${JSON.stringify(samples)}`);
  if (rules !== undefined && rules !== null && (typeof rules !== "object" || Array.isArray(rules)))
    throw new ParseError("'rules' must be an object of flags");
  return { hand, seat, auction, samples, ...(given ? { seed } : {}), ...(rules ? { rules } : {}),
    ...(game ? { game } : {}), ...(score !== undefined && score !== null ? { score } : {}),
    ...(timeMs !== undefined && timeMs !== null ? { timeMs } : {}), ...(revealed ? { revealed } : {}) };
}

/**
 * Python's advise_bid(hand, seat=..., auction=..., rules=..., samples=..., seed=...) (internal: the
 * API's adviseBid and playBot call it): the bidadvice/1 object, less its `elapsed`.
 */
export function adviseBidWith(core, hand, options = {}) {
  return answer(core.adviseBid(bidQuestion(hand, options)));
}

/**
 * A bid advice's steps (internal: hint-worker.js drives it): yields after each batch of deals,
 * returns the bidadvice/1 object. `control.stop()` answered true ends it after the batch under way
 * (at least one), the advice resting on the deals scored, as Python's should_stop.
 */
export function* bidSteps(core, hand, options = {}, control = {}) {
  const { id } = answer(core.bidStart(bidQuestion(hand, options)));
  try {
    for (;;) {
      const step = answer(core.bidStep(id, Boolean(control.stop && control.stop())));
      if (step.done) return answer(core.bidResult(id));
      yield step;
    }
  } finally {
    core.bidEnd(id);
  }
}

/**
 * Loads the WebAssembly module and returns the API (see index.d.ts). In node the .wasm file is read
 * from beside this file; in a browser it is fetched from there.
 */
export async function load() {
  return api(await loadCore());
}

/** The WebAssembly module itself (internal: the worker uses it). */
export async function loadCore() {
  const options = {};
  if (typeof process === "object" && process.versions && process.versions.node) {
    const { readFile } = await import("node:fs/promises");
    options.wasmBinary = await readFile(new URL("./dominosolver_core.wasm", import.meta.url));
  }
  const core = await createCore(options);
  callers = (game, rules, first, calls) => answer(core.auctionCallers({ game, rules }, first, calls));
  return core;
}

function api(core) {
  const read = (position) => answer(core.read(positionObject(position)));
  const games = gameFlow(core, { answer, readView: (view) => readView(core, view), ParseError, IllegalMoveError });
  return {
    /** A game against the bots (docs/javascript.md): dominosolver serve's game replies, offline. */
    newGame: games.newGame,
    gameState: games.game,
    gameMove: games.move,
    botQuestion: games.botQuestion,
    botMove: games.botMove,
    /** The bot's move, its question answered in this thread (it blocks it: a page asks a hint worker, botQuestion). */
    playBot: (token, options) => {
      const q = games.botQuestion(token, options);
      let advice = null;
      try {
        advice = q.hint ? hintNow(core, q.hint.view, q.hint.options)
          : q.bid || q.declare ? adviseBidWith(core, (q.bid ?? q.declare).hand, (q.bid ?? q.declare).options) : null;
      } catch (e) {
        if (!(e instanceof DominoSolverError)) throw e;  // an advice the module cannot give: the rule of thumb
      }
      return games.botMove(token, q, advice);
    },
    /** The position as the package writes it, whose turn, the legal plays and the points taken. */
    read,
    /** The legal plays of the seat to move ("6-4"; The Big Game's lower-end leads "7-3:3"). */
    legalMoves: (position) => read(position).legalMoves,
    /** The position after `move`, a new object (the argument is unchanged). */
    play: (position, move) => {
      if (typeof move !== "string") throw new ParseError(`a move is a tile like "6-4", not ${JSON.stringify(move)}`);
      return answer(core.play(positionObject(position), move)).position;
    },
    /** The position's one-line text, as Python's str(position) (docs/notation.md). */
    positionText: (position) => positionText(read(position).position),
    /** The view as the package writes it (its stated facts checked against its plays). */
    readView: (view) => readView(core, view),
    /**
     * What `seat` sees of a position (any point of a trick, its earlier tricks recorded or not): the
     * view/1 object Python's Position.view(seat) writes; no seat, the seat to move's. `auction`, the
     * calls as a view lists them, goes into the view (checked against its contract).
     */
    viewOf: (position, options) => viewOfPosition(core, position, options),
    /** The view's one-line text, as Python's str(view). */
    viewText: (view) => viewText(readView(core, view)),
    /** How many deals fit the view, and `n` of them drawn from `seed` as Python's sample_worlds draws them. */
    sampleWorlds: (view, n, seed) => {
      const obj = viewObject(view);
      if (!Number.isInteger(n) || n < 0 || n > 1000000) throw new ParseError("n must be a whole number from 0 to 1,000,000");
      if (!Number.isSafeInteger(seed) || seed < 0) throw new ParseError("seed must be a whole number from 0");
      const out = answer(core.sampleWorlds(obj, n, seed));
      return { count: BigInt(out.count), worlds: out.worlds };
    },
    /**
     * Python's hint(view, samples, seed, time) in this thread (it blocks it: a page runs it in a
     * worker, startHintWorker). `shouldStop()` and `onProgress(partial)` as Python's should_stop
     * and on_progress.
     */
    hint: (view, options = {}) => {
      const { shouldStop, onProgress } = options;
      const steps = hintSteps(core, view, options, { stop: shouldStop, onProgress, stoppable: Boolean(shouldStop || onProgress) });
      for (;;) {
        const { value, done } = steps.next();
        if (done) return value;
      }
    },
    /**
     * The deal's table, as Python's dd_table (moon_table for Moon's), or with `specials` its
     * special_table: the JSON `POST /v1/table` answers. Blocks the thread (a page asks a hint worker).
     */
    table: (deal, options = {}) => {
      const steps = tableSteps(core, deal, options, { stop: options.shouldStop });
      for (;;) {
        const { value, done } = steps.next();
        if (done) return value;
      }
    },
    /** The exact value for the side to move, and every legal play's value (as Python's solve). */
    /**
     * Python's advise_bid(hand, seat=..., auction=..., rules=..., samples=..., seed=...) for Texas 42
     * (`rules`: its flags, as a position's JSON gives them) while the seat is to call or, the auction
     * won, to declare: the bidadvice/1 object, less its `elapsed`. Without a seed, Python's default:
     * a hash of the question. `score` (42's marks game) weighs the calls by the chance of winning the
     * game. `timeMs` ends it between batches of deals once spent (at least one batch: 8 deals
     * first), the advice resting on the deals solved, as Python's `time`. Blocks the thread.
     */
    adviseBid: (hand, options) => adviseBidWith(core, hand, options),
    solve: (position, { moves = true, ttMb } = {}) => {
      const opts = { moves: Boolean(moves) };
      if (ttMb !== undefined) opts.ttMb = ttMb;
      return answer(core.solve(positionObject(position), opts));
    },
  };
}

// A hint run to its end in this thread.
function hintNow(core, view, options) {
  const steps = hintSteps(core, view, options);
  for (;;) {
    const { value, done } = steps.next();
    if (done) return value;
  }
}

const inNode = () => typeof process === "object" && Boolean(process.versions && process.versions.node);

/**
 * Starts a worker that runs hints off the calling thread (hint-worker.js, beside this file): a
 * module Web Worker in a browser, a worker_threads thread in node. See HintWorker.
 */
export function startHintWorker(url = new URL("./hint-worker.js", import.meta.url), { type = "module" } = {}) {
  return new HintWorker(url, type);
}

/** A hint worker's handle: hint() returns a Promise of the hint/1 object; stop() and terminate(). */
export class HintWorker {
  #worker;
  #pending = new Map();
  #next = 1;
  #ended = false;
  #broken = null;  // the error the worker died of (a script that failed to load or threw): later questions reject with it

  /** `type`: "module" (hint-worker.js as shipped), or "classic" for a script joined into one (a page opened from a file). */
  constructor(url, type = "module") {
    const receive = (message) => this.#receive(message);
    const failed = (error) => {
      this.#broken = error instanceof Error ? error : new Error(error.message || "the hint worker failed");
      this.#fail(this.#broken);
    };
    if (inNode()) {
      this.#worker = import("node:worker_threads").then(({ Worker }) => {
        // The thread inherits node's flags, but --input-type (a script from -e or stdin) refuses a file's.
        const execArgv = process.execArgv.filter((arg, i, all) => !arg.startsWith("--input-type") && all[i - 1] !== "--input-type");
        const w = new Worker(url, { execArgv });
        w.on("message", receive);
        w.on("error", failed);
        return w;
      });
    } else {
      const w = new Worker(url, { type });
      w.addEventListener("message", (event) => receive(event.data));
      w.addEventListener("error", (event) => failed(new Error(event.message || "the hint worker failed to start")));
      this.#worker = Promise.resolve(w);
    }
  }

  /**
   * Python's hint(view, samples, seed, time) in the worker: resolves with the hint/1 object.
   * `onProgress(partial)` receives the hint so far after each batch of worlds; `signal` (an
   * AbortSignal) stops it as stop() does. Hints run one at a time, in the order asked.
   */
  hint(view, options = {}) {
    return this.#ask("hint", { view }, options);
  }

  /**
   * Python's advise_bid in the worker (as the API's adviseBid): resolves with the bidadvice/1
   * object, in turn with the hints. `signal` (an AbortSignal) or stop() ends it after the batch of
   * deals under way (at least one), the advice resting on the deals scored, as Python's should_stop.
   */
  adviseBid(hand, options = {}) {
    const { onProgress, ...rest } = options;  // the advice tells no progress
    return this.#ask("bid", { hand }, rest);
  }

  /**
   * A deal's table in the worker (as the API's table): resolves with its JSON. `onProgress({solved,
   * cells})` hears of each cell of a double-dummy table solved but the last; `signal` (an
   * AbortSignal) or stop() ends it between cells with a SearchLimitError.
   */
  table(deal, options = {}) {
    return this.#ask("table", { deal }, options);
  }

  // One question to the worker: `signal` stops it as stop() does, `onProgress` hears its partial answers.
  #ask(type, question, options) {
    if (this.#ended) return Promise.reject(new DOMException("the hint worker was terminated", "AbortError"));
    if (this.#broken) return Promise.reject(this.#broken);
    const { onProgress, signal, ...rest } = options;
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      if (signal) {
        if (signal.aborted) this.#post({ type: "stop", id });
        else signal.addEventListener("abort", () => this.#post({ type: "stop", id }), { once: true });
      }
      this.#post({ type, id, ...question, options: rest, progress: Boolean(onProgress) }).catch((e) => {
        // A question the worker cannot be sent (a function among its options: a DataCloneError).
        if (!this.#pending.delete(id)) return;
        reject(e && e.name === "DataCloneError"
          ? new ParseError(`the hint worker's questions are plain data (signal and onProgress aside): ${e.message}`) : e);
      });
    });
  }

  /** Stops every hint and bid advice asked so far (each resolves with the worlds or deals solved by its next batch's end) and every table (between cells). */
  stop() {
    for (const id of this.#pending.keys()) this.#post({ type: "stop", id });
  }

  /** Ends the worker at once; hints under way or waiting reject with an AbortError. */
  terminate() {
    this.#ended = true;
    this.#worker.then((w) => w.terminate());
    this.#fail(new DOMException("the hint worker was terminated", "AbortError"));
  }

  #post(message) {
    return this.#worker.then((w) => w.postMessage(message));
  }

  #receive(message) {
    const job = this.#pending.get(message.id);
    if (!job) return;
    if (message.type === "progress") {
      if (job.onProgress) job.onProgress(message.hint);
      return;
    }
    this.#pending.delete(message.id);
    if (message.type === "result") job.resolve(message.hint);
    else job.reject(new (ERRORS[message.name] || Error)(message.message));
  }

  #fail(error) {
    for (const job of this.#pending.values()) job.reject(error);
    this.#pending.clear();
  }
}
