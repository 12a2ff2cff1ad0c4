#pragma once
// The bid advice's defaults, a row per member of the 42 family: the thresholds an advice bids by and
// the deals it draws when the caller names none. They are policy, not rules (the family table,
// family.hpp, states the rules): the figures that played best in each member's arena
// (bench/studies/README.md). One table for every front end: Python's advise_bid and hint bot
// (texas42/bidding.py's playing_thresholds and bid_samples, bound as texas42.advice_defaults) and the
// WebAssembly module's bid advice read it.
//
// Double dummy overrates a declarer, who in play cannot see the other hands: 42 and The Big Game
// judge a point bid on its points less 5 and need 75%, a bid of every trick 85%. Moon's bids are
// judged in tricks, none taken off (over 100 mirrored deals a trick off cost Moon 2.3 points a
// deal), at 75%; Partnership Moon, where the partner cannot see the bidder's hand, needs 90% (0.9
// points a deal more than 75% with a trick off, 2.2 more than none off at 75%). The Big Game's
// advice tests 32 deals, its whole deals taking seconds to solve; the others draw 200. The models of
// players fitted on games (the calibrated P(make) in play, calibration.py; the hint's auction and play
// weightings, weighting.py) were fitted on 42's alone: elsewhere P(make) in play is not told and
// worlds are weighted uniformly.
#include <array>
#include <cstddef>
#include <optional>

#include "dominosolver/texas42/family.hpp"

namespace dominosolver::texas42 {

struct AdviceDefaults {
  Family family;
  double risk;                      // the least P(make) a bid needs
  std::optional<double> mark_risk;  // a bid of every trick's (a mark and up); none: `risk` (the Moons')
  int discount;                     // points (Moon's: tricks) off each double-dummy value when judging a point bid
  int bid_samples;                  // the deals an advice draws
  bool fitted;                      // the models of players were fitted on its games (42's)
};

inline constexpr std::array<AdviceDefaults, kFamilies.size()> kAdviceDefaults = {{
    {.family = Family::Texas42, .risk = 0.75, .mark_risk = 0.85, .discount = 5, .bid_samples = 200, .fitted = true},
    {.family = Family::Moon, .risk = 0.75, .mark_risk = std::nullopt, .discount = 0, .bid_samples = 200, .fitted = false},
    {.family = Family::Moon4, .risk = 0.9, .mark_risk = std::nullopt, .discount = 0, .bid_samples = 200, .fitted = false},
    {.family = Family::BigGame, .risk = 0.75, .mark_risk = 0.85, .discount = 5, .bid_samples = 32, .fitted = false},
}};

constexpr const AdviceDefaults& advice_defaults(Family f) { return kAdviceDefaults[static_cast<std::size_t>(f)]; }

static_assert(
    [] {
      for (std::size_t i = 0; i < kAdviceDefaults.size(); ++i)
        if (kAdviceDefaults[i].family != kFamilies[i].family) return false;
      return true;
    }(),
    "a row of advice defaults for each member, in the family table's order");

}  // namespace dominosolver::texas42
