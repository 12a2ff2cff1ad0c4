// Type declarations of dominosolver's JavaScript API (index.js; docs/javascript.md).

/** A tile "6-4" (high end first), or in The Big Game a lower-end lead "7-3:3". */
export type Play = string;
/** A seat: its number (N E S W = 0 1 2 3; Moon's P0 P1 P2) or its name. */
export type Seat = number | string;

/** The `dominosolver.position/1` JSON object (docs/json.md). */
export interface Position {
  schema?: "dominosolver.position/1";
  game?: "texas42" | "moon" | "moon4" | "biggame";
  /** A suit 0..6 (0..8 in The Big Game) or its name ("fives"), "doubles", "none", "sevens", "nello-high", ... */
  trump: number | string;
  leader: Seat;
  hands: Play[][];
  trick?: Play[];
  /** Variant flags (docs/rules.md §6.1), as the package writes them. */
  rules?: Record<string, string>;
  contract?: { declarer: Seat; bid: number | "game" | "pass"; kind?: string } | null;
  history?: { first_leader: Seat; tiles: Play[] } | null;
  /** The bidder's laid-away tile (Moon, The Big Game). */
  discard?: Play | null;
}

export interface PositionState {
  /** The position as the Python package writes it (hands high tile first, seats as numbers). */
  position: Position;
  /** The seat to move, null when the hand is over. */
  toMove: number | null;
  legalMoves: Play[];
  tricksLeft: number;
  isOver: boolean;
  /** Points (or tricks) each side has taken in the tricks this position records. */
  points: [number, number];
}

export interface SolveOptions {
  /** Every legal play's value (default true); false: the value alone, a third of the time. */
  moves?: boolean;
  /** Transposition table in MB (default: 1, 8 or 64 by the tricks left, as in Python). */
  ttMb?: number;
}

export interface SolveResult {
  /** Points (or tricks) the side to move takes from the current trick on, with best play by all. */
  value: number;
  units: "points" | "tricks";
  /** The side the values are for: the side to move ("NS", "EW"; in Moon its seats' names). */
  pov: string | null;
  /** Every legal play's value, best first. */
  moves: Record<Play, number>;
  best: Play[];
  /** A principal variation to the end of the hand. */
  pv: Play[];
  equivalent: Play[][];
  /** Tricks contracts: whether the declaring side makes its contract. */
  makes: boolean | null;
  nodes: number;
}

/** The `dominosolver.view/1` JSON object (docs/json.md): one seat's view, as the package writes it. */
export interface View {
  schema?: "dominosolver.view/1";
  game?: "texas42" | "moon" | "moon4" | "biggame";
  seat: Seat;
  rules?: Record<string, string>;
  trump: number | string | null;
  contract?: { declarer: Seat; bid: number | "game"; kind?: string } | null;
  auction?: { seat: Seat; bid: string | number; kind?: string }[];
  hand: Play[];
  hand_sizes: number[];
  leader?: Seat | null;
  to_move?: Seat | null;
  trick?: Play[];
  plays?: { seat: Seat; tile: Play }[];
  voids?: Record<string, (number | "trump" | "doubles")[]>;
  points?: [number, number];
  gone?: Play[];
  revealed?: Record<string, Play[]>;
  legal_moves?: Play[];
  /** In the auction, the calls the seat may make ("pass", "30", ..., "84"). */
  legal_bids?: string[];
  discard?: Play | null;
}

export interface HintOptions {
  /** Worlds drawn (default 200), as Python's `samples`. */
  samples?: number;
  /** A whole number from 0 (default: a fresh one, reported); the same seed draws Python's worlds. */
  seed?: number;
  /** Stop between batches of worlds once this many milliseconds are spent (Python's `time`). */
  timeMs?: number;
  /** With at most this many worlds (default 2000) all are solved: method "exact". */
  exactLimit?: number;
  objective?: "auto" | "goal" | "points" | "game";
  means?: "tied" | "all";
  /** Objective "game" (42's marks game): the marks of the seat's side and the other's, [5, 6] or "5-6". */
  score?: [number, number] | string;
  /** "uniform" (default), "auction" (worlds weighted by the other seats' calls and the declarer's trump),
   * "play" (by the other seats' plays of the last two tricks) or "auction+play", as Python's. */
  weighting?: "uniform" | "auction" | "play" | "auction+play";
  /** "pimc" only (Python's "infoset" is not in the module). */
  method?: "pimc";
  /** A hint of a position: the seat whose view it is (a number or a name; default the seat to move).
   * A view is its own seat's: another seat is refused. */
  seat?: number | string;
}

