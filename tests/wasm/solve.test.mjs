// The WebAssembly module against the Python package (node --test): for every position of
// tests/data/wasm_cases.json (written by tests/wasm_fixture.py from the package), the module reads
// and writes the same JSON, lists the same legal plays, plays to the same position and solves to
// the same value and move values, in the same order. DOMINOSOLVER_JS names the built module's
// folder (build/wasm/dominosolver-js by default); tests/wasm/test_wasm.py builds it and runs this.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const dir = process.env.DOMINOSOLVER_JS ? resolve(process.env.DOMINOSOLVER_JS) : new URL("build/wasm/dominosolver-js/", root).pathname;
const ds = await import(pathToFileURL(resolve(dir, "index.js")).href);
const api = await ds.load();
const { cases } = JSON.parse(await readFile(new URL("tests/data/wasm_cases.json", root), "utf8"));

test("the fixture holds positions of every family", () => {
  const games = new Set(cases.map((c) => c.position.game));
  assert.deepEqual([...games].sort(), ["biggame", "moon", "moon4", "texas42"]);
});

for (const c of cases) {
  test(`${c.name}: the same JSON, plays and values as Python`, () => {
    const state = api.read(c.position);
    assert.deepEqual(state.position, c.position);
    assert.deepEqual(api.legalMoves(c.position), c.legal_moves);
    assert.deepEqual(api.play(c.position, c.play), c.after);
    assert.deepEqual(api.play(JSON.stringify(c.position), c.play), c.after);  // JSON text too
    const solved = api.solve(c.position);
    assert.equal(solved.value, c.solve.value);
    assert.equal(solved.units, c.solve.units);
    assert.equal(solved.pov, c.solve.pov);
    assert.deepEqual(Object.entries(solved.moves), Object.entries(c.solve.moves));  // order too
    assert.deepEqual(solved.best, c.solve.best);
    assert.equal(api.solve(c.position, { moves: false }).value, c.solve.value);
    assert.equal(api.positionText(c.position), c.text);  // Python's str(position)
    assert.deepEqual(api.read(c.text).position, c.position);
  });
}

test("a solve's principal variation plays out to its value", () => {
  const c = cases.find((x) => x.name === "42 deal #0");
  const solved = api.solve(c.position);
  let pos = c.position;
  for (const move of solved.pv) pos = api.play(pos, move);
  const end = api.read(pos);
  assert.equal(end.isOver, true);
  const side = ["NS", "EW"].indexOf(solved.pov);
  assert.equal(end.points[side], solved.value);
});

test("bad input raises the named error", () => {
  const c = cases[0];
  assert.throws(() => api.play(c.position, "7-7"), ds.IllegalMoveError);
  const illegal = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0", "6-5"].find((t) => !c.legal_moves.includes(t));
  assert.throws(() => api.play(c.position, illegal), ds.IllegalMoveError);
  assert.throws(() => api.read({ ...c.position, trump: "bogus" }), ds.ParseError);
  assert.throws(() => api.read({ ...c.position, colour: 1 }), /unknown position field\(s\): colour/);
  assert.throws(() => api.read({ ...c.position, schema: "other/1" }), ds.ParseError);
  assert.throws(() => api.read("trump=5 hands=66/55"), /hands= needs 4 hands separated by '\/', got 2/);
  assert.throws(() => api.read("trump=5 hands=66/55/44/33 colour=red"), ds.ParseError);
  const twice = structuredClone(c.position);
  twice.hands[1].push(twice.hands[0][0]);
  assert.throws(() => api.read(twice), ds.InvalidPositionError);
  assert.throws(() => api.solve(c.position, { ttMb: 0 }), ds.ParseError);
  assert.ok(new ds.ParseError("x") instanceof ds.DominoSolverError);
});

test("a discard is checked as Python checks it", () => {
  const moon = cases.find((x) => x.name === "moon with a discard");
  const big = cases.find((x) => x.name === "biggame with a discard");
  const held = moon.position.hands[0][0];
  assert.throws(() => api.read({ ...moon.position, discard: held }), /is in play: it is held or played/);
  assert.throws(() => api.read({ ...big.position, contract: null }), /only a Moon or Big Game position with its contract/);
  assert.throws(() => api.read({ ...cases[0].position, discard: "6-6" }), /only a Moon or Big Game position/);
  const swapped = structuredClone(big.position);  // a counter laid away in The Big Game
  const hand = swapped.hands.find((h) => h.includes("5-5")) || swapped.hands.find((h) => h.includes("6-4"));
  const counter = hand.includes("5-5") ? "5-5" : "6-4";
  hand[hand.indexOf(counter)] = swapped.discard;
  swapped.discard = counter;
  assert.throws(() => api.read(swapped), /is a counter: The Big Game's bidder lays away no counter/);
});
