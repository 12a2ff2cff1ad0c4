#pragma once
// Tiles as small integers and tile sets as 64-bit masks.
// A tile [h-l] (h >= l) has id h*(h+1)/2 + l, so ids of the double-six set (0..27) are a prefix of
// the double-eight set's (0..44): one numbering serves every game.
#include <array>
#include <bit>
#include <cstdint>
#include <string>

namespace dominosolver {

using TileMask = std::uint64_t;

constexpr int kMaxPip = 8;
constexpr int kMaxTiles = (kMaxPip + 1) * (kMaxPip + 2) / 2;  // 45

constexpr int tile_id(int hi, int lo) { return hi >= lo ? hi * (hi + 1) / 2 + lo : lo * (lo + 1) / 2 + hi; }
constexpr int tiles_in_set(int max_pip) { return (max_pip + 1) * (max_pip + 2) / 2; }
constexpr TileMask bit(int id) { return TileMask{1} << id; }
constexpr TileMask set_mask(int max_pip) { return (TileMask{1} << tiles_in_set(max_pip)) - 1; }

struct TileEnds {
  std::int8_t hi, lo;
};

constexpr std::array<TileEnds, kMaxTiles> make_tile_ends() {
  std::array<TileEnds, kMaxTiles> ends{};
  for (int h = 0; h <= kMaxPip; ++h)
    for (int l = 0; l <= h; ++l) ends[tile_id(h, l)] = {static_cast<std::int8_t>(h), static_cast<std::int8_t>(l)};
  return ends;
}
inline constexpr std::array<TileEnds, kMaxTiles> kTileEnds = make_tile_ends();

constexpr int hi_end(int id) { return kTileEnds[id].hi; }
constexpr int lo_end(int id) { return kTileEnds[id].lo; }
constexpr bool is_double(int id) { return kTileEnds[id].hi == kTileEnds[id].lo; }
constexpr bool shows(int id, int pip) { return kTileEnds[id].hi == pip || kTileEnds[id].lo == pip; }
// The end of a tile that is not `pip` (the tile must show `pip`).
constexpr int other_end(int id, int pip) { return kTileEnds[id].hi == pip ? kTileEnds[id].lo : kTileEnds[id].hi; }

inline int count(TileMask m) { return std::popcount(m); }
inline int lowest(TileMask m) { return std::countr_zero(m); }
inline int highest(TileMask m) { return 63 - std::countl_zero(m); }

// Tiles showing `pip` among the first tiles_in_set(max_pip) ids.
constexpr TileMask tiles_showing(int pip, int max_pip) {
  TileMask m = 0;
  for (int id = 0; id < tiles_in_set(max_pip); ++id)
    if (shows(id, pip)) m |= bit(id);
  return m;
}

inline std::string tile_name(int id) {
  return std::to_string(hi_end(id)) + "-" + std::to_string(lo_end(id));
}

}  // namespace dominosolver