export interface ViewOfOptions {
  /** The seat whose view (a number or a name; default the seat to move). */
  seat?: number | string;
  /** The calls of the auction, as a view's JSON lists them (checked against the position's contract). */
  auction?: { seat: number; bid: number | string; kind?: string }[];
}

export interface HintMove {
  move: Play;
  /** Mean value for `pov` (points, or tricks: `units`); null for a move not tied for the best chance. */
  mean: number | null;
  stderr: number | null;
  p_make: number | null;
  p_make_stderr: number | null;
  /** Objective "game": the seat's side's chance of winning the game after the move. */
  p_game?: number | null;
  /** 1 = best; equal moves share a rank. */
  rank: number;
  /** A hint on make tests alone (`basis` "tests"): the worlds in which a test proved the declaring side makes its contract after the move, and those it proved set. */
  makes?: number;
  sets?: number;
}

/** The `dominosolver.hint/1` JSON object, as Python's Hint.to_json writes it. */
export interface Hint {
  schema: "dominosolver.hint/1";
  game: string;
  rules: Record<string, string>;
  position: View;
  seat: number;
  pov: string;
  engine: { name: string; version: string };
  method: "pimc" | "exact";
  exact: boolean;
  worlds: number;
  seed: number | null;
  weighting: "uniform" | "auction" | "play" | "auction+play";
  /** The weighted worlds' effective sample size (null when uniform). */
  ess: number | null;
  goal: "make" | "set" | null;
  /** Objective "game": the marks, the seat's side first. */
  score?: [number, number];
  units: "points" | "tricks";
  /** Present only as "tests": no world was valued whole within the time, the moves rank on make tests (their `makes`, `sets`; no means). */
  basis?: "tests";
  best: Play | null;
  elapsed: number;
  nodes: number;
  warnings: string[];
  /** Best first. */
  moves: HintMove[];
}

/** Options of adviseBid: the seat to call (or to declare), the calls so far as [seat, bid] pairs, the game and rules, the deals and their seed. */
export interface BidOptions {
  seat?: number | string;
  /** The calls so far, [seat, bid] ("pass", 30, "168:plunge"); the auction won by the seat: its declaration. */
  auction?: [number | string, number | string][];
  samples?: number;
  /** A whole number from 0; none: Python's default, a hash of the question (the same figures from every front end). */
  seed?: number;
  /** 42's marks game: the marks of the seat's side and the other's ([5, 6] or "5-6"): the call of the best chance of winning the game. */
  score?: [number, number] | string;
  /** End between batches of deals once this many milliseconds are spent (Python's `time`): at least one batch, 8 deals. */
  timeMs?: number;
  /** What the contract shows, as a view's JSON gives it ({E: ["5-5", ...]}: a plunger's doubles): kept with their holder in every deal. */
  revealed?: Record<string, Play[]>;
  /** Texas 42's rule flags, as a position's JSON gives them ({specials: "all"}: Plunge, Splash, Nel-O, Sevens). */
  rules?: Record<string, string>;
  /** "texas42" (default), "moon" or "moon4" (Moon's and Partnership Moon's advice, in tricks). */
  game?: "texas42" | "moon" | "moon4";
}

/** A special bid (the partner names) or a contract in tricks the seat declares itself, on the advice's deals. */
export interface BidSpecial {
  bid: string;
  kind: string;
  /** Some declaration makes it (per deal: as if the namer saw every hand). */
  p_make: number;
  p_make_stderr: number;
  /** The best single declaration's P(make): what the bid is judged by. */
  p_make_named: number;
  /** A contract the seat declares itself: "nello", "nello-high", "sevens". */
  declared?: string;
  declarations: Record<string, number>;
  threshold: number;
}

/** One declaration's figures in a bid advice: its points over the deals. */
export interface BidDeclaration {
  declaration: number | "doubles" | "none";
  name: string;
  mean: number;
  stderr: number;
  /** Per bid up to two marks ("30".."42", "84"), the share of deals on which it is made. */
  p_make: Record<string, number>;
  /** Deals by points taken, 0 to 42. */
  histogram: number[];
}

