#include "dominosolver/texas42/game.hpp"

#include <algorithm>
#include <numeric>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::texas42 {

std::optional<bool> hand_decided(const Rules& rules, const Contract& contract, const std::array<int, 2>& points,
                                 const std::array<int, 2>& tricks, bool all_played) {
  const int us = team_of(contract.declarer), them = 1 - us;
  const bool all_tricks_bid = contract.bid >= 42;
  const bool early = rules.scoring == Scoring::Marks && rules.play_out == PlayOut::Auto;
  if (all_tricks_bid) {
    if (tricks[them] > 0 && early) return false;
    if (all_played) return tricks[them] == 0;
    return std::nullopt;
  }
  if (early) {
    if (points[us] >= contract.bid) return true;
    if (points[them] > kHandPoints - contract.bid) return false;
  }
  if (all_played) return points[us] >= contract.bid;
  return std::nullopt;
}

std::optional<HandResult> hand_result(const Position& pos) {
  if (!pos.contract() || pos.tricks_before() > 0) return std::nullopt;
  const std::array<int, 2> points{pos.points(0), pos.points(1)};
  const auto made = hand_decided(pos.rules(), *pos.contract(), points, {pos.tricks_won(0), pos.tricks_won(1)},
                                 pos.is_over());
  if (!made) return std::nullopt;
  return score_hand(pos.rules(), *pos.contract(), points, *made);
}

int points_needed(const Contract& contract) { return contract.bid >= 42 ? kHandPoints : contract.bid; }

HandResult score_hand(const Rules& rules, const Contract& contract, const std::array<int, 2>& points, bool made) {
  HandResult r;
  r.made = made;
  const int us = team_of(contract.declarer), them = 1 - us;
  if (contract.bid == kGameBid) {
    r.decides_game = true;
    return r;
  }
  if (rules.scoring == Scoring::Marks) {
    r.score[made ? us : them] = marks_of(contract.bid);
    return r;
  }
  if (contract.bid <= 42) {
    if (made) {
      r.score[us] = rules.points_made == PointsMade::Taken ? points[us] : contract.bid;
      r.score[them] = points[them];
    } else {
      r.score[them] = contract.bid + points[them];
    }
  } else {
    if (made) r.score[us] = contract.bid;
    else r.score[them] = contract.bid + points[them];
  }
  return r;
}

Game::Game(const Rules& rules, std::uint64_t seed, int first_dealer) : rules_(rules), rng_(seed) {
  if (first_dealer < 0 || first_dealer >= kSeats) throw InvalidPositionError("dealer must be a seat 0..3");
  deal(first_dealer);
}

void Game::deal(int dealer) {
  std::array<int, 28> tiles;
  std::iota(tiles.begin(), tiles.end(), 0);
  rng_.shuffle(tiles.begin(), tiles.end());
  s_.hand = HandRecord{};
  s_.hand.dealer = dealer;
  for (int i = 0; i < 28; ++i) s_.hand.deal[i / 7] |= bit(tiles[i]);
  s_.phase = Phase::Bidding;
  s_.high_bid = 0;
  s_.high_bidder = -1;
  s_.position.reset();
}

int Game::to_move() const {
  switch (s_.phase) {
    case Phase::Bidding: return (s_.hand.dealer + 1 + static_cast<int>(s_.hand.bids.size())) & 3;
    case Phase::Declaring: return s_.high_bidder;
    case Phase::Playing: return s_.position->to_move();
    default: return -1;
  }
}

std::vector<Move> Game::legal_moves() const {
  std::vector<Move> out;
  switch (s_.phase) {
    case Phase::Bidding: {
      const bool last = s_.hand.bids.size() == 3;
      const bool forced = last && s_.high_bid == 0 && rules_.all_pass == AllPass::ForcedDealer;
      if (!forced) out.push_back(Move::bid(kPass));
      if (forced && rules_.forced_exact_30) {
        out.push_back(Move::bid(kMinBid));
        break;
      }
      for (int b = kMinBid; b < kGameBid; b += b < 42 ? 1 : 42)  // mark bids are unbounded under mark_jump free
        if (bid_is_legal(rules_, b, s_.high_bid)) out.push_back(Move::bid(b));
      if (bid_is_legal(rules_, kGameBid, s_.high_bid)) out.push_back(Move::bid(kGameBid));
      break;
    }
    case Phase::Declaring:
      for (int s = 0; s <= rules_.max_pip; ++s) out.push_back(Move::declare(Trump::of_suit(s)));
      out.push_back(Move::declare(Trump::doubles()));
      out.push_back(Move::declare(Trump::none()));
      break;
    case Phase::Playing:
      for (TileMask m = s_.position->legal_moves(); m; m &= m - 1) out.push_back(Move::tile(lowest(m)));
      break;
    default: break;
  }
  return out;
}

