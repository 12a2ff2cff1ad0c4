#include "dominosolver/bingo/view.hpp"

#include "dominosolver/core/errors.hpp"

namespace dominosolver::bingo {

Position fitting_position(const Rules& rules, const ViewFacts& view) {
  try {
    if (view.seat < 0 || view.seat >= kPlayers)
      throw InvalidPositionError("a Bingo player is 0 or 1, not " + std::to_string(view.seat));
    const int opponent = 1 - view.seat;
    const PositionSpec& seen = view.seen;
    if (seen.turned < 0 || seen.turned >= kMaxTiles) throw InvalidPositionError("turned: " + not_a_bingo_tile(seen.turned));
    const std::vector<int> tail = view.boneyard_size > 0 ? std::vector<int>{seen.turned} : std::vector<int>{};
    if (seen.hands[opponent] || seen.boneyard != tail)
      throw InvalidPositionError("a view's position holds no tile of the opponent's hand and, of the boneyard, the face-up tile alone");

    // The unknown tiles, and those of them the opponent may hold.
    TileMask known = seen.hands[view.seat] | view.played | view.opponent_known;
    for (int t : seen.trick) known |= bit(t);
    for (int t : tail) known |= bit(t);
    const TileMask unknown = kDeck & ~known;
    const TileMask free = unknown & ~view.opponent_absent;
    const int need = view.opponent_hand_size - count(view.opponent_known);
    const int facedown = view.boneyard_size > 0 ? view.boneyard_size - 1 : 0;
    if (need < 0 || need > count(free) || count(unknown) - need != facedown)
      throw InvalidPositionError("no world agrees with this view: the opponent holds " +
                                 std::to_string(view.opponent_hand_size) + " tiles, " +
                                 std::to_string(count(view.opponent_known)) + " known, with " +
                                 std::to_string(count(free)) + " unknown tiles it may hold");

    PositionSpec world = seen;
    TileMask opponent_hand = view.opponent_known;
    TileMask rest = free;
    for (int k = 0; k < need; ++k, rest &= rest - 1) opponent_hand |= bit(lowest(rest));
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