/** The `dominosolver.bidadvice/1` JSON object of Python's advise_bid (Texas 42), less its `elapsed`. */
export interface BidAdvice {
  schema: "dominosolver.bidadvice/1";
  game: "texas42" | "moon" | "moon4";
  seat: number;
  hand: Play[];
  method: "pimc";
  worlds: number;
  seed: number;
  risk: number;
  /** 42's (Moon's advice has none). */
  mark_risk?: number;
  discount: number;
  /** Moon's advice: "tricks" (its values are the bidder's side's tricks). */
  units?: "tricks";
  /** The contract the seat won (declaring), else null. */
  contract: { declarer: number; bid: string } | null;
  /** The advised call: "pass", "30", "84", "168:plunge"...; declaring: "declare 5", "declare nello". */
  action: string;
  verdict: { p_make: number | null; p_make_ci95: [number, number] | null; p_make_table: number | null; threshold: number | null; reason: string };
  bid: string;
  /** The declaration to name with the bid; null for a special bid (the partner names). */
  declaration: number | string | null;
  declarations: BidDeclaration[];
  /** Under specials = all: the special bids the seat may make now. */
  specials?: BidSpecial[];
  /** Under specials = all: the contracts in tricks the seat may declare itself. */
  declared?: BidSpecial[];
}

/** Options of newGame: as POST /v1/new-game's body (docs/http.md). */
export interface NewGameOptions {
  game?: "texas42" | "moon" | "moon4" | "biggame";
  /** The human's seat (default 0). */
  seat?: Seat;
  /** 0..2^64-1: a number up to 2^53, else its digits as text (or a BigInt); default a fresh random one. */
  seed?: number | string | bigint;
  /** Variant flags (docs/rules.md §6.1). */
  rules?: Record<string, string>;
  dealer?: Seat;
}

/** A game as one seat sees it: dominosolver serve's `dominosolver.botgame/1` reply (docs/http.md). */
export interface BotGame {
  schema: "dominosolver.botgame/1";
  game: string;
  seat: number;
  /** The game itself (rules, seat, seed, moves): pass it to the next call. */
  token: string;
  view: View;
  to_move: number | null;
  your_turn: boolean;
  /** The human's legal moves on its turn ("30", "pass", "declare 5", "6-4"), else []. */
  legal_moves: string[];
  names: { moves: Record<string, string>; trump: string | null };
  /** The last move as the human saw it: [seat, move]. */
  last: [number, string] | null;
  scores: Record<string, number>;
  over: boolean;
  winner: string | null;
  /** The finished hands, every hand shown (play --json's record). */
  record: { game: string; winner: string | null; scores: Record<string, number>; hands: object[]; rules?: Record<string, string> };
}

/** The bots' searches: a hint's worlds (40), a bid advice's deals (24), The Big Game's time for a play in ms (2000). */
export interface BotOptions {
  samples?: number;
  bidSamples?: number;
  bigGameMs?: number;
}

/** What the bot to move asks before it moves: a forced move, a bid advice (a call or, from the
 * auction's winner, the declaration) or a hint of its view; `rule`: what its rule of thumb reads
 * where no answer names a legal move (game.js's ruleMove, Python's RuleBot). */
export interface BotQuestion {
  seat: number;
  move?: string;
  rule?: { hand: Play[]; trump: number | string | null; table: { family: string; min_bid: number; mark: number; hand_size: number; max_pip: number } };
  bid?: { hand: Play[]; options: BidOptions };
  declare?: { hand: Play[]; options: BidOptions };
  hint?: { view: View; options: HintOptions };
}

export interface Dominosolver {
  /** A game against the bots (POST /v1/new-game), dealt from the seed as Python's Game deals it. */
  newGame(options?: NewGameOptions): BotGame;
  /** The game as it stands (POST /v1/game). */
  gameState(token: string): BotGame;
  /** The human's move (POST /v1/move): throws IllegalMoveError on a bot's turn or for a move not legal. */
  gameMove(token: string, move: string): BotGame;
  /** What the bot to move asks: answer it (adviseBid, a hint; in a worker) and pass the answer to botMove. */
  botQuestion(token: string, options?: BotOptions): BotQuestion;
  /** The bot's move (POST /v1/bot-move) from its question and the answer (an answer naming no legal move: pass or the first legal move). */
  botMove(token: string, question: BotQuestion, answer: BidAdvice | Hint | null): BotGame;
  /** The bot's move, its question answered in this thread (it blocks it). */
  playBot(token: string, options?: BotOptions): BotGame;
  read(position: Position | string): PositionState;
  legalMoves(position: Position | string): Play[];
  play(position: Position | string, move: Play): Position;
  solve(position: Position | string, options?: SolveOptions): SolveResult;
  /** The position's one-line text, as Python's str(position) (docs/notation.md). */
  positionText(position: Position | string): string;
  /** The view's one-line text, as Python's str(view). */
  viewText(view: View | string): string;
  /** The view as the package writes it; throws InvalidViewError when the facts it states disagree with its plays. */
  readView(view: View | string): View;
  /** How many deals fit the view, and `n` of them from `seed` (Python's sample_worlds): hands seat by seat. */
  sampleWorlds(view: View | string, n: number, seed: number): { count: bigint; worlds: Play[][][] };
  /** What a seat sees of a position (set up at any point of a trick), as Python's Position.view(seat). */
  viewOf(position: Position | string, options?: ViewOfOptions): View;
  /** Python's hint in this thread (it blocks it): a page uses startHintWorker. A position (its
   * object, JSON or text) is hinted from `options.seat`'s view, by default the seat to move's. */
  hint(target: View | Position | string, options?: HintOptions & { shouldStop?: () => boolean; onProgress?: (partial: Hint) => void }): Hint;
  /** Python's advise_bid for Texas 42 (any rule flags) while the seat is to call or to declare, in this thread (it blocks it). */
  adviseBid(hand: Play[] | string, options?: BidOptions): BidAdvice;
  /** The deal's table as POST /v1/table answers it (Python's dd_table, Moon's moon_table; `specials`:
   * Texas 42's special_table), in this thread (it blocks it: The Big Game's cells take seconds each). */
  table(deal: Deal, options?: { specials?: boolean; shouldStop?: () => boolean }): Table;
}

