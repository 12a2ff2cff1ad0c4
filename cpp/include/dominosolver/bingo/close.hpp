#pragma once
// The close decision's own search (Solver::close_over_hands, in bingo_close.cpp): the trick points
// a closer can make sure of once the boneyard is closed, over every opponent hand a view allows.
//
// After a close no tile is drawn and no last-trick bonus is paid, so what the closer can still
// score is its points, its pending and possible declarations, and the trick points it takes. The
// trick points it can make sure of taking, played to the last trick against an opponent who only
// keeps them down, do not depend on the points either side has: a table keyed on the two hands
// and who leads serves every opponent hand of one decision (a state met under one hand is met
// again under many). A hand where even that many points leave the closer short of 70 is a failed
// close without the game's own search, which then only runs on the hands the closer may win.
#include <cstdint>

#include "dominosolver/bingo/rules.hpp"
#include "dominosolver/search/transposition_table.hpp"

namespace dominosolver::bingo {

class CaptureSearch {
 public:
  // `table`: the deal's trump and rules (how tiles follow, beat and score in phase two). The
  // search keeps a reference to it.
  explicit CaptureSearch(const Table& table, std::size_t tt_megabytes = 16) : tb_(table), tt_(tt_megabytes) {}

  // Whether the closer, holding `mine` against `theirs` (as many tiles each, the boneyard closed),
  // with the lead if `closer_leads`, can take at least `target` trick points by the last trick
  // whatever the opponent plays, leading one of `first_leads` first (after a declaration that
  // must be followed by the lead of a double).
  bool at_least(TileMask mine, TileMask theirs, bool closer_leads, int target, TileMask first_leads = ~TileMask{0});
  // Whether the closer, with the lead, can take `target` trick points by winning every trick until
  // then whatever the opponent plays (its first lead one of `first_leads`): the opponent takes no
  // trick before the closer has them.
  bool sweeps(TileMask mine, TileMask theirs, int target, TileMask first_leads = ~TileMask{0});
  // The most trick points the closer can make sure of (exact; for tests and benches).
  int value(TileMask mine, TileMask theirs, bool closer_leads);

  std::uint64_t nodes() const { return nodes_; }

 private:
  // Fail-soft alpha-beta at a trick boundary on the closer's trick points from here on.
  int search(TileMask mine, TileMask theirs, bool closer_leads, int alpha, int beta);

  const Table& tb_;
  search::TranspositionTable tt_;
  std::uint64_t nodes_ = 0;
};

}  // namespace dominosolver::bingo
