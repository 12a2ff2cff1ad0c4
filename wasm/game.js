// A game against the bots in the WebAssembly module (docs/javascript.md, "A game against the
// bots"): the replies of dominosolver serve's game endpoints (docs/http.md: new-game, move,
// bot-move, game), `dominosolver.botgame/1`, made without a server. The core (game.cpp) deals from
// the seed as Python's Game deals and replays the moves; this file keeps the game in its token and
// asks the bots' questions: a call and the declaration of a contract won from the bid advice
// (adviseBid); where the module cannot advise (an error: a game or rules it does not advise) or the
// advice names no legal move, and in The Big Game's exchange, by rule of thumb (texas42/bots.py's
// RuleBot); a play (and Moon's exchange) from a hint of the bot's view.
//
// The token is the game itself (its rules, the human's seat, the seed and every move), not a secret:
// the page that holds it holds the module too, which could deal the seed. Any token plays on.

export const BOTGAME_SCHEMA = "dominosolver.botgame/1";
const TOKEN_PREFIX = "offline1.";
// The bots' searches: worlds of a bot's hint in play and deals of its bid advice (a modest number:
// a bot moves in a fraction of a second on a phone); The Big Game's plays within a time (its first
// tricks' worlds take up to seconds each; texas42/bots.py's BIG_GAME_TIMES: 2 s a play).
export const BOT_OPTIONS = { samples: 40, bidSamples: 24, bigGameMs: 2000 };

// ---------------------------------------------------------------- the rule of thumb (RuleBot)

const tileOf = (name) => {
  const [hi, lo] = name.split(":")[0].split("-").map(Number);
  return { hi, lo, double: hi === lo, pips: hi + lo };
};

// RuleBot's call, declaration or discard among the legal moves, from the rule's question: the rules'
// `table` (game.cpp's: family, min_bid, mark, hand_size, max_pip), `trump`, and the seat's hand's
// `strengths` as trumps, a number each (the core's trumpStrengths: bots.py's trump_strength).
export function ruleMove({ table, trump = null, strengths }, legal) {
  const suits = Array.from({ length: table.max_pip + 1 }, (_, s) => s);
  const trumpStrength = (s) => strengths[s];
  const bids = legal.filter((m) => /^\d+$/.test(m)).map(Number);  // ordinary bids (not pass, not a special)
  if (bids.length || legal.includes("pass")) {
    const strength = Math.max(...suits.map(trumpStrength));
    let want;
    if (table.family === "biggame") want = strength >= 5 ? table.min_bid + 2 * (Math.floor(strength) - 5) : 0;
    else if (table.family !== "texas42") want = strength >= table.hand_size ? table.mark : strength >= table.min_bid ? Math.floor(strength) : 0;
    else want = strength >= table.hand_size ? table.mark : ({ 4: 30, 5: 32, 6: 34 })[Math.floor(strength)] ?? 0;
    const fitting = bids.filter((b) => b <= want);
    if (fitting.length) return String(Math.min(...fitting));
    return legal.includes("pass") ? "pass" : String(Math.min(...bids));
  }
  if (legal.some((m) => m.startsWith("declare "))) {
    const best = [...suits].sort((a, b) => trumpStrength(b) - trumpStrength(a) || b - a)[0];
    return legal.includes(`declare ${best}`) ? `declare ${best}` : legal[0];
  }
  if (legal.some((m) => m.startsWith("discard "))) {  // lay away the weakest: off trumps, not a double, fewest pips
    const key = (m) => {
      const t = tileOf(m.slice("discard ".length));
      return [typeof trump === "number" && (t.hi === trump || t.lo === trump) ? 1 : 0, t.double ? 1 : 0, t.pips];
    };
    return [...legal].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })[0];
  }
  return legal[0];
}

