#include "dominosolver/texas42/position.hpp"

#include <string_view>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::texas42 {

std::string seat_name(int seat) { return Rules{}.seat_name(seat); }

namespace {

std::string seat_of(const Rules& rules, int seat) {
  return "seat " + std::to_string(seat) + " (" + rules.seat_name(seat) + ")";
}

std::string seats_range(const Seating& seating) { return "0.." + std::to_string(seating.seats() - 1); }

// "fours": how complete tricks come, in words.
std::string groups_of(int n) {
  constexpr std::array<const char*, kMaxSeats + 1> kWords = {"", "ones", "twos", "threes", "fours"};
  return kWords[n];
}

void check_tile(int tile, const Rules& rules, const char* where) {
  if (tile < 0 || tile >= rules.tiles() || !(rules.tile_set() & bit(tile)))
    throw InvalidPositionError(std::string(where) + ": tile " +
                               (tile >= 0 && tile < kMaxTiles ? tile_name(tile) : "id " + std::to_string(tile)) +
                               " is not in the " + rules.set_name());
}

// A play recorded on the table (plays.hpp): its tile must be in the set; a lower-end lead exists
// only where the rules have them.
int check_play(int play, const Rules& rules, const char* where) {
  if (play < 0 || play >= kMaxPlays) throw InvalidPositionError(std::string(where) + ": play id " + std::to_string(play) + " is no play");
  if (is_lower_end_lead(play) && !rules.lower_end_leads())
    throw InvalidPositionError(std::string(where) + ": " + play_name(play) +
                               " is a lower-end lead, which only The Big Game has (docs/rules.md §4.3)");
  check_tile(tile_of_play(play), rules, where);
  return tile_of_play(play);
}

// Why `play`, a play of the seat to move, is not legal at the lead or mid-trick: the words for a
// lower-end lead out of its place, or "" for another play.
std::string lower_end_misplaced(const SuitTable& table, int play, bool leading) {
  if (!is_lower_end_lead(play)) return "";
  if (!leading) return play_name(play) + " is a lead: a tile that follows is played as '" + tile_name(tile_of_play(play)) + "'";
  if (!(table.lower_end & bit(tile_of_play(play))))
    return play_name(play) + " cannot be led: " + tile_name(tile_of_play(play)) + " is a trump (docs/rules.md §4.3)";
  return "";
}

}  // namespace

int opening_leader(const Rules& rules, Trump trump, const std::optional<Contract>& contract) {
  return ruling(rules, trump, contract).first_leader();
}

