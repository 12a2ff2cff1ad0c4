// The one-line text of positions and views (docs/notation.md), read into and written from their
// JSON objects as the Python package does (python/dominosolver/texas42/notation.py): the text
// spells the same records; the core then checks and normalises them as it does the JSON's.

export class NotationError extends Error {}  // index.js throws these as its ParseError

// The 42 family's tables as the core seats them (rules.hpp): seat names, hand size, and whether
// the auction is The Big Game's (a seat bids again until it passes).
const FAMILIES = {
  texas42: { names: ["N", "E", "S", "W"], handSize: 7 },
  moon: { names: ["P0", "P1", "P2"], handSize: 7 },
  moon4: { names: ["N", "E", "S", "W"], handSize: 7 },
  biggame: { names: ["N", "E", "S", "W"], handSize: 11, bidsAgain: true },
};
// The leading word of a family's text (none, or "42", for Texas 42).
const TAGS = { 42: "texas42", texas42: "texas42", moon: "moon", moon4: "moon4", biggame: "biggame" };
const POSITION_KEYS = ["trump", "leader", "hands", "trick", "contract", "history", "discard", "rules"];
const VIEW_KEYS = ["seat", "contract", "trump", "hand", "plays", "leader", "auction", "to_move", "sizes", "gone",
  "revealed", "discard", "rules"];

const shown = (x) => (typeof x === "string" ? `'${x}'` : JSON.stringify(x));

// The key=value tokens after an optional family tag, each key known and given once.
function keyValues(text, keys, required, what) {
  if (typeof text !== "string") throw new NotationError(`${what} must be a string`);
  let tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length && tokens[0] in TAGS) tokens = tokens.slice(1);
  const values = {};
  for (const token of tokens) {
    const at = token.indexOf("=");
    const key = at < 0 ? null : token.slice(0, at);
    if (key === null || !keys.includes(key))
      throw new NotationError(`unexpected ${shown(token)} in ${what} (expected key=value with a key in ${keys.join(", ")})`);
    if (key in values) throw new NotationError(`'${key}' given twice in ${what}`);
    values[key] = token.slice(at + 1);
  }
  for (const key of required) if (!(key in values)) throw new NotationError(`${what} lacks ${key}=`);
  return values;
}

function familyOf(text) {
  const first = text.trim().split(/\s+/)[0];
  return first in TAGS ? TAGS[first] : "texas42";
}

function flagsOf(text) {
  const flags = {};
  for (const item of text.split(",")) {
    const at = item.indexOf(":");
    if (at < 0) throw new NotationError(`malformed rules item ${shown(item)}: write flag:value`);
    const k = item.slice(0, at);
    if (k in flags) throw new NotationError(`rules flag ${shown(k)} given twice`);
    flags[k] = item.slice(at + 1);
  }
  return flags;
}

// A tile or play of text as the JSON writes it: "64" is "6-4", "73:3" is "7-3:3" (others as given).
const tileOf = (t) => (/^[0-9][0-9](:[0-9])?$/.test(t) ? `${t[0]}-${t[1]}${t.slice(2)}` : t);
const tilesOf = (text) => (text === "" || text === "-" ? [] : text.split(".").map(tileOf));
const compact = (tile) => tile.replace("-", "");
const tilesText = (tiles) => tiles.map(compact).join(".") || "-";

// A seat's name at the start of `text` and what follows it ("P121": P1, "21").
function splitSeat(family, text, where, example) {
  const { names } = FAMILIES[family];
  for (let seat = 0; seat < names.length; seat++)
    if (text.slice(0, names[seat].length).toUpperCase() === names[seat] && text.length > names[seat].length)
      return [seat, text.slice(names[seat].length)];
  throw new NotationError(`malformed ${where} ${shown(text)}: write a seat (${names.join(", ")}) then ${example}`);
}

function seatLetter(family, text, where) {
  const { names } = FAMILIES[family];
  const seat = names.indexOf(text.toUpperCase());
  if (seat < 0) throw new NotationError(`${where}= needs a seat name (${names.join(", ")}), not ${shown(text)}`);
  return seat;
}