void Game::play(const Move& move) {
  if (s_.phase == Phase::GameOver) throw IllegalMoveError("the game is over");
  const auto legal = legal_moves();
  if (std::find(legal.begin(), legal.end(), move) == legal.end()) {
    const std::string seat = seat_name(to_move());
    switch (s_.phase) {
      case Phase::Bidding:
        if (move.kind != Move::Kind::Bid) throw IllegalMoveError("the auction is on: " + seat + " must bid or pass");
        if (move.value == kPass) throw IllegalMoveError(seat + " may not pass: the dealer must bid when all others passed");
        throw IllegalMoveError("bid " + bid_name(move.value) + " is not legal over the high bid " +
                               (s_.high_bid ? bid_name(s_.high_bid) : std::string("(none)")) +
                               " (minimum 30; mark bids must be 42, 84, or one mark above the high bid)");
      case Phase::Declaring:
        throw IllegalMoveError("the declarer " + seat + " must name trumps now");
      default:
        if (move.kind != Move::Kind::Tile) throw IllegalMoveError("the hand is in play: " + seat + " must play a tile");
        s_.position->play(move.value);  // throws the precise reason
        throw IllegalMoveError("illegal move");
    }
  }
  undo_.emplace_back(s_, rng_);
  switch (s_.phase) {
    case Phase::Bidding: {
      const int seat = to_move();
      s_.hand.bids.push_back(move.value);
      if (move.value != kPass) s_.high_bid = move.value, s_.high_bidder = seat;
      if (s_.hand.bids.size() == 4) {
        if (s_.high_bidder < 0) {  // all passed: thrown in, the next seat shakes (REDEAL)
          s_.finished.push_back(s_.hand);
          deal((s_.hand.dealer + 1) & 3);
        } else {
          s_.hand.contract = Contract{s_.high_bidder, s_.high_bid};
          s_.phase = Phase::Declaring;
        }
      }
      break;
    }
    case Phase::Declaring:
      s_.hand.trump = move.trump;
      s_.position.emplace(rules_, move.trump, s_.hand.deal, s_.high_bidder, std::vector<int>{}, s_.hand.contract);
      s_.phase = Phase::Playing;
      break;
    default: {
      Position& pos = *s_.position;
      pos.play(move.value);
      const std::array<int, 2> points{pos.points(0), pos.points(1)};
      const std::array<int, 2> tricks{pos.tricks_won(0), pos.tricks_won(1)};
      if (auto made = hand_decided(rules_, *s_.hand.contract, points, tricks, pos.is_over())) {
        s_.hand.plays = pos.plays();
        s_.hand.points = points;
        finish_hand(score_hand(rules_, *s_.hand.contract, points, *made));
      }
    }
  }
}

void Game::finish_hand(const HandResult& result) {
  s_.hand.result = result;
  const int us = team_of(s_.hand.contract->declarer);
  for (int t = 0; t < 2; ++t) s_.scores[t] += result.score[t];
  if (result.decides_game) {
    s_.winner = result.made ? us : 1 - us;
  } else {
    const int target = rules_.game_target();
    const bool a = s_.scores[0] >= target, b = s_.scores[1] >= target;
    if (a && b) {
      // Only the points game can reach the target on both sides at once (§2.5, POINTS_TIE).
      if (rules_.points_tie == PointsTie::BidderOut && result.made) s_.winner = us;
      else s_.winner = s_.scores[0] >= s_.scores[1] ? (s_.scores[0] > s_.scores[1] ? 0 : us) : 1;
    } else if (a || b) {
      s_.winner = a ? 0 : 1;
    }
  }
  s_.finished.push_back(s_.hand);
  if (s_.winner >= 0) {
    s_.phase = Phase::GameOver;
    s_.position.reset();
  } else {
    deal((s_.hand.dealer + 1) & 3);
  }
}

void Game::undo() {
  if (undo_.empty()) throw IllegalMoveError("nothing to undo");
  s_ = std::move(undo_.back().first);
  rng_ = undo_.back().second;
  undo_.pop_back();
}

}  // namespace dominosolver::texas42
