#include "dominosolver/texas42/game.hpp"

#include <algorithm>
#include <bit>
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

bool Auction::over() const {
  if (!rules_.big_game()) return static_cast<int>(calls_.size()) == rules_.seats();
  const int in_call = rules_.seats() - std::popcount(passed_);
  return in_call == 0 || (in_call == 1 && high_bidder_ >= 0);
}

std::optional<Contract> Auction::contract() const {
  if (!over() || high_bidder_ < 0) return std::nullopt;
  return Contract{high_bidder_, high_};
}

template <class F>
bool Auction::each_legal(std::optional<TileMask> hand, F&& f) const {
  if (over()) return false;
  // The dealer calls last (no bid yet, all calls were passes: so in The Big Game too).
  const bool last = static_cast<int>(calls_.size()) == rules_.seats() - 1;
  // All passed to the last caller: 42's forced dealer (all_pass), Moon's forced 4 (moon_all_pass, §4.1).
  const bool forced = last && high_bidder_ < 0 &&
                      (rules_.moon() ? rules_.moon_all_pass == MoonAllPass::ForcedLast4 : rules_.all_pass == AllPass::ForcedDealer);
  if (!forced && f(Bid{kPass})) return true;
  if (forced && (rules_.forced_exact_30 || rules_.moon())) return f(Bid{rules_.min_bid()});
  // Mark bids are unbounded under mark_jump free: the ladder stops below kGameBid. Moon's ends at
  // shooting the moon (§4.1), The Big Game's at all the points (§4.3): no bid above is one.
  const int mark = rules_.mark();
  const int top = rules_.moon() ? std::max(mark, int{Rules::kShootTheMoon}) : rules_.big_game() ? rules_.hand_points() : kGameBid - 1;
  for (int b = rules_.min_bid(); b <= top && b < kGameBid; b += b < mark ? 1 : mark)
    if (bid_is_legal(rules_, b, high_.value) && f(Bid{b})) return true;
  if (bid_is_legal(rules_, kGameBid, high_.value) && f(Bid{kGameBid})) return true;
  // The special bids the contract rows offer this hand (docs/rules.md §3).
  for (const ContractRow& row : bid_rows(rules_))
    if (const auto b = offer(rules_, row, high_, hand.value_or(set_mask(rules_.max_pip))))
      if (f(Bid{*b, row.bid_kind})) return true;
  return false;
}

std::vector<Bid> Auction::legal(std::optional<TileMask> hand) const {
  std::vector<Bid> out;
  each_legal(hand, [&](const Bid& b) {
    out.push_back(b);
    return false;
  });
  return out;
}

bool Auction::allows(const Bid& bid, std::optional<TileMask> hand) const {
  return each_legal(hand, [&](const Bid& b) { return b == bid; });
}

void Auction::call(const Bid& bid, std::optional<TileMask> hand) {
  if (over()) throw IllegalMoveError("the auction is over");
  if (!allows(bid, hand)) {
    const std::string seat = rules_.seat_name(to_call());
    const auto open = legal(hand);
    if (bid.value == kPass)
      throw IllegalMoveError(seat + " may not pass: the dealer must bid" + (rules_.moon() ? " 4" : "") +
                             " when all others passed" + (rules_.moon() ? " (moon_all_pass)" : ""));
    if (bid.kind != BidKind::Ordinary) {
      const ContractRow& row = bid_row(rules_, bid.kind);
      throw IllegalMoveError("bid " + bid_name(bid) + " is not open to " + seat + " here (docs/rules.md §3: " + row.holding +
                             " in hand, and one mark above a high bid of its size or more)");
    }
    // The least bid open now, the high bid considered (the ladder follows pass in `open`).
    const auto least = std::find_if(open.begin(), open.end(),
                                    [](const Bid& b) { return b.value != kPass && b.kind == BidKind::Ordinary; });
    // The Big Game's ladder runs to 66 (§4.3); Moon's ends at every trick and 21 (§4.1); 42's goes on in marks (§2.2).
    const std::string ladder =
        rules_.big_game() ? "; bids run " + std::to_string(rules_.min_bid()) + ".." + std::to_string(rules_.hand_points()) +
                                ", docs/rules.md §4.3"
        : rules_.moon()   ? "; bids go up to " + std::to_string(rules_.mark()) + ", then " +
                                std::to_string(Rules::kShootTheMoon) + " shoots the moon"
                          : "; mark bids must be " + std::to_string(rules_.mark()) + ", " + std::to_string(2 * rules_.mark()) +
                                ", or one mark above the high bid";
    throw IllegalMoveError("bid " + bid_name(bid) + " is not legal over the high bid " +
                           (high_.value ? bid_name(high_) : std::string("(none)")) + " (" +
                           (least != open.end() ? "the least bid now is " + bid_name(*least) : std::string("no bid is open")) +
                           ladder + ")");
  }
  record(bid);
}

