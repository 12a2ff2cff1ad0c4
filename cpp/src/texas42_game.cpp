#include "dominosolver/texas42/game.hpp"

#include <algorithm>
#include <numeric>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::texas42 {

std::optional<HandResult> hand_result(const Position& pos) {
  if (!pos.contract() || pos.tricks_before() > 0) return std::nullopt;
  const Tally tally = pos.tally();
  const auto made = pos.ruling().decided(pos.rules(), *pos.contract(), tally);
  if (!made) return std::nullopt;
  return pos.ruling().score(pos.rules(), *pos.contract(), tally, *made);
}

Game::Game(const Rules& rules, std::uint64_t seed, int first_dealer) : rules_(rules), rng_(seed) {
  if (first_dealer < 0 || first_dealer >= rules.seats())
    throw InvalidPositionError("dealer must be a seat 0.." + std::to_string(rules.seats() - 1));
  deal(first_dealer);
}

// Shuffles the set and deals each seat its hand (a set that does not share out evenly leaves its
// last tiles undealt).
void Game::deal(int dealer) {
  std::vector<int> tiles(static_cast<std::size_t>(rules_.tiles()));
  std::iota(tiles.begin(), tiles.end(), 0);
  rng_.shuffle(tiles.begin(), tiles.end());
  s_.hand = HandRecord{};
  s_.hand.dealer = dealer;
  const int hand = rules_.hand_size();
  for (int i = 0; i < rules_.seats() * hand; ++i) s_.hand.deal[i / hand] |= bit(tiles[i]);
  s_.phase = Phase::Bidding;
  s_.high_bid = Bid{};
  s_.high_bidder = -1;
  s_.position.reset();
}

int Game::to_move() const {
  switch (s_.phase) {
    case Phase::Bidding: return rules_.seating().after(s_.hand.dealer, 1 + static_cast<int>(s_.hand.bids.size()));
    case Phase::Declaring: return bid_row(s_.hand.contract->bid.kind).namer(rules_.seating(), s_.high_bidder);
    case Phase::Playing: return s_.position->to_move();
    default: return -1;
  }
}

std::vector<Move> Game::legal_moves() const {
  std::vector<Move> out;
  switch (s_.phase) {
    case Phase::Bidding: {
      const bool last = static_cast<int>(s_.hand.bids.size()) == rules_.seats() - 1;  // the dealer bids last
      const int high = s_.high_bid.value;
      const bool forced = last && high == kPass && rules_.all_pass == AllPass::ForcedDealer;
      if (!forced) out.push_back(Move::call({kPass}));
      if (forced && rules_.forced_exact_30) {
        out.push_back(Move::call({rules_.min_bid()}));
        break;
      }
      // Mark bids are unbounded under mark_jump free: the ladder stops below kGameBid.
      for (int b = rules_.min_bid(); b < kGameBid; b += b < rules_.mark() ? 1 : rules_.mark())
        if (bid_is_legal(rules_, b, high)) out.push_back(Move::call({b}));
      if (bid_is_legal(rules_, kGameBid, high)) out.push_back(Move::call({kGameBid}));
      // The special bids the contract rows offer this hand (docs/rules.md §3).
      for (const ContractRow& row : bid_rows())
        if (row.offer)
          if (const auto b = row.offer(rules_, s_.high_bid, s_.hand.deal[to_move()])) out.push_back(Move::call({*b, row.bid_kind}));
      break;
    }
    case Phase::Declaring:
      for (const Trump& t : declarations(rules_, *s_.hand.contract)) out.push_back(Move::declare(t));
      break;
    case Phase::Playing:
      for (TileMask m = s_.position->legal_moves(); m; m &= m - 1) out.push_back(Move::play(lowest(m)));
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
        if (move.kind != Move::Kind::Call) throw IllegalMoveError("the auction is on: " + seat + " must bid or pass");
        if (move.bid.value == kPass) throw IllegalMoveError(seat + " may not pass: the dealer must bid when all others passed");
        if (move.bid.kind != BidKind::Ordinary)
          throw IllegalMoveError("bid " + bid_name(move.bid) + " is not open to " + seat + " here (docs/rules.md §3)");
        throw IllegalMoveError("bid " + bid_name(move.bid) + " is not legal over the high bid " +
                               (s_.high_bid.value ? bid_name(s_.high_bid) : std::string("(none)")) + " (minimum " +
                               std::to_string(rules_.min_bid()) + "; mark bids must be " +
                               std::to_string(rules_.mark()) + ", " + std::to_string(2 * rules_.mark()) +
                               ", or one mark above the high bid)");
      case Phase::Declaring:
        if (move.kind == Move::Kind::Declare)
          throw IllegalMoveError("'" + move.trump.name() + "' cannot be declared on this contract (docs/rules.md §3)");
        throw IllegalMoveError((to_move() == s_.high_bidder ? "the declarer " : "the declarer's partner ") + seat +
                               " must name trumps now");
      default:
        if (move.kind != Move::Kind::Tile) throw IllegalMoveError("the hand is in play: " + seat + " must play a tile");
        s_.position->play(move.tile);  // throws the precise reason
        throw IllegalMoveError("illegal move");
    }
  }
  undo_.emplace_back(s_, rng_);
  switch (s_.phase) {
    case Phase::Bidding: {
      const int seat = to_move();
      s_.hand.bids.push_back(move.bid);
      if (move.bid.value != kPass) s_.high_bid = move.bid, s_.high_bidder = seat;
      if (static_cast<int>(s_.hand.bids.size()) == rules_.seats()) {
        if (s_.high_bidder < 0) {  // all passed: thrown in, the next seat shakes (REDEAL)
          s_.finished.push_back(s_.hand);
          deal(rules_.seating().next(s_.hand.dealer));
        } else {
          s_.hand.contract = Contract{s_.high_bidder, s_.high_bid};
          s_.phase = Phase::Declaring;
        }
      }
      break;
    }
    case Phase::Declaring: {
      const int leader = opening_leader(rules_, move.trump, s_.hand.contract);
      s_.hand.trump = move.trump;
      s_.position.emplace(rules_, move.trump, s_.hand.deal, leader, std::vector<int>{}, s_.hand.contract);
      s_.phase = Phase::Playing;
      break;
    }
    default: {
      Position& pos = *s_.position;
      pos.play(move.tile);
      const Tally tally = pos.tally();
      if (auto made = pos.ruling().decided(rules_, *s_.hand.contract, tally)) {
        s_.hand.plays = pos.plays();
        s_.hand.points = tally.points;
        finish_hand(pos.ruling().score(rules_, *s_.hand.contract, tally, *made));
      }
    }
  }
}

void Game::finish_hand(const HandResult& result) {
  s_.hand.result = result;
  const int us = s_.position->side_of(s_.hand.contract->declarer), them = kSides - 1 - us;
  for (int side = 0; side < kSides; ++side) s_.scores[side] += result.score[side];
  if (result.decides_game) {
    s_.winner = result.made ? us : them;
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
    deal(rules_.seating().next(s_.hand.dealer));
  }
}

void Game::undo() {
  if (undo_.empty()) throw IllegalMoveError("nothing to undo");
  s_ = std::move(undo_.back().first);
  rng_ = undo_.back().second;
  undo_.pop_back();
}

}  // namespace dominosolver::texas42
