#include "dominosolver/texas42/position.hpp"

#include "dominosolver/core/errors.hpp"

namespace dominosolver::texas42 {

std::string seat_name(int seat) { return std::string(1, "NESW"[seat & 3]); }

namespace {

std::string seat_of(int seat) { return "seat " + std::to_string(seat) + " (" + seat_name(seat) + ")"; }

void check_tile(int tile, const Rules& rules, const char* where) {
  if (tile < 0 || tile >= tiles_in_set(rules.max_pip))
    throw InvalidPositionError(std::string(where) + ": tile " +
                               (tile >= 0 && tile < kMaxTiles ? tile_name(tile) : "id " + std::to_string(tile)) +
                               " is not in the double-" + std::to_string(rules.max_pip) + " set");
}

}  // namespace

Position::Position(const Rules& rules, Trump trump, const std::array<TileMask, kSeats>& hands, int leader,
                   const std::vector<int>& trick, std::optional<Contract> contract, std::optional<History> history)
    : rules_(rules), table_(rules, trump), contract_(contract) {
  if (trump.kind == TrumpKind::Suit && (trump.suit < 0 || trump.suit > rules.max_pip))
    throw InvalidPositionError("trump " + std::to_string(trump.suit) + " is not a number of the set");
  if (leader < 0 || leader >= kSeats) throw InvalidPositionError("leader must be a seat 0..3");
  if (contract && (contract->declarer < 0 || contract->declarer >= kSeats))
    throw InvalidPositionError("contract declarer must be a seat 0..3");
  if (contract && !(contract->bid == kGameBid || (contract->bid >= kMinBid && (contract->bid <= 42 || contract->bid % 42 == 0))))
    throw InvalidPositionError("contract bid " + std::to_string(contract->bid) + " is not a bid");
  if (contract && contract->bid == kGameBid && rules.scoring != Scoring::Points)
    throw InvalidPositionError("a 'game' contract exists only in the points game (rules §2.2)");
  if (trick.size() > 3)
    throw InvalidPositionError("the current trick holds " + std::to_string(trick.size()) +
                               " tiles; a trick is complete (and leaves the table) at 4");

  // Every tile once, across hands, table and history.
  TileMask seen = 0;
  auto claim = [&](int tile, const std::string& where) {
    check_tile(tile, rules, where.c_str());
    if (seen & bit(tile)) throw InvalidPositionError("tile " + tile_name(tile) + " appears twice (" + where + ")");
    seen |= bit(tile);
  };
  for (int seat = 0; seat < kSeats; ++seat) {
    for (TileMask m = hands[seat]; m; m &= m - 1) claim(lowest(m), "hand of " + seat_of(seat));
  }
  for (int t : trick) claim(t, "current trick");
  const History hist = history.value_or(History{leader, {}});
  if (hist.first_leader < 0 || hist.first_leader >= kSeats) throw InvalidPositionError("history first_leader must be a seat 0..3");
  if (hist.tiles.size() % 4 != 0)
    throw InvalidPositionError("history holds " + std::to_string(hist.tiles.size()) +
                               " tiles; completed tricks come in fours");
  for (int t : hist.tiles) claim(t, "history");

  // Who played each recorded tile follows from the trick winners; rebuild the hands at the origin.
  std::vector<PlayRecord> records;
  int lead_seat = hist.first_leader;
  for (std::size_t i = 0; i < hist.tiles.size(); i += 4) {
    std::int8_t plays[4];
    for (int k = 0; k < 4; ++k) {
      plays[k] = static_cast<std::int8_t>(hist.tiles[i + k]);
      records.push_back({static_cast<std::int8_t>((lead_seat + k) & 3), plays[k]});
    }
    lead_seat = (lead_seat + table_.winner(plays, 4)) & 3;
  }
  if (history && lead_seat != leader)
    throw InvalidPositionError("leader is " + seat_of(leader) + " but the last recorded trick was won by " +
                               seat_of(lead_seat));
  for (std::size_t k = 0; k < trick.size(); ++k)
    records.push_back({static_cast<std::int8_t>((leader + k) & 3), static_cast<std::int8_t>(trick[k])});

  std::array<TileMask, kSeats> origin = hands;
  for (const auto& r : records) origin[r.seat] |= bit(r.tile);
  const int size = count(origin[0]);
  const int max_hand = tiles_in_set(rules.max_pip) / kSeats;
  for (int seat = 0; seat < kSeats; ++seat) {
    if (count(origin[seat]) != size || size > max_hand) {
      std::string sizes;
      for (int s = 0; s < kSeats; ++s) sizes += (s ? ", " : "") + std::to_string(count(hands[s]));
      throw InvalidPositionError("hand sizes " + sizes + " cannot arise in play with leader " + seat_of(leader) +
                                 " and " + std::to_string(trick.size()) +
                                 " tiles on the table (seats that played to the trick hold one tile fewer)");
    }
  }
  if (size == 0 && !trick.empty()) throw InvalidPositionError("a trick is on the table but every hand is empty");
  if (contract && size == max_hand && hist.first_leader != contract->declarer)
    throw InvalidPositionError("the declarer (" + seat_of(contract->declarer) + ") leads trick 1, not " +
                               seat_of(hist.first_leader) + " (rules §2.4)");

  first_leader_ = hist.first_leader;
  tricks_before_ = max_hand - size;
  s_.hands = origin;
  s_.leader = static_cast<std::int8_t>(hist.first_leader);
  // Replay the recorded plays: checks them and lets undo() walk back over them.
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& r = records[i];
    if (!(legal_moves() & bit(r.tile)))
      throw InvalidPositionError(std::string(i < hist.tiles.size() ? "history" : "current trick") + ": " +
                                 seat_of(r.seat) + " played " + tile_name(r.tile) + " but had to follow suit");
    undo_.push_back(s_);
    play_unchecked(r.tile);
  }
}

