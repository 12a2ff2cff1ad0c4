#include "dominosolver/texas42/view.hpp"

#include <bit>
#include <numeric>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/plays.hpp"

namespace dominosolver::texas42 {

namespace {

// The hidden tiles placed in the other hands or out of play: tile i may go to the places of
// allowed[i] (a bit set: the seats, and kOutOfPlay), place p takes room[p] tiles. Augmenting paths,
// as in bipartite matching with capacities: a tile takes a place with room, or the place of a tile
// that can move on to another.
constexpr int kOutOfPlay = kMaxSeats;  // the place of tiles in no hand (Moon's widow or discard)
constexpr int kPlaces = kMaxSeats + 1;

class Placement {
 public:
  Placement(std::vector<unsigned> allowed, std::array<int, kPlaces> room)
      : allowed_(std::move(allowed)), room_(room), holder_(allowed_.size(), -1) {}

  // Whether every tile found a place; holder(i) is then tile i's.
  bool place_all() {
    for (std::size_t i = 0; i < allowed_.size(); ++i) {
      unsigned visited = 0;
      if (!place(i, visited)) return false;
    }
    return true;
  }
  int holder(std::size_t i) const { return holder_[i]; }

 private:
  bool place(std::size_t i, unsigned& visited) {
    for (int s = 0; s < kPlaces; ++s) {
      if (!(allowed_[i] & (1u << s)) || (visited & (1u << s))) continue;
      visited |= 1u << s;
      if (room_[s] > 0) {
        --room_[s];
        holder_[i] = s;
        return true;
      }
      for (std::size_t j = 0; j < holder_.size(); ++j)
        if (holder_[j] == s && place(j, visited)) {  // j moved on: i takes its place
          holder_[i] = s;
          return true;
        }
    }
    return false;
  }

