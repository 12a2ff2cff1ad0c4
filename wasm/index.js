// dominosolver for JavaScript: the C++ core's 42 family (Texas 42, Moon, Partnership Moon, The Big
// Game) as a WebAssembly module. Positions are `dominosolver.position/1` objects, the JSON the
// Python package reads and writes (docs/json.md); docs/javascript.md shows the API.
import createCore from "./dominosolver_core.mjs";

export const POSITION_SCHEMA = "dominosolver.position/1";
const GAMES = ["texas42", "moon", "moon4", "biggame"];
const FIELDS = ["schema", "game", "trump", "leader", "hands", "trick", "rules", "contract", "history", "discard"];

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

const ERRORS = { ParseError, InvalidPositionError, IllegalMoveError, RangeError, Error };

// The core's answer, or its error thrown as the class of that name.
function answer(out) {
  if (out && typeof out === "object" && "error" in out) {
    const Cls = ERRORS[out.error.name] || Error;
    throw new Cls(out.error.message);
  }
  return out;
}

// A position object (or its JSON text), its fields checked as the Python package checks them.
function positionObject(position) {
  let obj = position;
  if (typeof position === "string") {
    if (!position.trim().startsWith("{"))
      throw new ParseError("the module reads a position's JSON (dominosolver.position/1), not yet its one-line text");
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
  if (obj.discard != null) throw new ParseError("the module does not read a laid-away tile ('discard') yet");
  if (obj.rules != null && (typeof obj.rules !== "object" || Array.isArray(obj.rules)))
    throw new ParseError("'rules' must be an object of flags");
  return obj;
}

/**
 * Loads the WebAssembly module and returns the API (see index.d.ts). In node the .wasm file is read
 * from beside this file; in a browser it is fetched from there.
 */
export async function load() {
  const options = {};
  if (typeof process === "object" && process.versions && process.versions.node) {
    const { readFile } = await import("node:fs/promises");
    options.wasmBinary = await readFile(new URL("./dominosolver_core.wasm", import.meta.url));
  }
  const core = await createCore(options);
  const read = (position) => answer(core.read(positionObject(position)));
  return {
    /** The position as the package writes it, whose turn, the legal plays and the points taken. */
    read,
    /** The legal plays of the seat to move ("6-4"; The Big Game's lower-end leads "7-3:3"). */
    legalMoves: (position) => read(position).legalMoves,
    /** The position after `move`, a new object (the argument is unchanged). */
    play: (position, move) => {
      if (typeof move !== "string") throw new ParseError(`a move is a tile like "6-4", not ${JSON.stringify(move)}`);
      return answer(core.play(positionObject(position), move)).position;
    },
    /** The exact value for the side to move, and every legal play's value (as Python's solve). */
    solve: (position, { moves = true, ttMb } = {}) => {
      const opts = { moves: Boolean(moves) };
      if (ttMb !== undefined) opts.ttMb = ttMb;
      return answer(core.solve(positionObject(position), opts));
    },
  };
}