// A bid of text ("30", "pass", "game", "168:plunge") as the JSON's {bid, kind}.
function bidOf(text) {
  const [number, kind] = text.toLowerCase().split(":");
  const bid = /^[0-9]{1,4}$/.test(number) ? Number(number) : number;
  return kind ? { bid, kind } : { bid };
}

function bidText(bid, kind) {
  const number = bid === 0 ? "pass" : String(bid);
  return kind ? `${number}:${kind}` : number;
}

function contractOf(family, text) {
  const [declarer, bid] = splitSeat(family, text, "contract", "the bid, e.g. N30");
  return { declarer, ...bidOf(bid) };
}

const contractText = (family, c) => FAMILIES[family].names[c.declarer] + bidText(c.bid, c.kind);

function rulesText(rules) {
  const flags = Object.entries(rules || {});
  return flags.length ? ["rules=" + flags.map(([k, v]) => `${k}:${v}`).join(",")] : [];
}

const tag = (family) => (family === "texas42" ? [] : [family]);

/** A position's JSON object from its one-line text ("trump=5 leader=N hands=66.55/44.33/..."). */
export function positionOfText(text) {
  const v = keyValues(text, POSITION_KEYS, ["trump", "hands"], "position text");
  const game = familyOf(text);
  const hands = v.hands.split("/");
  const seats = FAMILIES[game].names.length;
  if (hands.length !== seats) throw new NotationError(`hands= needs ${seats} hands separated by '/', got ${hands.length}`);
  const out = { game, trump: /^[0-9]$/.test(v.trump) ? Number(v.trump) : v.trump, hands: hands.map(tilesOf) };
  if ("leader" in v) out.leader = v.leader;  // else trick 1's leader by the contract, as the core rules it
  out.trick = tilesOf(v.trick ?? "-");
  if ("contract" in v) out.contract = contractOf(game, v.contract);
  if ("history" in v) {
    const at = v.history.indexOf(":");
    if (at < 0) throw new NotationError("malformed history: write the first leader, ':', then tiles, e.g. N:66.31.20.00");
    out.history = { first_leader: v.history.slice(0, at), tiles: tilesOf(v.history.slice(at + 1)) };
  }
  if ("discard" in v) out.discard = tileOf(v.discard);
  if (v.rules) out.rules = flagsOf(v.rules);
  return out;
}

/** A position's one-line text from its JSON object as the core writes it (read()'s `position`). */
export function positionText(p) {
  const game = p.game ?? "texas42";
  const { names } = FAMILIES[game];
  const parts = [...tag(game), `trump=${p.trump}`, `leader=${names[p.leader]}`, "hands=" + p.hands.map(tilesText).join("/")];
  if (p.trick && p.trick.length) parts.push("trick=" + tilesText(p.trick));
  if (p.contract) parts.push("contract=" + contractText(game, p.contract));
  if (p.history && p.history.tiles.length) parts.push(`history=${names[p.history.first_leader]}:` + tilesText(p.history.tiles));
  if (p.discard) parts.push("discard=" + compact(p.discard));
  parts.push(...rulesText(p.rules));
  return parts.join(" ");
}

// Hand sizes when every tile of the hand was recorded: full hands less each seat's plays.
function usualSizes(game, seat, held, players) {
  const { names, handSize } = FAMILIES[game];
  const sizes = names.map((_, s) => handSize - players.filter((p) => p === s).length);
  sizes[seat] = held;
  return sizes;
}

/**
 * A view's JSON records from its one-line text ("seat=E hand=... plays=..."). `callers(game, rules,
 * first, calls)` gives the seat of each call of The Big Game's auction (the core replays it).
 */
