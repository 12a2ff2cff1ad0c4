// The app developer's path through the module (node --test): the docs' ways of writing a hand, options
// misspelt, a worker asked what it cannot be sent or that cannot start, and index.d.ts's interfaces
// against the objects the calls return. DOMINOSOLVER_JS names the built module's folder
// (build/wasm/dominosolver-js by default); tests/wasm/test_wasm.py builds it and runs this.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const dir = process.env.DOMINOSOLVER_JS ? resolve(process.env.DOMINOSOLVER_JS) : new URL("build/wasm/dominosolver-js/", root).pathname;
const ds = await import(pathToFileURL(resolve(dir, "index.js")).href);
const api = await ds.load();
const { cases } = JSON.parse(await readFile(new URL("tests/data/wasm_cases.json", root), "utf8"));
const VIEW = "seat=N contract=N30 trump=5 hand=66.65.64.62.52.11.10";
const DEAL = "hands=66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/30.22.21.20.11.10.00";

test("a hand is read as Python's advise_bid reads it: '66.65...', '10 20 ...' and a list alike", () => {
  // docs/javascript.md's examples write a hand each way.
  const nello = { seat: 2, auction: [[3, "pass"], [0, "pass"], [1, "pass"], [2, 84]], rules: { specials: "all" }, samples: 10, seed: 3 };
  assert.deepEqual(api.adviseBid("10 20 30 21 40 31 50", nello),
    api.adviseBid(["1-0", "2-0", "3-0", "2-1", "4-0", "3-1", "5-0"], nello));
  const moon = { game: "moon", seat: 1, seed: 3, samples: 10 };
  assert.deepEqual(api.adviseBid("66.65.64.63.55.44.11", moon), api.adviseBid(["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "1-1"], moon));
});

test("an option the call does not know is refused by name, not left to its default", async () => {
  assert.throws(() => api.hint(VIEW, { sample: 5, seed: 1 }), (e) => e instanceof ds.ParseError && /'sample'/.test(e.message));
  assert.throws(() => api.adviseBid("66.65.64.63.55.44.11", { sead: 1 }), (e) => e instanceof ds.ParseError && /'sead'/.test(e.message));
  assert.throws(() => api.table(DEAL, { special: true }), (e) => e instanceof ds.ParseError && /'special'/.test(e.message));
  const worker = ds.startHintWorker();
  try {
    await assert.rejects(worker.hint(VIEW, { sample: 5, seed: 1 }), (e) => e instanceof ds.ParseError && /'sample'/.test(e.message));
  } finally {
    worker.terminate();
  }
});

test("a worker asked what it cannot be sent rejects with a ParseError and answers the next question", async () => {
  const worker = ds.startHintWorker();
  try {
    await assert.rejects(worker.hint(VIEW, { samples: 5, seed: 1, shouldStop: () => true }), ds.ParseError);
    const h = await worker.hint(VIEW, { samples: 30, seed: 1 });
    const here = api.hint(VIEW, { samples: 30, seed: 1 });
    assert.equal(h.best, here.best);
    assert.deepEqual(h.moves.map((m) => [m.move, m.mean]), here.moves.map((m) => [m.move, m.mean]));
  } finally {
    worker.terminate();
  }
});

test("a worker that cannot start rejects every question with its error (none waits for ever)", async () => {
  const folder = await mkdtemp(join(tmpdir(), "dominosolver-worker-"));
  const script = join(folder, "broken-worker.mjs");
  await writeFile(script, 'throw new Error("this worker cannot start");\n');
  const worker = ds.startHintWorker(pathToFileURL(script));
  await assert.rejects(worker.hint(VIEW, { samples: 5, seed: 1 }), /cannot start/);
  await assert.rejects(worker.hint(VIEW, { samples: 5, seed: 1 }), /cannot start/);
  await assert.rejects(worker.table(DEAL), /cannot start/);
  worker.terminate();
});

test("a worker's stop ends the hint under way at a batch's end, and the one waiting at its first", async () => {
  // 100,000 worlds each (minutes): only a stop seen between batches ends them.
  const worker = ds.startHintWorker();
  try {
    const options = { samples: 100000, seed: 3, exactLimit: 0 };
    let told = 0;
    const first = worker.hint(VIEW, { ...options, onProgress: () => told++ === 0 && worker.stop() });
    const waiting = worker.hint(VIEW, options);
    const [a, b] = await Promise.all([first, waiting]);
    assert.ok(a.worlds < options.samples && a.warnings.some((w) => /stopped after/.test(w)), `${a.worlds} worlds`);
    const aborted = new AbortController();
    aborted.abort();
    const once = await worker.hint(VIEW, { ...options, signal: aborted.signal });  // stopped before it starts
    assert.ok(once.worlds < a.worlds);
    assert.equal(b.worlds, once.worlds);
    assert.deepEqual(b.moves, once.moves);
  } finally {
    worker.terminate();
  }
});

test("a script given to node on stdin or by -e (--input-type=module) starts a hint worker", () => {
  const index = JSON.stringify(pathToFileURL(resolve(dir, "index.js")).href);
  const script = `const ds = await import(${index}); const w = ds.startHintWorker();
    try { console.log(JSON.stringify((await w.hint(${JSON.stringify(VIEW)}, { samples: 20, seed: 1 })).moves)); }
    catch (e) { console.log(e.message); } finally { w.terminate(); }`;
  const here = JSON.stringify(api.hint(VIEW, { samples: 20, seed: 1 }).moves);
  for (const args of [["--input-type=module"], ["--input-type=module", "-e", script]]) {
    const out = spawnSync(process.execPath, args, { input: script, encoding: "utf8" });
    assert.equal(out.stdout.trim(), here, `node ${args[0]}: ${out.stderr}`);
  }
});

// index.d.ts's interfaces, each as {field: optional?} of its top-level members.
const dts = (await readFile(resolve(dir, "index.d.ts"), "utf8")).replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
function declared(name) {
  const start = dts.indexOf(`export interface ${name} {`);
  assert.ok(start >= 0, `index.d.ts declares ${name}`);
  const out = {};
  let depth = 0;
  let member = "";
  for (let i = dts.indexOf("{", start) + 1; depth >= 0; i++) {
    const c = dts[i];
    if ("{[(".includes(c)) depth++;
    if ("}])".includes(c)) depth--;
    if (depth < 0 || (depth === 0 && c === ";")) {
      const m = member.match(/^\s*([A-Za-z_]+)(\?)?:/);
      if (m) out[m[1]] = Boolean(m[2]);
      member = "";
    } else member += c;
  }
  return out;
}
function assertShape(name, obj, where) {
  const fields = declared(name);
  for (const key of Object.keys(obj)) assert.ok(key in fields, `${where}: ${name} has '${key}', which index.d.ts does not declare`);
  for (const [key, optional] of Object.entries(fields))
    if (!optional) assert.ok(key in obj, `${where}: ${name} lacks '${key}', which index.d.ts says is always there`);
}

test("index.d.ts declares the fields the calls return, no more and no fewer", () => {
  for (const c of cases) {
    const state = api.read(c.position);
    assertShape("PositionState", state, c.name);
    assertShape("Position", state.position, c.name);
    assertShape("SolveResult", api.solve(c.position), c.name);
  }
  for (const game of ["texas42", "moon", "moon4", "biggame"]) {
    let g = api.newGame({ game, seat: 0, seed: 5 });
    let hinted = false;
    const BOTS = { samples: 5, bidSamples: 4, bigGameMs: 300 };  // the bots' questions small: the shapes are the test
    // Through the auction into the play (The Big Game's bots take seconds a play: its first play only).
    for (let n = 0; !g.over && n < 16 && !(game === "biggame" && g.view.trump !== null && g.view.trick.length); n++) {
      assertShape("BotGame", g, game);
      assertShape("View", g.view, game);
      if (!g.your_turn) assertShape("BotQuestion", api.botQuestion(g.token, BOTS), game);
      if (g.your_turn && g.view.trump !== null && !hinted && game !== "biggame") {
        const h = api.hint(g.view, { samples: 10, seed: 1 });
        assertShape("Hint", h, game);
        assertShape("View", h.position, game);
        for (const m of h.moves) assertShape("HintMove", m, game);
        hinted = true;
      }
      g = g.your_turn ? api.gameMove(g.token, g.legal_moves[0]) : api.playBot(g.token, BOTS);
    }
  }
  for (const [hand, options] of [["66.65.64.55.44.31.20", { seat: 1, auction: [[0, "pass"]], samples: 10, seed: 3 }],
    ["66.65.64.55.44.31.20", { samples: 10, seed: 3, rules: { specials: "all" } }],
    ["66.65.64.63.55.44.11", { game: "moon", seat: 1, samples: 10, seed: 3 }]]) {
    const advice = api.adviseBid(hand, options);
    assertShape("BidAdvice", advice, hand);
    for (const d of advice.declarations) assertShape("BidDeclaration", d, hand);
    for (const s of [...(advice.specials ?? []), ...(advice.declared ?? [])]) assertShape("BidSpecial", s, hand);
  }
  assertShape("DDTable", api.table(DEAL), "42's table");
  assertShape("SpecialTable", api.table(DEAL, { specials: true }), "42's special table");
  assertShape("MoonTable", api.table("moon hands=66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.32.31.22.21.11"), "Moon's table");
});
