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

export interface Dominosolver {
  read(position: Position | string): PositionState;
  legalMoves(position: Position | string): Play[];
  play(position: Position | string, move: Play): Position;
  solve(position: Position | string, options?: SolveOptions): SolveResult;
}

export const POSITION_SCHEMA: "dominosolver.position/1";
export function load(): Promise<Dominosolver>;

export class DominoSolverError extends Error {}
export class ParseError extends DominoSolverError {}
export class InvalidPositionError extends DominoSolverError {}
export class IllegalMoveError extends DominoSolverError {}
