// The Position screen: the editor, the server's verdict on the position after every change, the
// exact value of every legal move, the principal variation, undo/redo and copying.
import { call } from "./api.js";
import { Editor, placed } from "./editor.js";
import { History } from "./history.js";
import { renderMoves, renderPv } from "./moves.js";
import { ViewHint, viewOf } from "./viewhint.js";

const $ = (selector) => document.querySelector(selector);
// The status of a set-up with no tile placed yet: what to do, not a verdict on an empty position.
export const EMPTY_STATUS = "no tiles yet: click a hand's name, then its tiles, or paste a position";

function setStatus(node, text, kind) {
  node.textContent = text;
  node.className = `status ${kind ?? ""}`;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard (an insecure origin, a denied permission): the text stays selected to copy by hand.
  }
}

// The line under study, as lichess's analysis board keeps one: the position it starts from and the
// moves played from there, each with the position it leads to (the server's, which alone knows the
// rules); `at` is how many of them are played on the board (0: the start).
class Line {
  constructor(start) {
    this.start = start;
    this.moves = []; // {move, seat, position}
    this.at = 0;
  }

  position(k) { return k === 0 ? this.start : this.moves[k - 1].position; }

  // A move played at `at`: the line's own next move steps forward; another one replaces the rest.
  play(move, seat, position) {
    if (this.moves[this.at]?.move !== move) this.moves.splice(this.at, Infinity, { move, seat, position });
    this.at += 1;
  }

  // Where the line holds this position (undo and redo walk the session), or -1.
  find(doc) {
    const text = JSON.stringify(doc);
    for (let k = 0; k <= this.moves.length; k++) if (JSON.stringify(this.position(k)) === text) return k;
    return -1;
  }
}

const typing = (node) => ["INPUT", "TEXTAREA", "SELECT"].includes(node?.tagName);

export class AnalysisScreen {
  // games: GET /v1/games's list; onPosition: told each position the server found valid (the
  // Table screen takes its hands).
  constructor(games, onPosition) {
    this.onPosition = onPosition;
    this.editor = new Editor({ fields: $("#fields"), palette: $("#palette"), placesRoot: $("#places") }, games,
      (doc) => this.edit(doc));
    this.history = new History(this.editor.empty(games[0].tag));
    this.line = new Line(this.history.current);
    this.viewHint = new ViewHint();
    this.generation = 0; // replies to an older position are dropped
    $("#undo").addEventListener("click", () => this.history.undo() && this.followHistory());
    $("#redo").addEventListener("click", () => this.history.redo() && this.followHistory());
    // The move list's keys, as on lichess: Left and Right step back and forward, Home and End go to
    // the line's start and end (not while typing, and only on this screen).
    const keys = { ArrowLeft: () => this.line.at - 1, ArrowRight: () => this.line.at + 1, Home: () => 0,
      End: () => this.line.moves.length };
    document.addEventListener("keydown", (event) => {
      if (!(event.key in keys) || typing(event.target) || $("#screen-position").hidden
          || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      this.goTo(keys[event.key]());
    });
    $("#step").addEventListener("click", () => this.solved && this.play(this.solved.pv[0]));
    $("#load").addEventListener("click", () => this.load($("#paste").value));
    $("#copy-notation").addEventListener("click", () => { $("#notation").select(); copy($("#notation").value); });
    $("#copy-json").addEventListener("click", () => { $("#json").select(); copy($("#json").value); });
    this.refresh();
  }

  edit(doc) {
    this.history.push(doc);
    this.line = new Line(doc);
    this.refresh();
  }

  // Undo or redo moved the session: the line follows when it holds the position, else starts there.
  followHistory() {
    const k = this.line.find(this.history.current);
    if (k < 0) this.line = new Line(this.history.current);
    else this.line.at = k;
    this.refresh();
  }

  // Show the line's position after k of its moves (0: its start).
  goTo(k) {
    if (k < 0 || k > this.line.moves.length || k === this.line.at) return;
    this.line.at = k;
    this.history.push(this.line.position(k));
    this.refresh();
  }

  // A line to step through: a start position and its moves ({seat, move}), each played by the
  // server in turn (a graded hand of the Play screen's review, say); the board shows the start.
  async loadLine(start, moves) {
    const line = new Line(start);
    let position = start;
    try {
      for (const { seat, move } of moves) {
        position = (await call("play", { position, move })).position;
        line.moves.push({ move, seat, position });
      }
    } catch (error) {
      setStatus($("#status"), `move ${line.moves.length + 1} of the line: ${error.message}`, "invalid");
    }
    this.history.push(start);
    this.line = line;
    this.refresh();
  }

  // Load pasted notation or JSON: the server reads it, and its canonical JSON becomes the position.
  async load(text) {
    const trimmed = text.trim();
    if (!trimmed) return;
    let input = trimmed;
    if (trimmed.startsWith("{")) {
      try {
        input = JSON.parse(trimmed);
      } catch (error) {
        setStatus($("#status"), `not JSON: ${error.message}`, "invalid");
        return;
      }
      input = input.position ?? input; // a show/1 or a record wrapping its position
    }
    try {
      const shown = await call("show", { position: input });
      if (!shown.position) throw new Error("this is a player's view: the board edits positions, where every hand is known");
      this.edit(shown.position);
    } catch (error) {
      setStatus($("#status"), error.message, "invalid");
    }
  }

  // A move played from the keyboard (Enter on a move) leaves the focus on the next position's moves.
  async play(move) {
    const seat = this.shown?.to_move ?? null;
    const keyboard = Boolean(document.activeElement?.closest?.("#moves"));
    try {
      const next = await call("play", { position: this.history.current, move });
      this.line.play(move, seat, next.position);
      this.history.push(next.position);
      await this.refresh();
      if (keyboard) $("#moves button")?.focus();
    } catch (error) {
      setStatus($("#status"), error.message, "invalid");
    }
  }

  // The move list: the line's start and each move, the one shown marked; a click goes there.
  renderLine(seats) {
    const root = $("#move-list");
    const entry = (k, text) => {
      const button = Object.assign(document.createElement("button"), { type: "button", className: "ply", textContent: text });
      button.dataset.ply = k;
      if (k === this.line.at) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => this.goTo(k));
      return button;
    };
    const items = [entry(0, "start")];
    this.line.moves.forEach(({ move, seat }, i) => {
      const button = entry(i + 1, `${i + 1}. ${seat === null ? "" : `${seats[seat]} `}${move}`);
      button.dataset.move = move;
      items.push(button);
    });
    root.replaceChildren(...items);
    const shown = root.querySelector('[aria-current="step"]'); // kept in sight within the list alone
    if (shown && (shown.offsetTop < root.scrollTop || shown.offsetTop + shown.offsetHeight > root.scrollTop + root.clientHeight)) {
      root.scrollTop = shown.offsetTop - root.clientHeight / 2;
    }
  }

