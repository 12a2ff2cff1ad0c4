#pragma once
// The family table (docs/rules.md §2, §4): what makes Texas 42, Moon, Partnership Moon and The Big
// Game different games of one family, a row each, in the style of the contract table. The rules,
// the game, the views and the Python package read a family's row rather than asking which family
// it is; adding a member of the family is adding a row (and its tests).
#include <array>
#include <cstdint>
#include <span>

#include "dominosolver/core/tiles.hpp"

namespace dominosolver::texas42 {

// The member of the 42 family a rule set plays: its table, set, counters and bid ladder (docs/rules.md
// §2; Moon, three players on 22 tiles, §4.1; Partnership Moon, §4.2; The Big Game, double-eight, §4.3).
enum class Family : std::uint8_t { Texas42, Moon, Moon4, BigGame };

// What the deal leaves over, and when the auction's winner takes it.
enum class LeftOver : std::uint8_t {
  None,     // every tile dealt (42, Partnership Moon)
  Widow,    // Moon: one tile face down, taken with the hand after trumps are named, one tile laid away (§4.1)
  Undealt,  // The Big Game: one tile face down, looked at before trumps, taken if a counter (§4.3)
};

// How the auction runs and what its bids are worth.
enum class Ladder : std::uint8_t {
  Marks,   // 42: point bids 30..42, then marks, one call each (§2.2)
  Tricks,  // Moon: bids of tricks 4..7 and 21, shooting the moon, one call each; scored as points (§4.1-4.2)
  Points,  // The Big Game: 42..66, bid round after round until all but one pass (§4.3)
};

struct ContractRow;  // contract.hpp
// Each member's bid rows (contract.cpp): the kinds of bid its auction knows and the contract each wins.
std::span<const ContractRow> texas42_bid_rows();  // a point or mark bid, Plunge, Splash (§2.2-2.3, §3)
std::span<const ContractRow> moon_bid_rows();     // a bid of tricks, the bidder alone (§4.1)
std::span<const ContractRow> moon4_bid_rows();    // a bid of tricks, partners opposite (§4.2)

struct FamilyRow {
  Family family;
  const char* name;   // its "game" tag and "family" flag: "texas42", "moon", "moon4", "biggame"
  const char* title;  // for headings: "Texas 42", "Moon", "Partnership Moon", "The Big Game"
  int seats;
  bool partners;         // partners opposite; else each for itself until a bid makes two sides
  int max_pip;           // the set: double-six, or The Big Game's double-eight
  bool without_blanks;   // Moon's 22 tiles: no 1-0 .. 6-0, the double blank kept (§4.1)
  bool counters;         // counters score (5 and 10 pips); Moon's tricks are a point each and no more
  bool points_only;      // scored in points whatever the scoring flag (its bids are not marks)
  LeftOver left_over;
  Ladder ladder;
  int min_bid;           // the least bid (Partnership Moon's Fosdick preset: 3, its flag's)
  int target;            // the game's end: 7 marks (or 250 points: the scoring flag), 21, 400
  bool lower_end_leads;  // [7-3] and [8-2] may lead their lower number's suit (§4.3)
  int hand_size;         // tiles dealt to each seat
  int undealt;           // tiles dealt to no seat: Moon's widow, The Big Game's undealt tile
  std::span<const ContractRow> (*bid_rows)();  // the kinds of bid its auction knows
  bool special_contracts;      // 42's special contracts (§3): Plunge and Splash bid, Nel-O and Sevens declared
  bool doubles_trump_by_flag;  // doubles may be named trumps only under the flag moon_doubles_trump (§4.1, M-4)
  // How the game ends: the bidder that made its bid and reached the target, else the one scorer
  // highest at or past it, an exact tie playing on (the Moons', M-6); else 42's first side past the
  // target, a "Game" bid deciding it at once (§2.7).
  bool highest_at_target;
};

inline constexpr std::array<FamilyRow, 4> kFamilies = {{
    {.family = Family::Texas42, .name = "texas42", .title = "Texas 42", .seats = 4, .partners = true, .max_pip = 6,
     .without_blanks = false, .counters = true, .points_only = false, .left_over = LeftOver::None,
     .ladder = Ladder::Marks, .min_bid = 30, .target = 7, .lower_end_leads = false, .hand_size = 7, .undealt = 0,
     .bid_rows = texas42_bid_rows, .special_contracts = true, .doubles_trump_by_flag = false,
     .highest_at_target = false},
    {.family = Family::Moon, .name = "moon", .title = "Moon", .seats = 3, .partners = false, .max_pip = 6,
     .without_blanks = true, .counters = false, .points_only = true, .left_over = LeftOver::Widow,
     .ladder = Ladder::Tricks, .min_bid = 4, .target = 21, .lower_end_leads = false, .hand_size = 7, .undealt = 1,
     .bid_rows = moon_bid_rows, .special_contracts = false, .doubles_trump_by_flag = true,
     .highest_at_target = true},
    {.family = Family::Moon4, .name = "moon4", .title = "Partnership Moon", .seats = 4, .partners = true, .max_pip = 6,
     .without_blanks = false, .counters = false, .points_only = true, .left_over = LeftOver::None,
     .ladder = Ladder::Tricks, .min_bid = 4, .target = 21, .lower_end_leads = false, .hand_size = 7, .undealt = 0,
     .bid_rows = moon4_bid_rows, .special_contracts = false, .doubles_trump_by_flag = false,
     .highest_at_target = true},
    {.family = Family::BigGame, .name = "biggame", .title = "The Big Game", .seats = 4, .partners = true, .max_pip = 8,
     .without_blanks = false, .counters = true, .points_only = true, .left_over = LeftOver::Undealt,
     .ladder = Ladder::Points, .min_bid = 42, .target = 400, .lower_end_leads = true, .hand_size = 11, .undealt = 1,
     .bid_rows = texas42_bid_rows, .special_contracts = false, .doubles_trump_by_flag = false,
     .highest_at_target = false},
}};

constexpr const FamilyRow& family_row(Family f) { return kFamilies[static_cast<std::size_t>(f)]; }

// The tiles of a member's set: the whole set, or Moon's without 1-0 .. max_pip-0 (§4.1).
constexpr int set_size(const FamilyRow& f) { return tiles_in_set(f.max_pip) - (f.without_blanks ? f.max_pip : 0); }

static_assert(
    [] {
      for (std::size_t i = 0; i < kFamilies.size(); ++i) {
        const FamilyRow& f = kFamilies[i];
        if (static_cast<std::size_t>(f.family) != i) return false;  // family_row indexes by Family
        if (f.seats * f.hand_size + f.undealt != set_size(f)) return false;  // the deal uses the whole set
        if (f.undealt >= f.seats || (f.undealt > 0) != (f.left_over != LeftOver::None)) return false;
      }
      return true;
    }(),
    "a family row's hands and the tiles it leaves over are its set dealt round the table, in Family's order");

}  // namespace dominosolver::texas42