void Auction::record(const Bid& bid) {
  const int caller = to_call();
  if (bid.value != kPass) high_ = bid, high_bidder_ = caller;
  else passed_ |= 1u << caller;
  calls_.push_back(bid);
  callers_.push_back(caller);
  // The next seat round the table; in The Big Game, the next still in call.
  to_call_ = rules_.seating().next(caller);
  if (rules_.big_game())
    while ((passed_ >> to_call_ & 1u) && std::popcount(passed_) < rules_.seats()) to_call_ = rules_.seating().next(to_call_);
}

void Auction::undo() {
  if (calls_.empty()) throw IllegalMoveError("nothing to undo: no call was made");
  const Bid bid = calls_.back();
  to_call_ = callers_.back();
  calls_.pop_back();
  callers_.pop_back();
  if (bid.value == kPass) {
    passed_ &= ~(1u << to_call_);  // a seat passes once: in The Big Game it leaves the auction
  } else {
    // Each bid takes the high bid (over it, or a 21 over a 21, M-11): the high bid is the last bid left.
    high_ = Bid{};
    high_bidder_ = -1;
    for (std::size_t i = calls_.size(); i-- > 0;)
      if (calls_[i].value != kPass) {
        high_ = calls_[i], high_bidder_ = callers_[i];
        break;
      }
  }
}

Game::Game(const Rules& rules, std::uint64_t seed, int first_dealer) : rules_(rules), rng_(seed), s_(rules) {
  if (first_dealer < 0 || first_dealer >= rules.seats())
    throw InvalidPositionError("dealer must be a seat 0.." + std::to_string(rules.seats() - 1));
  deal(first_dealer);
}

// Shuffles the set and deals each seat its hand (a set that does not share out evenly leaves its
// last tiles undealt: Moon's widow).
void Game::deal(int dealer) {
  std::vector<int> tiles;
  for (TileMask m = rules_.tile_set(); m; m &= m - 1) tiles.push_back(lowest(m));
  rng_.shuffle(tiles.begin(), tiles.end());
  s_.hand = HandRecord{};
  s_.hand.dealer = dealer;
  const int hand = rules_.hand_size(), dealt = rules_.seats() * hand;
  for (int i = 0; i < dealt; ++i) s_.hand.deal[i / hand] |= bit(tiles[static_cast<std::size_t>(i)]);
  for (std::size_t i = static_cast<std::size_t>(dealt); i < tiles.size(); ++i) s_.hand.undealt |= bit(tiles[i]);
  s_.phase = Phase::Bidding;
  s_.auction = Auction(rules_, dealer);
  s_.position.reset();
}

int Game::to_move() const {
  switch (s_.phase) {
    case Phase::Bidding: return s_.auction.to_call();
    case Phase::Declaring: return bid_row(rules_, s_.hand.contract->bid.kind).namer(rules_.seating(), s_.hand.contract->declarer);
    case Phase::Exchange: return s_.hand.contract->declarer;
    case Phase::Playing: return s_.position->to_move();
    default: return -1;
  }
}