  clearResults() {
    this.solved = null;
    $("#moves").replaceChildren();
    $("#pv").replaceChildren();
    $("#solve-note").textContent = "";
    $("#step").disabled = true;
  }

  async refresh() {
    const doc = this.history.current;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    $("#undo").disabled = !this.history.canUndo;
    $("#redo").disabled = !this.history.canRedo;
    this.editor.render(doc, null);
    this.shown = null;
    this.renderLine(this.editor.seats(doc));
    this.clearResults();
    if (placed(doc).size === 0) {  // a fresh set-up: nothing to check yet (not "the hand is over", nor a fault)
      this.viewHint.set({ reason: "no tiles placed yet" });
      setStatus($("#status"), EMPTY_STATUS);
      $("#notation").value = "";
      $("#json").value = JSON.stringify(doc);
      return;
    }
    this.viewHint.set({ reason: "the position is being checked" });
    setStatus($("#status"), "checking…");
    let shown;
    try {
      shown = await call("show", { position: doc });
    } catch (error) {
      if (!current()) return;
      setStatus($("#status"), error.message, "invalid");
      $("#notation").value = "";
      $("#json").value = JSON.stringify(doc);
      return;
    }
    if (!current()) return;
    this.shown = shown;
    this.editor.render(doc, shown);
    this.onPosition?.(shown.position);
    $("#notation").value = shown.notation ?? "";
    // A module that writes no notation (an older one) leaves none to copy: the field says so.
    $("#notation").placeholder = shown.notation === null ? "no one-line notation from this module: copy the JSON" : "";
    $("#copy-notation").disabled = shown.notation === null;
    // A link to this position (#position=<notation>, else its JSON) opens it again.
    const link = shown.notation ?? JSON.stringify(shown.position);
    history.replaceState(null, "", `${location.pathname}${location.search}#position=${encodeURIComponent(link)}`);
    $("#json").value = JSON.stringify(shown.position);
    const seats = this.editor.seats(doc);
    this.viewHint.set(viewOf({ start: this.line.start, moves: this.line.moves.slice(0, this.line.at),
      position: shown.position, seat: shown.to_move, game: this.editor.game(doc) }));
    if (shown.to_move === null || shown.to_move === undefined) {
      setStatus($("#status"), "valid: the hand is over", "valid");
      return;
    }
    setStatus($("#status"), `valid: ${seats[shown.to_move]} to play`, "valid");
    $("#solve-note").textContent = "solving…";
    try {
      const solved = await call("solve", { position: doc });
      if (!current()) return;
      this.solved = solved;
      const units = solved.units ?? "points";
      $("#solve-note").textContent = `value ${solved.value} ${units} for ${solved.pov}`;
      renderMoves($("#moves"), solved, (move) => this.play(move));
      renderPv($("#pv"), solved.pv ?? []);
      $("#step").disabled = !(solved.pv ?? []).length;
    } catch (error) {
      if (current()) $("#solve-note").textContent = error.message;
    }
  }
}