export function viewOfText(text, callers) {
  const v = keyValues(text, VIEW_KEYS, ["seat", "hand"], "view text");
  const game = familyOf(text);
  const { names } = FAMILIES[game];
  const seat = seatLetter(game, v.seat, "seat");
  const hand = tilesOf(v.hand);
  const plays = (v.plays ?? "-") === "" || (v.plays ?? "-") === "-" ? []
    : v.plays.split(".").map((p) => splitSeat(game, p, "play", "its tile, e.g. E44"));
  const o = {
    schema: "dominosolver.view/1", game, seat, rules: v.rules ? flagsOf(v.rules) : {}, hand,
    plays: plays.map(([s, tile]) => ({ seat: s, tile: tileOf(tile) })), gone: tilesOf(v.gone ?? "-"),
  };
  if ("trump" in v) o.trump = /^[0-9]$/.test(v.trump) ? Number(v.trump) : v.trump;
  if ("contract" in v) o.contract = contractOf(game, v.contract);
  if (v.auction) {
    const at = v.auction.indexOf(":");
    if (at < 0 || at === v.auction.length - 1)
      throw new NotationError("malformed auction: write the first bidder, ':', then the bids in turn separated by ',', e.g. auction=E:pass,30,31");
    const first = seatLetter(game, v.auction.slice(0, at), "auction");
    const calls = v.auction.slice(at + 1).split(",").map(bidOf);
    const seats = FAMILIES[game].bidsAgain ? callers(game, o.rules, first, calls) : calls.map((_, i) => (first + i) % names.length);
    o.auction = calls.map((c, i) => ({ seat: seats[i], ...c }));
  }
  for (const key of ["leader", "to_move"]) if (key in v) o[key] = seatLetter(game, v[key], key);
  if ("sizes" in v) {
    const sizes = v.sizes.split("/");
    if (sizes.length !== names.length || !sizes.every((n) => /^[0-9]{1,18}$/.test(n)))
      throw new NotationError(`sizes= needs ${names.length} counts separated by '/' (${names.join(", ")}), e.g. sizes=7/6/6/6, not ${shown(v.sizes)}`);
    o.hand_sizes = sizes.map(Number);
  } else {
    o.hand_sizes = usualSizes(game, seat, hand.length, plays.map(([s]) => s));
  }
  if (v.revealed) {
    o.revealed = {};
    for (const item of v.revealed.split(",")) {
      const at = item.indexOf(":");
      if (at < 0) throw new NotationError(`malformed revealed ${shown(item)}: write seat:tiles, e.g. revealed=E:66.55.33.22`);
      o.revealed[names[seatLetter(game, item.slice(0, at), "revealed")]] = tilesOf(item.slice(at + 1));
    }
  }
  if (v.discard) o.discard = tileOf(v.discard);
  return o;
}

/** A view's one-line text from its JSON as the package writes it (readView's answer). */
export function viewText(o) {
  const game = o.game ?? "texas42";
  const { names } = FAMILIES[game];
  const plays = o.plays ?? [];
  const parts = [...tag(game), `seat=${names[o.seat]}`];
  if (o.contract) parts.push("contract=" + contractText(game, o.contract));
  if (o.trump !== null && o.trump !== undefined) parts.push(`trump=${o.trump}`);
  parts.push("hand=" + tilesText(o.hand));
  if (plays.length) parts.push("plays=" + plays.map((p) => names[p.seat] + compact(p.tile)).join("."));
  else if (o.leader !== null && o.leader !== undefined && (!o.contract || (o.gone && o.gone.length)))
    parts.push(`leader=${names[o.leader]}`);
  if (o.auction && o.auction.length)
    parts.push(`auction=${names[o.auction[0].seat]}:` + o.auction.map((b) => b.bid + (b.kind ? `:${b.kind}` : "")).join(","));
  if ((o.trump === null || o.trump === undefined) && !(o.auction && o.auction.length) && o.to_move !== null && o.to_move !== undefined)
    parts.push(`to_move=${names[o.to_move]}`);
  const usual = usualSizes(game, o.seat, o.hand.length, plays.map((p) => p.seat));
  if (JSON.stringify(o.hand_sizes) !== JSON.stringify(usual)) parts.push("sizes=" + o.hand_sizes.join("/"));
  if (o.gone && o.gone.length) parts.push("gone=" + tilesText(o.gone));
  if (o.revealed && Object.keys(o.revealed).length)
    parts.push("revealed=" + Object.entries(o.revealed).map(([s, r]) => `${s}:${tilesText(r)}`).join(","));
  if (o.discard) parts.push("discard=" + compact(o.discard));
  parts.push(...rulesText(o.rules));
  return parts.join(" ");
}
