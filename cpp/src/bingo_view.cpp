#include "dominosolver/bingo/view.hpp"

#include "dominosolver/core/errors.hpp"

namespace dominosolver::bingo {

namespace {

void check_seat(int seat) {
  if (seat < 0 || seat >= kPlayers) throw InvalidPositionError("a Bingo player is 0 or 1, not " + std::to_string(seat));
}

void check_tile(int t, const std::string& where) {
  if (t < 0 || t >= kDeckTiles) throw InvalidPositionError(where + ": " + not_a_bingo_tile(t));
}

// Tiles the player sees outside the boneyard: its hand, the completed tricks, the trick on the table.
TileMask in_sight(const ViewFacts& view) {
  TileMask m = view.seen.hands[view.seat] | view.played;
  for (int t : view.seen.trick) m |= bit(t);
  return m;
}

OpponentKnowledge knowledge(const Rules& rules, const ViewFacts& view) {
  check_seat(view.seat);
  const int opponent = 1 - view.seat;
  const PositionSpec& seen = view.seen;
  const TileMask sight = in_sight(view);
  const TileMask mine = seen.hands[view.seat];
  const TileMask gone = sight & ~mine;  // played or on the table
  OpponentKnowledge k;
  // Its declared doubles it has not played (§5.7): a declaration shows tiles held at the time.
  for (const Declaration& d : seen.declarations)
    if (d.player == opponent) k.known |= d.tiles & ~gone;
  // The face-up tile, once taken: the last draw of an exhausted boneyard (§5.5) or an exchange (§6.3).
  check_tile(seen.turned, "turned");
  if (view.boneyard_size == 0 && !((sight >> seen.turned) & 1)) k.known |= bit(seen.turned);
  if (view.exchange) {
    const auto [player, took] = *view.exchange;
    check_seat(player);
    check_tile(took, "the exchange's tile");
    if (!rules.trump_exchange) throw InvalidPositionError("an exchange is recorded but these rules have none");
    if (took == seen.turned) throw InvalidPositionError("the exchange took the face-up tile and left another one face up");
    if (player == opponent && !((gone >> took) & 1)) k.known |= bit(took);
    if (player == view.seat && !((sight >> took) & 1))
      throw InvalidPositionError("this player took " + tile_name(took) + " by the exchange, but it is neither in its hand nor played");
  }
  if (k.known & mine)
    throw InvalidPositionError("the records put " + tile_name(lowest(k.known & mine)) + " in both hands");
  // Its phase-two replies (§5.6): each shows what it did not hold then, and so holds none of now.
  if (!view.opponent_replies.empty()) {
    if (seen.closed_by < 0 && view.boneyard_size > 0)
      throw InvalidPositionError("phase-two replies are recorded, but the boneyard is open: the deal is in phase one");
    const Table table(rules, trump_for(rules, seen));
    TileMask named = 0;
    for (const auto& [lead, reply] : view.opponent_replies) {
      check_tile(lead, "a reply's lead");
      check_tile(reply, "a reply");
      if (lead == reply || ((named >> lead) & 1) || ((named >> reply) & 1))
        throw InvalidPositionError("a tile appears twice among the opponent's replies");
      named |= bit(lead) | bit(reply);
      if (!((view.played >> lead) & 1) || !((view.played >> reply) & 1))
        throw InvalidPositionError("the reply " + tile_name(reply) + " to " + tile_name(lead) +
                                   " is recorded, but its trick is not among the played tiles");
      if ((k.absent >> reply) & 1)
        throw InvalidPositionError("the opponent replied " + tile_name(reply) + " after its replies showed it held none such");
      k.absent |= table.shown_absent(lead, reply);
    }
  }
  return k;
}

}  // namespace

OpponentKnowledge opponent_knowledge(const Rules& rules, const ViewFacts& view) {
  try {
    return knowledge(rules, view);
  } catch (const InvalidPositionError& e) {
    throw InvalidViewError(std::string("no deal fits this view: ") + e.what());
  }
}

Position fitting_position(const Rules& rules, const ViewFacts& view) {
  const OpponentKnowledge k = opponent_knowledge(rules, view);
  try {
    const int opponent = 1 - view.seat;
    const PositionSpec& seen = view.seen;
    const std::vector<int> tail = view.boneyard_size > 0 ? std::vector<int>{seen.turned} : std::vector<int>{};
    if (seen.hands[opponent] || seen.boneyard != tail)
      throw InvalidPositionError("a view's position holds no tile of the opponent's hand and, of the boneyard, the face-up tile alone");

    // The unknown tiles, and those of them the opponent may hold.
    TileMask known = in_sight(view) | k.known;
    for (int t : tail) known |= bit(t);
    const TileMask unknown = kDeck & ~known;
    const TileMask free = unknown & ~k.absent;
    const int need = view.opponent_hand_size - count(k.known);
    const int facedown = view.boneyard_size > 0 ? view.boneyard_size - 1 : 0;
    if (need < 0 || need > count(free) || count(unknown) - need != facedown)
      throw InvalidPositionError("no world agrees with this view: the opponent holds " +
                                 std::to_string(view.opponent_hand_size) + " tiles, " +
                                 std::to_string(count(k.known)) + " known, with " +
                                 std::to_string(count(free)) + " unknown tiles it may hold");

    PositionSpec world = seen;
    TileMask opponent_hand = k.known;
    TileMask rest = free;
    for (int n = 0; n < need; ++n, rest &= rest - 1) opponent_hand |= bit(lowest(rest));
    world.hands[opponent] = opponent_hand;
    world.boneyard.clear();
    for (TileMask m = unknown & ~opponent_hand; m; m &= m - 1) world.boneyard.push_back(lowest(m));
    world.boneyard.insert(world.boneyard.end(), tail.begin(), tail.end());
    return Position(rules, world);
  } catch (const InvalidPositionError& e) {
    throw InvalidViewError(std::string("no deal fits this view: ") + e.what());
  } catch (const IllegalMoveError& e) {
    throw InvalidViewError(std::string("no deal fits this view: ") + e.what());
  }
}

}  // namespace dominosolver::bingo
