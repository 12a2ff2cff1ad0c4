// The Position screen: the editor, the server's verdict on the position after every change, the
// exact value of every legal move, the principal variation, undo/redo and copying.
import { call } from "./api.js";
import { Editor } from "./editor.js";
import { History } from "./history.js";
import { renderMoves, renderPv } from "./moves.js";

const $ = (selector) => document.querySelector(selector);

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

export class AnalysisScreen {
  // games: GET /v1/games's list; onPosition: told each position the server found valid (the
  // Table screen takes its hands).
  constructor(games, onPosition) {
    this.onPosition = onPosition;
    this.editor = new Editor({ fields: $("#fields"), palette: $("#palette"), placesRoot: $("#places") }, games,
      (doc) => this.edit(doc));
    this.history = new History(this.editor.empty(games[0].tag));
    this.generation = 0; // replies to an older position are dropped
    $("#undo").addEventListener("click", () => this.history.undo() && this.refresh());
    $("#redo").addEventListener("click", () => this.history.redo() && this.refresh());
    $("#step").addEventListener("click", () => this.solved && this.play(this.solved.pv[0]));
    $("#load").addEventListener("click", () => this.load($("#paste").value));
    $("#copy-notation").addEventListener("click", () => { $("#notation").select(); copy($("#notation").value); });
    $("#copy-json").addEventListener("click", () => { $("#json").select(); copy($("#json").value); });
    this.refresh();
  }

  edit(doc) {
    this.history.push(doc);
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

  async play(move) {
    try {
      const next = await call("play", { position: this.history.current, move });
      this.edit(next.position);
    } catch (error) {
      setStatus($("#status"), error.message, "invalid");
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
    this.clearResults();
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
    this.editor.render(doc, shown);
    this.onPosition?.(shown.position);
    $("#notation").value = shown.notation ?? "";
    // A link to this position (#position=<notation>) opens it again.
    if (shown.notation) history.replaceState(null, "", `${location.pathname}${location.search}#position=${encodeURIComponent(shown.notation)}`);
    $("#json").value = JSON.stringify(shown.position);
    const seats = this.editor.seats(doc);
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
