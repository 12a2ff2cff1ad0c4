#pragma once
// A Bingo deal in play with every tile's place known: both hands, the boneyard in drawing order, the
// trick on the table, points, tricks, declarations and the close. Built from the fields of a
// dominosolver.position/1 object (validated here), or dealt by Game. play/undo walk the state machine.
#include <optional>
#include <vector>

#include "dominosolver/bingo/state.hpp"

namespace dominosolver::bingo {

struct Declaration {
  int player = 0;
  TileMask tiles = 0;
  bool operator==(const Declaration&) const = default;
};

// The fields of a position as read from JSON or text (tile ids; trump written 0..6, blank = 0).
struct PositionSpec {
  int trump = -1;  // -1: from the turned tile
  int turned = -1;
  int leader = 0;
  std::array<TileMask, kPlayers> hands{};
  std::vector<int> trick;
  std::vector<int> boneyard;  // drawing order, the face-up tile last
  int closed_by = -1;
  std::optional<bool> opponent_had_trick_at_close;
  std::optional<int> opponent_points_at_close;  // needed with closer_scored_at = close
  std::array<int, kPlayers> points{};
  std::array<int, kPlayers> tricks{};
  std::vector<Declaration> declarations;
  std::vector<std::optional<bool>> declaration_valid;  // as written, checked against the tricks
  bool just_declared = false;
  int first_to_70 = -1;
  int claimed_by = -1;
  int last_winning_tile = -1;  // needed with bingo_declare_timing = after_winning_with_double
};

// A tile drawn from the boneyard: by whom, and whether it was the face-up tile (seen by both).
struct Drawn {
  std::int8_t player = -1;  // -1: no draw
  std::int8_t tile = -1;
  bool face_up = false;
  bool operator==(const Drawn&) const = default;
};

// One move as it was played, with what an observer learns from it.
struct Event {
  std::int8_t player = 0;
  Move move;
  std::int8_t lead = -1;  // for a reply: the tile it answered
  bool phase2 = false;    // for a reply: whether phase-two duties applied
  std::int8_t took = -1;  // for an exchange: the face-up tile taken
  std::array<Drawn, 2> drew{};  // the draws that followed the move, in drawing order
  bool operator==(const Event&) const = default;
};

class Position {
 public:
  Position(const Rules& rules, const PositionSpec& spec);  // throws InvalidPositionError
  // A fresh deal: `start` leads; boneyard in drawing order with the face-up (turned) tile last.
  static Position deal(const Rules& rules, const std::array<TileMask, kPlayers>& hands, const std::vector<int>& boneyard,
                       int start);

  const Rules& rules() const { return ctx_.rules; }
  const Table& table() const { return ctx_.table; }
  const Context& context() const { return ctx_; }
  const DealState& state() const { return s_; }
  int trump() const { return ctx_.table.trump; }  // valued: 1..7
  int turned() const { return s_.turned; }

  int to_move() const { return s_.to_move(); }
  bool is_over() const { return s_.over(); }
  std::vector<Move> legal_moves() const { return bingo::legal_moves(ctx_, s_); }
  void play(const Move& m);  // throws IllegalMoveError naming the reason; unchanged then
  void undo();               // throws IllegalMoveError when nothing is left to undo
  bool can_undo() const { return !undo_.empty(); }

  const std::vector<Declaration>& declarations() const { return decls_; }
  const std::vector<Event>& events() const { return events_; }
  // Built at its deal's start (7 tiles a hand, 14 in the boneyard, nothing played, declared or
  // closed): events() is then the deal's whole record.
  bool from_deal_start() const { return from_deal_start_; }
  std::vector<int> boneyard() const { return {s_.boneyard.begin() + s_.bone_begin, s_.boneyard.begin() + s_.bone_end}; }
  int claimed_by() const { return claimed_by_; }

  // The spec that rebuilds this position (its history is not part of it).
  PositionSpec spec() const;

  // `player`'s phase-two replies since this position was built, oldest first: (lead, reply).
  std::vector<std::pair<int, int>> phase_two_replies(int player) const;
  // What `player` has shown it cannot hold, from its phase-two replies (§5.6): a reply that did not
  // follow proves a void, a reply that did not win proves it held no winning tile it could play.
  TileMask shown_absent(int player) const;
  // The trump exchange played since this position was built, if any: (player, face-up tile taken).
  std::optional<std::pair<int, int>> exchange() const;
  // Tiles everybody knows `player` holds: declared doubles not yet played, the face-up tile it took.
  TileMask known_tiles(int player) const;

  bool operator==(const Position& o) const {
    return ctx_.rules == o.ctx_.rules && spec_key() == o.spec_key();
  }

 private:
  Position(const Rules& rules, int trump) : ctx_(rules, trump) {}
  std::vector<std::int64_t> spec_key() const;
  struct Snapshot {
    DealState s;
    std::size_t decls;
    int claimed_by;
    std::array<TileMask, kPlayers> faceup_taken;
  };
  Context ctx_;
  DealState s_;
  std::vector<Declaration> decls_;
  std::vector<Event> events_;
  std::vector<Snapshot> undo_;
  int claimed_by_ = -1;
  bool from_deal_start_ = false;
  std::array<TileMask, kPlayers> faceup_taken_{};  // face-up tiles each player took in view of the other
};

std::string player_name(int p);  // "player 0"

// The trump (valued 1..7) a position of `spec` plays under: its written trump, else its turned
// tile's; throws InvalidPositionError when they cannot go together.
int trump_for(const Rules& rules, const PositionSpec& spec);

}  // namespace dominosolver::bingo
