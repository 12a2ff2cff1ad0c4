#pragma once
// A whole game of the 42 family as a state machine: bidding, declaration, (Moon: the widow taken and
// one tile discarded), play, scoring, next hand, to the game target (docs/rules.md §2, §4.1-4.2).
// When a hand is decided and how it scores are its contract row's.
#include <optional>
#include <vector>

#include "dominosolver/core/random.hpp"
#include "dominosolver/texas42/position.hpp"

namespace dominosolver::texas42 {

// Moon exchanges with the widow after trumps are named (§4.1); The Big Game's bidder with the undealt
// tile before (§4.3, BG-2).
enum class Phase : std::uint8_t { Bidding, Declaring, Exchange, Playing, GameOver };

struct Move {
  enum class Kind : std::uint8_t { Call, Declare, Tile, Discard };  // Call: a bid or a pass
  Kind kind = Kind::Tile;
  Bid bid{};      // for Call (a pass: kPass)
  Trump trump{};  // for Declare
  int tile = -1;  // for Tile and Discard
  static Move call(Bid b) { return {Kind::Call, b, {}, -1}; }
  static Move declare(Trump t) { return {Kind::Declare, {}, t, -1}; }
  static Move play(int t) { return {Kind::Tile, {}, {}, t}; }
  static Move discard(int t) { return {Kind::Discard, {}, {}, t}; }
  bool operator==(const Move&) const = default;
};

// The bidding (docs/rules.md §2.2, §3): whose call it is, the calls open to a hand, the high bid
// and the contract it ends in. A hand not known (another seat's, in a view) is taken to hold
// whatever a special bid asks of it. 42 and Moon bid one round, a call each; in The Big Game
// (§4.3, BG-1) the seats still in call round and round, a pass leaving the auction for good, until
// all but the high bidder have passed (or all have, no one bidding).
class Auction {
 public:
  Auction(const Rules& rules, int dealer) : rules_(rules), to_call_(rules.seating().next(dealer)) {}

  const Rules& rules() const { return rules_; }
  int to_call() const { return to_call_; }
  bool over() const;
  // The calls in order, from the seat left of the dealer (in The Big Game seats call again; the
  // caller of each follows from the passes before it).
  const std::vector<Bid>& calls() const { return calls_; }
  const std::vector<int>& callers() const { return callers_; }  // the seat of each call
  const Bid& high() const { return high_; }
  int high_bidder() const { return high_bidder_; }
  // The auction's contract once over with a bid (nullopt: still on, or all passed: thrown in).
  std::optional<Contract> contract() const;

  // The calls open to the seat to call, holding `hand`: pass (unless forced), the ladder over the
  // high bid, and the special bids the contract rows offer the hand.
  std::vector<Bid> legal(std::optional<TileMask> hand) const;
  // Whether `bid` is among legal(hand), without building the list.
  bool allows(const Bid& bid, std::optional<TileMask> hand) const;
  void call(const Bid& bid, std::optional<TileMask> hand);  // throws IllegalMoveError; unchanged then
  // Takes back the last call (throws IllegalMoveError when none was made): the high bid and the
  // passes follow from the calls before it.
  void undo();

 private:
  // Calls f(bid) for each of legal(hand) in its order until f returns true; whether one did.
  template <class F>
  bool each_legal(std::optional<TileMask> hand, F&& f) const;
  void record(const Bid& bid);  // the call, known legal
  Rules rules_;
  int to_call_;
  unsigned passed_ = 0;  // the seats that have passed (bit set)
  std::vector<Bid> calls_;
  std::vector<int> callers_;
  Bid high_{};
  int high_bidder_ = -1;
};

// The result of a position's hand once decided (the early stop included), or nullopt while it is
// open, without a contract, or when earlier tricks were not recorded (their points are unknown).
std::optional<HandResult> hand_result(const Position& pos);

// One hand as it was played (or thrown in when everybody passed).
struct HandRecord {
  int dealer = 0;
  std::array<TileMask, kMaxSeats> deal{};
  TileMask undealt = 0;  // the tiles left over from the deal (Moon's widow, §4.1; The Big Game's 45th, §4.3)
  // The tile the bidder laid away after taking the widow (or the undealt tile), or -1. Laying away
  // the tile it would take is leaving it: The Big Game's bidder declining a non-counter.
  int discard = -1;
  std::vector<Bid> bids;  // the calls in bidding order, from the seat left of the dealer (a pass: kPass)
  std::vector<int> callers;  // the seat of each call (in The Big Game seats call more than once)
  std::optional<Contract> contract;
  std::optional<Trump> trump;
  std::vector<PlayRecord> plays;
  std::array<int, kSides> points{};
  std::array<int, kSides> tricks{};
  Objective objective = Objective::Points;  // what the contract counts: points, or tricks (every or none)
  std::optional<HandResult> result;  // empty for a thrown-in hand
};

// The hands at trick 1's lead: as dealt, but for Moon's bidder, who took the widow and laid a tile
// away (§4.1).
std::array<TileMask, kMaxSeats> hands_at_first_lead(const HandRecord& hand);

class Game {
 public:
  Game(const Rules& rules, std::uint64_t seed, int first_dealer = 0);

