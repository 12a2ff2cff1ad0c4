#pragma once
// A whole game of 42 as a state machine: bidding, declaration, play, scoring, next hand, to the
// game target (docs/rules.md §2). When a hand is decided and how it scores are its contract row's.
#include <optional>
#include <vector>

#include "dominosolver/core/random.hpp"
#include "dominosolver/texas42/position.hpp"

namespace dominosolver::texas42 {

enum class Phase : std::uint8_t { Bidding, Declaring, Playing, GameOver };

struct Move {
  enum class Kind : std::uint8_t { Call, Declare, Tile };  // Call: a bid or a pass
  Kind kind = Kind::Tile;
  Bid bid{};      // for Call (a pass: kPass)
  Trump trump{};  // for Declare
  int tile = -1;  // for Tile
  static Move call(Bid b) { return {Kind::Call, b, {}, -1}; }
  static Move declare(Trump t) { return {Kind::Declare, {}, t, -1}; }
  static Move play(int t) { return {Kind::Tile, {}, {}, t}; }
  bool operator==(const Move&) const = default;
};

// The result of a position's hand once decided (the early stop included), or nullopt while it is
// open, without a contract, or when earlier tricks were not recorded (their points are unknown).
std::optional<HandResult> hand_result(const Position& pos);

// One hand as it was played (or thrown in when everybody passed).
struct HandRecord {
  int dealer = 0;
  std::array<TileMask, kMaxSeats> deal{};
  std::vector<Bid> bids;  // the calls in bidding order, from the seat left of the dealer (a pass: kPass)
  std::optional<Contract> contract;
  std::optional<Trump> trump;
  std::vector<PlayRecord> plays;
  std::array<int, kSides> points{};
  std::optional<HandResult> result;  // empty for a thrown-in hand
};

class Game {
 public:
  Game(const Rules& rules, std::uint64_t seed, int first_dealer = 0);

  const Rules& rules() const { return rules_; }
  Phase phase() const { return s_.phase; }
  int to_move() const;
  std::vector<Move> legal_moves() const;
  void play(const Move& move);  // throws IllegalMoveError; the game is unchanged then
  void undo();

  const std::array<int, kSides>& scores() const { return s_.scores; }
  int winner() const { return s_.winner; }  // side 0/1, or -1 while the game goes on
  int dealer() const { return s_.hand.dealer; }
  const Bid& high_bid() const { return s_.high_bid; }
  const HandRecord& current_hand() const { return s_.hand; }
  const std::vector<HandRecord>& finished_hands() const { return s_.finished; }
  const std::optional<Position>& position() const { return s_.position; }

 private:
  struct State {
    Phase phase = Phase::Bidding;
    std::array<int, kSides> scores{};
    int winner = -1;
    Bid high_bid{};
    int high_bidder = -1;
    HandRecord hand;
    std::optional<Position> position;
    std::vector<HandRecord> finished;
  };
  void deal(int dealer);
  void finish_hand(const HandResult& result);
  Rules rules_;
  SplitMix64 rng_;
  State s_;
  std::vector<std::pair<State, SplitMix64>> undo_;
};

}  // namespace dominosolver::texas42