Position::Position(const Rules& rules, Trump trump, const std::array<TileMask, kMaxSeats>& hands, int leader,
                   const std::vector<int>& trick, std::optional<Contract> contract, std::optional<History> history)
    : rules_(rules), table_(rules, trump), ruling_(texas42::ruling(rules, trump, contract)), contract_(contract) {
  const std::string seats = seats_range(seating());
  const int trick_size = seating().trick_size();
  if (ruling_.declaration->numbered && (trump.suit < 0 || trump.suit > rules.max_pip))
    throw InvalidPositionError("trump " + std::to_string(trump.suit) + " is not a number of the set: a numbered trump is 0.." +
                               std::to_string(rules.max_pip));
  auto check_seat = [&](int seat, const char* what) {
    if (seat < 0 || seat >= seating().seats()) throw InvalidPositionError(std::string(what) + " must be a seat " + seats);
    if (!seating().plays(seat)) throw InvalidPositionError(std::string(what) + ": " + seat_of(rules_, seat) + " sits this hand out");
  };
  // Who plays may follow from who declares (Nel-O's partner sits out, §3.3): the contract must say.
  // In three-player Moon the bidder makes the sides (§4.1).
  if (!contract && ruling_.contract->seating(rules, 0) != ruling_.contract->seating(rules, -1))
    throw InvalidPositionError(
        !rules.row().partners  // each for itself: the bid makes the sides
            ? std::string("a ") + rules.row().title +
                  " position needs its contract: the bidder plays alone against the other two (docs/rules.md §4.1)"
            : "a '" + trump.name() + "' position needs its contract: who declares decides who sits out (docs/rules.md §3.3)");
  check_seat(leader, "leader");
  if (contract && (contract->declarer < 0 || contract->declarer >= seating().seats()))
    throw InvalidPositionError("contract declarer must be a seat " + seats);
  if (contract && contract->bid.value == kGameBid && rules.scoring != Scoring::Points)
    throw InvalidPositionError("a 'game' contract exists only in the points game (docs/rules.md §2.2)");
  if (contract)
    if (const std::string error = contract_error(rules, ruling_, *contract); !error.empty()) throw InvalidPositionError(error);
  if (static_cast<int>(trick.size()) >= trick_size)
    throw InvalidPositionError("the current trick holds " + std::to_string(trick.size()) +
                               " tiles; a trick is complete (and leaves the table) at " + std::to_string(trick_size));

  // Every tile once, across hands, table and history.
  TileMask seen = 0;
  auto claim = [&](int play, const std::string& where) {
    const int tile = check_play(play, rules, where.c_str());
    if (seen & bit(tile)) throw InvalidPositionError("tile " + tile_name(tile) + " appears twice (" + where + ")");
    seen |= bit(tile);
  };
  for (int seat = 0; seat < seating().seats(); ++seat) {
    for (TileMask m = hands[seat]; m; m &= m - 1) {
      if (lowest(m) >= kMaxTiles) throw InvalidPositionError("hand of " + seat_of(rules_, seat) + ": bit " + std::to_string(lowest(m)) + " is no tile");
      claim(lowest(m), "hand of " + seat_of(rules_, seat));
    }
  }
  for (int t : trick) claim(t, "current trick");
  const History hist = history.value_or(History{leader, {}});
  check_seat(hist.first_leader, "history first_leader");
  if (hist.tiles.size() % trick_size != 0)
    throw InvalidPositionError("history holds " + std::to_string(hist.tiles.size()) +
                               " tiles; completed tricks come in " + groups_of(trick_size));
  for (int t : hist.tiles) claim(t, "history");

  // Who played each recorded tile follows from the trick winners; rebuild the hands at the origin.
  std::vector<PlayRecord> records;
  int lead_seat = hist.first_leader;
  Trick replay;
  for (int t : hist.tiles) {
    records.push_back({static_cast<std::int8_t>(seating().after(lead_seat, replay.len)), static_cast<std::int8_t>(t)});
    replay.add(table_, t, ruling_.favoured(lead_seat));
    if (replay.len == trick_size) lead_seat = seating().after(lead_seat, replay.win), replay.clear();
  }
  if (history && lead_seat != leader)
    throw InvalidPositionError("leader is " + seat_of(rules_, leader) + " but the last recorded trick was won by " +
                               seat_of(rules_, lead_seat));
  for (std::size_t k = 0; k < trick.size(); ++k)
    records.push_back({static_cast<std::int8_t>(seating().after(leader, static_cast<int>(k))), static_cast<std::int8_t>(trick[k])});

  std::array<TileMask, kMaxSeats> origin = hands;
  for (const auto& r : records) origin[r.seat] |= bit(tile_of_play(r.tile));
  const int size = count(origin[leader]);
  const int max_hand = rules.hand_size();
  for (int seat = 0; seat < seating().seats(); ++seat) {
    if (!seating().plays(seat)) {  // its tiles take no part: the hand dealt to it, or none given
      if (hands[seat] && count(hands[seat]) != max_hand)
        throw InvalidPositionError(seat_of(rules_, seat) + " sits this hand out: its hand is the " + std::to_string(max_hand) +
                                   " tiles dealt to it or empty, not " + std::to_string(count(hands[seat])));
      continue;
    }
    if (count(origin[seat]) != size || size > max_hand) {
      std::string sizes;
      for (int s = 0; s < seating().seats(); ++s) sizes += (s ? ", " : "") + std::to_string(count(hands[s]));
      throw InvalidPositionError("hand sizes " + sizes + " cannot arise in play with leader " + seat_of(rules_, leader) +
                                 " and " + std::to_string(trick.size()) +
                                 " tiles on the table (seats that played to the trick hold one tile fewer)");
    }
  }
  if (size == 0 && !trick.empty()) throw InvalidPositionError("a trick is on the table but every hand is empty");
  if (contract && size == max_hand) {  // the deal is known: trick 1's leader and the bid's holding
    const int first = ruling_.first_leader();
    if (hist.first_leader != first)
      throw InvalidPositionError(std::string(first == contract->declarer ? "the declarer (" : "the declarer's partner (") +
                                 seat_of(rules_, first) + ") leads trick 1, not " + seat_of(rules_, hist.first_leader) +
                                 " (docs/rules.md §2.4, §3)");
    if (const std::string error = holding_error(rules, *contract, origin[contract->declarer]); !error.empty())
      throw InvalidPositionError(error + ", which " + seat_of(rules_, contract->declarer) + " did not hold (docs/rules.md §3)");
  }

  first_leader_ = hist.first_leader;
  tricks_before_ = max_hand - size;
  s_.hands = origin;
  s_.leader = static_cast<std::int8_t>(hist.first_leader);
  // Replay the recorded plays: checks them and lets undo() walk back over them.
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& r = records[i];
    if (!(legal_moves() & bit(r.tile))) {
      const std::string where = i < hist.tiles.size() ? "history" : "current trick";
      if (const std::string why = lower_end_misplaced(table_, r.tile, s_.trick.len == 0); !why.empty())
        throw InvalidPositionError(where + ": " + seat_of(rules_, r.seat) + " played " + why);
      throw InvalidPositionError(where + ": " + seat_of(rules_, r.seat) + " played " + tile_name(r.tile) + " but had to " +
                                 (table_.by_distance ? "play a tile nearest to 7 pips" : "follow suit"));
    }
    undo_.push_back(s_);
    play_unchecked(r.tile);
  }
}

