// The Position screen's hint: the seat to move's view of the position (dominosolver.view/1) and the
// hint from it (POST /v1/hint; offline, the module's hint worker), every legal move ranked over the
// same worlds. The view is the seat's hand, every hand's size, the plays of the line (each with the
// seat the replies named) and the tiles out of play; what the seat has seen besides (voids, points,
// whose turn) the server or the module derives from the plays. A line set up in mid-trick, or with
// earlier tricks or a laid-away tile, asks with the position itself and its seat: the server's
// Position.view, or offline the module's viewOf, make the view (the tiles of unrecorded tricks gone).
import { call } from "./api.js";
import { figure, hintHeads, moveWords, percent } from "./moves.js";

const $ = (selector) => document.querySelector(selector);
const tileOf = (move) => move.split(":")[0]; // The Big Game's lower-end lead "7-3:3" plays 7-3

// {asked}: what POST /v1/hint is asked with for the seat to move ({view}, or {position, seat}), or
// {reason} it has none. start: the line's first position; moves: the line's moves up to the one shown
// ({seat, move}); position: the position shown; seat: its seat to move; game: its GET /v1/games row.
export function viewOf({ start, moves, position, seat, game }) {
  if (seat === null || seat === undefined) return { reason: "the hand is over" };
  if (!game.board.declarations.length) return { reason: `views of ${game.title} are the Play screen's, not this one's` };
  if ((start.trick ?? []).length || (start.history?.tiles ?? []).length || start.discard) {
    return { asked: { position, seat } };
  }
  const plays = moves.map(({ seat: by, move }) => ({ seat: by, tile: tileOf(move) }));
  const held = new Set([...position.hands.flat(), ...plays.map((p) => p.tile)]);
  const view = {
    schema: "dominosolver.view/1", game: position.game, seat, rules: position.rules ?? {}, trump: position.trump,
    hand: position.hands[seat], hand_sizes: position.hands.map((hand) => hand.length), plays,
  };
  if (position.contract) view.contract = position.contract;
  if (!plays.length) view.leader = position.leader;
  const gone = game.board.tiles.filter((tile) => !held.has(tile));
  if (gone.length) view.gone = gone;
  return { asked: { view } };
}

const known = (x) => x !== null && x !== undefined; // a hint leaves out the means of moves that cannot be best
const cell = (row, text, className) => Object.assign(row.insertCell(), { textContent: text, className: className ?? "" });

// Draw a hint/1 reply into root: a row a move, best first.
export function renderHint(root, hint) {
  const units = hint.units ?? "points";
  const note = document.createElement("p");
  note.className = "muted";
  const worlds = !hint.exact ? `${hint.worlds} worlds` : hint.worlds === 1 ? "the one world that fits"
    : `all ${hint.worlds} worlds that fit`; // how many, exact or not
  note.textContent = `${worlds} (${known(hint.seed) ? `seed ${hint.seed}, ` : ""}${hint.method}): ` // all worlds: no seed
    + `mean ${units} for ${hint.pov} after each move`;
  const table = document.createElement("table");
  table.className = "hint-table";
  const head = table.createTHead().insertRow();
  // A hint on make tests (no world valued whole in its time) has each move's worlds proven made and set instead.
  const tests = hint.basis === "tests";
  const chance = hint.moves.some((m) => known(m.p_win)) ? "P(win)" : "P(make)"; // Bingo's is of winning the deal
  for (const name of tests ? ["rank", "move", "made in", "set in"] : hintHeads(units, chance)) {
    head.append(Object.assign(document.createElement("th"), { textContent: name }));
  }
  if (tests) note.textContent += ` (each move's test of the contract: no world valued whole in time)`;
  const body = table.createTBody();
  for (const m of hint.moves) {
    const row = body.insertRow();
    Object.assign(row.dataset, { move: m.move, mean: m.mean ?? "", stderr: m.stderr ?? "", pMake: m.p_make ?? "" });
    cell(row, m.rank);
    cell(row, moveWords(m.move));
    if (tests) {
      cell(row, `${m.makes} of ${hint.worlds}`);
      cell(row, `${m.sets} of ${hint.worlds}`);
      continue;
    }
    cell(row, figure(m.mean));
    cell(row, figure(m.stderr));
    cell(row, percent(m.p_win ?? m.p_make));
  }
  root.replaceChildren(note, table);
}

// The hint's controls under the Position screen: set(asked or reason) for each position shown.
export class ViewHint {
  constructor() {
    this.asked = null;
    this.generation = 0;
    $("#view-hint").addEventListener("click", () => this.ask());
  }

  set({ asked, reason }) {
    this.generation += 1;
    this.asking?.abort(); // a hint of the position left is stopped (its worlds so far are dropped)
    this.asking = null;
    this.asked = asked ?? null;
    $("#view-hint").disabled = !asked;
    $("#view-hint-panel").replaceChildren();
    const status = $("#view-hint-status");
    status.textContent = asked ? "" : `No hint here: ${reason}.`;
    status.className = "status";
  }

  async ask() {
    const generation = this.generation;
    const status = $("#view-hint-status");
    const samples = Number($("#view-hint-samples").value);
    const seed = Number($("#view-hint-seed").value);
    status.textContent = "sampling worlds…";
    $("#view-hint").disabled = true;
    this.asking = new AbortController();
    try {
      const hint = await call("hint", { ...this.asked, samples, seed }, { signal: this.asking.signal });
      if (generation !== this.generation) return;
      status.textContent = `best: ${hint.best}`;
      renderHint($("#view-hint-panel"), hint);
    } catch (error) {
      if (generation !== this.generation) return;
      status.textContent = error.message;
      status.className = "status invalid";
    } finally {
      if (generation === this.generation) $("#view-hint").disabled = false;
    }
  }
}
