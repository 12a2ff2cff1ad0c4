// The module's last resort against the Python package's (node --test): The Big Game's first-trick
// hints that value no world whole within their time (a time limit of 0) rest on make tests, as
// Python's `_proven` does: `basis` "tests", each move's `makes` and `sets` on the same worlds, the
// core's ranking (core/pimc.hpp's rank_proven) and the same warning; the whole hint/1 JSON less its
// time and node count. PROVEN_CASES names the cases' file, written from the package's live answers by
// tests/wasm/test_wasm.py; DOMINOSOLVER_JS the built module's folder.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const ds = await import(pathToFileURL(resolve(process.env.DOMINOSOLVER_JS, "index.js")).href);
const api = await ds.load();
const cases = JSON.parse(await readFile(process.env.PROVEN_CASES, "utf8"));
const comparable = (hint) => Object.fromEntries(Object.entries(hint).filter(([k]) => k !== "elapsed" && k !== "nodes"));

test("the cases are hints on make tests, each deciding some move", () => {
  assert.ok(cases.length >= 2);
  for (const c of cases) {
    assert.equal(c.hint.basis, "tests");
    assert.ok(c.hint.moves.some((m) => m.makes + m.sets > 0));
  }
});

for (const [i, c] of cases.entries()) {
  test(`case ${i} (${c.hint.goal}): the package's make tests, counts, ranks and warning`, () => {
    const h = api.hint(c.view, c.options);
    assert.equal(h.basis, "tests");
    assert.equal(h.worlds, c.hint.worlds);
    const counts = (x) => x.moves.map((m) => [m.move, m.makes, m.sets, m.rank, m.mean, m.p_make]);
    assert.deepEqual(counts(h), counts(c.hint));
    assert.deepEqual(h.warnings, c.hint.warnings);
    assert.deepEqual(comparable(h), comparable(c.hint));
  });
}
