// A deal's table in the WebAssembly module against the Python package (node --test): for every deal
// of tests/data/wasm_cases.json's "tables" (written by tests/wasm_fixture.py: each in a form POST
// /v1/table reads, with the table the package's registry gives it), the module's table(deal,
// {specials}) is the same JSON, in this thread and in the hint worker; a stop ends the worker's at
// the next cell. DOMINOSOLVER_JS names the built module's folder (tests/wasm/test_wasm.py builds it).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const dir = process.env.DOMINOSOLVER_JS ? resolve(process.env.DOMINOSOLVER_JS) : new URL("build/wasm/dominosolver-js/", root).pathname;
const ds = await import(pathToFileURL(resolve(dir, "index.js")).href);
const api = await ds.load();
const { tables } = JSON.parse(await readFile(new URL("tests/data/wasm_cases.json", root), "utf8"));

test("the fixture's tables: every quick member, both kinds, every form of deal", () => {
  assert.deepEqual([...new Set(tables.map((c) => c.table.game))].sort(), ["moon", "moon4", "texas42"]);
  assert.deepEqual([...new Set(tables.map((c) => c.table.schema))].sort(),
    ["dominosolver.ddtable/1", "dominosolver.moontable/1", "dominosolver.specialtable/1"]);
  assert.ok(tables.some((c) => typeof c.deal === "string") && tables.some((c) => typeof c.deal === "object"));
  assert.ok(tables.some((c) => (c.table.contracts ?? []).length > 0), "a special table with Nel-O's and Sevens' rows");
});

for (const c of tables) {
  test(`${c.name}: the module's table is Python's`, () => {
    assert.deepEqual(api.table(c.deal, { specials: c.specials }), c.table);
  });
}

test("the hint worker gives the same tables, and a stop ends one between cells", async () => {
  const worker = ds.startHintWorker();
  try {
    for (const c of tables.filter((t) => !t.specials).slice(0, 3))
      assert.deepEqual(await worker.table(c.deal, { specials: c.specials }), c.table, c.name);
    // A double-dummy table tells of each cell solved but the last, in order.
    const told = [];
    const c = tables.find((t) => t.table.schema === "dominosolver.ddtable/1");
    assert.deepEqual(await worker.table(c.deal, { onProgress: (p) => told.push(p) }), c.table);
    const cells = c.table.declarations.length * c.table.seats.length;
    assert.deepEqual(told, Array.from({ length: cells - 1 }, (_, k) => ({ solved: k + 1, cells })));
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(worker.table(tables[0].deal, { signal: controller.signal }), { name: "SearchLimitError" });
  } finally {
    worker.terminate();
  }
});

test("bad deals get their errors", () => {
  assert.throws(() => api.table("hands=66.65/55.54"), { name: "ParseError", message: /hands/ });
  const moon = tables.find((c) => c.table.game === "moon");
  assert.throws(() => api.table(moon.deal, { specials: true }), { name: "ParseError", message: /Moon has no special-contract table/ });
  assert.throws(() => api.table(tables[0].deal, { specials: "yes" }), { name: "ParseError" });
});
