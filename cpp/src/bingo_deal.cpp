#include "dominosolver/bingo/deal.hpp"

#include <numeric>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::bingo {

Deal shuffle_deal(SplitMix64& rng, int start) {
  std::array<int, kDeckTiles> tiles;
  std::iota(tiles.begin(), tiles.end(), 0);
  rng.shuffle(tiles.begin(), tiles.end());
  Deal d;
  d.start = start;
  for (int i = 0; i < kHandSize; ++i) {
    d.hands[start] |= bit(tiles[i]);
    d.hands[1 - start] |= bit(tiles[kHandSize + i]);
  }
  d.boneyard.assign(tiles.begin() + kPlayers * kHandSize, tiles.end());
  return d;
}

Game::Game(const Rules& rules, std::uint64_t seed, int first_start) : rules_(rules), rng_(seed) {
  if (first_start != 0 && first_start != 1) throw InvalidPositionError("the first start player must be 0 or 1");
  start_deal(first_start);
}

void Game::start_deal(int start) {
  s_.deal = shuffle_deal(rng_, start);
  s_.position.emplace(Position::deal(rules_, s_.deal.hands, s_.deal.boneyard, start));
}

std::vector<Move> Game::legal_moves() const {
  if (is_over()) return {};
  return s_.position->legal_moves();
}

void Game::play(const Move& m) {
  if (is_over()) throw IllegalMoveError("the game is over: player " + std::to_string(s_.winner) + " won");
  const DealEnd end{s_.scores, rng_};
  s_.position->play(m);  // throws the precise reason; nothing changed then
  const Position& pos = *s_.position;
  if (!pos.is_over()) {
    undo_.push_back(Step::Move);
    return;
  }
  const DealState& ds = pos.state();
  DealRecord rec;
  rec.deal = s_.deal;
  rec.events = pos.events();
  rec.declarations = pos.declarations();
  rec.winner = ds.winner;
  rec.game_points = ds.game_points;
  rec.outcome = ds.outcome;
  rec.points = {ds.points[0], ds.points[1]};
  rec.tricks = {ds.tricks[0], ds.tricks[1]};
  s_.finished.push_back(rec);
  s_.scores[ds.winner] += ds.game_points;
  if (s_.scores[ds.winner] >= kGameTarget) {
    s_.winner = ds.winner;
    undo_.push_back(Step::GameEnds);
  } else {
    const int next = rules_.next_start == NextStart::DealWinner ? ds.winner : 1 - s_.deal.start;
    start_deal(next);
    undo_.push_back(Step::DealEnds);
  }
  ends_.push_back(end);
}

void Game::undo() {
  if (undo_.empty()) throw IllegalMoveError("nothing to undo");
  const Step step = undo_.back();
  if (step != Step::Move) {
    s_.scores = ends_.back().scores;
    rng_ = ends_.back().rng;
    s_.winner = -1;
    ends_.pop_back();
  }
  if (step == Step::DealEnds) {
    // The deal again from its start, every move of its record but the last played again.
    DealRecord rec = std::move(s_.finished.back());
    s_.finished.pop_back();
    s_.deal = std::move(rec.deal);
    s_.position.emplace(Position::deal(rules_, s_.deal.hands, s_.deal.boneyard, s_.deal.start));
    for (std::size_t i = 0; i + 1 < rec.events.size(); ++i) s_.position->play(rec.events[i].move);
  } else {
    if (step == Step::GameEnds) s_.finished.pop_back();  // the last deal's position is still the game's
    s_.position->undo();
  }
  undo_.pop_back();
}

}  // namespace dominosolver::bingo
