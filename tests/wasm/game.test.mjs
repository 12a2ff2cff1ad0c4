// The module's game flow against the Python package (node --test): for the games of
// tests/data/wasm_games.json (written by tests/wasm_game_fixture.py: dealt from a seed, every seat
// choosing at random), the same seat to move and legal moves before every move, the same view of the
// human seat, and the same botgame/1 replies as dominosolver serve's game endpoints (less the
// token), the moves played through the API (gameMove for the human, botMove for the others); the
// bots' rule of thumb chooses as RuleBot does; the bots' own moves are legal, a whole 42 hand against
// them ends with 42 points taken and they play a hand of each other game; bad requests are refused
// by name. DOMINOSOLVER_JS names the built module's folder (tests/wasm/test_wasm_game.py builds it).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const dir = process.env.DOMINOSOLVER_JS ? resolve(process.env.DOMINOSOLVER_JS) : new URL("build/wasm/dominosolver-js/", root).pathname;
const ds = await import(pathToFileURL(resolve(dir, "index.js")).href);
const { ruleMove } = await import(pathToFileURL(resolve(dir, "game.js")).href);
const api = await ds.load();
const core = await ds.loadCore();
const fixture = JSON.parse(await readFile(new URL("tests/data/wasm_games.json", root), "utf8"));

const withoutToken = ({ token, ...rest }) => rest;

test("the games cover a whole game, a seed past 2^53, another seat, the points game and the family", () => {
  const [whole, big, points] = fixture.games;
  assert.equal(whole.replies[String(whole.moves.length)].over, true);
  assert.ok(BigInt(big.seed) > BigInt(Number.MAX_SAFE_INTEGER));
  assert.notEqual(big.seat, 0);
  assert.equal(points.rules.scoring, "points");
  assert.deepEqual(fixture.games.map((g) => g.game).slice(3), ["moon", "moon4", "biggame"]);
  // Moon's and The Big Game's exchanges: a tile laid away.
  for (const g of fixture.games.slice(3)) if (g.game !== "moon4") assert.ok(g.moves.some((m) => m.startsWith("discard ")), g.game);
});

for (const g of fixture.games) {
  test(`${g.game} seed ${g.seed} from seat ${g.seat}: the same deal, moves, views and replies as Python`, () => {
    let r = api.newGame({ game: g.game, seed: g.seed, seat: g.seat, rules: g.rules });
    assert.deepEqual(withoutToken(r), g.replies["0"]);
    g.moves.forEach((move, i) => {
      const step = g.steps[i];
      assert.equal(r.to_move, step.to_move, `move ${i + 1}: the seat to move`);
      if (step.view) assert.deepEqual(r.view, step.view, `move ${i + 1}: the view`);
      if (r.your_turn) {
        assert.deepEqual(r.legal_moves, step.legal_moves, `move ${i + 1}: the legal moves`);
        r = api.gameMove(r.token, move);
      } else {
        // A bot to move: what it could play is Python's legal moves (its question names one of
        // them when it is forced); the fixture's move is played for it.
        const q = api.botQuestion(r.token);
        assert.equal(q.seat, step.to_move);
        if (q.move !== undefined) assert.deepEqual([q.move], step.legal_moves, `move ${i + 1}: the one legal move`);
        r = api.botMove(r.token, { seat: q.seat, move });
      }
      const expected = g.replies[String(i + 1)];
      if (expected) assert.deepEqual(withoutToken(r), expected, `the reply after move ${i + 1}`);
    });
    // The token is the game: asked again (POST /v1/game), the same reply, no move made.
    assert.deepEqual(api.gameState(r.token), { ...r, last: null });
  });
}

test("the bots play a whole hand: legal moves, every tile played once, 42 points taken", () => {
  let r = api.newGame({ seed: 2024, seat: 0 });
  const plays = [];
  while (r.record.hands.length === 0) {
    if (r.your_turn) {
      r = api.gameMove(r.token, r.legal_moves[r.legal_moves.length - 1]);  // the human: the highest bid, the last tile
    } else {
      const before = r;
      r = api.playBot(r.token);
      assert.equal(r.last[0], before.to_move);
    }
    if (r.view.plays.length) plays.push(r.view.plays[r.view.plays.length - 1]);
  }
  const [hand] = r.record.hands;
  if (hand.contract !== null) {
    const tiles = hand.plays.map(([, tile]) => tile);
    assert.equal(new Set(tiles).size, tiles.length);
    const all = hand.deal.flat();
    assert.equal(all.length, 28);
    for (const tile of tiles) assert.ok(all.includes(tile));
    const taken = Object.values(hand.points).reduce((a, b) => a + b, 0);
    if (hand.plays.length === 28) assert.equal(taken, 42);
  }
});