/** A token's game: {game, rules, seat, seed, moves}. */
function encode(state) {
  const text = JSON.stringify(state);
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return TOKEN_PREFIX + btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function decode(token, ParseError) {
  if (typeof token !== "string" || !token.startsWith(TOKEN_PREFIX))
    throw new ParseError("token is not an offline game's (start a new game)");
  try {
    const b64 = token.slice(TOKEN_PREFIX.length).replaceAll("-", "+").replaceAll("_", "/");
    const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const state = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (!state || typeof state !== "object" || !Array.isArray(state.moves) || state.seed === undefined)
      throw new Error("not a game");
    return state;
  } catch {
    throw new ParseError("token is not an offline game's: it was cut or altered (start a new game)");
  }
}

// A fresh seed as Python's secrets.randbits(64): its decimal digits (it may pass 2^53).
function freshSeed() {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}

function seedText(seed, ParseError) {
  if (seed === undefined || seed === null) return freshSeed();
  if (typeof seed === "bigint") seed = seed.toString();
  if (typeof seed === "number") {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new ParseError(`seed must be a whole number from 0, not ${seed}`);
    return String(seed);
  }
  if (typeof seed !== "string" || !/^\d+$/.test(seed.trim())) throw new ParseError(`seed must be a whole number from 0, not ${JSON.stringify(seed)}`);
  return seed.trim();
}

/**
 * The game flow over the module `core` (internal: index.js's API wraps it). `answer` throws the
 * core's errors by name, `readView` writes a view in play as the package does.
 */
export function gameFlow(core, { answer, readView, ParseError, IllegalMoveError }) {
  const replay = (state, seat = state.seat) => answer(core.gameReplay({ ...state, seat }));
  const viewOf = (r) => (r.raw_view ? readView(r.view) : r.view);

  function reply(state, last = null) {
    const r = replay(state);
    const view = viewOf(r);
    const seat = view.seat;
    const yours = r.to_move === seat;
    const moves = yours ? r.legal_moves : [];
    return {
      schema: BOTGAME_SCHEMA,
      game: r.record.game,
      seat,
      token: encode(state),
      view,
      to_move: r.to_move,
      your_turn: yours,
      legal_moves: moves,
      names: { moves: Object.fromEntries(moves.map((m) => [m, r.words[m]])), trump: r.trump_name },
      last,
      scores: r.scores,
      over: r.over,
      winner: r.winner,
      record: r.record,
    };
  }

  // The game after one more move by the seat to move (the core checks it), and [seat, move] as the
  // human seat saw it (another seat's discard is face down).
  function moved(state, move) {
    const before = replay(state);
    const after = replay({ ...state, moves: [...state.moves, move] });
    const played = after.moves[after.moves.length - 1];
    const seat = before.to_move;
    const next = { ...state, moves: after.moves };
    const humanSeat = viewOf(before).seat;
    return reply(next, [seat, seat === humanSeat || !played.startsWith("discard ") ? played : "discard"]);
  }

  function ofToken(token) {
    const state = decode(token, ParseError);
    const r = replay(state);
    return { state, r, seat: r.view.seat };
  }

  // What the bot to move must ask before it moves: {seat, move} when nothing is to decide, else
  // {seat, bid: {hand, options}} for the bid advice, or {seat, hint: {view, options}}.
  function question(r, state, seat, { samples = BOT_OPTIONS.samples, bidSamples = BOT_OPTIONS.bidSamples,
    bigGameMs = BOT_OPTIONS.bigGameMs } = {}) {
    const legal = r.legal_moves;
    if (legal.length === 1) return { seat, move: legal[0] };
    const seed = botSeed(state);
    const bot = replay(state, seat);
    const view = viewOf(bot);
    const strengths = answer(core.trumpStrengths(view.hand, r.table.max_pip));
    const rule = { hand: view.hand, trump: view.trump, table: r.table, strengths };  // for the rule of thumb
    if (r.phase === "exchange" && view.trump === null) return { seat, rule };  // The Big Game's, before trumps
    if (r.phase === "bidding" || r.phase === "declaring") {
      // adviseBid of the hand and the auction so far (declaring: the whole auction, the contract won).
      const auction = view.auction.map((a) => [a.seat, a.kind ? `${a.bid}:${a.kind}` : a.bid]);
      const ask = { hand: view.hand, options: { seat, auction, samples: bidSamples, seed, game: r.table.family, rules: state.rules } };
      return r.phase === "bidding" ? { seat, rule, bid: ask } : { seat, rule, declare: ask };
    }
    const options = r.table.family === "biggame" ? { samples, seed, timeMs: bigGameMs } : { samples, seed };
    return { seat, rule, hint: { view, options } };
  }

  // The move a bot's question and its answer give (an answer that names no legal move: the first legal one).
  function choice(r, q, advice) {
    const legal = r.legal_moves;
    if (q.move !== undefined) return q.move;
    let move = null;
    if (q.bid || q.declare) move = advice?.action;  // "30", "168:plunge", "declare 5"
    else if (q.hint) move = advice?.best ?? advice?.moves?.[0]?.move;
    if (legal.includes(move)) return move;
    return q.rule ? ruleMove(q.rule, legal) : legal[0];
  }

  function botTurn(token) {
    const { state, r, seat } = ofToken(token);
    if (r.over) throw new IllegalMoveError("the game is over: start a new game");
    if (r.to_move === seat) throw new IllegalMoveError(`${seatName(r, r.to_move)} (you) is to move: send your move`);
    return { state, r };
  }

  return {
    /** POST /v1/new-game: {game, seat, seed, rules, dealer}. */
    newGame({ game = "texas42", seat = 0, seed, rules, bot, dealer } = {}) {
      if (bot !== undefined && bot !== "hint") throw new ParseError(`unknown bot ${JSON.stringify(bot)}: the module's is "hint"`);
      const state = { game, rules: rules ?? {}, seat, seed: seedText(seed, ParseError), moves: [] };
      if (dealer !== undefined) state.dealer = dealer;
      const first = replay(state);
      state.seat = viewOf(first).seat;  // by number
      return reply(state);
    },
    /** POST /v1/game: the game as it stands. */
    game(token) {
      return reply(decode(token, ParseError));
    },
    /** POST /v1/move: the human's move. */
    move(token, move) {
      const { state, r, seat } = ofToken(token);
      if (typeof move !== "string" && typeof move !== "number")
        throw new ParseError(`move must be a move as text (legal_moves lists them), not ${JSON.stringify(move)}`);
      if (r.over) throw new IllegalMoveError("the game is over: start a new game");
      if (r.to_move !== seat) throw new IllegalMoveError(`${seatName(r, r.to_move)} (a bot) is to move: ask bot-move`);
      return moved(state, String(move));
    },
    /** What the bot to move asks (answer it with the bid advice or a hint, then botMove). */
    botQuestion(token, options) {
      const { state, r } = botTurn(token);
      return question(r, state, r.to_move, options);
    },
    /** POST /v1/bot-move: the bot's move, given the answer to its question (botQuestion). */
    botMove(token, q, advice) {
      const { state, r } = botTurn(token);
      return moved(state, choice(r, q, advice));
    },
  };
}

function seatName(r, seat) {
  return r.view.hand_sizes.length === 3 ? `P${seat}` : ["N", "E", "S", "W"][seat];  // Moon's players; the others' seats
}

// The bots' seed for the next move: the game's seed and how far it has gone, so that a game's bot
// moves are the same however often it is replayed (a whole number under 2^32).
function botSeed(state) {
  const seed = BigInt(state.seed);
  return Number((seed ^ (BigInt(state.moves.length) * 0x9e3779b1n)) & 0xffffffffn);
}
