// A whole game against the bots from one seat. The server keeps the game: each reply
// (dominosolver.botgame/1) carries the token naming it (the next request must send the latest),
// the human seat's view only, and its legal moves. The hint button asks for advice from that
// view alone, and so does the claim button (the lay-down check: can the human's side take every
// remaining trick, or its contract, whatever the hidden hands); at the end of each hand the review
// shows every hand as dealt and grades what everyone played.
import { call } from "./api.js";
import { dominoSvg, tileButton } from "./domino.js";
import { renderAnalysis } from "./chart.js";
import { figure, hintHeads, moveButton, moveWords, percent } from "./moves.js";

const $ = (selector) => document.querySelector(selector);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isTile = (move) => /^\d-\d$/.test(move);
// The tile of a play that leads it low (The Big Game's "8-2:2": 8-2 led in the twos, docs/notation.md), else null.
const ledLow = (move) => (/^\d-\d:\d$/.test(move) ? move.split(":")[0] : null);

function cell(row, text) {
  row.insertCell().textContent = text;
}

// An answer the player asked for is brought on screen (a laptop's window ends above the panel).
function seen(panel) {
  panel.scrollIntoView({ block: "nearest" });
}

function heading(text) {
  return Object.assign(document.createElement("h2"), { textContent: text });
}

// Where a seat sits for the viewer: the viewer at the bottom, the others clockwise from there (the
// next to play on the viewer's left), as at a table and in the SVG picture (pictures/board.py).
export function compassPlace(seat, viewer, count) {
  const places = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] }[count];
  return places[(seat - viewer + count) % count];
}

