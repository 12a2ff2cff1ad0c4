// The module's views of positions set up mid-trick against the Python package (node --test): for the
// positions of tests/data/wasm_cases.json's "seen" (written by tests/wasm_fixture.py: every family,
// a Plunge's shown doubles, Nel-O and Sevens, at any point of a trick, their earlier tricks recorded
// or not, Moon's and The Big Game's with the bidder's discard), viewOf gives the view/1 JSON Python's
// Position.view(seat) writes, for the seat to move and for other seats; hint(position) gives Python's
// hint of the seat to move's view, in this thread and in the hint worker; bad questions are refused.
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

const comparable = (hint) => Object.fromEntries(Object.entries(hint).filter(([k]) => k !== "elapsed" && k !== "nodes"));

test("the set-up positions cover every family, unrecorded and recorded tricks, discards and shown tiles", () => {
  const games = new Set(fixture.seen.map((c) => c.position.game));
  assert.deepEqual([...games].sort(), ["biggame", "moon", "moon4", "texas42"]);
  assert.ok(fixture.seen.some((c) => c.views.some((v) => v.view.gone)) && fixture.seen.some((c) => c.position.history));
  assert.ok(fixture.seen.some((c) => c.views.some((v) => v.view.discard)) && fixture.seen.some((c) => c.views[0].view.revealed));
  assert.ok(fixture.seen.some((c) => c.position.trick.length === 0) && fixture.seen.some((c) => c.position.trick.length === 3));
  assert.ok(fixture.seen.some((c) => c.hint && c.hint.method === "exact") && fixture.seen.some((c) => c.hint && c.hint.method === "pimc"));
});

for (const c of fixture.seen) {
  test(`${c.name}: the same views as Python's Position.view`, () => {
    for (const { seat, view } of c.views) {
      const options = seat === null ? undefined : { seat };
      assert.deepEqual(api.viewOf(c.position, options), view, `seat ${seat}`);
      assert.deepEqual(api.viewOf(JSON.stringify(c.position), options), view, `seat ${seat}, as JSON text`);
    }
    const named = c.views.find((v) => v.seat !== null);
    const letter = api.readView(named.view) && api.viewText(named.view).match(/seat=(\S+)/)[1];
    assert.deepEqual(api.viewOf(c.position, { seat: letter }), named.view, `seat ${letter} by name`);
  });
  if (c.hint) {
    test(`${c.name}: the same hint as Python's of the seat to move`, () => {
      assert.deepEqual(comparable(api.hint(c.position, c.options)), c.hint);
      const toMove = c.views[0].view.seat;
      assert.deepEqual(comparable(api.hint(c.position, { ...c.options, seat: toMove })), c.hint);
      assert.deepEqual(comparable(api.hint(api.positionText(c.position), c.options)), c.hint);  // its one-line text
    });
  }
}

test("the hint worker gives the same hint of a position", async () => {
  const worker = ds.startHintWorker(new URL("hint-worker.js", pathToFileURL(dir + "/")));
  try {
    const c = fixture.seen.find((x) => x.hint);
    assert.deepEqual(comparable(await worker.hint(c.position, c.options)), c.hint);
  } finally {
    worker.terminate();
  }
});

test("bad questions are refused", () => {
  const c = fixture.seen[0];
  assert.throws(() => api.viewOf(c.position, { seat: 7 }), ds.ParseError);
  assert.throws(() => api.viewOf(c.position, { auction: "N 30" }), ds.ParseError);
  const view = c.views[0].view;
  const other = (view.seat + 1) % 4;
  assert.throws(() => api.hint(view, { ...c.options, seat: other }), /it cannot advise another seat/);
  // Moon with unrecorded tricks and no discard named: the tile laid away cannot be told from theirs.
  const moon = fixture.seen.find((x) => x.position.game === "moon" && !x.position.history);
  const { discard, ...unnamed } = moon.position;
  assert.ok(discard);
  assert.throws(() => api.viewOf(unnamed, { seat: 0 }), (e) => e instanceof ds.InvalidViewError && /name the bidder's discard/.test(e.message));
  const over = { schema: "dominosolver.position/1", trump: 4, leader: 0, hands: [[], [], [], []] };
  assert.throws(() => api.hint(over, { samples: 5, seed: 1 }), /nobody is to move/);
});