int Position::tricks_left() const {
  int left = count(s_.hands[s_.leader]);
  return s_.trick.len ? left + 1 : left;
}

std::vector<int> Position::trick() const {
  std::vector<int> out;
  for (std::size_t i = plays_.size() - s_.trick.len; i < plays_.size(); ++i) out.push_back(plays_[i].tile);
  return out;
}

Tally Position::tally() const {
  Tally t;
  t.declaring_side = contract_ ? seating().side(contract_->declarer) : 0;
  for (int side = 0; side < kSides; ++side) t.points[side] = s_.points[side], t.tricks[side] = s_.tricks[side];
  for (int seat = 0; seat < kMaxSeats; ++seat) t.seat_tricks[seat] = s_.seat_tricks[seat];
  t.all_played = is_over();
  return t;
}

TileMask Position::legal_moves() const {
  const TileMask hand = s_.hands[to_move()];
  if (s_.trick.len) return table_.legal(hand, s_.trick.led);
  const bool first_trick = tricks_before_ + static_cast<int>(plays_.size()) == 0;
  if (rules_.first_lead_trump && first_trick && (hand & table_.trumps)) return hand & table_.trumps;
  return table_.legal(hand, -1);
}

void Position::play(int play) {
  if (is_over()) throw IllegalMoveError("the hand is over; no tile can be played");
  const int seat = to_move();
  if (is_lower_end_lead(play) && !rules_.lower_end_leads())
    throw IllegalMoveError(play_name(play) + " is a lower-end lead, which only The Big Game has (docs/rules.md §4.3)");
  if (play < 0 || play >= kMaxPlays || tile_of_play(play) >= rules_.tiles())
    throw IllegalMoveError((play >= 0 && play < kMaxTiles ? "tile " + tile_name(play) : "play id " + std::to_string(play)) +
                           " is not in the double-" + std::to_string(rules_.max_pip) + " set");
  const int tile = tile_of_play(play);
  if (!(s_.hands[seat] & bit(tile))) {
    for (int other = 0; other < seating().seats(); ++other)
      if (s_.hands[other] & bit(tile))
        throw IllegalMoveError(tile_name(tile) + " belongs to " + seat_of(rules_, other) + ", but " + seat_of(rules_, seat) +
                               " is to play");
    for (const PlayRecord& r : plays_)
      if (tile_of_play(r.tile) == tile) throw IllegalMoveError(tile_name(tile) + " has already been played");
    throw IllegalMoveError(tile_name(tile) + " is in no hand: it went in an earlier trick that this position does not record");
  }
  if (!(legal_moves() & bit(play))) {
    if (const std::string why = lower_end_misplaced(table_, play, s_.trick.len == 0); !why.empty())
      throw IllegalMoveError(seat_of(rules_, seat) + ": " + why);
    if (table_.by_distance)
      throw IllegalMoveError(seat_of(rules_, seat) + " must play a tile nearest to 7 pips (docs/rules.md §3.6): " +
                             tile_name(tile) + " is " + std::to_string(table_.called[tile]) + " from 7, " +
                             tile_name(lowest(legal_moves())) + " only " + std::to_string(table_.called[lowest(legal_moves())]));
    if (!s_.trick.len)
      throw IllegalMoveError(seat_of(rules_, seat) + " must lead a trump on the first trick (first_lead_trump)");
    throw IllegalMoveError(seat_of(rules_, seat) + " must follow suit: " + tile_name(tile) +
                           " does not follow the lead " + play_name(plays_[plays_.size() - s_.trick.len].tile));
  }
  undo_.push_back(s_);
  play_unchecked(play);
}

