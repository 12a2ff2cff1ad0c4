#pragma once
// Dealing Bingo (docs/rules.md §5.3) and a whole game of deals to 7 game points (§5.10).
#include <optional>
#include <vector>

#include "dominosolver/bingo/position.hpp"
#include "dominosolver/core/random.hpp"

namespace dominosolver::bingo {

// A shuffled deal: `start` and the other player draw 7 each; the other player turns the face-up tile,
// which is drawn last: boneyard[13].
struct Deal {
  int start = 0;
  std::array<TileMask, kPlayers> hands{};
  std::vector<int> boneyard;  // drawing order, the face-up (turned) tile last
};
Deal shuffle_deal(SplitMix64& rng, int start);

// One finished (or running) deal of a game.
struct DealRecord {
  Deal deal;
  std::vector<Event> events;
  std::vector<Declaration> declarations;
  int winner = -1;
  int game_points = 0;
  Outcome outcome = Outcome::None;
  std::array<int, kPlayers> points{};
  std::array<int, kPlayers> tricks{};
};

class Game {
 public:
  Game(const Rules& rules, std::uint64_t seed, int first_start = 0);

  const Rules& rules() const { return rules_; }
  bool is_over() const { return s_.winner >= 0; }
  int winner() const { return s_.winner; }
  const std::array<int, kPlayers>& scores() const { return s_.scores; }
  int to_move() const { return is_over() ? -1 : s_.position->to_move(); }
  std::vector<Move> legal_moves() const;
  void play(const Move& m);  // throws IllegalMoveError; the game is unchanged then
  // Takes back the last move (throws IllegalMoveError when none is left). What a move changed is
  // recorded, not the state before it: a byte a move, and for a move that ended a deal the scores
  // and the generator before it; taking back such a move plays the deal again from its start (the
  // finished deal's record holds its moves).
  void undo();
  bool can_undo() const { return !undo_.empty(); }
  // Drops what undo() needs: the moves so far can no longer be taken back (the server's games
  // held between requests).
  void forget_undo() {
    undo_.clear();
    undo_.shrink_to_fit();
    ends_.clear();
    ends_.shrink_to_fit();
  }

  const Position& position() const { return *s_.position; }  // the deal in play (the last one when over)
  const Deal& current_deal() const { return s_.deal; }
  const std::vector<DealRecord>& finished_deals() const { return s_.finished; }

 private:
  struct State {
    std::array<int, kPlayers> scores{};
    int winner = -1;
    Deal deal;
    std::optional<Position> position;
    std::vector<DealRecord> finished;
  };
  void start_deal(int start);
  // What undo() takes back of each move: a move within its deal, one that ended the deal and started
  // the next, or one that ended the game; for the last two what ending the deal changed besides
  // the record of finished deals.
  enum class Step : std::uint8_t { Move, DealEnds, GameEnds };
  struct DealEnd {
    std::array<int, kPlayers> scores{};
    SplitMix64 rng{0};
  };
  Rules rules_;
  SplitMix64 rng_;
  State s_;
  std::vector<Step> undo_;
  std::vector<DealEnd> ends_;  // one for each DealEnds and GameEnds in undo_
};

}  // namespace dominosolver::bingo
