// Plays as text: "7-3" a tile led or followed, "7-3:3" The Big Game's lower-end lead (docs/rules.md §4.3).
#include "dominosolver/texas42/plays.hpp"

#include <cctype>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::texas42 {

std::string play_name(int play) {
  if (play < 0 || play >= kMaxPlays) return "play id " + std::to_string(play);
  const std::string tile = tile_name(tile_of_play(play));
  return is_lower_end_lead(play) ? tile + ":" + std::to_string(lower_end_suit(play)) : tile;
}

int parse_play(const std::string& text) {
  const auto malformed = [&] {
    return ParseError("malformed play '" + text + "': write a tile '6-4', or a lower-end lead '7-3:3' or '8-2:2'");
  };
  const std::size_t colon = text.find(':');
  const std::string tile = text.substr(0, colon);
  if (tile.size() != 3 || tile[1] != '-' || !std::isdigit(static_cast<unsigned char>(tile[0])) ||
      !std::isdigit(static_cast<unsigned char>(tile[2])))
    throw malformed();
  const int a = tile[0] - '0', b = tile[2] - '0';
  if (a > kMaxPip || b > kMaxPip) throw ParseError("tile " + tile + " is in no set: numbers run 0.." + std::to_string(kMaxPip));
  const int id = tile_id(a, b);
  if (colon == std::string::npos) return id;
  for (int play = kMaxTiles; play < kMaxPlays; ++play)
    if (tile_of_play(play) == id && text.substr(colon + 1) == std::to_string(lower_end_suit(play))) return play;
  throw ParseError("'" + text + "' is no lead: only 7-3 and 8-2 may be led in their lower suit, as '7-3:3' and '8-2:2' (docs/rules.md §4.3)");
}

}  // namespace dominosolver::texas42
