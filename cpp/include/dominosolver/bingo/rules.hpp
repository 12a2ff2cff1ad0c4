#pragma once
// The rules of Bingo, the two-player domino Sixty-Six (docs/rules.md §5, §6.3): variant flags and presets,
// trumps, tile values, the trick winner, phase-two duties, declarations and game points.
// Blanks are valued 7 everywhere; they are still written 0 and tile ids are the shared ones.
#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "dominosolver/core/tiles.hpp"

namespace dominosolver::bingo {

constexpr int kPlayers = 2;
constexpr int kHandSize = 7;
constexpr int kDeckTiles = 28;
constexpr int kBoneyardSize = 14;  // 13 face down + the face-up trump tile
constexpr int kDealTricks = 14;
constexpr int kClaimPoints = 70;
constexpr int kLastTrickBonus = 10;
constexpr int kGameTarget = 7;  // game points
constexpr int kBingo = 0;       // tile id of [0-0]
constexpr TileMask kDeck = set_mask(6);

// Why tile id `id` is not a Bingo tile, in words: the tile it names in a larger set, or that it names none.
inline std::string not_a_bingo_tile(int id) {
  if (id >= 0 && id < kMaxTiles) return "tile " + tile_name(id) + " is not in the double-six set";
  return "tile id " + std::to_string(id) + " names no tile";
}

// p(n): the blank is valued 7 (§0.2).
constexpr int pip_value(int n) { return n == 0 ? 7 : n; }
// The trump number T fixed by the turned tile: its higher end, blank = 7 (§5.2). Returns 1..7.
constexpr int trump_of_turned(int tile) {
  const int a = pip_value(hi_end(tile)), b = pip_value(lo_end(tile));
  return a > b ? a : b;
}
constexpr int written_number(int valued) { return valued == 7 ? 0 : valued; }  // 7 -> "0"

// Variant flags (docs/rules.md §5.13, §6.3). The first value of each enum is the HISTORIC default.
enum class Ruleset : std::uint8_t { Historic, ModernDp, ModernGb, ModernSp };
enum class LedSuit : std::uint8_t { HighEnd, SharedNumber };
enum class P2Duty : std::uint8_t { FollowAndHead, FollowThenTrump };
enum class DoubleBlankValue : std::uint8_t { V28, V14 };  // [0-0] when blanks are trumps
enum class ThreeDoubles : std::uint8_t { V40, V30 };
enum class DeclareTiming : std::uint8_t { OnLead, AfterWinningWithDouble };
enum class DeclarationsPerDeal : std::uint8_t { One, Unlimited };
enum class ClaimMode : std::uint8_t { Auto, Manual };
enum class LowThreshold : std::uint8_t { V30, V35 };
enum class CloseTiming : std::uint8_t { AfterDraw, InsteadOfDraw };
enum class CloserScoredAt : std::uint8_t { Claim, Close };
enum class LastFaceupTo : std::uint8_t { Loser, Winner };
enum class NextStart : std::uint8_t { DealWinner, Alternate };
enum class ModernBlankPips : std::uint8_t { V7, V0 };

struct Rules {
  Ruleset ruleset = Ruleset::Historic;  // decides the winner between two non-trumps (B-1) and the preset
  LedSuit led_suit = LedSuit::HighEnd;
  bool bingo_is_trump = true;
  P2Duty p2_duty = P2Duty::FollowAndHead;
  DoubleBlankValue double_blank_value = DoubleBlankValue::V28;
  ThreeDoubles three_doubles = ThreeDoubles::V40;
  DeclareTiming declare_timing = DeclareTiming::OnLead;
  bool declare_must_lead_double = true;
  DeclarationsPerDeal declarations_per_deal = DeclarationsPerDeal::One;
  bool declare_in_phase2 = true;
  ClaimMode claim = ClaimMode::Auto;
  bool false_claim_3_if_no_trick = false;
  LowThreshold low_threshold = LowThreshold::V30;
  CloseTiming close_timing = CloseTiming::AfterDraw;
  bool close_fail_3 = true;
  CloserScoredAt closer_scored_at = CloserScoredAt::Claim;
  LastFaceupTo last_faceup_to = LastFaceupTo::Loser;
  NextStart next_start = NextStart::DealWinner;
  bool trump_exchange = false;
  ModernBlankPips modern_blank_pips = ModernBlankPips::V7;