void Position::play_unchecked(int play) {
  const int seat = to_move();
  s_.hands[seat] &= ~bit(tile_of_play(play));
  if (ruling_.tie_side >= 0) s_.trick.add(table_, play, ruling_.favoured(s_.leader));
  else s_.trick.add(table_, play);
  plays_.push_back({static_cast<std::int8_t>(seat), static_cast<std::int8_t>(play)});
  if (s_.trick.len == seating().trick_size()) {
    const int winner = seating().after(s_.leader, s_.trick.win);
    s_.points[seating().side(winner)] += static_cast<std::int16_t>(s_.trick.points());
    s_.tricks[seating().side(winner)] += 1;
    s_.seat_tricks[winner] += 1;
    s_.last_winner = static_cast<std::int8_t>(winner);
    s_.leader = static_cast<std::int8_t>(winner);
    s_.trick.clear();
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
  const std::size_t complete = plays_.size() - s_.trick.len;
  for (std::size_t i = 0; i < complete; ++i) h.tiles.push_back(plays_[i].tile);
  return h;
}

unsigned Position::voids(int seat) const {
  if (seat < 0 || seat >= seating().seats())
    throw InvalidPositionError("seat must be " + seats_range(seating()) + ", not " + std::to_string(seat));
  std::vector<int> tiles;
  tiles.reserve(plays_.size());
  for (const auto& p : plays_) tiles.push_back(p.tile);
  return shown_by_plays(rules_, table_, ruling_, first_leader_, tiles, tricks_before_ == 0).voids[seat];
}

ShownByPlays shown_by_plays(const Rules& rules, const SuitTable& table, const Ruling& ruling, int first_leader,
                            const std::vector<int>& tiles, bool from_first_trick) {
  const Seating& seating = ruling.seating;
  ShownByPlays shown;
  auto& out = shown.voids;
  int lead_seat = first_leader;
  Trick trick;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const int tile = tiles[i], seat = seating.after(lead_seat, trick.len);
    if (i == 0 && from_first_trick && rules.first_lead_trump && table.trumps && !(table.trumps & bit(tile)))
      out[seat] |= 1u << kTrumpSuit;
    out[seat] |= table.shows_void(tile, trick.len ? trick.led : -1);
    trick.add(table, tile, ruling.favoured(lead_seat));
    if (trick.len == seating.trick_size()) lead_seat = seating.after(lead_seat, trick.win), trick.clear();
  }
  shown.leader = lead_seat;
  return shown;
}

// Voids, and the tiles its contract would have shown were they in its hand (Ruling::reveals).
TileMask Position::shown_absent(int seat) const {
  return table_.following(voids(seat)) | (ruling_.reveals(rules_, seat) & ~s_.hands[seat]);
}

}  // namespace dominosolver::texas42