/** A member of the 42 family, by its "game" tag. */
export type Game = "texas42" | "moon" | "moon4" | "biggame";
/** A deal as POST /v1/table reads one: 'hands=66.64.../...' (after a game's word: 'moon hands=...'), a
 * position (its text, JSON or object: its whole deal), {game, rules, hands}, or a list of hands. */
export type Deal = string | Position | { game?: Game; rules?: Record<string, string>; hands: Play[][] } | Play[][];
/** Python's DDTable.to_json: points the declaring side takes, declaration (rows) x declarer seat (columns), the declarer leading. */
export interface DDTable {
  schema: "dominosolver.ddtable/1"; game: Game; hands: Play[][]; declarations: (number | string)[]; seats: string[];
  points: number[][]; rules?: Record<string, string>;
}
/** Python's MoonTable.to_json: the bidder's side's tricks (Moon's after its best discard of the widow). */
export interface MoonTable {
  schema: "dominosolver.moontable/1"; game: Game; hands: Play[][]; widow: Play[]; declarations: (number | string)[];
  seats: string[]; tricks: number[][]; rules?: Record<string, string>;
}
/** Python's SpecialTable.to_json (Texas 42): every trick for the partner's declaration, who may bid Plunge or Splash, and the declarer contracts made. */
export interface SpecialTable {
  schema: "dominosolver.specialtable/1"; game: Game; hands: Play[][]; declarations: (number | string)[]; seats: string[];
  every_trick: boolean[][]; may_bid: Record<string, boolean[]>; contracts: string[]; makes: boolean[][];
  rules?: Record<string, string>;
}
export type Table = DDTable | MoonTable | SpecialTable;

export class HintWorker {
  /** Resolves with the hint/1 object (of a view, or of a position as the API's hint); hints run one at a time, in the order asked. */
  hint(target: View | Position | string, options?: HintOptions & { signal?: AbortSignal; onProgress?: (partial: Hint) => void }): Promise<Hint>;
  /** Python's advise_bid in the worker, in turn with its hints; `signal` or stop() ends it after the batch of deals under way (at least one). */
  adviseBid(hand: Play[] | string, options?: BidOptions & { signal?: AbortSignal }): Promise<BidAdvice>;
  /** The deal's table in the worker, in turn with its hints; `signal` or stop() ends it between cells (a SearchLimitError). */
  table(deal: Deal, options?: { specials?: boolean; signal?: AbortSignal; onProgress?: (p: { solved: number; cells: number }) => void }): Promise<Table>;
  /** Every hint and bid advice asked so far resolves with the worlds (deals) solved by the end of its next batch; a table stops between cells. */
  stop(): void;
  /** Ends the worker; hints under way or waiting reject with an AbortError. */
  terminate(): void;
}

export const POSITION_SCHEMA: "dominosolver.position/1";
export const VIEW_SCHEMA: "dominosolver.view/1";
export const HINT_SCHEMA: "dominosolver.hint/1";
export function load(): Promise<Dominosolver>;
/** A worker running hints off the calling thread (hint-worker.js beside index.js, or `url`). */
export function startHintWorker(url?: URL | string, options?: { type?: "module" | "classic" }): HintWorker;

export class DominoSolverError extends Error {}
export class ParseError extends DominoSolverError {}
export class InvalidPositionError extends DominoSolverError {}
export class IllegalMoveError extends DominoSolverError {}
export class InvalidViewError extends InvalidPositionError {}
export class SearchLimitError extends InvalidPositionError {}