  bool operator==(const Rules&) const = default;

  // Every flag of a §5.13 preset column (HISTORIC is the default-constructed value).
  static Rules preset(Ruleset r);
  // Flags as lower-case strings named after docs/rules.md ("bingo_ruleset" -> "modern_dp"). Written:
  // the ruleset when not historic, then each flag that differs from that ruleset's preset.
  std::map<std::string, std::string> flags() const;
  // The ruleset's preset first, then the other flags over it. Throws ParseError.
  static Rules from_flags(const std::map<std::string, std::string>&);

  int low_points() const { return low_threshold == LowThreshold::V30 ? 30 : 35; }
};

// Points of a declaration of `n` doubles (2..6), +10 with the Bingo among them (§5.7).
// Seven doubles win the deal outright and are not scored here.
int declaration_points(const Rules& rules, TileMask doubles);
constexpr TileMask kDoubles = bit(tile_id(0, 0)) | bit(tile_id(1, 1)) | bit(tile_id(2, 2)) | bit(tile_id(3, 3)) |
                              bit(tile_id(4, 4)) | bit(tile_id(5, 5)) | bit(tile_id(6, 6));

// Game points for a winner by claim when the loser has `loser_tricks` tricks and `loser_points`
// valid points (§5.10).
inline int claim_game_points(const Rules& rules, int loser_tricks, int loser_points) {
  if (loser_tricks == 0) return 3;
  return loser_points < rules.low_points() ? 2 : 1;
}

// Everything about one trump under one set of rules, as lookup tables: who beats whom, what
// follows what in phase two, and what each tile is worth.
struct Table {
  int trump = 7;        // T, valued (1..7; 7 = blanks)
  TileMask trumps = 0;  // tiles that are trumps (the Bingo too when bingo_is_trump)
  int lowest_trump = -1;
  std::array<std::int8_t, kDeckTiles> value{};
  std::array<TileMask, kDeckTiles> beaten_by{};  // beaten_by[L]: replies that win against the lead L
  std::array<TileMask, kDeckTiles> follows{};    // follows[L]: tiles that follow the lead L (phase two)
  std::array<TileMask, kDeckTiles> wins_over{};  // wins_over[F]: leads the reply F beats
  P2Duty duty = P2Duty::FollowAndHead;
  // Sums of tile values by 7-bit chunk of a mask: fast totals of what is left in play.
  std::array<std::array<std::int16_t, 128>, 4> chunk_value{};

  Table(const Rules& rules, int trump);
  Table() = default;

  bool is_trump(int tile) const { return (trumps >> tile) & 1; }
  bool beats(int lead, int reply) const { return (beaten_by[lead] >> reply) & 1; }
  int points(TileMask m) const {
    return chunk_value[0][m & 127] + chunk_value[1][(m >> 7) & 127] + chunk_value[2][(m >> 14) & 127] +
           chunk_value[3][(m >> 21) & 127];
  }
  // The replies a phase-two follower holding `hand` may make to the lead L (§5.6).
  TileMask legal_reply(TileMask hand, int lead) const {
    const TileMask f = hand & follows[lead];
    if (duty == P2Duty::FollowAndHead) {
      const TileMask s = f ? f : hand;
      const TileMask w = s & beaten_by[lead];
      return w ? w : s;
    }
    if (f) return f;
    const TileMask t = hand & (trumps | bit(kBingo));
    return t ? t : hand;
  }
  // What a phase-two reply to the lead L proves its player did not hold (§5.6, §5.11): a reply
  // that did not follow shows a void, one that did not head (or trump, under follow-then-trump)
  // shows no tile that would.
  TileMask shown_absent(int lead, int reply) const {
    const TileMask follow = follows[lead], win = beaten_by[lead];
    const bool followed = (follow >> reply) & 1;
    const bool won = (win >> reply) & 1;
    TileMask out = 0;
    if (duty == P2Duty::FollowAndHead) {
      if (!followed) out |= follow;
      if (!won) out |= followed ? (follow & win) : win;
    } else if (!followed) {
      out |= follow;
      if (!(((trumps | bit(kBingo)) >> reply) & 1)) out |= trumps | bit(kBingo);
    }
    return out;
  }
};

// Flag names of docs/rules.md for each field, used by flags() and in error messages.
std::string ruleset_name(Ruleset r);

}  // namespace dominosolver::bingo
