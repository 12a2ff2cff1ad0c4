#pragma once
// What the trick engine (cpp/src/texas42_engine.hpp, run through Solver in solver.hpp) reads: a hand
// in play and a goal. A goal counts, for one side of the seating, points (a trick is 1 point and its
// counters: 42's bids) or tricks (docs/rules.md §3: Plunge, Splash and Sevens must take every trick,
// Nel-O none; §4.1-4.2: Moon's bids of so many tricks), from the current trick on (the trick on the
// table included), the hand played to its last trick with no early stop. The counted side plays
// for more of it, the other side for less; under NoTrick every seat plays to lose tricks.
#include <array>
#include <optional>
#include <vector>

#include "dominosolver/texas42/position.hpp"

namespace dominosolver::texas42 {

// What the declaring side must do: take points (Objective::Points), every trick or none
// (Objective::EveryTrick or Objective::NoTrick), or at least `need` tricks of the hand
// (Objective::Tricks, Moon's bids), and which side of the seating declared: the counted side.
// Under Tricks every seat plays for its side's tricks, as under EveryTrick; only what makes the
// contract differs.
struct Goal {
  Objective objective = Objective::EveryTrick;
  int declaring_side = 0;
  int need = 0;  // Objective::Tricks: the tricks of the whole hand the declaring side must take
};

bool counts_tricks(Objective objective);  // EveryTrick, NoTrick and Tricks: values in tricks
// The goal a position's contract sets, or nullopt when its objective is points (or no one declared).
std::optional<Goal> tricks_goal(const Position& pos);
// A goal checked against a seating's sides: throws InvalidPositionError for a side out of range or
// a `need` that does not fit the objective.
Goal checked_goal(Objective objective, int declaring_side, int need = 0);

// A hand in play as the trick engine reads it: who plays and in what order (the seating), what
// each seat holds, the trick on the table from its leader on, how tiles follow and rank (the
// declaration's table, which must outlive the search), the moves the rules allow the seat to play
// (the position's legal_moves: it knows the rules that depend on the hand's history) and the tricks
// each side has taken so far (for `makes`).
struct TrickPlay {
  const SuitTable* table = nullptr;
  Seating seating;
  std::array<TileMask, kMaxSeats> hands{};
  int leader = 0;
  std::vector<int> trick;
  TileMask legal = 0;
  std::array<int, kSides> tricks_taken{};
  int tie_side = -1;  // the side that wins ties of strength (Sevens, bidders_win_ties), or -1: the first played

  int to_move() const { return seating.after(leader, static_cast<int>(trick.size())); }
  int tricks_left() const;  // including the trick on the table
};

TrickPlay trick_play(const Position& pos);
// A trick play from hands alone, for a seating no contract of the table gives yet (tests of trick
// sizes the rows do not reach; the position's checks, in brief: every tile once, hand sizes that fit
// the trick, the trick's tiles played legally). Throws InvalidPositionError.
TrickPlay trick_play(const SuitTable& table, const Seating& seating, const std::array<TileMask, kMaxSeats>& hands,
                     int leader, const std::vector<int>& trick);

}  // namespace dominosolver::texas42
