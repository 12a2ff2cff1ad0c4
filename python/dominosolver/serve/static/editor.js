// The position editor: a position as dominosolver.position/1 JSON, changed by clicks. Click a
// place (a hand, the table, Bingo's boneyard) to make it the target, click tiles of the palette
// into it, click a placed tile to take it back. What it offers is the game's row (GET /v1/games'
// "board": its set's tiles, its declarations by name, its least bid, Moon's widow); the editor only
// writes JSON, and whether the position is legal is the server's to say (the board asks it after
// every change).
import { tileButton } from "./domino.js";

// A declaration as a position's "trump" field writes it: a suit as its number, else its word.
const trumpValue = (trump) => (/^\d$/.test(trump) ? Number(trump) : trump);

// An empty position of a game (its GET /v1/games entry): a hand each, the fields its JSON requires.
// A game of the 42 family starts in sixes; where the row says so (a family scored in points alone:
// Moon's bidder alone makes the sides) the first seat has bid the least bid.
function emptyPosition(game) {
  const hands = game.seats.map(() => []);
  const row = game.board;
  if (!row.declarations.length) return { game: game.tag, turned: "0-0", leader: 0, hands, trick: [], boneyard: [], rules: {} };
  const sixes = row.declarations.find((d) => d.trump === "6") ?? row.declarations[0];
  const doc = { game: game.tag, trump: trumpValue(sixes.trump), leader: 0, hands, trick: [], rules: {} };
  if (row.opening_bid) doc.contract = { declarer: 0, bid: row.min_bid };
  return doc;
}

// Every place a tile can be clicked into, as [key, label, tiles] of the position.
function places(doc, game) {
  const rows = doc.hands.map((hand, seat) => [`hand-${seat}`, game.seats[seat], hand]);
  rows.push(["trick", "trick", doc.trick ?? []]);
  if (game.board.boneyard) rows.push(["boneyard", "boneyard", doc.boneyard ?? []]);
  return rows;
}

function tilesOf(doc, key) {
  if (key === "trick") return (doc.trick ??= []);
  if (key === "boneyard") return (doc.boneyard ??= []);
  return doc.hands[Number(key.slice(5))];
}

// Tiles the position already holds somewhere: its places and, for 42, its completed tricks.
// A play that leads a tile low (The Big Game's "8-2:2") holds that tile.
export function placed(doc) {
  const plays = [...doc.hands.flat(), ...(doc.trick ?? []), ...(doc.boneyard ?? []), ...(doc.discard ? [doc.discard] : []),
    ...(doc.history?.tiles ?? [])];
  return new Set(plays.map((play) => String(play).split(":")[0]));
}

function option(value, text, selected) {
  const node = document.createElement("option");
  node.value = value;
  node.textContent = text;
  node.selected = selected;
  return node;
}

function select(label, name, options, onChange) {
  const wrap = document.createElement("label");
  wrap.textContent = label + " ";
  const node = document.createElement("select");
  node.name = name;
  node.append(...options);
  node.addEventListener("change", () => onChange(node.value));
  wrap.append(node);
  return wrap;
}

export class Editor {
  // fields, palette, placesRoot: containers; games: GET /v1/games's list (tags, titles, seat
  // names); onChange(doc) gets a new JSON object for each edit.
  constructor({ fields, palette, placesRoot }, games, onChange) {
    this.roots = { fields, palette, placesRoot };
    this.games = games;
    this.onChange = onChange;
    this.target = "hand-0";
  }

  seats(doc) {
    return this.game(doc).seats;
  }

  game(doc) {
    return this.games.find((g) => g.tag === doc.game);
  }

  empty(tag) {
    return emptyPosition(this.games.find((g) => g.tag === tag));
  }

  change(mutate) {
    const doc = structuredClone(this.doc);
    mutate(doc);
    this.onChange(doc);
  }

  // Draw the position; facts: the server's show reply for it (to_move), or null while invalid.
  render(doc, facts) {
    this.doc = doc;
    if (!places(doc, this.game(doc)).some(([key]) => key === this.target)) this.target = "hand-0";
    this.renderFields(doc);
    this.renderPalette(doc);
    this.renderPlaces(doc, facts);
  }

