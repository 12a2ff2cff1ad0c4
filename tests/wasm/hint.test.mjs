// The module's views, worlds and hints against the Python package (node --test): for the draws,
// views and hints of tests/data/wasm_cases.json (written by tests/wasm_fixture.py), Python's
// random.Random(seed).randrange(n) draws, the same view JSON, the same number of worlds and the same
// worlds from a seed, and the same hint/1 JSON (less its time and node count), in this thread and in
// the hint worker. DOMINOSOLVER_JS names the built module's folder (tests/wasm/test_wasm.py builds it).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const dir = process.env.DOMINOSOLVER_JS ? resolve(process.env.DOMINOSOLVER_JS) : new URL("build/wasm/dominosolver-js/", root).pathname;
const ds = await import(pathToFileURL(resolve(dir, "index.js")).href);
const api = await ds.load();
const core = await ds.loadCore();
const fixture = JSON.parse(await readFile(new URL("tests/data/wasm_cases.json", root), "utf8"));
const { tables } = fixture;

const comparable = (hint) => Object.fromEntries(Object.entries(hint).filter(([k]) => k !== "elapsed" && k !== "nodes"));

test("Python's randrange, draw for draw, for seeds and ranges up to 2^64 - 1", () => {
  assert.ok(fixture.randrange.length >= 100);
  for (const c of fixture.randrange) assert.deepEqual(core.pythonRandrange(c.seed, c.n, c.draws.length), c.draws, `seed ${c.seed}, n ${c.n}`);
});

const hints = fixture.hints.filter((c) => !c.stop);

test("the hint cases cover every family, contracts in tricks, enumerations and samples", () => {
  const games = new Set(hints.map((c) => c.view.game));
  assert.deepEqual([...games].sort(), ["biggame", "moon", "moon4", "texas42"]);
  assert.ok(hints.some((c) => c.hint.units === "tricks") && hints.some((c) => c.hint.method === "exact"));
  assert.ok(hints.some((c) => c.hint.method === "pimc" && c.view.plays.length === 0));  // a first lead
});

for (const c of hints) {
  test(`${c.name}: the same view, worlds and hint as Python`, () => {
    assert.deepEqual(api.readView(c.view), c.view);
    assert.deepEqual(api.readView(JSON.stringify(c.view)), c.view);
    assert.equal(api.viewText(c.view), c.text);  // Python's str(view)
    assert.deepEqual(api.readView(c.text), c.view);
    const drawn = api.sampleWorlds(c.view, c.worlds.length, c.options.seed);
    assert.equal(drawn.count, BigInt(c.count));
    assert.deepEqual(drawn.worlds, c.worlds);
    assert.deepEqual(comparable(api.hint(c.view, c.options)), c.hint);
    // Stoppable, as the worker runs it: an enumeration's worlds in Python's shuffled order.
    assert.deepEqual(comparable(api.hint(c.view, { ...c.options, shouldStop: () => false })), c.hint_stoppable);
  });
}

test("a hint stopped after its first batch keeps Python's worlds and says so", () => {
  const c = fixture.hints.find((x) => x.stop && x.time_ms === undefined);
  const partials = [];
  const stopped = api.hint(c.view, { ...c.options, shouldStop: () => true, onProgress: (h) => partials.push(h) });
  assert.deepEqual(comparable(stopped), c.hint);
  assert.equal(partials.length, 1);
  assert.ok(partials[0].moves.every((m) => m.mean === null));  // the tests' chances, no values yet
});

test("a time limit of 0 ends the hint after its first batch, as Python's", async () => {
  const c = fixture.hints.find((x) => x.time_ms === 0);
  assert.match(c.hint.warnings.join(" "), /by the time limit \(0 s\)/);
  assert.deepEqual(comparable(api.hint(c.view, { ...c.options, timeMs: 0 })), c.hint);
  const worker = ds.startHintWorker();
  try {
    assert.deepEqual(comparable(await worker.hint(c.view, { ...c.options, timeMs: 0 })), c.hint);
  } finally {
    worker.terminate();
  }
});

test("The Big Game's first lead under a time limit: node budgets, worlds cut short left out", () => {
  // A time limit of 0 gives each world of the first batch (2 worlds of 11 tricks) the least budget,
  // a million nodes: node counts are deterministic, so the outcome is the same run after run.
  const outcome = () => {
    try {
      return comparable(api.hint(fixture.big_game_lead, { samples: 50, seed: 3, timeMs: 0 }));
    } catch (e) {
      assert.ok(e instanceof ds.SearchLimitError, String(e));
      assert.match(e.message, /none of the 2 worlds could be solved: its node budget \(the time left\) ran out/);
      return e.message;
    }
  };
  const first = outcome();
  assert.deepEqual(outcome(), first);
  if (typeof first !== "string") {
    assert.equal(first.method, "pimc");
    assert.ok(first.warnings.some((w) => /stopped after 2 of 50 worlds by the time limit \(0 s\)/.test(w)));
  }
});

