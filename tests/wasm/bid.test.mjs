// The module's bid advice against the Python package (node --test): for the questions of
// tests/data/wasm_cases.json (written by tests/wasm_fixture.py: plain 42, a hand, its seat and the
// auction so far, with a seed; the declaration of a contract won; under specials = all the special bids and
// the contracts in tricks), the same dominosolver.bidadvice/1 JSON as Python's advise_bid (less
// its time), in this thread and in the hint worker; and bad questions refused as Python refuses them.
// DOMINOSOLVER_JS names the built module's folder (tests/wasm/test_wasm.py builds it).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const dir = process.env.DOMINOSOLVER_JS ? resolve(process.env.DOMINOSOLVER_JS) : new URL("build/wasm/dominosolver-js/", root).pathname;
const ds = await import(pathToFileURL(resolve(dir, "index.js")).href);
const api = await ds.load();
const fixture = JSON.parse(await readFile(new URL("tests/data/wasm_cases.json", root), "utf8"));

test("the bid cases cover a point bid, a mark bid, passes and the partner's high bid", () => {
  const actions = new Set(fixture.bids.map((c) => c.advice.action));
  assert.ok(actions.has("30") && actions.has("84") && actions.has("pass"));
  assert.ok(fixture.bids.some((c) => c.advice.verdict.reason === "the partner holds the high bid"));
  assert.ok(fixture.bids.some((c) => c.auction.length === 0) && fixture.bids.some((c) => c.auction.length === 3));
});

for (const c of fixture.bids) {
  test(`${c.name}: the same advice as Python`, () => {
    const { family, ...flags } = c.rules ?? {};  // the family is the question's game
    const { time, ...options } = c.options;  // Python's time in seconds: the module's timeMs
    const advice = api.adviseBid(c.hand, { seat: c.seat, auction: c.auction, ...options, ...(family ? { game: family } : {}),
      ...(c.rules ? { rules: flags } : {}), ...(time !== undefined ? { timeMs: time * 1000 } : {}) });
    assert.deepEqual(advice, c.advice);
  });
}

test("the bid cases cover declaring, the special bids and the contracts declared in tricks", () => {
  const advice = fixture.bids.map((c) => c.advice);
  assert.ok(advice.some((a) => a.action.startsWith("declare ") && a.contract.bid === "30"));
  assert.ok(advice.some((a) => a.action === "declare nello") && advice.some((a) => /:plunge$/.test(a.contract?.bid ?? "")));
  assert.ok(advice.some((a) => a.specials?.some((s) => s.kind === "plunge")) && advice.some((a) => a.specials?.some((s) => s.kind === "splash")));
  assert.ok(advice.some((a) => a.declaration === "nello" && a.verdict.reason.includes("declared and led by this hand")));
  assert.ok(advice.some((a) => a.action === "168:plunge" && a.declaration === null));  // the partner names
});

test("the bid cases cover Moon's and Partnership Moon's calls and declarations", () => {
  const advice = fixture.bids.map((c) => c.advice);
  for (const game of ["moon", "moon4"]) {
    const own = advice.filter((a) => a.game === game);
    assert.ok(own.some((a) => a.action === "pass") && own.some((a) => a.action.startsWith("declare ")), game);
    assert.ok(own.every((a) => a.units === "tricks" && a.declarations.every((d) => d.histogram.length === 8)), game);
  }
  assert.ok(advice.some((a) => a.game === "moon" && a.action === "21"));  // shooting the moon
  assert.ok(advice.some((a) => a.game === "moon" && /worth the most/.test(a.verdict.reason)));
});

test("the bid cases cover questions without a seed and with the game's score", () => {
  const unseeded = fixture.bids.filter((c) => !("seed" in c.options));
  assert.ok(unseeded.length >= 3 && unseeded.every((c) => Number.isInteger(c.advice.seed)));
  assert.ok(fixture.bids.some((c) => c.options.score && c.advice.verdict.reason.includes("the best chance of winning the game")));
  const timed = fixture.bids.filter((c) => c.options.time === 0);  // one batch of 8 deals of the 200 asked
  assert.ok(timed.length === 2 && timed.every((c) => c.advice.worlds === 8 && c.options.samples === 200));
});