  renderFields(doc) {
    const root = this.roots.fields;
    root.replaceChildren();
    const seats = this.seats(doc);
    root.append(select("Game", "game", this.games.map((g) => option(g.tag, g.title, doc.game === g.tag)),
      (game) => this.onChange(this.empty(game))));
    root.append(select("Leader", "leader", seats.map((name, seat) => option(seat, name, doc.leader === seat)),
      (seat) => this.change((d) => { d.leader = Number(seat); })));
    const row = this.game(doc).board;
    if (row.declarations.length) { // the 42 family: a declaration named as tables print it, a contract
      root.append(select("Trump", "trump", row.declarations.map((d) => option(d.trump, d.name, String(doc.trump) === d.trump)),
        (trump) => this.change((d) => { d.trump = trumpValue(trump); })));
      const declarer = doc.contract?.declarer ?? "";
      root.append(select("Declarer", "declarer",
        [option("", "no contract", declarer === ""), ...seats.map((n, s) => option(s, n, declarer === s))],
        (seat) => this.change((d) => {
          if (seat === "") delete d.contract;
          else d.contract = { ...(d.contract ?? { bid: row.min_bid }), declarer: Number(seat) };
        })));
      if (doc.contract) {
        const wrap = document.createElement("label");
        wrap.textContent = "Bid ";
        const bid = document.createElement("input");
        bid.name = "bid";
        bid.size = 10;
        bid.value = doc.contract.kind ? `${doc.contract.bid}:${doc.contract.kind}` : String(doc.contract.bid);
        bid.addEventListener("change", () => this.change((d) => {
          const [value, kind] = bid.value.trim().split(":");
          d.contract.bid = /^\d+$/.test(value) ? Number(value) : value;
          if (kind) d.contract.kind = kind;
          else delete d.contract.kind;
        }));
        wrap.append(bid);
        root.append(wrap);
      }
      if (row.left_over !== "none") { // Moon's widow, The Big Game's undealt tile: what the bidder laid away
        const used = placed({ ...doc, discard: undefined });
        const free = row.tiles.filter((t) => !used.has(t) || t === doc.discard);
        root.append(select("Laid away", "discard",
          [option("", "not recorded", !doc.discard), ...free.map((t) => option(t, t, doc.discard === t))],
          (tile) => this.change((d) => { if (tile) d.discard = tile; else delete d.discard; })));
      }
    } else {
      root.append(select("Turned", "turned", row.tiles.map((t) => option(t, t, doc.turned === t)),
        (turned) => this.change((d) => {
          d.turned = turned;
          delete d.trump; // the server reads the trump from the turned tile
        })));
    }
  }

  renderPalette(doc) {
    const used = placed(doc);
    const tiles = this.game(doc).board.tiles; // the set, high end first: a row per high end's first tile
    this.roots.palette.style.setProperty("--columns", String(Number(tiles[0].split("-")[0]) + 1));
    this.roots.palette.replaceChildren(...tiles.map((tile) => {
      const button = tileButton(tile, {
        size: 48,
        label: `palette ${tile}`,
        onClick: () => this.change((d) => { tilesOf(d, this.target).push(tile); }),
      });
      button.disabled = used.has(tile);
      return button;
    }));
  }

  renderPlaces(doc, facts) {
    const root = this.roots.placesRoot;
    root.replaceChildren();
    for (const [key, name, tiles] of places(doc, this.game(doc))) {
      const label = document.createElement("button");
      label.type = "button";
      label.className = "hand-name";
      label.textContent = name;
      label.dataset.place = key;
      label.setAttribute("aria-label", `put tiles into ${name}`);
      label.setAttribute("aria-pressed", String(key === this.target));
      if (facts && key === `hand-${facts.to_move}`) label.classList.add("to-move");
      label.addEventListener("click", () => { this.target = key; this.render(this.doc, facts); });
      const row = document.createElement("div");
      row.className = (key.startsWith("hand") ? "hand" : "trick") + (key === this.target ? " target" : "");
      row.dataset.place = key;
      row.setAttribute("aria-label", name);
      for (const tile of tiles) {
        row.append(tileButton(tile, {
          size: 48,
          label: `${name} ${tile}`,
          onClick: () => this.change((d) => {
            const list = tilesOf(d, key);
            list.splice(list.indexOf(tile), 1);
          }),
        }));
      }
      root.append(label, row);
    }
  }
}
