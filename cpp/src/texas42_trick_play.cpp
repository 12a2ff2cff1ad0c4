// What the trick engine reads (trick_play.hpp): a hand in play, from a position or from hands alone,
// and the goal its contract sets.
#include "dominosolver/texas42/trick_play.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/solver.hpp"

namespace dominosolver::texas42 {

bool counts_tricks(Objective objective) { return objective != Objective::Points; }

std::optional<Goal> tricks_goal(const Position& pos) {
  const Ruling& r = pos.ruling();
  if (!counts_tricks(r.contract->objective) || r.declarer < 0) return std::nullopt;
  const int need = r.contract->objective == Objective::Tricks ? points_needed(pos.rules(), pos.contract()->bid.value) : 0;
  return Goal{r.contract->objective, r.seating.side(r.declarer), need};
}

Goal checked_goal(Objective objective, int declaring_side, int need) {
  if (declaring_side < 0 || declaring_side >= kSides)
    throw InvalidPositionError("declaring side must be 0 or 1, not " + std::to_string(declaring_side));
  if (need < 0 || (need > 0) != (objective == Objective::Tricks))
    throw InvalidPositionError("a goal of 'tricks' needs the tricks to take (1 or more), the others none, not " +
                               std::to_string(need));
  return {objective, declaring_side, need};
}

int TrickPlay::tricks_left() const {
  const int left = count(hands[leader]);
  return trick.empty() ? left : left + 1;
}

TrickPlay trick_play(const Position& pos) {
  TrickPlay p;
  p.table = &pos.table();
  p.seating = pos.seating();
  p.hands = pos.hands();
  p.leader = pos.leader();
  p.trick = pos.trick();
  p.legal = pos.is_over() ? 0 : pos.legal_moves();
  for (int side = 0; side < kSides; ++side) p.tricks_taken[side] = pos.tricks_won(side);
  p.tie_side = pos.ruling().tie_side;
  return p;
}

TrickPlay trick_play(const SuitTable& table, const Seating& seating, const std::array<TileMask, kMaxSeats>& hands,
                     int leader, const std::vector<int>& trick) {
  if (!seating.plays(leader)) throw InvalidPositionError("leader must be a seat in play, not " + std::to_string(leader));
  if (static_cast<int>(trick.size()) >= seating.trick_size())
    throw InvalidPositionError("a trick of " + std::to_string(seating.trick_size()) + " holds at most " +
                               std::to_string(seating.trick_size() - 1) + " tiles on the table");
  TrickPlay p;
  p.table = &table;
  p.seating = seating;
  p.leader = leader;
  p.trick = trick;
  TileMask seen = 0;
  auto claim = [&](int tile) {
    if (tile < 0 || tile >= kMaxTiles || !(table.all & bit(tile)))
      throw InvalidPositionError("tile id " + std::to_string(tile) + " is not in the set");
    if (seen & bit(tile)) throw InvalidPositionError("tile " + tile_name(tile) + " appears twice");
    seen |= bit(tile);
  };
  for (int seat = 0; seat < seating.seats(); ++seat)
    if (seating.plays(seat)) {  // a seat sitting out takes no part: its tiles are not read
      p.hands[seat] = hands[seat];
      for (TileMask m = hands[seat]; m; m &= m - 1) claim(lowest(m));
    }
  for (int tile : trick) claim(tile);
  // Every seat in play holds as many tiles as the leader did before the trick (those that played
  // to it one fewer), and each tile on the table was a legal play from the hand it came from.
  const int size = count(hands[leader]) + (trick.empty() ? 0 : 1);
  Trick replay;
  for (int k = 0; k < seating.trick_size(); ++k) {
    const int seat = seating.after(leader, k);
    const bool played = k < static_cast<int>(trick.size());
    if (count(hands[seat]) + (played ? 1 : 0) != size)
      throw InvalidPositionError("hand sizes do not fit a trick of " + std::to_string(trick.size()) + " tiles led by seat " +
                                 std::to_string(leader));
    if (played) {
      const int tile = trick[k];
      if (!(table.legal(hands[seat] | bit(tile), replay.led) & bit(tile)))
        throw InvalidPositionError("seat " + std::to_string(seat) + " played " + tile_name(tile) + " but had to follow suit");
      replay.add(table, tile);
    }
  }
  p.legal = size == 0 ? 0 : table.legal(hands[p.to_move()], replay.led);
  return p;
}

std::string units_name(Units units) { return units == Units::Tricks ? "tricks" : "points"; }
Units units_of(const Position& pos) { return tricks_goal(pos) ? Units::Tricks : Units::Points; }

}  // namespace dominosolver::texas42