int Position::tricks_left() const {
  int left = count(s_.hands[s_.leader]);
  return s_.trick_len ? left + 1 : left;
}

TileMask Position::legal_moves() const {
  const TileMask hand = s_.hands[to_move()];
  if (s_.trick_len) return table_.legal(hand, s_.trick[0]);
  const bool first_trick = tricks_before_ + (s_.tricks[0] + s_.tricks[1]) == 0;
  if (rules_.first_lead_trump && first_trick && (hand & table_.trumps)) return hand & table_.trumps;
  return hand;
}

void Position::play(int tile) {
  if (is_over()) throw IllegalMoveError("the hand is over; no tile can be played");
  const int seat = to_move();
  if (tile < 0 || tile >= tiles_in_set(rules_.max_pip))
    throw IllegalMoveError((tile >= 0 && tile < kMaxTiles ? "tile " + tile_name(tile) : "tile id " + std::to_string(tile)) +
                           " is not in the double-" + std::to_string(rules_.max_pip) + " set");
  if (!(s_.hands[seat] & bit(tile))) {
    for (int other = 0; other < kSeats; ++other)
      if (s_.hands[other] & bit(tile))
        throw IllegalMoveError(tile_name(tile) + " belongs to " + seat_of(other) + ", but " + seat_of(seat) +
                               " is to play");
    for (const PlayRecord& r : plays_)
      if (r.tile == tile) throw IllegalMoveError(tile_name(tile) + " has already been played");
    throw IllegalMoveError(tile_name(tile) + " is in no hand: it went in an earlier trick that this position does not record");
  }
  if (!(legal_moves() & bit(tile))) {
    if (!s_.trick_len)
      throw IllegalMoveError(seat_of(seat) + " must lead a trump on the first trick (first_lead_trump)");
    throw IllegalMoveError(seat_of(seat) + " must follow suit: " + tile_name(tile) +
                           " does not follow the lead " + tile_name(s_.trick[0]));
  }
  undo_.push_back(s_);
  play_unchecked(tile);
}

void Position::play_unchecked(int tile) {
  const int seat = to_move();
  s_.hands[seat] &= ~bit(tile);
  s_.trick[s_.trick_len++] = static_cast<std::int8_t>(tile);
  plays_.push_back({static_cast<std::int8_t>(seat), static_cast<std::int8_t>(tile)});
  if (s_.trick_len == 4) {
    const int winner = (s_.leader + table_.winner(s_.trick.data(), 4)) & 3;
    s_.points[team_of(winner)] += static_cast<std::int16_t>(table_.trick_points(s_.trick.data(), 4));
    s_.tricks[team_of(winner)] += 1;
    s_.last_winner = static_cast<std::int8_t>(winner);
    s_.leader = static_cast<std::int8_t>(winner);
    s_.trick_len = 0;
  }
}

void Position::undo() {
  if (undo_.empty()) throw IllegalMoveError("nothing to undo: no recorded play before this position");
  s_ = undo_.back();
  undo_.pop_back();
  plays_.pop_back();
}

History Position::history() const {
  History h{first_leader_, {}};
  const std::size_t complete = plays_.size() - s_.trick_len;
  for (std::size_t i = 0; i < complete; ++i) h.tiles.push_back(plays_[i].tile);
  return h;
}

unsigned Position::voids(int seat) const {
  if (seat < 0 || seat >= kSeats) throw InvalidPositionError("seat must be 0..3, not " + std::to_string(seat));
  std::vector<int> tiles;
  tiles.reserve(plays_.size());
  for (const auto& p : plays_) tiles.push_back(p.tile);
  return shown_by_plays(rules_, table_, first_leader_, tiles, tricks_before_ == 0).voids[seat];
}

ShownByPlays shown_by_plays(const Rules& rules, const SuitTable& table, int first_leader,
                            const std::vector<int>& tiles, bool from_first_trick) {
  ShownByPlays shown;
  auto& out = shown.voids;
  int lead_seat = first_leader;
  for (std::size_t i = 0; i < tiles.size(); i += 4) {
    const std::size_t n = std::min<std::size_t>(4, tiles.size() - i);
    std::int8_t plays[4];
    for (std::size_t k = 0; k < n; ++k) plays[k] = static_cast<std::int8_t>(tiles[i + k]);
    const int led = table.called[plays[0]];
    if (i == 0 && from_first_trick && rules.first_lead_trump && table.trumps && !(table.trumps & bit(plays[0])))
      out[lead_seat] |= 1u << kTrumpSuit;
    for (std::size_t k = 1; k < n; ++k)
      if (!(table.follows[led] & bit(plays[k]))) out[(lead_seat + k) & 3] |= 1u << led;
    if (n == 4) lead_seat = (lead_seat + table.winner(plays, 4)) & 3;
  }
  shown.leader = lead_seat;
  return shown;
}

TileMask Position::shown_absent(int seat) const {
  TileMask out = 0;
  const unsigned v = voids(seat);
  for (int s = 0; s < kCalledSuits; ++s)
    if (v & (1u << s)) out |= table_.follows[s];
  return out;
}

}  // namespace dominosolver::texas42