  std::vector<unsigned> allowed_;
  std::array<int, kPlaces> room_;
  std::vector<int> holder_;
};

// A list of numbers as Python writes one ("[3, 2, 3, 3]"), as view messages give hand sizes.
std::string list_of(const std::vector<int>& numbers) {
  std::string out = "[";
  for (std::size_t i = 0; i < numbers.size(); ++i) out += (i ? ", " : "") + std::to_string(numbers[i]);
  return out + "]";
}

// "{'E': [5], 'W': ['trump']}": the seats' voids by name, as the view's JSON writes them.
std::string voids_of(const Rules& rules, const std::array<unsigned, kMaxSeats>& voids, int seats) {
  std::string out = "{";
  bool first_seat = true;
  for (int seat = 0; seat < seats; ++seat) {
    if (!voids[seat]) continue;
    out += (first_seat ? "'" : ", '") + rules.seat_name(seat) + "': [";
    first_seat = false;
    bool first_suit = true;
    for (int s = 0; s < kCalledSuits; ++s) {
      if (!(voids[seat] & (1u << s))) continue;
      out += first_suit ? "" : ", ";
      first_suit = false;
      out += s == kTrumpSuit ? "'trump'" : s == kDoublesSuit ? "'doubles'" : std::to_string(s);
    }
    out += "]";
  }
  return out + "}";
}

}  // namespace

int undealt_tiles(const Rules& rules) { return rules.undealt(); }

int tiles_out_of_play(const Rules& rules, int unseen, int held, bool discard_known) {
  const int out = unseen - held;
  const int may_be_out = undealt_tiles(rules) - (discard_known ? 1 : 0);
  if (out < 0 || out > may_be_out)
    throw InvalidViewError("the other hands hold " + std::to_string(held) + " tiles by hand_sizes, but " +
                           std::to_string(unseen) + " tiles are unseen" +
                           (undealt_tiles(rules) ? " (of which " + std::to_string(may_be_out) +
                                                       " may be out of play: the widow or the bidder's discard)"
                                                 : ""));
  return out;
}

TileMask may_be_out_of_play(const Rules& rules) {
  if (rules.row().left_over != LeftOver::Undealt) return rules.tile_set();  // only The Big Game keeps every counter in play
  TileMask out = 0;
  for (TileMask m = rules.tile_set(); m; m &= m - 1)
    if (!counter_value(lowest(m))) out |= bit(lowest(m));
  return out;
}

LeftOverTiles left_over_tiles(const Position& pos, int seat, std::optional<int> discard) {
  const Rules& rules = pos.rules();
  TileMask in_hands = 0, played = 0;
  for (int s = 0; s < rules.seats(); ++s) in_hands |= pos.hand(s);
  for (const PlayRecord& p : pos.plays()) played |= bit(tile_of_play(p.tile));
  const TileMask missing = rules.tile_set() & ~in_hands & ~played;
  LeftOverTiles out;
  const int undealt = undealt_tiles(rules);
  if (!undealt) {
    out.gone = missing;
  } else if (discard) {
    if (!(missing & bit(*discard)))
      throw InvalidViewError("the discard " + tile_name(*discard) + " is in a hand or was played");
    out.gone = missing & ~bit(*discard);
  } else if (count(missing) != undealt) {
    throw InvalidViewError("earlier tricks were not recorded: name the bidder's discard to tell it from their tiles");
  }
  const bool sees = rules.bidder_sees_left_over();
  const std::optional<Contract>& contract = pos.contract();
  if (sees && contract && contract->declarer == seat && (missing & ~out.gone))
    out.discard = 63 - std::countl_zero(missing & ~out.gone);
  return out;
}

Position fitting_position(const Rules& rules, Trump trump, const ViewFacts& view) {
  const std::optional<Contract>& contract = view.contract;
  const Ruling rule = ruling(rules, trump, contract);
  const Seating& seating = rule.seating;
  const int seats = seating.seats();
  const std::string seat_range = "0.." + std::to_string(seats - 1);
  if (view.seat < 0 || view.seat >= seats)
    throw InvalidViewError("seat must be " + seat_range + ", not " + std::to_string(view.seat));
  const int first_leader = view.first_leader.value_or(rule.first_leader());
  if (first_leader < 0 || first_leader >= seats)
    throw InvalidViewError("first leader must be a seat " + seat_range + ", not " + std::to_string(first_leader));
  if (static_cast<int>(view.hand_sizes.size()) != seats)
    throw InvalidViewError("hand_sizes must be " + std::to_string(seats) + " counts, not " +
                           std::to_string(view.hand_sizes.size()));
  for (int n : view.hand_sizes)
    if (n < 0) throw InvalidViewError("hand_sizes must be counts, not " + list_of(view.hand_sizes));
  if (!view.revealed.empty() && static_cast<int>(view.revealed.size()) != seats)
    throw InvalidViewError("revealed must give " + std::to_string(seats) + " hands, not " +
                           std::to_string(view.revealed.size()));

  // Every tile the view names, once.
  TileMask hand = 0, seen = 0;
  auto claim = [&](int tile) {
    if (tile < 0 || tile >= kMaxTiles) throw InvalidViewError("tile id " + std::to_string(tile) + " is not a tile");
    if (!(rules.tile_set() & bit(tile)))
      throw InvalidViewError("tile " + tile_name(tile) + " is not in the " + rules.set_name());
    if (seen & bit(tile)) throw InvalidViewError("tile " + tile_name(tile) + " appears twice across hand, plays and gone (and discard)");
    seen |= bit(tile);
  };
  for (int t : view.hand) claim(t), hand |= bit(t);
  for (int play : view.plays) {  // a lower-end lead names its tile (plays.hpp)
    if (play < 0 || play >= kMaxPlays) throw InvalidViewError("play id " + std::to_string(play) + " is not a play");
    claim(tile_of_play(play));
  }
  for (int t : view.gone) claim(t);
  if (view.discard) {  // the bidder's own, after taking the widow (§4.1)
    if (!undealt_tiles(rules))
      throw InvalidViewError("a discard belongs to Moon's widow exchange (docs/rules.md §4.1): this game deals every tile");
    if (rules.moon_widow == MoonWidow::None)
      throw InvalidViewError("under moon_widow = none the widow is never taken and nothing is laid away (docs/rules.md §6.2, M-9)");
    if (!contract || contract->declarer != view.seat)
      throw InvalidViewError("only the bidder knows the discard: " + rules.seat_name(view.seat) + " is not the bidder");
    claim(*view.discard);
    if (!(may_be_out_of_play(rules) & bit(*view.discard)))
      throw InvalidViewError("the discard " + tile_name(*view.discard) +
                             " is a counter: The Big Game's bidder lays away a non-counter (docs/rules.md §4.3)");
  }
  // The tiles the contract shows stay where they are shown.
  std::array<TileMask, kMaxSeats> revealed{};
  for (std::size_t seat = 0; seat < view.revealed.size(); ++seat) {
    if (static_cast<int>(seat) == view.seat) continue;  // the seat's own hand says it all
    for (int t : view.revealed[seat]) claim(t), revealed[seat] |= bit(t);
  }
  if (view.hand_sizes[view.seat] != count(hand))
    throw InvalidViewError("hand_sizes gives " + rules.seat_name(view.seat) + " " + std::to_string(view.hand_sizes[view.seat]) +
                           (view.hand_sizes[view.seat] == 1 ? " tile" : " tiles") + " but the hand holds " +
                           std::to_string(count(hand)));

  // The hidden tiles and the seats that may hold each: the others, less those shown void in its suits.
  const SuitTable table(rules, trump);
  const ShownByPlays shown = shown_by_plays(rules, table, rule, first_leader, view.plays, view.gone.empty());
  std::vector<int> hidden;
  for (TileMask m = rules.tile_set() & ~seen; m; m &= m - 1) hidden.push_back(lowest(m));
  std::array<int, kPlaces> room{};
  for (int seat = 0; seat < seats; ++seat)
    if (seat != view.seat) {
      room[seat] = view.hand_sizes[seat] - count(revealed[seat]);
      if (room[seat] < 0)
        throw InvalidViewError("hand_sizes gives " + rules.seat_name(seat) + " " + std::to_string(view.hand_sizes[seat]) +
                               " tiles but it shows " + std::to_string(count(revealed[seat])));
    }
  const int need = std::accumulate(room.begin(), room.end(), 0);
  // What the hands do not hold is out of play: the widow, or a discard the seat did not make.
  const int out_of_play = tiles_out_of_play(rules, static_cast<int>(hidden.size()), need, view.discard.has_value());
  room[kOutOfPlay] = out_of_play;
  std::vector<unsigned> allowed;
  for (int tile : hidden) {
    // Laid away before any play: no void bars it, only the rules (The Big Game's counters stay in play).
    unsigned may = out_of_play && (may_be_out_of_play(rules) & bit(tile)) ? 1u << kOutOfPlay : 0u;
    for (int seat = 0; seat < seats; ++seat)
      if (seat != view.seat && !((table.following(shown.voids[seat]) | rule.reveals(rules, seat)) & bit(tile)))
        may |= 1u << seat;
    if (!may) {
      bool would_show = false;
      for (int seat = 0; seat < seats; ++seat) would_show |= seat != view.seat && (rule.reveals(rules, seat) & bit(tile));
      throw InvalidViewError("no seat may hold " + tile_name(tile) + ": every other seat has shown it void in its suits" +
                             (would_show ? " or would show it by its contract" : ""));
    }
    allowed.push_back(may);
  }
  Placement placement(std::move(allowed), room);
  if (!placement.place_all())
    throw InvalidViewError("no deal fits the view: hand sizes " + list_of(view.hand_sizes) + " with voids " +
                           voids_of(rules, shown.voids, seats));

  std::array<TileMask, kMaxSeats> hands = revealed;
  hands[view.seat] = hand;
  for (std::size_t i = 0; i < hidden.size(); ++i)
    if (placement.holder(i) != kOutOfPlay) hands[placement.holder(i)] |= bit(hidden[i]);
  // The plays split into whole tricks (the history) and the trick on the table.
  const std::size_t on_table = view.plays.size() % seating.trick_size();
  const auto split = view.plays.end() - static_cast<std::ptrdiff_t>(on_table);
  std::optional<History> history;
  if (split != view.plays.begin()) history = History{first_leader, {view.plays.begin(), split}};
  try {
    return Position(rules, trump, hands, shown.leader, {split, view.plays.end()}, contract, history);
  } catch (const std::invalid_argument& e) {  // every error of the core is one
    throw InvalidViewError(std::string("no deal fits this view: ") + e.what());
  }
}

void check_revealed_at_deal(const Rules& rules, const Contract& contract, int seat, TileMask hand,
                            const std::vector<std::vector<int>>& revealed) {
  const int seats = rules.seats();
  if (!revealed.empty() && static_cast<int>(revealed.size()) != seats)
    throw InvalidViewError("revealed must give " + std::to_string(seats) + " hands, not " + std::to_string(revealed.size()));
  if (contract.declarer < 0 || contract.declarer >= seats)
    throw InvalidViewError("contract declarer must be a seat 0.." + std::to_string(seats - 1));
  const ContractRow& row = bid_row(rules, contract.bid.kind);
  for (int s = 0; s < seats; ++s) {
    TileMask shown = 0;
    for (int t : revealed.empty() ? std::vector<int>{} : revealed[s]) {
      if (t < 0 || t >= rules.tiles()) throw InvalidViewError("revealed: tile id " + std::to_string(t) + " is not in the set");
      shown |= bit(t);
    }
    const TileMask kind = row.reveals(rules, contract.declarer, s);
    if (shown & ~kind)
      throw InvalidViewError("a " + std::string(row.name) + " contract does not show " + tile_name(lowest(shown & ~kind)) +
                             " in " + rules.seat_name(s) + "'s hand");
    if (s == seat ? shown != (hand & kind) : (shown & hand) != 0)
      throw InvalidViewError("revealed gives " + rules.seat_name(s) + " tiles that do not fit " + rules.seat_name(seat) + "'s hand");
    if (s == contract.declarer)
      if (const std::string error = holding_error(rules, contract, shown); !error.empty())
        throw InvalidViewError(error + ": it shows " + std::to_string(count(shown)));
  }
}

}  // namespace dominosolver::texas42
