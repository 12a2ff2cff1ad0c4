#pragma once
// The rules of Texas 42 (rules.md §1-2): trump modes, variant flags, suits, ranks and counters.
#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "dominosolver/core/tiles.hpp"

namespace dominosolver::texas42 {

constexpr int kSeats = 4;
constexpr int kTricks = 7;
constexpr int kHandPoints = 42;
inline int team_of(int seat) { return seat & 1; }  // 0 = NS, 1 = EW

enum class TrumpKind : std::uint8_t { Suit, Doubles, None };

struct Trump {
  TrumpKind kind = TrumpKind::None;
  int suit = -1;  // 0..max_pip when kind == Suit
  static Trump of_suit(int s) { return {TrumpKind::Suit, s}; }
  static Trump doubles() { return {TrumpKind::Doubles, -1}; }
  static Trump none() { return {TrumpKind::None, -1}; }
  bool operator==(const Trump&) const = default;
  std::string name() const;              // "4", "doubles", "none"
  static Trump parse(const std::string&);  // throws ParseError
};

// Variant flags (rules.md §6.1); the first value of each enum is the default.
enum class NtDoubles : std::uint8_t { High, Low, OwnSuit };
enum class Scoring : std::uint8_t { Marks, Points };
enum class AllPass : std::uint8_t { Redeal, ForcedDealer };
enum class MarkJump : std::uint8_t { Strict, Free };
enum class PointsMade : std::uint8_t { Taken, BidOnly };
enum class PlayOut : std::uint8_t { Auto, Always };
enum class PointsTie : std::uint8_t { BidderOut, HigherTotal };

struct Rules {
  NtDoubles nt_doubles = NtDoubles::High;
  Scoring scoring = Scoring::Marks;
  AllPass all_pass = AllPass::Redeal;
  bool forced_exact_30 = false;
  MarkJump mark_jump = MarkJump::Strict;
  bool first_lead_trump = false;
  PointsMade points_made = PointsMade::Taken;
  PlayOut play_out = PlayOut::Auto;
  PointsTie points_tie = PointsTie::BidderOut;
  int max_pip = 6;

  bool operator==(const Rules&) const = default;
  // Flags as lower-case strings ("nt_doubles" -> "own_suit"); only non-default ones are written.
  std::map<std::string, std::string> flags() const;
  static Rules from_flags(const std::map<std::string, std::string>&);  // throws ParseError
  int game_target() const { return scoring == Scoring::Marks ? 7 : 250; }
};

// Called suits: numbers 0..kMaxPip, then the trump suit, then the follow-me doubles suit (OWN_SUIT).
constexpr int kTrumpSuit = kMaxPip + 1;
constexpr int kDoublesSuit = kMaxPip + 2;
constexpr int kCalledSuits = kMaxPip + 3;

// Everything that decides following and winning for one declaration, as lookup tables.
struct SuitTable {
  Trump trump;
  TileMask all = 0;                                   // every tile of the set
  TileMask trumps = 0;                                // tiles of the trump suit
  std::array<TileMask, kCalledSuits> follows{};       // tiles that follow each called suit
  std::array<std::int8_t, kMaxTiles> called{};        // suit a tile calls when led
  std::array<std::array<std::int8_t, kMaxTiles>, kCalledSuits> rank{};  // larger = stronger
  std::array<std::int8_t, kMaxTiles> counters{};      // count value of each tile
  std::array<std::uint16_t, kMaxTiles> suits_of{};    // bit set of the called suits a tile follows
  std::array<std::array<TileMask, kMaxTiles>, kCalledSuits> above{};  // tiles ranked above, per suit
  std::array<TileMask, kMaxTiles> above_led{};  // tiles ranked above a tile in the suit it calls when led
  // A tile's strength in a trick that called each suit: 0 if it neither follows nor trumps, a trump
  // above every follower, so that `a` beats `b` exactly when power[led][a] > power[led][b].
  std::array<std::array<std::int8_t, kMaxTiles>, kCalledSuits> power{};

  SuitTable(const Rules& rules, Trump trump);

  TileMask legal(TileMask hand, int lead) const {  // lead < 0 when leading
    if (lead < 0) return hand;
    const TileMask f = hand & follows[called[lead]];
    return f ? f : hand;
  }
  // Does tile `a` beat tile `b` in a trick that called suit `led`? (`b` follows it or trumps.)
  bool beats(int a, int b, int led) const { return power[led][a] > power[led][b]; }
  // Index (in playing order) of the tile that wins plays[0..n).
  int winner(const std::int8_t* plays, int n) const {
    const int led = called[plays[0]];
    int best = 0;
    for (int i = 1; i < n; ++i)
      if (beats(plays[i], plays[best], led)) best = i;
    return best;
  }
  int trick_points(const std::int8_t* plays, int n) const {
    int p = 1;
    for (int i = 0; i < n; ++i) p += counters[plays[i]];
    return p;
  }
};

int counter_value(int tile);  // pip total 10 -> 10, pip total 5 -> 5, else 0 (§1.6)

// Bids (§2.2). 30..41 are point bids, 42k are k-mark bids, kGameBid is the points game's "Game".
constexpr int kPass = 0;
constexpr int kMinBid = 30;
constexpr int kGameBid = 1000;
int marks_of(int bid);
bool bid_is_legal(const Rules& rules, int bid, int high_bid);
std::string bid_name(int bid);  // "pass", "30", "84", "game"

}  // namespace dominosolver::texas42