std::vector<Move> Game::legal_moves() const {
  std::vector<Move> out;
  switch (s_.phase) {
    case Phase::Bidding:
      for (const Bid& b : s_.auction.legal(s_.hand.deal[to_move()])) out.push_back(Move::call(b));
      break;
    case Phase::Declaring:
      for (const Trump& t : declarations(rules_, *s_.hand.contract)) out.push_back(Move::declare(t));
      break;
    case Phase::Exchange:
      for (TileMask m = discards(); m; m &= m - 1) out.push_back(Move::discard(lowest(m)));
      break;
    case Phase::Playing:
      for (TileMask m = s_.position->legal_moves(); m; m &= m - 1) out.push_back(Move::play(lowest(m)));
      break;
    default: break;
  }
  return out;
}

bool Game::is_legal(const Move& move) const {
  const auto tile_in = [&](TileMask m) { return move.tile >= 0 && move.tile < 64 && (m >> move.tile & 1u); };
  switch (s_.phase) {
    case Phase::Bidding: return move == Move::call(move.bid) && s_.auction.allows(move.bid, s_.hand.deal[to_move()]);
    case Phase::Declaring: {
      if (move != Move::declare(move.trump)) return false;
      const auto open = declarations(rules_, *s_.hand.contract);
      return std::find(open.begin(), open.end(), move.trump) != open.end();
    }
    case Phase::Exchange: return move == Move::discard(move.tile) && tile_in(discards());
    case Phase::Playing: return move == Move::play(move.tile) && tile_in(s_.position->legal_moves());
    default: return false;
  }
}

void Game::play(const Move& move) {
  if (s_.phase == Phase::GameOver) throw IllegalMoveError("the game is over");
  if (!is_legal(move)) {
    const std::string seat = rules_.seat_name(to_move());
    switch (s_.phase) {
      case Phase::Bidding:
        if (move.kind != Move::Kind::Call) throw IllegalMoveError("the auction is on: " + seat + " must bid or pass");
        if (move == Move::call(move.bid)) Auction(s_.auction).call(move.bid, s_.hand.deal[to_move()]);  // throws the precise reason
        throw IllegalMoveError("illegal move");
      case Phase::Declaring:
        if (move.kind == Move::Kind::Declare)
          throw IllegalMoveError("'" + move.trump.name() + "' cannot be declared on this contract (docs/rules.md §3)");
        throw IllegalMoveError((to_move() == s_.hand.contract->declarer ? "the declarer " : "the declarer's partner ") + seat +
                               " must name trumps now");
      case Phase::Exchange:
        if (move.kind == Move::Kind::Discard && rules_.row().left_over == LeftOver::Undealt)
          throw IllegalMoveError("the bidder " + seat + " lays away a tile of its hand that is no counter (" +
                                 (rules_.count_of(lowest(s_.hand.undealt)) ? "it must take the undealt counter " + tile_name(lowest(s_.hand.undealt))
                                                                           : "or lays away the undealt " + tile_name(lowest(s_.hand.undealt)) + " to leave it") +
                                 ", docs/rules.md §4.3)");
        if (move.kind == Move::Kind::Discard)
          throw IllegalMoveError("the bidder " + seat + " may discard only a tile of its hand or the widow");
        throw IllegalMoveError("the bidder " + seat + " must discard one tile now (docs/rules.md §4.1, §4.3)");
      default:
        if (move.kind != Move::Kind::Tile) throw IllegalMoveError("the hand is in play: " + seat + " must play a tile");
        if (move == Move::play(move.tile)) Position(*s_.position).play(move.tile);  // throws the precise reason
        throw IllegalMoveError("illegal move");
    }
  }
  // What finishing a hand changes besides the record of finished hands (the hand's own record
  // keeps the rest: its deal, calls and plays).
  const HandEnd end{s_.scores, s_.winner, s_.games_won, s_.set_last, rng_};
  switch (s_.phase) {
    case Phase::Bidding: {
      s_.auction.call(move.bid, s_.hand.deal[to_move()]);
      s_.hand.bids.push_back(s_.auction.calls().back());
      s_.hand.callers.push_back(s_.auction.callers().back());
      Step step = Step::Call;
      if (s_.auction.over()) {
        if (!s_.auction.contract()) {  // all passed: thrown in, the next seat shakes (REDEAL)
          s_.finished.push_back(s_.hand);
          deal(rules_.seating().next(s_.hand.dealer));
          step = Step::ThrownIn;
          ends_.push_back(end);
        } else {
          s_.hand.contract = s_.auction.contract();
          // §4.3 (BG-2): The Big Game's bidder sees the undealt tile before naming trumps.
          s_.phase = rules_.row().left_over == LeftOver::Undealt && s_.hand.undealt ? Phase::Exchange : Phase::Declaring;
          step = Step::CallEndsAuction;
        }
      }
      undo_.push_back(step);
      break;
    }
    case Phase::Declaring:
      s_.hand.trump = move.trump;
      // §4.1 (M-5): Moon's bidder takes the widow once trumps are named, and lays one tile away
      // (under moon_widow = none the widow lies out of play, unseen, M-9).
      if (s_.hand.undealt && rules_.takes_widow())
        s_.phase = Phase::Exchange;
      else start_play();
      undo_.push_back(Step::Declare);
      break;
    case Phase::Exchange:
      s_.hand.discard = move.tile;
      if (rules_.row().left_over == LeftOver::Undealt) s_.phase = Phase::Declaring;  // trumps after the exchange
      else start_play();
      undo_.push_back(Step::Discard);
      break;
    default: {
      Position& pos = *s_.position;
      pos.play(move.tile);
      const Tally tally = pos.tally();
      if (auto made = pos.ruling().decided(rules_, *s_.hand.contract, tally)) {
        s_.hand.plays = pos.plays();
        s_.hand.points = tally.points;
        s_.hand.tricks = tally.tricks;
        s_.hand.objective = pos.ruling().contract->objective;
        finish_hand(pos.ruling().score(rules_, *s_.hand.contract, tally, *made));
        undo_.push_back(Step::TileEndsHand);
        ends_.push_back(end);
      } else {
        undo_.push_back(Step::Tile);
      }
    }
  }
}