test("the rule of thumb is RuleBot's: calls, declarations and The Big Game's exchange", () => {
  const cases = fixture.games.flatMap((g) => g.rule_cases);
  assert.ok(cases.some((c) => c.choice.startsWith("declare ")) && cases.some((c) => c.choice.startsWith("discard ")));
  assert.ok(cases.some((c) => /^\d+$/.test(c.choice)) && cases.some((c) => c.choice === "pass"));
  for (const c of cases) {
    const strengths = core.trumpStrengths(c.hand, c.table.max_pip);
    assert.equal(ruleMove({ ...c, strengths }, c.legal), c.choice, JSON.stringify(c));
  }
});

test("a hand's strengths as trumps are the core's: trumps held, one more for their double, a half for other doubles", () => {
  const hands = fixture.games.flatMap((g) => g.rule_cases).map((c) => [c.hand, c.table.max_pip]);
  assert.ok(hands.length >= 10);
  for (const [hand, maxPip] of hands) {
    const tiles = hand.map((name) => name.split(":")[0].split("-").map(Number));
    const want = Array.from({ length: maxPip + 1 }, (_, suit) => tiles.reduce((sum, [hi, lo]) =>
      sum + (hi === suit || lo === suit ? (hi === lo ? 2 : 1) : hi === lo ? 0.5 : 0), 0));
    assert.deepEqual(core.trumpStrengths(hand, maxPip), want, JSON.stringify(hand));
  }
  assert.equal(core.trumpStrengths("6-6", 6).error?.name, "ParseError");  // a hand is a list of tiles
});

for (const game of ["moon", "moon4", "biggame"]) {
  test(`the bots play a hand of ${game}: legal moves, every tile played once`, () => {
    let r = api.newGame({ game, seed: 21, seat: 1 });
    while (r.record.hands.length === 0) {
      r = r.your_turn ? api.gameMove(r.token, r.legal_moves[0]) : api.playBot(r.token, { samples: 12, bigGameMs: 100 });
    }
    const [hand] = r.record.hands;
    assert.ok(hand.contract !== null && hand.plays.length > 0);
    const tiles = hand.plays.map(([, tile]) => tile.split(":")[0]);
    assert.equal(new Set(tiles).size, tiles.length);
    for (const tile of tiles) assert.ok((hand.hands ?? hand.deal).flat().includes(tile), tile);
  });
}

test("a bot's moves are the same however often the game is replayed", () => {
  const r = api.newGame({ seed: 31, seat: 2 });
  assert.deepEqual(api.playBot(r.token), api.playBot(r.token));
});

test("bad requests are refused by name", () => {
  const r = api.newGame({ seed: 9, seat: 0 });
  assert.throws(() => api.gameMove(r.token, "30"), { name: "IllegalMoveError", message: /a bot\) is to move/ });
  assert.throws(() => api.gameState("nonsense"), { name: "ParseError" });
  assert.throws(() => api.gameState(r.token.slice(0, -3)), { name: "ParseError" });
  assert.throws(() => api.newGame({ seed: -1 }), { name: "ParseError" });
  assert.throws(() => api.newGame({ seed: "18446744073709551616" }), { name: "ParseError" });
  assert.throws(() => api.newGame({ seed: 1, seat: "X" }), { name: "ParseError" });
  assert.throws(() => api.newGame({ seed: 1, game: "bingo" }), { name: "ParseError" });
  let mine = r;
  while (!mine.your_turn) mine = api.playBot(mine.token);
  assert.throws(() => api.gameMove(mine.token, "6-6"), { name: "IllegalMoveError", message: /not a legal move/ });
  assert.throws(() => api.botQuestion(mine.token), { name: "IllegalMoveError", message: /\(you\) is to move/ });
});