export class PlayScreen {
  constructor(games, { botPause = 250, onReplay = null, offline = false } = {}) {
    this.games = games; // GET /v1/games: each game's tag, title and seat names
    this.botPause = botPause; // ms between bot moves, so that each can be seen
    // The offline board (the WebAssembly module, offline.js): no claims and no grades of a hand.
    this.offline = offline;
    this.onReplay = onReplay; // (position, moves): a reviewed hand to step through on the Position screen
    this.busy = false;
    this.renderSetup();
    if (offline) $("#claim").title = "the claim needs the server (dominosolver serve)";
    // The answer under way (for scripts and tests to await): a hint or a claim.
    $("#hint").addEventListener("click", () => { this.asking = this.hint(); });
    $("#claim").addEventListener("click", () => { this.asking = this.claim(); });
    // The keyboard: Left and Right step along your playable tiles and choices, Escape puts a hint or claim away.
    $("#screen-play").addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Escape") {
        $("#hint-panel").replaceChildren();
        $("#claim-panel").replaceChildren();
        return;
      }
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const targets = [...document.querySelectorAll("#play-table .hand.own button:enabled, #play-choices button:enabled")];
      const at = targets.indexOf(document.activeElement);
      if (at < 0) return;
      event.preventDefault();
      targets[(at + (event.key === "ArrowRight" ? 1 : targets.length - 1)) % targets.length].focus();
    });
  }

  get seats() {
    return this.games.find((g) => g.tag === this.state.game).seats;
  }

  // What the board draws of the game played (GET /v1/games' "board").
  row() {
    return this.games.find((g) => g.tag === this.state.game).board;
  }

  get handWord() {
    return this.state?.record?.deals ? "Deal" : "Hand"; // what the game's record calls them
  }

  renderSetup() {
    const root = $("#play-setup");
    const game = document.createElement("select");
    game.name = "play-game";
    game.setAttribute("aria-label", "game");
    for (const g of this.games) game.append(new Option(g.title, g.tag));
    const seat = document.createElement("select");
    seat.name = "play-seat";
    seat.setAttribute("aria-label", "your seat");
    const seats = () => {
      seat.replaceChildren(...this.games.find((g) => g.tag === game.value).seats.map((name, i) => new Option(name, i)));
    };
    game.addEventListener("change", seats);
    seats();
    const seed = Object.assign(document.createElement("input"), { name: "play-seed", size: 6, placeholder: "seed" });
    seed.setAttribute("aria-label", "seed (optional: the same seed deals the same game)");
    const rules = Object.assign(document.createElement("input"), { name: "play-rules", size: 18, placeholder: "rules, e.g. specials:all" });
    rules.setAttribute("aria-label", "rules flags as flag:value, separated by commas (docs/notation.md)");
    // A move that is the only legal one is played at once when asked (the terminal's default, here an option).
    const forced = Object.assign(document.createElement("input"), { type: "checkbox", name: "play-forced", id: "play-forced" });
    const forcedLabel = Object.assign(document.createElement("label"), { htmlFor: "play-forced", textContent: " play forced moves at once" });
    forcedLabel.prepend(forced);
    const start = Object.assign(document.createElement("button"), { type: "button", className: "action", id: "new-game", textContent: "New game" });
    start.addEventListener("click", () => {
      const body = { game: game.value, seat: Number(seat.value) };
      const seedText = seed.value.trim();
      if (seedText && !/^\d+$/.test(seedText)) { // Number("abc") would ask for no seed at all: a game at random
        this.status(`seed: write a whole number from 0, or nothing for a game at random ('${seedText}' is not one)`, "invalid");
        return;
      }
      if (seedText) body.seed = Number(seedText);
      const flags = rules.value.split(",").map((f) => f.trim()).filter(Boolean);
      const bare = flags.filter((f) => !f.includes(":"));  // a flag needs its value: "specials" alone is no rule
      if (bare.length) {
        this.status(`rules: write flag:value, e.g. specials:all (${bare.map((f) => `'${f}'`).join(", ")} ${bare.length > 1 ? "have" : "has"} no value)`, "invalid");
        return;
      }
      if (flags.length) body.rules = Object.fromEntries(flags.map((f) => [f.split(":")[0], f.split(":").slice(1).join(":")]));
      this.start(body);
    });
    root.replaceChildren(game, seat, seed, rules, forcedLabel, start);
  }

  status(text, kind) {
    $("#play-status").textContent = text;
    $("#play-status").className = `status ${kind ?? ""}`;
  }

  async reopen(token) {
    this.handsSeen = 0;
    this.lastTrick = null;
    await this.send(() => call("game", { token }), { fresh: true });
  }

  async start(body) {
    this.handsSeen = 0;
    this.lastTrick = null;
    $("#play-log").replaceChildren();
    $("#review").replaceChildren();
    $("#hint-panel").replaceChildren();
    $("#claim-panel").replaceChildren();
    await this.send(() => call("new-game", body), { fresh: true });
  }

  // Send a request that returns the game's next state, show it, then let the bots move. A move waits
  // for the bots' turn to end; a new game (fresh) does not: the game before stops where it is, and
  // a reply of it that comes late is dropped. A move made from the keyboard keeps the focus in your
  // hand (or on your choices) when your turn comes back.
  async send(request, { fresh = false } = {}) {
    if (this.busy && !fresh) return;
    const run = (this.run ?? 0) + 1;
    this.run = run;
    const current = () => this.run === run;
    const keyboard = Boolean(document.activeElement?.closest?.("#play-table, #play-choices"));
    this.busy = true;
    try {
      const first = await request();
      if (!current()) return;
      this.show(first);
      while (!this.state.over && (!this.state.your_turn || this.forced)) {
        await pause(this.botPause);
        if (!current()) return;
        const token = this.state.token;
        const next = await (this.state.your_turn ? call("move", { token, move: this.state.legal_moves[0] }) : call("bot-move", { token }));
        if (!current()) return;
        this.show(next);
      }
    } catch (error) {
      if (current()) this.status(error.message, "invalid");
    } finally {
      if (current()) {
        this.busy = false;
        this.renderChoices();
        if (keyboard && this.state?.your_turn) document.querySelector("#play-table .hand.own button:enabled, #play-choices button:enabled")?.focus();
      }
    }
  }

  // A link to the game as it stands (#game=<token>): opened again, it reopens the game (GET-free:
  // POST /v1/game with the token), until the game moves on.
  show(reply) {
    this.lastTrick = this.trickTaken(this.state, reply);
    const names = this.state?.names?.moves; // the last move's name, if it was the human's
    this.state = reply;
    history.replaceState(null, "", `${location.pathname}${location.search}#game=${encodeURIComponent(reply.token)}`);
    if (reply.last) this.log(reply.last, reply, names);
    $("#hint-panel").replaceChildren();
    $("#claim-panel").replaceChildren();
    this.renderTable();
    this.renderScore();
    this.renderSave();
    this.renderChoices();
    const hands = reply.record.hands ?? reply.record.deals ?? [];
    if (hands.length > this.handsSeen) {
      this.handsSeen = hands.length;
      const hand = hands[hands.length - 1];
      // The hand's end in the log, before the next hand's first call: how it came out.
      this.logLine(`${this.handWord} ${hands.length} over: ${this.resultText(hand)}`, "hand-result");
      this.offerReview(hand, hands.length);
    }
    const winner = typeof reply.winner === "number" ? this.seats[reply.winner] : reply.winner; // Bingo: a player; 42: a side
    if (reply.over) this.status(`game over: ${winner} wins`, "valid");
    else this.status(reply.your_turn ? "your turn" : `${this.seats[reply.to_move]} to move…`);
  }

  // A declaration is logged by the name the table gives the trump it named ("declare ones", as the
  // buttons and the table say it; data-move keeps the move as written).
  log([seat, move], reply, names) {
    const named = move.startsWith("declare ") && reply.names?.trump ? `declare ${reply.names.trump}`
      : ledLow(move) ? `${ledLow(move)} led low` : moveWords(move, names);
    const line = this.logLine(`${this.seats[seat]}: ${named}`);
    line.dataset.seat = seat;
    line.dataset.move = move;
  }

  // A line at the log's end: the log scrolls to it alone (never the page, which on a phone would
  // carry the table off the screen at every bot move).
  logLine(text, className = "") {
    const log = $("#play-log");
    const line = Object.assign(document.createElement("div"), { textContent: text, className });
    log.append(line);
    log.scrollTop = log.scrollHeight;
    return line;
  }

  renderScore() {
    const scores = this.state.scores ?? {}; // 42: by side, {"NS": 2, "EW": 1}; Bingo: by player, [3, 1]
    const named = Array.isArray(scores) ? scores.map((score, seat) => [this.seats[seat], score]) : Object.entries(scores);
    $("#play-score").textContent = named.map(([who, score]) => `${who} ${score}`).join(" · ");
  }

  // The game so far as a file: its record (play --json's, every finished hand or deal with the rules
  // it was played under), which `dominosolver analyse FILE` grades; the hand in play is not in it.
  renderSave() {
    const link = $("#save-game");
    const record = this.state.record;
    const finished = (record.hands ?? record.deals ?? []).length;
    link.hidden = finished === 0;
    if (link.hidden) return;
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: "application/json" }));
    link.download = `dominosolver-${this.state.game}-${finished}.json`;
    link.textContent = `Save the game so far (${finished} ${this.handWord.toLowerCase()}${finished === 1 ? "" : "s"}, JSON)`;
  }

  // The table as the human sees it, drawn as players sit (the project's SVG table does the same,
  // pictures/board.py): the human at the bottom, the seats clockwise round the table from there, so
  // that in 42 the partner sits at the top and the opponents left and right, Moon's two others at
  // the left and right, Bingo's opponent at the top. The trick lies in the middle, each tile on its
  // player's side; the seat to move is marked.
  renderTable() {
    const view = this.state.view;
    const root = $("#play-table");
    const count = this.seats.length;
    root.className = `compass seats-${count}`;
    root.replaceChildren();
    const sizes = view.hand_sizes ?? this.seats.map((_, s) => (s === view.seat ? view.hand.length : view.opponent_hand_size));
    const place = (seat) => compassPlace(seat, view.seat, count);
    this.seats.forEach((name, seat) => {
      const box = Object.assign(document.createElement("div"), { className: `seat at-${place(seat)}` });
      box.dataset.seat = seat;
      box.dataset.place = place(seat);
      const toMove = seat === this.state.to_move && !this.state.over;
      const label = Object.assign(document.createElement("div"), { className: "hand-name" });
      label.textContent = seat === view.seat ? `${name} (you)` : name;
      const bid = view.contract && view.contract.declarer === seat ? ` · bid ${view.contract.bid}` : ""; // after the count
      if (toMove) {
        box.classList.add("to-move");
        label.classList.add("to-move");
        box.setAttribute("aria-current", "true");
      }
      const hand = Object.assign(document.createElement("div"), { className: "hand" });
      hand.dataset.seat = seat;
      hand.setAttribute("role", "group");
      hand.setAttribute("aria-label", `${name}'s hand`);
      if (seat === view.seat) {
        // Your hand stays readable (the auction, the others' turns); only a turn to play dims what is not legal.
        box.classList.add("own");
        hand.classList.add("own");
        // A tile's move: the tile played, or a move naming it last (a discard, "discard 4-4": the tile laid away).
        const moveOf = (tile) => (!this.state.your_turn ? null : this.state.legal_moves.includes(tile) ? tile
          : this.state.legal_moves.find((m) => !isTile(m) && m.split(" ").at(-1) === tile) ?? null);
        if (view.hand.some(moveOf)) hand.classList.add("choosing");
        for (const tile of view.hand) {
          const move = moveOf(tile);
          const label = move === null ? `your ${tile}` : move === tile ? `play ${tile}` : move;
          const button = tileButton(tile, { label, size: 52, onClick: () => move !== null && this.move(move) });
          button.dataset.move = move ?? tile;
          button.disabled = move === null;
          hand.append(button);
        }
      } else { // face down, but for the tiles its contract shows the table (a Plunge bidder's doubles)
        const sideways = place(seat) === "left" || place(seat) === "right";
        const shown = view.revealed?.[name] ?? [];
        for (const tile of shown) hand.append(dominoSvg(tile, { size: 36, vertical: !sideways }));
        for (let i = shown.length; i < sizes[seat]; i++) {
          const back = dominoSvg("0-0", { faceDown: true, size: 36, vertical: !sideways });
          back.setAttribute("aria-hidden", "true"); // the hand's label counts them
          hand.append(back);
        }
        const hidden = sizes[seat] - shown.length;
        hand.setAttribute("aria-label", `${name}'s hand: ${hidden} tile${hidden === 1 ? "" : "s"} face down`
          + (shown.length ? `, ${shown.join(" ")} shown` : ""));
        label.append(Object.assign(document.createElement("span"), { className: "count", textContent: ` ${sizes[seat]}`,
          title: `${sizes[seat]} tiles in hand` }));
      }
      label.append(bid);
      box.append(label, hand);
      root.append(box);
    });
    root.append(this.renderTrick(view, place));
    const facts = [];
    if (view.contract) facts.push(`${this.seats[view.contract.declarer]} bid ${view.contract.bid}${view.contract.kind ? ` (${view.contract.kind})` : ""}`);
    if (view.trump !== null && view.trump !== undefined) facts.push(`trump ${this.state.names?.trump ?? view.trump}`);
    if (view.turned) facts.push(`turned ${view.turned}`);
    if (view.boneyard_size !== undefined) facts.push(`boneyard ${view.boneyard_size}`);
    if (view.points) facts.push(`points ${this.sidesNamed(view).map((name, side) => `${name} ${view.points[side]}`.trim()).join(" – ")}`);
    if (view.auction?.length) facts.push(`auction ${view.auction.map((b) => `${this.seats[b.seat]} ${b.bid}`).join(", ")}`);
    root.append(Object.assign(document.createElement("p"), { className: "muted facts", textContent: facts.join(" · ") }));
  }

  // The trick on the table as [{tile, seat}]: 42's views list each play with its seat; a Bingo trick
  // is led by the view's leader.
  trickOf(view) {
    const plays = view.plays ?? [];
    const onTable = plays.slice(plays.length - view.trick.length);
    return view.trick.map((tile, i) => ({ tile, seat: onTable[i]?.seat ?? (view.leader + i) % this.seats.length }));
  }

  // The trick just taken, while the table waits for the next lead (a view shows a trick only while
  // it is played): the trick before the reply's last tile closed it, and who took it (the next
  // trick's leader). It stays till a tile is led or the hand is over; null when there is none.
  trickTaken(before, reply) {
    if (reply.view.trick.length) return null;
    const hands = (r) => (r.record.hands ?? r.record.deals ?? []).length;
    if (!before || before.game !== reply.game || hands(before) !== hands(reply)) return null;
    const [seat, move] = reply.last ?? [];
    if (!before.view.trick.length || !isTile(move ?? "")) return this.lastTrick;
    return { plays: [...this.trickOf(before.view), { tile: move, seat }], taker: reply.view.leader };
  }

  // The middle of the table: the trick, each tile on the side of the seat that played it, numbered
  // in the order of play; between tricks the one just taken, faded, and who took it.
  renderTrick(view, place) {
    const centre = Object.assign(document.createElement("div"), { className: "centre" });
    const trick = Object.assign(document.createElement("div"), { className: "trick", id: "play-trick" });
    const taken = view.trick.length ? null : this.lastTrick;
    trick.setAttribute("aria-label", taken ? `the last trick, taken by ${this.seats[taken.taker]}` : "the trick on the table");
    (taken?.plays ?? this.trickOf(view)).forEach(({ tile, seat }, i) => {
      const box = document.createElement("span");
      box.className = `played at-${place(seat)}${taken ? " last-trick" : ""}`;
      box.append(dominoSvg(tile, { size: 48, vertical: true }),
        Object.assign(document.createElement("span"), { textContent: `${i + 1}. ${this.seats[seat]}${ledLow(tile) ? " (led low)" : ""}` }));
      box.dataset.tile = tile;
      box.dataset.seat = seat;
      trick.append(box);
    });
    centre.append(trick);
    if (taken) {
      const note = Object.assign(document.createElement("div"), { className: "taken", textContent: `${this.seats[taken.taker]} took the trick` });
      note.dataset.seat = taken.taker;
      centre.append(note);
    }
    if (view.turned) { // Bingo: the trump tile turned up beside the boneyard, face down
      const stock = Object.assign(document.createElement("div"), { className: "stock" });
      stock.setAttribute("aria-label", `turned ${view.turned}, boneyard ${view.boneyard_size ?? 0}`);
      stock.append(dominoSvg(view.turned, { size: 36 }),
        Object.assign(document.createElement("span"), { textContent: ` turned · boneyard ${view.boneyard_size ?? 0}` }));
      centre.append(stock);
    }
    return centre;
  }

  // The names of the two sides a view's points are of, each its seats' names together (NS, Bingo's
  // players): partners sit seat, seat + 2; at Moon's three seats the bidder plays alone against the
  // other two (docs/rules.md §4.1: "P1" and "P0+P2"); before a bid there, no names.
  sidesNamed(view) {
    const alone = this.seats.length % 2 === 1;
    if (alone && !view.contract) return ["", ""];
    const sideOf = (seat) => (alone ? Number(seat !== view.contract.declarer) : seat % 2);
    const join = this.seats.every((name) => name.length === 1) ? "" : "+";
    return [0, 1].map((side) => this.seats.filter((_, seat) => sideOf(seat) === side).join(join));
  }

  // The human's choices that are not tiles of its hand: bids, declarations, Bingo's close.
  // The human's turn offers one legal move and the player asked for such moves to be made at once.
  get forced() {
    return $("#play-forced")?.checked && this.state.your_turn && this.state.legal_moves.length === 1;
  }

  renderChoices() {
    const root = $("#play-choices");
    root.replaceChildren();
    const mine = this.state?.your_turn && !this.busy;
    $("#hint").disabled = !mine;
    // A claim is of the play: from the human's view with a trump named (a Bingo game is told by the server).
    $("#claim").disabled = this.offline || !mine || !Array.isArray(this.state?.view?.legal_moves) || this.state.view.trump === null;
    if (!this.state?.your_turn) return;
    for (const move of this.state.legal_moves.filter((m) => !isTile(m))) {
      const given = this.state.names?.moves?.[move] ?? move; // as tables and hints print it: "declare fives"
      const text = given === move && ledLow(move) ? `lead ${ledLow(move)} low` : given;
      const button = moveButton(move, { label: `choose ${text}`, text, onClick: () => this.move(move) });
      button.disabled = this.busy;
      root.append(button);
    }
  }

  move(move) {
    return this.send(() => call("move", { token: this.state.token, move }));
  }

  // Advice from the human seat's view only: ranked moves in play, bid advice in the auction.
  // An answer that comes after a move was made is of a table gone: it is dropped (the move cleared the panel).
  async hint() {
    const panel = $("#hint-panel");
    const { view, token } = this.state;
    panel.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "thinking…" }));
    seen(panel);
    const bidding = !Array.isArray(view.legal_moves); // a 42 view in the auction: bids, or the declaration
    try {
      const answer = await call(bidding ? "advise-bid" : "hint", { view });
      if (this.state.token !== token) return;
      if (bidding) this.showBidAdvice(answer);
      else this.showHint(answer);
    } catch (error) {
      if (this.state.token !== token) return;
      panel.replaceChildren(Object.assign(document.createElement("p"), { className: "status invalid", textContent: error.message }));
    }
    seen(panel);
  }

  // The lay-down check from the human seat's view: the rest, then the contract when there is one.
  async claim() {
    const panel = $("#claim-panel");
    const { view, token } = this.state;
    panel.replaceChildren(heading("Claim"),
      Object.assign(document.createElement("p"), { className: "muted", textContent: "solving every world that fits your view…" }));
    seen(panel);
    const lines = [];
    try {
      for (const goal of view.contract ? ["rest", "contract"] : ["rest"]) {
        const answer = await call("claim", { view, goal });
        if (this.state.token !== token) return;
        lines.push(this.claimLine(answer));
      }
      const first = lines.length ? lines[0].dataset : null;
      const note = Object.assign(document.createElement("p"), { className: "muted",
        textContent: first ? `from ${this.seats[view.seat]}'s view only; ${first.note}` : "" });
      panel.replaceChildren(heading("Claim"), ...lines, note);
    } catch (error) {
      if (this.state.token !== token) return;
      panel.replaceChildren(heading("Claim"),
        Object.assign(document.createElement("p"), { className: "status invalid", textContent: error.message }));
    }
    seen(panel);
  }

  // One goal's answer: yes with the plays that keep it, no with a world that refutes it, or cannot tell.
  claimLine(answer) {
    const what = answer.goal === "rest" ? "the rest (every remaining trick)"
      : `the contract (${answer.aim === "make" ? "making" : "setting"} it)`;
    const verdict = { claim: "yes", "no claim": "no", unknown: "cannot tell" }[answer.status];
    const parts = [`Claim ${what}: ${verdict}. ${answer.reason}.`];
    const world = answer.refutation ?? Object.values(answer.refutations ?? {})[0];
    if (world) {
      const hands = Object.entries(world.hands).map(([seat, tiles]) => `${seat} ${tiles.join(" ")}`).join(" · ");
      parts.push(`A world that refutes it: ${hands}.`);
    }
    parts.push(answer.sampled ? `(${answer.checked} of ${answer.worlds} worlds drawn)` : `(${answer.checked} of ${answer.worlds} worlds solved)`);
    const line = Object.assign(document.createElement("p"), { id: `claim-${answer.goal}`, textContent: parts.join(" ") });
    line.dataset.status = answer.status;
    line.dataset.plays = answer.plays.join(" ");
    line.dataset.note = answer.note;
    return line;
  }

  showHint(hint) {
    const panel = $("#hint-panel");
    const table = document.createElement("table");
    table.className = "ranked";
    table.id = "hint-table";
    table.setAttribute("aria-label", `hint for ${this.seats[hint.seat]}: ${hint.method}, ${hint.worlds} worlds`);
    const probability = this.games.find((g) => g.tag === hint.game).board.chance;
    // A hint on make tests (no deal valued whole in its time: The Big Game's first tricks) has no means
    // nor chances: each move's deals proven made and proven set, of those tested.
    const tests = hint.basis === "tests";
    const heads = tests ? ["rank", "move", "made in", "set in"] : hintHeads(hint.units ?? "points", probability);
    table.createTHead().insertRow().append(...heads.map((t) => Object.assign(document.createElement("th"), { textContent: t })));
    const body = table.createTBody();
    for (const m of hint.moves) {
      const row = body.insertRow();
      row.dataset.move = m.move;
      row.dataset.mean = m.mean ?? "";
      // A move the hint ranked by its chance alone (not tied for the best) has no mean: a dash.
      const move = moveWords(m.move, this.state.names?.moves);
      const texts = tests ? [m.rank, move, `${m.makes} of ${hint.worlds}`, `${m.sets} of ${hint.worlds}`]
        : [m.rank, move, figure(m.mean), figure(m.stderr), percent(m.p_win ?? m.p_make)];
      for (const text of texts) cell(row, text);
    }
    const deals = tests ? `${hint.worlds} sampled deal${hint.worlds === 1 ? " that fits" : "s that fit"} your view, each move's test of the contract (made or set) within a node budget: none valued whole in time`
      : hint.method !== "exact" ? `${hint.worlds} sampled deals that fit your view`
        : hint.worlds === 1 ? "the one deal that fits your view, solved exactly"
          : `all ${hint.worlds} deals that fit your view, each solved exactly`;
    const note = Object.assign(document.createElement("p"), { className: "muted",
      textContent: `${deals}: from ${this.seats[hint.seat]}'s view only` });
    const warnings = (hint.warnings ?? []).map((text) => Object.assign(document.createElement("p"), { className: "muted warning", textContent: text }));
    panel.replaceChildren(heading("Hint"), table, note, ...warnings);
  }

  // Bid advice as every front end gives it: the action in the words a move takes, why (its P(make)
  // and the threshold it had to reach), then each declaration's mean and P(make) at the bid judged
  // (the contract once won, else the advised bid, or the least bid for a pass), and the special bids.
  showBidAdvice(advice) {
    this.bidAdvice = advice; // the bidadvice/1 reply shown, for scripts and tests to read
    const panel = $("#hint-panel");
    const contract = this.state.view.contract;
    const units = advice.units ?? "points";
    const bids = Object.keys(advice.declarations?.[0]?.p_make ?? {});
    // A pass is judged at the least bid you may make now (Moon's 4 is no bid after a 5).
    const wanted = contract ? String(contract.bid) : advice.bid;
    const at = bids.includes(wanted) ? wanted : bids.find((bid) => this.state.legal_moves.includes(bid)) ?? bids[0];
    const table = document.createElement("table");
    table.className = "ranked";
    table.id = "hint-table";
    table.setAttribute("aria-label", contract ? "declaration advice" : "bid advice");
    // An advice that gives no declaration a mean (The Big Game's tests) shows no columns of dashes.
    const known = (x) => x !== null && x !== undefined;
    const means = (advice.declarations ?? []).some((d) => known(d.mean));
    table.createTHead().insertRow().append(...["declaration", ...(means ? hintHeads(units, "").slice(2, 4) : []), `P(make ${at})`].map((t) =>
      Object.assign(document.createElement("th"), { textContent: t })));
    const body = table.createTBody();
    for (const d of advice.declarations ?? []) {
      const row = body.insertRow();
      row.dataset.declaration = d.declaration;
      for (const text of [d.name, ...(means ? [figure(d.mean), figure(d.stderr)] : []), percent(d.p_make?.[at])]) cell(row, text);
    }
    const verdict = advice.verdict;
    const then = !contract && advice.bid !== "pass" && advice.declaration !== null && advice.declaration !== undefined
      ? `, then declare ${advice.declaration}` : "";
    const summary = Object.assign(document.createElement("p"), { id: "bid-action", textContent:
      contract ? `you bid ${contract.bid}: ${advice.action}` : `advice: ${advice.action}${then}` });
    summary.dataset.action = advice.action;
    const figures = [verdict.p_make === null ? null : `P(make) ${percent(verdict.p_make)}`,
      verdict.threshold === null ? null : `needs ${percent(verdict.threshold)}`].filter(Boolean).join(", ");
    const reason = Object.assign(document.createElement("p"), { id: "bid-reason",
      textContent: `${verdict.reason}${figures ? ` (${figures})` : ""}` });
    const parts = [heading(contract ? "Declaration advice" : "Bid advice"), summary, reason, table];
    const specials = [...(advice.specials ?? []), ...(advice.declared ?? [])];
    if (specials.length) {
      const extra = document.createElement("table");
      extra.className = "ranked";
      extra.id = "special-table";
      extra.createTHead().insertRow().append(...["special", "P(make)", "needs"].map((t) =>
        Object.assign(document.createElement("th"), { textContent: t })));
      const rows = extra.createTBody();
      for (const sp of specials) {
        const row = rows.insertRow();
        row.dataset.bid = sp.bid;
        const name = sp.declared === undefined ? sp.bid : `${sp.bid}, declare ${sp.declared}`;
        for (const text of [name, percent(sp.p_make_named), percent(sp.threshold)]) cell(row, text);
      }
      parts.push(extra);
    }
    parts.push(Object.assign(document.createElement("p"), { className: "muted",
      textContent: `${advice.worlds} deals that fit your hand (seed ${advice.seed}), from ${this.seats[advice.seat]}'s view only` }));
    panel.replaceChildren(...parts);
  }

  // At the end of each hand: a button that shows every hand as dealt and grades everyone's plays.
  offerReview(hand, number) {
    const root = $("#review");
    const button = Object.assign(document.createElement("button"), { type: "button", className: "action review-button",
      textContent: `Show me what the bots did (${this.handWord.toLowerCase()} ${number})` });
    button.dataset.hand = number;
    button.addEventListener("click", () => this.review(hand, number, button));
    root.append(button);
  }

  // How a finished hand or deal came out, as its record says.
  resultText(hand) {
    const result = hand.result;
    if (!result) return "";
    if ("game_points" in result) { // Bingo
      const points = result.game_points;
      return `${this.seats[result.winner]} won ${points} game point${points === 1 ? "" : "s"} (${result.outcome.replaceAll("_", " ")})`;
    }
    const points = Object.entries(hand.points ?? {}).map(([side, p]) => `${side} ${p}`).join(", ");
    const bid = hand.contract ? `${this.seats[hand.contract.declarer]} bid ${hand.contract.bid}: ` : "";
    return `${bid}${result.made ? "made" : "set"}; points taken ${points}`;
  }

  async review(hand, number, button) {
    button.disabled = true;
    const box = document.createElement("div");
    box.className = "review";
    box.dataset.hand = number;
    box.append(heading(`${this.handWord} ${number} as dealt`));
    // A 42 hand of `play --json` has its "deal" and "plays"; a Bingo deal its "hands", "boneyard" and "moves".
    const rows = (hand.deal ?? hand.hands ?? []).map((tiles, seat) => [this.seats[seat], tiles]);
    if (hand.boneyard) rows.push(["boneyard", hand.boneyard]);
    for (const [name, tiles] of rows) {
      const row = Object.assign(document.createElement("div"), { className: "hand" });
      row.setAttribute("aria-label", `${name} was dealt`);
      row.append(Object.assign(document.createElement("span"), { className: "hand-name", textContent: name }));
      for (const tile of tiles) row.append(dominoSvg(tile, { size: 40 }));
      box.append(row);
    }
    const result = this.resultText(hand);
    if (result) box.append(Object.assign(document.createElement("p"), { className: "result", textContent: result }));
    button.after(box);
    if (!(hand.plays ?? hand.moves)?.length) {
      box.append(Object.assign(document.createElement("p"), { className: "muted", textContent: "thrown in: nothing was played" }));
      return;
    }
    if (this.offline) { // grading is the Python package's analysis (offline.js's PLAY_UNAVAILABLE)
      box.append(Object.assign(document.createElement("p"), { className: "muted",
        textContent: "Grading the plays needs the server (dominosolver serve): save the game and run dominosolver analyse FILE." }));
      return;
    }
    try {
      const graded = await call("analyse", { record: hand, auction: this.row().auction_grades && Boolean(hand.bids) });
      renderAnalysis(box, graded, (seat) => this.seats[seat], `${this.handWord} ${number}: every play graded`);
      if (this.onReplay && graded.position) {
        const replay = Object.assign(document.createElement("button"), { type: "button", className: "action replay",
          textContent: `Step through ${this.handWord.toLowerCase()} ${number} on the Position screen` });
        replay.dataset.hand = number;
        replay.addEventListener("click", () => this.onReplay(graded.position,
          graded.plays.map((p) => ({ seat: p.seat, move: p.tile ?? p.move }))));
        box.append(replay);
      }
    } catch (error) {
      box.append(Object.assign(document.createElement("p"), { className: "status invalid", textContent: error.message }));
    }
  }
}