// The Big Game's first lead as the Play screen asks its hint (a game of the module's bots, seed 2):
// its first world under seed 10 solves within a world's least node budget.
const PLAY_LEAD = {"schema":"dominosolver.view/1","game":"biggame","seat":0,"rules":{},"trump":"none","contract":{"declarer":0,"bid":66},"auction":[{"seat":1,"bid":"pass"},{"seat":2,"bid":"pass"},{"seat":3,"bid":"42"},{"seat":0,"bid":"66"},{"seat":3,"bid":"pass"}],"hand":["8-2","8-1","7-7","7-0","6-1","5-5","5-1","4-3","4-0","2-0","1-0"],"hand_sizes":[11,11,11,11],"leader":0,"to_move":0,"trick":[],"plays":[],"voids":{},"points":[0,0],"legal_moves":["8-2:2","8-2","8-1","7-7","7-0","6-1","5-5","5-1","4-3","4-0","2-0","1-0"],"discard":"8-4"};

test("The Big Game's first lead under a small time limit: the hint returns, stopped by the limit, on the worlds solved", () => {
  // Under a time limit a world is searched in slices with the time checked between them (hint.cpp's
  // `sliced`), the hint's first world at least its least budget: a world is never searched on long
  // past the limit, and the hint rests on the worlds solved by then (the same as a hint of those alone).
  const alone = api.hint(PLAY_LEAD, { samples: 1, seed: 10 });  // the seed's first world, solved whole
  assert.equal(alone.worlds, 1);
  for (const timeMs of [0, 200]) {
    const h = api.hint(PLAY_LEAD, { samples: 50, seed: 10, timeMs });
    assert.equal(h.method, "pimc");
    const stopped = h.warnings.map((w) => w.match(/^stopped after (\d+) of 50 worlds by the time limit \(/)).find(Boolean);
    assert.ok(stopped, h.warnings.join("; "));
    const left = h.warnings.map((w) => w.match(/^(\d+) of (\d+) worlds were left out/)).find(Boolean);
    const tried = Number(stopped[1]);
    assert.ok(tried < 50);
    assert.equal(h.worlds, tried - (left ? Number(left[1]) : 0));
    if (left) assert.equal(Number(left[2]), tried);
    if (h.worlds === 1) assert.deepEqual(h.moves, alone.moves);  // the first world's values, its alone
  }
  // With no time at all, the first world alone is searched (its least budget) and solved; the next is not.
  const none = api.hint(PLAY_LEAD, { samples: 50, seed: 10, timeMs: 0 });
  assert.equal(none.worlds, 1);
  assert.ok(none.warnings.includes("1 of 2 worlds were left out: its node budget (the time left) ran out"), none.warnings.join("; "));
});

test("the hint worker gives the same hints, reports progress, stops and ends", async () => {
  const worker = ds.startHintWorker();
  try {
    const picked = hints.filter((c) => c.hint.method === "exact" || c.name.startsWith("42 first lead")).slice(0, 3);
    assert.ok(picked.some((c) => c.hint.method === "exact"));
    const answers = await Promise.all(picked.map((c) => worker.hint(c.view, c.options)));  // queued, one at a time
    answers.forEach((answer, i) => assert.deepEqual(comparable(answer), picked[i].hint_stoppable));
    const c = fixture.hints.find((x) => x.stop && x.time_ms === undefined);
    const progress = [];
    const controller = new AbortController();
    controller.abort();
    const stopped = await worker.hint(c.view, { ...c.options, signal: controller.signal, onProgress: (h) => progress.push(h) });
    assert.deepEqual(comparable(stopped), c.hint);
    assert.equal(progress.length, 1);
    await assert.rejects(worker.hint({ ...c.view, seat: 1 }), ds.InvalidViewError);  // not its turn
    const left = worker.hint(hints[0].view, { samples: 100000, seed: 1 });
    worker.terminate();
    await assert.rejects(left, { name: "AbortError" });
  } finally {
    worker.terminate();
  }
});

test("bad views and options raise the named error", () => {
  const c = hints[0];
  assert.throws(() => api.readView({ ...c.view, colour: 1 }), /unknown view field\(s\): 'colour'/);
  assert.throws(() => api.readView({ ...c.view, schema: "other/1" }), ds.ParseError);
  assert.throws(() => api.readView({ ...c.view, to_move: (c.view.to_move + 1) % 4 }), ds.InvalidViewError);
  assert.throws(() => api.readView({ ...c.view, hand_sizes: [7, 7, 7] }), ds.ParseError);
  assert.throws(() => api.readView({ ...c.view, hand: [...c.view.hand, c.view.hand[0]] }), ds.InvalidViewError);
  assert.throws(() => api.hint(c.view, { samples: 0 }), /samples must be a whole number from 1/);
  assert.throws(() => api.hint(c.view, { seed: -1 }), /seed must be a whole number from 0/);
  assert.throws(() => api.hint(c.view, { objective: "fun" }), /unknown objective/);
  assert.throws(() => api.hint(c.view, { method: "infoset" }), /method "infoset" is Python's/);
  assert.throws(() => api.hint(c.view, { weighting: "psychic" }), /unknown weighting/);
  assert.throws(() => api.hint(c.view, { objective: "game" }), /objective game needs the game's score/);
  assert.throws(() => api.sampleWorlds(c.view, 2, 1.5), ds.ParseError);
  // A finished hand is over (as hint.py says), not "not in play".
  const over = { schema: "dominosolver.view/1", game: "texas42", seat: 0, rules: {}, trump: 4,
    contract: { declarer: 0, bid: 30 }, auction: [], hand: [], hand_sizes: [0, 0, 0, 0], leader: 2, to_move: null,
    trick: [], plays: [{ seat: 0, tile: "6-6" }, { seat: 1, tile: "6-5" }, { seat: 2, tile: "6-4" }, { seat: 3, tile: "6-3" }],
    voids: { S: [6] }, points: [11, 0],
    gone: ["6-2", "6-1", "6-0", "5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4", "4-3", "4-2", "4-1", "4-0", "3-3", "3-2",
      "3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"] };
  assert.throws(() => api.hint(over, { samples: 2 }), /^.*the hand is over: there is no move to hint/);
  const bid = hints.find((x) => x.view.auction.length && x.view.game === "texas42");  // the auction replays, as Python's
  assert.throws(() => api.readView({ ...bid.view, auction: bid.view.auction.slice(1) }), /the auction gives the contract/);
  assert.throws(() => api.readView({ ...bid.view, auction: [...bid.view.auction].reverse() }), /bids out of turn/);
  assert.ok(new ds.InvalidViewError("x") instanceof ds.InvalidPositionError);
});

test("a view in the auction or the declaration of trumps has no tile to hint: it says so as hint.py does", () => {
  // Python's views of texas42.Game(seed=1) with E to bid, then E to name trumps after 30 and three passes;
  // hint.py answers them with these words (tests/input/test_hint_out_of_play.py), and the board shows them.
  const auction = { schema: "dominosolver.view/1", game: "texas42", seat: 1, rules: {}, trump: null, contract: null,
    auction: [], hand: ["6-3", "6-1", "6-0", "5-2", "5-1", "2-1", "1-0"], hand_sizes: [7, 7, 7, 7], leader: null,
    to_move: 1, trick: [], plays: [], voids: {}, points: [0, 0] };
  const declaring = { ...auction, contract: { declarer: 1, bid: 30 },
    auction: [{ seat: 1, bid: "30" }, { seat: 2, bid: "pass" }, { seat: 3, bid: "pass" }, { seat: 0, bid: "pass" }] };
  // Another seat while one names trumps (N's view of the declaration above, a hand of its own), and a
  // defender in The Big Game's exchange (Python's view of biggame.BigGame(seed=6) played by RuleBot):
  // nothing for that seat to decide, in hint.py's words (tests/texas42/test_claim_before_play_words.py).
  const other = { ...declaring, seat: 0, hand: ["6-5", "6-2", "4-3", "4-2", "3-2", "2-2", "1-1"] };
  const exchange = { schema: "dominosolver.view/1", game: "biggame", seat: 2, rules: {}, trump: null,
    contract: { declarer: 1, bid: 44 }, auction: [{ seat: 1, bid: "42" }, { seat: 2, bid: "pass" }, { seat: 3, bid: "pass" },
      { seat: 0, bid: "43" }, { seat: 1, bid: "44" }, { seat: 0, bid: "pass" }],
    hand: ["8-5", "8-3", "7-3", "7-0", "6-6", "6-5", "6-4", "5-4", "5-0", "4-0", "3-2"], hand_sizes: [11, 12, 11, 11],
    leader: null, to_move: 1, trick: [], plays: [], voids: {}, points: [0, 0] };
  for (const [view, words] of [[auction, "no tile to play: E's view is in the auction: ask advise-bid"],
    [declaring, "no tile to play: E's view is in the declaration of trumps: ask advise-bid"],
    [other, "no tile to play: N's view is in the declaration of trumps: E is naming trumps; nothing for N to decide"],
    [exchange, "no tile to play: S's view is in the exchange: E, the bidder, is laying a tile away; nothing for S to decide"]])
    assert.throws(() => api.hint(view, { samples: 2 }), (e) => e instanceof ds.InvalidViewError && e.message === words);
});

test("The Big Game's bidder in its own exchange is told the offline board has no exchange advice", () => {
  // The bidder's view of the exchange above (biggame.BigGame(seed=6) played by RuleBot, E to lay a tile
  // away): Python's hint answers it with the discards ranked, which this module cannot; it says so
  // rather than send the bidder to advise-bid, which answers only the auction and the declaration.
  const bidder = { schema: "dominosolver.view/1", game: "biggame", seat: 1, rules: {}, trump: null,
    contract: { declarer: 1, bid: 44 }, auction: [{ seat: 1, bid: "42" }, { seat: 2, bid: "pass" }, { seat: 3, bid: "pass" },
      { seat: 0, bid: "43" }, { seat: 1, bid: "44" }, { seat: 0, bid: "pass" }],
    hand: ["8-8", "8-7", "8-1", "7-6", "7-5", "7-4", "7-2", "7-1", "6-3", "6-2", "5-5", "4-3"], hand_sizes: [11, 12, 11, 11],
    leader: null, to_move: 1, trick: [], plays: [], voids: {}, points: [0, 0] };
  const words = "no tile to play: E's view is in the exchange: the offline board has no advice for The Big Game's " +
    "exchange (the Python package's hint ranks the discards)";
  assert.throws(() => api.hint(bidder, { samples: 2 }), (e) => e instanceof ds.InvalidViewError && e.message === words);
  // The same view with the bidder holding no undealt tile is a declaration of trumps: advise-bid answers it.
  const declaring = { ...bidder, hand: bidder.hand.slice(1), hand_sizes: [11, 11, 11, 11] };
  assert.throws(() => api.hint(declaring, { samples: 2 }), (e) => e instanceof ds.InvalidViewError &&
    e.message === "no tile to play: E's view is in the declaration of trumps: ask advise-bid");
});

test("the stepped runs (hints, tables, bid advice) answer by number until ended, then none is under way", () => {
  const deal = tables.find((t) => t.deal.game === "moon").deal;  // a Moon table: one step
  const bid = fixture.bids[0];
  const kinds = [
    ["hint", () => core.hintStart(hints[0].view, { samples: 4, seed: 1, stoppable: true, freshSeed: 0 }),
      (id) => core.hintStep(id, false), (id) => core.hintResult(id), (id) => core.hintEnd(id)],
    ["table", () => core.tableStart(deal, false), (id) => core.tableStep(id), (id) => core.tableResult(id), (id) => core.tableEnd(id)],
    ["bid advice", () => core.bidStart({ hand: bid.hand, seat: bid.seat, auction: bid.auction, samples: 4, seed: 1 }),
      (id) => core.bidStep(id, false), (id) => core.bidResult(id), (id) => core.bidEnd(id)],
  ];
  for (const [what, start, step, result, end] of kinds) {
    const gone = (id) => ({ error: { name: "Error", message: `no ${what} ${id} under way` } });
    const first = start().id;
    const second = start().id;
    assert.ok(Number.isInteger(first) && Number.isInteger(second) && first !== second, what);
    end(first);
    assert.deepEqual(step(first), gone(first));
    assert.deepEqual(result(first), gone(first));
    let steps = 0;
    while (!step(second).done) assert.ok(++steps < 1000, what);  // the other run goes on to its answer
    const answered = result(second);
    assert.ok(typeof answered.schema === "string" && !("error" in answered), what);
    end(second);
    end(second);  // ending an ended run does nothing
    assert.deepEqual(step(second), gone(second));
    const again = start();  // and new runs still start
    assert.ok(Number.isInteger(again.id) && again.id !== second, what);
    end(again.id);
  }
  assert.equal(core.tableStart({ game: "moon", hands: [] }, false).error.name, "ParseError");  // a bad start says why
});