  const Rules& rules() const { return rules_; }
  Phase phase() const { return s_.phase; }
  int to_move() const;
  std::vector<Move> legal_moves() const;
  void play(const Move& move);  // throws IllegalMoveError; the game is unchanged then
  // Takes back the last move (throws IllegalMoveError when none is left). What a move changed is
  // recorded, not the state before it: a byte a move, and for a move that ended a hand the scores
  // and the generator before it; taking back such a move plays the hand again from its deal (the
  // finished hand's record holds its calls and plays).
  void undo();
  // Drops what undo() needs: the moves so far can no longer be taken back (the server's games
  // held between requests).
  void forget_undo() {
    undo_.clear();
    undo_.shrink_to_fit();
    ends_.clear();
    ends_.shrink_to_fit();
  }

  const std::array<int, kMaxSeats>& scores() const { return s_.scores; }  // by scorer (Rules::scorer_of)
  int winner() const { return s_.winner; }  // a scorer (side 0/1; Moon: a player), or -1 while the game goes on
  // Games each scorer has won toward the match (Fosdick's best of three, §4.2; else the game is the match).
  const std::array<int, kMaxSeats>& games_won() const { return s_.games_won; }
  int dealer() const { return s_.hand.dealer; }
  const Bid& high_bid() const { return s_.auction.high(); }
  const HandRecord& current_hand() const { return s_.hand; }
  const std::vector<HandRecord>& finished_hands() const { return s_.finished; }
  const std::optional<Position>& position() const { return s_.position; }
  // The tiles `seat` still holds that the contract shows the table, from the end of the auction on
  // (ContractRow::reveals; the position's in play).
  TileMask revealed(int seat) const;

 private:
  struct State {
    explicit State(const Rules& rules) : auction(rules, 0) {}
    Phase phase = Phase::Bidding;
    std::array<int, kMaxSeats> scores{};
    int winner = -1;
    std::array<int, kMaxSeats> games_won{};
    int set_last = -1;  // the scorer set on the last hand played, or -1 (back_to_back_loss)
    Auction auction;
    HandRecord hand;
    std::optional<Position> position;
    std::vector<HandRecord> finished;
  };
  void deal(int dealer);
  void start_play();
  void finish_hand(const HandResult& result);
  int moon_winner(const HandResult& result) const;
  TileMask discards() const;  // what the bidder may lay away in the exchange
  bool is_legal(const Move& move) const;  // whether `move` is among legal_moves()
  // What undo() takes back of each move: its kind, and for a move that ended a hand (all passed, or
  // the hand decided) what finishing it changed besides the record of finished hands.
  enum class Step : std::uint8_t { Call, CallEndsAuction, ThrownIn, Declare, Discard, Tile, TileEndsHand };
  struct HandEnd {
    std::array<int, kMaxSeats> scores{};
    int winner = -1;
    std::array<int, kMaxSeats> games_won{};
    int set_last = -1;
    SplitMix64 rng{0};
  };
  Rules rules_;
  SplitMix64 rng_;
  State s_;
  std::vector<Step> undo_;
  std::vector<HandEnd> ends_;  // one for each ThrownIn and TileEndsHand in undo_
};

}  // namespace dominosolver::texas42
