#pragma once
// What a seat plays to a trick, as one small integer (a "play"): a tile's id, or one of The Big
// Game's lower-end leads (docs/rules.md §4.3), which lead [7-3] as a three or [8-2] as a two. The
// lower-end leads take the ids after the tiles' (45 and 46), so that a set of plays is a TileMask
// like a set of tiles, legal_moves() returns both kinds and play() takes either; the tile that
// leaves the hand is tile_of_play(play). A play is written "7-3" (the tile, its high end leading)
// or "7-3:3" (the lower-end lead).
#include <array>
#include <string>

#include "dominosolver/core/tiles.hpp"

namespace dominosolver::texas42 {

// The tiles that may be led in their lower number's suit, in the order of their plays' ids.
inline constexpr std::array<int, 2> kLowerEndTiles = {tile_id(7, 3), tile_id(8, 2)};
constexpr int kMaxPlays = kMaxTiles + static_cast<int>(kLowerEndTiles.size());  // ids 0..46

inline constexpr TileMask kAllPlays = (TileMask{1} << kMaxPlays) - 1;  // every play id

constexpr bool is_lower_end_lead(int play) { return play >= kMaxTiles && play < kMaxPlays; }
constexpr int lower_end_lead(int i) { return kMaxTiles + i; }  // the play leading kLowerEndTiles[i] low
constexpr int tile_of_play(int play) { return play < kMaxTiles ? play : kLowerEndTiles[play - kMaxTiles]; }
// The suit a lower-end lead calls: its tile's lower number.
constexpr int lower_end_suit(int play) { return lo_end(tile_of_play(play)); }

std::string play_name(int play);          // "7-3", "7-3:3"
int parse_play(const std::string& text);  // the inverse; throws ParseError

}  // namespace dominosolver::texas42