// A view's question as the offline board asks it (offline.js: its hand, seat, auction, game, rules and
// what the contract shows), no seed: Python's advise_bid(view), the served board's figures.
for (const c of fixture.view_bids) {
  test(`${c.name}: the same advice as Python's of the view`, () => {
    const v = c.view;
    const auction = v.auction.map((a) => [a.seat, a.kind ? `${a.bid}:${a.kind}` : a.bid]);
    const asked = { seat: v.seat, auction, game: v.game, rules: v.rules, ...c.options };
    assert.ok(v.revealed && Object.keys(v.revealed).length, "the view shows the plunger's doubles");
    assert.deepEqual(api.adviseBid(v.hand, { ...asked, revealed: v.revealed }), c.advice);
    // The doubles shown count: without them the deals (and figures) are another's.
    assert.notDeepEqual(api.adviseBid(v.hand, asked).declarations, c.advice.declarations);
  });
}

test("the hint worker gives the same advice", async () => {
  const worker = ds.startHintWorker(new URL("hint-worker.js", pathToFileURL(dir + "/")));
  try {
    const c = fixture.bids[0];
    assert.deepEqual(await worker.adviseBid(c.hand.join(" "), { seat: c.seat, auction: c.auction, ...c.options }), c.advice);
  } finally {
    worker.terminate();
  }
});

test("the worker's stop ends an advice after its first batch of deals, as Python's should_stop", async () => {
  const worker = ds.startHintWorker(new URL("hint-worker.js", pathToFileURL(dir + "/")));
  try {
    for (const c of fixture.stopped_bids) {
      const family = c.rules?.family;
      const asked = { seat: c.seat, auction: c.auction, ...c.options, ...(family ? { game: family } : {}), ...(c.rules ? { rules: c.rules } : {}) };
      assert.ok(c.advice.worlds < c.options.samples, `${c.name}: Python stopped before its ${c.options.samples} deals`);
      const stopped = new AbortController();
      stopped.abort();
      assert.deepEqual(await worker.adviseBid(c.hand, { ...asked, signal: stopped.signal }), c.advice, c.name);
      const late = worker.adviseBid(c.hand, asked);
      worker.stop();  // every advice asked so far
      assert.deepEqual(await late, c.advice, `${c.name}: stop()`);
      assert.equal((await worker.adviseBid(c.hand, asked)).worlds, c.options.samples);  // unstopped: every deal
    }
  } finally {
    worker.terminate();
  }
});

test("bad questions are refused", () => {
  const hand = fixture.bids[0].hand;
  assert.throws(() => api.adviseBid(hand, { samples: 10, seed: -1 }), ds.ParseError);
  assert.throws(() => api.adviseBid(hand, { seed: 1, timeMs: -5 }), ds.ParseError);
  assert.throws(() => api.adviseBid(hand, { seed: 1, score: [7, 0] }), ds.ParseError);  // a side at 7 has won
  assert.throws(() => api.adviseBid(hand, { seed: 1, score: [1, 2], rules: { scoring: "points" } }), /not Texas 42's points/);
  assert.throws(() => api.adviseBid(hand.slice(1), { seed: 1 }), ds.InvalidViewError);  // six tiles
  assert.throws(() => api.adviseBid([...hand.slice(1), hand[1]], { seed: 1 }), ds.InvalidViewError);  // a tile twice
  assert.throws(() => api.adviseBid(hand, { seat: 2, auction: [[0, "pass"]], seed: 1 }), /is not to bid: E is/);
  assert.throws(() => api.adviseBid(hand, { seat: 1, auction: [[0, 29]], seed: 1 }), /does not replay/);
  assert.throws(() => api.adviseBid(hand, { seat: 0, auction: [[1, 30], [2, "pass"], [3, "pass"], [0, "pass"]], seed: 1 }),
    /N is not to declare: E is/);
  assert.throws(() => api.adviseBid(hand, { seat: 0, auction: [[1, "pass"], [2, "pass"], [3, "pass"], [0, "pass"]], seed: 1 }),
    /the auction is over: every seat passed/);
  assert.throws(() => api.adviseBid(hand, { seed: 1, rules: { specials: "some" } }), ds.ParseError);
  assert.throws(() => api.adviseBid(hand, { seed: 1, rules: "specials" }), ds.ParseError);
  assert.throws(() => api.adviseBid(hand, { seed: 1, game: "biggame" }), /The Big Game's advisor is Python's/);
  assert.throws(() => api.adviseBid(hand, { seed: 1, game: "moon" }), /not in Moon's 22 tiles|not a tile of the set/);
});
