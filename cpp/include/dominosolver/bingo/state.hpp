#pragma once
// One Bingo deal as a compact state machine (docs/rules.md §5.12): the moves that are legal and what a
// move does. Plain data, copied freely: Position wraps it with validation and history, and the
// solver searches on copies of it, so the rules are written once, here.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "dominosolver/bingo/rules.hpp"

namespace dominosolver::bingo {

struct Move {
  enum class Kind : std::uint8_t { Tile, Close, Declare, Draw, Exchange, Claim };
  Kind kind = Kind::Tile;
  std::int8_t tile = -1;  // Tile
  TileMask doubles = 0;   // Declare: the doubles shown

  static Move of_tile(int t) { return {Kind::Tile, static_cast<std::int8_t>(t), 0}; }
  static Move close() { return {Kind::Close, -1, 0}; }
  static Move declare(TileMask d) { return {Kind::Declare, -1, d}; }
  static Move draw() { return {Kind::Draw, -1, 0}; }
  static Move exchange() { return {Kind::Exchange, -1, 0}; }
  static Move claim() { return {Kind::Claim, -1, 0}; }
  bool operator==(const Move&) const = default;

  // "6-4", "close", "declare:6-6,1-1" (doubles high first, the Bingo 0-0 last), "draw", "exchange", "claim".
  std::string name() const;
  const char* kind_name() const;               // "tile", "close", "declare", "draw", "exchange", "claim"
  static Move parse(const std::string& text);  // throws ParseError: the one reader of a move's name
};

// How a deal ended.
enum class Outcome : std::uint8_t {
  None,
  Claim,         // a player reached 70 (AUTO) or claimed with 70 (MANUAL)
  SevenDoubles,  // all seven doubles declared
  FailedClose,   // the opponent of the closer reached 70 first, or the hands ran out
  FalseClaim,    // MANUAL: a claim under 70
  PlayedOut,     // MANUAL, unclosed: no claim before the hands ran out
};
std::string outcome_name(Outcome o);

struct DealState {
  std::array<TileMask, kPlayers> hands{};
  std::array<TileMask, kPlayers> declared{};  // doubles each player has declared this deal
  TileMask must_lead = 0;              // after a declaration: the leader must lead one of these
  std::array<std::int8_t, kBoneyardSize> boneyard{};  // drawing order; [bone_begin, bone_end) remain
  std::int8_t bone_begin = 0, bone_end = 0;           // the last remaining tile is the face-up one
  TileMask bone_mask = 0;                             // the tiles in [bone_begin, bone_end)
  std::array<std::int16_t, kPlayers> points{};   // valid points: tricks, bonus, validated declarations
  std::array<std::int16_t, kPlayers> pending{};  // declared but not valid yet (no trick won)
  std::array<std::int8_t, kPlayers> tricks{};
  std::array<std::int8_t, kPlayers> declarations{};  // number of declarations made
  std::int8_t leader = 0;
  std::int8_t lead = -1;    // the tile on the table, -1 when none
  std::int8_t turned = -1;  // the face-up trump tile (changed only by an exchange)
  std::int8_t closed_by = -1;
  bool opp_had_trick_at_close = false;
  std::int16_t opp_points_at_close = 0;
  bool just_declared = false;   // the leader declared this turn and has not led yet
  bool awaiting_draw = false;   // INSTEAD_OF_DRAW: the trick winner now draws or closes
  std::int8_t last_win_tile = -1;
  std::int8_t first_to_70 = -1;  // MANUAL: who reached 70 first
  std::int8_t winner = -1;
  std::int8_t game_points = 0;
  Outcome outcome = Outcome::None;

  int to_move() const { return lead >= 0 ? 1 - leader : leader; }
  bool over() const { return winner >= 0; }
  int boneyard_size() const { return bone_end - bone_begin; }
  bool closed() const { return closed_by >= 0; }
  bool phase2() const { return closed_by >= 0 || bone_end == bone_begin; }
  int tricks_played() const { return tricks[0] + tricks[1]; }
};

// What a state means under one set of rules and one trump.
struct Context {
  Rules rules;
  Table table;
  Context(const Rules& r, int trump) : rules(r), table(r, trump) {}
};

// Tiles the player to move may play now (0 when awaiting a draw or over).
TileMask legal_tiles(const Context& c, const DealState& s);
bool may_close(const Context& c, const DealState& s);
bool may_exchange(const Context& c, const DealState& s);
bool may_claim(const Context& c, const DealState& s);
// The doubles the leader may declare now (a declaration is any 2 or more of them), or 0.
TileMask declarable(const Context& c, const DealState& s);
// Every legal move: tiles (high first), then close, declarations (larger first), exchange, draw, claim.
std::vector<Move> legal_moves(const Context& c, const DealState& s);
bool is_legal(const Context& c, const DealState& s, const Move& m);

// Apply a legal move (unchecked: callers check with is_legal or generate legal moves).
void apply(const Context& c, DealState& s, const Move& m);
void apply_tile(const Context& c, DealState& s, int tile);
void apply_close(DealState& s);
void apply_declare(const Context& c, DealState& s, TileMask doubles);

// End states reached outside of a move (a position read with the deal already decided).
void settle(const Context& c, DealState& s);
// The game points the deal's winner `w` scores now (§5.9, §5.10), given how it was won.
int game_points_for(const Context& c, const DealState& s, int w, Outcome how);

}  // namespace dominosolver::bingo