// What the bidder may lay away. Moon (§4.1): any tile of its hand or the widow. The Big Game
// (§4.3): a tile of its hand that is no counter, having taken the undealt tile, which it must take
// when a counter; a non-counter it may leave, which is laying it away.
TileMask Game::discards() const {
  const TileMask hand = s_.hand.deal[s_.hand.contract->declarer], undealt = s_.hand.undealt;
  if (rules_.row().left_over != LeftOver::Undealt) return hand | undealt;
  TileMask out = 0;
  for (TileMask m = hand | undealt; m; m &= m - 1)
    if (!rules_.count_of(lowest(m))) out |= bit(lowest(m));
  return out;
}

// The hands in play: as dealt, but for the bidder who took the widow and laid a tile away.
std::array<TileMask, kMaxSeats> hands_at_first_lead(const HandRecord& hand) {
  std::array<TileMask, kMaxSeats> hands = hand.deal;
  if (hand.discard >= 0) {
    TileMask& bidder = hands[hand.contract->declarer];
    bidder = (bidder | hand.undealt) & ~bit(hand.discard);
  }
  return hands;
}

void Game::start_play() {
  const std::array<TileMask, kMaxSeats> hands = hands_at_first_lead(s_.hand);
  const int leader = opening_leader(rules_, *s_.hand.trump, s_.hand.contract);
  s_.position.emplace(rules_, *s_.hand.trump, hands, leader, std::vector<int>{}, s_.hand.contract);
  s_.phase = Phase::Playing;
}

// §4.1-4.2 (M-6): the first to the target wins; when several reach it on the same hand, the bidder
// if it made its bid, else the highest score; an exact tie plays another hand.
int Game::moon_winner(const HandResult& result) const {
  const int target = rules_.game_target(), bidder = rules_.scorer_of(s_.hand.contract->declarer);
  if (result.made && s_.scores[bidder] >= target) return bidder;
  int best = -1;
  bool tie = false;
  for (int k = 0; k < rules_.scorers(); ++k) {
    if (s_.scores[k] < target) continue;
    if (best < 0 || s_.scores[k] > s_.scores[best]) best = k, tie = false;
    else if (s_.scores[k] == s_.scores[best]) tie = true;
  }
  return tie ? -1 : best;
}

