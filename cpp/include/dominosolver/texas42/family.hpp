#pragma once
// The family table (docs/rules.md §2, §4): what makes Texas 42, Moon, Partnership Moon and The Big
// Game different games of one family, a row each, in the style of the contract table. The rules,
// the game, the views and the Python package read a family's row rather than asking which family
// it is; adding a member of the family is adding a row (and its tests).
#include <array>
#include <cstdint>

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
};

inline constexpr std::array<FamilyRow, 4> kFamilies = {{
    {Family::Texas42, "texas42", "Texas 42", 4, true, 6, false, true, false, LeftOver::None, Ladder::Marks, 30, 7, false},
    {Family::Moon, "moon", "Moon", 3, false, 6, true, false, true, LeftOver::Widow, Ladder::Tricks, 4, 21, false},
    {Family::Moon4, "moon4", "Partnership Moon", 4, true, 6, false, false, true, LeftOver::None, Ladder::Tricks, 4, 21,
     false},
    {Family::BigGame, "biggame", "The Big Game", 4, true, 8, false, true, true, LeftOver::Undealt, Ladder::Points, 42,
     400, true},
}};

constexpr const FamilyRow& family_row(Family f) { return kFamilies[static_cast<std::size_t>(f)]; }

}  // namespace dominosolver::texas42
