#pragma once
// A Texas 42 hand in play: the hands, the declaration, the tricks played and the trick on the table.
#include <array>
#include <optional>
#include <vector>

#include "dominosolver/texas42/contract.hpp"
#include "dominosolver/texas42/trick.hpp"

namespace dominosolver::texas42 {

// The completed tricks known to the position: who led the first of them and their tiles in order.
struct History {
  int first_leader = 0;
  std::vector<int> tiles;  // plays (plays.hpp): a tile id, or a lower-end lead's
};

struct PlayRecord {
  std::int8_t seat;
  std::int8_t tile;  // the play (plays.hpp): a tile id, or a lower-end lead's
  bool operator==(const PlayRecord&) const = default;
};

class Position {
 public:
  // `hands` are the tiles each seat still holds; `trick` the tiles on the table, from `leader` on.
  // Tiles in no hand, not on the table and not in `history` went in earlier, unrecorded tricks.
  // Throws InvalidPositionError when no legal play can lead here. Who plays (the seating), who leads
  // trick 1 and what the hands show are the contract's Ruling (the whole table without a contract).
  Position(const Rules& rules, Trump trump, const std::array<TileMask, kMaxSeats>& hands, int leader,
           const std::vector<int>& trick, std::optional<Contract> contract = {},
           std::optional<History> history = {});

  const Rules& rules() const { return rules_; }
  Trump trump() const { return table_.trump; }
  const SuitTable& table() const { return table_; }
  std::optional<Contract> contract() const { return contract_; }
  const Ruling& ruling() const { return ruling_; }
  const Seating& seating() const { return ruling_.seating; }
  int side_of(int seat) const { return seating().side(seat); }

  TileMask hand(int seat) const { return s_.hands[seat]; }
  const std::array<TileMask, kMaxSeats>& hands() const { return s_.hands; }
  int leader() const { return s_.leader; }
  int to_move() const { return seating().after(s_.leader, s_.trick.len); }
  std::vector<int> trick() const;  // the plays on the table, in the order played
  const Trick& current_trick() const { return s_.trick; }
  int tricks_left() const;  // including the current one
  bool is_over() const { return tricks_left() == 0; }

  // Plays (plays.hpp) as bits: tiles, and leading in The Big Game the lower-end leads (§4.3).
  TileMask legal_moves() const;
  void play(int play);  // a tile id or a lower-end lead; throws IllegalMoveError, the position unchanged then
  void undo();          // throws IllegalMoveError when nothing is left to undo
  bool can_undo() const { return !undo_.empty(); }

  int trick_winner() const { return s_.last_winner; }  // winner of the last completed trick, or -1
  // Seat whose tile is winning the trick on the table so far, or -1 when the table is empty.
  int winning_so_far() const { return s_.trick.len ? seating().after(s_.leader, s_.trick.win) : -1; }
  int points(int side) const { return s_.points[side]; }
  // Points still to be taken from the current trick on: a trick each plus the counters left.
  int remaining_points() const {
    int p = tricks_left() * Rules::kTrickPoints + s_.trick.counters;
    for (int seat = 0; seat < seating().seats(); ++seat)
      if (seating().plays(seat))
        for (TileMask m = s_.hands[seat]; m; m &= m - 1) p += table_.counters[lowest(m)];
    return p;
  }
  int tricks_won(int side) const { return s_.tricks[side]; }
  // The play so far as the contract's row reads it (the declaring side: the declarer's).
  Tally tally() const;
  // Completed tricks whose plays were not recorded (their points are not in points()).
  int tricks_before() const { return tricks_before_; }

  // Every play this position knows, in order: the recorded history, then this trick.
  const std::vector<PlayRecord>& plays() const { return plays_; }
  History history() const;
  // Suits (called-suit indices as a bit set) `seat` has shown it cannot follow.
  unsigned voids(int seat) const;
  // Tiles `seat` cannot hold given its failures to follow and what its contract shows.
  TileMask shown_absent(int seat) const;
  // Tiles `seat` still holds that its contract shows the table (Ruling::reveals).
  TileMask revealed(int seat) const { return s_.hands[seat] & ruling_.reveals(rules_, seat); }

  bool operator==(const Position& o) const {
    return rules_ == o.rules_ && table_.trump == o.table_.trump && contract_ == o.contract_ &&
           first_leader_ == o.first_leader_ && plays_ == o.plays_ && s_.hands == o.s_.hands;
  }

 private:
  struct State {
    std::array<TileMask, kMaxSeats> hands{};
    std::int8_t leader = 0;
    Trick trick;
    std::array<std::int16_t, kSides> points{};
    std::array<std::int8_t, kSides> tricks{};
    std::array<std::int8_t, kMaxSeats> seat_tricks{};
    std::int8_t last_winner = -1;
  };
  void play_unchecked(int play);

  Rules rules_;
  SuitTable table_;
  Ruling ruling_;
  std::optional<Contract> contract_;
  int first_leader_ = 0;
  int tricks_before_ = 0;  // completed tricks before the first recorded play
  State s_;
  std::vector<State> undo_;
  std::vector<PlayRecord> plays_;
};

std::string seat_name(int seat);  // "N", "E", "S", "W"

// Who leads trick 1 of `trump` under `contract` (the Ruling's answer; no contract: the first seat).
int opening_leader(const Rules& rules, Trump trump, const std::optional<Contract>& contract);

// What plays alone show, no hidden hand needed (what a seat's view may know): for each seat, the
// called suits (bit set) it has shown it holds none of, and the seat leading the current trick.
// `tiles` are complete tricks led by `first_leader`, then the current trick, played in the ruling's
// seating. A seat that failed to follow is void in the led suit (SuitTable::shows_void: under
// Sevens, in every nearer class); under first_lead_trump, the leader of the hand's first trick
// (`from_first_trick`) who led no trump had none.
struct ShownByPlays {
  std::array<unsigned, kMaxSeats> voids{};
  int leader = 0;
};
ShownByPlays shown_by_plays(const Rules& rules, const SuitTable& table, const Ruling& ruling, int first_leader,
                            const std::vector<int>& tiles, bool from_first_trick);

}  // namespace dominosolver::texas42