void Game::finish_hand(const HandResult& result) {
  s_.hand.result = result;
  for (int k = 0; k < rules_.scorers(); ++k) s_.scores[k] += result.score[k];
  const int us = s_.position->side_of(s_.hand.contract->declarer), them = kSides - 1 - us;
  if (rules_.row().highest_at_target) {  // the Moons' end (M-6), each scorer for itself or a side
    s_.winner = moon_winner(result);
    // M-10 (moon_wins_game): a made moon wins the game at once, whatever the scores.
    if (result.decides_game) s_.winner = rules_.scorer_of(s_.hand.contract->declarer);
    // §4.2 (M-8): a side set on two hands in a row loses the game at once, whatever the scores.
    if (rules_.back_to_back_loss && !result.made && s_.set_last == rules_.scorer_of(s_.hand.contract->declarer))
      s_.winner = them;
    s_.set_last = result.made ? -1 : rules_.scorer_of(s_.hand.contract->declarer);
  } else if (result.decides_game) {
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
  // §4.2: Fosdick's match is best of three: a game won short of the match starts the next at 0.
  if (s_.winner >= 0 && ++s_.games_won[s_.winner] < rules_.match_games()) {
    s_.scores = {};
    s_.winner = -1;
    s_.set_last = -1;
  }
  if (s_.winner >= 0) {
    s_.phase = Phase::GameOver;
    s_.position.reset();
  } else {
    deal(rules_.seating().next(s_.hand.dealer));
  }
}

TileMask Game::revealed(int seat) const {
  if (s_.position) return s_.position->revealed(seat);
  if (s_.phase != Phase::Declaring) return 0;
  const Contract& c = *s_.hand.contract;
  return s_.hand.deal[seat] & bid_row(rules_, c.bid.kind).reveals(rules_, c.declarer, seat);
}

void Game::undo() {
  if (undo_.empty()) throw IllegalMoveError("nothing to undo");
  const Step step = undo_.back();
  switch (step) {
    case Step::Call:
    case Step::CallEndsAuction:
      s_.auction.undo();
      s_.hand.bids.pop_back();
      s_.hand.callers.pop_back();
      s_.hand.contract.reset();
      s_.phase = Phase::Bidding;
      break;
    case Step::Declare:
      s_.hand.trump.reset();
      s_.position.reset();
      s_.phase = Phase::Declaring;
      break;
    case Step::Discard:
      s_.hand.discard = -1;
      s_.position.reset();
      s_.phase = Phase::Exchange;
      break;
    case Step::Tile:
      s_.position->undo();
      break;
    case Step::ThrownIn:
    case Step::TileEndsHand: {
      // The hand again as it stood before its last move: its record as finished, less what
      // finishing it wrote, its auction and play again from the deal.
      const HandEnd& end = ends_.back();
      s_.scores = end.scores;
      s_.winner = end.winner;
      s_.games_won = end.games_won;
      s_.set_last = end.set_last;
      rng_ = end.rng;
      s_.hand = std::move(s_.finished.back());
      s_.finished.pop_back();
      HandRecord& hand = s_.hand;
      if (step == Step::ThrownIn) {
        hand.bids.pop_back();
        hand.callers.pop_back();
      }
      s_.auction = Auction(rules_, hand.dealer);
      for (const Bid& bid : hand.bids) s_.auction.call(bid, hand.deal[s_.auction.to_call()]);
      s_.position.reset();
      s_.phase = Phase::Bidding;
      if (step == Step::TileEndsHand) {
        const std::vector<PlayRecord> plays = std::move(hand.plays);
        hand.plays = {};
        hand.points = {};
        hand.tricks = {};
        hand.objective = Objective::Points;
        hand.result.reset();
        start_play();
        for (std::size_t i = 0; i + 1 < plays.size(); ++i) s_.position->play(plays[i].tile);
      }
      ends_.pop_back();
      break;
    }
  }
  undo_.pop_back();
}

}  // namespace dominosolver::texas42
